"""One horizon for every "chance to finish" a learner sees: the draws this seat can still expect.

A chance of finishing a line means nothing without the draws it counts on.
Wherever a game is going on (the GameTable's coach panel and review, the
coach bot's decisions), that horizon is the draws this seat will still make
if nobody calls: the wall's tiles are drawn in turn by the seats still
playing (a dead hand draws no more), so a seat gets
``ceil((wall_left - ahead) / live_seats)`` of them, where ``ahead`` counts the
live seats that draw before its next draw (:func:`expected_draws`). At your
own discard every other live seat draws first, so that is the wall shared
among the live seats, rounded down: 24 of 97 tiles with four seats, one
with 4 to 7 tiles left, none with 3 (a discard may still be called: the
chance of finishing from the wall is 0 then). :func:`seat_draws` reads it
from a game. Calls take tiles out of turn, so it is an expectation, not a promise.

Where there is no game (a lesson's rack on its own), the lesson says how many
draws it counts: :func:`horizon_words` says the chance with its draws either way.

>>> expected_draws(97), expected_draws(97, ahead=0), expected_draws(50, live_seats=3), expected_draws(3)
(24, 25, 16, 0)
>>> horizon_words(0.5567, 24)
'55.7% in the 24 draws you can still expect'
>>> horizon_words(0.0049, 12, expected=False)
'0.49% in 12 draws'
"""

from __future__ import annotations

from ..errors import ArgumentError
from .arguments import whole_argument
from ..wording import chance_words, counted, shown

__all__ = ["expected_draws", "horizon_phrase", "horizon_words", "seat_draws"]

SEATS = 4


def _whole(name: str, value, low: int, high: int | None = None) -> int:
    span = f"{low} or more" if high is None else f"{low} to {high}"
    number = whole_argument(name, value, f"a whole number, {span}")
    if number < low or (high is not None and number > high):
        raise ArgumentError(f"{name} must be a whole number, {span}, not {shown(value)}")
    return number


def expected_draws(wall_left: int, live_seats: int = SEATS, ahead: int | None = None) -> int:
    """The draws a seat can still expect from ``wall_left`` tiles drawn in turn by ``live_seats`` seats,
    ``ahead`` of them drawing before this seat's next draw (``None``: all the others, as at your own
    discard): ``ceil((wall_left - ahead) / live_seats)``, never below 0.

    >>> [expected_draws(w) for w in (3, 4, 7, 8, 97, 99)]
    [0, 1, 1, 2, 24, 24]
    >>> expected_draws(97, ahead=0), expected_draws(97, ahead=1), expected_draws(98, live_seats=2, ahead=1)
    (25, 24, 49)
    >>> expected_draws(-1)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: wall_left must be a whole number, 0 or more, not -1
    """
    wall_left = _whole("wall_left", wall_left, 0)
    live_seats = _whole("live_seats", live_seats, 1, SEATS)
    ahead = live_seats - 1 if ahead is None else _whole("ahead", ahead, 0, live_seats - 1)
    return max(0, -(-(wall_left - ahead) // live_seats))


def seat_draws(game, seat: int | None = None) -> int:
    """:func:`expected_draws` of ``seat`` (default: the seat whose turn it is) in a
    :class:`~mjlearn.rules.Game` now: its wall, its live seats, and the live seats that draw before
    ``seat`` does (0 for a dead hand or a finished game).

    >>> import mjlearn as mj
    >>> from mjlearn.rules import Game
    >>> game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B 3C N"},
    ...                           discards=[(3, "8B"), (1, "5D")], turn=0, phase="discard", seed=4)
    >>> game.wall_left, seat_draws(game), seat_draws(game, 1), seat_draws(game, 3)
    (97, 24, 25, 24)
    """
    if not all(hasattr(game, name) for name in ("phase", "turn", "dead", "wall_left", "last_discard", "charleston")):
        raise ArgumentError(f"seat_draws needs a game (mjlearn.rules.Game), not {shown(game)}")
    return _seat_draws(game, None if seat is None else _whole("seat", seat, 0, SEATS - 1))


def _seat_draws(game, seat: int | None) -> int:
    """:func:`seat_draws` for a seat already checked (the bots ask at every decision: no check again)."""
    phase = game.phase
    if phase == "over":
        return 0
    if seat is None:
        seat = game.turn
    dead = game.dead
    if seat in dead:
        return 0
    if phase == "draw":
        first = game.turn
    elif phase == "calls":
        first = (game.last_discard[0] + 1) % SEATS
    elif phase == "discard":
        first = (game.turn + 1) % SEATS
    else:  # the Charleston: play begins with East's discard (East holds 14) or East's draw
        first = 1 if len(game.charleston.racks[0]) == 14 else 0
    if dead:  # the live seats from first up to seat draw before it
        ahead, other = 0, first
        while other != seat:
            ahead += other not in dead
            other = (other + 1) % SEATS
    else:  # (every seat live: all of them, counted at once)
        ahead = (seat - first) % SEATS
    live_seats, wall_left = SEATS - len(dead), game.wall_left
    if live_seats < 1 or wall_left < 0:  # (not a game's figures: expected_draws says what is wrong)
        return expected_draws(wall_left, live_seats, ahead)
    return max(0, -(-(wall_left - ahead) // live_seats))  # (expected_draws, without checking again)


def horizon_phrase(draws: int, expected: bool = True) -> str:
    """The draws a chance counts on, in words: ``"in the 24 draws you can still expect"`` (``expected``:
    a game's :func:`seat_draws`), ``"in 12 draws"`` (draws a lesson chose), ``"with no draw left"``.

    >>> horizon_phrase(24), horizon_phrase(1), horizon_phrase(12, expected=False), horizon_phrase(0)
    ('in the 24 draws you can still expect', 'in the 1 draw you can still expect', 'in 12 draws', 'with no draw left')
    """
    draws = _whole("draws", draws, 0)
    if draws == 0:
        return "with no draw left"
    if expected:
        return f"in the {counted(draws, 'draw')} you can still expect"
    return f"in {counted(draws, 'draw')}"


def horizon_words(chance: float, draws: int, expected: bool = True) -> str:
    """A chance with the draws it counts on, in words: ``"55.7% in the 24 draws you can still expect"``
    (see :func:`horizon_phrase`); the chance reads as :func:`~mjlearn.wording.chance_words` writes it.

    >>> horizon_words(0.25, 1), horizon_words(0, 0), horizon_words(1, 3, expected=False)
    ('25.0% in the 1 draw you can still expect', '0% with no draw left', '100% in 3 draws')
    """
    return f"{chance_words(chance)} {horizon_phrase(draws, expected)}"
