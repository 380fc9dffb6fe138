// mjlearn GameTable: one seat of a game against three computer players.
// Plain ES module for anywidget: no imports, no build step. The rules live in Python; this module
// draws `view` (what your seat sees) and sends each click as {action, ...arguments}.

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-game-table" });
  el.append(root);
  // Each click's time to answer, from the click to the redrawn widget, measured here in the browser
  // (the last 200 are kept in data-latencies, for tests and for anyone who wants to look).
  let clickedAt = null;
  const latencies = [];
  const send = (action, args = {}) => {
    if (action !== "next_move") clickedAt = performance.now();
    model.send({ action, args });
  };
  let timer = null;
  let focusAfter = null;  // the rack place to give the keyboard focus back to after a redraw

  function bar(view) {
    const pace = h("select", { "aria-label": "pace of the computer players",
      onchange: (e) => { model.set("pace", e.target.value); model.save_changes(); } },
      [["step", "one move per click"], ["slow", "slow"], ["fast", "fast"], ["instant", "all at once"]].map(([value, label]) =>
        h("option", { value, selected: value === model.get("pace") }, label)));
    return h("div", { class: "mj-bar" },
      h("span", { class: "mj-heading mj-status", role: "status" }, view.status),
      h("span", { class: "mj-muted mj-wall" }, `Wall: ${plural(view.wall, "tile")}`),
      h("label", {}, "Computer moves ", pace),
      model.get("pending") && model.get("pace") === "step"
        ? h("button", { class: "mj-btn mj-primary mj-next", onclick: () => send("next_move") }, "Next move") : null,
      model.get("coach_available") ? h("button", { class: "mj-btn mj-coach-toggle" + (model.get("coach_on") ? " mj-primary" : ""),
        "aria-pressed": model.get("coach_on") ? "true" : "false", onclick: () => send("show_coach", { on: !model.get("coach_on") }) },
        model.get("coach_on") ? "Hide the coach" : "Ask the coach") : null,
      h("button", { class: "mj-btn mj-sort", onclick: () => send("sort_rack") }, "Sort rack"),
      h("button", { class: "mj-btn mj-new-game", title: "deal the next seed", onclick: () => send("new_game") }, "New game"));
  }

  // Another player's place: name, face-down tile count, exposures.
  function other(seatView) {
    const cls = `mj-seat mj-seat-${seatView.where}` + (seatView.turn ? " mj-turn" : "") + (seatView.dead ? " mj-dead-seat" : "");
    return h("div", { class: cls, "data-seat": seatView.name },
      h("div", { class: "mj-seat-name" }, `${seatView.player}: ${seatView.name} (${seatView.where})`,
        seatView.dead ? h("span", { class: "mj-dead" }, " \u2014 dead hand") : null),
      h("div", { class: "mj-backs", title: `${seatView.tiles} tiles on the rack` },
        h("span", { class: "mj-back" }), ` \u00d7 ${seatView.tiles}`),
      exposures(seatView));
  }

  function exposures(seatView) {
    if (!seatView.exposures.length) return null;
    return h("div", { class: "mj-exposures" }, seatView.exposures.map((group) =>
      h("span", { class: "mj-exposure" + (group.wild ? " mj-wild" : ""), title: group.wild ? "wild: jokers only" : group.text },
        group.tiles.map((code) => tile(model, code, 30)))));
  }

  function floor(view) {
    const last = view.last;
    return h("div", { class: "mj-floor", "aria-label": "discards, oldest first" },
      view.floor.length ? view.floor.map((d, i) => tile(model, d.tile, 30,
        { class: "mj-tile" + (i === last ? (view.callable ? " mj-last mj-callable" : " mj-last") : ""), title: `thrown by ${["East", "South", "West", "North"][d.seat]}` }))
        : h("span", { class: "mj-muted" }, "No discards yet."));
  }

  function rack(view) {
    const selected = model.get("selected");
    const codes = view.rack;
    let dragged = null;
    const boxes = codes.map((code, index) => {
      let cls = "mj-tile mj-rack-tile mj-clickable";
      if (selected.includes(index)) cls += " mj-selected";
      if (view.drawn !== null && index === codes.length - 1 && code === view.drawn) cls += " mj-drawn";
      const box = asButton(tile(model, code, 48, { class: cls, "data-index": String(index), draggable: "true" }),
        () => send("toggle_at", { index }));
      box.addEventListener("dragstart", () => { dragged = index; });
      box.addEventListener("keydown", (e) => {  // the keyboard way to arrange: Alt+arrow moves the focused tile
        const step = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
        if (!step || !e.altKey || index + step < 0 || index + step >= codes.length) return;
        e.preventDefault(); e.stopPropagation();
        focusAfter = index + step;
        send("move_tile", { from_index: index, to_index: index + step });
      });
      box.addEventListener("dragover", (e) => e.preventDefault());
      box.addEventListener("drop", (e) => { e.preventDefault(); if (dragged !== null && dragged !== index) send("move_tile", { from_index: dragged, to_index: index }); });
      return box;
    });
    return h("div", { class: "mj-rack", "aria-label": "your rack" }, boxes);
  }

  function yourMoves(view) {
    const items = [];
    const picked = model.get("selected");
    const ch = view.charleston;
    if (ch && ch.yours && ch.kind !== "vote") {
      const blind = ch.blind ? h("label", {}, " blind ",
        h("select", { class: "mj-blind", "aria-label": "tiles passed blind",
          onchange: (e) => { model.set("blind", parseInt(e.target.value, 10)); model.save_changes(); } },
          [0, 1, 2, 3].map((n) => h("option", { value: String(n), selected: n === model.get("blind") }, String(n))))) : null;
      const wanted = ch.kind === "negotiated" ? "0 to 3" : String(3 - model.get("blind"));
      items.push(h("span", {}, `${ch.name}: pick ${wanted} tiles to pass to ${ch.to}`), blind,
        h("button", { class: "mj-btn mj-primary mj-pass", onclick: () => send("pass_selected") },
          `Pass ${plural(picked.length, "tile")}`));
    }
    if (view.can_discard) {
      items.push(h("button", { class: "mj-btn mj-primary mj-discard", disabled: picked.length !== 1,
        onclick: () => send("discard") }, picked.length === 1 ? "Discard the picked tile" : "Pick a tile to discard"));
    }
    const dead = [];
    for (const button of view.buttons) {
      if (button.kind === "call_dead") { dead.push(button); continue; }
      items.push(h("button", { class: `mj-btn mj-act mj-act-${button.kind}`,
        onclick: () => send(button.kind, button.args) }, button.label));
    }
    if (dead.length) {
      items.push(h("select", { class: "mj-call-dead", "aria-label": "call a hand dead",
        onchange: (e) => { if (e.target.value !== "") send("call_dead", { target: parseInt(e.target.value, 10) }); } },
        h("option", { value: "" }, "Call a hand dead\u2026"),
        dead.map((b) => h("option", { value: String(b.args.target) }, b.label))));
    }
    return h("div", { class: "mj-bar mj-moves" }, items);
  }

  function saveBar(view) {
    const name = h("input", { type: "text", class: "mj-save-name", value: `game_seed_${model.get("seed")}.json`,
      "aria-label": "file name for the saved game" });
    return h("div", { class: "mj-bar mj-save" }, h("label", {}, "Save this game as ", name),
      h("button", { class: "mj-btn mj-save-button", onclick: () => send("save", { path: name.value }) }, "Save"),
      h("span", { class: "mj-muted" }, "replay it with GameTable.open_saved(...) or Game.load(...)"));
  }

  function result(view) {
    if (!view.result) return null;
    const hands = view.result.wins.map((win) => h("div", { class: "mj-winning-hand" },
      h("span", { class: "mj-muted", html: `${win.line} ${win.pattern} ` }), groups(model, win.hand, 36)));
    return h("div", { class: "mj-section mj-result" + (view.result.winner === view.seat ? " mj-win" : "") },
      hands, view.result.lines.map((line) => h("div", {}, line)));
  }

  const percent = (p) => (p >= 0.995 ? "99+%" : p > 0 && p < 0.001 ? "<0.1%" : `${(100 * p).toFixed(1)}%`);

  function coachPanel() {
    if (!model.get("coach_on")) return null;
    const coach = model.get("coach");
    if (!coach || !coach.lines) {
      return h("div", { class: "mj-section mj-coach" }, h("div", { class: "mj-heading" }, "The coach"),
        h("div", { class: "mj-muted" }, "The coach speaks when it is your move."));
    }
    // one horizon for every chance a beginner sees: the draws this seat can still expect, in words from Python
    const parts = [h("div", { class: "mj-heading" }, `The coach: your chance to finish each line ${coach.horizon}`)];
    if (coach.advice.length) {
      parts.push(h("ol", { class: "mj-advice" }, coach.advice.map((a) =>
        h("li", {}, h("b", {}, `Throw ${a.tile}`), `: ${a.reason}`))));
    }
    if (coach.pass.length) {
      parts.push(h("div", { class: "mj-advice" }, h("b", {}, `Pass ${coach.pass.join(" ")}`),
        ": the tiles your best lines use least."));
    }
    const rows = coach.lines.map((line) => h("tr", { class: line.dead ? "mj-dead-line" : "" },
      h("td", { html: `${line.line} ${line.pattern}` }),
      h("td", { class: "mj-num" }, String(line.distance)),
      h("td", { class: "mj-num" }, String(line.outs)),
      h("td", {}, line.needs.length ? groups(model, line.needs, 24) : "nothing"),
      h("td", { class: "mj-num" }, line.dead ? "dead" : (line.simulated ? "≈ " : "") + percent(line.p_win))));
    parts.push(resultsTable("mj-coach-lines", ["Line", "Tiles away", "Outs", "Needs", "Chance"], rows));
    return h("div", { class: "mj-section mj-coach" }, parts);
  }

  function reviewPanel(view) {
    const rows = model.get("review_rows");
    if (!rows.length) {
      return view.result && model.get("coach_available")
        ? h("button", { class: "mj-btn mj-review", onclick: () => send("show_review") }, "Review my discards with the coach") : null;
    }
    const body = rows.map((row) => h("tr", { class: `mj-verdict-${row.verdict.replace(/ /g, "-")}` },
      h("td", {}, row.step),
      h("td", {}, groups(model, [row.rack], 22)),
      h("td", {}, `${row.you} (${percent(row["your chance"])})`),
      h("td", {}, `${row.coach} (${percent(row["coach's chance"])})`),
      h("td", {}, row.verdict),
      h("td", {}, row.reason)));
    return h("div", { class: "mj-section mj-review-table" }, h("div", { class: "mj-heading" }, "Your discards beside the coach's"),
      resultsTable("mj-review-rows", ["When", "Your rack", "You threw", "The coach", "Verdict", "Why"], body));
  }

  function scores(view) {
    const s = view.scores;
    if (!s || !s.games) return null;
    // one column per player (East passes on after each game, so seats change; people do not)
    return h("div", { class: "mj-section mj-scores" },
      h("div", { class: "mj-heading" }, `The session so far: ${plural(s.games, "game")} (${s.kind})`),
      resultsTable("mj-score-table", s.players.map((name, i) => `${name} (${s.seats[i]} now)`),
        [h("tr", {}, s.totals.map((x) => h("td", { class: "mj-num" }, String(x))))]));
  }

  function draw() {
    const view = model.get("view");
    const places = Object.fromEntries(view.seats.map((s) => [s.where, s]));
    const message = model.get("message");
    root.dataset.serial = String(view.serial);
    if (clickedAt !== null) {
      latencies.push(Math.round(performance.now() - clickedAt));
      if (latencies.length > 200) latencies.shift();
      root.dataset.latencies = latencies.join(",");
      clickedAt = null;
    }
    root.replaceChildren(...[
      bar(view),
      h("div", { class: "mj-table-grid" },
        h("div", { class: "mj-place-across" }, other(places.across)),
        h("div", { class: "mj-place-left" }, other(places.left)),
        h("div", { class: "mj-place-floor" }, floor(view)),
        h("div", { class: "mj-place-right" }, other(places.right))),
      h("div", { class: "mj-seat mj-seat-you" + (places.you.turn ? " mj-turn" : "") },
        h("div", { class: "mj-seat-name" }, `You: ${places.you.name}`,
          places.you.dead ? h("span", { class: "mj-dead" }, " \u2014 your hand is dead") : null),
        exposures(places.you),
        model.get("warning") ? h("div", { class: "mj-alert mj-warning", role: "alert" }, model.get("warning")) : null,
        rack(view), yourMoves(view)),
      coachPanel(),
      h("div", { class: `mj-message mj-${model.get("message_kind")}`, role: "status" }, message),
      result(view),
      scores(view),
      reviewPanel(view),
      view.result && !model.get("replaying") ? saveBar(view) : null,
      h("details", { class: "mj-log", open: true }, h("summary", {}, "Last moves"),
        h("ol", {}, view.log.map((line) => h("li", {}, line))))].filter(Boolean));
    if (focusAfter !== null) {
      const box = root.querySelector(`.mj-rack-tile[data-index='${focusAfter}']`);
      if (box) box.focus();
      focusAfter = null;
    }
    clearTimeout(timer);
    const delay = view.delay;
    if (model.get("pending") && delay !== null && delay !== undefined) {
      timer = setTimeout(() => send("next_move"), delay);
    }
  }

  let scheduled = false;
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; draw(); });
  };
  for (const name of ["view", "selected", "blind", "pace", "pending", "message", "message_kind", "coach_on", "coach",
                      "warning", "review_rows"]) {
    model.on(`change:${name}`, schedule);
  }
  draw();
  return () => clearTimeout(timer);
}

export default { render };
