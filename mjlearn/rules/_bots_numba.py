"""The bots' innermost loops compiled by numba (imported only when numba is installed and a bot first
looks at a rack).

:func:`discard_ranks` does what :func:`mjlearn.rules.bots.discard_ranks` does with numpy, and
:func:`position_distances` what a :class:`~mjlearn.rules.bots._Position` works out with numpy (its sums
from a rack one tile away, its distances and the best), each in one pass and in plain integers (the
same numbers: distances are small, far from int16's limits); the bot's arrays are a few hundred
entries long, so numpy's cost per call, not the arithmetic, was the time.
``cache`` keeps the machine code on disk (beside this file, or in numba's cache folder for the user),
so only the first run compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit


def _smallest(values, size, out, row):  # pragma: no cover - runs compiled
    """``out[row]``: the ``out.shape[1]`` smallest of ``values[:size]``, in order (at least that many)."""
    count = out.shape[1]
    for c in range(count):
        out[row, c] = 1 << 30
    for i in range(size):
        v = values[i]
        if v < out[row, count - 1]:
            c = count - 1
            while c > 0 and out[row, c - 1] > v:
                out[row, c] = out[row, c - 1]
                c -= 1
            out[row, c] = v


def _discard_ranks(current, base, sums, codes, small_size, lines, starts, remaining, bits, jokers,
                   out):  # pragma: no cover - runs compiled
    """Fill ``out[len(bits), count]``: for each candidate the ``count`` smallest line distances once it is
    thrown. (Filling an array given is faster than returning one: numba rebuilds a returned array's
    type on every call.)"""
    count = out.shape[1]
    n = current.shape[0]
    segments = starts.shape[0]
    values = np.empty(max(n, segments), np.int64)
    for s in range(segments):
        stop = starts[s + 1] if s + 1 < segments else n
        best = np.int64(current[starts[s]])
        for h in range(starts[s] + 1, stop):
            if current[h] < best:
                best = current[h]
        values[s] = best
    _smallest(values, segments, out, 0)  # (row 0 as scratch: the nearest lines now)
    cutoff = out[0, count - 1] + 1
    near = np.empty(n, np.int64)
    m = 0
    for h in range(n):
        if current[h] <= cutoff:
            near[m] = h
            m += 1
    candidates = bits.shape[0]
    for r in range(candidates):
        row = codes[bits[r]]
        held = jokers if r < candidates - 1 or jokers == 0 else jokers - 1  # (the last candidate throws a joker)
        lines_seen = 0
        last_line = -1
        for i in range(m):
            h = near[i]
            missing = remaining - (np.int64(sums[h]) - row[h])
            if jokers:
                in_groups = missing - (np.int64(small_size[h]) - (np.int64(sums[n + h]) - row[n + h]))
                d = missing - min(held, in_groups) + current[h] - base[h]
            else:
                d = missing + current[h] - base[h]
            if lines[h] != last_line:
                last_line = lines[h]
                values[lines_seen] = d
                lines_seen += 1
            elif d < values[lines_seen - 1]:
                values[lines_seen - 1] = d
        _smallest(values, lines_seen, out, r)


def _position_distances(sums, codes, row, sign, remaining, small_size, jokers, distance):  # pragma: no cover
    """Add ``sign`` times thermometer row ``row`` to ``sums`` (``[2n]``) in place (``row < 0``: none), fill
    ``distance[n]`` for a rack with ``jokers`` jokers, and return the smallest."""
    n = distance.shape[0]
    if row >= 0:
        code = codes[row]
        for i in range(2 * n):
            sums[i] += sign * code[i]
    best = 1 << 30
    for h in range(n):
        missing = remaining - np.int64(sums[h])
        if jokers:
            in_groups = missing - (np.int64(small_size[h]) - sums[n + h])
            d = missing - min(jokers, in_groups)
        else:
            d = missing
        distance[h] = d
        if d < best:
            best = d
    return best


try:
    position_distances = njit(nogil=True, cache=True)(_position_distances)
    _smallest = njit(nogil=True, cache=True)(_smallest)
    discard_ranks = njit(nogil=True, cache=True)(_discard_ranks)
except RuntimeError:  # numba finds no writable folder for its cache: compile once per process instead
    position_distances = njit(nogil=True)(_position_distances)
    _smallest = njit(nogil=True)(_smallest)
    discard_ranks = njit(nogil=True)(_discard_ranks)
