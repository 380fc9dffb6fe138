// mjlearn CharlestonTrainer: draws the deal, your rack and the passes that Python computes.
// Plain ES module for anywidget: no imports, no build step. Every click is sent to Python.


const STEP_STYLE = {
  done: "background:#e6f4ea;border-color:#a9d3b5;color:#11603d",
  current: "background:#18794e;border-color:#11603d;color:#fff;font-weight:bold",
  todo: "background:#fff;border-color:#d8d3c4;color:#555",
  skipped: "background:#f3f1ea;border-color:#e2ddcf;color:#999;text-decoration:line-through",
};
const STEP_MARK = { done: "\u2713 ", current: "\u25b6 ", todo: "", skipped: "" };

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-charleston-trainer" });
  el.append(root);
  const send = (content) => model.send(content);

  function bar() {
    const rules = h("select", { "aria-label": "rules",
      onchange: (e) => { model.set("ruleset_name", e.target.value); model.save_changes(); schedule(); } },
      model.get("rulesets").map((name) => h("option", { value: name, selected: name === model.get("ruleset_name") }, name)));
    const seed = h("input", { type: "number", value: String(model.get("seed")), "aria-label": "seed", class: "mj-seed",
      onchange: (e) => { const v = parseInt(e.target.value, 10); if (!Number.isNaN(v)) send({ action: "new_deal", seed: v }); } });
    return h("div", { class: "mj-bar" },
      h("label", {}, "Rules ", rules), h("label", {}, "Seed ", seed),
      h("button", { class: "mj-btn mj-new-deal", title: "deal the next seed", onclick: () => send({ action: "new_deal" }) }, "New deal"),
      h("span", { class: "mj-muted" }, `Card: ${model.get("card_name")} \u00b7 you sit ${model.get("seat_name")}`));
  }

  function progress() {
    const items = model.get("progress").map((step) => h("li", {
      class: `mj-step mj-step-${step.status}`, "data-step": step.name,
      "aria-current": step.status === "current" ? "step" : null,
      style: "padding:2px 8px;border:1px solid;border-radius:12px;font-size:13px;" + (STEP_STYLE[step.status] || ""),
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
      const box = tile(model, code, 48, { class: cls, "data-index": String(index) });
      if (index > 0 && codes[index - 1] !== code) box.style.marginLeft = "8px";
      if (clickable) {
        box.title += code === 35 ? " (jokers are never passed)" : selected.includes(index) ? " (click to put back)" : " (click to pick)";
        asButton(box, () => send({ action: "toggle", index }));
      }
      return box;
    });
    let picked = "";
    if (info.kind === "pass") picked = ` \u2014 picked ${selected.length}${model.get("blind") ? " + " + model.get("blind") + " blind" : ""} of 3`;
    else if (info.kind === "negotiated") picked = ` \u2014 picked ${selected.length} to offer (0-3)`;
    return h("div", { class: "mj-section" },
      h("div", { class: "mj-heading" }, `Your rack (${plural(codes.length, "tile")})${picked}`),
      h("div", { class: "mj-rack" }, boxes));
  }

  function controls() {
    const info = model.get("step_info");
    const undo = h("button", { class: "mj-btn mj-undo", disabled: !model.get("can_undo"), title: "take back your last move",
      onclick: () => send({ action: "undo" }) }, "Undo");
    const suggest = h("button", { class: "mj-btn mj-suggest", onclick: () => send({ action: "suggest" }) }, "Suggest");
    if (info.kind === "vote") {
      return h("div", { class: "mj-bar mj-controls" },
        h("button", { class: "mj-btn mj-primary mj-vote-yes", onclick: () => send({ action: "vote", yes: true }) }, "Yes, a second Charleston"),
        h("button", { class: "mj-btn mj-vote-no", onclick: () => send({ action: "vote", yes: false }) }, "No"),
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
    const parts = [h("button", { class: "mj-btn mj-primary mj-pass", disabled: !ready,
      title: ready ? "" : `pick ${3 - total} more`, onclick: () => send({ action: "pass" }) }, label)];
    if (info.blind_allowed) {
      const select = h("select", { class: "mj-blind", "aria-label": "blind tiles",
        onchange: (e) => { send({ action: "blind", count: parseInt(e.target.value, 10) }); schedule(); } },
        [0, 1, 2, 3].map((n) => h("option", { value: String(n), selected: n === blind }, String(n))));
      parts.push(h("label", { title: "tiles passed on unseen from those arriving" }, "Blind ", select));
    }
    parts.push(suggest,
      h("button", { class: "mj-btn mj-clear", disabled: !picked && !blind, onclick: () => send({ action: "clear" }) }, "Put back"),
      undo);
    return h("div", { class: "mj-bar mj-controls" }, parts);
  }

  function message() {
    return h("div", { class: `mj-message mj-${model.get("message_kind")}`, role: "status" }, model.get("message"));
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
      h("button", { class: "mj-btn mj-primary mj-deal-again", onclick: () => send({ action: "new_deal" }) }, "New deal"));
  }

  function draw() {
    const done = model.get("done");
    root.replaceChildren(...[bar(), progress(), finished(), done ? null : explanation(), rack(),
      done ? null : controls(), message(), lastPass(), closest(), history()].filter((x) => x));
  }

  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => { pending = false; draw(); });
  }
  const names = ["rack_tiles", "selected", "suggested", "blind", "step_info", "progress", "message", "message_kind",
    "closest_rows", "last_pass", "history_rows", "done", "summary", "can_undo", "seed", "ruleset_name", "card_name", "seat_name"];
  for (const name of names) model.on(`change:${name}`, schedule);
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, schedule);
  };
}

export default { render };
