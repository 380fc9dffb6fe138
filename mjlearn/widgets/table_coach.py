"""The coach beside a table: what the panel of a :class:`~mjlearn.widgets.GameTable` shows.

Only what the student's seat can see is used: the rack, the seat's own
exposures, the discards and the others' exposures; never a hidden rack or
the wall's order. The chances are the coach's model
(:meth:`Card.win_chances <mjlearn.card.Card.win_chances>`: the next tiles
drawn at random from the unseen ones, no calls); the danger of a discard is
:func:`mjlearn.analysis.defence.danger_table`'s estimate.

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
from ._common import groups_of
from .table_review import draws_left

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.game import Game

__all__ = ["coach_panel", "hot_tile_warning", "call_choice", "LINES_SHOWN", "ADVICE_SHOWN"]

LINES_SHOWN = 5
ADVICE_SHOWN = 3


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


def coach_panel(game: "Game", seat: int) -> dict:
    """What the coach shows ``seat`` now: its best lines and, on its turn, the discards it would make.

    ``{"draws": N, "horizon": "in the N draws you can still expect", "lines": [...], "advice": [...],
    "pass": [...]}``: ``lines`` are the best lines with tiles away, outs and chance within ``draws``
    draws (the draws this seat can still expect, :func:`~mjlearn.analysis.horizon.seat_draws`;
    ``horizon`` says it in words); ``advice`` (14 tiles on the rack) the best discards with the
    coach's reason; ``pass`` (a Charleston step) the tiles the coach would pass.
    """
    from ..analysis import suggest_pass

    card, rules = game.card, game.ruleset
    draws = draws_left(game, seat)
    panel: dict = {"draws": draws, "horizon": horizon_phrase(draws), "lines": [], "advice": [], "pass": []}
    if game.phase == "over" or seat in game.dead:
        return panel
    if game.phase == "charleston":
        rack = game.charleston.racks[seat]
        panel["lines"] = _line_rows(card, card.win_chances(rack, draws=draws, ruleset=rules))
        panel["pass"] = [t.notation for t in suggest_pass(card, rack, ruleset=rules)]
        return panel
    rack = game.racks[seat]
    exposures = [str(e) for e in game.exposures[seat]]
    visible = _visible(game, seat)
    held = len(rack) + sum(e.size for e in game.exposures[seat])
    if held == 14:
        advice = card.discard_advice(rack, draws=draws, exposures=exposures, visible=visible, ruleset=rules)
        panel["advice"] = [{"tile": row.tile, "line": f"{row.category} #{row.line}", "p_win": float(row.p_win),
                            "reason": row.reason} for row in advice.head(ADVICE_SHOWN).itertuples()]
        after = list(rack.tiles())
        after.remove(as_tile(advice.iloc[0].tile))
        table = card.win_chances(Hand(after), draws=draws, exposures=exposures, visible=visible, ruleset=rules)
    else:
        table = card.win_chances(rack, draws=draws, exposures=exposures, visible=visible, ruleset=rules)
    panel["lines"] = _line_rows(card, table)
    return panel


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


def call_choice(game: "Game", seat: int, bot=None) -> dict:
    """What the coach would do with the live discard: ``{"mahjongg": True}``, ``{"size": 4, "jokers": 1}``
    (a call) or ``{"pass": True}`` (let it go); ``{}`` when ``seat`` has no discard to answer.

    ``bot`` is the :class:`~mjlearn.rules.CoachBot` that decides (one for the card and ruleset by default).
    """
    if game.phase != "calls" or seat not in game.waiting_for() or seat in game.dead:
        return {}
    if bot is None:
        from ..rules import CoachBot

        bot = CoachBot(game.card, game.ruleset, seed=game.seed)
    tile = game.last_discard[1]
    decision = bot.call_decision(game, seat, game.racks[seat].counts, tuple(game.exposures[seat]), tile)
    if decision is None:
        return {"pass": True}
    if decision[0] == "mahjongg":
        return {"mahjongg": True}
    return {"size": int(decision[1]), "jokers": int(decision[2])}
