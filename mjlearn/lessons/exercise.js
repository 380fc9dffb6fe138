// mjlearn Exercise: one exercise in one cell. It draws what Python holds (the prompt, the position, the answer
// control, the verdict, the hints, the answer once it may be seen) and sends every click to Python, which
// grades. Plain ES module for anywidget: prelude.js (h, tile, asButton...) comes first; no imports, no build.

const PALETTE = [
  ["Bams", [0, 1, 2, 3, 4, 5, 6, 7, 8]],
  ["Craks", [9, 10, 11, 12, 13, 14, 15, 16, 17]],
  ["Dots", [18, 19, 20, 21, 22, 23, 24, 25, 26]],
  ["Winds, dragons, flowers, jokers", [27, 28, 29, 30, 31, 32, 33, 34, 35]],
];

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-exercise" });
  const body = h("div", { class: "mj-exercise-body" });
  // The live regions stay in place between drawings, so a screen reader announces each new text.
  const message = h("div", { class: "mj-message", role: "status", "aria-live": "polite" });
  const verdict = h("div", { class: "mj-verdict", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const hints = h("div", { class: "mj-hints", "aria-live": "polite" });
  const reveal = h("div", { class: "mj-reveal" });
  const footer = h("div", { class: "mj-footer mj-muted" });
  root.append(body, message, verdict, hints, reveal, footer);
  el.append(root);

  const memory = {};      // the tile of each group (rack, palette, answer) that keeps the group's Tab stop
  let typed = null;        // what the student is typing, until it is sent (null: show Python's answer)
  let openSection = null;  // the card section open in the line picker
  const send = (content) => model.send(content);
  const big = () => model.get("large");
  const checkNow = () => {
    const box = root.querySelector(".mj-answer-box");
    const content = { action: "check" };
    if (box) content.text = box.value;
    typed = null;
    send(content);
  };

  function header() {
    const parts = [];
    if (model.get("heading")) parts.push(h("div", { class: "mj-exercise-heading mj-muted" }, model.get("heading")));
    parts.push(h("div", { class: "mj-prompt" }, model.get("prompt")));
    return parts;
  }

  function position() {
    const pos = model.get("position") || {};
    const onRack = model.get("picking") === "rack";
    const chosen = new Set(model.get("chosen"));
    const size = big() ? 60 : 48;
    const parts = [];
    if ((pos.rack && pos.rack.length) || (pos.exposed && pos.exposed.length)) {
      const tiles = (pos.rack || []).map((code, index) => {
        const picked = onRack && chosen.has(index);
        const cls = "mj-tile mj-rack-tile" + (onRack ? " mj-clickable" : "") + (picked ? " mj-selected" : "");
        const box = onRack
          ? tileButton(model, code, size, { key: `rack-${index}`, cls, pressed: picked,
                                            onpress: () => send({ action: "choose_at", index }) })
          : tile(model, code, size, { class: cls, "data-key": `rack-${index}` });
        if (index > 0 && pos.rack[index - 1] !== code) box.style.marginLeft = "8px";
        return box;
      });
      const exposures = (pos.exposed || []).map((group) => h("span", { class: "mj-exposure", title: "exposed" },
        group.map((code) => tile(model, code, Math.round(size * 0.85)))));
      const label = onRack
        ? (model.get("pick_limit") === 1 ? "Your rack: click the tile you choose" : "Your rack: click tiles to choose them, click again to put one back")
        : "Your rack";
      const rack = h("div", { class: "mj-rack" }, tiles, exposures);
      if (onRack) roving(rack, tiles, memory, "rack", "Your rack: the arrow keys move, Space chooses a tile");
      parts.push(h("div", { class: "mj-label" }, label), rack);
      if (onRack) parts.push(pickCount());
    }
    if (pos.seen && pos.seen.length) {
      parts.push(h("div", { class: "mj-label" }, "Seen on the table"),
        h("div", { class: "mj-seen" }, pos.seen.map((code) => tile(model, code, Math.round(size * 0.7)))));
    }
    if (pos.lines_html) parts.push(h("div", { class: "mj-label" }, "Card lines"), h("div", { html: pos.lines_html }));
    if (pos.shown_html) parts.push(h("div", { class: "mj-shown", html: pos.shown_html }));
    return parts.length ? h("div", { class: "mj-position" }, parts) : null;
  }

  function pickCount() {
    const n = model.get("chosen").length;
    const limit = model.get("pick_limit");
    const text = limit ? `${n} of ${limit} chosen` : `${plural(n, "tile")} chosen`;
    return h("div", { class: "mj-pick-count", "aria-live": "polite" }, text);
  }

  function textBox(label, placeholder) {
    const box = h("input", { type: "text", class: "mj-answer-box", "data-key": "box", "aria-label": label,
      placeholder, autocomplete: "off", spellcheck: "false" });
    box.value = typed !== null ? typed : model.get("response");
    box.addEventListener("input", () => { typed = box.value; });
    box.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); checkNow(); }
    });
    return box;
  }

  function optionButtons(names, className) {
    const selected = model.get("selected");
    return h("div", { class: `mj-options ${className}`, role: "group", "aria-label": "Your answer" },
      names.map((name, i) => h("button", {
        class: "mj-btn mj-option" + (name === selected ? " mj-chosen" : ""), type: "button",
        "data-key": `option-${i}`, "data-option": name, "aria-pressed": name === selected ? "true" : "false",
        onclick: () => { typed = null; send({ action: "choose", option: name }); },
      }, name)));
  }

  function palette() {
    const size = big() ? 52 : 40;
    const tiles = [];
    const rows = PALETTE.map(([label, codes]) => h("div", { class: "mj-palette-row", title: label }, codes.map((code) => {
      const box = tileButton(model, code, size, { key: `palette-${code}`, cls: "mj-clickable mj-palette-tile",
        onpress: () => send({ action: "choose_tile", tile: code }) });
      tiles.push(box);
      return box;
    })));
    const chosen = model.get("chosen");
    const picked = chosen.map((code, index) => tileButton(model, code, size, { key: `picked-${index}`,
      cls: "mj-clickable mj-picked-tile", notes: ["Enter takes it back"], onpress: () => send({ action: "unchoose_at", index }) }));
    const answer = h("div", { class: "mj-picked" }, picked.length ? picked : h("span", { class: "mj-muted" }, "no tiles yet"));
    if (picked.length) roving(answer, picked, memory, "picked", "Your answer");
    return [
      h("div", { class: "mj-label" }, "Your answer (click a tile here to take it back)"), answer, pickCount(),
      h("div", { class: "mj-label" }, "Click the tiles of your answer"),
      roving(h("div", { class: "mj-palette" }, rows), tiles, memory, "palette", "Tiles to add to your answer", { columns: 9 }),
    ];
  }

  function linePicker() {
    const sections = model.get("card_lines");
    const selected = model.get("selected");
    if (openSection === null && selected) {
      const owner = sections.find((s) => s.lines.some((l) => l.name === selected));
      if (owner) openSection = owner.category;
    }
    const tabs = h("div", { class: "mj-options mj-sections", role: "group", "aria-label": "Sections of the card" },
      sections.map((section, i) => h("button", {
        class: "mj-btn mj-section-btn" + (section.category === openSection ? " mj-chosen" : ""), type: "button",
        "data-key": `section-${i}`, "aria-pressed": section.category === openSection ? "true" : "false",
        onclick: () => { openSection = section.category; draw(); },
      }, section.category)));
    const open = sections.find((s) => s.category === openSection);
    const lines = open
      ? h("div", { class: "mj-line-list", role: "group", "aria-label": `Lines of ${open.category}` },
        open.lines.map((line, i) => h("button", {
          class: "mj-btn mj-line-btn" + (line.name === selected ? " mj-chosen" : ""), type: "button",
          "data-key": `line-${open.category}-${i}`, "data-option": line.name, "aria-label": line.name,
          "aria-pressed": line.name === selected ? "true" : "false",
          onclick: () => { typed = null; send({ action: "choose", option: line.name }); },
        }, h("span", { class: "mj-line-number" }, `#${line.number}`), h("span", { class: "mj-line-pattern", html: line.pattern }),
        h("span", { class: "mj-muted" }, `${line.concealed ? "C" : "X"} ${line.value}`))))
      : h("div", { class: "mj-muted" }, "Click a section of the card to see its lines.");
    return [h("div", { class: "mj-label" }, "Choose the section, then the line"), tabs, lines];
  }

  function control() {
    const kind = model.get("control");
    const parts = [];
    if (kind === "yesno") {
      parts.push(optionButtons(model.get("options"), "mj-yesno"));
      parts.push(h("label", { class: "mj-or" }, "or write it: ", textBox("Your answer in words", "for example: no, it cannot")));
    } else if (kind === "seat") {
      parts.push(optionButtons(model.get("options"), "mj-seats"));
      parts.push(h("label", { class: "mj-or" }, "or write it: ", textBox("Your answer: a seat", "for example: South")));
    } else if (kind === "choice") {
      parts.push(optionButtons(model.get("options"), "mj-choices"));
    } else if (kind === "line") {
      parts.push(...linePicker());
      parts.push(h("label", { class: "mj-or" }, "or write it: ", textBox("Your answer: a card line", "for example: 2468 #1")));
    } else if (kind === "tiles") {
      if (model.get("picking") === "palette") parts.push(...palette());
      parts.push(h("label", { class: "mj-or" }, "or write the tiles: ", textBox("Your answer: tiles", "for example: 3C 7C W")));
    } else {
      parts.push(h("label", { class: "mj-words" }, h("span", { class: "mj-label" }, "Your answer"),
        textBox("Your answer", "write your answer, then press Enter")));
    }
    const actions = h("div", { class: "mj-actions" },
      h("button", { class: "mj-btn mj-primary mj-check", type: "button", "data-key": "check", onclick: checkNow }, "Check"),
      h("button", { class: "mj-btn mj-clear", type: "button", "data-key": "clear",
        onclick: () => { typed = null; send({ action: "clear" }); } }, "Start again"));
    return h("div", { class: "mj-answer" }, parts, actions);
  }

  function drawHints() {
    const list = model.get("hints");
    hints.replaceChildren(...list.map((hint) => h("div", { class: "mj-hint" },
      h("span", { class: "mj-hint-title" }, `${hint.title}: `), hint.text,
      hint.href ? [" ", h("a", { href: hint.href, class: "mj-teach-link", onclick: (e) => jump(e, hint.href) }, hint.link)] : null)));
  }

  // A link to a heading of this notebook scrolls to it (JupyterLab 4 and Notebook 7 name a heading by its
  // data-jupyter-id, older versions by its id); a heading not drawn yet is left to Jupyter's own handling of
  // the link, and a link to another notebook opens as usual.
  function jump(event, href) {
    if (!href.startsWith("#")) return;
    const id = decodeURIComponent(href.slice(1));
    const target = document.querySelector(`[data-jupyter-id="${CSS.escape(id)}"]`) || document.getElementById(id);
    if (target) {
      event.preventDefault();
      target.scrollIntoView({ behavior: "smooth", block: "start" });
    }
  }

  function drawReveal() {
    const parts = [];
    const shown = model.get("solution_html");
    if (model.get("can_show") && !shown) {
      parts.push(h("button", { class: "mj-btn mj-show-answer", type: "button", "data-key": "show",
        onclick: () => send({ action: "show_answer" }) }, "Show the answer"));
    }
    if (shown) {
      parts.push(h("div", { class: "mj-solution", role: "region", "aria-label": "The answer" },
        h("div", { class: "mj-solution-title" }, "The answer"), h("div", { html: shown })));
    }
    reveal.replaceChildren(...parts);
  }

  function draw() {
    const saved = focusedKey(root);
    root.classList.toggle("mj-large", !!big());
    body.replaceChildren(...header(), position() || "", control());
    const text = model.get("message");
    message.className = `mj-message mj-${model.get("message_kind")}`;
    message.textContent = text;
    message.hidden = !text;
    const v = model.get("verdict") || {};
    verdict.className = `mj-verdict${v.status ? " mj-" + v.status : ""}`;
    verdict.textContent = v.text ? `${v.correct ? "\u2714" : v.status === "unreadable" ? "?" : "\u2718"} ${v.text}` : "";
    verdict.hidden = !v.text;
    drawHints();
    drawReveal();
    footer.textContent = model.get("footer");
    restoreFocus(root, saved);
  }

  let pending = false;
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  };
  const names = ["response", "chosen", "selected", "verdict", "hints", "can_show", "solution_html", "message",
    "message_kind", "footer", "tries", "large", "position", "options", "card_lines", "prompt", "heading"];
  const responseChanged = () => { typed = null; };
  model.on("change:response", responseChanged);
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    model.off("change:response", responseChanged);
    for (const name of names) model.off(`change:${name}`, schedule);
  };
}

export default { render };
