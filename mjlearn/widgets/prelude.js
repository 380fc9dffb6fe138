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
  const table = h("table", { class: `mj-table ${className}` }, h("tr", {}, headings.map((x) => h("th", {}, x))), rows);
  for (const row of [...table.rows].slice(1)) {
    [...row.cells].forEach((cell, i) => { if (headings[i]) cell.dataset.label = headings[i]; });
  }
  return h("div", { class: "mj-scroll" }, table);
}
