"""The student's decisions at a table, and the review beside the coach's.

While a game is played at a :class:`~mjlearn.widgets.GameTable`, each
discard (and each Charleston pass) of the student is kept as a
:class:`Decision`: what the student could see at that moment and what they
chose. :func:`review` then asks the coach what it would have done in each
position, with the chance of completing a line that each choice left.

The whole game's review (every decision, ranked by regret, with the curve and a
reason, a confidence and a category for each) is :func:`mjlearn.review_game`
(:mod:`mjlearn.rules.review`), which the table's review button shows.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> moment = Decision("turn 3", "discard", mj.Hand("FF 222B 444B 66B 8C 9D N J"), (), (0,) * 36, 20, (mj.Tile.NORTH,))
>>> row = review(card, [moment], "NMJL").iloc[0]
>>> row["you"], row["coach"] in ("8C", "9D", "N"), row["verdict"] in ("as the coach", "fine")
('N', True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..hands import Hand
from ..tiles import Tile

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card
    from ..rules.game import Game

__all__ = ["Decision", "decision_before", "review", "draws_left", "FINE"]

FINE = 0.9
"""A discard that keeps at least this share of the coach's expected points is "fine"; less is "costly"."""


@dataclass(frozen=True)
class Decision:
    """One choice of the student and what they could see when they made it."""

    step: str
    """The game's step: ``"turn 12"``, ``"first right"``..."""
    kind: str
    """``"discard"`` or ``"pass"``."""
    rack: Hand
    exposures: tuple
    visible: tuple[int, ...]
    """The tiles out of play as the student saw them (36 counts: discards, others' exposures)."""
    draws: int
    """The draws the student could still expect from here (:func:`draws_left`)."""
    chosen: tuple[Tile, ...]


def draws_left(game: "Game", seat: int | None = None) -> int:
    """The draws ``seat`` (default: the seat to move) can still expect: the one horizon of every chance a
    learner sees (:func:`mjlearn.analysis.horizon.seat_draws`)."""
    from ..analysis.horizon import seat_draws

    return seat_draws(game, seat)


def decision_before(game: "Game", seat: int, kind: str, chosen: Sequence[Tile]) -> Decision:
    """The decision ``seat`` is about to make in ``game`` (call it before the move is played)."""
    step = game.charleston.step.name if game.phase == "charleston" else f"turn {game.turns}"
    rack = game.charleston.racks[seat] if game.phase == "charleston" else game.racks[seat]
    return Decision(step, kind, rack, tuple(game.exposures[seat]), tuple(game.visible(seat)), draws_left(game, seat),
                    tuple(chosen))


def review(card: "Card", decisions: Sequence[Decision], ruleset) -> "pandas.DataFrame":
    """Each discard beside the coach's: the tile you threw and the coach's, the chance each left of
    completing its best line and the points that chance is worth (chance x value, the coach's measure),
    a verdict ("as the coach"; "fine": at least 90% of the coach's points; else "costly"; "no line" when
    no line of the card could use the exposures, so that no throw could win) and the coach's reason.

    The chances are the coach's (:meth:`Card.discard_advice <mjlearn.card.Card.discard_advice>`:
    the next ``draws`` tiles drawn at random from the unseen ones, no calls).
    """
    import pandas as pd

    rows = []
    for decision in decisions:
        if decision.kind != "discard":
            continue
        advice = card.discard_advice(decision.rack, draws=decision.draws, exposures=decision.exposures,
                                     visible=_visible_tiles(decision.visible), ruleset=ruleset)
        thrown = decision.chosen[0].notation
        if not len(advice):  # exposures no line can use: the hand could not win, every throw was as good
            rows.append({"step": decision.step, "you": thrown, "your chance": 0.0, "your line": "none",
                         "your points": 0.0, "coach": "any", "coach's chance": 0.0, "coach's line": "none",
                         "coach's points": 0.0, "verdict": "no line",
                         "reason": "No line of the card could use your exposures: the hand could not win, so any"
                                   " throw was as good (the safest is best)."})
            continue
        best = advice.iloc[0]
        mine = advice[advice.tile == thrown].iloc[0]
        if thrown == best.tile:
            verdict = "as the coach"
        else:
            verdict = "fine" if mine.ev >= FINE * best.ev else "costly"
        rows.append({
            "step": decision.step,
            "you": thrown,
            "your chance": float(mine.p_win),
            "your line": f"{mine.category} #{mine.line}",
            "your points": float(mine.ev),
            "coach": best.tile,
            "coach's chance": float(best.p_win),
            "coach's line": f"{best.category} #{best.line}",
            "coach's points": float(best.ev),
            "verdict": verdict,
            "reason": best.reason,
        })
    columns = ["step", "you", "your chance", "your line", "your points", "coach", "coach's chance", "coach's line",
               "coach's points", "verdict", "reason"]
    return pd.DataFrame(rows, columns=columns)


def _visible_tiles(visible: Sequence[int]) -> list[Tile]:
    """36 counts as a list of tiles."""
    return [Tile(kind) for kind, count in enumerate(visible) for _ in range(count)]
