"""The batch distance kernel compiled by numba (imported only when numba is installed and a batch runs).

See :mod:`mjlearn.analysis.kernel` for the table it reads and why it is written so.
The loops over hands are plain and contiguous, in bytes, and count from 0 (an index
read from an array could be negative, and numba's wraparound for it stops LLVM
from vectorising the loop: that alone made the kernel 3 times slower), so LLVM
vectorises them. ``nogil`` lets threads run it on all cores; ``cache`` keeps the machine code on disk
(beside this file, or in numba's cache folder for the user), so only the first run compiles.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_KINDS = 35
_MOST_HELD = 14


def _line_distances(table, levels, small_size, starts, stops, racks, out):  # pragma: no cover - runs compiled
    """Fill ``out[N, L]`` with the distances from ``racks[N, 36]`` (int16) to each line."""
    hands = small_size.shape[0]
    acc = np.empty(hands, np.uint8)
    held = np.empty(_MOST_HELD, np.int64)
    for n in range(racks.shape[0]):
        count = 0
        for k in range(_KINDS):
            c = racks[n, k]
            if c > 0 and count < _MOST_HELD:
                held[count] = k * levels + c
                count += 1
        acc[:] = 0
        for i in range(count):
            row = table[held[i]]
            for h in range(hands):
                acc[h] += row[h]
        free = np.uint8(14 - racks[n, _KINDS])
        for h in range(hands):
            a = acc[h]
            acc[h] = max(np.uint8(free - (a & np.uint8(15))), np.uint8(small_size[h] - (a >> np.uint8(4))))
        for line in range(starts.shape[0]):
            hands_of_line = acc[starts[line] : stops[line]]
            best = np.uint8(255)
            for h in range(hands_of_line.shape[0]):  # from 0: no negative index to wrap, so LLVM vectorises it
                best = min(best, hands_of_line[h])
            out[n, line] = best


try:
    line_distances = njit(nogil=True, cache=True)(_line_distances)
except RuntimeError:  # numba finds no writable folder for its cache: compile once per process instead
    line_distances = njit(nogil=True)(_line_distances)
