"""Setting up a game: the walls, the dice, the break and the deal, under a :class:`Ruleset`.

Seats are numbered in turn order: 0 East, 1 South, 2 West, 3 North (play runs
East, South, West, North, "to the right"). Each player builds a wall of
stacks two tiles high in front of their rack. East rolls two dice and breaks
East's wall that many stacks from its right end; the tiles are then taken
from the break leftwards, on through the next walls clockwise (North's,
West's, South's), and the stacks right of the break are played last.

NMJL: 152 tiles, four walls of 19 stacks; four tiles at a time to East,
South, West and North until each holds 12, then East takes the first and
third tiles (the "jump"), South the second, West and North one each: East 14,
the others 13. MAHJ-X: each player first takes a joker; East's wall is 17
stacks (the four jokers are out of it), the others 19; four tiles at a time
until everyone holds 13, East included.

>>> deal = deal_tiles(seed=7)
>>> [len(rack) for rack in deal.racks], len(deal.wall)
([14, 13, 13, 13], 99)
>>> from mjlearn.rules import MAHJX
>>> deal = deal_tiles(MAHJX, seed=7)
>>> [len(rack) for rack in deal.racks], [rack.count("J") >= 1 for rack in deal.racks]
([13, 13, 13, 13], [True, True, True, True])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..errors import ArgumentError, MjlearnError, RuleError
from ..hands import Hand
from ..tiles import TILE_SET, Tile, as_tile, parse_tiles
from .arguments import seat_arg
from .ruleset import NMJL, Ruleset, as_ruleset

__all__ = ["SEATS", "check_seat", "Deal", "build_walls", "deal_tiles", "deal_from_walls", "draw_order", "roll_for_east",
           "east_for_game", "fresh_seed", "seed_or_fresh"]

SEATS = ("East", "South", "West", "North")
_CLOCKWISE_FROM_EAST = (0, 3, 2, 1)


FRESH_SEEDS = 2**31
"""Fresh seeds are drawn from ``range(FRESH_SEEDS)``: two seedless games deal alike once in about two billion."""


def fresh_seed() -> int:
    """A new seed drawn from the operating system's randomness (not from :mod:`random`'s shared state).

    ``seed=None`` means a fresh random deal everywhere (:class:`~mjlearn.rules.Game`,
    :func:`~mjlearn.rules.run_game`, :func:`~mjlearn.rules.simulate`, the widgets): they draw
    the seed here and keep it, so the game can still be replayed, saved and shown.

    >>> 0 <= fresh_seed() < FRESH_SEEDS
    True
    """
    return random.SystemRandom().randrange(FRESH_SEEDS)


def seed_or_fresh(seed: int | None, name: str = "seed") -> int:
    """``seed`` as an ``int``, or a :func:`fresh_seed` when it is ``None``; anything but a whole number
    (a bool, a float, text) is an :class:`~mjlearn.errors.ArgumentError` naming ``name``.

    >>> seed_or_fresh(7)
    7
    >>> seed_or_fresh("7")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: seed must be a whole number or None (a fresh random seed), not '7'
    """
    from ..analysis.arguments import whole_argument

    if seed is None:
        return fresh_seed()
    return whole_argument(name, seed, "a whole number or None (a fresh random seed)")


def check_seat(seat, what: str | None = None) -> int:
    """``seat`` if it is a seat number 0-3, else a :class:`RuleError` naming ``what`` the seat is for
    (:func:`~mjlearn.rules.arguments.seat_arg`)."""
    return seat_arg(seat, what or "seat")


@dataclass(frozen=True)
class Deal:
    """The state after the deal: each seat's rack, the wall left to draw from, and how it came about."""

    ruleset: Ruleset
    seed: int | None
    dice: tuple[int, int]
    racks: tuple[Hand, Hand, Hand, Hand]
    wall: tuple[Tile, ...]
    """The tiles still to be drawn, in the order they will be drawn."""
    walls: tuple[tuple[tuple[Tile, Tile], ...], ...] = field(repr=False)
    """The four walls as built (East, South, West, North), each a row of (top, bottom) stacks from its right end."""

    @property
    def tiles_in_play(self) -> int:
        return sum(len(r) for r in self.racks) + len(self.wall)


def build_walls(ruleset: Ruleset = NMJL, rng: random.Random | None = None) -> tuple[tuple[tuple[Tile, Tile], ...], ...]:
    """Shuffle the tiles (less the jokers dealt first) and build four walls of two-high stacks."""
    if not isinstance(ruleset, Ruleset):
        raise ArgumentError(f"ruleset must be a Ruleset (NMJL, MAHJX; as_ruleset finds one by name), not {ruleset!r}")
    if rng is not None and not isinstance(rng, random.Random):
        raise ArgumentError(f"rng must be a random.Random or None (a fresh one), not {rng!r}")
    rng = rng or random.Random()
    tiles = list(TILE_SET)
    for _ in range(4 * ruleset.jokers_dealt_first):
        tiles.remove(Tile.JOKER)
    if sum(ruleset.wall_length) * 2 != len(tiles):
        raise RuleError(
            f"{ruleset.name}: walls of {ruleset.wall_length} stacks hold {sum(ruleset.wall_length) * 2} tiles,"
            f" but {len(tiles)} tiles are to be built"
        )
    rng.shuffle(tiles)
    walls = []
    start = 0
    for length in ruleset.wall_length:
        row = tiles[start : start + 2 * length]
        walls.append(tuple(zip(row[::2], row[1::2])))  # (top, bottom) stacks
        start += 2 * length
    return tuple(walls)


def draw_order(walls, dice_total: int) -> list[Tile]:
    """All tiles in the order they are taken: from East's break leftwards, on clockwise, the break's right part last."""
    east = walls[0]
    if not 2 <= dice_total <= 12 or dice_total >= len(east):
        raise RuleError(f"a roll of {dice_total} cannot break a wall of {len(east)} stacks")
    stacks = list(east[dice_total:])
    for seat in _CLOCKWISE_FROM_EAST[1:]:
        stacks.extend(walls[seat])
    stacks.extend(east[:dice_total])
    return [tile for stack in stacks for tile in stack]


def roll_for_east(seed: int | None = None) -> tuple[int, list[tuple[int, int]]]:
    """Players 0-3 each roll two dice; the highest total sits East (ties roll again among themselves).

    Returns the first East and every round of rolls.

    >>> east, rounds = roll_for_east(seed=4)
    >>> 0 <= east <= 3 and len(rounds[0]) == 4
    True
    """
    rng = random.Random(seed_or_fresh(seed))
    players = [0, 1, 2, 3]
    rounds = []
    while True:
        rolls = [(player, rng.randint(1, 6) + rng.randint(1, 6)) for player in players]
        rounds.append(rolls)
        best = max(total for _, total in rolls)
        players = [player for player, total in rolls if total == best]
        if len(players) == 1:
            return players[0], rounds


def east_for_game(first_east: int, game: int) -> int:
    """Which player sits East in game ``game`` (0-based): East passes on to the next player after each game.

    >>> [east_for_game(2, g) for g in range(5)]
    [2, 3, 0, 1, 2]
    """
    return (first_east + game) % 4


def deal_tiles(rules: Ruleset | str = NMJL, seed: int | None = None) -> Deal:
    """Shuffle, build the walls, roll, break and deal, as the ruleset says. The same seed gives the same deal;
    ``seed=None`` deals a fresh random one, whose seed the deal keeps (``deal.seed``)."""
    rules = as_ruleset(rules)
    seed = seed_or_fresh(seed)
    rng = random.Random(seed)
    walls = build_walls(rules, rng)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    return _deal(rules, walls, dice, seed)


def deal_from_walls(rules: Ruleset | str, walls, dice, seed: int | None = None) -> Deal:
    """The deal from walls already built and dice already rolled (what a save file records), checked.

    ``walls``: four rows (East, South, West, North) of (top, bottom) stacks, each from its right end,
    as :attr:`Deal.walls`; together they hold the whole set less the jokers the ruleset deals first.
    A wall may also be written as its tiles in order, top then bottom of each stack: in the concrete
    notation (``"4C 1D F 9B ..."``, as a save file has it) or as a list of tiles.
    ``dice``: two numbers 1-6. A wrong one raises :class:`~mjlearn.errors.RuleError` saying what.

    >>> deal = deal_tiles(seed=7)
    >>> deal_from_walls("NMJL", deal.walls, deal.dice, seed=7) == deal
    True
    """
    rules = as_ruleset(rules)
    if isinstance(walls, (str, bytes)) or not isinstance(walls, Iterable) or len(walls := list(walls)) != 4:
        raise RuleError("the walls must be a list of 4 (East, South, West, North)")
    rows = []
    for seat, (wall, length) in enumerate(zip(walls, rules.wall_length)):
        stacks = _stacks(wall, f"wall {seat}")
        if len(stacks) != length:
            raise RuleError(f"wall {seat} holds {len(stacks)} stacks; {rules.name} builds {length}")
        rows.append(stacks)
    expected = Counter(TILE_SET)
    expected[Tile.JOKER] -= 4 * rules.jokers_dealt_first
    if Counter(tile for row in rows for stack in row for tile in stack) != expected:
        raise RuleError(f"the walls do not hold the set{' less the jokers dealt first' if rules.jokers_dealt_first else ''}"
                        " (a tile is missing, or there is one too many)")
    if (not isinstance(dice, (tuple, list)) or len(dice) != 2
            or not all(type(d) is int and 1 <= d <= 6 for d in dice)):
        raise RuleError(f"the dice must be two whole numbers 1-6, not {dice!r}")
    return _deal(rules, tuple(rows), (dice[0], dice[1]), seed)


def _stacks(wall, what: str) -> tuple[tuple[Tile, Tile], ...]:
    """One wall as (top, bottom) stacks, from stacks, or from its tiles in order (notation or a list)."""
    if isinstance(wall, str):
        try:
            tiles = parse_tiles(wall)
        except MjlearnError as err:
            raise RuleError(f"{what}: {err}") from None
    elif isinstance(wall, (bytes, bytearray)) or not isinstance(wall, Iterable):
        raise RuleError(f"{what} must be a row of (top, bottom) stacks, or its tiles in order, not {wall!r}")
    else:
        items = list(wall)
        if items and all(isinstance(item, (tuple, list)) for item in items):
            if any(len(item) != 2 for item in items):
                raise RuleError(f"{what}: a stack is two tiles, top and bottom")
            items = [tile for item in items for tile in item]
        try:
            tiles = [as_tile(item) for item in items]
        except (MjlearnError, TypeError, ValueError) as err:
            raise RuleError(f"{what}: {err}") from None
    if len(tiles) % 2:
        raise RuleError(f"{what} holds {len(tiles)} tiles: a wall is a row of stacks of two")
    return tuple(zip(tiles[::2], tiles[1::2]))


def _deal(rules: Ruleset, walls, dice: tuple[int, int], seed: int | None) -> Deal:
    """Break the walls where the dice say and deal, as the ruleset says."""
    order = draw_order(walls, sum(dice))
    racks: list[list[Tile]] = [[Tile.JOKER] * rules.jokers_dealt_first for _ in range(4)]
    position = 0

    def take(seat: int, count: int) -> None:
        nonlocal position
        racks[seat].extend(order[position : position + count])
        position += count

    target = 13 - 1 if rules.east_tiles == 14 else 13  # NMJL deals 12 by fours, then the jump
    while any(len(rack) < target for rack in racks):
        for seat in range(4):
            take(seat, min(4, target - len(racks[seat])))
    if rules.east_tiles == 14:
        # the jump: East takes the first and third tiles, South the second; West and North one each
        first, second, third = order[position : position + 3]
        racks[0].extend([first, third])
        racks[1].append(second)
        position += 3
        take(2, 1)
        take(3, 1)
    return Deal(
        ruleset=rules,
        seed=seed,
        dice=dice,
        racks=tuple(Hand(rack) for rack in racks),  # type: ignore[arg-type]
        wall=tuple(order[position:]),
        walls=walls,
    )
