"""A card compiled into arrays, and distances from racks to all its hands at once.

For every concrete hand ``h`` and tile kind ``k`` (jokers aside) the card
stores ``small[h, k]`` (``s`` in :mod:`mjlearn.engine.tiles_away`), the naturals
its singles and pairs need, and ``big[h, k]``, the tiles in its groups of 3 or
more, where jokers may stand; ``total = small + big`` (``t``). The distance from
a rack to a hand is the formula of :mod:`mjlearn.engine.tiles_away`, from the
sums ``M_t = sum_k min(r[k], t[k])`` and ``M_s = sum_k min(r[k], s[k])``.

Those sums come in two layouts here. ``sum_k min(r[k], t[k])`` is a dot product
of "thermometer" codes: a count ``c`` becomes the bits ``[c >= 1, c >= 2, ...]``.
A rack holds at most 4 naturals of a kind (8 flowers), so 34 * 4 + 8 = 144 bits
suffice, and the sums from N racks to H hands are one matrix product, N x 144 by
144 x 2H (:meth:`CompiledCard.hand_distances`). For one rack a ready row per kind
and count (``min(c, t[k])`` and ``min(c, s[k])`` for every hand) is quicker: the
rows of the kinds it holds, added up (:meth:`CompiledCard.rack_distances`).
Distances to lines for many racks (:meth:`CompiledCard.line_distances`) go
through the byte kernel of :mod:`mjlearn.engine.kernel`.

>>> import mjlearn as mj
>>> compiled = CompiledCard(mj.load_card("basic1"))
>>> compiled.num_hands, compiled.num_lines
(308, 24)
>>> rack = counts_of(mj.Hand("FF 222B 444B 666B 888B"))
>>> int(compiled.line_distances(rack[None, :])[0, 0])
0
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np

from ..hands import ConcreteHand, Hand
from ..tiles import COPIES, NUM_KINDS, Tile
from . import kernel
from .exposure import Exposure
from .liveness import available_tiles, shortfalls
from .memo import Memo
from .tiles_away import HAND_SIZE, tiles_away

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card, Line

__all__ = ["CompiledCard", "ExposedRows", "EXPOSED_ROWS", "GROUP_MASKS", "counts_of", "exposed_counts", "exposure_key",
           "thermometer", "thermometer_rows", "NATURAL_KINDS", "THERMOMETER_BITS"]

NATURAL_KINDS = NUM_KINDS - 1  # every kind but the joker
_JOKER = int(Tile.JOKER)
_LEVELS = [COPIES[k] for k in range(NATURAL_KINDS)]
_BIT_KIND = np.repeat(np.arange(NATURAL_KINDS), _LEVELS)
_BIT_LEVEL = np.concatenate([np.arange(1, n + 1) for n in _LEVELS])
_BIT_LEVEL_COLUMN = _BIT_LEVEL[:, None].astype(np.int16)  # (each thermometer bit's level, as a column)
THERMOMETER_BITS = len(_BIT_KIND)  # 144
_MAX_GROUPS = 4  # 14 tiles hold at most four groups of 3 or more


def counts_of(hand: Hand) -> np.ndarray:
    """A hand's 36 counts as a numpy int16 vector."""
    return np.asarray(hand.counts, dtype=np.int16)


def thermometer(counts: np.ndarray) -> np.ndarray:
    """Thermometer code (``[..., 144]`` float32) of natural counts ``[..., 35]`` (or 36: jokers ignored)."""
    return (counts[..., _BIT_KIND] >= _BIT_LEVEL).astype(np.float32)


def thermometer_rows(counts_t: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """The thermometer code of per-kind counts given kind by kind (``[35, n]``): ``[144, n]`` booleans, bit by
    bit (the transpose of :func:`thermometer`, without the float copy); written into ``out`` (of any integer
    type: 0 and 1) when given.

    >>> counts_t = np.zeros((35, 2), dtype=np.int16); counts_t[0] = [2, 1]
    >>> bool((thermometer_rows(counts_t) == thermometer(counts_t.T).T).all())
    True
    """
    return np.greater_equal(counts_t.take(_BIT_KIND, axis=0), _BIT_LEVEL_COLUMN, out=out)


def _group_code(tile: int, size: int) -> int:
    return tile * 16 + size


class CompiledCard:
    """The arrays of one card, built once and reused for every rack.

    Hands are stored line by line in card order: the hands of line ``i`` are
    ``line_start[i]`` to ``line_start[i + 1]``.
    """

    def __init__(self, card: "Card", reverse_runs: bool = False):
        from ..resources import as_card

        self.lines: list[Line] = as_card(card).lines
        per_line = [line.hands(reverse_runs) for line in self.lines]
        self.hands: list[ConcreteHand] = [h for hands in per_line for h in hands]
        sizes = [len(hands) for hands in per_line]
        self.line_start = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.line_of = np.repeat(np.arange(len(self.lines)), sizes).astype(np.int32)
        self.line_index = np.arange(len(self.lines), dtype=np.int64)
        self.hand_index = np.arange(sum(sizes), dtype=np.int64)
        self.line_value = np.array([line.value for line in self.lines], dtype=np.int32)
        self.line_concealed = np.array([line.concealed for line in self.lines], dtype=bool)

        count = len(self.hands)
        small = np.zeros((count, NATURAL_KINDS), dtype=np.int8)
        big = np.zeros((count, NATURAL_KINDS), dtype=np.int8)
        groups = np.full((count, _MAX_GROUPS), -1, dtype=np.int16)
        for h, hand in enumerate(self.hands):
            big_groups, small_tiles = hand.key
            for tile in small_tiles:
                small[h, tile] += 1
            for g, (tile, size) in enumerate(big_groups):
                big[h, tile] += size
                groups[h, g] = _group_code(tile, size)
        self.small = small
        self.big = big
        self.total = small + big
        self.total16 = self.total.astype(np.int16)  # (as the exposed rows take them: no copy to make each time)
        self.small16 = small.astype(np.int16)
        # [144, H] int16: each hand's singles and pairs as thermometer bits (a view's rows for them: exposures leave
        # the singles and pairs as they are)
        self.small_codes = np.ascontiguousarray(thermometer_rows(np.ascontiguousarray(small.T)).astype(np.int16))
        self.group_codes = groups
        # per hand, bit t set when it has a group of 3+ of tile t that may be exposed (its line is not concealed)
        bits = np.zeros(count, dtype=np.int64)
        for g in range(_MAX_GROUPS):
            code = groups[:, g].astype(np.int64)
            bits |= np.where(code >= 0, np.left_shift(1, np.maximum(code, 0) // 16), 0)
        bits[self.line_concealed[self.line_of]] = 0
        self.group_tile_bits = bits
        self.group_code_list: list[int] = sorted({int(c) for c in np.unique(groups) if c >= 0})  # (wild readings)
        self.small_size = small.sum(axis=1, dtype=np.int16)
        # [144, 2H]: thermometers of t then of s, so one product gives M_t and M_s.
        self.codes = np.ascontiguousarray(
            np.concatenate([thermometer(self.total), thermometer(small)], axis=0).T
        )

    # -- sizes -------------------------------------------------------------
    @property
    def num_hands(self) -> int:
        return len(self.hands)

    @property
    def num_lines(self) -> int:
        return len(self.lines)

    @property
    def nbytes(self) -> int:
        """Bytes held by the arrays."""
        arrays = (self.small, self.big, self.total, self.total16, self.small16, self.small_codes, self.group_tile_bits,
                  self.group_codes, self.small_size, self.codes,
                  self.line_start, self.line_of, self.line_value, self.line_concealed)
        return sum(a.nbytes for a in arrays)

    # -- distances ---------------------------------------------------------
    def hand_distances(self, racks: np.ndarray) -> np.ndarray:
        """Distances ``[N, H]`` (int16) from racks ``[N, 36]`` to every hand, with no exposures."""
        racks = np.asarray(racks)
        products = (thermometer(racks[:, :NATURAL_KINDS]) @ self.codes).astype(np.int16)  # M_t, then M_s
        hands = self.num_hands
        free = (HAND_SIZE - racks[:, NUM_KINDS - 1])[:, None]
        return tiles_away(free, products[:, :hands], self.small_size, products[:, hands:])

    def line_distances(self, racks: np.ndarray, executor: Executor | None = None, progress: bool = False) -> np.ndarray:
        """Distances ``[N, L]`` (int16) from racks ``[N, 36]`` to each line (its nearest hand), no exposures.

        The batch kernel of :mod:`mjlearn.engine.kernel` computes them, in chunks on ``executor`` if given.
        """
        return kernel.line_distances(kernel.KernelTables.of(self), racks, executor=executor, progress=progress)

    def rack_distances(self, rack: np.ndarray) -> np.ndarray:
        """Distances ``[H]`` (int16) from one rack ``[36]`` to every hand, with no exposures.

        The same numbers as ``hand_distances(rack[None, :])[0]``, found by adding up
        one ready row per kind the rack holds (``M_t`` and ``M_s`` of that kind for
        its count, see :func:`_count_rows`), which is what one click of a widget needs.
        ``rack`` holds no more of a tile than the set has, as a :class:`Hand` does.

        >>> import mjlearn as mj
        >>> compiled = mj.load_card("basic1").compiled()
        >>> rack = counts_of(mj.Hand("FF 222B 444B 666B 88B J"))
        >>> bool((compiled.rack_distances(rack) == compiled.hand_distances(rack[None, :])[0]).all())
        True
        """
        return self.exposed_rows(()).distances(np.asarray(rack))

    # -- exposures ---------------------------------------------------------
    def wild_readings(self, exposures: Sequence[Exposure]) -> list[list[Exposure]]:
        """The ways to read the exposures: each wild one (jokers only) as a group of its size
        that some hand of the card has; the exposures themselves when none is wild."""
        from itertools import product

        wild = [e for e in exposures if e.is_wild]
        if not wild:
            return [list(exposures)]
        fixed = [e for e in exposures if not e.is_wild]
        options = [
            [Exposure(Tile(code // 16), w.size, w.jokers) for code in self.group_code_list if code % 16 == w.size]
            for w in wild
        ]
        return [fixed + list(choice) for choice in product(*options)]

    def exposed_rows(self, exposures: "Sequence[Exposure] | tuple[tuple[int, int], ...]") -> "ExposedRows":
        """The hands these exposures allow, one row per way to read them (:class:`ExposedRows`), worked out
        once per set of exposures (:data:`EXPOSED_ROWS`). ``exposures`` are Exposures or their key
        (:func:`exposure_key`: what jokers stand in does not matter)."""
        key = exposures if _is_key(exposures) else exposure_key(exposures)
        return EXPOSED_ROWS.get(self, key, lambda: ExposedRows(self, key))

    def allowed(self, exposures: Sequence[Exposure]) -> np.ndarray:
        """Mask ``[H]`` of hands that can hold these exposures, each as one whole group (a wild one: as a group
        of its size)."""
        mask = np.zeros(self.num_hands, dtype=bool)
        mask[self.exposed_rows(exposures).hand] = True
        return mask

    def exposed_distances(self, rack: np.ndarray, exposures: Sequence[Exposure]) -> tuple[np.ndarray, np.ndarray]:
        """For one rack ``[36]`` with exposures: the allowed-hand indices and their distances.

        A wild exposure is read as whichever group of its size leaves each hand nearest.
        """
        rows = self.exposed_rows(exposures)
        distance = rows.distances(np.asarray(rack))
        if rows.readings:  # a hand's rows: its readings; the nearest counts
            distance = np.minimum.reduceat(distance, rows.hand_starts) if len(distance) else distance
        return rows.hands, distance

    # -- the dead ----------------------------------------------------------
    def live(self, visible: np.ndarray, exposures: Sequence[Exposure] = (), index: np.ndarray | None = None) -> np.ndarray:
        """Mask ``[H]`` of hands still possible when ``visible`` tiles (``[36]`` counts: discards and
        other players' exposures) are out of play; ``exposures`` are the player's own. With ``index``,
        only those hands are judged (the mask then has one entry per index). A hand the exposures do
        not allow is not possible.

        A hand is possible when the tiles still available are 0 away from it (:mod:`~mjlearn.engine.tiles_away`):
        every natural its singles and pairs need is there, and its groups of 3+ lack no more naturals than the
        available jokers make up (a wild exposure read as whichever group of its size leaves it possible).
        """
        rows = self.exposed_rows(exposures)
        available = available_tiles(visible, exposures)
        short, lacking = shortfalls(rows.rest, rows.small, available)
        possible = (lacking == 0) & (short <= max(int(available[Tile.JOKER]), 0))
        mask = np.zeros(self.num_hands, dtype=bool)
        mask[rows.hand[possible]] = True
        return mask if index is None else mask[index]


def exposed_counts(exposures: Sequence[Exposure]) -> np.ndarray:
    """Tiles per kind (``[35]``) that exposed groups take out of a target's groups of 3 or more."""
    exposed = np.zeros(NATURAL_KINDS, dtype=np.int16)
    for e in exposures:
        exposed[e.tile] += e.size
    return exposed


def exposure_key(exposures: Sequence[Exposure]) -> tuple[tuple[int, int], ...]:
    """What a set of exposures takes from a hand: its ``(tile, size)`` pairs, sorted (a wild exposure's tile is
    :attr:`Tile.JOKER`). The jokers in them do not matter.

    >>> exposure_key([Exposure.parse("555C J"), Exposure.parse("FFF")])
    ((13, 4), (34, 3))
    """
    if not exposures:
        return ()
    return tuple(sorted((int(e.tile), int(e.size)) for e in exposures))


def _is_key(exposures) -> bool:
    return type(exposures) is tuple and all(type(e) is tuple for e in exposures)


EXPOSED_ROWS = Memo("exposed rows", maxsize=4096)
"""Per compiled card, the :class:`ExposedRows` of each set of exposures met (a card's games meet a few
hundred to a thousand)."""


class ExposedRows:
    """The hands of a card that a set of exposures allows, one row per way to read the exposures.

    ``hand`` (``[m]``, ascending: card order, so each line's rows are contiguous) indexes the card's hands,
    ``rest`` (``[m, 35]`` int16) is what each row still has to place per kind (the hand's tiles less the
    exposed groups), ``small`` what its singles and pairs need, ``remaining`` the tiles the rack must
    supply (14 less the exposed ones). A wild exposure (jokers only) takes a group of its size, each group
    size the card has in turn: a hand then has a row per reading that fits it (``readings`` is true), and
    its distance is the nearest row's; else ``hand`` has each allowed hand once.
    """

    __slots__ = ("key", "hand", "rest", "small", "small_size", "remaining", "readings", "hands", "hand_starts",
                 "_count_rows", "_looked")

    def __init__(self, compiled: CompiledCard, key: tuple[tuple[int, int], ...]):
        self.key = key
        self.remaining = HAND_SIZE - sum(size for _, size in key)
        self.readings = any(tile == _JOKER for tile, _ in key)
        hands, rests = [], []
        if not self.readings:  # (one reading: the exposures themselves, straight from the key)
            index = _allowed_mask(compiled, key).nonzero()[0]
            exposed = [0] * NATURAL_KINDS
            for tile, size in key:
                exposed[tile] += size
            hands.append(index)
            rests.append(compiled.total16[index] - np.array(exposed, dtype=np.int16))
        else:
            for reading in compiled.wild_readings([Exposure(Tile(tile), size) for tile, size in key]):
                index = _allowed_mask(compiled, reading).nonzero()[0]
                hands.append(index)
                rests.append(compiled.total16[index] - exposed_counts(reading))
        if len(hands) == 1:  # (one reading: its hands are in card order already, each once)
            self.hand, self.rest = hands[0], rests[0]
        else:
            hand = np.concatenate(hands) if hands else np.zeros(0, dtype=np.int64)  # (no reading: no group that size)
            order = np.argsort(hand, kind="stable")  # line by line, as the card stores them
            self.hand = hand[order]
            rest = np.concatenate(rests) if rests else np.zeros((0, NATURAL_KINDS), dtype=np.int16)
            self.rest = np.ascontiguousarray(rest[order])
        self.small = compiled.small16[self.hand]
        self.small_size = compiled.small_size[self.hand]
        if not self.readings:  # each hand once
            starts = np.arange(len(self.hand), dtype=np.int64)
        elif len(self.hand):
            first = np.empty(len(self.hand), dtype=bool)
            first[0] = True
            np.not_equal(self.hand[1:], self.hand[:-1], out=first[1:])
            starts = np.flatnonzero(first)
        else:
            starts = self.hand
        self.hand_starts = starts
        self.hands = self.hand[starts]
        for array in (self.hand, self.rest, self.small, self.small_size, self.hand_starts, self.hands):
            array.flags.writeable = False  # handed to callers: kept, so never changed in place
        self._count_rows: np.ndarray | None = None
        self._looked = False  # (whether distances has been asked once: see there)

    def distances(self, rack: np.ndarray) -> np.ndarray:
        """One rack's distances ``[m]`` (int16) to every row: the rows of :func:`_count_rows` of the kinds the
        rack holds, at its counts, summed give ``M_t`` and ``M_s`` (see :mod:`~mjlearn.engine.tiles_away`).

        The first look at a set of exposures sums ``min(rest, count)`` and ``min(small, count)`` over the kinds
        the rack holds instead (the same numbers): a game checks a Mah Jongg's exposures once, and those rows
        cost several times that to build. The second look builds them.

        >>> import mjlearn as mj
        >>> rows = mj.load_card("basic1").compiled().exposed_rows(((34, 3),))   # FFF exposed
        >>> rack = counts_of(mj.Hand("222B 444B 666B 88B"))
        >>> first, second = rows.distances(rack), rows.distances(rack)   # directly, then by the rows built
        >>> bool((first == second).all()), first.dtype
        (True, dtype('int16'))
        """
        count_rows = self._count_rows
        naturals = rack[:NATURAL_KINDS]
        kinds = np.flatnonzero(naturals)
        if count_rows is None:
            if self._looked:
                count_rows = self._count_rows = _count_rows(self.rest, self.small)
            else:
                self._looked = True
                held = naturals[kinds].astype(np.int16)
                placed = np.minimum(np.maximum(self.rest[:, kinds], 0), held).sum(axis=1, dtype=np.int16)
                placed_small = np.minimum(np.maximum(self.small[:, kinds], 0), held).sum(axis=1, dtype=np.int16)
                return tiles_away(self.remaining - int(rack[NUM_KINDS - 1]), placed, self.small_size, placed_small)
        placed = count_rows.take(_COUNT_ROW[kinds] + naturals[kinds], axis=0).sum(axis=0, dtype=np.uint8)  # <= 14
        rows = len(self.small_size)
        return tiles_away(self.remaining - int(rack[NUM_KINDS - 1]), placed[:rows], self.small_size, placed[rows:])


def _allowed_mask(compiled: CompiledCard, exposures: "Sequence[Exposure] | tuple[tuple[int, int], ...]") -> np.ndarray:
    """Mask ``[H]`` of the hands that hold these exposures (none wild; Exposures or their key's ``(tile, size)``
    pairs), each as one whole group of its own."""
    if not exposures:
        return np.ones(compiled.num_hands, dtype=bool)
    exposable = GROUP_MASKS.get(compiled, None, lambda: ~compiled.line_concealed[compiled.line_of])
    wanted: dict[int, int] = {}
    for e in exposures:
        code = _group_code(*e) if type(e) is tuple else _group_code(int(e.tile), e.size)
        wanted[code] = wanted.get(code, 0) + 1
    mask = None
    for code, n in wanted.items():
        has = GROUP_MASKS.get(compiled, (code, n), lambda: (compiled.group_codes == code).sum(axis=1) >= n)
        if mask is None:
            mask = exposable & has  # (a new array: the kept masks stay as they are)
        else:
            mask &= has
    return mask


GROUP_MASKS = Memo("group masks", maxsize=1024)
"""Per compiled card, the hands holding ``n`` groups of one code (``(code, n)``), and (key ``None``) the hands of
lines that may be exposed: what :func:`_allowed_mask` combines for each set of exposures (a card has a few
dozen group codes)."""


def _count_rows(total: np.ndarray, small: np.ndarray) -> np.ndarray:
    """``[179, 2n]`` uint8: for each kind ``k`` and count ``c`` of it that a rack may hold (row
    ``_COUNT_ROW[k] + c``), each hand's ``min(c, t[k])``, then its ``min(c, s[k])``: that kind's share of
    ``M_t`` and ``M_s`` (the sum of the kind's first ``c`` thermometer bits)."""
    both = np.maximum(np.concatenate([total, small], axis=0).T, 0).astype(np.uint8)  # [35, 2n]; none below 0
    # (in bytes throughout: a whole card's rows in int64 were megabytes, slow to allocate the first time)
    return np.minimum(_COUNT_OF_ROW_U8[:, None], both[_KIND_OF_ROW])


_COUNT_ROW = np.concatenate([[0], np.cumsum([n + 1 for n in _LEVELS])[:-1]])  # each kind's row for a count of 0
_KIND_OF_ROW = np.repeat(np.arange(NATURAL_KINDS), [n + 1 for n in _LEVELS])
_COUNT_OF_ROW = np.concatenate([np.arange(n + 1) for n in _LEVELS])
_COUNT_OF_ROW_U8 = _COUNT_OF_ROW.astype(np.uint8)
