"""A card compiled into arrays, and distances from racks to all its hands at once.

For every concrete hand ``h`` and tile kind ``k`` (jokers aside) the card
stores ``s[h, k]``, the naturals its singles and pairs need, and ``b[h, k]``,
the tiles in its groups of 3 or more, where jokers may stand. Let
``t = s + b``. A rack with ``r[k]`` naturals and ``j`` jokers then lacks

    distance = 14 - M_t - min(j, (14 - M_t) - (S - M_s))

tiles, with ``M_t = sum_k min(r[k], t[k])`` (naturals it can place at all),
``M_s = sum_k min(r[k], s[k])`` (naturals placed in singles and pairs) and
``S = sum_k s[k]``: naturals go first to singles and pairs (only they can fill
them), the rest to groups of 3+, and jokers fill what groups of 3+ still lack.

``sum_k min(r[k], t[k])`` is a dot product of "thermometer" codes: a count
``c`` becomes the bits ``[c >= 1, c >= 2, ...]``. A rack holds at most 4
naturals of a kind (8 flowers), so 34 * 4 + 8 = 144 bits suffice, and the
distances from N racks to H hands are two matrix products, N x 144 by 144 x H,
with no Python loop over hands. Distances to lines for many racks
(:meth:`CompiledCard.line_distances`) go through the byte kernel of
:mod:`mjlearn.analysis.kernel`, which gives the same numbers faster.

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
from .position import Exposure

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card, Line

__all__ = ["CompiledCard", "counts_of", "exposed_counts", "thermometer", "NATURAL_KINDS", "THERMOMETER_BITS"]

NATURAL_KINDS = NUM_KINDS - 1  # every kind but the joker
_LEVELS = [COPIES[k] for k in range(NATURAL_KINDS)]
_BIT_KIND = np.repeat(np.arange(NATURAL_KINDS), _LEVELS)
_BIT_LEVEL = np.concatenate([np.arange(1, n + 1) for n in _LEVELS])
THERMOMETER_BITS = len(_BIT_KIND)  # 144
_MAX_GROUPS = 4  # 14 tiles hold at most four groups of 3 or more


def counts_of(hand: Hand) -> np.ndarray:
    """A hand's 36 counts as a numpy int16 vector."""
    return np.asarray(hand.counts, dtype=np.int16)


def thermometer(counts: np.ndarray) -> np.ndarray:
    """Thermometer code (``[..., 144]`` float32) of natural counts ``[..., 35]`` (or 36: jokers ignored)."""
    return (counts[..., _BIT_KIND] >= _BIT_LEVEL).astype(np.float32)


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
        self.cache: dict[str, object] = {}  # derived data other modules build once per card
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
        self.group_codes = groups
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
        arrays = (self.small, self.big, self.total, self.group_codes, self.small_size, self.codes,
                  self.line_start, self.line_of, self.line_value, self.line_concealed)
        return sum(a.nbytes for a in arrays)

    # -- distances ---------------------------------------------------------
    def hand_distances(self, racks: np.ndarray) -> np.ndarray:
        """Distances ``[N, H]`` (int16) from racks ``[N, 36]`` to every hand, with no exposures."""
        racks = np.asarray(racks)
        products = thermometer(racks[:, :NATURAL_KINDS]) @ self.codes
        return _distance(products, self.num_hands, racks[:, NUM_KINDS - 1], self.small_size, 14)

    def line_distances(self, racks: np.ndarray, executor: Executor | None = None, progress: bool = False) -> np.ndarray:
        """Distances ``[N, L]`` (int16) from racks ``[N, 36]`` to each line (its nearest hand), no exposures.

        The batch kernel of :mod:`mjlearn.analysis.kernel` computes them, in chunks on ``executor`` if given.
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
        count_rows = self.cache.get("rack-count-rows")
        if count_rows is None:
            count_rows = self.cache["rack-count-rows"] = _count_rows(self.total, self.small)
        return _rack_distance(count_rows, np.asarray(rack), self.small_size, 14)

    # -- exposures ---------------------------------------------------------
    def wild_readings(self, exposures: Sequence[Exposure]) -> list[list[Exposure]]:
        """The ways to read the exposures: each wild one (jokers only) as a group of its size
        that some hand of the card has; the exposures themselves when none is wild."""
        from itertools import product

        wild = [e for e in exposures if e.is_wild]
        if not wild:
            return [list(exposures)]
        fixed = [e for e in exposures if not e.is_wild]
        codes = {int(c) for c in np.unique(self.group_codes) if c >= 0}
        options = [
            [Exposure(Tile(code // 16), w.size, w.jokers) for code in sorted(codes) if code % 16 == w.size]
            for w in wild
        ]
        return [fixed + list(choice) for choice in product(*options)]

    def allowed(self, exposures: Sequence[Exposure]) -> np.ndarray:
        """Mask ``[H]`` of hands that can hold these exposures, each as one whole group.

        Worked out once per set of exposures (a card keeps up to 64 sets, then starts afresh).
        """
        if any(e.is_wild for e in exposures):
            mask = np.zeros(self.num_hands, dtype=bool)
            for reading in self.wild_readings(exposures):
                mask |= self.allowed(reading)
            return mask
        return self._exposed_hands(exposures).mask.copy()

    def _allowed_mask(self, exposures: Sequence[Exposure]) -> np.ndarray:
        """:meth:`allowed` worked out afresh, for exposures that are not wild."""
        mask = np.ones(self.num_hands, dtype=bool)
        if not exposures:
            return mask
        mask &= ~self.line_concealed[self.line_of]
        wanted: dict[int, int] = {}
        for e in exposures:
            code = _group_code(int(e.tile), e.size)
            wanted[code] = wanted.get(code, 0) + 1
        for code, n in wanted.items():
            mask &= (self.group_codes == code).sum(axis=1) >= n
        return mask

    def _exposed_hands(self, exposures: Sequence[Exposure]) -> "_ExposedHands":
        """The arrays of the hands that hold these (not wild) exposures, built once per set of exposures."""
        key = tuple(sorted((int(e.tile), e.size) for e in exposures))  # what jokers stand in does not matter
        known = self.cache.setdefault("exposure-sets", {})
        found = known.get(key)
        if found is None:
            if len(known) >= _EXPOSURE_SETS_KEPT:
                known.clear()  # start afresh (one call, safe when threads share the card)
            found = known[key] = _ExposedHands(self, exposures)
        return found

    def exposed_distances(self, rack: np.ndarray, exposures: Sequence[Exposure]) -> tuple[np.ndarray, np.ndarray]:
        """For one rack ``[36]`` with exposures: the allowed-hand indices and their distances.

        A wild exposure is read as whichever group of its size leaves each hand nearest.
        """
        if any(e.is_wild for e in exposures):
            best = np.full(self.num_hands, np.iinfo(np.int16).max, dtype=np.int16)
            for reading in self.wild_readings(exposures):
                index, distance = self.exposed_distances(rack, reading)
                best[index] = np.minimum(best[index], distance)
            index = np.flatnonzero(best < np.iinfo(np.int16).max)
            return index, best[index]
        hands = self._exposed_hands(exposures)
        return hands.index, _rack_distance(hands.count_rows, np.asarray(rack), hands.small_size, hands.remaining)

    # -- the dead ----------------------------------------------------------
    def live(self, visible: np.ndarray, exposures: Sequence[Exposure] = (), index: np.ndarray | None = None) -> np.ndarray:
        """Mask ``[H]`` of hands still possible when ``visible`` tiles (``[36]`` counts: discards and
        other players' exposures) are out of play; ``exposures`` are the player's own. With ``index``,
        only those hands are judged (the mask then has one entry per index)."""
        available = np.asarray(COPIES, dtype=np.int16) - np.asarray(visible, dtype=np.int16)
        total = self.total if index is None else self.total[index]
        small = self.small if index is None else self.small[index]
        remaining_total = total.astype(np.int16)
        for e in exposures:
            available[e.tile] -= e.naturals
            available[Tile.JOKER] -= e.jokers
            if not e.is_wild:
                remaining_total[:, e.tile] -= e.size
        naturals = available[:NATURAL_KINDS]
        short = np.maximum(remaining_total - naturals, 0)
        possible = (small <= naturals).all(axis=1)
        return possible & (short.sum(axis=1) <= max(int(available[Tile.JOKER]), 0))


def exposed_counts(exposures: Sequence[Exposure]) -> np.ndarray:
    """Tiles per kind (``[35]``) that exposed groups take out of a target's groups of 3 or more."""
    exposed = np.zeros(NATURAL_KINDS, dtype=np.int16)
    for e in exposures:
        exposed[e.tile] += e.size
    return exposed


def _distance(products: np.ndarray, hands: int, jokers: np.ndarray, small_size: np.ndarray, remaining: int):
    """Distances from the products ``[N, 2H]`` (M_t then M_s) of the formula in the module docstring."""
    placed = products[:, :hands].astype(np.int16)  # M_t
    placed_small = products[:, hands:].astype(np.int16)  # M_s
    missing = remaining - placed
    missing_in_groups = missing - (small_size - placed_small)
    return missing - np.minimum(np.asarray(jokers, dtype=np.int16)[:, None], missing_in_groups)


_EXPOSURE_SETS_KEPT = 64


def _count_rows(total: np.ndarray, small: np.ndarray) -> np.ndarray:
    """``[179, 2n]`` uint8: for each kind ``k`` and count ``c`` of it that a rack may hold (row
    ``_COUNT_ROW[k] + c``), each hand's ``min(c, t[k])``, then its ``min(c, s[k])``: that kind's share of
    ``M_t`` and ``M_s`` (the sum of the kind's first ``c`` thermometer bits)."""
    both = np.maximum(np.concatenate([total, small], axis=0).T, 0)  # [35, 2n]; as thermometer bits, none below 0
    rows = np.minimum(_COUNT_OF_ROW[:, None], both[_KIND_OF_ROW])
    return np.ascontiguousarray(rows.astype(np.uint8))


_COUNT_ROW = np.concatenate([[0], np.cumsum([n + 1 for n in _LEVELS])[:-1]])  # each kind's row for a count of 0
_KIND_OF_ROW = np.repeat(np.arange(NATURAL_KINDS), [n + 1 for n in _LEVELS])
_COUNT_OF_ROW = np.concatenate([np.arange(n + 1) for n in _LEVELS])


def _rack_distance(count_rows: np.ndarray, rack: np.ndarray, small_size: np.ndarray, remaining: int) -> np.ndarray:
    """One rack's distances ``[n]`` (int16) to the hands of ``count_rows`` (:func:`_count_rows`): the rows of
    the kinds the rack holds, at its counts, summed give ``M_t`` and ``M_s`` (see the module docstring)."""
    hands = len(small_size)
    naturals = rack[:NATURAL_KINDS]
    kinds = np.flatnonzero(naturals)
    placed = count_rows.take(_COUNT_ROW[kinds] + naturals[kinds], axis=0).sum(axis=0, dtype=np.uint8)  # <= 14
    # missing - min(j, missing - (S - M_s)) with missing = remaining - M_t is max(missing - j, S - M_s)
    distance = np.subtract(remaining - int(rack[NUM_KINDS - 1]), placed[:hands], dtype=np.int16)
    return np.maximum(distance, np.subtract(small_size, placed[hands:], dtype=np.int16), out=distance)


class _ExposedHands:
    """The hands one set of (not wild) exposures allows, with what one rack's distances to them need
    (``count_rows``, built the first time a distance is asked for)."""

    def __init__(self, compiled: CompiledCard, exposures: Sequence[Exposure]):
        self.mask = compiled._allowed_mask(exposures)
        self.index = np.flatnonzero(self.mask)
        self.index.flags.writeable = False  # handed to callers: kept, so never changed in place
        self.exposed = exposed_counts(exposures)
        self.small_size = compiled.small_size[self.index]
        self.remaining = 14 - int(self.exposed.sum())
        self._compiled = compiled
        self._count_rows: np.ndarray | None = None

    @property
    def count_rows(self) -> np.ndarray:
        if self._count_rows is None:
            compiled, index = self._compiled, self.index
            self._count_rows = _count_rows(compiled.total[index] - self.exposed, compiled.small[index])
        return self._count_rows
