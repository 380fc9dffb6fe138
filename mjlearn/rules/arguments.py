"""Checks of the arguments of game moves: one place, used by every public move.

Each function returns the argument in its proper type or raises
:class:`~mjlearn.errors.MoveArgumentError` (a :class:`~mjlearn.errors.RuleError`)
naming the argument and the values it allows, so that no move fails later with
a raw ``TypeError`` or ``IndexError``.

>>> seat_arg(2)
2
>>> bool_arg("no", "second_charleston")
Traceback (most recent call last):
...
mjlearn.errors.MoveArgumentError: second_charleston must be True or False, not 'no'
>>> [t.notation for t in tiles_arg("1B 2B", "tiles", most=3)]
['1B', '2B']
"""

from __future__ import annotations

from itertools import islice

from ..errors import MjlearnError, MoveArgumentError
from ..tiles import Tile, as_tile, parse_tiles

__all__ = ["seat_arg", "bool_arg", "int_arg", "tile_arg", "tiles_arg", "game_seat_arg"]

_SEATS_ALLOWED = "a seat 0-3 (0 East, 1 South, 2 West, 3 North)"


def int_arg(value, name: str, low: int, high: int, meaning: str = "") -> int:
    """``value`` if it is a whole number (an ``int``, not a bool or float) from ``low`` to ``high``.

    ``meaning`` is added to the message in parentheses (what the numbers stand for).
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        allowed = f"a whole number {low}-{high}" if high > low else f"{low}"
        raise MoveArgumentError(name, value, f"{allowed} ({meaning})" if meaning else allowed)
    return value


def seat_arg(value, name: str = "seat") -> int:
    """``value`` if it is a seat number 0-3."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise MoveArgumentError(name, value, _SEATS_ALLOWED)
    return value


def game_seat_arg(game, seat, name: str = "seat") -> int:
    """``seat`` (0-3, :func:`seat_arg`) once ``game`` is found to be a :class:`~mjlearn.rules.Game`: what the
    players' and the coach's methods of a game and a seat take."""
    from ..analysis.arguments import instance_argument
    from .game import Game

    instance_argument("game", game, Game, "a Game (mjlearn.rules.Game)")
    return seat_arg(seat, name)


def bool_arg(value, name: str) -> bool:
    """``value`` if it is ``True`` or ``False`` (no other truthy value counts)."""
    if not isinstance(value, bool):
        raise MoveArgumentError(name, value, "True or False")
    return value


def tile_arg(value, name: str = "tile") -> Tile:
    """A tile from a :class:`Tile`, its notation (``"3B"``) or its number (0-35)."""
    try:
        return as_tile(value)
    except (MjlearnError, TypeError, ValueError):
        raise MoveArgumentError(name, value, "a tile (a Tile, notation such as '3B', or 0-35)") from None


def tiles_arg(value, name: str, most: int) -> list[Tile]:
    """At most ``most`` tiles, from notation (``"1B 2B"``), a :class:`~mjlearn.hands.Hand` or any iterable of tiles."""
    allowed = f"at most {most} tiles (notation such as '1B 2B', or a list of tiles)"
    if isinstance(value, str):
        try:
            tiles = parse_tiles(value)
        except MjlearnError:
            raise MoveArgumentError(name, value, allowed) from None
    else:
        try:
            items = list(islice(iter(value), most + 1))
        except TypeError:
            raise MoveArgumentError(name, value, allowed) from None
        if all(type(item) is Tile for item in items):  # (tiles already: nothing to read)
            tiles = items
        else:
            each = f"each of {name}"
            tiles = [tile_arg(item, each) for item in items]
    if len(tiles) > most:
        raise MoveArgumentError(name, value, allowed)
    return tiles
