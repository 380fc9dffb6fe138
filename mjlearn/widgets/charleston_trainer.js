// mjlearn CharlestonTrainer: draws the deal, your rack and the passes that Python computes.
// Plain ES module for anywidget: no imports, no build step. Every click is sent to Python.
// The keyboard: the rack is one Tab stop (arrow keys inside, Space picks), P passes, V / N vote; the focus stays
// where it was after each redraw, and a lasting live region says what each pass gave you.

const STEP_STYLE = {
  done: "background:#e6f4ea;border-color:#a9d3b5;color:#11603d",
  current: "background:#18794e;border-color:#11603d;color:#fff;font-weight:bold",
  todo: "background:#fff;border-color:#d8d3c4;color:#555",
  skipped: "background:#f3f1ea;border-color:#e2ddcf;color:#5f5f5f;text-decoration:line-through",
};
const STEP_MARK = { done: "\u2713 ", current: "\u25b6 ", todo: "", skipped: "" };
const JOKER = 35;
const KEYS = [
  ["\u2190 \u2192, Home, End", "move along your rack"],
  ["Tab", "go on to the next part: the bar, your rack, the buttons, the tables"],
  ["Space or Enter", "pick the tile you are on for the pass, or put it back"],
  ["P", "pass the picked tiles"],
  ["S", "suggest a pass (or a vote)"],
  ["B", "put back the picked tiles"],
  ["V / N", "vote yes / no on a second Charleston"],
  ["U", "undo your last move"],
  ["R", "go to your rack"],
  ["I", "hear the step, your rack and your nearest line"],
  ["Esc", "close this list"],
  ["?", "show or hide this list"],
];
const HINT = "Keys: \u2190 \u2192 move along the rack, Space picks, P passes, S suggests, V / N vote, I hears the rack, ? all keys.";

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-charleston-trainer", "data-lm-suppress-shortcuts": "true" });  // Jupyter (Lumino) leaves keys pressed inside to it
  const board = h("div", { class: "mj-board" });  // what each redraw replaces; the live region stays beside it
  root.append(board);
  el.append(root);
  const uid = `mj-ct-${Math.random().toString(36).slice(2, 10)}`;
  const say = liveRegion(root);
  const memory = {};
  const help = { open: false };
  const send = (content) => model.send(content);
  const faceName = (code) => model.get("faces")[String(code)].name;

  function bar(keys) {
    const rules = h("select", { "aria-label": "rules", "data-key": "rules",
      onchange: (e) => { model.set("ruleset_name", e.target.value); model.save_changes(); schedule(); } },
      model.get("rulesets").map((name) => h("option", { value: name, selected: name === model.get("ruleset_name") }, name)));
    const seed = h("input", { type: "number", value: String(model.get("seed")), "aria-label": "seed", class: "mj-seed", "data-key": "seed",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (!Number.isNaN(v)) send({ action: "new_deal", seed: v }); } });
    return h("div", { class: "mj-bar" },
      h("label", {}, "Rules ", rules), h("label", {}, "Seed ", seed),
      h("button", { class: "mj-btn mj-new-deal", title: "deal the next seed", "data-key": "new-deal",
        onclick: () => send({ action: "new_deal" }) }, "New deal"),
      h("button", { class: "mj-btn mj-toggle mj-large-toggle" + (model.get("large") ? " mj-on" : ""), "data-key": "large",
        "aria-pressed": model.get("large") ? "true" : "false", title: "18 px text, every button at least 48 pixels",
        onclick: () => { model.set("large", !model.get("large")); model.save_changes(); schedule(); } }, "Large print"),
      keys.button,
      h("span", { class: "mj-muted" }, `Card: ${model.get("card_name")} \u00b7 you sit ${model.get("seat_name")}`));
  }

  function progress() {
    const items = model.get("progress").map((step) => h("li", {
      class: `mj-step mj-step-${step.status}`, "data-step": step.name,
      "aria-current": step.status === "current" ? "step" : null,
      style: "padding:2px 8px;border:1px solid;border-radius:12px;" + (STEP_STYLE[step.status] || ""),
    }, STEP_MARK[step.status] + step.title));
    return h("ol", { class: "mj-steps", "aria-label": "steps of the Charleston",
      style: "display:flex;flex-wrap:wrap;gap:4px;list-style:none;margin:4px 0;padding:0" }, items);
  }

  function explanation() {
    const info = model.get("step_info");
    return h("div", { class: "mj-section mj-explain" },
      h("div", { class: "mj-heading" }, info.kind === "done" ? info.title :
        `${info.title}${info.target ? " \u2014 " + info.target : ""}`),
      h("div", {}, info.explain || ""));
  }

  function rack() {
    const codes = model.get("rack_tiles");
    const selected = model.get("selected");
    const suggested = new Set(model.get("suggested"));
    const info = model.get("step_info");
    const clickable = info.kind === "pass" || info.kind === "negotiated";
    const boxes = codes.map((code, index) => {
      let cls = "mj-tile mj-rack-tile" + (clickable ? " mj-clickable" : "");
      if (selected.includes(index)) cls += " mj-selected";
      if (suggested.has(index)) cls += " mj-suggested";
      const box = clickable
        ? tileButton(model, code, 48, { key: `rack-${index}`, cls, pressed: selected.includes(index), disabled: code === JOKER,
            notes: [code === JOKER ? "never passed" : "", suggested.has(index) ? "suggested" : ""],
            onpress: () => send({ action: "toggle", index }), attrs: { "data-index": String(index) } })
        : tile(model, code, 48, { class: cls, "data-index": String(index) });
      if (index > 0 && codes[index - 1] !== code) box.style.marginLeft = "8px";
      if (clickable) box.title += code === JOKER ? " (jokers are never passed)" : selected.includes(index) ? " (click to put back)" : " (click to pick)";
      return box;
    });
    let picked = "";
    if (info.kind === "pass") picked = ` \u2014 picked ${selected.length}${model.get("blind") ? " + " + model.get("blind") + " blind" : ""} of 3`;
    else if (info.kind === "negotiated") picked = ` \u2014 picked ${selected.length} to offer (0-3)`;
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, `Your rack (${plural(codes.length, "tile")})${picked}`),
      clickable ? roving(h("div", { class: "mj-rack" }, boxes), boxes, memory, "rack", `Your rack, ${plural(codes.length, "tile")}`)
        : h("div", { class: "mj-rack", role: "img", "aria-label": `Your rack: ${codes.map(faceName).join(", ")}` }, boxes));
  }

  function controls() {
    const info = model.get("step_info");
    const undo = h("button", { class: "mj-btn mj-undo", "data-key": "undo", disabled: !model.get("can_undo"), title: "take back your last move",
      onclick: () => send({ action: "undo" }) }, "Undo");
    const suggest = h("button", { class: "mj-btn mj-suggest", "data-key": "suggest", onclick: () => send({ action: "suggest" }) }, "Suggest");
    if (info.kind === "vote") {
      return h("div", { class: "mj-bar mj-controls" },
        h("button", { class: "mj-btn mj-primary mj-vote-yes", "data-key": "vote-yes", onclick: () => send({ action: "vote", yes: true }) }, "Yes, a second Charleston"),
        h("button", { class: "mj-btn mj-vote-no", "data-key": "vote-no", onclick: () => send({ action: "vote", yes: false }) }, "No"),
        suggest, undo);
    }
    if (info.kind !== "pass" && info.kind !== "negotiated") return h("div", { class: "mj-bar mj-controls" }, undo);
    const picked = model.get("selected").length;
    const blind = model.get("blind");
    const total = picked + blind;
    const ready = info.kind === "negotiated" ? picked <= 3 : total === 3;
    const label = info.kind === "negotiated"
      ? (picked ? `Pass ${plural(picked, "tile")}` : "Pass no tiles")
      : `Pass ${plural(3, "tile")}${blind ? ` (${blind} blind)` : ""}`;
    const parts = [h("button", { class: "mj-btn mj-primary mj-pass", "data-key": "pass", disabled: !ready,
      title: ready ? "" : `pick ${3 - total} more`, onclick: () => send({ action: "pass" }) }, label)];
    if (info.blind_allowed) {
      const select = h("select", { class: "mj-blind", "aria-label": "blind tiles", "data-key": "blind",
        onchange: (e) => { send({ action: "blind", count: parseInt(e.target.value, 10) }); schedule(); } },
        [0, 1, 2, 3].map((n) => h("option", { value: String(n), selected: n === blind }, String(n))));
      parts.push(h("label", { title: "tiles passed on unseen from those arriving" }, "Blind ", select));
    }
    parts.push(suggest,
      h("button", { class: "mj-btn mj-clear", "data-key": "clear", disabled: !picked && !blind, onclick: () => send({ action: "clear" }) }, "Put back"),
      undo);
    return h("div", { class: "mj-bar mj-controls" }, parts);
  }

  function message() {
    return h("div", { class: `mj-message mj-${model.get("message_kind")}` }, model.get("message"));
  }

  function lastPass() {
    const last = model.get("last_pass");
    if (!last || !last.step) return null;
    return h("div", { class: "mj-section mj-last-pass" },
      h("div", { class: "mj-heading" }, `Last pass: ${last.title}`),
      h("div", { class: "mj-bar" },
        h("span", { class: "mj-muted" }, "You gave"), h("span", { class: "mj-gave" }, tiles(model, last.gave, 36)),
        last.blind ? h("span", { class: "mj-muted" }, `and ${last.blind} blind`) : null,
        h("span", { class: "mj-muted", style: "margin-left:12px" }, "you received"),
        h("span", { class: "mj-received" }, tiles(model, last.received, 36))));
  }

  function distance(row) {
    const now = String(row.distance);
    if (row.before === null || row.before === undefined || row.before === row.distance) {
      return h("td", { class: "mj-num" }, now);
    }
    const better = row.distance < row.before;
    return h("td", { class: "mj-num", style: "white-space:nowrap" },
      h("span", { class: better ? "mj-better" : "mj-worse", title: better ? "nearer after the last pass" : "further after the last pass" },
        `${row.before} \u2192 ${now}`));
  }

  function closest() {
    const rows = model.get("closest_rows");
    if (!rows.length) return null;
    // a joker is never passed: where a line has no place for one it is shown apart, not as "not used"
    const jokers = rows.some((row) => row.not_usable && row.not_usable.length);
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, "Your nearest lines"),
      resultsTable("mj-closest", ["Line", "", "Tiles away", "Value", "Needs", "Not used"].concat(jokers ? ["Jokers it can't use"] : []),
        rows.map((row) => h("tr", {},
          h("td", { style: "white-space:nowrap" }, row.line),
          h("td", { html: row.pattern }),
          distance(row),
          h("td", { class: "mj-num" }, `${row.value}${row.concealed ? " C" : ""}`),
          h("td", {}, groups(model, row.needs, 24)),
          h("td", {}, groups(model, row.unused, 24)),
          jokers ? h("td", {}, groups(model, row.not_usable, 24)) : null))));
  }

  function history() {
    const rows = model.get("history_rows");
    if (!rows.length) return null;
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, "Your Charleston so far"),
      resultsTable("mj-history", ["Step", "You passed", "You received", "Nearest line", "Note"],
        rows.map((row) => {
          const moved = row.after !== row.before;
          return h("tr", { "data-step": row.step },
            h("td", { style: "white-space:nowrap" }, row.title),
            row.kind === "vote" ? h("td", { class: "mj-muted" }, "\u2014") : h("td", { style: "white-space:nowrap" },
              row.passed.length || !row.blind ? tiles(model, row.passed, 24) : null,
              row.blind ? h("span", { class: "mj-muted" }, ` + ${row.blind} blind`) : null),
            row.kind === "vote" ? h("td", { class: "mj-muted" }, "\u2014") : h("td", {}, tiles(model, row.received, 24)),
            h("td", { class: "mj-num", style: "white-space:nowrap" }, moved
              ? h("span", { class: row.after < row.before ? "mj-better" : "mj-worse" }, `${row.before} \u2192 ${row.after}`)
              : String(row.after)),
            h("td", { class: "mj-muted" }, row.note));
        })));
  }

  function finished() {
    if (!model.get("done")) return null;
    return h("div", { class: "mj-section mj-done" },
      h("div", { class: "mj-heading mj-summary" }, model.get("summary")),
      h("button", { class: "mj-btn mj-primary mj-deal-again", "data-key": "deal-again", onclick: () => send({ action: "new_deal" }) }, "New deal"));
  }

  // The screen reader's line: the message of each move (a pass says what you gave and received, and how near
  // your nearest line is now), then the step asked of you next.
  let toldMessage = model.get("message_serial");
  let toldStep = model.get("step_info").name;
  function stepWords() {
    const info = model.get("step_info");
    if (info.kind === "done") return model.get("summary") || info.title;
    if (info.kind === "vote") return `${info.title}: V for yes, N for no.`;
    return `${info.title}${info.target ? ", " + info.target : ""}: pick the tiles with Space, then P to pass.`;
  }
  function announce() {
    const info = model.get("step_info");
    const parts = [];
    if (model.get("message_serial") !== toldMessage && model.get("message")) parts.push(model.get("message"));
    toldMessage = model.get("message_serial");
    if (info.name !== toldStep) parts.push(`Now: ${stepWords()}`);
    toldStep = info.name;
    say(parts.join(" "));
  }
  function rackWords() {
    const rows = model.get("closest_rows");
    const parts = [stepWords(), `Your rack: ${model.get("rack_tiles").map(faceName).join(", ")}.`];
    const picked = model.get("selected");
    if (picked.length) parts.push(`Picked: ${picked.map((i) => faceName(model.get("rack_tiles")[i])).join(", ")}.`);
    if (rows.length) parts.push(`Nearest line: ${rows[0].line}, ${plural(rows[0].distance, "tile")} away.`);
    return parts.join(" ");
  }
  const focusRack = () => {
    const item = root.querySelector("[data-roving=rack] [tabindex='0']");
    if (!item) return false;
    item.focus();
    return true;
  };
  widgetKeys(root, {
    p: () => send({ action: "pass" }),
    s: () => send({ action: "suggest" }),
    b: () => send({ action: "clear" }),
    v: () => send({ action: "vote", yes: true }),
    n: () => send({ action: "vote", yes: false }),
    u: () => send({ action: "undo" }),
    r: focusRack,
    i: () => say(rackWords()),
    "?": () => { help.open = !help.open; keepFocus(root, draw); },
    Escape: () => {
      if (!help.open) return false;
      help.open = false;
      keepFocus(root, draw);
      return true;
    },
  });

  function draw() {
    const done = model.get("done");
    const keys = keysHelp(help, uid, KEYS, HINT, () => keepFocus(root, draw));
    root.classList.toggle("mj-large", !!model.get("large"));
    keepFocus(root, () => board.replaceChildren(...[bar(keys), keys.list, progress(), finished(), done ? null : explanation(),
      rack(), done ? null : controls(), done ? null : keys.hint, message(), lastPass(), closest(), history()].filter((x) => x)),
    () => root.querySelector("[data-roving=rack] [tabindex='0']") || root.querySelector(".mj-controls button:not([disabled])") ||
      root.querySelector(".mj-deal-again"));
    announce();
  }

  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  }
  const names = ["rack_tiles", "selected", "suggested", "blind", "step_info", "progress", "message", "message_kind",
    "closest_rows", "last_pass", "history_rows", "done", "summary", "can_undo", "seed", "ruleset_name", "card_name", "seat_name",
    "large", "message_serial"];
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, schedule);
  };
}

export default { render };
