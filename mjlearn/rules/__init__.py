"""The rules of the game: rulesets, the deal, the Charleston and scoring.

>>> from mjlearn.rules import deal_tiles, MAHJX
>>> [len(r) for r in deal_tiles(MAHJX, seed=1).racks]
[13, 13, 13, 13]
"""

from .charleston import DIRECTIONS, Charleston, Event, Step
from .ruleset import MAHJX, NMJL, RULESETS, Ruleset, RulesetError, ruleset
from .scoring import HOWS, Payout, Scorecard, score_win, wall_game
from .setup import SEATS, Deal, build_walls, deal_tiles, draw_order

__all__ = [
    "Charleston",
    "DIRECTIONS",
    "Event",
    "Step",
    "MAHJX",
    "NMJL",
    "RULESETS",
    "HOWS",
    "SEATS",
    "Deal",
    "Payout",
    "Scorecard",
    "Ruleset",
    "RulesetError",
    "build_walls",
    "deal_tiles",
    "draw_order",
    "ruleset",
    "score_win",
    "wall_game",
]
