"""Random play that checks the engine: random legal and illegal moves from every seat, checked after each.

:func:`random_game` plays one game with moves chosen at random, most of them
from :func:`~mjlearn.rules.moves.legal_moves` (Charleston passes filled at
random), the others made up of any seat, any move and arguments of any kind
(wrong types, wrong sizes, tiles not held). After every move it checks what
the rules engine promises, and counts it in a :class:`RandomPlayTally`:

- an accepted move keeps the tiles of the set (:func:`tiles_in_game`), and
  leaves someone a legal move unless the game is over (no stuck game);
- a refused move raised a :class:`~mjlearn.errors.RuleError` and left the
  game equal to the :meth:`~mjlearn.rules.Game.snapshot` taken before it;
- anything else (another exception, a listed move refused, a game that does
  not end within ``max_moves``) is a problem, kept in ``problems``.

>>> import mjlearn as mj
>>> tally = RandomPlayTally()
>>> game = random_game(mj.load_card("basic1"), "MAHJ-X", seed=1, tally=tally)
>>> game.phase, tally.games, tally.problems
('over', 1, [])
>>> tally.state_checks == tally.accepted + tally.refused
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import RuleError
from ..resources import as_card
from ..tiles import Tile
from .moves import MOVE_KINDS, Move, legal_moves
from .ruleset import NMJL, Ruleset, as_ruleset
from .simulate import FULL_SET, tiles_in_game

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .game import Game

__all__ = ["RandomPlayTally", "random_game", "random_games", "ending", "MIXES"]

MIXES = ((0.3, 0.3), (0.1, 0.85), (0.5, 0.0))
"""The (illegal, bot) shares :func:`random_games` cycles through: mostly random, mostly bots (games won
by Mah Jongg), half made-up moves."""

_JUNK = (None, -1, 4, 99, 1.0, 2.5, True, "x", "1", "3B", "J", (), [None], ["ZZ"], object())
_WEIGHTS = {"call_dead": 0.02, "declare_mahjongg": 0.05, "call_mahjongg": 0.1}
"""Weights of moves that end hands (the others weigh 1), so that games last long enough to test play."""


@dataclass
class RandomPlayTally:
    """What random play tried and found, summed over games."""

    games: int = 0
    moves_tried: int = 0
    accepted: int = 0
    refused: int = 0
    state_checks: int = 0
    stuck: int = 0
    unfinished: int = 0
    replays: int = 0
    other_errors: int = 0
    endings: Counter = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)

    def summary(self) -> str:
        """The figures, one per line."""
        lines = [f"games: {self.games}", f"moves tried: {self.moves_tried}", f"moves accepted: {self.accepted}",
                 f"moves refused: {self.refused}", f"state checks: {self.state_checks}", f"stuck games: {self.stuck}",
                 f"games not ended within the move limit: {self.unfinished}",
                 f"finished games replayed from their moves to the same state: {self.replays}",
                 f"anything-else exceptions: {self.other_errors}"]
        lines += [f"ended by {how}: {self.endings[how]}" for how in ("Mah Jongg", "wall", "all dead")]
        return "\n".join(lines)


def ending(game: "Game") -> str:
    """How a finished game ended: "Mah Jongg", "all dead" or "wall"."""
    if game.result.winner is not None:
        return "Mah Jongg"
    return "all dead" if len(game.dead) == 4 else "wall"


def random_game(card: "Card", ruleset: Ruleset | str = NMJL, seed: int = 0, tally: RandomPlayTally | None = None,
                illegal: float = 0.3, bot: float = 0.3, max_moves: int = 5000, replay: bool = False) -> "Game":
    """Play one game of random moves, checking after each; returns the game.

    A share ``illegal`` of the moves are made up; a share ``bot`` are a
    :class:`~mjlearn.rules.bots.Bot`'s move for the seat the game waits for
    (so that hands get made and games also end in Mah Jongg); the rest are
    drawn from the legal moves. With ``replay`` the finished game is also
    replayed from its recorded moves and must come out the same.
    """
    from .bots import make_bots
    from .game import Game

    card = as_card(card)
    tally = tally if tally is not None else RandomPlayTally()
    rng = random.Random(seed)
    rules = as_ruleset(ruleset)
    game = Game(card, rules, seed=seed)
    bots = make_bots(card, rules, seed) if bot else []
    tally.games += 1
    for _ in range(max_moves):
        if game.phase == "over":
            tally.endings[ending(game)] += 1
            if replay:
                tally.replays += 1
                if Game.replay(card, rules, seed, game.moves).snapshot() != game.snapshot():
                    tally.problem(f"seed {seed}: the replay of the moves is a different game")
            return game
        options = {seat: legal_moves(game, seat) for seat in range(4)}
        if not any(options.values()):
            tally.stuck += 1
            tally.problem(f"seed {seed}: stuck at {game.status()}")
            return game
        tally.moves_tried += 1
        before = game.snapshot()
        chance = rng.random()
        listed = chance >= illegal
        waiting = game.waiting_for()
        if chance < illegal:
            name, args = _made_up(game, rng)
        elif chance < illegal + bot and waiting:
            name, args = "a bot's move", (waiting[0],)
        else:
            name, args = _listed(game, options, rng)
        try:
            if name == "a bot's move":
                bots[args[0]].act(game, args[0])
            else:
                getattr(game, name)(*args)
        except RuleError as error:
            tally.refused += 1
            tally.state_checks += 1
            if game.snapshot() != before:
                tally.problem(f"seed {seed}: {name}{args} refused ({error}) but changed the game")
            if listed:
                tally.problem(f"seed {seed}: listed move {name}{args} refused: {error}")
            continue
        except Exception as error:  # noqa: BLE001 - counting them is the point
            tally.other_errors += 1
            tally.problem(f"seed {seed}: {name}{args} raised {type(error).__name__}: {error}")
            game._restore(before)
            continue
        tally.accepted += 1
        tally.state_checks += 1
        if tiles_in_game(game) != FULL_SET:
            tally.problem(f"seed {seed}: {name}{args} lost or made tiles")
    tally.unfinished += 1
    tally.problem(f"seed {seed}: not over after {max_moves} moves ({game.status()})")
    return game


def random_games(card: "Card", games: int, seed: int = 0, rulesets=("NMJL", "MAHJ-X"), replay_every: int = 10,
                 progress=None) -> RandomPlayTally:
    """``games`` random games, alternating the rulesets and cycling through :data:`MIXES`; their tally.

    ``progress``, if given, is called with the tally after each game.
    """
    card = as_card(card)
    tally = RandomPlayTally()
    for i in range(games):
        illegal, bot = MIXES[i // len(rulesets) % len(MIXES)]
        random_game(card, rulesets[i % len(rulesets)], seed + i, tally, illegal=illegal, bot=bot,
                    replay=replay_every > 0 and i % replay_every == 0)
        if progress is not None:
            progress(tally)
    return tally


def _listed(game: "Game", options: dict[int, list[Move]], rng: random.Random) -> tuple[str, tuple]:
    """A move from the legal ones, mostly from the seats the game waits for."""
    waiting = [s for s in game.waiting_for() if options[s]]
    seats = waiting if waiting and rng.random() < 0.9 else [s for s in range(4) if options[s]]
    moves = options[rng.choice(seats)]
    move = rng.choices(moves, [_WEIGHTS.get(m.kind, 1.0) for m in moves])[0]
    if move.kind == "pass_tiles":
        tiles = rng.sample(list(move.tiles), move.count)
        return "pass_tiles", (move.seat, tiles, move.blind)
    return move.kind, (move.seat, *(getattr(move, name) for name in MOVE_KINDS[move.kind]))


def _made_up(game: "Game", rng: random.Random) -> tuple[str, tuple]:
    """Any move with arguments of any kind: real seats and tiles mixed with junk."""
    name = rng.choice(list(MOVE_KINDS))
    if name == "skip_charleston":
        return name, tuple(rng.sample(_JUNK, rng.randint(0, 1)))

    def pick(real):
        return rng.choice(_JUNK) if rng.random() < 0.3 else rng.choice(real)

    seat = pick(range(4))
    tiles = [Tile(rng.randrange(36)) for _ in range(rng.randint(0, 4))]
    real = {
        "tiles": [tiles, tiles[:3]], "blind": range(4), "second_charleston": [True, False],
        "tile": [t for t in Tile], "size": range(2, 8), "jokers": range(-1, 4), "owner": range(4),
        "group": range(-1, 4), "add": [tiles[:2], ["J"]], "remove": [tiles[:2], ["J"]], "target": range(4),
    }
    return name, (seat, *(pick(real[arg]) for arg in MOVE_KINDS[name]))
