// mjlearn GameTable: one seat of a game against three computer players.
// Plain ES module for anywidget: no imports, no build step. The rules live in Python; this module
// draws `view` (what your seat sees) and sends each click as {action, args}.

// How long Python may take to acknowledge a click (the `ack` trait) before the table says the kernel is gone.
const ANSWER_WITHIN_MS = 5000;
const KERNEL_GONE = "The kernel is not answering: this table cannot move any more. Restart the kernel " +
  "(Kernel menu) and run this cell again; the same seed deals the same game.";

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-game-table" });
  el.append(root);
  const uid = `mj-table-${Math.random().toString(36).slice(2, 10)}`;  // ids of this table's own, for the ARIA links

  // -- talking to Python -----------------------------------------------------------------------------
  // Each click's time to answer, from the click to the redrawn widget, measured here in the browser
  // (the last 200 are kept in data-latencies, for tests and for anyone who wants to look).
  let clickedAt = null;
  const latencies = [];
  // Every message expects Python to bump `ack`; without it in time the kernel is gone (or stuck), and the
  // table says so instead of looking alive. The notice goes as soon as an answer comes.
  let unanswered = null;
  let gone = false;
  const kernelGone = () => { unanswered = null; gone = true; schedule(); };
  const answered = () => {
    if (unanswered !== null) clearTimeout(unanswered);
    unanswered = null;
    if (gone) { gone = false; schedule(); }
  };
  const send = (action, args = {}) => {
    if (action !== "next_move") clickedAt = performance.now();
    if (unanswered === null) unanswered = setTimeout(kernelGone, ANSWER_WITHIN_MS);
    try { model.send({ action, args }); } catch (error) { kernelGone(); }
  };
  let timer = null;

  // -- sounds: made here with the Web Audio API (no file is fetched), only when `sounds` is on ---------
  let audio = null;
  let played = 0;
  function context() {
    if (!audio) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return null;
      audio = new Context();
    }
    if (audio.state === "suspended") audio.resume();
    return audio;
  }
  function beep(frequency, start, length, type = "sine", volume = 0.06) {
    const ctx = context();
    if (!ctx) return;
    const at = ctx.currentTime + start;
    const tone = ctx.createOscillator();
    const gain = ctx.createGain();
    tone.type = type;
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(volume, at);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    tone.connect(gain).connect(ctx.destination);
    tone.start(at);
    tone.stop(at + length + 0.02);
  }
  const SOUNDS = {
    discard: () => beep(190, 0, 0.05, "triangle", 0.09),
    turn: () => beep(660, 0, 0.1),
    call: () => { beep(440, 0, 0.07); beep(587, 0.07, 0.09); },
    alert: () => { beep(330, 0, 0.12, "square", 0.025); beep(262, 0.12, 0.16, "square", 0.025); },
    win: () => [523, 659, 784, 1047].forEach((f, i) => beep(f, i * 0.11, 0.22)),
    over: () => { beep(392, 0, 0.18); beep(262, 0.18, 0.3); },
  };
  function sound(kind) {
    if (!kind || !model.get("sounds")) return;
    played += 1;
    root.dataset.sound = `${kind} ${played}`;
    try { SOUNDS[kind](); } catch (error) { /* no audio on this machine: the table plays on silently */ }
  }
  // The one sound worth making for what changed between two views (the most important first).
  function soundFor(before, now, stickies) {
    if (!before) return null;
    if (now.banner && !before.banner) return now.banner.kind === "win" ? "win" : "over";
    if (stickies > shownStickies) return "alert";
    const groups = (v) => v.seats.reduce((n, s) => n + s.exposures.length, 0);
    if (groups(now) > groups(before)) return "call";
    if (now.yours && !before.yours && now.phase !== "charleston") return "turn";
    if (now.floor.length > before.floor.length) return "discard";
    return null;
  }

  // -- what stays across redraws: open panels, the call chooser, the log's scroll, the focus -----------
  let settingsOpen = false;
  let logOpen = true;
  let chooser = null;  // the live discard whose call chooser is open ("floor length:tile")
  let previous = null;  // the view drawn last
  let shownStickies = 0;
  let lastConfirm = "";
  let focusAfter = null;  // the key of the element to give the keyboard focus to after the next redraw
  let logWatch = null;  // keeps the log's newest line in view while the log is laid out

  const player = (seatView) => seatView.player === "You" ? "You" : `${seatView.player} (${seatView.name})`;
  const toggle = (key, label, on, action, extra = {}) => h("button", Object.assign({
    class: "mj-btn mj-toggle" + (on ? " mj-on" : ""), "aria-pressed": on ? "true" : "false", "data-key": key,
    onclick: () => send(action, { on: !on }) }, extra), `${label}: ${on ? "on" : "off"}`);

  function settings() {
    const pace = h("select", { class: "mj-pace", "aria-label": "pace of the computer players", "data-key": "pace",
      onchange: (e) => { model.set("pace", e.target.value); model.save_changes(); } },
      [["step", "one move per click"], ["slow", "slow"], ["fast", "fast"], ["instant", "all at once"]].map(([value, label]) =>
        h("option", { value, selected: value === model.get("pace") }, label)));
    const scored = model.get("scored");
    const box = h("details", { class: "mj-settings", open: settingsOpen },
      h("summary", { "data-key": "settings" }, "Settings"),
      h("div", { class: "mj-settings-body" },
        toggle("auto-pass", "Auto-pass", model.get("auto_pass"), "set_auto_pass",
          { title: "a discard you cannot use goes by itself" }),
        toggle("practice", "Practice mode (undo)", model.get("practice"), "set_practice",
          scored ? { disabled: true, title: "a scored game: moves stand" } : { title: "Undo takes your last move back" }),
        toggle("sounds", "Sounds", model.get("sounds"), "set_sounds", {
          onclick: () => { if (!model.get("sounds")) context(); send("set_sounds", { on: !model.get("sounds") }); } }),
        h("label", {}, "Computer moves ", pace)));
    box.addEventListener("toggle", () => { settingsOpen = box.open; });
    return box;
  }

  function bar(view) {
    return h("div", { class: "mj-bar mj-topbar" },
      h("span", { class: "mj-heading mj-status", role: "status" }, view.status),
      model.get("pending") && model.get("pace") === "step"
        ? h("button", { class: "mj-btn mj-primary mj-next", "data-key": "next", onclick: () => send("next_move") }, "Next move") : null,
      model.get("coach_available") ? h("button", { class: "mj-btn mj-coach-toggle" + (model.get("coach_on") ? " mj-primary" : ""),
        "aria-pressed": model.get("coach_on") ? "true" : "false", "data-key": "coach",
        onclick: () => send("show_coach", { on: !model.get("coach_on") }) },
        model.get("coach_on") ? "Hide the coach" : "Ask the coach") : null,
      view.can_undo ? h("button", { class: "mj-btn mj-undo", "data-key": "undo", title: "practice mode: take back your last move",
        onclick: () => send("undo") }, "Undo") : null,
      h("button", { class: "mj-btn mj-sort", "data-key": "sort", onclick: () => send("sort_rack") }, "Sort rack"),
      h("button", { class: "mj-btn mj-new-game", "data-key": "new-game", title: "deal the next seed",
        onclick: () => send("new_game") }, "New game"),
      settings());
  }

  // -- the table: four seats around a square, each seat's discards in front of it ------------------------
  function backs(count) {
    const shown = Math.min(count, 14);
    return h("span", { class: "mj-backs", title: `${count} tiles on the rack`, "aria-label": `${count} tiles on the rack` },
      Array.from({ length: shown }, () => h("span", { class: "mj-back" })),
      h("span", { class: "mj-back-count" }, String(count)));
  }

  function exposures(seatView, height) {
    if (!seatView.exposures.length) return null;
    return h("div", { class: "mj-exposures" }, seatView.exposures.map((group) =>
      h("span", { class: "mj-exposure" + (group.wild ? " mj-wild" : ""), title: group.wild ? "wild: jokers only" : group.text },
        group.tiles.map((code) => tile(model, code, height)))));
  }

  function seat(seatView) {
    const cls = `mj-seat mj-seat-${seatView.where}` + (seatView.turn ? " mj-turn" : "") + (seatView.dead ? " mj-dead-seat" : "");
    return h("div", { class: cls, "data-seat": seatView.name },
      h("div", { class: "mj-seat-name" }, seatView.where === "you" ? `You: ${seatView.name}` : player(seatView),
        seatView.turn ? h("span", { class: "mj-turn-mark" }, " \u25cf") : null,
        seatView.dead ? h("span", { class: "mj-dead" }, seatView.where === "you" ? " \u2014 your hand is dead" : " \u2014 dead hand") : null),
      seatView.where === "you" ? null : backs(seatView.tiles),
      exposures(seatView, 30));
  }

  function felt(view, places, fresh) {
    const bySeat = {};
    view.floor.forEach((thrown, i) => { (bySeat[thrown.seat] = bySeat[thrown.seat] || []).push([thrown, i]); });
    const pond = (where) => {
      const owner = places[where];
      const thrown = bySeat[owner.seat] || [];
      return h("div", { class: `mj-pond mj-pond-${where}`, "data-seat": owner.name,
        "aria-label": `${player(owner)}: ${thrown.length} discards` },
        thrown.map(([d, i]) => {
          let cls = "mj-tile mj-pond-tile";
          if (i === view.last) cls += view.callable ? " mj-last mj-callable" : " mj-last";
          if (i === view.last && fresh) cls += " mj-new";
          return tile(model, d.tile, 30, { class: cls, title: `${model.get("faces")[String(d.tile)].name}, thrown by ${player(owner)}` });
        }));
    };
    const last = view.last !== null && view.last !== undefined ? view.floor[view.last] : null;
    const thrower = last ? view.seats.find((s) => s.seat === last.seat) : null;
    const centre = h("div", { class: "mj-felt-centre" },
      h("div", { class: "mj-wall", title: "tiles left in the wall" }, `Wall: ${plural(view.wall, "tile")}`),
      last ? h("div", { class: "mj-last-discard" + (view.callable ? " mj-callable" : "") },
        tile(model, last.tile, 44, { class: "mj-tile" + (fresh ? " mj-new" : "") }),
        h("div", { class: "mj-last-who" }, `${thrower.player === "You" ? "you" : thrower.player} threw it`,
          view.callable ? h("span", { class: "mj-callable-note" }, " \u2014 it may be called") : null))
        : h("div", { class: "mj-felt-empty" }, view.phase === "charleston" ? "The Charleston" : "No discards yet"));
    return h("div", { class: "mj-floor mj-felt", "aria-label": "the discards, in front of each player" },
      pond("across"), pond("left"), centre, pond("right"), pond("you"));
  }

  function tableSquare(view, places, fresh) {
    return h("div", { class: "mj-table-square" },
      h("div", { class: "mj-place-across" }, seat(places.across)),
      h("div", { class: "mj-place-left" }, seat(places.left)),
      felt(view, places, fresh),
      h("div", { class: "mj-place-right" }, seat(places.right)),
      h("div", { class: "mj-place-you" }, seat(places.you)));
  }

  // -- your rack and your moves ----------------------------------------------------------------------------
  function rack(view, freshDraw) {
    const selected = model.get("selected");
    const received = new Set(view.received || []);
    const codes = view.rack;
    let dragged = null;
    const boxes = codes.map((code, index) => {
      const face = model.get("faces")[String(code)];
      const picked = selected.includes(index);
      const drawn = view.drawn !== null && index === codes.length - 1 && code === view.drawn;
      let cls = "mj-tile mj-rack-tile mj-clickable";
      if (picked) cls += " mj-selected";
      if (drawn) cls += " mj-drawn" + (freshDraw ? " mj-new" : "");
      if (received.has(index)) cls += " mj-received";
      const notes = [picked ? "picked" : "", drawn ? "just drawn" : "", received.has(index) ? "just received" : ""].filter(Boolean);
      const box = h("button", { type: "button", class: cls, "data-index": String(index), "data-tile": face.notation,
        "data-key": `rack-${index}`, draggable: "true", "aria-pressed": picked ? "true" : "false", title: face.name,
        onclick: () => send("toggle_at", { index }) },
        h("img", { src: face.uri, alt: face.name + (notes.length ? ` (${notes.join(", ")})` : ""), width: "36", height: "48",
          draggable: "false" }));
      box.addEventListener("dragstart", () => { dragged = index; });
      box.addEventListener("keydown", (e) => {  // the keyboard way to arrange: Alt+arrow moves the focused tile
        const step = e.key === "ArrowLeft" ? -1 : e.key === "ArrowRight" ? 1 : 0;
        if (!step || !e.altKey || index + step < 0 || index + step >= codes.length) return;
        e.preventDefault(); e.stopPropagation();
        focusAfter = `rack-${index + step}`;
        send("move_tile", { from_index: index, to_index: index + step });
      });
      box.addEventListener("dragover", (e) => e.preventDefault());
      box.addEventListener("drop", (e) => { e.preventDefault(); if (dragged !== null && dragged !== index) send("move_tile", { from_index: dragged, to_index: index }); });
      return box;
    });
    return h("div", { class: "mj-rack", role: "group", "aria-label": "your rack" }, boxes);
  }

  function confirmBox() {
    const ask = model.get("confirming");
    if (!ask || !ask.action) return null;
    return h("div", { class: "mj-confirm", role: "alertdialog", "aria-labelledby": `${uid}-q`, "aria-describedby": `${uid}-why` },
      h("div", { class: "mj-heading", id: `${uid}-q` }, ask.question),
      h("div", { id: `${uid}-why` }, ask.reason),
      h("div", { class: "mj-bar" },
        h("button", { class: "mj-btn mj-primary mj-confirm-no", "data-key": "confirm-no", onclick: () => send("cancel_confirm") }, ask.no),
        h("button", { class: "mj-btn mj-danger mj-confirm-yes", "data-key": "confirm-yes", onclick: () => send(ask.action, ask.args) }, ask.yes)));
  }

  function callArea(view) {
    const call = view.call;
    if (!call) return [];
    const coach = model.get("coach_on") ? (model.get("coach") || {}).call || null : null;
    const mark = (yes) => yes ? h("span", { class: "mj-coach-mark", title: "the coach's choice" }, " \u2605 the coach's choice") : null;
    const id = `${view.floor.length}:${call.tile}`;
    if (chooser !== null && chooser !== id) chooser = null;
    const items = [h("span", { class: "mj-call-prompt" }, `${call.from} threw `, tile(model, call.tile, 30), ` ${call.name}.`)];
    if (call.mahjongg) {
      items.push(h("button", { class: "mj-btn mj-win-button mj-act-call_mahjongg", "data-key": "call-mahjongg",
        onclick: () => send("call_mahjongg") }, "Mah Jongg! Call it", mark(coach && coach.mahjongg)));
    }
    const choices = call.choices;
    const coachCalls = (c) => coach && coach.size === c.size && coach.jokers === c.jokers;
    if (choices.length === 1) {
      const only = choices[0];
      items.push(h("button", { class: "mj-btn mj-primary mj-call mj-act-call", "data-key": "call",
        onclick: () => send("call", { size: only.size, jokers: only.jokers }) }, `Call it: ${only.label}`, mark(coachCalls(only))));
    } else if (choices.length > 1) {
      items.push(h("button", { class: "mj-btn mj-primary mj-call", "data-key": "call", "aria-expanded": chooser === id ? "true" : "false",
        onclick: () => { chooser = chooser === id ? null : id; focusAfter = chooser ? "choice-0" : "call"; draw(); } },
        "Call\u2026", mark(choices.some(coachCalls))));
    }
    items.push(h("button", { class: "mj-btn mj-act-pass_call", "data-key": "pass-call", onclick: () => send("pass_call") },
      "Let it go", mark(coach && coach.pass)));
    if (chooser === id && choices.length > 1) {
      items.push(h("div", { class: "mj-chooser", role: "group", "aria-label": `call the ${call.name} for` },
        choices.map((c, i) => h("button", { class: "mj-btn mj-choice" + (coachCalls(c) ? " mj-coach-choice" : ""),
          "data-size": String(c.size), "data-jokers": String(c.jokers), "data-key": `choice-${i}`,
          onclick: () => send("call", { size: c.size, jokers: c.jokers }) },
          groups(model, [c.tiles], 26), ` ${c.label}`, mark(coachCalls(c))))));
    }
    items.push(coachNote("call"));
    return items;
  }

  function yourMoves(view) {
    const items = [];
    const picked = model.get("selected");
    const ch = view.charleston;
    if (ch && ch.yours && ch.kind !== "vote") {
      const blind = ch.blind ? h("label", {}, " blind ",
        h("select", { class: "mj-blind", "aria-label": "tiles passed blind", "data-key": "blind",
          onchange: (e) => { model.set("blind", parseInt(e.target.value, 10)); model.save_changes(); } },
          [0, 1, 2, 3].map((n) => h("option", { value: String(n), selected: n === model.get("blind") }, String(n))))) : null;
      const wanted = ch.kind === "negotiated" ? "0 to 3" : String(3 - model.get("blind"));
      items.push(h("span", {}, `${ch.name}: pick ${wanted} tiles to pass to ${ch.to}`), blind,
        h("button", { class: "mj-btn mj-primary mj-pass", "data-key": "pass", onclick: () => send("pass_selected") },
          `Pass ${plural(picked.length, "tile")}`));
    }
    if (view.mahjongg) {
      items.push(h("button", { class: "mj-btn mj-win-button mj-act-declare_mahjongg", "data-key": "declare",
        onclick: () => send("declare_mahjongg") }, "Mah Jongg!"));
    }
    if (view.can_discard) {
      items.push(h("button", { class: "mj-btn mj-primary mj-discard", "data-key": "discard", disabled: picked.length !== 1,
        onclick: () => send("discard") }, picked.length === 1 ? "Discard the picked tile" : "Pick a tile to discard"));
    }
    items.push(...callArea(view));
    const dead = [];
    const coach = model.get("coach_on") ? model.get("coach") || {} : {};
    const coachMarks = (button) => (button.kind === "exchange_joker" && coach.exchange && coach.exchange.take &&
        coach.exchange.owner === button.args.owner && coach.exchange.group === button.args.group) ||
      (button.kind === "vote" && coach.vote && coach.vote.second === button.args.second_charleston);
    const notes = [];
    for (const button of view.buttons) {
      if (["pass_call", "call_mahjongg", "declare_mahjongg"].includes(button.kind)) continue;  // drawn above
      if (button.kind === "call_dead") { dead.push(button); continue; }
      const marked = coachMarks(button);
      items.push(h("button", { class: `mj-btn mj-act mj-act-${button.kind}` + (marked ? " mj-coach-choice" : ""),
        "data-key": `act-${button.label}`, onclick: () => send(button.kind, button.args) }, button.label,
        marked ? h("span", { class: "mj-coach-mark", title: "the coach's choice" }, " \u2605 the coach's choice") : null));
      if (button.kind === "exchange_joker" && !notes.includes("exchange")) notes.push("exchange");
      if (button.kind === "vote" && !notes.includes("vote")) notes.push("vote");
    }
    if (ch && ch.yours && ch.kind === "negotiated") notes.push("courtesy");
    items.push(...notes.map(coachNote));
    if (dead.length) {
      items.push(h("select", { class: "mj-call-dead", "aria-label": "call a hand dead", "data-key": "call-dead",
        onchange: (e) => { if (e.target.value !== "") send("call_dead", { target: parseInt(e.target.value, 10) }); } },
        h("option", { value: "" }, "Call a hand dead\u2026"),
        dead.map((b) => h("option", { value: String(b.args.target) }, b.label))));
    }
    return h("div", { class: "mj-bar mj-moves" }, items);
  }

  function strip(view) {
    if (model.get("coach_on") || !view.nearest || !view.nearest.length) return null;
    return h("div", { class: "mj-strip", "aria-label": "your nearest lines" },
      h("span", { class: "mj-strip-title" }, "Nearest lines:"),
      view.nearest.map((row) => h("span", { class: "mj-strip-line" + (row.dead ? " mj-strip-dead" : ""),
        title: row.dead ? "dead: the tiles it needs are out of play" : `${plural(row.distance, "tile")} away` },
        `${row.line} \u00b7 ${row.dead ? "dead" : row.distance === 0 ? "complete" : `${row.distance} away`}`)));
  }

  function stickies() {
    const items = model.get("stickies");
    if (!items.length) return null;
    return h("div", { class: "mj-stickies" }, items.map((item) =>
      h("div", { class: `mj-sticky mj-sticky-${item.kind.replace(/ /g, "-")}`, "data-sticky": String(item.id) },
        h("span", { class: "mj-sticky-text" }, item.text),
        h("button", { class: "mj-btn mj-dismiss", "data-key": `dismiss-${item.id}`, "aria-label": `Dismiss: ${item.text}`,
          onclick: () => send("dismiss", { sticky: item.id }) }, "OK"))));
  }

  function log(view) {
    const box = h("details", { class: "mj-log", open: logOpen },
      h("summary", { "data-key": "log" }, `Game log (${plural(view.log.length, "line")}, newest last)`),
      h("ol", { class: "mj-log-lines", tabindex: "0", "aria-label": "the game log, newest last", "data-key": "log-lines" },
        view.log.length ? view.log.map((line) => h("li", {}, line)) : h("li", { class: "mj-muted" }, "Nothing has happened yet.")));
    box.addEventListener("toggle", () => { logOpen = box.open; });
    return box;
  }

  // -- after the game ----------------------------------------------------------------------------------------
  function scores(view) {
    const s = view.scores;
    if (!s || !s.games) return null;
    // one column per player (East passes on after each game, so seats change; people do not)
    return h("div", { class: "mj-section mj-scores" },
      h("div", { class: "mj-heading" }, `The session so far: ${plural(s.games, "game")} (${s.kind})`),
      resultsTable("mj-score-table", s.players.map((name, i) => `${name} (${s.seats[i]} now)`),
        [h("tr", {}, s.totals.map((x) => h("td", { class: "mj-num" }, String(x))))]));
  }

  function banner(view) {
    const b = view.banner;
    if (!b || !view.result) return null;
    const unit = view.scores && view.scores.kind === "points" ? "points" : "";
    const money = b.amount === 0 ? "You pay nothing and receive nothing." :
      b.amount > 0 ? `You receive ${b.amount}${unit ? " " + unit : ""}.` : `You pay ${-b.amount}${unit ? " " + unit : ""}.`;
    const hands = view.result.wins.map((win) => h("div", { class: "mj-winning-hand" },
      h("span", { class: "mj-muted", html: `${win.line} ${win.pattern} ` }), groups(model, win.hand, 36)));
    return h("div", { class: `mj-section mj-result mj-banner mj-banner-${b.kind}` + (b.kind === "win" ? " mj-win" : "") },
      h("div", { class: "mj-banner-title" }, b.title),
      h("div", { class: "mj-banner-detail" }, b.detail),
      h("div", { class: "mj-banner-money" }, money),
      hands,
      h("details", { class: "mj-result-lines" }, h("summary", {}, "How it was scored"),
        view.result.lines.map((line) => h("div", {}, line))),
      scores(view),
      model.get("replaying") ? null : h("button", { class: "mj-btn mj-primary mj-next-game", "data-key": "next-game",
        onclick: () => send("new_game") }, "Deal the next game"));
  }

  const percent = (p) => (p >= 0.995 ? "99+%" : p > 0 && p < 0.001 ? "<0.1%" : `${(100 * p).toFixed(1)}%`);

  function coachPanel() {
    if (!model.get("coach_on")) return null;
    const coach = model.get("coach") || {};
    const parts = [h("div", { class: "mj-heading" }, "The coach")];
    // one sentence for the moment, whatever it is (your move or not): the panel is never silent or stale
    parts.push(h("div", { class: `mj-coach-say mj-coach-${coach.phase || "wait"}` },
      coach.say || "The coach is reading the table\u2026"));
    if (coach.advice && coach.advice.length) {
      parts.push(h("ol", { class: "mj-advice" }, coach.advice.map((a) =>
        h("li", {}, h("b", {}, `Throw ${a.tile}`), `: ${a.reason}`))));
    }
    if (coach.exchange) {
      parts.push(h("div", { class: "mj-advice mj-coach-exchange" }, h("b", {}, "A joker on the table: "), coach.exchange.reason));
    }
    if (coach.lines && coach.lines.length) {
      // one chance per line, with its horizon in words (from Python); at a discard, once the coach's throw is made
      const after = coach.advice && coach.advice.length ? ` once you throw ${coach.advice[0].tile}` : "";
      parts.push(h("div", { class: "mj-coach-horizon" }, `Your chance to finish each line ${coach.horizon}${after}:`));
      const rows = coach.lines.map((line) => h("tr", { class: line.dead ? "mj-dead-line" : "" },
        h("td", { html: `${line.line} ${line.pattern}` }),
        h("td", { class: "mj-num" }, String(line.distance)),
        h("td", { class: "mj-num" }, String(line.outs)),
        h("td", {}, line.needs.length ? groups(model, line.needs, 24) : "nothing"),
        h("td", { class: "mj-num" }, line.dead ? "dead" : (line.simulated ? "\u2248 " : "") + percent(line.p_win))));
      parts.push(resultsTable("mj-coach-lines", ["Line", "Tiles away", "Outs", "Needs", "Chance"], rows));
    }
    return h("div", { class: "mj-section mj-coach" }, parts);
  }

  // the coach's word beside the control it is about (the call chooser, the joker exchange, the vote, the courtesy)
  function coachNote(kind) {
    if (!model.get("coach_on")) return null;
    const coach = model.get("coach") || {};
    const text = kind === "call" ? (coach.call || {}).reason : kind === "exchange" ? (coach.exchange || {}).reason :
      kind === "vote" ? (coach.vote || {}).reason : kind === "courtesy" ? (coach.offer || {}).reason : null;
    return text ? h("div", { class: `mj-coach-note mj-coach-note-${kind}` }, h("b", {}, "The coach: "), text) : null;
  }

  function reviewPanel(view) {
    const rows = model.get("review_rows");
    if (!rows.length) {
      return view.result && model.get("coach_available")
        ? h("button", { class: "mj-btn mj-review", "data-key": "review", onclick: () => send("show_review") }, "Review my game with the coach") : null;
    }
    const lost = (p) => (p > 0.005 ? p.toFixed(2) : "0");
    const body = rows.map((row) => h("tr", { class: `mj-verdict-${row.verdict.replace(/ /g, "-")}` },
      h("td", {}, row.step),
      h("td", {}, row.category),
      h("td", {}, groups(model, [row.rack, ...row.exposures], 20)),
      h("td", {}, `${row.you} (${percent(row["your chance"])})`),
      h("td", {}, `${row.coach} (${percent(row["coach's chance"])})`),
      h("td", { class: "mj-num" }, lost(row["regret (points)"])),
      h("td", {}, row.confidence),
      h("td", {}, row.reason,
        row.alternatives.length > 1
          ? h("div", { class: "mj-muted" }, "Best three: " + row.alternatives.map((a) => `${a.choice} ${percent(a.chance)}`).join("; "))
          : null)));
    const curve = model.get("review_curve");  // (set with review_rows, in one message: no listener of its own)
    return h("div", { class: "mj-section mj-review-table" },
      h("div", { class: "mj-heading" }, "Your game beside the coach's: the costliest decisions first"),
      model.get("review_summary") ? h("p", { class: "mj-review-summary" }, model.get("review_summary")) : null,
      curve ? h("img", { class: "mj-review-curve", src: curve, alt: "your chance to finish after each decision, beside the coach's" }) : null,
      resultsTable("mj-review-rows", ["When", "What", "Your rack", "You", "The coach", "Points lost", "How sure", "Why"], body));
  }

  function saveBar() {
    const name = h("input", { type: "text", class: "mj-save-name", value: `game_seed_${model.get("seed")}.json`,
      "aria-label": "file name for the saved game", "data-key": "save-name" });
    return h("div", { class: "mj-bar mj-save" }, h("label", {}, "Save this game as ", name),
      h("button", { class: "mj-btn mj-save-button", "data-key": "save", onclick: () => send("save", { path: name.value }) }, "Save"),
      h("span", { class: "mj-muted" }, "replay it with GameTable.open_saved(...) or Game.load(...)"));
  }

  // -- drawing ---------------------------------------------------------------------------------------------
  function draw() {
    const view = model.get("view");
    const places = Object.fromEntries(view.seats.map((s) => [s.where, s]));
    const items = model.get("stickies");
    root.dataset.serial = String(view.serial);
    if (clickedAt !== null) {
      latencies.push(Math.round(performance.now() - clickedAt));
      if (latencies.length > 200) latencies.shift();
      root.dataset.latencies = latencies.join(",");
      clickedAt = null;
    }
    const fresh = !previous || view.floor.length !== previous.floor.length || view.last !== previous.last;
    const freshDraw = !previous || view.drawn !== previous.drawn || view.rack.length !== previous.rack.length;
    if (previous !== view) sound(soundFor(previous, view, items.length));

    // what the redraw must keep: the focused control, the log's scroll
    const active = document.activeElement;
    let focusKey = focusAfter;
    if (focusKey === null && active && root.contains(active)) focusKey = active.dataset.key || null;
    focusAfter = null;
    const oldLog = root.querySelector(".mj-log-lines");
    const logAtEnd = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const logTop = oldLog ? oldLog.scrollTop : 0;

    const ask = model.get("confirming");
    const askKey = ask && ask.action ? JSON.stringify(ask) : "";
    if (askKey && askKey !== lastConfirm) focusKey = "confirm-no";  // a question: the safe answer has the focus
    lastConfirm = askKey;

    root.classList.toggle("mj-kernel-is-gone", gone);
    root.replaceChildren(...[
      bar(view),
      gone ? h("div", { class: "mj-alert mj-kernel-gone", role: "alert" }, KERNEL_GONE) : null,
      banner(view),
      stickies(),
      h("div", { class: "mj-layout" },
        h("div", { class: "mj-main" },
          tableSquare(view, places, fresh),
          h("div", { class: "mj-your-rack" + (places.you.turn ? " mj-turn" : "") },
            model.get("warning") ? h("div", { class: "mj-alert mj-warning", role: "alert" }, model.get("warning")) : null,
            confirmBox(),
            rack(view, freshDraw),
            strip(view),
            yourMoves(view)),
          h("div", { class: `mj-message mj-${model.get("message_kind")}`, role: "status" }, model.get("message"))),
        h("div", { class: "mj-side" }, log(view))),
      coachPanel(),
      reviewPanel(view),
      view.result && !model.get("replaying") ? saveBar() : null].filter(Boolean));

    const newLog = root.querySelector(".mj-log-lines");
    if (logWatch) logWatch.disconnect();
    if (newLog) {
      newLog.scrollTop = logAtEnd ? newLog.scrollHeight : logTop;
      // the newest line in view, also when the table is first laid out (or its log first opened)
      if (logAtEnd && typeof ResizeObserver !== "undefined") {
        logWatch = new ResizeObserver(() => { newLog.scrollTop = newLog.scrollHeight; });
        logWatch.observe(newLog);
      }
    }
    if (focusKey !== null) {
      let target = root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (!target && focusKey.startsWith("rack-")) {  // the tile left the rack: the nearest place still there
        const tiles = root.querySelectorAll(".mj-rack-tile");
        target = tiles.length ? tiles[Math.min(parseInt(focusKey.slice(5), 10), tiles.length - 1)] : null;
      }
      if (!target) target = root.querySelector(".mj-moves button:not([disabled])") || root.querySelector(".mj-rack-tile");
      if (target) target.focus({ preventScroll: true });
    }
    previous = view;
    shownStickies = items.length;

    clearTimeout(timer);
    const delay = view.delay;
    if (!gone && model.get("pending") && delay !== null && delay !== undefined) {
      timer = setTimeout(() => send("next_move"), delay);
    }
  }

  let scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => { scheduled = false; draw(); });
  }
  const names = ["view", "selected", "blind", "pace", "pending", "message", "message_kind", "coach_on", "coach",
                 "warning", "review_rows", "auto_pass", "practice", "sounds", "confirming", "stickies"];
  for (const name of names) model.on(`change:${name}`, schedule);
  model.on("change:ack", answered);
  draw();
  return () => {
    clearTimeout(timer);
    if (unanswered !== null) clearTimeout(unanswered);
    if (logWatch) logWatch.disconnect();
    for (const name of names) model.off(`change:${name}`, schedule);
    model.off("change:ack", answered);
  };
}

export default { render };
