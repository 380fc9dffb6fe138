// mjlearn HandBuilder: draws the palette, the rack and the results that Python computes.
// Plain ES module for anywidget: no imports, no build step. Every click is sent to Python.
// The keyboard: the palette and the rack are one Tab stop each (arrow keys inside), Enter or Space adds or takes
// off a tile, and the focus stays where it was after each redraw; a lasting live region says what happened.

const PALETTE = [
  ["Bams", [0, 1, 2, 3, 4, 5, 6, 7, 8]],
  ["Craks", [9, 10, 11, 12, 13, 14, 15, 16, 17]],
  ["Dots", [18, 19, 20, 21, 22, 23, 24, 25, 26]],
  ["Winds, dragons, flowers, jokers", [27, 28, 29, 30, 31, 32, 33, 34, 35]],
];

const KEYS = [
  ["\u2190 \u2192 \u2191 \u2193, Home, End", "move along the tiles to add (four rows) or along your rack"],
  ["Tab", "go on to the next part: the bar, the tiles to add, your rack, the results"],
  ["Space or Enter", "add the tile you are on to the rack; on the rack, take it off (or pick it for an exposure)"],
  ["Delete", "take the rack tile you are on off the rack"],
  ["E", "mark an exposure; again: expose the picked tiles"],
  ["T / R", "go to the tiles to add / your rack"],
  ["I", "hear your rack and its nearest line"],
  ["Esc", "stop marking an exposure; close this list"],
  ["?", "show or hide this list"],
];
const HINT = "Keys: \u2190 \u2192 \u2191 \u2193 move, Enter adds a tile (on the rack: takes it off), T tiles, R rack, " +
  "I hears the rack, ? all keys.";

function render({ model, el }) {
  let marking = false;
  let selected = new Set();
  const root = h("div", { class: "mj-widget mj-hand-builder", "data-lm-suppress-shortcuts": "true" });  // Jupyter (Lumino) leaves keys pressed inside to it
  const board = h("div", { class: "mj-board" });  // what each redraw replaces; the live region stays beside it
  root.append(board);
  el.append(root);
  const uid = `mj-hb-${Math.random().toString(36).slice(2, 10)}`;
  const say = liveRegion(root);
  const memory = {};  // the tile of each group that keeps the group's Tab stop
  const help = { open: false };
  const send = (content) => model.send(content);
  const faceName = (code) => model.get("faces")[String(code)].name;

  function bar(keys) {
    const cards = h("select", { "aria-label": "card", "data-key": "card", onchange: (e) => { model.set("card_name", e.target.value); model.save_changes(); } },
      model.get("card_names").map((name) => {
        const option = h("option", { value: name }, name);
        if (name === model.get("card_name")) option.selected = true;
        return option;
      }));
    const rules = h("select", { "aria-label": "rules", "data-key": "rules", onchange: (e) => { model.set("ruleset_name", e.target.value); model.save_changes(); } },
      model.get("rulesets").map((name) => {
        const option = h("option", { value: name }, name);
        if (name === model.get("ruleset_name")) option.selected = true;
        return option;
      }));
    const lines = h("input", { type: "number", min: "1", max: "100", value: String(model.get("n")), "aria-label": "lines shown", "data-key": "lines",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (v > 0) { model.set("n", v); model.save_changes(); } } });
    const seed = h("input", { type: "number", value: String(model.get("seed")), "aria-label": "seed", "data-key": "seed",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (!Number.isNaN(v)) { model.set("seed", v); model.save_changes(); } } });
    const file = h("input", { type: "text", class: "mj-card-file", size: "18", "aria-label": "card file", "data-key": "card-file",
      placeholder: "or a .mjcl file" });
    const load = () => send({ action: "load_card", path: file.value });
    file.addEventListener("keydown", (e) => { if (e.key === "Enter") load(); });
    return h("div", { class: "mj-bar" },
      h("label", {}, "Card ", cards), file, h("button", { class: "mj-btn mj-load", "data-key": "load", onclick: load }, "Load"),
      h("label", {}, "Rules ", rules), h("label", {}, "Lines shown ", lines),
      h("label", {}, "Seed ", seed),
      h("button", { class: "mj-btn mj-deal", "data-key": "deal", onclick: () => send({ action: "deal" }) }, "Deal a rack"),
      h("button", { class: "mj-btn mj-clear", "data-key": "clear", onclick: () => { marking = false; selected.clear(); send({ action: "clear" }); } }, "Clear"),
      h("button", { class: "mj-btn mj-toggle mj-large-toggle" + (model.get("large") ? " mj-on" : ""), "data-key": "large",
        "aria-pressed": model.get("large") ? "true" : "false", title: "18 px text, every button at least 48 pixels",
        onclick: () => { model.set("large", !model.get("large")); model.save_changes(); schedule(); } }, "Large print"),
      keys.button);
  }

  // The 36 faces: one Tab stop, four rows of nine (the up and down arrows move a row); a face used up is
  // aria-disabled (Enter on it says why it cannot be added).
  function palette() {
    const left = model.get("left");
    const boxes = [];
    const rows = PALETTE.map(([label, codes]) => h("div", { class: "mj-palette-row", title: label }, codes.map((code) => {
      const box = tileButton(model, code, 44, { key: `palette-${code}`, cls: "mj-clickable mj-palette-tile" + (left[code] ? "" : " mj-used-up"),
        disabled: !left[code], notes: [`${left[code]} left`], onpress: () => send({ action: "add", tile: code }) });
      box.append(h("span", { class: "mj-badge", "aria-hidden": "true" }, String(left[code])));
      boxes.push(box);
      return box;
    })));
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading", id: `${uid}-palette` }, "Click a tile (or press Enter on it) to put it on the rack"),
      roving(h("div", { class: "mj-palette" }, rows), boxes, memory, "palette", "Tiles to add to the rack", { columns: 9 }));
  }

  function rack() {
    const codes = model.get("rack");
    const exposed = model.get("exposed");
    const count = codes.length + exposed.reduce((n, g) => n + g.length, 0);
    const tiles = codes.map((code, index) => {
      const newKind = index > 0 && codes[index - 1] !== code;
      const box = tileButton(model, code, 48, { key: `rack-${index}`, cls: "mj-clickable mj-rack-tile" + (selected.has(index) ? " mj-selected" : ""),
        pressed: marking ? selected.has(index) : null,
        onpress: () => {
          if (marking) {
            if (selected.has(index)) selected.delete(index); else selected.add(index);
            keepFocus(root, draw);
          } else send({ action: "remove", index });
        } });
      if (newKind) box.style.marginLeft = "8px";
      box.title += marking ? " (click to pick for the exposure)" : " (click to take it off)";
      return box;
    });
    const exposures = exposed.map((group, index) => h("span", { class: "mj-exposure", title: "exposed", role: "group",
      "aria-label": `Exposed: ${group.map(faceName).join(", ")}` },
      group.map((code) => tile(model, code, 40)),
      h("button", { class: "mj-btn mj-unexpose", title: "put back on the rack", "data-key": `unexpose-${index}`,
        "aria-label": `Put the exposure of ${faceName(group[0])} back on the rack`,
        onclick: () => send({ action: "unexpose", index }) }, "\u00d7")));
    const controls = marking
      ? [h("button", { class: "mj-btn mj-primary mj-expose-go", "data-key": "expose-go", onclick: exposePicked }, "Expose the picked tiles"),
         h("button", { class: "mj-btn", "data-key": "expose-cancel", onclick: stopMarking }, "Cancel"),
         h("span", { class: "mj-muted" }, "Click 3 or more rack tiles of one kind (jokers allowed), or press Space on them.")]
      : [h("button", { class: "mj-btn mj-expose", "data-key": "expose", onclick: startMarking }, "Mark an exposure")];
    const notation = h("input", { type: "text", class: "mj-notation", size: "40", "aria-label": "rack in notation", "data-key": "notation",
      value: "", placeholder: "or type tiles, e.g. FF 222B 444B J, then Enter" });
    notation.addEventListener("keydown", (e) => { if (e.key === "Enter") send({ action: "set_hand", text: notation.value }); });
    const group = roving(h("span", { class: "mj-rack-tiles" }, tiles), tiles, memory, "rack",
      `Your rack, ${plural(codes.length, "tile")}` + (marking ? ": Space picks tiles for the exposure" : ""));
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, `Rack (${count} tile${count === 1 ? "" : "s"})`),
      h("div", { class: "mj-rack" }, tiles.length || exposures.length ? [group, exposures] : h("span", { class: "mj-muted" }, "empty")),
      h("div", { class: "mj-bar" }, controls, notation));
  }

  const focusGroup = (name) => {
    const item = root.querySelector(`[data-roving="${name}"] [tabindex="0"]`);
    if (!item) return false;
    item.focus();
    return true;
  };
  function startMarking() {
    marking = true;
    selected.clear();
    draw();
    focusGroup("rack");
    say("Marking an exposure: Space picks rack tiles, E exposes them, Esc stops.");
  }
  function stopMarking() {
    marking = false;
    selected.clear();
    keepFocus(root, draw, () => root.querySelector("[data-key=expose]"));
  }
  function exposePicked() {
    const indices = [...selected];
    marking = false;
    selected.clear();
    send({ action: "expose", indices });
  }

  function message() {
    const text = model.get("message");
    return h("div", { class: `mj-message mj-${model.get("message_kind")}` }, text);
  }

  function results() {
    const view = model.get("view");
    const parts = [h("div", { class: "mj-heading mj-summary" }, view.summary || "")];
    if (view.wins && view.wins.length) {
      parts.push(resultsTable("mj-wins", ["Winning line", "", "Value", "Hand (jokers in place)", "Jokers"],
        view.wins.map((row) => h("tr", { class: "mj-win" },
          h("td", {}, row.line), h("td", { html: row.pattern }),
          h("td", { class: "mj-num" }, `${row.value}${row.concealed ? " C" : ""}`),
          h("td", {}, groups(model, row.hand, 30)), h("td", {}, row.joker_label)))));
    }
    if (view.count && view.closest && view.closest.length) {
      parts.push(h("div", { class: "mj-heading" }, "Nearest lines"));
      // a joker stands only in a group of 3+: where a line has no place for one, it is shown apart, never "not used"
      const jokers = view.closest.some((row) => row.not_usable && row.not_usable.length);
      const head = ["Line", "", "Tiles away", "Value", "Needs", "Not used"].concat(jokers ? ["Jokers it can't use"] : [], ["Nearest hand"]);
      parts.push(resultsTable("mj-closest", head,
        view.closest.map((row) => h("tr", { class: row.distance === 0 && view.count === 14 ? "mj-win" : "" },
          h("td", { style: "white-space:nowrap" }, row.line, row.dead ? h("span", { class: "mj-dead" }, " dead") : null),
          h("td", { html: row.pattern }),
          h("td", { class: "mj-num" }, String(row.distance)),
          h("td", { class: "mj-num" }, `${row.value}${row.concealed ? " C" : ""}`),
          h("td", {}, groups(model, row.needs, 24)), h("td", {}, groups(model, row.unused, 24)),
          jokers ? h("td", {}, groups(model, row.not_usable, 24)) : null,
          h("td", {}, groups(model, row.hand, 22))))));
    } else if (!view.count) {
      parts.push(h("div", { class: "mj-muted" }, "Click tiles above (or deal a rack) to see the nearest lines of the card."));
    }
    return h("div", { class: "mj-section mj-results" }, parts);
  }

  // The screen reader's line: the message of each move, and the nearest line when the rack has no win.
  let toldMessage = model.get("message_serial");
  function announce() {
    if (model.get("message_serial") === toldMessage) return;
    toldMessage = model.get("message_serial");
    const view = model.get("view");
    const parts = [model.get("message")];
    const best = view.closest && view.closest[0];
    if (best && !(view.wins && view.wins.length)) {
      parts.push(`Nearest line: ${best.line}, ${best.distance === 0 ? "complete" : `${plural(best.distance, "tile")} away`}` +
        (best.needs && best.needs.length ? `, needs ${best.needs.flat().map(faceName).join(", ")}.` : "."));
    }
    say(parts.filter(Boolean).join(" "));
  }

  function rackWords() {
    const view = model.get("view");
    const codes = model.get("rack");
    const parts = [`Your rack: ${codes.map(faceName).join(", ") || "empty"}.`];
    for (const group of model.get("exposed")) parts.push(`Exposed: ${group.map(faceName).join(", ")}.`);
    parts.push(view.summary || "");
    const best = view.closest && view.closest[0];
    if (best) parts.push(`Nearest line: ${best.line}, ${best.distance === 0 ? "complete" : `${plural(best.distance, "tile")} away`}.`);
    return parts.filter(Boolean).join(" ");
  }

  widgetKeys(root, {
    e: () => (marking ? exposePicked() : startMarking()),
    t: () => focusGroup("palette"),
    r: () => focusGroup("rack"),
    i: () => say(rackWords()),
    Delete: (e) => {
      if (marking || !e.target.classList.contains("mj-rack-tile")) return false;
      e.target.click();
    },
    Backspace: (e) => {
      if (marking || !e.target.classList.contains("mj-rack-tile")) return false;
      e.target.click();
    },
    "?": () => { help.open = !help.open; keepFocus(root, draw); },
    Escape: () => {
      if (marking) { stopMarking(); return true; }
      if (help.open) { help.open = false; keepFocus(root, draw); return true; }
      return false;
    },
  });

  function draw() {
    const keys = keysHelp(help, uid, KEYS, HINT, () => keepFocus(root, draw));
    root.classList.toggle("mj-large", !!model.get("large"));
    keepFocus(root, () => board.replaceChildren(bar(keys), keys.list, keys.hint, palette(), rack(), message(), results()),
      () => root.querySelector("[data-roving=rack] [tabindex='0']") || root.querySelector("[data-roving=palette] [tabindex='0']"));
    announce();
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  };
  const rackChanged = () => { selected.clear(); marking = false; schedule(); };
  const names = ["view", "card_names", "card_name", "ruleset_name", "n", "seed", "message", "message_kind", "left", "large",
                 "message_serial"];
  model.on("change:rack", rackChanged);
  model.on("change:exposed", rackChanged);
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    model.off("change:rack", rackChanged);
    model.off("change:exposed", rackChanged);
    for (const name of names) model.off(`change:${name}`, schedule);
  };
}

export default { render };
