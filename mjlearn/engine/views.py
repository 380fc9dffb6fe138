"""The fast position engine: a card's hands as one set of exposures allows them, and a rack's distances to them.

A :class:`View` holds the hands that a set of exposures allows (the rows of
:meth:`~mjlearn.engine.compiled.CompiledCard.exposed_rows`), ready for fast
distances: a rack's sums ``M_t`` and ``M_s`` (:mod:`mjlearn.engine.tiles_away`)
over every hand are the sum of one precomputed thermometer row per tile it
holds, and a rack one tile away differs by one row. A :class:`Position` is one
rack's sums, distances and best distance in a view, found from the last rack
when it differs by one tile. :func:`discard_ranks` ranks the racks one discard
away, :func:`call_options` lists the exposures a discard may be called for.

The players (:class:`mjlearn.rules.Bot`, :class:`mjlearn.rules.CoachBot`) decide
with these; they share a card's views through its
:class:`~mjlearn.engine.card_engine.BotEngine`.

With numba installed (``mjlearn[fast]``) a position's distances and a discard's
ranking run as compiled loops (:mod:`mjlearn.engine.loops` chooses); both engines
give the same numbers.

>>> import mjlearn as mj
>>> from mjlearn.engine import engine_for
>>> view = engine_for(mj.load_card("basic1")).view(())
>>> position = Position(view, mj.Hand("FF 222B 444B 666B 888B").counts)
>>> position.best, int(position.distance[0])
(0, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

import numpy as np

from ..tiles import COPIES, Tile
from . import loops
from .checks import as_counts
from .compiled import NATURAL_KINDS, THERMOMETER_BITS, exposure_key, thermometer_rows
from .exposure import Exposure
from .liveness import available_tiles
from .tiles_away import tiles_away

if TYPE_CHECKING:  # pragma: no cover
    from .compiled import CompiledCard

__all__ = ["FAR", "JOKER", "NO_TILE", "OFFSET", "Position", "View", "as_counts", "available_tiles", "call_options",
           "discard_ranks", "exposure_key", "ranks_engine", "seat_exposures", "step_from", "thermometer_bits"]

JOKER = int(Tile.JOKER)
_COPIES = np.asarray(COPIES, dtype=np.int16)
OFFSET: list[int] = np.concatenate([[0], np.cumsum(_COPIES[:NATURAL_KINDS])[:-1]]).astype(np.int64).tolist()
"""First thermometer bit of each natural kind: level ``c`` (1-based) of kind ``k`` is bit ``OFFSET[k] + c - 1``."""
_OFFSETS = np.asarray(OFFSET, dtype=np.int64)  # (as the compiled loops read it)
NO_TILE = int(THERMOMETER_BITS)
"""The row of zeros after a view's thermometer codes (a candidate that takes no natural away: a joker)."""
FAR = 64
"""Added to the distance of dead hands so that any live hand comes first."""
_least = np.minimum.reduce  # (array.min() without numpy's Python wrapper: called often)

_LEVELS: list[list[tuple[int, ...]]] = [[tuple(range(start, start + c)) for c in range(max(COPIES) + 1)]
                                        for start in OFFSET]
"""Per natural kind, the thermometer bits set by holding 0, 1, 2... of it."""


def thermometer_bits(counts: Sequence[int]) -> list[int]:
    """The thermometer bits that are set for a rack's natural tiles (the rows whose sum are its sums).

    >>> thermometer_bits([2] + [0] * 34 + [1])   # two of the first kind; the joker has no bits
    [0, 1]
    """
    bits: list[int] = []
    for levels, c in zip(_LEVELS, counts):  # (the natural kinds: the joker has no bits)
        if c:
            bits += levels[c]
    return bits


def seat_exposures(game, seat: int) -> tuple[Exposure, ...]:
    """A seat's exposures in a game (a :class:`~mjlearn.rules.Game`), as the players read them: a tuple."""
    return tuple(game.exposures[seat])  # the game keeps Exposure values already


class View:
    """The hands of a card that a set of exposures allows, ready for fast distances.

    ``index`` are the allowed hands (card order, so lines are contiguous; a hand
    appears once per reading of a wild exposure), ``rest`` and ``small`` what each
    still has to place and what its singles and pairs need (per kind), ``codes``
    their thermometer rows (``[145, 2n]``: remaining totals, then singles and
    pairs, then a row of zeros) so that a rack's ``M_t`` and ``M_s`` are the sum
    of the rows of its tiles, and ``groups`` the groups of 3+ that may still be
    called: per tile, ``(size, mask over the view's hands)`` (worked out on first
    use; ``group_tiles`` says at a glance which tiles have one: bit ``t`` of an int).

    >>> import mjlearn as mj
    >>> from mjlearn.engine import engine_for
    >>> view = engine_for(mj.load_card("basic1")).view(())
    >>> sorted(view.groups) == [t for t in range(35) if view.group_tiles >> t & 1]
    True
    """

    __slots__ = ("key", "index", "n", "codes", "small_size", "remaining", "rest", "small", "starts",
                 "seg_line", "seg_value", "seg_rank", "positions", "rest_t", "small_t", "lines",
                 "uses_t", "hand_groups", "concealed", "group_tiles", "_groups", "_needs")

    def __init__(self, compiled: "CompiledCard", key: tuple[tuple[int, int], ...]):
        self.key = key
        rows = compiled.exposed_rows(key)
        self.index = rows.hand
        self.n = n = len(self.index)
        self.rest = rows.rest  # tiles still to place, per kind
        self.small = rows.small
        self.rest_t = np.ascontiguousarray(self.rest.T)  # [35, n]: per kind, for incremental liveness
        self.small_t = np.ascontiguousarray(self.small.T)
        self.uses_t = self.rest_t + self.small_t  # (what a discard's tie-break weighs: Bot.choose_discard)
        codes = np.empty((THERMOMETER_BITS + 1, 2 * n), dtype=np.int16)
        thermometer_rows(self.rest_t, out=codes[:THERMOMETER_BITS, :n])
        codes[:THERMOMETER_BITS, n:] = compiled.small_codes.take(self.index, axis=1)  # (exposures leave them as they are)
        codes[THERMOMETER_BITS] = 0  # (the row of NO_TILE)
        self.codes = codes  # (thermometer_rows of rest_t, then of small_t)
        self.small_size = rows.small_size.astype(np.int16)
        self.remaining = rows.remaining
        lines = compiled.line_of[self.index]
        self.lines = lines
        if n:
            first = np.empty(n, dtype=bool)
            first[0] = True
            np.not_equal(lines[1:], lines[:-1], out=first[1:])
            self.starts = np.flatnonzero(first)
            self.seg_line = lines[self.starts].astype(np.int64)
        else:
            self.starts = np.zeros(0, dtype=np.int64)
            self.seg_line = np.zeros(0, dtype=np.int64)
        self.seg_value = compiled.line_value[self.seg_line].astype(np.int64)
        self.seg_rank = -self.seg_value  # higher values first
        self.positions = np.arange(n, dtype=np.int64)
        self.concealed = compiled.line_concealed[lines]
        self.hand_groups = compiled.group_codes[self.index].astype(np.int64)  # each hand's groups of 3+: tile * 16 + size
        # (the tiles of the exposable groups: the players' quick look, before any group's mask is needed)
        self.group_tiles = int(np.bitwise_or.reduce(compiled.group_tile_bits[self.index])) if n else 0
        self._groups: dict | None = None
        self._needs: tuple | None = None

    @property
    def groups(self) -> dict[int, list[tuple[int, np.ndarray]]]:
        """Per tile, ``(size, mask over the view's hands)`` for each size of group of it that a hand of an exposed
        line holds, sizes ascending (the groups of 3+ that may still be called). Worked out on first use: the
        players mostly need only :attr:`group_tiles`."""
        groups = self._groups
        if groups is None:
            groups = self._groups = _exposable_groups(self.hand_groups, self.concealed, self.n)
        return groups

    @property
    def needs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The view's needs kind by kind, as the compiled liveness reads them: ``(ptr, hands, rest, small)``,
        where entries ``ptr[k]`` to ``ptr[k + 1]`` name each hand that still has to place tiles of kind ``k``
        (``hands``), how many (``rest``) and how many of them in singles and pairs (``small``). Worked out on
        first use."""
        if self._needs is None:
            rest_t, small_t = self.rest_t, self.small_t
            held = rest_t > 0  # (rest counts the singles and pairs too)
            ptr = np.zeros(NATURAL_KINDS + 1, dtype=np.int64)
            np.cumsum(np.count_nonzero(held, axis=1), out=ptr[1:])
            hands = held.nonzero()[1]  # kind by kind, hands in order (as a boolean index reads them)
            # (a copy: nonzero's columns are strided, and numba would compile and run a slower loop for them)
            self._needs = (ptr, np.ascontiguousarray(hands, dtype=np.int64), rest_t[held].astype(np.int64),
                           small_t[held].astype(np.int64))
        return self._needs

    # -- distances -----------------------------------------------------------
    def sums(self, counts: Sequence[int]) -> np.ndarray:
        """``M_t`` then ``M_s`` (``[2n]``) for a rack's 36 counts."""
        bits = thermometer_bits(counts)
        if not bits:
            return np.zeros(2 * self.n, dtype=np.int16)
        return np.add.reduce(self.codes.take(bits, axis=0), axis=0, dtype=np.int16)

    def distances(self, sums: np.ndarray, jokers) -> np.ndarray:
        """Distances from sums ``[..., 2n]`` with ``jokers`` (a number, or one per row) to every view hand."""
        n = self.n
        if type(jokers) is int and not jokers:  # no joker: the tiles missing are the distance
            return self.remaining - sums[..., :n]
        jokers = np.asarray(jokers, dtype=np.int16)
        free = self.remaining - (jokers[:, None] if jokers.ndim else jokers)
        return tiles_away(free, sums[..., :n], self.small_size, sums[..., n:])

    def line_best(self, keys: np.ndarray) -> np.ndarray:
        """Per line (segment) the smallest key of its hands; ``keys`` is ``[n]`` or ``[K, n]``."""
        return np.minimum.reduceat(keys, self.starts, axis=-1)


def _exposable_groups(codes: np.ndarray, concealed: np.ndarray, n: int) -> dict[int, list[tuple[int, np.ndarray]]]:
    """:attr:`View.groups` from the hands' group codes (``[n, 4]``: tile * 16 + size, or -1) and their lines'
    concealment: per tile, ``(size, mask over the hands)`` for each size of group of it that some hand of an
    exposed line holds, sizes ascending."""
    exposable = (codes >= 0) & ~concealed[:, None]
    hands = np.nonzero(exposable)[0]
    found, which = np.unique(codes[exposable], return_inverse=True)  # (codes ascending: tile, then size)
    masks = np.zeros((len(found), n), dtype=bool)
    masks[which.ravel(), hands] = True
    groups: dict[int, list[tuple[int, np.ndarray]]] = {}
    for code, has in zip(found.tolist(), masks):
        tile, size = divmod(code, 16)
        groups.setdefault(tile, []).append((size, has))
    return groups


class Position:
    """A rack's sums, distances (no liveness) and best distance, for one view.

    With ``near``, a position of the same view whose rack differs by one natural tile, the sums are
    that position's plus or minus one row (the same numbers, found faster).
    """

    __slots__ = ("view", "counts", "sums", "distance", "best")

    def __init__(self, view: View, counts: tuple[int, ...], near: "Position | None" = None):
        self.view = view
        self.counts = counts
        if view.n:
            step = step_from(near, counts) if near is not None and near.view is view else None
            compiled = loops.compiled_loops()
            if compiled is not None:  # the numba engine: the same numbers in one pass
                self.distance = distance = np.empty(view.n, dtype=np.int16)
                if step is None:
                    self.sums = sums = np.empty(2 * view.n, dtype=np.int16)
                    self.best = int(compiled.position_from_counts(np.array(counts, dtype=np.int64), _OFFSETS,
                                                                  view.codes, sums, view.remaining, view.small_size,
                                                                  distance))
                else:
                    self.sums = sums = near.sums.copy()
                    self.best = int(compiled.position_distances(sums, view.codes, step[0], step[1], view.remaining,
                                                                view.small_size, counts[JOKER], distance))
                return
            if step is None:
                self.sums = view.sums(counts)
            elif step[1] > 0:
                self.sums = near.sums + view.codes[step[0]]
            else:
                self.sums = near.sums - view.codes[step[0]]
            self.distance = view.distances(self.sums, counts[JOKER])
            self.best = int(_least(self.distance))
        else:
            self.sums = self.distance = np.zeros(0, dtype=np.int16)
            self.best = 99


    @classmethod
    def _made(cls, view: View, counts: tuple[int, ...], sums: np.ndarray, distance: np.ndarray,
              best: int) -> "Position":
        """A position from figures worked out elsewhere (a compiled turn: ``BotEngine.turn_discards``)."""
        position = _new_position(cls)
        position.view, position.counts, position.sums = view, counts, sums
        position.distance, position.best = distance, best
        return position

    def wins_with(self, kind: int) -> bool:
        """Whether one more tile of natural ``kind`` (the set holding another) makes the rack 0 away from a hand.

        >>> import mjlearn as mj
        >>> from mjlearn.engine import engine_for
        >>> view = engine_for(mj.load_card("basic1")).view(())
        >>> position = Position(view, mj.Hand("FF 222B 444B 666B 888B").change(remove=["8B"]).counts)
        >>> position.wins_with(int(Tile.from_notation("8B"))), position.wins_with(int(Tile.from_notation("9B")))
        (True, False)
        """
        view, counts = self.view, self.counts
        row = OFFSET[kind] + counts[kind]
        compiled = loops.compiled_loops()
        if compiled is not None:
            return compiled.wins_with(self.sums, view.codes, row, view.remaining, view.small_size, counts[JOKER])
        return bool((view.distances(self.sums + view.codes[row], counts[JOKER]) == 0).any())


_new_position = object.__new__


def step_from(near: Position, counts: tuple[int, ...]) -> tuple[int, int] | None:
    """``(row, sign)`` if the rack ``counts`` is that of ``near`` with one natural tile more (+1) or fewer
    (-1): its sums are ``near``'s plus ``sign`` times thermometer row ``row``; else ``None``. A bot whose
    rack changed by one tile since its last look steps from that look instead of building a new one.

    >>> import mjlearn as mj
    >>> from mjlearn.engine import engine_for
    >>> engine = engine_for(mj.load_card("basic1"))
    >>> near = Position(engine.view(()), mj.Hand("FF 222B 444B 666B 88B").counts)
    >>> step_from(near, mj.Hand("FF 222B 444B 666B 888B").counts)[1], step_from(near, mj.Hand("FF 222B 444B 66B 88B").counts)[1]
    (1, -1)
    >>> step_from(near, mj.Hand("FF 222B 444B 666B 88B").counts), step_from(near, mj.Hand("FF 222B 444B 666B 8B 9B").counts)
    (None, None)
    """
    before = near.counts
    k = next(compress(range(NATURAL_KINDS), map(ne, counts, before)), None)  # the first kind that differs
    if k is None or counts[k + 1:] != before[k + 1:]:  # none, or more than one
        return None
    if counts[k] == before[k] + 1:
        return OFFSET[k] + before[k], 1
    if counts[k] == before[k] - 1:
        return OFFSET[k] + counts[k], -1
    return None


def call_options(counts: Sequence[int], exposures: Sequence[Exposure], tile: int, sizes):
    """The exposures a discard of ``tile`` may be called for, one per size of ``sizes`` (smallest first):
    ``(size, jokers used, the rack left, the exposures after)``, naturals of the rack used before jokers.

    >>> counts = [0] * 36; counts[4] = 2; counts[35] = 1
    >>> [(size, jokers, rest[4], rest[35]) for size, jokers, rest, _ in call_options(counts, (), 4, [3, 4, 5])]
    [(3, 0, 0, 1), (4, 1, 0, 0)]
    """
    for size in sorted(set(sizes)):
        naturals = min(counts[tile], size - 1)
        use_jokers = size - 1 - naturals
        if use_jokers > counts[JOKER]:
            continue
        rest = list(counts)
        rest[tile] -= naturals
        rest[JOKER] -= use_jokers
        yield size, use_jokers, rest, tuple(exposures) + (Exposure(Tile(tile), size, use_jokers),)


def discard_ranks(current: np.ndarray, base: np.ndarray, sums: np.ndarray, view: View, bits: list[int],
                  jokers: int, count: int) -> np.ndarray:
    """For each candidate discard of :meth:`~mjlearn.rules.Bot.choose_discard`, the ``count`` smallest line
    distances once it is thrown (``[len(bits), count]``, nearest first).

    ``current`` are the distances to the view's hands (dead ones :data:`FAR` behind), ``base`` and ``sums``
    those of the rack without that penalty (a :class:`Position`'s), ``bits`` the thermometer row each
    candidate takes away (:data:`NO_TILE`, last, for a joker: then one joker fewer). This is the numpy
    engine; :func:`ranks_engine` gives the compiled one when numba is there (the same numbers).
    """
    # Losing a tile costs each hand 0 or 1, so only hands within one of the
    # `count`-th nearest line can be among the nearest lines afterwards.
    per_line = view.line_best(current)  # (a new array: sorted in place)
    per_line.sort()
    cutoff = int(per_line[count - 1]) + 1
    near = (current <= cutoff).nonzero()[0]
    if jokers:
        n = view.n
        columns = np.concatenate([near, near + n])
        candidate_sums = sums.take(columns) - view.codes.take(bits, axis=0).take(columns, axis=1)
        m = len(near)
        distance = tiles_away(view.remaining - _joker_column(len(bits), jokers), candidate_sums[:, :m],
                              view.small_size[near], candidate_sums[:, m:])
        if cutoff >= FAR:  # dead hands among the near ones: they stay behind the live
            distance += current[near] - base[near]
    else:  # the distance is the tiles missing: one more for each hand that uses the tile thrown
        # (and near hands are dead only if the cutoff reaches FAR: then `current` keeps them behind)
        distance = view.codes.take(bits, axis=0).take(near, axis=1)
        distance += current.take(near)
    # per line with near hands the nearest of them (at least `count` lines have near hands)
    near_lines = view.lines[near]
    first_of_line = np.empty(len(near), dtype=bool)
    first_of_line[0] = True
    np.not_equal(near_lines[1:], near_lines[:-1], out=first_of_line[1:])
    ranked = np.minimum.reduceat(distance, first_of_line.nonzero()[0], axis=1)
    ranked.sort(axis=1)
    return ranked[:, :count]


def _compiled_discard_ranks(current, base, sums, view: View, bits: list[int], jokers: int, count: int) -> np.ndarray:
    """:func:`discard_ranks` by the compiled loops."""
    out = np.empty((len(bits), count), dtype=np.int64)
    loops.numba_loops().discard_ranks(current, base, sums, view.codes, view.small_size, view.lines, view.starts,
                                      view.remaining, np.array(bits, dtype=np.int64), jokers, out)
    return out


def ranks_engine() -> Callable:
    """The ranking function of :data:`mjlearn.engine.loops.engine`: :func:`discard_ranks` or the compiled one."""
    return discard_ranks if loops.compiled_loops() is None else _compiled_discard_ranks


_JOKER_COLUMNS: dict[tuple[int, int], np.ndarray] = {}


def _joker_column(rows: int, jokers: int) -> np.ndarray:
    """``[rows, 1]`` int16: ``jokers`` for every candidate of a discard but the last (which throws a joker:
    ``jokers - 1``). Kept per shape (at most 15 x 9); do not modify it.

    >>> _joker_column(3, 2).ravel().tolist()
    [2, 2, 1]
    """
    column = _JOKER_COLUMNS.get((rows, jokers))
    if column is None:
        column = np.full((rows, 1), jokers, dtype=np.int16)
        column[-1] = jokers - 1
        column.flags.writeable = False
        column = _JOKER_COLUMNS[(rows, jokers)] = column
    return column
