// mjlearn GameTable: one seat of a game against three computer players.
// Plain ES module for anywidget: no imports, no build step. The rules live in Python; this module
// draws `view` (what your seat sees) and sends each click as {action, args}.

// How long Python may take to acknowledge a click (the `ack` trait) before the table says the kernel is gone.
const ANSWER_WITHIN_MS = 5000;
const KERNEL_GONE = "The kernel is not answering: this table cannot move any more. Restart the kernel " +
  "(Kernel menu) and run this cell again; the same seed deals the same game.";

const JOKER = 35;

function render({ model, el }) {
  const root = h("div", { class: "mj-widget mj-game-table", "data-lm-suppress-shortcuts": "true" });  // Jupyter (Lumino) leaves keys pressed inside to it
  const board = h("div", { class: "mj-board" });  // what each redraw replaces; the live region stays beside it
  root.append(board);
  el.append(root);
  const uid = `mj-table-${Math.random().toString(36).slice(2, 10)}`;  // ids of this table's own, for the ARIA links
  const say = liveRegion(root);  // the screen reader's line: what happened, what is asked of you
  const memory = {};  // the tile of each group that keeps the group's Tab stop
  const help = { open: false };  // whether the list of keys is open

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
        toggle("large", "Large print", model.get("large"), "", {
          title: "18 px text, every button at least 48 pixels",
          onclick: () => { model.set("large", !model.get("large")); model.save_changes(); schedule(); } }),
        h("label", {}, "Computer moves ", pace)));
    box.addEventListener("toggle", () => { settingsOpen = box.open; });
    return box;
  }

  function bar(view, keys) {
    return h("div", { class: "mj-bar mj-topbar" },
      h("span", { class: "mj-heading mj-status" }, view.status),
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
      settings(), keys.button);
  }

  // -- the table: four seats around a square, each seat's discards in front of it ------------------------
  function backs(count) {
    const shown = Math.min(count, 14);
    return h("span", { class: "mj-backs", role: "img", title: `${count} tiles on the rack`, "aria-label": `${count} tiles on the rack` },
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

  // The discards are one Tab stop: the arrow keys read them in the order they were thrown, End is the last.
  function felt(view, places, fresh) {
    const bySeat = {};
    const thrownTiles = [];
    view.floor.forEach((thrown, i) => { (bySeat[thrown.seat] = bySeat[thrown.seat] || []).push([thrown, i]); });
    const pond = (where) => {
      const owner = places[where];
      const thrown = bySeat[owner.seat] || [];
      return h("div", { class: `mj-pond mj-pond-${where}`, "data-seat": owner.name, role: "group",
        "aria-label": `${player(owner)}: ${plural(thrown.length, "discard")}` },
        thrown.map(([d, i]) => {
          let cls = "mj-tile mj-pond-tile";
          if (i === view.last) cls += view.callable ? " mj-last mj-callable" : " mj-last";
          if (i === view.last && fresh) cls += " mj-new";
          const name = model.get("faces")[String(d.tile)].name;
          const last = i === view.last ? (view.call ? ", the last discard: you may call it" : ", the last discard") : "";
          const box = tile(model, d.tile, 30, { class: cls, title: `${name}, thrown by ${player(owner)}`, role: "img",
            "aria-label": `${name}, thrown by ${player(owner)}${last}`, "data-key": `floor-${i}`,
            "aria-describedby": i === view.last && view.call ? `${uid}-call` : null });
          box.querySelector("img").alt = "";
          thrownTiles[i] = box;
          return box;
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
    const floor = h("div", { class: "mj-floor mj-felt" }, pond("across"), pond("left"), centre, pond("right"), pond("you"));
    return roving(floor, thrownTiles.filter(Boolean), memory, "floor",
      `The discards (${view.floor.length}), in front of each player: the arrow keys read them in the order thrown`,
      { start: view.floor.length - 1, role: "group" });
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
  // Your rack is one Tab stop: the arrow keys move along it, Space or Enter picks a tile (aria-pressed), a joker
  // is marked not playable while tiles are passed (aria-disabled), the tile just drawn or received is said so.
  function rack(view, freshDraw) {
    const selected = model.get("selected");
    const received = new Set(view.received || []);
    const codes = view.rack;
    const ch = view.charleston;
    const passing = !!(ch && ch.yours && ch.kind !== "vote");
    let dragged = null;
    const boxes = codes.map((code, index) => {
      const picked = selected.includes(index);
      const drawn = view.drawn !== null && index === codes.length - 1 && code === view.drawn;
      let cls = "mj-rack-tile mj-clickable";
      if (picked) cls += " mj-selected";
      if (drawn) cls += " mj-drawn" + (freshDraw ? " mj-new" : "");
      if (received.has(index)) cls += " mj-received";
      const joker = passing && code === JOKER;
      const notes = [drawn ? "just drawn" : "", received.has(index) ? "just received" : "",
                     joker ? "never passed" : ""];
      const box = tileButton(model, code, 48, { key: `rack-${index}`, cls, pressed: picked, disabled: joker, notes,
        onpress: () => send("toggle_at", { index }), attrs: { "data-index": String(index), draggable: "true" } });
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
    return roving(h("div", { class: "mj-rack" }, boxes), boxes, memory, "rack", `Your rack, ${plural(codes.length, "tile")}`,
      { start: view.drawn !== null ? codes.length - 1 : 0 });
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
    const thrown = tile(model, call.tile, 30);
    thrown.querySelector("img").alt = "";  // the sentence names it
    const items = [h("span", { class: "mj-call-prompt", id: `${uid}-call` }, `${call.from} threw `, thrown,
      ` ${call.name}: you may call it.`)];
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
      const buttons = choices.map((c, i) => h("button", { class: "mj-btn mj-choice" + (coachCalls(c) ? " mj-coach-choice" : ""),
          "data-size": String(c.size), "data-jokers": String(c.jokers), "data-key": `choice-${i}`,
          "aria-label": `Call ${c.label}${coachCalls(c) ? ", the coach's choice" : ""}`,
          onclick: () => send("call", { size: c.size, jokers: c.jokers }) },
          groups(model, [c.tiles], 26), ` ${c.label}`, mark(coachCalls(c))));
      items.push(roving(h("div", { class: "mj-chooser" }, buttons), buttons, memory, "choice",
        `Call the ${call.name} for (Esc closes)`));
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
    return h("div", { class: "mj-strip" },
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
    const defence = coach.defence_note;
    if (defence && defence.say) {
      // late in the wall with a hot hand showing: whether the coach would give the hand up, and why (from Python)
      const title = { "give up": "Defence: play safe. ", "play on": "Defence: play on. " }[defence.verdict] ||
        "Defence: keep building. ";
      parts.push(h("div", { class: `mj-coach-defence mj-defence-${defence.verdict.replace(/ /g, "-")}`, role: "note",
        "aria-label": "the coach's defence" }, h("b", {}, title), defence.say));
    }
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

  // -- the keyboard and the screen reader -------------------------------------------------------------------
  const KEYS = [
    ["\u2190 \u2192 \u2191 \u2193, Home, End", "move along your rack, the discards or the call chooser"],
    ["Tab", "go on to the next part of the table: the buttons, the discards, your rack, the log"],
    ["Space or Enter", "pick the tile you are on, or put it back; press a button"],
    ["D", "discard the picked tile (with none picked, the tile you are on)"],
    ["W", "draw from the wall"],
    ["C", "call the discard (a chooser opens when there are several calls)"],
    ["L", "let the discard go"],
    ["P", "pass the picked tiles (the Charleston)"],
    ["V / N", "vote yes / no on a second Charleston"],
    ["M", "Mah Jongg (the table asks first when your tiles do not win)"],
    ["U", "undo your last move (practice mode)"],
    ["S", "sort your rack"],
    ["R / F", "go to your rack / the discards"],
    ["I", "hear the table: whose move, the wall, the last discard, your rack and nearest line"],
    ["X", "the next move (at the pace of one move per click)"],
    ["Alt + \u2190 \u2192", "move the tile you are on along the rack"],
    ["Esc", "close the call chooser or this list; answer no to a question"],
    ["?", "show or hide this list"],
  ];
  const HINT = "Keys: \u2190 \u2192 move along the rack, Space picks, D discards, W draws, C calls, L lets go, " +
    "P passes, M Mah Jongg, I hears the table, ? all keys.";
  const sentence = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

  // What is asked of you now, with its keys ("" when nothing is).
  function prompt(view) {
    if (view.result || model.get("replaying")) return "";
    const ch = view.charleston;
    if (ch && ch.yours) {
      if (ch.kind === "vote") return "Vote on a second Charleston: V for yes, N for no.";
      const wanted = ch.kind === "negotiated" ? "0 to 3" : String(3 - model.get("blind"));
      return `${capital(ch.name)}: pick ${wanted} tiles to pass to ${ch.to} (Space on a tile), then P to pass them.`;
    }
    if (view.call) {
      const c = view.call;
      const ways = [];
      if (c.choices.length) ways.push(c.choices.length === 1 ? `C to call it for ${c.choices[0].label}` : "C to call it");
      if (c.mahjongg) ways.push("M for Mah Jongg");
      ways.push("L to let it go");
      return `${c.from} threw ${c.name}: ${ways.join(", ")}.`;
    }
    if (view.buttons.some((b) => b.kind === "draw")) return "Your turn: W to draw from the wall.";
    if (view.can_discard) {
      return `Your turn to discard: D throws the tile you are on${view.mahjongg ? "; M for Mah Jongg, your tiles win" : ""}.`;
    }
    return "";
  }

  function moneyWords(view) {
    const b = view.banner;
    const unit = view.scores && view.scores.kind === "points" ? " points" : "";
    return b.amount === 0 ? "You pay nothing and receive nothing." :
      b.amount > 0 ? `You receive ${b.amount}${unit}.` : `You pay ${-b.amount}${unit}.`;
  }

  // The screen reader's line after a redraw: what happened since the last view (draws, discards, calls,
  // exposures, passes received), the messages that stay, the result, a question, the message, what is asked now.
  let toldSerial = null;
  let toldMessage = model.get("message_serial");
  let toldStickies = new Set();
  let toldPrompt = "";
  // (`open`: a question is on screen; the message that comes with it says the same for Python's users, unsaid)
  function announce(view, items, asked, open) {
    const first = toldSerial === null;
    const newView = view.serial !== toldSerial;
    const parts = [];
    if (newView && !first) parts.push(...(view.news || []));
    for (const item of items) if (!first && !toldStickies.has(item.id)) parts.push(item.text);
    toldStickies = new Set(items.map((item) => item.id));
    if (newView && !first && view.banner && !(previous && previous.banner)) {
      parts.push(view.banner.title, view.banner.detail, moneyWords(view));
    }
    if (asked) parts.push(asked.question, asked.reason, `Enter: ${asked.no}. Tab, then Enter: ${asked.yes}.`);
    else if (model.get("message_serial") !== toldMessage && model.get("message") && !open) parts.push(model.get("message"));
    toldMessage = model.get("message_serial");
    if (newView) {
      const now = prompt(view);
      const key = `${now}|${view.floor.length}|${view.rack.length}|${view.charleston ? view.charleston.name : ""}`;
      if (now && key !== toldPrompt && !first) parts.push(now);
      toldPrompt = key;
    }
    toldSerial = view.serial;
    say(parts.filter(Boolean).map(sentence).join(" "));
  }

  // I: the table in words, as a player would look it over.
  function tableWords() {
    const view = model.get("view");
    const faces = model.get("faces");
    const name = (code) => faces[String(code)].name;
    const parts = [view.status, `Wall: ${plural(view.wall, "tile")}`];
    const last = view.last !== null && view.last !== undefined ? view.floor[view.last] : null;
    if (last) {
      const owner = view.seats.find((s) => s.seat === last.seat);
      parts.push(`Last discard: ${name(last.tile)}, thrown by ${owner.where === "you" ? "you" : player(owner)}`);
    }
    parts.push(prompt(view), `Your rack: ${view.rack.map(name).join(", ") || "empty"}`);
    const you = view.seats.find((s) => s.where === "you");
    if (you.exposures.length) parts.push(`Your exposures: ${you.exposures.map((g) => g.text).join(", ")}`);
    if (view.nearest && view.nearest.length) {
      const row = view.nearest[0];
      parts.push(`Nearest line: ${row.line}, ${row.dead ? "dead" : row.distance === 0 ? "complete" : `${plural(row.distance, "tile")} away`}`);
    }
    return parts.filter(Boolean).map(sentence).join(" ");
  }

  const focusGroup = (name) => {
    const item = root.querySelector(`[data-roving="${name}"] [tabindex="0"]`);
    if (!item) return false;
    item.focus();
    return true;
  };
  const focusedTile = () => {
    const active = document.activeElement;
    return active && root.contains(active) && active.classList.contains("mj-rack-tile") ? parseInt(active.dataset.index, 10) : null;
  };
  function callKey() {
    const view = model.get("view");
    const call = view.call;
    if (!call) { say("No discard is yours to call now."); return; }
    if (call.choices.length === 1) { send("call", { size: call.choices[0].size, jokers: call.choices[0].jokers }); return; }
    if (!call.choices.length) {
      say(call.mahjongg ? "Only Mah Jongg uses this tile: M calls it." : "No call of this tile helps a line you can still make: L lets it go.");
      return;
    }
    chooser = `${view.floor.length}:${call.tile}`;
    const coach = model.get("coach_on") ? (model.get("coach") || {}).call : null;
    const marked = coach ? call.choices.findIndex((c) => c.size === coach.size && c.jokers === coach.jokers) : -1;
    delete memory.choice;
    focusAfter = `choice-${Math.max(marked, 0)}`;
    draw();
  }
  widgetKeys(root, {
    d: () => {
      const view = model.get("view");
      const index = focusedTile();
      if (model.get("selected").length !== 1 && view.can_discard && index !== null) {
        send("discard", { tile: model.get("faces")[String(view.rack[index])].notation });
      } else send("discard");
    },
    w: () => {  // the keyboard goes to the tile drawn
      const view = model.get("view");
      if (view.buttons.some((b) => b.kind === "draw")) focusAfter = `rack-${view.rack.length}`;
      send("draw");
    },
    c: callKey,
    l: () => send("pass_call"),
    p: () => send("pass_selected"),
    v: () => send("vote", { second_charleston: true }),
    n: () => send("vote", { second_charleston: false }),
    m: () => send(model.get("view").call ? "call_mahjongg" : "declare_mahjongg"),
    u: () => send("undo"),
    s: () => send("sort_rack"),
    x: () => send("next_move"),
    r: () => focusGroup("rack"),
    f: () => focusGroup("floor"),
    i: () => say(tableWords()),
    "?": () => { help.open = !help.open; focusAfter = "keys"; draw(); },
    Escape: () => {
      if (chooser !== null) { chooser = null; focusAfter = "call"; draw(); return true; }
      if (help.open) { help.open = false; focusAfter = "keys"; draw(); return true; }
      if (model.get("confirming") && model.get("confirming").action) { send("cancel_confirm"); return true; }
      return false;
    },
  });

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
    const saved = focusAfter !== null ? { key: focusAfter, caret: null } : focusedKey(root);
    focusAfter = null;
    if (fresh) delete memory.floor;  // the discards' Tab stop on the newest, unless the keyboard is reading them
    const oldLog = root.querySelector(".mj-log-lines");
    const logAtEnd = !oldLog || oldLog.scrollTop + oldLog.clientHeight >= oldLog.scrollHeight - 4;
    const logTop = oldLog ? oldLog.scrollTop : 0;

    const ask = model.get("confirming");
    const askKey = ask && ask.action ? JSON.stringify(ask) : "";
    const asked = askKey && askKey !== lastConfirm;
    const target = asked ? { key: "confirm-no", caret: null } : saved;  // a question: the safe answer has the focus
    lastConfirm = askKey;
    announce(view, items, asked ? ask : null, !!askKey);

    root.classList.toggle("mj-kernel-is-gone", gone);
    root.classList.toggle("mj-large", !!model.get("large"));
    const keys = keysHelp(help, uid, KEYS, HINT, draw);
    board.replaceChildren(...[
      bar(view, keys),
      keys.list,
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
            yourMoves(view),
            keys.hint),
          h("div", { class: `mj-message mj-${model.get("message_kind")}` }, model.get("message"))),
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
    // the same control or tile again; a button that went (Draw, Let it go...) leaves the keyboard on the rack
    restoreFocus(root, target, () => root.querySelector(".mj-rack-tile[tabindex='0']") ||
      root.querySelector(".mj-moves button:not([disabled])"));
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
                 "warning", "review_rows", "auto_pass", "practice", "sounds", "confirming", "stickies", "large",
                 "message_serial"];
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
