"""Which hands can still be made as tiles go out of play, kept up to date kind by kind.

A hand is *live* while the tiles still available (the set less what a seat
sees and its own exposures) can complete it: every kind its singles and
pairs need is there, and its groups of 3 or more lack no more naturals than
the available jokers can make up: the available tiles, taken as a rack, are 0
tiles away from it (:mod:`mjlearn.engine.tiles_away`; as
:meth:`mjlearn.engine.compiled.CompiledCard.live` finds).

During a game the available tiles change by a tile or two between two
looks, so :class:`LiveHands` keeps each hand's shortfalls and updates them
only for the kinds whose count changed. The bots keep one per set of
exposures they weigh, and the game one per seat with exposures (a hand is
dead when none of the hands its exposures allow is live).

>>> import numpy as np
>>> rest = np.array([[3, 0], [0, 2]], dtype=np.int16)    # hand 0: a pung of kind 0; hand 1: kind 1 in a group
>>> small = np.array([[0, 0], [0, 1]], dtype=np.int16)   # hand 1 also needs a single of kind 1
>>> live = LiveHands(rest, small)
>>> live.mask(np.array([1, 4, 0], dtype=np.int16)).tolist()   # 1 of kind 0, 4 of kind 1, no joker
[False, True]
>>> live.mask(np.array([1, 0, 2], dtype=np.int16)).tolist()   # kind 1 gone; 2 jokers
[True, False]
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Sequence
from itertools import compress
from operator import ne, sub

import numpy as np

from . import loops
from .exposure import Exposure
from ..tiles import COPIES, Tile

__all__ = ["LiveHands", "available_counts", "available_tiles", "shared_live_hands", "shortfalls"]

JOKER = int(Tile.JOKER)
_COPIES = np.asarray(COPIES, dtype=np.int16)
_FULL_UPDATE = 48  # above this many steps of changed counts, the shortfalls are worked out afresh (a step costs
# one vector addition, cached; working them out afresh, 100 times that)
_NO_COUNTS = np.zeros(0, dtype=np.int64)  # (the compiled step of LiveHands.lose reads no counts)
_SMALL_WEIGHT = 1024  # what a kind lacking in singles or pairs adds to LiveHands.behind: more than any jokers


def available_tiles(visible, exposures: Sequence[Exposure] = ()) -> np.ndarray:
    """Tiles (``[36]`` int16) a player may still get or hold: the set less the ``visible`` ones and
    the player's own exposures."""
    available = _COPIES - np.asarray(visible, dtype=np.int16)
    for e in exposures:
        available[int(e.tile)] -= e.naturals
        available[JOKER] -= e.jokers
    return available


def shortfalls(rest: np.ndarray, small: np.ndarray, available: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per hand the naturals its groups of 3+ lack (jokers must make them up) and how many kinds its
    singles and pairs lack, for tiles still ``available`` (``rest`` and ``small`` as for :class:`LiveHands`)."""
    naturals = available[: rest.shape[1]]
    short = np.add.reduce(np.maximum(rest - naturals, 0), axis=1, dtype=np.int16)
    lacking = np.add.reduce(small > naturals, axis=1, dtype=np.int16)
    return short, lacking


_SHARED = threading.local()  # .kept: owner -> {key: LiveHands}, in this thread
_SHARED_KEPT = 4096  # keys kept per owner (then it starts afresh): a card's games meet a few hundred to a thousand


def shared_live_hands(owner, key, build: "Callable[[], LiveHands]") -> "LiveHands":
    """The :class:`LiveHands` kept for ``owner`` (an object such as a compiled card, held weakly)
    and ``key``, made by ``build`` the first time: games of one card in one thread share them, so a
    new game starts from another's last look (a few steps away) instead of counting afresh. Each
    thread has its own (threads never change each other's); 4,096 keys are kept per owner.
    """
    kept = getattr(_SHARED, "kept", None)
    if kept is None:
        kept = _SHARED.kept = weakref.WeakKeyDictionary()
    per_owner = kept.get(owner)
    if per_owner is None:
        per_owner = kept[owner] = {}
    live = per_owner.get(key)
    if live is None:
        if len(per_owner) >= _SHARED_KEPT:
            per_owner.clear()
        live = per_owner[key] = build()
    return live


def available_counts(visible: Sequence[int], exposures: Sequence[Exposure] = ()) -> list[int]:
    """:func:`available_tiles` as a list of 36 ints (what :meth:`LiveHands.mask` reads fastest).

    >>> available_counts([0] * 35 + [2])[-1]
    6
    """
    available = list(map(sub, COPIES, visible))
    for e in exposures:
        available[e.tile] -= e.naturals
        available[JOKER] -= e.jokers
    return available


class LiveHands:
    """The live hands among ``n`` hands, from the tiles each still needs.

    ``rest`` (``[n, kinds]``) are the tiles each hand still has to place per
    natural kind (singles and pairs included), ``small`` the naturals its
    singles and pairs need per kind (jokers cannot stand in them). An
    ``available`` vector has one count per kind, then the jokers.

    A kind counts only where some hand needs more of it than is available
    (before or after a change): one available in plenty changes nothing.
    With numba installed (:mod:`mjlearn.engine.loops`) a change of the
    counts is worked out afresh in one compiled pass, and :meth:`lose` is one
    compiled step: the same numbers, without building and keeping numpy's step
    rows (a fresh process met each of them for the first time, a game at a time).
    """

    __slots__ = ("rest", "small", "rest_t", "small_t", "need", "seen", "behind", "live", "some", "version", "_steps",
                 "_far")

    def __init__(self, rest: np.ndarray, small: np.ndarray, rest_t: np.ndarray | None = None,
                 small_t: np.ndarray | None = None):
        self.rest = rest
        self.small = small
        self.rest_t = np.ascontiguousarray(rest.T) if rest_t is None else rest_t  # [kinds, n]: per kind
        self.small_t = np.ascontiguousarray(small.T) if small_t is None else small_t
        self.need: list[int] = np.maximum(rest.max(axis=0, initial=0), small.max(axis=0, initial=0)).tolist()
        """Per kind the most that any hand still needs: available counts at or above it are plenty."""
        self.seen: list[int] | None = None
        self.behind: np.ndarray | None = None
        """Per hand the naturals its groups of 3+ lack, plus :data:`_SMALL_WEIGHT` for each kind its
        singles and pairs lack: a hand is live when that is at most the jokers available."""
        self.live = None
        self.some = False
        self.version = 0
        """Counts the changes of :attr:`seen`: a user that keeps its own record of the last look (as
        :meth:`lose` needs) knows from it whether another user has looked since."""
        self._steps: dict[tuple[int, int], np.ndarray] = {}  # (kind, level): what one tile fewer adds to behind
        self._far: tuple | None = None  # (far, live, the mask dead_far gave)

    def mask(self, available) -> np.ndarray:
        """Mask ``[n]`` of the live hands for tiles ``available`` (a vector or a list; do not modify the
        mask): updated from the last call for the kinds whose count changed where it matters."""
        self._update(available.tolist() if isinstance(available, np.ndarray) else list(available))
        return self.live

    def any(self, available) -> bool:
        """Whether any hand is live for tiles ``available`` (as :meth:`mask`)."""
        self._update(available.tolist() if isinstance(available, np.ndarray) else list(available))
        return self.some

    def dead_far(self, far: int) -> np.ndarray:
        """``far`` for each dead hand and 0 for each live one (``[n]`` int16, as the last look found them;
        do not modify it): what puts the dead hands ``far`` behind in a list of distances.

        >>> live = LiveHands(np.array([[3, 0], [0, 2]], dtype=np.int16), np.zeros((2, 2), dtype=np.int16))
        >>> live.mask([3, 0, 0]).tolist(), live.dead_far(64).tolist()
        ([True, False], [0, 64])
        """
        kept = self._far
        if kept is None or kept[0] != far or kept[1] is not self.live:
            kept = self._far = (far, self.live, (~self.live).astype(np.int16) * np.int16(far))
        return kept[2]

    def lose(self, kind: int) -> None:
        """Note that one tile of ``kind`` (a natural or the joker) fewer is available than at the last
        look (there must have been one), and update the liveness by that one step: the same as a
        :meth:`mask` of the counts seen then, less that tile.

        >>> live = LiveHands(np.array([[3, 0], [0, 2]], dtype=np.int16), np.zeros((2, 2), dtype=np.int16))
        >>> live.mask([3, 2, 0]).tolist()
        [True, True]
        >>> live.lose(1); live.live.tolist(), live.seen
        ([True, False], [3, 1, 0])
        """
        seen = self.seen  # (a list of this object's own: changed in place)
        kinds = len(self.need)
        seen[kind] -= 1
        self.version += 1
        if kind < kinds:
            level = seen[kind]
            if level >= self.need[kind]:  # no hand needs more than are left: nothing changes
                return
            compiled = loops.compiled_loops()
            if compiled is not None:  # (the step and the live hands in one compiled pass)
                self.live = live = np.empty(len(self.behind), dtype=bool)
                self.some = compiled.live_pass(self.rest, self.small, _NO_COUNTS, int(kind), level, _SMALL_WEIGHT,
                                               max(seen[kinds], 0), self.behind, live)
                return
            self.behind += self._step(kind, level)
        self.live = self.behind <= max(seen[kinds], 0)
        self.some = bool(np.logical_or.reduce(self.live))

    def _update(self, counts: list[int]) -> None:
        kinds = len(self.need)
        seen = self.seen
        steps = 0
        if seen is not None:
            if counts == seen:  # nothing changed since the last look
                return
            need = self.need
            changed = [k for k in compress(range(kinds), map(ne, counts, seen))  # (the few kinds that differ)
                       if counts[k] < need[k] or seen[k] < need[k]]
            if not changed and counts[kinds] == seen[kinds]:
                self.seen = counts
                self.version += 1
                return
            steps = sum(abs(counts[k] - seen[k]) for k in changed)
        compiled = loops.compiled_loops() if seen is None or steps else None
        if compiled is not None:  # (afresh in one compiled pass, the live hands too: no step rows to build)
            n = len(self.rest)
            self.behind = behind = np.empty(n, dtype=np.int16)
            self.live = live = np.empty(n, dtype=bool)
            self.some = compiled.live_pass(self.rest, self.small, np.array(counts, dtype=np.int64), -1, 0,
                                           _SMALL_WEIGHT, max(counts[kinds], 0), behind, live)
            self.seen = counts
            self.version += 1
            return
        if seen is None or steps > _FULL_UPDATE:
            short, lacking = shortfalls(self.rest, self.small, np.asarray(counts, dtype=np.int16))
            self.behind = short + lacking * np.int16(_SMALL_WEIGHT)
        else:
            behind, step = self.behind, self._step
            for k in changed:  # one level at a time: a hand lacks one more (or one fewer) where it needs more
                for level in range(counts[k], seen[k]):  # fewer available, down to `level`
                    behind += step(k, level)
                for level in range(seen[k], counts[k]):  # more available, up from `level`
                    behind -= step(k, level)
        self.seen = counts
        self.version += 1
        self.live = self.behind <= max(counts[kinds], 0)
        self.some = bool(np.logical_or.reduce(self.live))

    def _step(self, kind: int, level: int) -> np.ndarray:
        """What one tile of ``kind`` fewer, from ``level + 1`` available down to ``level``, adds to
        :attr:`behind`: 1 where a group of 3+ needs more than ``level``, :data:`_SMALL_WEIGHT` where the
        singles and pairs need exactly ``level + 1`` (now they lack the kind). Worked out once, then kept."""
        step = self._steps.get((kind, level))
        if step is None and level < 0:  # (fewer than none available: a count made up by a caller)
            step = self._steps[(kind, level)] = ((self.rest_t[kind] > level).astype(np.int16)
                                                 + (self.small_t[kind] == level + 1).astype(np.int16)
                                                 * np.int16(_SMALL_WEIGHT))
        elif step is None:  # (every level of the kind at once, from none: a game soon needs the others)
            levels = np.arange(max(self.need[kind], level + 1), dtype=np.int16)[:, None]
            steps = (self.rest_t[kind] > levels).astype(np.int16)
            steps += (self.small_t[kind] == levels + 1) * np.int16(_SMALL_WEIGHT)
            for each, row in enumerate(steps):
                self._steps[(kind, each)] = row
            step = steps[level]
        return step
