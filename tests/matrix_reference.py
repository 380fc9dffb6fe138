"""The thermometer matrix product that batch distances used before the kernel (mjlearn 0.1, issue 16).

Kept as a yardstick: ``tests/test_kernel.py`` checks that the kernel's engines give
exactly its numbers, and ``benchmarks/bench_kernel.py`` times it as the "before".
It follows the formula of ``mjlearn/engine/tiles_away.py``'s docstring.
"""

from __future__ import annotations

import numpy as np

from mjlearn.engine.compiled import NATURAL_KINDS, thermometer
from mjlearn.tiles import NUM_KINDS

BLOCK = 4096  # racks per matrix product, as the old code had it


def matrix_line_distances(compiled, racks: np.ndarray) -> np.ndarray:
    """Distances ``[N, L]`` (int16) from racks ``[N, 36]`` to each line of a compiled card."""
    codes = np.concatenate([thermometer(compiled.total), thermometer(compiled.small)], axis=0).T
    out = np.empty((len(racks), compiled.num_lines), dtype=np.int16)
    hands = compiled.num_hands
    for start in range(0, len(racks), BLOCK):
        block = racks[start : start + BLOCK]
        products = (thermometer(block[:, :NATURAL_KINDS]) @ codes).astype(np.int16)
        missing = 14 - products[:, :hands]
        missing_in_groups = missing - (compiled.small_size - products[:, hands:])
        distances = missing - np.minimum(block[:, NUM_KINDS - 1, None].astype(np.int16), missing_in_groups)
        out[start : start + BLOCK] = np.minimum.reduceat(distances, compiled.line_start, axis=1)
    return out
