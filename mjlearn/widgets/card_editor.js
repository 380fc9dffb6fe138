// mjlearn CardEditor: MJCL text with line numbers, live errors with carets, and the card Python renders.
// Plain ES module for anywidget: no imports, no build step. Typing syncs the text to Python, which checks it.

// How long Python may take to acknowledge an edit or a click before the editor says the kernel is gone.
const ANSWER_WITHIN_MS = 3000;
const KERNEL_GONE = "The kernel is not answering: your text is kept here. Restart the kernel and run the cell " +
  "again (copy your text first).";

const KEYS = [
  ["Tab", "in the text: indent; elsewhere: go on to the next control"],
  ["Ctrl+S (Cmd+S)", "save the card"],
  ["F8 / Shift+F8", "in the text: go to the next / the previous error or note, and hear it"],
  ["Esc", "leave the text box: the keyboard goes back to the notebook"],
  ["\u2191 \u2193, Home, End", "in the list of errors and notes: move along it; Enter puts the cursor there"],
];

function render({ model, el }) {
  // Every edit and click expects Python to bump `ack`; without it in time the kernel is gone (or stuck),
  // and the editor says so instead of silently dropping the work. The text box is never cleared.
  let unanswered = null;
  const expectAnswer = () => { if (unanswered === null) unanswered = setTimeout(kernelGone, ANSWER_WITHIN_MS); };
  const send = (content) => { expectAnswer(); model.send(content); };
  const root = h("div", { class: "mj-widget mj-card-editor", "data-lm-suppress-shortcuts": "true" });  // Jupyter (Lumino) leaves keys pressed inside to it
  el.append(root);
  const uid = `mj-ed-${Math.random().toString(36).slice(2, 10)}`;
  const say = liveRegion(root);  // the screen reader's line: new errors, saves, what each click did
  const memory = {};
  const help = { open: false };

  const path = h("input", { type: "text", class: "mj-path", size: "36", "aria-label": "file", "data-key": "path",
    placeholder: "file name, e.g. my_card.mjcl" });
  path.value = model.get("path");
  const state = h("span", { class: "mj-muted mj-dirty" });
  const bar = h("div", { class: "mj-bar" },
    h("label", {}, "File ", path),
    h("button", { class: "mj-btn mj-primary mj-save", title: "save the card (only when it has no errors)",
                  onclick: () => send({ action: "save", path: path.value }) }, "Save"),
    h("button", { class: "mj-btn mj-save-draft", title: "keep the text as it is in name.draft.mjcl",
                  onclick: () => send({ action: "save_draft", path: path.value }) }, "Save draft"),
    h("button", { class: "mj-btn mj-open", title: "open the file named on the left",
                  onclick: () => send({ action: "open", path: path.value }) }, "Open"),
    h("button", { class: "mj-btn mj-open-draft", title: "open the draft beside the file",
                  onclick: () => send({ action: "open_draft" }) }, "Open draft"),
    h("span", { class: "mj-keys-slot" }),
    state);
  const large = h("button", { class: "mj-btn mj-toggle mj-large-toggle", "data-key": "large", "aria-pressed": "false",
    title: "18 px text, every button at least 48 pixels",
    onclick: () => { model.set("large", !model.get("large")); model.save_changes(); drawLarge(); } }, "Large print");
  bar.insertBefore(large, bar.querySelector(".mj-keys-slot"));
  const keysSlot = bar.querySelector(".mj-keys-slot");
  const keysBox = h("div", { class: "mj-keys-box" });
  function drawKeys() {
    const keys = keysHelp(help, uid, KEYS, "", () => { drawKeys(); bar.querySelector(".mj-keys-button").focus(); });
    keysSlot.replaceChildren(keys.button);
    keysBox.replaceChildren(keys.list);
  }
  function drawLarge() {
    root.classList.toggle("mj-large", !!model.get("large"));
    large.setAttribute("aria-pressed", model.get("large") ? "true" : "false");
    large.classList.toggle("mj-on", !!model.get("large"));
  }

  const gutter = h("div", { class: "mj-gutter", "aria-hidden": "true" });
  const source = h("textarea", { class: "mj-source", spellcheck: "false", wrap: "off", "aria-label": "MJCL text" });
  source.value = model.get("text");
  const editor = h("div", { class: "mj-editor" }, gutter, source);
  // the errors, then the notes (lines that load but leave out hands no set can build): redrawn as one group
  const problems = h("div", { class: "mj-problems-box" });
  const message = h("div", { class: "mj-message" });
  const gone = h("div", { class: "mj-alert mj-kernel-gone", role: "alert", hidden: true }, KERNEL_GONE);
  const hint = h("div", { class: "mj-muted mj-keys" },
    "Keys: Tab indents, Ctrl+S (Cmd+S) saves, F8 goes to the next error, Esc leaves the text box and gives the keyboard " +
    "back to the notebook.");
  const summary = h("div", { class: "mj-heading mj-summary" });
  const cardView = h("div", { class: "mj-card-view" });
  root.append(bar, keysBox, gone, message, h("div", { class: "mj-columns" },
    h("div", { class: "mj-editor-column" }, editor, hint, problems), h("div", { style: "flex:1;min-width:360px" }, summary, cardView)));

  let timer = null;
  let sentText = source.value;
  function flush() {
    timer = null;
    if (source.value === sentText) return;
    sentText = source.value;
    expectAnswer();
    model.set("text", source.value);
    model.save_changes();
  }
  function kernelGone() { unanswered = null; gone.hidden = false; }
  function answered() { if (unanswered !== null) clearTimeout(unanswered); unanswered = null; gone.hidden = true; }
  source.addEventListener("input", () => {
    drawGutter();
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, 250);
  });
  source.addEventListener("blur", () => { if (timer !== null) { clearTimeout(timer); flush(); } });
  source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; });
  source.addEventListener("keydown", (e) => {
    if (e.key === "Tab") {  // a tab goes into the text rather than moving the focus away
      e.preventDefault();
      source.setRangeText("    ", source.selectionStart, source.selectionEnd, "end");
      source.dispatchEvent(new Event("input"));
    }
    if (e.key === "F8") {  // the next (Shift: the previous) error or note after the cursor, said aloud
      e.preventDefault();
      e.stopPropagation();
      nextProblem(e.shiftKey ? -1 : 1);
      return;
    }
    if ((e.ctrlKey || e.metaKey) && e.key === "s") {
      e.preventDefault();
      flush();
      send({ action: "save", path: path.value });
    }
    if (e.key === "Escape") {  // leave the box: the notebook, in command mode, takes the keyboard again
      e.preventDefault();
      if (timer !== null) { clearTimeout(timer); flush(); }
      source.blur();
      const notebook = el.closest(".jp-Notebook");
      if (notebook) notebook.focus();
      return;
    }
    e.stopPropagation();  // keep Jupyter's keyboard shortcuts out of the editor
  });

  function drawGutter() {
    const bad = new Set(model.get("error_rows").map((row) => row.line));
    const noted = new Set(model.get("note_rows").map((row) => row.line));
    const count = source.value.split("\n").length;
    const numbers = [];
    for (let i = 1; i <= count; i++) {
      numbers.push(h("span", { class: bad.has(i) ? "mj-bad" : noted.has(i) ? "mj-noted" : "" }, String(i)));
    }
    gutter.replaceChildren(...numbers);
    gutter.scrollTop = source.scrollTop;
  }

  function goTo(line, column) {
    const lines = source.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, column - 1);
    source.focus();
    source.setSelectionRange(offset, Math.min(offset + 1, source.value.length));
    const lineHeight = parseFloat(getComputedStyle(source).lineHeight) || 18;
    source.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  const problemWords = (row, kind) => `${kind === "note" ? "Note, line" : "Line"} ${row.line}, column ${row.column}: ${row.message}`;
  // F8 in the text: the next error or note after the cursor's line (Shift+F8: before it), wrapping round.
  function nextProblem(direction) {
    const rows = [...model.get("error_rows").map((row) => [row, "error"]), ...model.get("note_rows").map((row) => [row, "note"])]
      .sort((a, b) => a[0].line - b[0].line || a[0].column - b[0].column);
    if (!rows.length) { say("No errors and no notes."); return; }
    const here = source.value.slice(0, source.selectionStart).split("\n").length;
    const ahead = direction > 0 ? rows.filter(([row]) => row.line > here) : rows.filter(([row]) => row.line < here).reverse();
    const [row, kind] = ahead.length ? ahead[0] : rows[direction > 0 ? 0 : rows.length - 1];
    goTo(row.line, row.column);
    say(problemWords(row, kind));
  }

  // The errors and the notes are one Tab stop: the arrow keys move along them, Enter puts the cursor there.
  function drawProblems() {
    const items = [];
    const item = (row, kind, index) => {
      const go = h("button", { type: "button", class: "mj-link mj-go", "data-key": `problem-${index}`,
        onclick: (e) => { e.stopPropagation(); goTo(row.line, row.column); } }, kind === "note" ? `Note, line ${row.line}` : `Line ${row.line}, column ${row.column}`);
      items.push(go);
      return go;
    };
    const errorRows = model.get("error_rows");
    const noteRows = model.get("note_rows");
    const errors = h("div", { class: "mj-errors" }, errorRows.map((row, i) => h("div", { class: "mj-error-item", title: "click to go there",
        "data-line": String(row.line), "data-column": String(row.column), onclick: () => goTo(row.line, row.column) },
      h("div", {}, h("b", {}, item(row, "error", i), ": "), row.message),
      row.source ? h("pre", { "aria-hidden": "true" }, `${row.source}\n${" ".repeat(Math.max(0, row.column - 1))}^`) : null)));
    const notes = h("div", { class: "mj-notes" }, noteRows.map((row, i) => h("div", { class: "mj-note-item", title: "click to go there",
        "data-line": String(row.line), "data-column": String(row.column), onclick: () => goTo(row.line, row.column) },
      h("div", {}, h("b", {}, item(row, "note", errorRows.length + i), ": "), row.message))));
    const group = h("div", { class: "mj-problems" }, errors, notes);
    if (items.length) {
      roving(group, items, memory, "problem",
        `${plural(errorRows.length, "error")} and ${plural(noteRows.length, "note")}: Enter puts the cursor there`);
    }
    keepFocus(root, () => problems.replaceChildren(group));
    drawGutter();
  }

  // Notes: the card loads and saves; the author learns which hands a line leaves out and why.
  let toldErrors = new Set(model.get("error_rows").map((row) => problemWords(row, "error")));
  function sayNewErrors() {
    const rows = model.get("error_rows");
    const now = rows.map((row) => problemWords(row, "error"));
    const fresh = now.filter((text) => !toldErrors.has(text));
    if (fresh.length) say(`${plural(fresh.length, "new error")}: ${fresh.join(". ")}.`);
    else if (!now.length && toldErrors.size) say("No errors now.");
    toldErrors = new Set(now);
  }
  function drawErrors() { drawProblems(); sayNewErrors(); }
  function drawNotes() { drawProblems(); }

  function drawState() {
    const kind = model.get("message_kind");
    message.className = `mj-message mj-${kind}`;
    message.textContent = model.get("message");
    state.textContent = !model.get("dirty") ? "saved" : model.get("path") ? "unsaved changes" : "not saved yet";
    if (document.activeElement !== path) path.value = model.get("path");
    summary.textContent = model.get("summary");
  }

  let toldMessage = model.get("message_serial");
  function sayMessage() {
    if (model.get("message_serial") === toldMessage) return;
    toldMessage = model.get("message_serial");
    say(model.get("message"));
  }

  function drawCard() { cardView.innerHTML = model.get("card_view"); }

  function textFromPython() {
    const text = model.get("text");
    if (text !== source.value && text !== sentText) {  // replaced from Python (opened a file, or set .text)
      source.value = text;
      sentText = text;
      drawGutter();
    }
  }

  const handlers = [["ack", answered], ["text", textFromPython], ["error_rows", drawErrors], ["note_rows", drawNotes],
                    ["card_view", drawCard],
                    ["message", drawState], ["message_kind", drawState], ["dirty", drawState], ["path", drawState],
                    ["summary", drawState], ["message_serial", sayMessage], ["large", drawLarge]];
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  drawProblems();
  drawState();
  drawCard();
  drawKeys();
  drawLarge();
  return () => {
    if (timer !== null) { clearTimeout(timer); flush(); }
    if (unanswered !== null) clearTimeout(unanswered);
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
  };
}

export default { render };
