// mjlearn CardEditor: MJCL text with line numbers, live errors with carets, and the card Python renders.
// Plain ES module for anywidget: no imports, no build step. Typing syncs the text to Python, which checks it.

// How long Python may take to acknowledge an edit or a click before the editor says the kernel is gone.
const ANSWER_WITHIN_MS = 3000;
const KERNEL_GONE = "The kernel is not answering: your text is kept here. Restart the kernel and run the cell " +
  "again (copy your text first).";

function render({ model, el }) {
  // Every edit and click expects Python to bump `ack`; without it in time the kernel is gone (or stuck),
  // and the editor says so instead of silently dropping the work. The text box is never cleared.
  let unanswered = null;
  const expectAnswer = () => { if (unanswered === null) unanswered = setTimeout(kernelGone, ANSWER_WITHIN_MS); };
  const send = (content) => { expectAnswer(); model.send(content); };
  const root = h("div", { class: "mj-widget mj-card-editor" });
  el.append(root);

  const path = h("input", { type: "text", class: "mj-path", size: "36", "aria-label": "file", placeholder: "file name, e.g. my_card.mjcl" });
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
    state);

  const gutter = h("div", { class: "mj-gutter", "aria-hidden": "true" });
  const source = h("textarea", { class: "mj-source", spellcheck: "false", wrap: "off", "aria-label": "MJCL text" });
  source.value = model.get("text");
  const editor = h("div", { class: "mj-editor" }, gutter, source);
  const errors = h("div", { class: "mj-errors" });
  const notes = h("div", { class: "mj-notes" });  // lines that load but leave out hands no set can build
  const message = h("div", { class: "mj-message", role: "status" });
  const gone = h("div", { class: "mj-alert mj-kernel-gone", role: "alert", hidden: true }, KERNEL_GONE);
  const help = h("div", { class: "mj-muted mj-keys" },
    "Keys: Tab indents, Ctrl+S (Cmd+S) saves, Esc leaves the text box and gives the keyboard back to the notebook.");
  const summary = h("div", { class: "mj-heading mj-summary" });
  const cardView = h("div", { class: "mj-card-view" });
  root.append(bar, gone, message, h("div", { class: "mj-columns" },
    h("div", { class: "mj-editor-column" }, editor, help, errors, notes), h("div", { style: "flex:1;min-width:360px" }, summary, cardView)));

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
    const lineHeight = 18;
    source.scrollTop = Math.max(0, (line - 3) * lineHeight);
  }

  function drawErrors() {
    const rows = model.get("error_rows");
    errors.replaceChildren(...rows.map((row) => h("div", { class: "mj-error-item", title: "click to go there",
        "data-line": String(row.line), "data-column": String(row.column), onclick: () => goTo(row.line, row.column) },
      h("div", {}, h("b", {}, `Line ${row.line}, column ${row.column}: `), row.message),
      row.source ? h("pre", {}, `${row.source}\n${" ".repeat(Math.max(0, row.column - 1))}^`) : null)));
    drawGutter();
  }

  // Notes: the card loads and saves; the author learns which hands a line leaves out and why.
  function drawNotes() {
    const rows = model.get("note_rows");
    notes.replaceChildren(...rows.map((row) => h("div", { class: "mj-note-item", title: "click to go there",
        "data-line": String(row.line), "data-column": String(row.column), onclick: () => goTo(row.line, row.column) },
      h("div", {}, h("b", {}, `Note, line ${row.line}: `), row.message))));
    drawGutter();
  }

  function drawState() {
    const kind = model.get("message_kind");
    message.className = `mj-message mj-${kind}`;
    message.textContent = model.get("message");
    state.textContent = !model.get("dirty") ? "saved" : model.get("path") ? "unsaved changes" : "not saved yet";
    if (document.activeElement !== path) path.value = model.get("path");
    summary.textContent = model.get("summary");
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
                    ["summary", drawState]];
  for (const [name, fn] of handlers) model.on(`change:${name}`, fn);
  drawErrors();
  drawNotes();
  drawState();
  drawCard();
  return () => {
    if (timer !== null) { clearTimeout(timer); flush(); }
    if (unanswered !== null) clearTimeout(unanswered);
    for (const [name, fn] of handlers) model.off(`change:${name}`, fn);
  };
}

export default { render };
