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
  standard error is reported, and the estimate is kept inside the bounds. The
  line's least likely hands, whose chances add up to at most ``NEGLIGIBLE``,
  are left out of the simulation and counted as half their sum (the other
  half goes into the error). A line with no second hand worth simulating, or
  any line when ``samples=0``, is *bounded*: the middle of its bounds, with
  half their width as the error.

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
from .arguments import count_argument
from ..engine.compiled import NATURAL_KINDS, CompiledCard, thermometer
from ..engine.tiles_away import tiles_away
from .position import Exposure

__all__ = ["LineChances", "line_chances", "hand_chances", "joint_chances", "TOLERANCE", "NEGLIGIBLE", "FAR", "DEFAULT_SAMPLES"]

TOLERANCE = 1e-9
"""A line counts as exact when its other hands could add at most this much to its most likely hand's chance."""
FAR = 99
"""The distance reported for a line the exposures rule out."""
DEFAULT_SAMPLES = 2000
"""Simulated draws per position, for the lines that are not exact."""
JOINED_MOST = 2
"""A line whose likely hands are this few (or fewer) gets their union exactly instead of a simulation (3 would
catch a few more lines, at about 40% more time for the position at 18 draws)."""
MAX_SAMPLES = 20_000
"""The most simulated draws one call may ask for (they are held in memory at once)."""
NEGLIGIBLE = 1e-4
"""The least likely hands of a line, whose chances add up to at most this, are not simulated: they count
as half their sum, and the half is added to the error."""

_JOKER = NUM_KINDS - 1
_MOST_KINDS = 14  # a hand of 14 tiles needs at most 14 kinds
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
    - ``p_best_hand``: the exact chance of the line's most likely hand alone, a proven lower bound;
    - ``exact``: whether ``p_win`` is exact (within :data:`TOLERANCE`);
    - ``simulated``: whether ``p_win`` is simulated; a line neither exact nor simulated is *bounded*:
      ``p_win`` is the middle of the proven bounds and ``p_win_se`` half their distance;
    - ``distance``: tiles the line's nearest live hand still lacks (its nearest hand's when the line is
      dead; :data:`FAR` where the exposures rule the line out), as :meth:`Card.closest` counts them;
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
    p_best_hand: np.ndarray
    exact: np.ndarray
    simulated: np.ndarray
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
    rows = compiled.exposed_rows(exposures)  # (one row per way to read a wild exposure, card order)
    return _Targets(rows.hand, compiled.line_of[rows.hand].astype(np.int64), rows.small, rows.rest - rows.small,
                    rows.remaining)


def _check(rack: np.ndarray, exposures: Sequence[Exposure], unseen: np.ndarray, draws, samples, seed) -> None:
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
    count_argument("draws", draws)
    if draws > int(unseen.sum()):
        raise ArgumentError(f"draws ({draws}) cannot be more than the {int(unseen.sum())} unseen tiles")
    count_argument("samples", samples, maximum=MAX_SAMPLES)
    count_argument("seed", seed)


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
    # per needed kind one code (never 0): pool size * 256 + lack in singles and pairs * 16 + lack in groups;
    # sorted, largest first, the zeros of the kinds not needed last
    width = int(needed.sum(axis=1).max())
    code = np.where(needed, pool[None, :NATURAL_KINDS] * 256 + ms * 16 + mg, 0)
    code = -np.sort(-code, axis=1)[:, :width]
    # targets with the same needs from the same pool sizes have the same chance: solve each once
    unique, inverse = np.unique(code, axis=0, return_inverse=True)
    inverse = np.asarray(inverse).reshape(-1)
    if cache is None:
        return _chances_of_needs(unique, total, pool_jokers, jokers, draws)[inverse]
    known = cache.setdefault((total, pool_jokers, jokers, draws), {})
    padded = np.zeros((len(unique), _MOST_KINDS), dtype=np.int16)  # one width for every call
    padded[:, :width] = unique
    keys = padded.view(f"V{2 * _MOST_KINDS}").ravel().tolist()
    todo = [i for i, key in enumerate(keys) if key not in known]
    if todo:
        for i, p in zip(todo, _chances_of_needs(unique[todo], total, pool_jokers, jokers, draws).tolist()):
            known[keys[i]] = p
    return np.array([known[key] for key in keys], dtype=np.float64)[inverse]


def _chances_of_needs(code: np.ndarray, total: int, pool_jokers: int, jokers: int, draws: int) -> np.ndarray:
    """The dynamic programme of :func:`hand_chances` over distinct needs (``[T, width]`` codes:
    pool size * 256 + lack in singles and pairs * 16 + lack in groups, one per needed kind)."""
    code = code.copy()
    count, width = code.shape
    top = jokers + min(pool_jokers, draws)  # jokers the player can ever hold: a larger lack fails
    # rows with the most needed kinds first, so that slot k only touches the rows that need k+1 kinds or more
    kinds = (code > 0).sum(axis=1)
    order = np.argsort(-kinds, kind="stable")
    code, kinds = code[order], kinds[order]
    f = np.zeros((count, draws + 1, top + 1), dtype=np.float64)
    f[:, 0, 0] = 1.0
    for slot in range(width):
        rows = int(np.count_nonzero(kinds > slot))
        if rows == 0:
            break
        # within those rows, the same need side by side (the order of kinds counts kept): one slice per need
        regroup = np.lexsort((code[:rows, slot], -kinds[:rows]))
        order[:rows], code[:rows], kinds[:rows] = order[:rows][regroup], code[:rows][regroup], kinds[:rows][regroup]
        old = f[:rows][regroup]
        new = np.zeros_like(old)
        needs = code[:rows, slot]
        starts = np.flatnonzero(np.r_[True, needs[1:] != needs[:-1]]).tolist() + [rows]
        for a, b in zip(starts[:-1], starts[1:]):
            pool, small, group = int(needs[a]) // 256, (int(needs[a]) // 16) % 16, int(needs[a]) % 16
            for d in range(small, min(pool, draws) + 1):
                lack = max(0, group - (d - small))
                if lack <= top:
                    new[a:b, d:, lack:] += _COMB[pool, d] * old[a:b, : draws + 1 - d, : top + 1 - lack]
        f[:rows] = new
    u = code // 256
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
    work for needs already met (a rack that differs by a tile mostly repeats
    them) and the simulated draws of a pool already drawn from. It grows with
    every new position: keep one for a turn (the throws of one rack), not forever.
    """
    rack = np.asarray(rack, dtype=np.int16)
    unseen = np.asarray(unseen, dtype=np.int16)
    exposures = tuple(exposures)
    _check(rack, exposures, unseen, draws, samples, seed)
    draws = int(draws)
    lines = compiled.num_lines
    targets = _targets(compiled, exposures)
    if not len(targets.hand):  # exposures no line can use: every line ruled out
        return _ruled_out(lines, draws, samples)
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
    # a line's distance is its nearest live hand's (its nearest hand's when the line is dead), as in closest
    line_distance = np.full(lines, FAR, dtype=np.int16)
    np.minimum.at(line_distance, targets.line, np.where(dead, FAR, distance).astype(np.int16))
    dead_distance = np.full(lines, FAR, dtype=np.int16)
    np.minimum.at(dead_distance, targets.line, distance.astype(np.int16))
    line_dead = np.ones(lines, dtype=bool)
    np.logical_and.at(line_dead, targets.line, dead)
    line_dead &= allowed
    line_distance = np.where(line_dead, dead_distance, line_distance)
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
    # the other hands of a line, most likely first, until those left add up to at most NEGLIGIBLE
    by_chance = key  # line by line, most likely first (the best target first)
    in_line = p[by_chance]
    tail = line_sum[targets.line[by_chance]] - np.cumsum(in_line) + in_line + _segment_offsets(
        in_line, targets.line[by_chance])  # the chance of this hand and the less likely ones of its line
    kept = by_chance[(tail > NEGLIGIBLE) & (in_line > 0)]
    kept_count = np.bincount(targets.line[kept], minlength=lines)
    left_out = np.maximum(line_sum - np.bincount(targets.line[kept], weights=p[kept], minlength=lines), 0.0)
    joined = ~exact & (kept_count >= 2) & (kept_count <= JOINED_MOST)
    simulate = ~exact & (kept_count > JOINED_MOST) & (samples > 0)
    # bounded: the middle of [p1, p1 + R] (or of what the simulation leaves out), the half-width as error
    middle = np.minimum(np.where(simulate, left_out, rest), upper - p_best) / 2
    p_win = np.where(exact, p_best, p_best + middle)
    se = np.where(exact, 0.0, middle)
    if joined.any():  # a few likely hands: their union exactly (inclusion-exclusion), the rest bounded
        union = _union_of_kept(targets, kept, np.flatnonzero(joined), p, ms, mg, unseen, jokers, draws, cache)
        at = np.flatnonzero(joined)
        upper[at] = np.minimum(union + left_out[at], 1.0)
        half = (upper[at] - union) / 2
        p_win[at], se[at] = union + half, half
        exact[at] = left_out[at] <= TOLERANCE
        p_win[at] = np.where(exact[at], union, p_win[at])
        se[at] = np.where(exact[at], 0.0, se[at])
    lines_simulated = np.flatnonzero(simulate)
    if len(lines_simulated):
        extra, extra_se = _simulated_extra(targets, rack, unseen, draws, kept, best_target, lines_simulated,
                                           samples, seed, cache)
        at = lines_simulated
        gap = np.maximum(upper[at] - left_out[at] - p_best[at], 0.0)  # what the simulated hands can add
        p_win[at] = np.clip(p_best[at] + extra + middle[at], p_best[at], upper[at])
        # no extra seen in the samples does not make it certain: at least 1/samples (or the gap), plus what
        # was left out
        se[at] = np.hypot(np.maximum(extra_se, np.minimum(gap, 1.0 / samples)), middle[at])
    upper = np.where(exact, p_win, upper)

    out_counts = np.zeros((lines, NUM_KINDS), dtype=np.int64)
    live_best = has & ~line_dead
    if live_best.any():
        t = best_target[live_best]
        out_counts[live_best] = _out_counts(ms[t], mg[t], unseen, jokers)
    return LineChances(p_win=p_win, p_win_se=se, p_win_upper=upper, p_best_hand=p_best, exact=exact,
                       simulated=simulate,
                       distance=line_distance,
                       outs=out_counts.sum(axis=1), out_counts=out_counts, dead=line_dead, allowed=allowed, best_hand=best_hand, draws=draws, samples=int(samples))


def _ruled_out(lines: int, draws: int, samples: int) -> LineChances:
    """The chances when the exposures allow no line of the card: none allowed, each :data:`FAR` away."""
    zeros = np.zeros(lines, dtype=np.float64)
    return LineChances(p_win=zeros, p_win_se=zeros.copy(), p_win_upper=zeros.copy(), p_best_hand=zeros.copy(),
                       exact=np.ones(lines, dtype=bool), simulated=np.zeros(lines, dtype=bool),
                       distance=np.full(lines, FAR, dtype=np.int16), outs=np.zeros(lines, dtype=np.int64),
                       out_counts=np.zeros((lines, NUM_KINDS), dtype=np.int64), dead=np.zeros(lines, dtype=bool),
                       allowed=np.zeros(lines, dtype=bool), best_hand=np.full(lines, -1, dtype=np.int64),
                       draws=draws, samples=int(samples))


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


def joint_chances(ms: np.ndarray, mg: np.ndarray, pool: np.ndarray, jokers: int, draws: int,
                  cache: dict | None = None) -> np.ndarray:
    """Exact probability (``[R]``) that *all* the targets of each row are complete after ``draws`` draws.

    ``ms`` and ``mg`` are ``[R, m, 35]``: ``m`` targets per row, as in
    :func:`hand_chances`. The same draws must complete every target of a row,
    each with the rack's jokers and the jokers drawn (a joker is counted once
    per target: the targets are alternatives, the player makes only one). The
    state of the dynamic programme is (tiles drawn among the needed kinds, what
    each target's groups still lack). ``cache`` remembers rows between calls.

    >>> pool = np.zeros(36, dtype=np.int16); pool[[0, 1, 2]] = (2, 2, 20)
    >>> ms = np.zeros((1, 2, 35), dtype=np.int16); ms[0, 0, 0] = ms[0, 1, 1] = 1  # one lacks 1B, one 2B
    >>> from math import comb
    >>> round(float(joint_chances(ms, np.zeros_like(ms), pool, 0, 3)[0]), 12) == round(
    ...     (2 * 2 * 20 + comb(2, 2) * 2 + 2 * comb(2, 2)) / comb(24, 3), 12)
    True
    """
    rows, m, _ = ms.shape
    if rows == 0:
        return np.zeros(0, dtype=np.float64)
    pool = np.asarray(pool, dtype=np.int64)
    total, pool_jokers = int(pool.sum()), int(pool[_JOKER])
    needed = ((ms + mg) > 0).any(axis=1)  # [R, 35]
    width = int(needed.sum(axis=1).max())
    order = np.argsort(~needed, axis=1, kind="stable")[:, :width]
    used = np.take_along_axis(needed, order, axis=1)
    u = np.where(used, pool[:NATURAL_KINDS][order], 0)  # [R, width]
    s = np.where(used[:, None, :], np.take_along_axis(ms, order[:, None, :], axis=2), 0)  # [R, m, width]
    g = np.where(used[:, None, :], np.take_along_axis(mg, order[:, None, :], axis=2), 0)
    if cache is None:
        return _joint_of_needs(u, s, g, total, pool_jokers, jokers, draws)
    known = cache.setdefault(("joint", m, total, pool_jokers, jokers, draws), {})
    padded = np.zeros((rows, 2 * m + 1, _MOST_KINDS * m), dtype=np.int16)  # one width for every call
    padded[:, 0, :width] = u
    padded[:, 1: m + 1, :width] = s
    padded[:, m + 1:, :width] = g
    keys = padded.reshape(rows, -1).view(f"V{2 * padded[0].size}").ravel().tolist()
    todo = [i for i, key in enumerate(keys) if key not in known]
    if todo:
        for i, chance in zip(todo, _joint_of_needs(u[todo], s[todo], g[todo], total, pool_jokers, jokers,
                                                   draws).tolist()):
            known[keys[i]] = chance
    return np.array([known[key] for key in keys], dtype=np.float64)


def _joint_of_needs(u, s, g, total: int, pool_jokers: int, jokers: int, draws: int) -> np.ndarray:
    """The dynamic programme of :func:`joint_chances`: ``u`` ``[R, width]`` pool sizes of the needed kinds,
    ``s`` and ``g`` ``[R, m, width]`` what each target lacks of them in singles and pairs and in groups."""
    rows, m, width = s.shape
    top = jokers + min(pool_jokers, draws)
    base = top + 2  # a lack vector as one number, digit i for target i
    place = base ** np.arange(m)
    f = np.zeros((rows, draws + 1) + (top + 1,) * m, dtype=np.float64)
    f[(slice(None), 0) + (0,) * m] = 1.0
    for slot in range(width):
        us, ss, gs = u[:, slot], s[:, :, slot], g[:, :, slot]
        if not (us.any() or ss.any() or gs.any()):
            continue  # a padding slot for every row: nothing changes
        new = np.zeros_like(f)
        for d in range(min(int(us.max()), draws) + 1):
            valid = (d <= us) & (d >= ss).all(axis=1)
            if not valid.any():
                continue
            lack = np.minimum(np.maximum(gs - (d - ss), 0), top + 1)  # [R, m]
            code = lack @ place
            for number in np.unique(code[valid]).tolist():
                combo = [(number // base ** i) % base for i in range(m)]
                if max(combo) > top:
                    continue
                coef = np.where(valid & (code == number), _COMB[us, d], 0.0)
                target = (slice(None), slice(d, None)) + tuple(slice(c, None) for c in combo)
                source = (slice(None), slice(0, draws + 1 - d)) + tuple(slice(0, top + 1 - c) for c in combo)
                new[target] += coef.reshape((rows,) + (1,) * (m + 1)) * f[source]
        f = new
    for axis in range(2, m + 2):  # mass with every target's lack <= e, read on the diagonal
        f = np.cumsum(f, axis=axis)
    at_most = f[(slice(None), slice(None)) + (np.arange(top + 1),) * m]  # [R, n, e]
    rest = total - pool_jokers - u.sum(axis=1)
    n = np.arange(draws + 1)
    probability = np.zeros(rows, dtype=np.float64)
    for dj in range(min(pool_jokers, draws) + 1):
        others = draws - n - dj
        ways = np.where(others[None, :] >= 0, _COMB[rest[:, None], np.clip(others, 0, None)[None, :]], 0.0)
        probability += _COMB[pool_jokers, dj] * (ways * at_most[:, :, min(jokers + dj, top)]).sum(axis=1)
    return np.minimum(probability / _COMB[total, draws], 1.0)


def _union_of_kept(targets, kept, lines, p, ms, mg, unseen, jokers, draws, cache) -> np.ndarray:
    """For each of ``lines`` (2 to :data:`JOINED_MOST` kept hands each): the exact chance that one of its kept
    hands is complete, by inclusion and exclusion over the joint chances of every subset."""
    from itertools import combinations

    members = {int(line): [] for line in lines}
    for t in kept.tolist():
        line = int(targets.line[t])
        if line in members:
            members[line].append(t)
    union = {line: sum(p[t] for t in hands) for line, hands in members.items()}
    for size in range(2, JOINED_MOST + 1):
        groups = [(line, subset) for line, hands in members.items() for subset in combinations(hands, size)]
        if not groups:
            continue
        index = np.array([subset for _, subset in groups])
        both = joint_chances(ms[index], mg[index], unseen, jokers, draws, cache)
        sign = -1.0 if size % 2 == 0 else 1.0
        for (line, _), chance in zip(groups, both.tolist()):
            union[line] += sign * chance
    return np.clip(np.array([union[int(line)] for line in lines]), 0.0, 1.0)


def _segment_offsets(values: np.ndarray, segment: np.ndarray) -> np.ndarray:
    """For values grouped in segments (equal ``segment`` labels side by side): the sum of all values in the
    segments before each one."""
    totals = np.cumsum(values)
    starts = np.flatnonzero(np.r_[True, segment[1:] != segment[:-1]])
    before = np.r_[0.0, totals][starts]
    return np.repeat(before, np.diff(np.r_[starts, len(values)]))


def _drawn(unseen: np.ndarray, draws: int, samples: int, seed: int, cache: dict | None) -> np.ndarray:
    """``[samples, 36]``: the tiles of ``samples`` seeded draws of ``draws`` tiles from ``unseen`` (kept in
    ``cache``: the same pool, draws and seed give the same tiles)."""
    key = ("drawn", unseen.tobytes(), draws, samples, seed)
    if cache is not None and key in cache:
        return cache[key]
    rng = np.random.default_rng(seed)
    pool = np.repeat(np.arange(NUM_KINDS), unseen.astype(np.int64))
    keys = rng.random((samples, len(pool)))
    picked = pool[np.argpartition(keys, draws - 1, axis=1)[:, :draws]] if draws else np.zeros((samples, 0), int)
    offsets = NUM_KINDS * np.arange(samples)[:, None]
    drawn = np.bincount((picked + offsets).ravel(), minlength=NUM_KINDS * samples).reshape(samples, NUM_KINDS)
    if cache is not None:
        cache[key] = drawn
    return drawn


def _simulated_extra(targets, rack, unseen, draws, kept, best_target, lines, samples, seed, cache):
    """For each of ``lines``: the simulated share of draws completing one of its ``kept`` hands but not its
    best one, and that share's standard error."""
    racks = _drawn(unseen, draws, samples, seed, cache) + rack[None, :]
    chosen = np.sort(kept[np.isin(targets.line[kept], lines)])  # in card order, so line by line
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

    The rack is 0 tiles away (:mod:`~mjlearn.engine.tiles_away`; a rack with more tiles than the target, at
    most 0): every natural of the singles and pairs is there and jokers cover what groups lack.
    """
    codes = np.concatenate([thermometer(small + groups).T, thermometer(small).T], axis=1)  # [144, 2C]
    products = (thermometer(racks[:, :NATURAL_KINDS]) @ codes).astype(np.int16)  # M_t, then M_s
    count = len(small)
    free = (remaining - racks[:, _JOKER].astype(np.int16))[:, None]
    return tiles_away(free, products[:, :count], small.sum(axis=1), products[:, count:]) <= 0
