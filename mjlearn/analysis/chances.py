"""Chances of completing each line of a card within the next N draws (numpy, no pandas).

The model
---------
A player holds a rack (naturals ``r[k]`` and ``J`` jokers) and perhaps exposed
groups. The tiles this player has not seen (``unseen``: the 152 minus the rack,
the player's own exposures and every tile seen on the table) form the pool. The
next ``N`` draws are taken uniformly at random, without replacement, from that
pool; the player keeps every useful tile and makes no calls. A line is won when
the rack plus the drawn tiles hold one of its hands (the exposures taken out).

For one concrete hand with ``s[k]`` naturals in singles and pairs and ``b[k]``
tiles in groups of 3+ (exposed groups taken out), naturals go to the singles
and pairs first. The hand lacks ``ms[k] = max(0, s[k] - r[k])`` naturals that
only a natural can fill and ``mg[k] = max(0, b[k] - max(0, r[k] - s[k]))``
group tiles that a joker may fill. After drawing ``d[k]`` of each kind and
``dj`` jokers it is complete exactly when ``d[k] >= ms[k]`` for every ``k`` and
``sum_k max(0, mg[k] - (d[k] - ms[k])) <= J + dj``.

* One hand: an exact dynamic programme over the kinds it needs (state: tiles
  drawn among them, jokers still lacking), weighted by binomial coefficients
  of the pool (the multivariate hypergeometric law), vectorised over hands.
  Hands that need the same counts from the same pool sizes share one result.
* A line is the union of its hands. With ``p1`` its most likely hand and ``R``
  the sum of the other hands' chances, ``p1 <= P(line) <= p1 + R``. When
  ``R <= TOLERANCE`` the line is reported as exact (``p1``, off by at most
  ``TOLERANCE``). Otherwise a seeded simulation estimates ``P(line) - p1``: the
  draws that complete some hand of the line but not its most likely one. Its
  standard error is reported, and the estimate is kept inside the bounds.

>>> import numpy as np, mjlearn as mj
>>> compiled = mj.load_card("basic1").compiled()
>>> rack = np.asarray(mj.Hand("FF 222B 444B 666B 88B").counts)
>>> unseen = np.asarray(mj.tiles.COPIES) - rack
>>> result = line_chances(compiled, rack, (), unseen, draws=1)
>>> round(float(result.p_win[0]), 6), bool(result.exact[0]), int(result.outs[0])  # 2 8B and 8 jokers of 139
(0.071942, True, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ArgumentError, HandError
from ..tiles import COPIES, NUM_KINDS, TILE_SET_SIZE, Tile
from .compiled import NATURAL_KINDS, CompiledCard, exposed_counts, thermometer
from .position import Exposure

__all__ = ["LineChances", "line_chances", "hand_chances", "TOLERANCE", "FAR", "DEFAULT_SAMPLES"]

TOLERANCE = 1e-9
"""A line counts as exact when its other hands could add at most this much to its most likely hand's chance."""
FAR = 99
"""The distance reported for a line the exposures rule out."""
DEFAULT_SAMPLES = 2000
"""Simulated draws per position, for the lines that are not exact."""

_JOKER = NUM_KINDS - 1
_COPIES = np.asarray(COPIES, dtype=np.int16)


def _binomials(size: int) -> np.ndarray:
    """``C[a, b]`` (float64) for ``a, b <= size``, row by row from Pascal's rule."""
    table = np.zeros((size + 1, size + 1), dtype=np.float64)
    table[:, 0] = 1.0
    for a in range(1, size + 1):
        table[a, 1:] = table[a - 1, 1:] + table[a - 1, :-1]
    return table


_COMB = _binomials(TILE_SET_SIZE)  # C(a, b) for every a, b up to the size of the set


@dataclass(frozen=True)
class LineChances:
    """Per line of a compiled card (arrays of length ``num_lines``), the chances of completing it.

    - ``p_win``: probability of holding the line within the draws (0 where dead or ruled out);
    - ``p_win_se``: its standard error where simulated (0 where exact);
    - ``p_win_upper``: a proven upper bound (``p_win`` where exact);
    - ``exact``: whether ``p_win`` is exact (within :data:`TOLERANCE`);
    - ``distance``: tiles the nearest allowed hand still lacks (:data:`FAR` where ruled out);
    - ``outs``: unseen tiles each of which brings the line's best hand one tile closer;
    - ``out_counts``: ``[num_lines, 36]``, those tiles kind by kind (jokers at 35), 0 for a dead line;
    - ``dead``: no hand of the line can be completed from the tiles left;
    - ``allowed``: the exposures allow the line;
    - ``best_hand``: index into ``compiled.hands`` of the line's most likely hand (the nearest
      one when none can be completed in the draws), -1 where the line is ruled out.
    """

    p_win: np.ndarray
    p_win_se: np.ndarray
    p_win_upper: np.ndarray
    exact: np.ndarray
    distance: np.ndarray
    outs: np.ndarray
    out_counts: np.ndarray
    dead: np.ndarray
    allowed: np.ndarray
    best_hand: np.ndarray
    draws: int
    samples: int


@dataclass(frozen=True)
class _Targets:
    """The hands the exposures allow, one row per way to read them (a wild exposure gives several)."""

    hand: np.ndarray  # [T] index into compiled.hands
    line: np.ndarray  # [T] line index
    small: np.ndarray  # [T, 35] naturals in singles and pairs
    groups: np.ndarray  # [T, 35] tiles in groups of 3+, exposed groups taken out
    remaining: int  # tiles the rack must still supply (14 minus the exposed ones)


def _targets(compiled: CompiledCard, exposures: Sequence[Exposure]) -> _Targets:
    readings = compiled.wild_readings(exposures) if exposures else [[]]
    hands, groups = [], []
    for reading in readings:
        index = compiled.hand_index if not reading else np.flatnonzero(compiled.allowed(reading))
        hands.append(index)
        groups.append(compiled.big[index].astype(np.int16) - exposed_counts(reading))
    hand = np.concatenate(hands)
    group = np.concatenate(groups)
    order = np.argsort(hand, kind="stable")  # line by line, as the card stores them
    hand, group = hand[order], group[order]
    exposed = sum(e.size for e in exposures)
    return _Targets(hand, compiled.line_of[hand].astype(np.int64), compiled.small[hand].astype(np.int16), group,
                    14 - exposed)


def _check(rack: np.ndarray, exposures: Sequence[Exposure], unseen: np.ndarray, draws: int) -> None:
    if rack.shape != (NUM_KINDS,) or unseen.shape != (NUM_KINDS,):
        raise HandError(f"rack and unseen must be {NUM_KINDS} counts each, not shapes {list(rack.shape)} and"
                        f" {list(unseen.shape)}")
    held = rack.astype(np.int32) + unseen
    for e in exposures:
        held += np.asarray(e.counts(), dtype=np.int32)
    if (rack < 0).any() or (unseen < 0).any():
        raise HandError("rack and unseen counts cannot be negative")
    over = np.flatnonzero(held > _COPIES)
    if len(over):
        tile = Tile(int(over[0]))
        raise HandError(f"the rack, exposures and unseen tiles hold {int(held[over[0]])} {tile.notation};"
                        f" a set holds only {COPIES[tile]}")
    if isinstance(draws, (bool, np.bool_)) or not isinstance(draws, (int, np.integer)) or draws < 0:
        raise ArgumentError(f"draws must be a whole number (0 or more), not {draws!r}")
    if draws > int(unseen.sum()):
        raise ArgumentError(f"draws ({draws}) cannot be more than the {int(unseen.sum())} unseen tiles")


def _missing(small: np.ndarray, groups: np.ndarray, rack: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``ms`` and ``mg`` (``[T, 35]``): naturals lacking in singles and pairs, tiles lacking in groups."""
    naturals = rack[:NATURAL_KINDS].astype(np.int16)
    ms = np.maximum(small - naturals, 0)
    mg = np.maximum(groups - np.maximum(naturals - small, 0), 0)
    return ms, mg


def hand_chances(ms: np.ndarray, mg: np.ndarray, pool: np.ndarray, jokers: int, draws: int,
                 cache: dict | None = None) -> np.ndarray:
    """Exact probability (``[T]``) that each target is complete after ``draws`` draws from ``pool``.

    ``ms`` and ``mg`` (``[T, 35]``) are the naturals each target lacks in singles
    and pairs and in groups of 3+ (see the module docstring), ``pool`` the 36
    unseen counts, ``jokers`` the jokers on the rack. ``cache`` (a dict the caller
    keeps) remembers each distinct need between calls.

    >>> from math import comb
    >>> pool = np.zeros(36, dtype=np.int16); pool[0] = 3; pool[1] = 10  # three 1B among 13 tiles
    >>> ms = np.zeros((1, 35), dtype=np.int16); ms[0, 0] = 1  # a pair lacks one 1B
    >>> round(float(hand_chances(ms, np.zeros_like(ms), pool, 0, 2)[0]), 12) == round(1 - comb(10, 2) / comb(13, 2), 12)
    True
    """
    count = len(ms)
    result = np.zeros(count, dtype=np.float64)
    if count == 0:
        return result
    pool = np.asarray(pool, dtype=np.int64)
    total = int(pool.sum())
    pool_jokers = int(pool[_JOKER])
    needed = (ms + mg) > 0
    # kinds a target needs, first in each row; the rest is padded with empty kinds
    width = int(needed.sum(axis=1).max()) if count else 0
    order = np.argsort(~needed, axis=1, kind="stable")[:, :width]
    used = np.take_along_axis(needed, order, axis=1)
    u = np.where(used, pool[:NATURAL_KINDS][order], 0)
    s = np.where(used, np.take_along_axis(ms, order, axis=1), 0)
    g = np.where(used, np.take_along_axis(mg, order, axis=1), 0)
    # targets with the same needs from the same pool sizes have the same chance: solve each once
    code = np.sort(u * 256 + s * 16 + g, axis=1)[:, ::-1]
    unique, inverse = np.unique(code, axis=0, return_inverse=True)
    inverse = np.asarray(inverse).reshape(-1)
    if cache is None:
        return _chances_of_needs(unique, total, pool_jokers, jokers, draws)[inverse]
    known = cache.setdefault((total, pool_jokers, jokers, draws), {})
    keys = [row[row > 0].tobytes() for row in unique]  # the zeros that pad a row say nothing
    todo = [i for i, key in enumerate(keys) if key not in known]
    if todo:
        for i, p in zip(todo, _chances_of_needs(unique[todo], total, pool_jokers, jokers, draws).tolist()):
            known[keys[i]] = p
    return np.array([known[key] for key in keys], dtype=np.float64)[inverse]


def _chances_of_needs(code: np.ndarray, total: int, pool_jokers: int, jokers: int, draws: int) -> np.ndarray:
    """The dynamic programme of :func:`hand_chances` over distinct needs (``[T, width]`` codes:
    pool size * 256 + lack in singles and pairs * 16 + lack in groups, one per needed kind)."""
    u, s, g = code // 256, (code // 16) % 16, code % 16
    count, width = u.shape
    top = jokers + min(pool_jokers, draws)  # jokers the player can ever hold: a larger lack fails
    # rows with the most needed kinds first, so that slot k only touches the rows that need k+1 kinds or more
    kinds = (u > 0).sum(axis=1) + ((u == 0) & ((s > 0) | (g > 0))).sum(axis=1)
    order = np.argsort(-kinds, kind="stable")
    u, s, g, kinds = u[order], s[order], g[order], kinds[order]
    f = np.zeros((count, draws + 1, top + 1), dtype=np.float64)
    f[:, 0, 0] = 1.0
    for slot in range(width):
        rows = int(np.count_nonzero(kinds > slot))
        if rows == 0:
            break
        us, ss, gs = u[:rows, slot], s[:rows, slot], g[:rows, slot]
        old = f[:rows]
        new = np.zeros_like(old)
        for d in range(min(int(us.max()), draws) + 1):
            valid = (d >= ss) & (d <= us)
            if not valid.any():
                continue
            weight = np.where(valid, _COMB[us, d], 0.0)
            lack = np.maximum(gs - (d - ss), 0)
            for c in np.unique(lack[valid]).tolist():
                if c > top:
                    continue
                coef = np.where(lack == c, weight, 0.0)
                new[:, d:, c:] += coef[:, None, None] * old[:, : draws + 1 - d, : top + 1 - c]
        f[:rows] = new
    # the other draws: dj jokers and the rest from tiles no target here needs
    rest = total - pool_jokers - u.sum(axis=1)  # [T]
    lacking_ok = np.cumsum(f, axis=2)  # [T, n, e]: mass with lack <= e
    n = np.arange(draws + 1)
    probability = np.zeros(count, dtype=np.float64)
    for dj in range(min(pool_jokers, draws) + 1):
        others = draws - n - dj  # [n]
        fine = others >= 0
        ways = np.where(fine[None, :], _COMB[rest[:, None], np.clip(others, 0, None)[None, :]], 0.0)  # [T, n]
        probability += _COMB[pool_jokers, dj] * (ways * lacking_ok[:, :, min(jokers + dj, top)]).sum(axis=1)
    result = np.empty(count, dtype=np.float64)
    result[order] = np.minimum(probability / _COMB[total, draws], 1.0)
    return result


def line_chances(
    compiled: CompiledCard,
    rack: np.ndarray,
    exposures: Sequence[Exposure],
    unseen: np.ndarray,
    draws: int,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    cache: dict | None = None,
) -> LineChances:
    """Per line, the chance of holding it within ``draws`` draws from the ``unseen`` tiles (see the module docstring).

    ``rack`` and ``unseen`` are 36 counts (jokers at index 35); ``exposures``
    are the player's own exposed groups. Lines not exact are simulated with
    ``samples`` draws seeded by ``seed`` (``samples=0``: no simulation; such a
    line then reports its most likely hand's chance, a lower bound, with
    ``p_win_se`` NaN and ``p_win_upper`` the upper bound). ``cache``, a dict
    kept by the caller between calls (any card, any position), spares the exact
    work for needs already met: a rack that differs by a tile mostly repeats them.
    """
    rack = np.asarray(rack, dtype=np.int16)
    unseen = np.asarray(unseen, dtype=np.int16)
    exposures = tuple(exposures)
    _check(rack, exposures, unseen, draws)
    draws = int(draws)
    lines = compiled.num_lines
    targets = _targets(compiled, exposures)
    jokers = int(rack[_JOKER])
    ms, mg = _missing(targets.small, targets.groups, rack)
    lack_small = ms.sum(axis=1)
    lack_groups = mg.sum(axis=1)
    distance = lack_small + np.maximum(lack_groups - jokers, 0)
    pool = unseen[:NATURAL_KINDS]
    # dead: even every unseen tile would not do
    dead = (ms > pool).any(axis=1) | (
        np.maximum(mg - (pool - ms), 0).sum(axis=1) > jokers + int(unseen[_JOKER]))
    candidate = ~dead & (distance <= draws)
    p = np.zeros(len(targets.hand), dtype=np.float64)
    if candidate.any():
        p[candidate] = hand_chances(ms[candidate], mg[candidate], unseen, jokers, draws, cache)

    allowed = np.zeros(lines, dtype=bool)
    allowed[targets.line] = True
    line_distance = np.full(lines, FAR, dtype=np.int16)
    np.minimum.at(line_distance, targets.line, distance.astype(np.int16))
    line_dead = np.ones(lines, dtype=bool)
    np.logical_and.at(line_dead, targets.line, dead)
    line_dead &= allowed
    # the best target of each line: most likely, then live, then nearest, then card order
    key = np.lexsort((targets.hand, distance, dead, -p, targets.line))
    first = np.r_[True, targets.line[key][1:] != targets.line[key][:-1]]
    best_target = np.full(lines, -1, dtype=np.int64)
    best_target[targets.line[key][first]] = key[first]
    best_hand = np.where(best_target >= 0, targets.hand[np.maximum(best_target, 0)], -1)

    p_best = np.zeros(lines, dtype=np.float64)
    has = best_target >= 0
    p_best[has] = p[best_target[has]]
    line_sum = np.bincount(targets.line, weights=p, minlength=lines)
    rest = np.maximum(line_sum - p_best, 0.0)
    exact = rest <= TOLERANCE
    upper = np.minimum(p_best + rest, 1.0)
    p_win = p_best.copy()
    se = np.zeros(lines, dtype=np.float64)
    inexact = np.flatnonzero(~exact)
    if len(inexact):
        if samples:
            extra, extra_se = _simulated_extra(compiled, targets, rack, unseen, draws, p > 0, best_target, inexact,
                                               samples, seed)
            p_win[inexact] = np.clip(p_best[inexact] + extra, p_best[inexact], upper[inexact])
            se[inexact] = extra_se
        else:
            se[inexact] = np.nan
    upper = np.where(exact, p_win, upper)

    out_counts = np.zeros((lines, NUM_KINDS), dtype=np.int64)
    live_best = has & ~line_dead
    if live_best.any():
        t = best_target[live_best]
        out_counts[live_best] = _out_counts(ms[t], mg[t], unseen, jokers)
    return LineChances(p_win=p_win, p_win_se=se, p_win_upper=upper, exact=exact, distance=line_distance,
                       outs=out_counts.sum(axis=1), out_counts=out_counts, dead=line_dead, allowed=allowed, best_hand=best_hand, draws=draws, samples=int(samples))


def _out_counts(ms: np.ndarray, mg: np.ndarray, unseen: np.ndarray, jokers: int) -> np.ndarray:
    """Per target and kind (``[T, 36]``), the unseen tiles that would each bring it one tile closer: naturals
    its singles and pairs lack and, while its groups lack more than the rack's jokers cover, naturals for
    those groups and jokers."""
    pool = unseen.astype(np.int64)
    groups_short = (mg.sum(axis=1) > jokers)[:, None]
    counts = np.zeros((len(ms), NUM_KINDS), dtype=np.int64)
    helps = (ms > 0) | ((mg > 0) & groups_short)
    counts[:, :NATURAL_KINDS] = np.where(helps, pool[None, :NATURAL_KINDS], 0)
    counts[:, _JOKER] = np.where(groups_short[:, 0], pool[_JOKER], 0)
    return counts


def _simulated_extra(compiled, targets, rack, unseen, draws, possible, best_target, lines, samples, seed):
    """For each of ``lines``: the simulated share of draws completing some hand of the line but not its best
    one, and that share's standard error."""
    rng = np.random.default_rng(seed)
    pool = np.repeat(np.arange(NUM_KINDS), unseen.astype(np.int64))
    keys = rng.random((samples, len(pool)))
    picked = pool[np.argpartition(keys, draws - 1, axis=1)[:, :draws]] if draws else np.zeros((samples, 0), int)
    offsets = NUM_KINDS * np.arange(samples)[:, None]
    drawn = np.bincount((picked + offsets).ravel(), minlength=NUM_KINDS * samples).reshape(samples, NUM_KINDS)
    racks = drawn + rack[None, :]
    chosen = np.flatnonzero(np.isin(targets.line, lines) & possible)  # in card order, so line by line
    complete = _complete(racks, targets.small[chosen], targets.groups[chosen], targets.remaining)  # [S, C]
    chosen_line = targets.line[chosen]
    starts = np.flatnonzero(np.r_[True, chosen_line[1:] != chosen_line[:-1]])
    union = np.maximum.reduceat(complete, starts, axis=1)  # [S, lines]: some hand of the line complete
    best = complete[:, chosen == best_target[chosen_line]]  # the line's most likely hand complete
    difference = (union & ~best).astype(np.float64)
    mean = difference.mean(axis=0)
    se = difference.std(axis=0, ddof=1) / np.sqrt(samples) if samples > 1 else np.full(len(lines), np.nan)
    return mean, se


def _complete(racks: np.ndarray, small: np.ndarray, groups: np.ndarray, remaining: int) -> np.ndarray:
    """Whether each rack (``[S, 36]``, any size) holds each target (``[C, 35]`` singles/pairs and groups).

    As in :mod:`~mjlearn.analysis.compiled`: the distance is 0 exactly when every
    natural of the singles and pairs is there and jokers cover what groups lack.
    """
    codes = np.concatenate([thermometer(small + groups).T, thermometer(small).T], axis=1)  # [144, 2C]
    products = thermometer(racks[:, :NATURAL_KINDS]) @ codes
    count = len(small)
    placed_small = products[:, count:] >= small.sum(axis=1)[None, :]
    return placed_small & (products[:, :count] >= (remaining - racks[:, _JOKER])[:, None])
