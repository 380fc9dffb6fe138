"""The coach beside a table: what the panel of a :class:`~mjlearn.widgets.GameTable` shows.

Only what the student's seat can see is used: the rack, the seat's own
exposures, the discards and the others' exposures; never a hidden rack or
the wall's order. The chances are the coach's model
(:meth:`Card.win_chances <mjlearn.card.Card.win_chances>`: the next tiles
drawn at random from the unseen ones, no calls); the danger of a discard is
:func:`mjlearn.analysis.defence.danger_table`'s estimate. Calls, joker
exchanges, the vote and the courtesy offer are the decisions of a
:class:`~mjlearn.rules.CoachBot`, read through its public decision methods
only, so the panel follows the computer coach as it grows stronger; the
reasons say, in words, what each choice does to the nearest line.

>>> import mjlearn as mj
>>> from mjlearn.rules import Game
>>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
...                           turn=0, phase="discard", seed=4)
>>> panel = coach_panel(game, seat=0)
>>> panel["advice"][0]["tile"] in ("3C", "N"), panel["lines"][0]["line"]
(True, '2468 #1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..analysis.horizon import horizon_phrase
from ..rules.setup import SEATS
from ..hands import Hand
from ..tiles import Tile, as_tile
from ..wording import counted, listed
from ._common import groups_of
from .table_review import draws_left
from .table_view import tile_words, wins_now

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.game import Game

__all__ = ["coach_panel", "defence_note", "hot_tile_warning", "call_choice", "exchange_choice", "LINES_SHOWN",
           "ADVICE_SHOWN", "LINE_SAMPLES", "THROW_SAMPLES"]

LINES_SHOWN = 5
ADVICE_SHOWN = 3
LINE_SAMPLES = 2000
"""Simulated draws behind each line's chance in the panel, where it is not worked out exactly."""
THROW_SAMPLES = 500
"""Simulated draws behind the comparison of throws (:func:`~mjlearn.analysis.discard_advice`)."""


def _opponents(game: "Game", seat: int) -> dict[str, list[str]]:
    return {SEATS[other]: [str(e) for e in game.exposures[other]] for other in range(4) if other != seat}


def _discards(game: "Game") -> list[Tile]:
    return [tile for _, tile in game.discards]


def _visible(game: "Game", seat: int) -> list[Tile]:
    return [Tile(kind) for kind, count in enumerate(game.visible(seat)) for _ in range(count)]


def _line_rows(card, table, dead_nearer: bool = True) -> list[dict]:
    """The best lines by chance, and a dead line nearer than all of them (greyed: it cannot be made)."""
    from ..render.html import pattern_html

    live = table[~table.dead].head(LINES_SHOWN)
    rows = [row for _, row in live.iterrows()]
    if dead_nearer and len(live):
        nearer = table[table.dead & (table.distance < int(live.distance.min()))].sort_values("distance").head(1)
        rows += [row for _, row in nearer.iterrows()]
    return [{
        "line": f"{row.category} #{row.line}",
        "pattern": pattern_html(card.line(row.category, int(row.line)), "0.9em"),
        "distance": int(row.distance),
        "outs": int(row.outs),
        "needs": groups_of(row.needs) if row.needs else [],
        "p_win": float(row.p_win),
        "simulated": row.method != "exact",
        "dead": bool(row.dead),
    } for row in rows]


_GROUPS = {3: "pung", 4: "kong", 5: "quint", 6: "sextet"}


def _nearest(game: "Game", seat: int, counts, exposures, visible) -> tuple[str, int] | None:
    """``seat``'s nearest live line (the nearest of all when none is live) for these counts and exposures,
    as ``(name, tiles away)``; ``None`` when the exposures allow no line."""
    import numpy as np

    from ..analysis.closest import nearest_hands

    compiled = game.card.compiled(game.ruleset)
    exposures = tuple(exposures)
    live = compiled.live(visible, exposures) if visible is not None else None
    found, distance, _, dead = nearest_hands(compiled, np.asarray(counts, dtype=np.int16), exposures, live)
    if not len(found):
        return None
    order = np.lexsort((found, -compiled.line_value[found], distance, dead))
    line = compiled.lines[found[order[0]]]
    return f"{line.category} #{line.number}", int(distance[order[0]])


def _away(nearest: tuple[str, int]) -> str:
    """``"2468 #1 (3 tiles away)"``."""
    name, distance = nearest
    return f"{name} (complete)" if distance == 0 else f"{name} ({counted(distance, 'tile')} away)"


def _where(nearest: tuple[str, int] | None) -> str:
    """``"your nearest line, 2468 #1, is 3 tiles away"`` (or ``"... is complete"``)."""
    if nearest is None:
        return "no line of the card is open to you"
    name, distance = nearest
    return f"your nearest line, {name}, is " + ("complete" if distance == 0 else counted(distance, "tile") + " away")


def _whom(game: "Game", seat: int) -> str:
    """What the table waits for when it is not ``seat``'s move, in words."""
    waiting = game.waiting_for()
    if game.phase == "calls":
        return "the others are answering the discard"
    if game.phase == "charleston":
        return "the others are passing" if waiting else "the Charleston goes on"
    if waiting:
        return f"{SEATS[waiting[0]]} is to {'draw' if game.phase == 'draw' else 'discard'}"
    return "the table plays on"


def coach_panel(game: "Game", seat: int, bot=None) -> dict:
    """What the coach shows ``seat`` now: a sentence for the moment, its best lines and the advice for the
    decision ``seat`` faces, each with a reason in words.

    At a discard late in the game, when an opponent shows a hot hand, ``defence_note`` says whether the
    coach would give the hand up and why (:func:`defence_note`); when it would, ``say`` names the safe
    throw.

    Always ``{"moves": N, "phase": ..., "say": "...", "draws": N, "horizon": "in the N draws you can still
    expect", "lines": [...], "advice": [...], "pass": []}``: ``moves`` is the position answered (the
    moves made so far), ``say`` a sentence for it, ``phase`` the decision: ``"pass"`` (a Charleston pass:
    ``pass``, the tiles to pass), ``"vote"`` (``vote``: ``{"second": bool, "reason"}``), ``"courtesy"``
    (``offer``: ``{"count", "tiles", "reason"}``), ``"draw"``, ``"discard"`` (``advice``: the best throws
    with the coach's reason; ``exchange``: ``{"take": bool, "owner", "group", "tile", "reason"}`` when a
    joker can be taken; ``mahjongg`` when the tiles win), ``"call"`` (``call``: as :func:`call_choice`,
    with a ``reason``), ``"wait"`` (not your move), ``"dead"`` (your hand is dead, or no line can use
    your exposures: ``defence`` is then the safest throw, by
    :func:`~mjlearn.analysis.defence.danger_table`) or ``"over"``.

    ``lines`` are the best lines with tiles away, outs and chance of finishing within ``draws`` draws
    (the draws this seat can still expect, :func:`~mjlearn.analysis.horizon.seat_draws`; ``horizon``
    says it in words): the only chances shown, one per line (the throws' reasons name lines, not chances).
    At a discard they are the chances once the coach's throw is made. ``bot`` is the
    :class:`~mjlearn.rules.CoachBot` whose decisions the advice follows for calls, joker exchanges, the
    vote and the courtesy pass (one for the card and ruleset by default).
    """
    card, rules = game.card, game.ruleset
    draws = draws_left(game, seat)
    panel: dict = {"moves": len(game.moves), "phase": "wait", "say": "", "draws": draws,
                   "horizon": horizon_phrase(draws), "lines": [], "advice": [], "pass": []}
    if game.phase == "over":
        panel.update(phase="over", say="The game is over: the coach looks back with you in the review.")
        return panel
    if seat in game.dead:
        panel.update(phase="dead", say="Your hand is dead: you play no further in this game, so the coach has"
                                       " nothing to advise until the next one.")
        return panel
    if seat not in game.waiting_for():
        panel["say"] = f"The coach speaks when it is your move: {_whom(game, seat)}."
        return panel
    if bot is None:
        from ..rules import CoachBot

        bot = CoachBot(card, rules, seed=game.seed)
    if game.phase == "charleston":
        return _charleston_advice(game, seat, bot, panel)
    rack = game.racks[seat]
    exposures = [str(e) for e in game.exposures[seat]]
    visible = _visible(game, seat)
    compiled = card.compiled(rules)
    if game.exposures[seat] and not compiled.allowed(tuple(game.exposures[seat])).any():
        return _no_line_advice(game, seat, bot, panel)
    if game.phase == "calls":
        panel.update(phase="call", call=call_choice(game, seat, bot, reason=True))
        panel["say"] = panel["call"]["reason"]
    elif game.phase == "draw":
        panel.update(phase="draw", say="Draw a tile: the coach advises your throw once you hold it.")
    held = len(rack) + sum(e.size for e in game.exposures[seat])
    if game.phase == "discard" and held == 14:
        panel["phase"] = "discard"
        exchange = exchange_choice(game, seat, bot)
        if exchange:
            panel["exchange"] = exchange
        if wins_now(game, seat):
            panel.update(mahjongg=True, say="Your tiles win: declare Mah Jongg!")
        advice = card.discard_advice(rack, draws=draws, exposures=exposures, visible=visible, ruleset=rules,
                                     samples=THROW_SAMPLES, chances=False)
        panel["advice"] = [{"tile": row.tile, "line": f"{row.category} #{row.line}", "reason": row.reason}
                           for row in advice.head(ADVICE_SHOWN).itertuples()]
        note = defence_note(game, seat, bot)
        if note:
            panel["defence_note"] = note
            if note["verdict"] == "give up":  # the throws listed are the safe ones, not those that build the hand
                tiles = note["safe_tiles"]
                hot = " or ".join(note["hot"])
                panel["advice"] = [{"tile": tile, "line": "", "reason": f"as safe as any tile you hold: the least likely"
                                    f" to give {hot} Mah Jongg"} for tile in tiles[:ADVICE_SHOWN]]
                if not panel["say"]:
                    panel["say"] = (f"Play safe: throw {' or '.join(tiles)}, the coach's safest tile"
                                    + ("s" if len(tiles) > 1 else "") + " (it gives this hand up; see why below).")
        if not panel["say"]:
            first = panel["advice"][0]
            why = first["reason"][:1].lower() + first["reason"][1:]
            panel["say"] = ("Take the joker first (the coach then looks at your throw again); without it, throw"
                            if exchange and exchange["take"] else "Throw") + f" {first['tile']}: {why}"
        after = list(rack.tiles())
        after.remove(as_tile(panel["advice"][0]["tile"]))  # (the chances shown once the first throw listed is made)
        table = card.win_chances(Hand(after), draws=draws, exposures=exposures, visible=visible, ruleset=rules,
                                 samples=LINE_SAMPLES)
    else:
        table = card.win_chances(rack, draws=draws, exposures=exposures, visible=visible, ruleset=rules,
                                 samples=LINE_SAMPLES)
    panel["lines"] = _line_rows(card, table)
    return panel


def defence_note(game: "Game", seat: int, bot=None) -> dict:
    """The coach's defence for ``seat`` now, for the panel: ``{}`` when it does not apply (earlier than
    :data:`~mjlearn.rules.coach_bot.GIVE_UP_WALL` tiles left, or no opponent showing two or more exposures),
    else ``{"verdict", "say", "wall_left", "hot", "rate", "holds_back", "chance", "draws", "worth",
    "threshold", "safe", "safe_tiles"}``: ``verdict`` is ``"give up"`` (the coach would stop building the hand and throw
    safe tiles), ``"play on"`` (the hand is poor, but the others feed hot hands freely, so holding back would
    not stop them) or ``"keep building"`` (the hand is worth more than giving up saves); ``say`` the same in
    plain words, the chance with its horizon (:meth:`DefenceState.words
    <mjlearn.rules.coach_defence.DefenceState.words>`); ``chance``, ``draws``, ``worth`` and ``threshold`` the
    figures it names; ``hot`` the seats showing a hot hand; ``rate`` and
    ``holds_back`` the table's reading (the others' hot throws over those of players blind to danger);
    ``safe`` the tile the coach would throw when it gives the hand up (its safest; ``safe_tiles``: it and the
    tiles as safe), else the tile the others are least likely to win on
    (:func:`~mjlearn.analysis.defence.danger_table`).

    The decision is ``bot``'s (:meth:`CoachBot.defence_state <mjlearn.rules.CoachBot.defence_state>`, one
    for the card and ruleset by default): what its own discards would do in ``seat``'s place.

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
    ...                           turn=0, phase="discard", seed=4)
    >>> defence_note(game, 0)   # early in the wall, nobody has exposed: nothing to say
    {}
    """
    if bot is None:
        from ..rules import CoachBot

        bot = CoachBot(game.card, game.ruleset, seed=game.seed)
    state = bot.defence_state(game, seat)
    if not state.applies:
        return {}
    safe, tied = state.throw, list(state.throws)
    if not safe:
        from ..analysis.defence import danger_table

        dead = [SEATS[other] for other in game.dead if other != seat]
        safest = danger_table(game.card, game.racks[seat], _opponents(game, seat), discards=_discards(game),
                              exposures=[str(e) for e in game.exposures[seat]], wall_left=game.wall_left, dead=dead,
                              ruleset=game.ruleset)
        naturals = safest[safest.tile != Tile.JOKER.notation]
        safe = str((naturals if len(naturals) else safest).iloc[0].tile)
        tied = [safe]
    return {"verdict": state.verdict, "say": state.words(), "wall_left": state.wall_left,
            "hot": [SEATS[s] for s in state.hot], "rate": state.rate, "holds_back": bool(state.holds_back),
            "chance": state.chance, "draws": state.draws, "worth": state.worth, "threshold": state.threshold,
            "safe": safe, "safe_tiles": tied}


def _charleston_advice(game: "Game", seat: int, bot, panel: dict) -> dict:
    """The coach's advice for ``seat``'s Charleston move: the pass, the vote or the courtesy offer."""
    from ..analysis import suggest_pass

    card, rules = game.card, game.ruleset
    rack = game.charleston.racks[seat]
    step = game.charleston.step
    panel["lines"] = _line_rows(card, card.win_chances(rack, draws=panel["draws"], ruleset=rules,
                                                       samples=LINE_SAMPLES))
    where = _where(_nearest(game, seat, rack.counts, (), None))
    if step.kind == "vote":
        second = bool(bot.wants_second_charleston(rack.counts))
        reason = (f"Vote yes: {where}, and three more passes can bring the tiles it needs." if second else
                  f"Vote no: {where}; keep your rack as it is and start to play.")
        panel.update(phase="vote", vote={"second": second, "reason": reason}, say=reason)
    elif step.kind == "negotiated":
        tiles = [t.notation for t in bot.choose_offer(rack.counts)]
        reason = (f"Offer {counted(len(tiles), 'tile')}, {' '.join(tiles)}: none of your nearest lines uses them."
                  if tiles else "Offer none: each tile you hold is used by one of your nearest lines.")
        panel.update(phase="courtesy", offer={"count": len(tiles), "tiles": tiles, "reason": reason}, say=reason)
    else:
        panel["pass"] = [t.notation for t in suggest_pass(card, rack, ruleset=rules)]
        panel.update(phase="pass", say=f"Pass {' '.join(panel['pass'])}: the tiles your best lines use least"
                                       f" ({where}).")
    return panel


def _no_line_advice(game: "Game", seat: int, bot, panel: dict) -> dict:
    """The panel when no line of the card can use ``seat``'s exposures: the hand cannot win, so defence."""
    text = ("No line can use your exposures: your hand is dead (it cannot win).")
    panel["phase"] = "dead"
    if game.phase == "discard" and game.turn == seat:
        from ..analysis.defence import danger_table

        dead = [SEATS[other] for other in game.dead if other != seat]
        safest = danger_table(game.card, game.racks[seat], _opponents(game, seat), discards=_discards(game),
                              exposures=[str(e) for e in game.exposures[seat]], wall_left=game.wall_left, dead=dead,
                              ruleset=game.ruleset)
        panel["defence"] = tile = str(safest.iloc[0].tile)
        text += f" Play defence: throw the tiles the others are least likely to win on, {tile} first."
    elif game.phase == "calls":
        panel["call"] = {"pass": True, "reason": "Let it go: no line can use your exposures."}
        text += " Play defence: let every discard go."
    else:
        text += " Play defence: keep the tiles the others might need."
    panel["say"] = text
    return panel


def exchange_choice(game: "Game", seat: int, bot=None) -> dict:
    """Whether the coach would take a joker now: ``{"take": True, "owner", "group", "tile", "reason"}`` (the
    exchange it would make) or ``{"take": False, "tile", "reason"}``; ``{}`` when ``seat`` cannot exchange.

    The decision is ``bot``'s (:meth:`CoachBot.choose_exchange <mjlearn.rules.CoachBot.choose_exchange>`);
    the reason names the nearest line before and after.
    """
    moves = [m for m in game.legal_moves(seat) if m.kind == "exchange_joker"] \
        if game.phase == "discard" and game.turn == seat and seat not in game.dead else []
    if not moves:
        return {}
    if bot is None:
        from ..rules import CoachBot

        bot = CoachBot(game.card, game.ruleset, seed=game.seed)
    counts = game.racks[seat].counts
    exposures = tuple(game.exposures[seat])
    visible = game.visible(seat)
    table = [groups if owner not in game.dead or game.ruleset.exchange_in_dead_exposures else []
             for owner, groups in enumerate(game.exposures)]
    chosen = bot.choose_exchange(counts, exposures, visible, table)
    before = _nearest(game, seat, counts, exposures, visible)
    if chosen is None:
        tile = game.exposures[moves[0].owner][moves[0].group].tile
        after = list(counts)
        after[int(tile)] -= 1
        after[int(Tile.JOKER)] += 1
        then = _nearest(game, seat, after, exposures, visible)
        worse = before is not None and then is not None and then[1] > before[1]
        reason = (f"Keep your {tile.notation}: giving it for the joker would put your nearest line"
                  f" {counted(then[1], 'tile')} away instead of {counted(before[1], 'tile')}." if worse else
                  f"Keep your {tile.notation}: the coach's chances are no better with the joker"
                  + (f" ({_where(before)})." if before else "."))
        return {"take": False, "tile": tile.notation, "reason": reason}
    owner, group = chosen
    tile = game.exposures[owner][group].tile
    after = list(counts)
    after[int(tile)] -= 1
    after[int(Tile.JOKER)] += 1
    then = _nearest(game, seat, after, exposures, visible)
    reason = (f"Take the joker from {SEATS[owner]}'s {game.exposures[owner][group]} for your {tile.notation}:"
              f" a joker can stand in any group of 3 or more" + (f"; then {_where(then)}" if then else "") + ".")
    return {"take": True, "owner": int(owner), "group": int(group), "tile": tile.notation, "reason": reason}


def hot_tile_warning(game: "Game", seat: int, tile: Tile) -> str:
    """A warning if throwing ``tile`` now could give Mah Jongg to an opponent with two or more
    exposures (a "hot tile": tournaments take 20 or 25 points from the thrower); else ``""``."""
    from ..analysis.defence import danger

    opponents = _opponents(game, seat)
    dead = [SEATS[other] for other in game.dead if other != seat]
    table = danger(game.card, tile, opponents, discards=_discards(game), hand=game.racks[seat],
                   exposures=[str(e) for e in game.exposures[seat]], wall_left=game.wall_left, dead=dead,
                   ruleset=game.ruleset)
    hot = table[table.hot]
    if not len(hot):
        return ""
    names = ", ".join(f"{row.opponent} ({row.exposures})" for row in hot.itertuples())
    return (f"Careful: {tile.notation} is a hot tile. {names} could win on it"
            f" ({hot.iloc[0].completes}); in a tournament, throwing it costs 20 or 25 points.")


def call_choice(game: "Game", seat: int, bot=None, reason: bool = False) -> dict:
    """What the coach would do with the live discard: ``{"mahjongg": True}``, ``{"size": 4, "jokers": 1}``
    (a call) or ``{"pass": True}`` (let it go); ``{}`` when ``seat`` has no discard to answer. With
    ``reason``, a ``"reason"`` in words too: the nearest line before and after the call.

    ``bot`` is the :class:`~mjlearn.rules.CoachBot` that decides (one for the card and ruleset by default),
    through its public :meth:`call_decision <mjlearn.rules.CoachBot.call_decision>`.
    """
    if game.phase != "calls" or seat not in game.waiting_for() or seat in game.dead:
        return {}
    if bot is None:
        from ..rules import CoachBot

        bot = CoachBot(game.card, game.ruleset, seed=game.seed)
    tile = game.last_discard[1]
    decision = bot.call_decision(game, seat, game.racks[seat].counts, tuple(game.exposures[seat]), tile)
    if decision is None:
        choice: dict = {"pass": True}
    elif decision[0] == "mahjongg":
        choice = {"mahjongg": True}
    else:
        choice = {"size": int(decision[1]), "jokers": int(decision[2])}
    if reason:
        choice["reason"] = _call_reason(game, seat, choice, bot)
    return choice


def _call_reason(game: "Game", seat: int, choice: dict, bot) -> str:
    """Why the coach calls the live discard (or lets it go), in words."""
    from .table_view import _after_call, call_choices

    tile = game.last_discard[1]
    name = tile_words(tile)
    if choice.get("mahjongg"):
        return f"Call it for Mah Jongg: the {name} completes your hand."
    counts, exposures, visible = game.racks[seat].counts, tuple(game.exposures[seat]), game.visible(seat)
    before = _nearest(game, seat, counts, exposures, visible)

    def after(size: int, jokers: int):
        rest = list(counts)
        rest[int(tile)] -= size - 1 - jokers
        rest[int(Tile.JOKER)] -= jokers
        new, seen = _after_call(game, seat, size, jokers)
        return _nearest(game, seat, rest, new, seen)

    if "size" in choice:
        size, jokers = choice["size"], choice["jokers"]
        group = _GROUPS[size] + (f" with {counted(jokers, 'joker')}" if jokers else "")
        then = after(size, jokers)
        if before is not None and then is not None and then[1] < before[1]:
            text = (f"Call it for a {group}: it brings {then[0]} to {counted(then[1], 'tile')} away"
                    f" (from {before[1]})")
        else:
            text = f"Call it for a {group}" + (f": {_away(then)} after it" if then else "")
        return text + "; the coach's chances say the exposure is worth it."
    options = call_choices(game, seat)
    if not options:
        return f"Let it go: no line you can still make takes the {name} in an exposure."
    state = bot.defence_state(game, seat)
    if state.gives_up:  # (a hand given up makes no exposure; the chance stays in the lines' table)
        hot = listed(SEATS[other] for other in state.hot)
        return (f"Let it go: the coach gives this hand up (the wall is down to {state.wall_left} tiles, {hot}"
                f" {'shows' if len(state.hot) == 1 else 'show'} a hot hand, the others throw carefully and your"
                " hand is a long shot), so it makes no exposure now and calls a discard only to win.")
    best = min(((after(c["size"], c["jokers"]) or ("", 99))[1], c["label"]) for c in options)
    if before is not None and best[0] < before[1]:
        return (f"Let it go: {best[1]} would bring a line to {counted(best[0], 'tile')} away, but the coach's"
                f" chances rate your rack higher kept whole ({_where(before)}): an exposure rules out the"
                " concealed lines and shows your hand.")
    return f"Let it go: a call brings no line nearer than {_away(before)}." if before else "Let it go."
