// mjlearn SoloDrill: draws the rack, the hand's progress, the hands played and the score that Python keeps.
// Plain ES module for anywidget (after prelude.js): every click is sent to Python as {action, ...}.
// Keyboard: the rack is one Tab stop; Left/Right (or Home/End) move between its tiles; Enter or Space throws one;
// N starts the next hand when one is over; I says the rack; ? lists the keys. A lasting live region says each
// message (what was thrown and drawn, the end of a hand).

const KEYS = [
  ["\u2190 \u2192, Home, End", "move along your rack"],
  ["Enter or Space", "throw the tile you are on (the next tile is drawn)"],
  ["N", "start the next hand when one is over"],
  ["I", "hear your rack, the draw and the nearest line"],
  ["?", "show or hide this list"],
];
const HINT = "Keys: \u2190 \u2192 move along the rack, Enter throws, N next hand, I hears the rack, ? all keys.";

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-solo-drill", "data-lm-suppress-shortcuts": "true" });  // Jupyter (Lumino) leaves keys pressed inside to it
  const board = h("div", { class: "mj-board" });  // what each redraw replaces; the live region stays beside it
  root.append(board);
  el.append(root);
  const say = liveRegion(root);
  const uid = `mj-solo-${Math.random().toString(36).slice(2, 10)}`;
  const help = { open: false };
  const memory = {};
  const send = (content) => model.send(content);
  let focusAt = null; // the rack place that had the keyboard focus, kept across a redraw
  const faceName = (code) => model.get("faces")[String(code)].name;

  function header(view) {
    const state = view.over ? "over" : `draw ${view.draw} of ${view.draws}`;
    return h("div", { class: "mj-bar mj-solo-status" },
      h("span", { class: "mj-heading" }, `Hand ${view.hand} of ${view.hands}`),
      h("span", {}, ` · ${state} · ${model.get("card_name")}, ${model.get("ruleset_name")} rules`),
      h("span", { class: "mj-muted" }, ` · deal ${view.deal} of seed ${view.seed}`));
  }

  function rack(view) {
    const codes = model.get("rack");
    const drawn = model.get("drawn");
    const boxes = codes.map((code, index) => {
      const box = tileButton(model, code, 60, { key: `rack-${index}`,
        cls: "mj-rack-tile" + (view.over ? "" : " mj-clickable") + (index === drawn ? " mj-drawn" : ""),
        disabled: view.over, notes: index === drawn ? ["just drawn"] : [], attrs: { "data-index": String(index) },
        onpress: view.over ? null : () => { focusAt = index; send({ action: "discard", index }); } });
      if (index === drawn) box.title += " (just drawn)";
      if (!view.over) box.title += " (click to throw)";
      box.addEventListener("focus", () => { focusAt = index; }); // a redraw gives the focus back here
      return box;
    });
    const heading = view.over ? "Your tiles at the end of the hand"
      : "Your rack: click the tile to throw (the tile just drawn stands apart)";
    return h("div", { class: "mj-section" }, h("div", { class: "mj-heading" }, heading),
      // (data-lm-suppress-shortcuts: JupyterLab's and Notebook's shortcuts leave the rack's keys to it)
      roving(h("div", { class: "mj-rack mj-solo-rack", "data-lm-suppress-shortcuts": "true" }, boxes), boxes, memory,
        "rack", `your rack, ${boxes.length} tiles: the arrow keys move, Enter throws`));
  }

  function thrown() {
    const codes = model.get("thrown");
    return h("div", { class: "mj-section mj-solo-thrown" }, h("span", { class: "mj-muted" }, "Thrown: "),
      codes.length ? tiles(model, codes, 30) : h("span", { class: "mj-muted" }, "nothing yet"));
  }

  function controls(view) {
    if (!view.over) return null;
    if (view.last) {
      return h("div", { class: "mj-bar" }, h("button", { class: "mj-btn mj-primary mj-new-round", "data-key": "new-round",
        onclick: () => send({ action: "new_round" }) }, "Play another round"));
    }
    return h("div", { class: "mj-bar", "data-lm-suppress-shortcuts": "true" }, h("button", { class: "mj-btn mj-primary mj-next-hand",
      "data-key": "next-hand",
      onclick: () => send({ action: "next_hand" }) }, "Next hand (N)"));
  }

  function message() {
    return h("div", { class: `mj-message mj-${model.get("message_kind")}` }, model.get("message"));
  }

  function hints(view) {
    if (!view.hints.length || view.over) return null;
    return h("div", { class: "mj-section" }, h("div", { class: "mj-heading" }, "Nearest lines"),
      resultsTable("mj-closest", ["Line", "", "Tiles away", "Needs"], view.hints.map((row) => h("tr", {},
        h("td", { style: "white-space:nowrap" }, row.line), h("td", { html: row.pattern }),
        h("td", { class: "mj-num" }, String(row.distance)), h("td", {}, groups(model, row.needs, 24))))));
  }

  function played(view) {
    if (!view.played.length) return null;
    const names = view.names;
    return h("div", { class: "mj-section" }, h("div", { class: "mj-heading" }, "Your hands and theirs, on the same deals"),
      resultsTable("mj-solo-hands", ["Hand", "You", `With ${names.coach}`, `With ${names.bot}`],
        view.played.map((row) => h("tr", {}, h("td", { class: "mj-num" }, String(row.hand)),
          h("td", {}, row.you), h("td", {}, row.coach), h("td", {}, row.bot)))));
  }

  function score(view) {
    if (!view.score) return null;
    return h("div", { class: "mj-section mj-solo-score", role: "region", "aria-label": "your score" },
      h("div", { class: "mj-heading" }, "Your round"),
      h("p", {}, view.score.sentence), h("p", {}, view.score.bands), h("p", { class: "mj-heading" }, view.score.verdict));
  }

  function rackWords() {
    const view = model.get("view");
    const parts = [`Hand ${view.hand} of ${view.hands}`, view.over ? "over" : `draw ${view.draw} of ${view.draws}`,
      `Your rack: ${model.get("rack").map(faceName).join(", ")}`];
    if (view.hints.length) parts.push(`Nearest line: ${view.hints[0].line}, ${plural(view.hints[0].distance, "tile")} away`);
    return parts.join(". ") + ".";
  }

  let toldMessage = model.get("message_serial");
  function draw() {
    const view = model.get("view");
    Object.assign(root.dataset, { hand: String(view.hand), draw: String(view.draw), over: String(view.over) });
    if (model.get("message_serial") !== toldMessage) {  // what the move did, said once
      toldMessage = model.get("message_serial");
      say(model.get("message") + (view.score ? ` ${view.score.sentence} ${view.score.verdict}` : ""));
    }
    root.classList.toggle("mj-large", !!model.get("large"));
    const saved = focusedKey(root);
    const hadFocus = root.contains(document.activeElement);
    const keys = keysHelp(help, uid, KEYS, HINT, () => { draw(); root.querySelector(".mj-keys-button").focus(); });
    const large = h("button", { type: "button", class: "mj-btn mj-toggle mj-large-toggle" + (model.get("large") ? " mj-on" : ""),
      "data-key": "large", "aria-pressed": model.get("large") ? "true" : "false", title: "18 px text, every button at least 48 pixels",
      onclick: () => { model.set("large", !model.get("large")); model.save_changes(); draw(); } }, "Large print");
    board.replaceChildren(...[header(view), h("div", { class: "mj-bar" }, large, keys.button), keys.list, rack(view),
      view.over ? null : keys.hint, thrown(), message(), controls(view), hints(view), played(view),
      score(view)].filter(Boolean));
    if (saved && !saved.key.startsWith("rack-")) restoreFocus(root, saved);
    else if (hadFocus && focusAt !== null) { // keep the keyboard where it was: on the same place of the rack
      const boxes = root.querySelectorAll(".mj-rack-tile.mj-clickable");
      const next = boxes[Math.min(focusAt, boxes.length - 1)] || root.querySelector(".mj-next-hand, .mj-new-round");
      if (next) next.focus();
    }
  }

  // The drill's keys are read before the page's own shortcuts (a window listener in the capture phase):
  // Notebook 7 takes some keys of a notebook for itself. Only keys pressed inside the drill count.
  function onKey(e) {
    if (!root.contains(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const view = model.get("view");
    const index = e.target.classList.contains("mj-rack-tile") ? Number(e.target.dataset.index) : null;
    let done = true;
    if (e.key === "?") {
      help.open = !help.open;
      draw();
      root.querySelector(".mj-keys-button").focus();
    } else if (e.key === "Escape" && help.open) {
      help.open = false;
      draw();
      root.querySelector(".mj-keys-button").focus();
    } else if (e.key === "i" || e.key === "I") {
      say(rackWords());
    } else if ((e.key === "n" || e.key === "N") && view.over && !view.last) {
      focusAt = 0;
      send({ action: "next_hand" });
    } else if (index !== null && !view.over && (e.key === "Enter" || e.key === " ")) {
      focusAt = index;
      send({ action: "discard", index });
    } else {  // (the arrows, Home and End: the rack's roving group, prelude.js)
      done = false;
    }
    if (done) { e.preventDefault(); e.stopPropagation(); }
  }
  window.addEventListener("keydown", onKey, true);

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  };
  const names = ["view", "rack", "drawn", "thrown", "message", "message_kind", "message_serial", "large"];
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    window.removeEventListener("keydown", onKey, true);
    for (const name of names) model.off(`change:${name}`, schedule);
  };
}

export default { render };
