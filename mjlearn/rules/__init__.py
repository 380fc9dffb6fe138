"""The rules of the game: rulesets, the deal, the Charleston, play, scoring, bots and simulation.

>>> import mjlearn as mj
>>> from mjlearn.rules import Game, MAHJX
>>> game = Game(mj.load_card("basic1"), MAHJX, seed=1)
>>> [len(r) for r in game.racks], game.phase
([13, 13, 13, 13], 'charleston')
"""

from .arena import ArenaReport, arena_markdown, duplicate_arena
from .bots import Bot, run_game
from .coach_bot import CoachBot, seat_danger
from .charleston import DIRECTIONS, Charleston, Event, Step
from .game import ExposedGroup, Game, GameResult, GameState
from .moves import Move, legal_moves
from .ruleset import MAHJX, NMJL, RULESETS, Ruleset, RulesetError, as_ruleset
from .scoring import HOWS, Payout, Scorecard, TournamentScoring, score_win, wall_game
from .setup import SEATS, Deal, build_walls, deal_from_walls, deal_tiles, draw_order, east_for_game, roll_for_east
from .simulate import SimulationReport, simulate

__all__ = [
    "ArenaReport",
    "arena_markdown",
    "Bot",
    "Charleston",
    "CoachBot",
    "DIRECTIONS",
    "Deal",
    "Event",
    "ExposedGroup",
    "Game",
    "GameResult",
    "GameState",
    "Move",
    "HOWS",
    "MAHJX",
    "NMJL",
    "Payout",
    "RULESETS",
    "Ruleset",
    "RulesetError",
    "as_ruleset",
    "SEATS",
    "Scorecard",
    "SimulationReport",
    "Step",
    "TournamentScoring",
    "build_walls",
    "deal_tiles",
    "deal_from_walls",
    "draw_order",
    "duplicate_arena",
    "east_for_game",
    "legal_moves",
    "roll_for_east",
    "run_game",
    "score_win",
    "seat_danger",
    "simulate",
    "wall_game",
]
