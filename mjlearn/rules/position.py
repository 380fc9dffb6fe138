"""Table positions a teacher writes in the concrete notation: :meth:`Game.from_position <mjlearn.rules.Game.from_position>`.

A position says what is on the table at one moment of play: racks, exposures,
the discard floor (who threw what, in order), the next tiles of the wall,
whose turn it is and whether that player draws or discards, and which hands
are dead. Seats left out get random racks from the tiles that remain, and the
rest of the set becomes the wall, shuffled by the seed. Everything is checked
against the 152-tile set and the rules, and an impossible position is refused
with a :class:`~mjlearn.errors.PositionError` that names the argument:

>>> import mjlearn as mj
>>> position = read_table_position(mj.rules.NMJL, racks={0: "FF 222B 444B 666C 88C"}, seed=1)
>>> str(position.racks[0]), len(position.racks[1]), len(position.wall)
('FF 222B 444B 666C 88C', 13, 100)
>>> read_table_position(mj.rules.NMJL, racks={0: "11111B"})
Traceback (most recent call last):
...
mjlearn.errors.PositionError: racks[0]: ...
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..analysis.position import Exposure
from ..errors import MjlearnError, PositionError, RuleError
from ..hands import Hand
from ..tiles import COPIES, NUM_KINDS, Tile, as_tile, parse_tiles
from .ruleset import Ruleset
from .setup import SEATS, check_seat

__all__ = ["TablePosition", "read_table_position", "read_tiles", "PHASES", "LARGEST_EXPOSURE"]

LARGEST_EXPOSURE = 6
"""The most tiles an exposure holds: a sextet (a call makes 3-6; MAHJ-X amendments make 3-5)."""

PHASES = ("draw", "discard", "calls")
"""The phases a position can be in: the turn's player is about to draw (13 tiles) or to discard (14), or
has just discarded (the last of the discards, still live: the other players may call it; everyone holds 13)."""


@dataclass(frozen=True)
class TablePosition:
    """A checked table state: what :meth:`Game.from_position` sets up, and what a save file records."""

    racks: tuple[Hand, Hand, Hand, Hand]
    exposures: tuple[tuple[Exposure, ...], ...]
    discards: tuple[tuple[int, Tile], ...]
    wall: tuple[Tile, ...]
    turn: int
    phase: str
    dead: frozenset[int]

    def to_dict(self) -> dict:
        """The position as plain JSON-ready values, tiles in the concrete notation."""
        return {
            "racks": [str(rack) for rack in self.racks],
            "exposures": [[str(group) for group in groups] for groups in self.exposures],
            "discards": [[seat, tile.notation] for seat, tile in self.discards],
            "wall": [tile.notation for tile in self.wall],
            "turn": self.turn,
            "phase": self.phase,
            "dead": sorted(self.dead),
        }


def _seat(seat, what: str) -> int:
    """``check_seat``, refusing with a :class:`PositionError`."""
    try:
        return check_seat(seat, what)
    except RuleError as err:
        raise PositionError(str(err)) from None


def _per_seat(value, what: str) -> dict[int, object]:
    """A seat -> value mapping from a dict of seats or a sequence of four (``None`` = not given)."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {_seat(seat, f"a seat in {what}"): item for seat, item in value.items() if item is not None}
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise PositionError(f"{what} must be a dict {{seat: ...}} or a list of 4 (one per seat), not {value!r}")
    items = list(value)
    if len(items) != 4:
        raise PositionError(f"{what} must list 4 seats (East, South, West, North), not {len(items)}")
    return {seat: item for seat, item in enumerate(items) if item is not None}


def _tile(value, what: str) -> Tile:
    try:
        return as_tile(value)
    except (MjlearnError, TypeError, ValueError) as err:
        raise PositionError(f"{what}: {err}") from None


def read_tiles(value, what: str) -> list[Tile]:
    """Tiles in order, from the concrete notation (``"1B 2B G"``) or any iterable of tiles (a
    :class:`Tile`, its notation or its number each); a :class:`PositionError` naming ``what`` if not.

    >>> [t.notation for t in read_tiles("G R 1B", "wall")] == [t.notation for t in read_tiles(["G", "R", 0], "wall")]
    True
    """
    if isinstance(value, str):
        try:
            return parse_tiles(value)
        except MjlearnError as err:
            raise PositionError(f"{what}: {err}") from None
    if isinstance(value, (bytes, bytearray)) or not isinstance(value, Iterable):
        raise PositionError(f"{what} must be tiles in the concrete notation ('1B 2B ...') or a list of tiles,"
                            f" not {value!r}")
    return [_tile(tile, f"{what}[{index}]") for index, tile in enumerate(value)]


def read_table_position(
    ruleset: Ruleset,
    racks=None,
    exposures=None,
    discards=(),
    wall=(),
    turn: int = 0,
    phase: str = "draw",
    dead=(),
    seed: int | None = None,
) -> TablePosition:
    """Check a position and fill in what is not given (see the module's docstring).

    ``racks`` and ``exposures``: a dict ``{seat: ...}`` or a list of 4; a rack
    in the concrete notation, a Hand or a list of tiles; a seat's exposures a
    list of groups such as ``"555C J"`` (each also a Hand, a list of tiles or an
    :class:`~mjlearn.analysis.position.Exposure`), or one group alone.
    ``discards``: ``(seat, tile)`` pairs, oldest first (``None``: none). ``wall``: the next
    tiles to be drawn, in order, in the concrete notation (``"1B 2B G"``) or
    as a list of tiles; the rest of the set follows them, shuffled by
    ``seed``. ``phase`` is ``"draw"`` or ``"discard"`` for the seat ``turn``, or ``"calls"``: ``turn`` has
    just thrown the last of the ``discards``, which the others may call or let go.
    """
    _seat(turn, "turn")
    if phase not in PHASES:
        raise PositionError(f"phase must be one of {', '.join(map(repr, PHASES))}, not {phase!r}")
    if isinstance(dead, (str, bytes)) or not isinstance(dead, Iterable):
        raise PositionError(f"dead must be a list of seats, not {dead!r}")
    dead_seats = frozenset(_seat(seat, "a seat in dead") for seat in dead)
    if turn in dead_seats:
        raise PositionError(f"turn: {SEATS[turn]}'s hand is dead, so it cannot be {SEATS[turn]}'s turn")
    used = [0] * NUM_KINDS

    def take(tiles: Iterable[Tile], what: str) -> None:
        for tile in tiles:
            used[tile] += 1
            if used[tile] > COPIES[tile]:
                raise PositionError(f"{what}: the set has only {COPIES[tile]} {tile.notation}; this position uses more")

    groups_by_seat: list[tuple[Exposure, ...]] = [(), (), (), ()]
    for seat, groups in _per_seat(exposures, "exposures").items():
        if isinstance(groups, (str, Exposure, Hand)):  # one group alone
            groups = [groups]
        elif isinstance(groups, bytes) or not isinstance(groups, Iterable):
            raise PositionError(f"exposures[{seat}] must be a list of exposures (such as ['444B', '555C J']),"
                                f" not {groups!r}")
        parsed = []
        for index, group in enumerate(groups):
            what = f"exposures[{seat}][{index}]"
            try:
                exposure = Exposure.parse(group)
            except (MjlearnError, TypeError) as err:
                raise PositionError(f"{what}: {err}") from None
            if exposure.size > LARGEST_EXPOSURE:
                raise PositionError(f"{what}: {SEATS[seat]}'s exposure {exposure} holds {exposure.size} tiles;"
                                    f" an exposure is a pung, kong, quint or sextet (3-{LARGEST_EXPOSURE} tiles)")
            if exposure.is_wild and not ruleset.reverse_joker_swap:
                raise PositionError(f"{what}: an exposure of jokers only exists only under MAHJ-X (rule 4.5), not {ruleset.name}")
            take(exposure.tiles(), what)
            parsed.append(exposure)
        groups_by_seat[seat] = tuple(parsed)
    floor = []
    if discards is None:
        discards = ()
    elif isinstance(discards, (str, bytes)) or not isinstance(discards, Iterable):
        raise PositionError(f"discards must be a list of (seat, tile) pairs, not {discards!r}")
    for index, item in enumerate(discards):
        what = f"discards[{index}]"
        if isinstance(item, (str, bytes)) or not isinstance(item, Iterable) or len(tuple(item)) != 2:
            raise PositionError(f"{what} must be a (seat, tile) pair, not {item!r}")
        seat, tile = tuple(item)
        floor.append((_seat(seat, f"the seat of {what}"), _tile(tile, what)))
    take((tile for _, tile in floor), "discards")
    if phase == "calls":
        if not floor:
            raise PositionError("discards: a position waiting for calls needs the live discard, the last of the"
                                " discards")
        thrower, live = floor[-1]
        if thrower != turn:
            raise PositionError(f"discards[{len(floor) - 1}]: the live discard was thrown by {SEATS[thrower]}, but"
                                f" turn is {SEATS[turn]}: in a position waiting for calls, turn is the seat that"
                                " has just discarded")
        if live == Tile.JOKER:
            raise PositionError(f"discards[{len(floor) - 1}]: a discarded joker cannot be called, so no one waits"
                                " to call it")
    top = read_tiles(wall, "wall")
    take(top, "wall")
    given: dict[int, Hand] = {}
    for seat, rack in _per_seat(racks, "racks").items():
        try:
            given[seat] = Hand(rack)
        except (MjlearnError, TypeError) as err:
            raise PositionError(f"racks[{seat}]: {err}") from None
        take(given[seat].tiles(), f"racks[{seat}]")

    def size(seat: int) -> int:
        return 14 if (seat == turn and phase == "discard") else 13

    for seat, rack in given.items():
        held = len(rack) + sum(group.size for group in groups_by_seat[seat])
        if held != size(seat):
            why = f"{SEATS[seat]} is to discard" if size(seat) == 14 else (
                f"{SEATS[seat]} has just discarded" if seat == turn and phase == "calls" else
                f"{SEATS[seat]} is to draw" if seat == turn else "it is not their turn")
            raise PositionError(
                f"racks[{seat}]: {SEATS[seat]} holds {held} tiles with the exposures; {why}, so the hand holds {size(seat)}"
            )
    rest = [Tile(kind) for kind in range(NUM_KINDS) for _ in range(COPIES[kind] - used[kind])]
    random.Random(seed).shuffle(rest)
    final = []
    for seat in range(4):
        if seat in given:
            final.append(given[seat])
            continue
        need = size(seat) - sum(group.size for group in groups_by_seat[seat])
        if need < 0:
            raise PositionError(f"exposures[{seat}]: {SEATS[seat]}'s exposures hold more than {size(seat)} tiles")
        final.append(Hand(sorted(rest[:need])))
        del rest[:need]
    return TablePosition(
        racks=tuple(final),  # type: ignore[arg-type]
        exposures=tuple(groups_by_seat),
        discards=tuple(floor),
        wall=tuple(top + rest),
        turn=turn,
        phase=phase,
        dead=dead_seats,
    )
