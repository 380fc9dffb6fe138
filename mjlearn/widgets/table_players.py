"""The three computer players at a table widget, and the pace of their moves.

Moves that happen at the same time for everybody (Charleston passes, answers
to a discard) are made at once, as soon as the computer players are asked;
a computer player's turn (draw, exchange, discard, Mah Jongg) is one move at a
time, so the student can follow it.

>>> import mjlearn as mj
>>> from mjlearn.rules import Game
>>> game = Game(mj.load_card("basic1"), seed=3)
>>> players = ComputerPlayers(game.card, game.ruleset, human=0, seed=3)
>>> players.simultaneous(game)      # the three others make their first pass
3
>>> game.charleston.waiting_for()
[0]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from ..errors import ArgumentError
from ..rules.bots import Bot
from ..rules.setup import seed_or_fresh

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from ..rules.game import Game
    from ..rules.ruleset import Ruleset

__all__ = ["ComputerPlayers", "RecordedMoves", "PACES"]

PACES = {"step": None, "slow": 1200, "fast": 250, "instant": 0}
"""How the computer players' turns are shown: one per click of "Next" (``step``), one every so many ms,
or all at once (``instant``: straight on to your next move)."""


class ComputerPlayers:
    """The computer players of the three seats other than ``human``.

    ``opponents`` is ``None`` (three :class:`~mjlearn.rules.bots.Bot`), a bot
    class such as ``Bot`` or ``CoachBot`` (called as ``cls(card, ruleset, seed=...)``),
    or a list of three bots (or four, the human's entry ignored).
    """

    def __init__(self, card: "Card", ruleset: "Ruleset", human: int, seed: int | None = 0,
                 opponents: "Sequence[Bot] | Callable | None" = None):
        self.human = human
        base = seed_or_fresh(seed)
        others = [s for s in range(4) if s != human]
        if opponents is None or isinstance(opponents, type) or callable(opponents) and not hasattr(opponents, "act"):
            make = opponents or Bot
            self.bots = {s: make(card, ruleset, seed=base * 4 + s) for s in others}
        else:
            if isinstance(opponents, (str, bytes)) or not isinstance(opponents, Iterable):
                raise ArgumentError(f"opponents must be a bot class or 3 bots (objects with an act(game, seat)"
                                    f" method), not {opponents!r}")
            given = list(opponents)
            if len(given) == 4:
                given = [given[s] for s in others]
            if len(given) != 3 or not all(hasattr(bot, "act") for bot in given):
                raise ArgumentError("opponents must be a bot class or 3 bots (objects with an act(game, seat) method)")
            self.bots = dict(zip(others, given))

    def waiting(self, game: "Game") -> list[int]:
        """The computer seats the game waits for now."""
        return [s for s in game.waiting_for() if s != self.human]

    def simultaneous(self, game: "Game") -> int:
        """Make every move that all players make at once (Charleston passes and votes, answers to a
        discard) that the computer seats owe now; returns how many were made."""
        made = 0
        while game.phase in ("charleston", "calls"):
            waiting = self.waiting(game)
            if not waiting:
                break
            seat = waiting[0]
            self.bots[seat].act(game, seat)
            made += 1
        return made

    def turn_pending(self, game: "Game") -> bool:
        """Whether a computer player's turn is under way (its next move can be shown)."""
        return game.phase in ("draw", "discard") and game.turn != self.human

    def step(self, game: "Game") -> bool:
        """Make one move of a computer player's turn (then any simultaneous moves it leads to);
        ``False`` if no computer move is due."""
        self.simultaneous(game)
        if not self.turn_pending(game):
            return False
        self.bots[game.turn].act(game, game.turn)
        self.simultaneous(game)
        return True


class RecordedMoves:
    """Moves recorded in a game (``game.moves``, or a saved game's), played back one at a time.

    It stands where :class:`ComputerPlayers` stands, so a table replays a game
    with the same "Next move" and pace as a live one; nobody is asked to move.
    """

    def __init__(self, moves: Sequence[tuple[str, dict]]):
        from ..rules.game import MOVE_NAMES

        if isinstance(moves, (str, bytes, Mapping)) or not isinstance(moves, Iterable):
            raise ArgumentError(f"moves must be a list of (move name, arguments) pairs, as game.moves holds, not"
                                f" {moves!r}")
        self.moves = []
        for number, move in enumerate(moves, 1):
            pair = tuple(move) if isinstance(move, (tuple, list)) else ()
            if len(pair) != 2 or pair[0] not in MOVE_NAMES or not isinstance(pair[1], Mapping):
                raise ArgumentError(f"moves: move {number} is not a (move name, arguments) pair of a known move"
                                    f" ({', '.join(sorted(MOVE_NAMES))}): {move!r}")
            self.moves.append((pair[0], dict(pair[1])))
        self.played = 0

    def waiting(self, game: "Game") -> list[int]:
        return []

    def simultaneous(self, game: "Game") -> int:
        return 0

    def turn_pending(self, game: "Game") -> bool:
        return self.played < len(self.moves) and game.phase != "over"

    def step(self, game: "Game") -> bool:
        """Play the next recorded move; ``False`` when none is left."""
        if not self.turn_pending(game):
            return False
        name, arguments = self.moves[self.played]
        try:
            getattr(game, name)(**arguments)
        except TypeError as err:  # (a recorded move with arguments the move does not take)
            raise ArgumentError(f"moves: move {self.played + 1} ({name}) has wrong arguments: {err}") from None
        self.played += 1
        return True
