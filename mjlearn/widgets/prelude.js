// mjlearn widgets: the helpers every widget's module starts with. Python puts this file in front of
// each widget's own module (mjlearn/widgets/_common.py, widget_module), so each widget is still one
// plain ES module: no imports, no build step.

// An element: h("div", { class: "x", onclick: f }, child, [more children]). Null, undefined and
// false attributes or children are left out.
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "html") node.innerHTML = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

// One tile face; `attrs` adds classes and attributes (data-tile is the tile's notation).
function tile(model, code, height, attrs = {}) {
  const face = model.get("faces")[String(code)];
  const img = h("img", { src: face.uri, alt: face.name, width: String(Math.round(height * 0.75)),
                         height: String(height), draggable: "false" });
  return h("span", Object.assign({ class: "mj-tile", title: face.name, "data-tile": face.notation }, attrs), img);
}

// A tile that acts as a button: a click, or Enter or Space when it has the keyboard focus.
function asButton(box, handler) {
  box.setAttribute("role", "button");
  box.setAttribute("tabindex", "0");
  box.addEventListener("click", handler);
  box.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); e.stopPropagation(); handler(); }
  });
  return box;
}

function tiles(model, codes, height) {
  if (!codes || !codes.length) return h("span", { class: "mj-muted" }, "none");
  return h("span", { class: "mj-group", style: "flex-wrap:wrap" }, codes.map((code) => tile(model, code, height)));
}

// Tile groups side by side; in a narrow cell they wrap between groups, never inside one.
function groups(model, list, height) {
  return h("span", { class: "mj-groups" },
    list.map((group) => h("span", { class: "mj-group" }, group.map((code) => tile(model, code, height)))));
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// A results table: each cell carries its column's heading (data-label), which the narrow,
// stacked layout of widgets.css shows in front of the cell; a scroll box of its own holds it.
function resultsTable(className, headings, rows) {
  // (an empty heading is the line's pattern column: named for screen readers only)
  const table = h("table", { class: `mj-table ${className}` },
    h("tr", {}, headings.map((x) => h("th", {}, x === "" ? h("span", { class: "mj-sr-only" }, "Pattern") : x))), rows);
  for (const row of [...table.rows].slice(1)) {
    [...row.cells].forEach((cell, i) => { if (headings[i]) cell.dataset.label = headings[i]; });
  }
  return h("div", { class: "mj-scroll" }, table);
}

// -- the keyboard and the screen reader: what every widget shares --------------------------------------------

// A lasting live region: made once per widget and never redrawn (a redraw replaces the widget's board, not
// this), so a screen reader reads each sentence put in it. Returns `say(text)`; a sentence said twice in a row
// is read twice. `data-said` counts the sentences (for tests).
function liveRegion(root) {
  const region = h("div", { class: "mj-sr-only mj-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  root.append(region);
  let said = 0;
  return (text) => {
    text = String(text || "").replace(/\s+/g, " ").trim();
    if (!text) return;
    said += 1;
    region.textContent = region.textContent === text ? `${text}\u00a0` : text;
    region.dataset.said = String(said);
  };
}

// What has the keyboard focus inside `root`: its data-key, and its caret if it is a text box (or null).
function focusedKey(root) {
  const active = document.activeElement;
  if (!active || active === root || !root.contains(active) || !active.dataset.key) return null;
  const caret = typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
  return { key: active.dataset.key, caret };
}

// Give the focus back to the element of that data-key after a redraw. A tile that left its group ("rack-5"
// gone) gives it to the tile now at its place, or the group's last; `fallback(key)` may name another element.
function restoreFocus(root, saved, fallback = null) {
  if (!saved) return;
  let target = root.querySelector(`[data-key="${CSS.escape(saved.key)}"]`);
  const place = /^(.*)-(\d+)$/.exec(saved.key);
  if (!target && place) {
    const group = root.querySelector(`[data-roving="${CSS.escape(place[1])}"]`);
    const items = group ? [...group.querySelectorAll("[data-key]")] : [];
    if (items.length) target = items[Math.min(parseInt(place[2], 10), items.length - 1)];
  }
  if (!target && fallback) target = fallback(saved.key);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (saved.caret && target.setSelectionRange && typeof target.selectionStart === "number") {
    try { target.setSelectionRange(saved.caret[0], saved.caret[1]); } catch (error) { /* not a text box */ }
  }
}

// Run `redraw` and keep the keyboard focus where it was (see restoreFocus).
function keepFocus(root, redraw, fallback = null) {
  const saved = focusedKey(root);
  redraw();
  restoreFocus(root, saved, fallback);
}

// A group of items (tiles, choices) that is one Tab stop: the arrow keys move inside it, Home and End go to its
// ends, and in a grid of `columns` the up and down arrows move a row. The item last visited keeps the Tab stop
// across redraws: `memory` is an object the widget keeps, `name` the group's (its items' data-key start with it).
function roving(group, items, memory, name, label, { columns = 0, start = 0, role = "toolbar" } = {}) {
  group.setAttribute("role", role);
  group.setAttribute("aria-label", label);
  group.dataset.roving = name;
  if (!items.length) return group;
  let current = items.findIndex((item) => item.dataset.key === memory[name]);
  if (current < 0) current = Math.max(0, Math.min(start, items.length - 1));
  const mark = (index) => items.forEach((item, i) => item.setAttribute("tabindex", i === index ? "0" : "-1"));
  mark(current);
  group.addEventListener("focusin", (e) => {
    const index = items.indexOf(e.target);
    if (index < 0) return;
    mark(index);
    memory[name] = items[index].dataset.key;
  });
  group.mjMove = (e) => {  // read early, by the window's listener (below)
    if (e.altKey || e.ctrlKey || e.metaKey) return false;
    const index = items.indexOf(e.target);
    if (index < 0) return false;
    const step = columns || 1;
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1, ArrowDown: index + step, ArrowUp: index - step,
                    Home: 0, End: items.length - 1 };
    if (!(e.key in moves)) return false;
    items[Math.max(0, Math.min(moves[e.key], items.length - 1))].focus();
    return true;
  };
  return group;
}

// A tile that is a button of a group: its name is what a screen reader says ("3 Crak", with `notes` such as
// "just drawn"), `pressed` (picked) is aria-pressed, `disabled` (used up, or not to be played now) is
// aria-disabled: the tile can still be reached, and a press says why it cannot be played.
function tileButton(model, code, height, { key, cls = "", pressed = null, disabled = false, notes = [], onpress = null,
                                           attrs = {} } = {}) {
  const face = model.get("faces")[String(code)];
  return h("button", Object.assign({
    type: "button", class: `mj-tile mj-tile-button ${cls}`.trim(), "data-key": key, "data-tile": face.notation,
    title: face.name, "aria-label": [face.name, ...notes].filter(Boolean).join(", "),
    "aria-pressed": pressed === null ? null : String(!!pressed), "aria-disabled": disabled ? "true" : null,
    onclick: onpress }, attrs),
    h("img", { src: face.uri, alt: "", width: String(Math.round(height * 0.75)), height: String(height),
               draggable: "false" }));
}

// Keys for a whole widget: `handlers` maps a key ("d", "?", "Escape") to a function, which returns false when
// it did nothing. A key handled is kept from the page. Any other key without Ctrl, Alt or Meta is kept from
// Jupyter's shortcuts (in command mode A, B, D D, M, the arrows... would add, delete, change or leave cells)
// but still does what it does in the widget: Space on a button, typing in a box, the arrows in a menu. (Notebook 7
// reads its shortcuts before the widget does: each widget root carries data-lm-suppress-shortcuts for that.)
function widgetKeys(root, handlers) {
  root.mjKeys = (e) => {  // read early, by the window's listener (below)
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab") return false;
    const typing = e.target.closest && e.target.closest("input, textarea, select, [contenteditable]");
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const handler = typing && key !== "Escape" ? null : handlers[key];
    return !!handler && handler(e) !== false;
  };
  root.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab" || e.key === "Escape") return;
    e.stopPropagation();
  });
}

// Notebook 7 reads some keys (the arrows, I, M, X...) on the document before any element of the page sees them,
// data-lm-suppress-shortcuts notwithstanding. So a widget's own keys are read first, by one listener on the window
// (capture phase): a roving group's arrows (group.mjMove), then the widget's letters (root.mjKeys); a key either
// handles is kept from the page. Each widget module carries this file, so the listener is added once per page.
if (!window.mjEarlyKeys) {
  window.mjEarlyKeys = true;
  window.addEventListener("keydown", (e) => {
    const target = e.target;
    if (!(target instanceof Element)) return;
    const group = target.closest("[data-roving]");
    const root = target.closest(".mj-widget");
    if ((group && group.mjMove && group.mjMove(e)) || (root && root.mjKeys && root.mjKeys(e))) {
      e.preventDefault();
      e.stopPropagation();
    }
  }, true);
}

// The keys a widget answers to, on screen: a short hint line, and the whole list behind a "Keys" button (or the
// ? key). `state.open` keeps whether the list is open across redraws; `keys` is [[key, what it does], ...].
function keysHelp(state, uid, keys, hint, redraw) {
  const id = `${uid}-keys`;
  const button = h("button", { type: "button", class: "mj-btn mj-keys-button", "data-key": "keys",
    "aria-expanded": state.open ? "true" : "false", "aria-controls": id,
    onclick: () => { state.open = !state.open; redraw(); } }, "Keys (?)");
  const list = h("div", { class: "mj-keys-list", id, role: "region", "aria-label": "Keys", hidden: !state.open },
    h("ul", {}, keys.map(([key, what]) => h("li", {}, h("kbd", {}, key), ` ${what}`))));
  return { button, list, hint: h("div", { class: "mj-hint" }, hint) };
}
