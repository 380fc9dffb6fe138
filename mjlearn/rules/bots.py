"""Bots: a seeded, deterministic policy that plays a whole game of American Mah Jongg.

A :class:`Bot` aims at the nearest *live* line of the card (one whose hands
can still be made, given the tiles out of play) and plays it with the
analysis engine's distance formula (``mjlearn/analysis/compiled.py``):

- **Charleston**: it passes the tiles its three nearest lines leave unused (the
  tiles of :func:`mjlearn.analysis.advice.nearest_lines_pass`, which ranks lines
  by tiles missing; not those of the coach's :func:`mjlearn.analysis.suggest_pass`,
  which ranks them by their chances; never a joker, never blind),
  offers in a negotiated swap only the tiles that every line near its best
  leaves unused (0-3: the more settled its target, the more it offers), and
  votes for a second Charleston when its best line is more than 4 tiles away.
- **Play**: it declares Mah Jongg as soon as its tiles win; otherwise it
  discards the tile whose loss keeps its nearest lines nearest (the tiles its
  target leaves unused, preferring those that its next lines do not need
  either), a joker only when every natural tile is in use. It calls a
  discard for Mah Jongg when the tile completes a win, and for an exposure
  only when its target line has a group of 3 or more of that tile and is not
  concealed, and the call brings it nearer (jokers make up what its naturals
  lack). On its turn it swaps a natural for an exposed joker when that does
  not take it further from its target. After discarding a joker under MAHJ-X it always
  takes the extra pick (rule 6 lets it; :meth:`Game.decline_pick` would pass).

>>> import mjlearn as mj
>>> game = run_game(mj.load_card("basic1"), seed=3)
>>> game.phase
'over'

Speed: the bots never build a DataFrame in play. Every decision is a few
vector operations over the card's concrete hands: the distance from a rack
to every hand is a sum of precomputed 0/1 rows (one per tile held), and the
racks one discard away differ from it by one row each. With numba installed
(``mjlearn[fast]``) a discard's candidates are ranked by a compiled loop
(:func:`discard_ranks` is the numpy one), and a rack's distances too; both
engines give the same games (:data:`engine` chooses).
"""

from __future__ import annotations

import random
import threading
from itertools import compress
from operator import ne
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..analysis.compiled import NATURAL_KINDS, THERMOMETER_BITS, thermometer
from ..analysis.position import Exposure
from ..errors import ArgumentError, RuleError
from ..hands import as_hand
from ..resources import as_card
from ..tiles import COPIES, Tile
from .liveness import LiveHands, available_counts, available_tiles, shortfalls
from .ruleset import NMJL, Ruleset, as_ruleset
from .setup import SEATS, seed_or_fresh

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card
    from .game import Game

__all__ = ["Bot", "BotEngine", "View", "available_tiles", "engine_for", "fast_suggest_pass", "make_bots",
           "play_move", "play_turn", "answer_call", "charleston_move", "run_game"]

JOKER = int(Tile.JOKER)
_COPIES = np.asarray(COPIES, dtype=np.int16)
_OFFSET: list[int] = np.concatenate([[0], np.cumsum(_COPIES[:NATURAL_KINDS])[:-1]]).astype(np.int64).tolist()
"""First thermometer bit of each natural kind: level ``c`` (1-based) of kind ``k`` is bit ``_OFFSET[k] + c - 1``."""
_least = np.minimum.reduce  # (array.min() and .any() without numpy's Python wrappers: they are called often)
_some = np.logical_or.reduce
_NO_TILE = int(THERMOMETER_BITS)  # the row of zeros after a view's thermometer codes
_FAR = 64  # added to the distance of dead hands so that any live hand comes first
_SHIFT = 1 << 20  # packs (distance, hand index) into one sortable integer
_VIEW_CACHE = 4096  # exposure sets kept per compiled card
_LIVE_CACHE = 4096  # exposure sets whose liveness is kept up to date (as many as views)


_LEVELS: list[list[tuple[int, ...]]] = [[tuple(range(start, start + c)) for c in range(max(COPIES) + 1)]
                                        for start in _OFFSET]
"""Per natural kind, the thermometer bits set by holding 0, 1, 2... of it."""


def _bits(counts: Sequence[int]) -> list[int]:
    """The thermometer bits that are set for a rack's natural tiles.

    >>> _bits([2] + [0] * 34 + [1])   # two of the first kind; the joker has no bits
    [0, 1]
    """
    bits: list[int] = []
    for levels, c in zip(_LEVELS, counts):  # (the natural kinds: the joker has no bits)
        if c:
            bits += levels[c]
    return bits


class View:
    """The hands of a card that a set of exposures allows, ready for fast distances.

    ``index`` are the allowed hands (card order, so lines are contiguous),
    ``codes`` their thermometer rows (``[144, 2n]``: remaining totals, then
    singles and pairs) so that a rack's ``M_t`` and ``M_s`` are the sum of the
    rows of its tiles.
    """

    __slots__ = ("key", "index", "n", "codes", "small_size", "remaining", "rest", "small", "starts",
                 "seg_line", "seg_value", "seg_rank", "positions", "groups", "exposed", "rest_t", "small_t", "lines",
                 "uses_t")
    # (a wild exposure's key is (35, size): Tile.JOKER, read as a group of that size)

    def __init__(self, compiled, key: tuple[tuple[int, int], ...]):
        self.key = key
        if key:
            mask = compiled.allowed([Exposure(Tile(t), s) for t, s in key])
            self.index = np.flatnonzero(mask)
        else:
            self.index = compiled.hand_index
        self.n = n = len(self.index)
        exposed = np.zeros(NATURAL_KINDS, dtype=np.int16)
        wild = []
        for t, s in key:
            if t == JOKER:
                wild.append(s)
            else:
                exposed[t] += s
        self.exposed = exposed
        self.rest = (compiled.total[self.index].astype(np.int16) - exposed)  # tiles still to place, per kind
        if wild:
            self._place_wild(compiled, wild)
        self.small = compiled.small[self.index].astype(np.int16)
        self.rest_t = np.ascontiguousarray(self.rest.T)  # [35, n]: per kind, for incremental liveness
        self.small_t = np.ascontiguousarray(self.small.T)
        self.uses_t = self.rest_t + self.small_t  # (what a discard's tie-break weighs: Bot.choose_discard)
        codes = np.concatenate([thermometer(self.rest).T, thermometer(self.small).T], axis=1)
        codes = np.concatenate([codes, np.zeros((1, codes.shape[1]))])  # and a row of zeros: _NO_TILE
        self.codes = np.ascontiguousarray(codes.astype(np.int16))
        self.small_size = compiled.small_size[self.index].astype(np.int16)
        self.remaining = 14 - sum(s for _, s in key)
        lines = compiled.line_of[self.index]
        self.lines = lines
        if n:
            self.starts = np.flatnonzero(np.r_[True, lines[1:] != lines[:-1]])
            self.seg_line = lines[self.starts].astype(np.int64)
        else:
            self.starts = np.zeros(0, dtype=np.int64)
            self.seg_line = np.zeros(0, dtype=np.int64)
        self.seg_value = compiled.line_value[self.seg_line].astype(np.int64)
        self.seg_rank = -self.seg_value  # higher values first
        self.positions = np.arange(n, dtype=np.int64)
        # groups of 3+ that may still be called: per tile, (size, mask over the view's hands)
        concealed = compiled.line_concealed[lines]
        codes16 = compiled.group_codes[self.index].astype(np.int32)
        groups: dict[int, list[tuple[int, np.ndarray]]] = {}
        for code in np.unique(codes16[codes16 >= 0]).tolist():
            tile, size = divmod(code, 16)
            has = (codes16 == code).any(axis=1) & ~concealed
            if has.any():
                groups.setdefault(tile, []).append((size, has))
        self.groups = groups

    def _place_wild(self, compiled, sizes: list[int]) -> None:
        """Read each wild exposure (jokers only, MAHJ-X rule 4.5) as a group of its size in every hand.

        In each hand the first group of that size whose tiles are still to be placed takes it.
        """
        codes = compiled.group_codes[self.index]
        for size in sizes:
            for h in range(self.n):
                for code in codes[h]:
                    tile, group_size = divmod(int(code), 16)
                    if code >= 0 and group_size == size and self.rest[h, tile] >= size:
                        self.rest[h, tile] -= size
                        break

    # -- distances -----------------------------------------------------------
    def sums(self, counts: Sequence[int]) -> np.ndarray:
        """``M_t`` then ``M_s`` (``[2n]``) for a rack's 36 counts."""
        bits = _bits(counts)
        if not bits:
            return np.zeros(2 * self.n, dtype=np.int16)
        return np.add.reduce(self.codes.take(bits, axis=0), axis=0, dtype=np.int16)

    def distances(self, sums: np.ndarray, jokers) -> np.ndarray:
        """Distances from sums ``[..., 2n]`` with ``jokers`` (a number, or one per row) to every view hand."""
        n = self.n
        placed = sums[..., :n]
        missing = self.remaining - placed
        if type(jokers) is int and not jokers:  # no joker: the tiles missing are the distance
            return missing
        in_groups = missing - (self.small_size - sums[..., n:])
        jokers = np.asarray(jokers, dtype=np.int16)
        if jokers.ndim:
            jokers = jokers[:, None]
        return missing - np.minimum(jokers, in_groups)

    def shortfalls(self, available: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For tiles still ``available`` (``[36]``): per hand the naturals its groups of 3+ lack
        (jokers must make them up) and how many kinds its singles and pairs lack."""
        return shortfalls(self.rest, self.small, available)

    def live(self, visible, exposures: Sequence[Exposure] = ()) -> np.ndarray:
        """Mask ``[n]`` of the view's hands that can still be made (as :meth:`CompiledCard.live`)."""
        available = available_tiles(visible, exposures)
        short, lacking = self.shortfalls(available)
        return (lacking == 0) & (short <= max(int(available[JOKER]), 0))

    def line_best(self, keys: np.ndarray) -> np.ndarray:
        """Per line (segment) the smallest key of its hands; ``keys`` is ``[n]`` or ``[K, n]``."""
        return np.minimum.reduceat(keys, self.starts, axis=-1)


class BotEngine:
    """Per-card (and ruleset) data the bots share: the views of each exposure set, built once."""

    def __init__(self, card: "Card", ruleset: Ruleset = NMJL):
        self.card = card
        self.ruleset = ruleset
        self.compiled = card.compiled(ruleset)
        self._views: OrderedDict[tuple, View] = OrderedDict()
        self._threads = threading.local()  # .live: view key -> its hands' liveness, kept up to date in this thread
        self.cache: dict[str, dict] = {}  # derived data other players build once per card (the coach bot's)

    def live_hands(self, view: View) -> LiveHands:
        """The :class:`~mjlearn.rules.liveness.LiveHands` of a view, shared by the bots of the card that
        play in this thread: seats that see the same tiles find it up to date, and the others update
        only the kinds that differ. (Each thread has its own: games played at once in threads of one
        process never change each other's.)"""
        kept = getattr(self._threads, "live", None)
        if kept is None:
            kept = self._threads.live = {}
        live = kept.get(view.key)
        if live is None:
            if len(kept) > _LIVE_CACHE:
                kept.clear()
            live = kept[view.key] = LiveHands(view.rest, view.small, view.rest_t, view.small_t)
        return live

    def view(self, key: tuple[tuple[int, int], ...] = ()) -> View:
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = View(self.compiled, key)
            if len(self._views) > _VIEW_CACHE:
                self._views.popitem(last=False)
        return view

    # -- the Charleston: suggest_pass, fast -----------------------------------
    def pass_scores(
        self, counts: Sequence[int], lines: int = 3
    ) -> tuple[list[tuple[int, int, int]], np.ndarray, np.ndarray]:
        """Every natural rack tile (copy by copy) ranked as :func:`~mjlearn.analysis.advice.nearest_lines_pass`
        ranks them (see :func:`fast_suggest_pass`).

        Returns ``(ranked, distances, unused)``: ``ranked`` lists ``(-score,
        tile, copy)`` best first; ``distances`` are those of the nearest
        ``lines`` lines, nearest first, and ``unused`` (``[lines, 35]``) the
        rack's naturals that each of their nearest hands leaves unused.
        """
        view = self.view(())
        distance = view.distances(view.sums(counts), counts[JOKER])
        keys = distance.astype(np.int64) * _SHIFT + view.positions
        best = view.line_best(keys)
        order = np.lexsort((view.seg_line, view.seg_rank, best // _SHIFT))[:lines]
        chosen = best[order]  # (positions in the view of every hand: the card's hand numbers)
        # what each nearest hand leaves unused: the naturals beyond its rest (singles and pairs included)
        unused = np.maximum(np.asarray(counts[:NATURAL_KINDS], dtype=np.int16) - view.rest[chosen % _SHIFT], 0)
        # score of copy c of kind k: the weights of the lines whose hand leaves more than c of it unused
        weighted = list(zip(range(lines, lines - len(order), -1), unused.tolist()))
        ranked = [(-sum([w for w, row in weighted if row[k] > copy]), k, copy)
                  for k in compress(range(NATURAL_KINDS), counts) for copy in range(counts[k])]
        ranked.sort()
        return ranked, chosen // _SHIFT, unused


_ENGINES: dict[tuple[int, str], tuple["Card", BotEngine]] = {}


def engine_for(card: "Card", ruleset: Ruleset | str = NMJL) -> BotEngine:
    """The shared :class:`BotEngine` of a card under a ruleset (rebuilt when the card's lines change)."""
    card = as_card(card)
    rules = as_ruleset(ruleset)
    key = (id(card), rules.name)
    entry = _ENGINES.get(key)
    compiled = card.compiled(rules)
    if entry is None or entry[0] is not card or entry[1].compiled is not compiled or entry[1].ruleset != rules:
        if len(_ENGINES) > 64:
            _ENGINES.clear()
        entry = _ENGINES[key] = (card, BotEngine(card, rules))
    return entry[1]


def fast_suggest_pass(card: "Card", hand, count: int = 3, lines: int = 3, ruleset: Ruleset | str = NMJL) -> list[Tile]:
    """The bots' Charleston pass: the tiles of :func:`~mjlearn.analysis.advice.nearest_lines_pass`, in the
    same order, about 7 times faster (no DataFrame).

    It is *not* the coach's :func:`~mjlearn.analysis.suggest_pass`. Both give
    away the tiles their chosen lines use least, but they choose the lines
    differently: this pass takes the ``lines`` nearest lines (fewest tiles
    missing, jokers counted where they may stand), weighted ``lines``,
    ``lines - 1``, ... by rank, while ``suggest_pass`` ranks the lines by the
    chance of drawing their most likely hand and weighs each by that chance,
    so a rack whose jokers cannot stand in its nearest line (Singles and
    Pairs) is led elsewhere. On 200 racks of ``basic1`` dealt with
    ``deal_racks(200, rng=23)`` the two pass different tiles (or the same tiles in
    another order) for 135 racks; ``suggest_pass`` is about 80 times slower
    (2 ms a rack against 0.025 ms), too slow for the bots' every Charleston.

    >>> import mjlearn as mj
    >>> from mjlearn.analysis import suggest_pass
    >>> rack = "FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ"
    >>> [t.notation for t in fast_suggest_pass("basic1", rack)], [t.notation for t in suggest_pass("basic1", rack)]
    (['6D', '1B', 'S'], ['9C', '1B', '5C'])
    """
    rack = as_hand(hand)
    card = as_card(card)
    ranked, _, _ = engine_for(card, ruleset).pass_scores(rack.counts, lines)
    if len(ranked) < count:
        from ..errors import HandError

        raise HandError(f"the rack has {len(ranked)} tiles that can go, fewer than {count}")
    return [Tile(k) for _, k, _ in ranked[:count]]


# -- what a bot sees of a game -----------------------------------------------------

def _exposures(game: "Game", seat: int) -> tuple[Exposure, ...]:
    return tuple(game.exposures[seat])  # the game keeps Exposure values already


def _as_counts(counts) -> tuple[int, ...]:
    """36 counts as a tuple of ints (a rack's ``Hand.counts`` already is one)."""
    return counts if type(counts) is tuple else tuple(int(c) for c in counts)


def _key(exposures: Sequence[Exposure]) -> tuple[tuple[int, int], ...]:
    if not exposures:
        return ()
    return tuple(sorted((int(e.tile), int(e.size)) for e in exposures))


def call_options(counts: Sequence[int], exposures: Sequence[Exposure], tile: int, sizes):
    """The exposures a discard of ``tile`` may be called for, one per size of ``sizes`` (smallest first):
    ``(size, jokers used, the rack left, the exposures after)``, naturals of the rack used before jokers."""
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
    """For each candidate discard of :meth:`Bot.choose_discard`, the ``count`` smallest line distances once
    it is thrown (``[len(bits), count]``, nearest first).

    ``current`` are the distances to the view's hands (dead ones ``_FAR`` behind), ``base`` and ``sums``
    those of the rack without that penalty (a :class:`_Position`'s), ``bits`` the thermometer row each
    candidate takes away (the row of zeros, last, for a joker: then one joker fewer). This is the numpy
    engine; with numba installed the bots use the compiled one (:mod:`mjlearn.rules._bots_numba`),
    which gives the same numbers.
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
        distance = view.remaining - candidate_sums[:, :m]  # the tiles missing
        in_groups = distance - (view.small_size[near] - candidate_sums[:, m:])  # of them, in groups of 3+
        distance -= np.minimum(_joker_column(len(bits), jokers), in_groups)
        if cutoff >= _FAR:  # dead hands among the near ones: they stay behind the live
            distance += current[near] - base[near]
    else:  # the distance is the tiles missing: one more for each hand that uses the tile thrown
        # (and near hands are dead only if the cutoff reaches _FAR: then `current` keeps them behind)
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


def _numba_discard_ranks(current, base, sums, view: View, bits: list[int], jokers: int, count: int) -> np.ndarray:
    """:func:`discard_ranks` by the numba engine."""
    out = np.empty((len(bits), count), dtype=np.int64)
    _NUMBA[0].discard_ranks(current, base, sums, view.codes, view.small_size, view.lines, view.starts,
                            view.remaining, np.array(bits, dtype=np.int64), jokers, out)
    return out


_NUMBA: list = []  # mjlearn.rules._bots_numba, or None without numba, once looked for
engine: str | None = None
"""The engine of the bots' innermost loops (a :class:`_Position`'s distances, :meth:`Bot.choose_discard`'s
ranking): ``"numba"`` (when installed), ``"numpy"``, or ``None`` for the fastest there is. Both give the
same numbers (and the same games)."""


def _compiled():
    """The bots' loops compiled by numba (:mod:`mjlearn.rules._bots_numba`), or ``None`` when numba is not
    installed or :data:`engine` is ``"numpy"``."""
    if engine == "numpy":
        return None
    if not _NUMBA:
        try:
            from . import _bots_numba as compiled
        except ImportError:
            compiled = None
        _NUMBA.append(compiled)
    return _NUMBA[0]


def _ranks_engine() -> Callable:
    """The ranking function of :data:`engine`."""
    return discard_ranks if _compiled() is None else _numba_discard_ranks


_JOKER_COLUMNS: dict[tuple[int, int], np.ndarray] = {}


def _joker_column(rows: int, jokers: int) -> np.ndarray:
    """``[rows, 1]`` int16: ``jokers`` for every candidate of :meth:`Bot.choose_discard` but the last (which
    throws a joker: ``jokers - 1``). Kept per shape; do not modify it.

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


class _Position:
    """A rack's sums, distances (no liveness) and best distance, for one view.

    With ``near``, a position of the same view whose rack differs by one natural tile, the sums are
    that position's plus or minus one row (the same numbers, found faster).
    """

    __slots__ = ("view", "counts", "sums", "distance", "best")

    def __init__(self, view: View, counts: tuple[int, ...], near: "_Position | None" = None):
        self.view = view
        self.counts = counts
        if view.n:
            step = _step_from(near, counts) if near is not None and near.view is view else None
            compiled = _compiled()
            if compiled is not None:  # the numba engine: the same numbers in one pass
                if step is None:
                    sums, row, sign = view.sums(counts), -1, 0
                else:
                    sums, (row, sign) = near.sums.copy(), step
                self.sums = sums
                self.distance = np.empty(view.n, dtype=np.int16)
                self.best = int(compiled.position_distances(sums, view.codes, row, sign, view.remaining,
                                                            view.small_size, counts[JOKER], self.distance))
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


def _step_from(near: _Position, counts: tuple[int, ...]) -> tuple[int, int] | None:
    """``(row, sign)`` if the rack ``counts`` is that of ``near`` with one natural tile more (+1) or fewer
    (-1): its sums are ``near``'s plus ``sign`` times thermometer row ``row``; else ``None``."""
    before = near.counts
    changed = list(compress(range(NATURAL_KINDS), map(ne, counts, before)))
    if len(changed) != 1:
        return None
    k = changed[0]
    if counts[k] == before[k] + 1:
        return _OFFSET[k] + before[k], 1
    if counts[k] == before[k] - 1:
        return _OFFSET[k] + counts[k], -1
    return None


class Bot:
    """A seeded, deterministic policy for one seat, built on the analysis engine.

    ``card`` and ``ruleset`` are the game's (the card a :class:`~mjlearn.Card`,
    a bundled card's name or a ``.mjcl`` path); ``seed`` breaks ties between
    equally good discards (``None``: fresh random choices). ``lines`` is how many of the nearest lines the
    Charleston and the discards look at, ``vote_above`` the distance above
    which it wants a second Charleston, ``calls`` whether it calls discards
    for exposures at all, ``exchanges`` whether it swaps for jokers, and
    ``offer_margin`` how near another line must be to unsettle its target in
    a negotiated swap (:meth:`choose_offer`).

    :meth:`act` makes the seat's next move whatever the phase; the
    ``choose_*`` methods only decide, from counts, exposures and the tiles
    in sight, and never touch a game.
    """

    def __init__(
        self,
        card: "Card",
        ruleset: Ruleset | str = NMJL,
        seed: int | None = 0,
        lines: int = 3,
        vote_above: int = 4,
        calls: bool = True,
        exchanges: bool = True,
        offer_margin: int = 2,
    ):
        self.card = card = as_card(card)
        self.ruleset = as_ruleset(ruleset)
        self.seed = seed
        self.rng = random.Random(seed)
        self.lines = lines
        self.vote_above = vote_above
        self.calls = calls
        self.exchanges = exchanges
        self.offer_margin = offer_margin
        self.engine = engine_for(card, self.ruleset)
        self._positions: dict[tuple, _Position] = {}
        self._last_position: _Position | None = None
        self._last_key: tuple = ((), ())  # (exposures, their _key)

    def __repr__(self) -> str:
        return f"Bot(seed={self.seed!r}, lines={self.lines}, vote_above={self.vote_above})"

    # -- evaluation --------------------------------------------------------------
    def _key_of(self, exposures: Sequence[Exposure]) -> tuple[tuple[int, int], ...]:
        """:func:`_key` of the exposures, kept from the last ones (a seat's exposures seldom change)."""
        if not exposures:
            return ()
        last = self._last_key
        if last[0] == exposures:  # (the same Exposure objects: compared by identity first)
            return last[1]
        key = _key(exposures)
        self._last_key = (tuple(exposures), key)
        return key

    def _position(self, counts: tuple[int, ...], key: tuple) -> _Position:
        last = self._last_position
        if last is not None and last.counts is counts and last.view.key == key:  # the same rack as last time
            return last
        cache_key = (counts, key)
        position = self._positions.get(cache_key)
        if position is None:
            if len(self._positions) > 256:
                self._positions.clear()
            position = self._positions[cache_key] = _Position(self.engine.view(key), counts, self._last_position)
        self._last_position = position  # the next rack is often this one with a tile more or less
        return position

    def _live_mask(self, view: View, available) -> np.ndarray:
        """Live hands of a view, updated from the last look at the same view (by any bot of the card) for
        the kinds whose count changed."""
        return self.engine.live_hands(view).mask(available)

    def best_distance(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None) -> int:
        """The distance to the nearest live line (nearest of all, if none is live); 99 if no line is allowed."""
        counts = _as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if visible is None or not position.view.n:
            return position.best
        live = self._live_mask(position.view, available_counts(visible, exposures))
        if _some(live):
            return int(_least(position.distance[live]))
        return position.best

    def wins(self, counts: Sequence[int], exposures: Sequence[Exposure] = ()) -> bool:
        """Whether the rack (14 tiles with the exposures) makes some line of the card."""
        return self._position(_as_counts(counts), self._key_of(exposures)).best == 0

    # -- the Charleston ----------------------------------------------------------
    def choose_pass(self, counts: Sequence[int], count: int = 3) -> list[Tile]:
        """The tiles to pass: those the nearest lines use least (as :func:`suggest_pass`); never jokers."""
        ranked, _, _ = self.engine.pass_scores(counts, self.lines)
        return [Tile(k) for _, k, _ in ranked[:count]]

    def choose_offer(self, counts: Sequence[int]) -> list[Tile]:
        """A negotiated swap's offer: 0-3 tiles, fewer the less settled the bot's target is.

        The lines that count are the nearest ``lines`` lines within
        ``offer_margin`` tiles of the nearest: the bot offers only tiles that
        all of them leave unused. A rack far ahead on one line offers that
        line's spare tiles; one torn between lines offers only what none of
        them wants.
        """
        ranked, distances, unused = self.engine.pass_scores(counts, self.lines)
        close = distances <= distances[0] + self.offer_margin
        spare = unused[close].min(axis=0)
        return [Tile(k) for _, k, copy in ranked if copy < spare[k]][:3]

    def wants_second_charleston(self, counts: Sequence[int]) -> bool:
        return self.best_distance(counts) > self.vote_above

    # -- play ----------------------------------------------------------------------
    def choose_discard(self, counts: Sequence[int], exposures: Sequence[Exposure] = (), visible=None) -> Tile:
        """The tile to throw from a 14-tile position: the one whose loss keeps the nearest lines nearest.

        Candidates are ranked by the distances of the nearest ``lines`` live
        lines once the tile is gone, then by how few of the nearest hands use
        every copy of it, then by the seeded generator. A joker goes only if
        every natural tile would cost more than it.
        """
        counts = _as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        view = position.view
        kinds = list(compress(range(NATURAL_KINDS), counts))
        if not kinds:
            return Tile.JOKER
        if not view.n:  # no line allowed at all: throw the most plentiful tile
            return Tile(max(kinds, key=lambda k: (counts[k], -k)))
        current = position.distance
        if visible is not None:
            live_hands = self.engine.live_hands(view)
            live_hands.mask(available_counts(visible, exposures))
            if live_hands.some:  # dead hands stand _FAR behind
                current = current + live_hands.dead_far(_FAR)
        count = min(self.lines, len(view.starts))
        jokers = counts[JOKER]
        bits = [_OFFSET[k] + counts[k] - 1 for k in kinds]
        if jokers:
            bits.append(_NO_TILE)  # the last candidate keeps the naturals and throws a joker
        ranked = _ranks_engine()(current, position.distance, position.sums, view, bits, jokers, count).tolist()
        if jokers and ranked[-1][0] < min(row[0] for row in ranked[:-1]):
            return Tile.JOKER
        lowest = min(ranked[: len(kinds)])
        best_rows = [r for r in range(len(kinds)) if ranked[r] == lowest]
        if len(best_rows) > 1:  # then the tile that the fewest of the nearest hands use every copy of
            nearest = (current <= int(_least(current)) + 1).nonzero()[0]
            tied = [kinds[r] for r in best_rows]
            held = np.array([counts[k] for k in tied], dtype=np.int16)[:, None]
            uses = view.uses_t.take(tied, axis=0).take(nearest, axis=1)
            wanted = np.add.reduce(uses >= held, axis=1).tolist()
            fewest = min(wanted)
            best_rows = [r for r, w in zip(best_rows, wanted) if w == fewest]
        row = best_rows[0] if len(best_rows) == 1 else self.rng.choice(best_rows)
        return Tile(kinds[row])

    def may_call(self, counts: Sequence[int], exposures: Sequence[Exposure], tile: Tile) -> bool:
        """Whether :meth:`choose_call` could do anything but pass (a quick look, before the table is read)."""
        t = int(tile)
        if t == JOKER:
            return False
        counts = _as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if not position.view.n:
            return False
        if position.best <= 1:
            return True
        return self.calls and t in position.view.groups and counts[t] + counts[JOKER] >= 2

    @staticmethod
    def completes_win(position: _Position, counts: Sequence[int], t: int) -> bool:
        """Whether a discard of kind ``t`` makes the rack of ``position`` (``counts``) a win."""
        if position.best > 1 or counts[t] >= COPIES[t]:  # one tile can lower the distance by one at most
            return False
        view = position.view
        sums = position.sums + view.codes[_OFFSET[t] + counts[t]]
        return bool(_some(view.distances(sums, counts[JOKER]) == 0))

    def read_call(self, counts: Sequence[int], exposures: Sequence[Exposure], tile: Tile) -> tuple:
        """The first look at a discard, shared by every call decision: ``("decided", ("mahjongg",))`` if it
        wins, ``("decided", None)`` if no exposure of it is possible, else ``("weigh", counts, position,
        groups)``: the groups of that tile that the allowed hands may still expose."""
        t = int(tile)
        if t == JOKER:
            return ("decided", None)
        counts = _as_counts(counts)
        position = self._position(counts, self._key_of(exposures))
        if not position.view.n:
            return ("decided", None)
        if self.completes_win(position, counts, t):
            return ("decided", ("mahjongg",))
        groups = position.view.groups.get(t) if self.calls else None
        if not groups or counts[t] + counts[JOKER] < 2:  # an exposure takes the discard and 2 or more tiles of the rack
            return ("decided", None)
        return ("weigh", counts, position, groups)

    def choose_call(self, counts: Sequence[int], exposures: Sequence[Exposure], visible, tile: Tile):
        """What to do with a discard: ``("mahjongg",)``, ``("call", size, jokers)`` or ``None`` (pass)."""
        first = self.read_call(counts, exposures, tile)
        if first[0] != "weigh":
            return first[1]
        _, counts, position, groups = first
        t, view = int(tile), position.view
        available = available_counts(visible, exposures) if visible is not None else None
        distance = position.distance
        if available is not None:
            live_hands = self.engine.live_hands(view)
            live_hands.mask(available)
            if live_hands.some:  # the nearest live hands: dead ones stand _FAR behind
                current = distance + live_hands.dead_far(_FAR)
                d0 = int(_least(current))
                target = current == d0
            else:
                d0, target = position.best, distance == position.best
        else:
            d0, target = position.best, distance == position.best
        sizes = [size for size, has in groups if _some(has & target)]
        if not sizes:
            return None
        seen = None
        if visible is not None:
            seen = [int(v) for v in visible]  # (plain ints: what the liveness reads fastest)
            if seen[t] > 0:
                seen[t] -= 1  # the discard leaves the table for our exposure
        best = None
        for size, use_jokers, rest, new in call_options(counts, exposures, t, sizes):
            d1 = self.best_distance(rest, new, seen)
            if d1 < d0 and (best is None or (d1, use_jokers) < best[0]):
                best = ((d1, use_jokers), size, use_jokers)
        if best is None:
            return None
        return ("call", best[1], best[2])

    def choose_exchange(self, counts: Sequence[int], exposures: Sequence[Exposure], visible,
                        table: Sequence[Sequence]) -> tuple[int, int] | None:
        """A joker exchange worth making now, ``(owner, group)``, or ``None``.

        ``table`` lists every seat's exposed groups (objects with ``tile`` and
        ``jokers``). The bot gives a natural for a joker when that leaves it no
        further from its nearest live line.
        """
        counts = _as_counts(counts)
        before = None
        for owner, groups in enumerate(table):
            for group, e in enumerate(groups):
                t = int(e.tile)
                if not e.jokers or t == JOKER or not counts[t]:
                    continue
                after = list(counts)
                after[t] -= 1
                after[JOKER] += 1
                if before is None:
                    before = self.best_distance(counts, exposures, visible)
                if self.best_distance(after, exposures, visible) <= before:
                    return owner, group
        return None

    # -- moves ---------------------------------------------------------------------
    def act(self, game: "Game", seat: int) -> None:
        """Make this seat's next move, whatever the phase asks for."""
        phase = game.phase
        if phase == "calls":  # (the most frequent first)
            self.answer_call(game, seat)
        elif phase == "charleston":
            self.charleston_move(game, seat)
        elif phase == "draw":
            game._trusted("draw", seat)
        elif phase == "discard":
            self.discard_move(game, seat)
        else:
            raise RuleError(f"no move for {SEATS[seat]} when the game is {phase!r}")

    def charleston_move(self, game: "Game", seat: int) -> None:
        """Pass (or vote) in the current Charleston step."""
        step = game.charleston.step
        counts = game.racks[seat].counts
        if step.kind == "vote":
            game._trusted("vote", seat, self.wants_second_charleston(counts))
        elif step.kind == "negotiated":
            game._trusted("pass_tiles", seat, self.choose_offer(counts))
        else:
            game._trusted("pass_tiles", seat, self.choose_pass(counts, 3), 0)

    def answer_call(self, game: "Game", seat: int) -> None:
        """Answer the last discard: call it for Mah Jongg, for an exposure, or pass."""
        if seat in game.dead or game.last_discard is None:
            game._trusted("pass_call", seat)
            return
        _, tile = game.last_discard
        counts = game.racks[seat].counts
        exposures = _exposures(game, seat)
        if not self.may_call(counts, exposures, tile):
            game._trusted("pass_call", seat)
            return
        decision = self.call_decision(game, seat, counts, exposures, tile)
        if decision is None:
            game._trusted("pass_call", seat)
        elif decision[0] == "mahjongg":
            game._trusted("call_mahjongg", seat)
        else:
            game._trusted("call", seat, decision[1], decision[2])

    def discard_move(self, game: "Game", seat: int) -> None:
        """One move of a turn with 14 tiles: a joker exchange, else Mah Jongg if the tiles win, else a discard.

        Call it again while the turn lasts (:meth:`play_turn` does).
        """
        counts = game.racks[seat].counts
        exposures = _exposures(game, seat)
        visible = game.visible(seat)
        if self.exchanges and self.ruleset.joker_exchange and any(game.exposures):  # (no exposure: nothing to take)
            table = [groups if owner not in game.dead or self.ruleset.exchange_in_dead_exposures else []
                     for owner, groups in enumerate(game.exposures)]
            exchange = self.choose_exchange(counts, exposures, visible, table)
            if exchange is not None:
                game._trusted("exchange_joker", seat, *exchange)
                return
        if self.wins(counts, exposures):
            game._trusted("declare_mahjongg", seat)
            return
        game._trusted("discard", seat, self.discard_decision(game, seat, counts, exposures, visible))

    def discard_decision(self, game: "Game", seat: int, counts, exposures, visible) -> Tile:
        """The tile :meth:`discard_move` throws (a hook: a subclass may read more of what the seat sees)."""
        return self.choose_discard(counts, exposures, visible)

    def call_decision(self, game: "Game", seat: int, counts, exposures, tile: Tile):
        """What :meth:`answer_call` does with the discard (a hook, as :meth:`discard_decision`)."""
        return self.choose_call(counts, exposures, game.visible(seat), tile)

    def play_turn(self, game: "Game", seat: int) -> None:
        """Play the seat's whole turn: draw if it must, then move until it has discarded or the game ends."""
        if game.phase == "draw" and game.turn == seat:
            game._trusted("draw", seat)
        while game.phase == "discard" and game.turn == seat:
            self.discard_move(game, seat)


# -- whole games -----------------------------------------------------------------------

def charleston_move(game: "Game", seat: int, bot: Bot) -> None:
    """One Charleston move (a pass or a vote) for ``seat``."""
    bot.charleston_move(game, seat)


def answer_call(game: "Game", seat: int, bot: Bot) -> None:
    """``seat``'s answer to the last discard."""
    bot.answer_call(game, seat)


def play_turn(game: "Game", seat: int, bot: Bot) -> None:
    """``seat``'s whole turn: draw, exchanges, then Mah Jongg or a discard."""
    bot.play_turn(game, seat)


def play_move(game: "Game", bots: Sequence[Bot]) -> int:
    """Make the next move of the game (the first seat it waits for); returns that seat."""
    waiting = game.waiting_for()
    if not waiting:
        raise RuleError(f"the game waits for nobody (phase {game.phase!r})")
    seat = waiting[0]
    bots[seat].act(game, seat)
    return seat


def make_bots(card: "Card", ruleset: Ruleset | str = NMJL, seed: int | None = 0, **options) -> list[Bot]:
    """Four bots, one per seat, seeded from ``seed`` (``None``: a fresh seed)."""
    card, base = as_card(card), seed_or_fresh(seed)
    return [Bot(card, ruleset, seed=base * 4 + seat, **options) for seat in range(4)]


def run_game(
    card: "Card",
    ruleset: Ruleset | str = NMJL,
    seed: int | None = 0,
    bots: Sequence[Bot] | None = None,
    on_move: Callable[["Game"], None] | None = None,
    max_moves: int = 10_000,
) -> "Game":
    """Play a whole game (Charleston included) with four bots and return the finished :class:`Game`.

    ``card`` is a :class:`~mjlearn.Card`, a bundled card's name or a ``.mjcl``
    path. The same ``seed`` plays the same game; ``seed=None`` plays a fresh
    random one (its seed is ``game.seed``). ``bots`` defaults to four
    :class:`Bot` seeded from ``seed``; ``on_move`` is called with the game
    after every move (for checks and displays).
    """
    from .game import Game

    card, seed = as_card(card), seed_or_fresh(seed)
    rules = as_ruleset(ruleset)
    bots = list(bots) if bots is not None else make_bots(card, rules, seed)
    if len(bots) != 4:
        raise ArgumentError(f"bots must be 4 bots, one per seat, not {len(bots)}")
    game = Game(card, ruleset=rules, seed=seed)
    if on_move is not None:
        on_move(game)
    for _ in range(max_moves):
        if game.phase == "over":
            return game
        play_move(game, bots)
        if on_move is not None:
            on_move(game)
    raise RuleError(f"the game did not end within {max_moves} moves (phase {game.phase!r})")
