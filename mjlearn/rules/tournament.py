"""The tournament scoring table MAHJ-X rule 8 points to: named rows with their points.

Under tournament scoring no one pays anyone: the winner's column gets the
line's value plus bonuses, the player who threw the winning tile to a hand
with two or three exposures loses the "hot tile" points, a wall game gives
every live (not dead) hand its points, and a dead hand scores 0. The numbers
are defaults a tournament director can change:

>>> TournamentScoring().self_pick, TournamentScoring().jokerless
(10, 20)
>>> house = TournamentScoring(self_pick=15, hot_tile_two=-10)
>>> house.self_pick, house.hot_tile_two, house.hot_tile_three
(15, -10, -25)
"""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["TournamentScoring", "ROW_NAMES"]

ROW_NAMES = {
    "hand": "Mah Jongg: the line's value",
    "self_pick": "self-pick: the winner picked the winning tile from the wall",
    "jokerless": "jokerless (not Singles and Pairs)",
    "wall_game_live": "wall game: a hand that is not dead",
    "hot_tile_two": "hot tile: threw the winning tile to a hand with two exposures",
    "hot_tile_three": "hot tile: threw the winning tile to a hand with three exposures (or two with a quint)",
    "misnamed_discard": "misnamed a discard that led to a Mah Jongg",
    "blind_peek": "peeked at a blind pass",
}
"""What each row of the table means, for explanations and scorecards."""


@dataclass(frozen=True)
class TournamentScoring:
    """The points of each row of the tournament table (defaults: ``/shared/tournament-scoring.md``, MahjCon's).

    Bonuses are positive, penalties negative. A dead hand, or a Mah Jongg
    declared in error, scores 0 for that game (there is no row for it).
    """

    self_pick: int = 10
    jokerless: int = 20
    wall_game_live: int = 10
    hot_tile_two: int = -20
    hot_tile_three: int = -25
    misnamed_discard: int = -25
    blind_peek: int = -10

    def __post_init__(self) -> None:
        from ..errors import RuleError

        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(f"TournamentScoring.{field.name} must be a whole number of points, not {value!r}")
