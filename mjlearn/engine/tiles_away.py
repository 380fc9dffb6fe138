"""How many tiles away a position is from a hand: the one specification, and the slow reference.

Every "tiles away" (the *distance*) that mjlearn shows or plays by means this.

**Terms.** A *hand* is one concrete hand of a card line: 14 tiles in groups.
Its *singles and pairs* (groups of 1 or 2, ``NEWS`` and ``2027`` included)
hold naturals only; its *groups of 3 or more* (pung, kong, quint, sextet) may
hold jokers. Two pairs of one tile are two pairs, never a kong. A *position*
is a rack (36 counts, jokers last) and the player's exposures: each is a group
of 3 or more of one natural tile, jokers or not, or (MAHJ-X rule 4.5) a *wild*
exposure of jokers only.

**Which hands a position may still make.** Each exposure takes a distinct
group of the hand with the same tile and size; a wild exposure takes any group
of its size. A concealed line allows no exposure. A hand whose groups cannot
take every exposure is not allowed: it has no distance (the tables leave it
out).

**The distance** to an allowed hand is the fewest tiles the player still has to
get to hold it: ``R`` (14, less the tiles in the exposures) less the most rack
tiles that can be placed in the hand's groups left, a natural only in a group
of its own kind, a joker only in a group of 3 or more (the wild exposure's group
chosen so that this is the most). Tiles the hand has no place for (too many of
a kind, a joker beyond what the groups of 3+ still lack) count for nothing: a
rack is never "negatively" far, and a rack of 14 tiles that holds the hand is 0
away. A line is as far as its nearest allowed hand.

**The formula.** Let ``s[k]`` be the naturals of kind ``k`` in the hand's
singles and pairs, ``t[k]`` all its tiles of kind ``k`` once the exposures are
taken out (``t >= s``), ``S = sum(s)``, and for a rack ``r`` with ``j`` jokers

    M_t = sum_k min(r[k], t[k])      (the naturals it can place at all)
    M_s = sum_k min(r[k], s[k])      (of them, those in singles and pairs)

then the distance is::

    d = max(R - j - M_t, S - M_s)  =  (R - M_t) - min(j, (R - M_t) - (S - M_s))

Naturals go first to the singles and pairs (nothing else can fill them), the
rest to the groups of 3+, and the jokers fill what the groups of 3+ still lack
(``R - M_t`` tiles missing, ``S - M_s`` of them in singles and pairs). With no
joker the distance is ``R - M_t``. :func:`reference_distance` fills the hand
tile by tile instead, and every implementation is tested against it
(``tests/test_tiles_away.py``) on the same positions.

**Live hands.** A hand is *live* while the tiles still available (the set less
what the player sees and has exposed) can complete it: the available tiles,
taken as a rack of any size, are 0 away from it (:mod:`mjlearn.engine.liveness`).

**Where it is computed** (each keeps the sums of the formula in its own
layout, and :func:`tiles_away` turns them into distances):

- :class:`~mjlearn.engine.compiled.CompiledCard`: ``hand_distances`` (many racks:
  thermometer codes, a matrix product) and ``rack_distances`` /
  ``exposed_distances`` (one rack: a ready row per kind and count);
- :mod:`~mjlearn.engine.kernel`: many racks to every line, the sums packed in a
  byte, numpy or numba;
- :class:`~mjlearn.engine.views.View` and :class:`~mjlearn.engine.views.Position`:
  the bots' rack, kept from the last one by one thermometer row (numpy or numba),
  and :func:`~mjlearn.engine.views.discard_ranks`, the racks one discard away;
- :mod:`~mjlearn.engine.liveness`: whether the available tiles are 0 away.

>>> import mjlearn as mj
>>> hand = mj.parse_line("FF 222 444 666 888").hands()[0]          # FF 222B 444B 666B 888B
>>> reference_distance(hand, mj.Hand("FF 222B 444B 666B 88B J").counts)  # the joker completes 888B
0
>>> reference_distance(hand, mj.Hand("F 222B 444B 666B 888B J").counts)  # but not the pair of flowers
1
>>> reference_distance(hand, mj.Hand("FF 222B 444B 8B").counts, [Exposure.parse("66B J")])
2
>>> tiles_away(14 - 1, 12, 2, 1).tolist()                  # R = 14, one joker, M_t = 12, S = 2, M_s = 1
1
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import permutations

import numpy as np

from ..errors import ArgumentError
from ..hands import ConcreteHand
from ..tiles import NUM_KINDS, Tile
from .exposure import Exposure

__all__ = ["HAND_SIZE", "reference_distance", "reference_fill", "tiles_away"]

HAND_SIZE = 14
JOKER = int(Tile.JOKER)


def tiles_away(free, placed, small_size, placed_small, out: np.ndarray | None = None) -> np.ndarray:
    """The formula of this module, on arrays: ``max(free - M_t, S - M_s)`` as int16, with ``free = R - j``.

    ``placed`` is ``M_t``, ``small_size`` ``S`` and ``placed_small`` ``M_s``, in
    any shapes that broadcast (a rack's sums over every hand, or many racks').
    ``out`` (int16) receives the distances if given.

    >>> tiles_away(np.array([[14], [13]]), np.array([12, 13]), np.array([2, 0]), np.array([1, 0])).tolist()
    [[2, 1], [1, 0]]
    """
    missing = np.subtract(free, placed, dtype=np.int16, out=out)
    return np.maximum(missing, np.subtract(small_size, placed_small, dtype=np.int16),
                      out=missing if type(missing) is np.ndarray else None)


# -- the slow reference ----------------------------------------------------------------------------------
#
# Why filling greedily places the most tiles. A natural of kind k fits only a slot of kind k; a joker only a
# slot in a group of 3+ (of any kind). Singles and pairs of kind k take nothing but naturals of kind k, so a
# natural is never better spent in a group of 3+ while a single or pair of its kind has room: moving it
# there keeps the count and frees a group slot for a joker. In the groups of 3+ of kind k a natural and a
# joker count the same, but the joker could go elsewhere, so naturals go first. The jokers then fill
# min(jokers, open group slots) slots however they are spread. So the tiles placed are
# sum_k min(r[k], t[k]) + min(j, open slots in groups of 3+), the most there can be: the formula above.


def reference_fill(groups: Sequence[tuple[int, int]], rack: Sequence[int]) -> dict:
    """Fill ``groups`` (``(tile, size)`` pairs) from a copy of ``rack`` (36 counts), tile by tile.

    Returns a dict: ``filled`` (per group, tiles placed, jokers included),
    ``jokers_in`` (per group, jokers placed) and ``left`` (the rack's tiles not
    placed). Naturals go to singles and pairs first, then to groups of 3+; jokers
    fill the groups of 3+ last, the group lacking most first (ties: lower tile,
    then card order). Which groups take the jokers never changes how many are
    placed, only which tiles are still needed.

    >>> fill = reference_fill([(0, 2), (5, 3)], [1] + [0] * 4 + [2] + [0] * 29 + [2])
    >>> fill["filled"], fill["jokers_in"], fill["left"][35]
    ([1, 3], [0, 1], 1)
    """
    left = list(rack)
    filled = [0] * len(groups)
    jokers_in = [0] * len(groups)
    for i, (tile, size) in enumerate(groups):  # 1. naturals into singles and pairs: only they may stand there
        if size < 3:
            take = min(size, left[tile])
            filled[i] += take
            left[tile] -= take
    for i, (tile, size) in enumerate(groups):  # 2. naturals into groups of 3+
        if size >= 3:
            take = min(size - filled[i], left[tile])
            filled[i] += take
            left[tile] -= take
    order = sorted((i for i, (_, size) in enumerate(groups) if size >= 3),
                   key=lambda i: (-(groups[i][1] - filled[i]), groups[i][0], i))
    for i in order:  # 3. jokers into groups of 3+
        take = min(groups[i][1] - filled[i], left[JOKER])
        filled[i] += take
        jokers_in[i] += take
        left[JOKER] -= take
    return {"filled": filled, "jokers_in": jokers_in, "left": left}


def _groups_left(groups: list[tuple[int, int]], exposures: Sequence[Exposure]) -> Iterable[list[tuple[int, int]]]:
    """Each way the exposures can take distinct groups of the hand (a wild one: any group of its size), as the
    groups left; none if they cannot."""
    fixed = [e for e in exposures if not e.is_wild]
    wild = [e.size for e in exposures if e.is_wild]
    left = list(groups)
    for e in fixed:  # groups equal in tile and size are interchangeable: the first free one will do
        for i, group in enumerate(left):
            if group == (int(e.tile), e.size):
                del left[i]
                break
        else:
            return
    if not wild:
        yield left
        return
    for chosen in permutations(range(len(left)), len(wild)):  # every group of its size for each wild one
        if all(left[i][1] == size and left[i][1] >= 3 for i, size in zip(chosen, wild)):
            yield [group for i, group in enumerate(left) if i not in chosen]


def reference_distance(hand: ConcreteHand, rack: Sequence[int], exposures: Iterable[Exposure] = (),
                       concealed: bool = False) -> int | None:
    """Tiles away from ``hand`` for ``rack`` (36 counts, any number of tiles) and ``exposures``, found the slow
    way: the hand's groups filled tile by tile (:func:`reference_fill`), the nearest reading of any wild
    exposure; ``None`` when the exposures do not fit the hand (or the line is ``concealed``).

    >>> import mjlearn as mj
    >>> hand = mj.parse_line("FF 111 222 333 444").hands()[0]      # FF 111B 222B 333B 444B
    >>> reference_distance(hand, mj.Hand("FF 111B 222B 333B 4B").counts, [Exposure.parse("JJJ")])
    0
    >>> reference_distance(hand, mj.Hand("FF 111B").counts, [Exposure.parse("555C J")]) is None
    True
    """
    rack = [int(c) for c in rack]
    if len(rack) != NUM_KINDS:
        raise ArgumentError(f"a rack is {NUM_KINDS} counts, not {len(rack)}")
    exposures = [Exposure.parse(e) for e in exposures]
    if concealed and exposures:
        return None
    groups = [(int(tile), int(size)) for set_groups in hand.layout for tile, size in set_groups]
    remaining = HAND_SIZE - sum(e.size for e in exposures)
    best = None
    for left in _groups_left(groups, exposures):
        distance = remaining - sum(reference_fill(left, rack)["filled"])
        best = distance if best is None else min(best, distance)
    return best
