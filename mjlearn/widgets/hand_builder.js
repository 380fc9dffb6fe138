// mjlearn HandBuilder: draws the palette, the rack and the results that Python computes.
// Plain ES module for anywidget: no imports, no build step. Every click is sent to Python.

const PALETTE = [
  ["Bams", [0, 1, 2, 3, 4, 5, 6, 7, 8]],
  ["Craks", [9, 10, 11, 12, 13, 14, 15, 16, 17]],
  ["Dots", [18, 19, 20, 21, 22, 23, 24, 25, 26]],
  ["Winds, dragons, flowers, jokers", [27, 28, 29, 30, 31, 32, 33, 34, 35]],
];

function render({ model, el }) {
  let marking = false;
  let selected = new Set();
  const root = h("div", { class: "mj-widget mj-hand-builder" });
  el.append(root);
  const send = (content) => model.send(content);

  function bar() {
    const cards = h("select", { "aria-label": "card", onchange: (e) => { model.set("card_name", e.target.value); model.save_changes(); } },
      model.get("card_names").map((name) => {
        const option = h("option", { value: name }, name);
        if (name === model.get("card_name")) option.selected = true;
        return option;
      }));
    const rules = h("select", { "aria-label": "rules", onchange: (e) => { model.set("ruleset_name", e.target.value); model.save_changes(); } },
      model.get("rulesets").map((name) => {
        const option = h("option", { value: name }, name);
        if (name === model.get("ruleset_name")) option.selected = true;
        return option;
      }));
    const lines = h("input", { type: "number", min: "1", max: "100", value: String(model.get("n")), "aria-label": "lines shown",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (v > 0) { model.set("n", v); model.save_changes(); } } });
    const seed = h("input", { type: "number", value: String(model.get("seed")), "aria-label": "seed",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (!Number.isNaN(v)) { model.set("seed", v); model.save_changes(); } } });
    const file = h("input", { type: "text", class: "mj-card-file", size: "18", "aria-label": "card file",
      placeholder: "or a .mjcl file" });
    const load = () => send({ action: "load_card", path: file.value });
    file.addEventListener("keydown", (e) => { if (e.key === "Enter") load(); });
    return h("div", { class: "mj-bar" },
      h("label", {}, "Card ", cards), file, h("button", { class: "mj-btn mj-load", onclick: load }, "Load"),
      h("label", {}, "Rules ", rules), h("label", {}, "Lines shown ", lines),
      h("label", {}, "Seed ", seed),
      h("button", { class: "mj-btn mj-deal", onclick: () => send({ action: "deal" }) }, "Deal a rack"),
      h("button", { class: "mj-btn mj-clear", onclick: () => { marking = false; selected.clear(); send({ action: "clear" }); } }, "Clear"));
  }

  function palette() {
    const left = model.get("left");
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, "Click a tile to put it on the rack"),
      h("div", { class: "mj-palette" }, PALETTE.map(([label, codes]) =>
        h("div", { class: "mj-palette-row", title: label }, codes.map((code) => {
          const box = tile(model, code, 44, { class: "mj-tile mj-clickable mj-palette-tile" + (left[code] ? "" : " mj-used-up") });
          box.append(h("span", { class: "mj-badge" }, String(left[code])));
          asButton(box, () => send({ action: "add", tile: code }));
          return box;
        })))));
  }

  function rack() {
    const codes = model.get("rack");
    const exposed = model.get("exposed");
    const count = codes.length + exposed.reduce((n, g) => n + g.length, 0);
    const tiles = codes.map((code, index) => {
      const newKind = index > 0 && codes[index - 1] !== code;
      const box = tile(model, code, 48, { class: "mj-tile mj-clickable mj-rack-tile" + (selected.has(index) ? " mj-selected" : "") });
      if (newKind) box.style.marginLeft = "8px";
      box.title += marking ? " (click to pick for the exposure)" : " (click to take it off)";
      asButton(box, () => {
        if (marking) {
          if (selected.has(index)) selected.delete(index); else selected.add(index);
          draw();
        } else send({ action: "remove", index });
      });
      return box;
    });
    const exposures = exposed.map((group, index) => h("span", { class: "mj-exposure", title: "exposed" },
      group.map((code) => tile(model, code, 40)),
      h("button", { class: "mj-btn mj-unexpose", title: "put back on the rack", onclick: () => send({ action: "unexpose", index }) }, "\u00d7")));
    const controls = marking
      ? [h("button", { class: "mj-btn mj-primary mj-expose-go", onclick: () => { const indices = [...selected]; marking = false; selected.clear(); send({ action: "expose", indices }); } }, "Expose the picked tiles"),
         h("button", { class: "mj-btn", onclick: () => { marking = false; selected.clear(); draw(); } }, "Cancel"),
         h("span", { class: "mj-muted" }, "Click 3 or more rack tiles of one kind (jokers allowed).")]
      : [h("button", { class: "mj-btn mj-expose", onclick: () => { marking = true; selected.clear(); draw(); } }, "Mark an exposure")];
    const notation = h("input", { type: "text", class: "mj-notation", size: "40", "aria-label": "rack in notation",
      value: "", placeholder: "or type tiles, e.g. FF 222B 444B J, then Enter" });
    notation.addEventListener("keydown", (e) => { if (e.key === "Enter") send({ action: "set_hand", text: notation.value }); });
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, `Rack (${count} tile${count === 1 ? "" : "s"})`),
      h("div", { class: "mj-rack" }, tiles.length || exposures.length ? [tiles, exposures] : h("span", { class: "mj-muted" }, "empty")),
      h("div", { class: "mj-bar" }, controls, notation));
  }

  function message() {
    const text = model.get("message");
    return h("div", { class: `mj-message mj-${model.get("message_kind")}`, role: "status" }, text);
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

  function draw() {
    root.replaceChildren(bar(), palette(), rack(), message(), results());
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  };
  const rackChanged = () => { selected.clear(); marking = false; schedule(); };
  const names = ["view", "card_names", "card_name", "ruleset_name", "n", "seed", "message", "message_kind", "left"];
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
