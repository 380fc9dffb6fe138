"""Distances from many racks to every line of a card: the batch kernel.

The distance is that of :mod:`mjlearn.engine.tiles_away`: a rack is
``max(14 - j - M_t, S - M_s)`` tiles from a hand, where
``M_t = sum_k min(r[k], t[k])`` and ``M_s = sum_k min(r[k], s[k])``.

Both sums fit in one byte per hand: ``M_t + 16 * M_s`` is at most
``14 + 16 * 14 = 238``. So the card becomes a table of bytes,
``T[k, c, h] = min(c, t[h, k]) + 16 * min(c, s[h, k])`` for every kind ``k`` and
count ``c`` (0-8: a rack holds at most 4 of a kind, 8 flowers), and a rack's sums
for all hands are the rows ``T[k, r[k]]`` of the kinds it holds, added up: at most
14 rows of bytes, however many kinds the card uses. The distances follow in
bytes, and each line keeps its nearest hand.

Two engines compute exactly the same numbers:

* ``"numba"`` (with the optional extra ``pip install 'mjlearn[fast]'``): one
  compiled loop per rack. On the 2-core machine of issue 16 it runs at about a
  third of a hand-written AVX2 C kernel's rate (``benchmarks/bench_kernel.py``),
  some 10-20 times the numpy engine, and it releases the GIL, so a thread pool
  runs it on every core.
* ``"numpy"`` (the fallback, always there): the same table, one kind at a time
  over a block of racks, adding rows only for the racks that hold the kind. It is
  2-3 times the thermometer matrix product it replaced (same card, same racks),
  which spends most of its work on kinds a rack does not hold.

>>> import mjlearn as mj
>>> tables = KernelTables.of(mj.load_card("basic1").compiled())
>>> rack = np.array([mj.Hand("FF 222B 444B 666B 888B").counts], dtype=np.int16)
>>> line_distances(tables, rack, engine="numpy")[0, :3].tolist()
[0, 8, 9]
>>> bool((line_distances(tables, rack) == line_distances(tables, rack, engine="numpy")).all())
True
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError
from ..parallel import iter_chunks
from ..tiles import COPIES, NUM_KINDS
from . import loops
from .checks import checked_racks
from .memo import Memo
from .tiles_away import tiles_away

if TYPE_CHECKING:  # pragma: no cover
    from .compiled import CompiledCard

__all__ = ["KernelTables", "engines", "line_distances"]

_KINDS = NUM_KINDS - 1  # natural kinds; the joker is the last column of a rack
_LEVELS = max(COPIES[:_KINDS]) + 1  # counts 0-8
_BLOCK = 4096  # racks per block of the numpy engine: its [block, H] bytes stay small
CHUNK = 16_384  # racks per chunk handed to an executor (a few ms each)


@dataclass(frozen=True)
class KernelTables:
    """One card's arrays for the kernel (small enough to send to a worker process).

    ``table`` is ``[35 * 9, H]`` uint8 (row ``k * 9 + c`` is ``T[k, c]``),
    ``small_size`` ``[H]`` uint8 (``S``), and the hands of line ``i`` are
    ``starts[i]`` to ``stops[i]``.
    """

    table: np.ndarray
    small_size: np.ndarray
    starts: np.ndarray
    stops: np.ndarray

    @classmethod
    def of(cls, compiled: "CompiledCard") -> "KernelTables":
        """The tables of a compiled card, built once per card (:data:`TABLES`)."""
        return TABLES.get(compiled, None, lambda: cls.build(compiled.total, compiled.small, compiled.line_start))

    @classmethod
    def build(cls, total: np.ndarray, small: np.ndarray, line_start: np.ndarray) -> "KernelTables":
        """The tables of hands with ``total`` and ``small`` counts ``[H, 35]``, lines from ``line_start``."""
        levels = np.arange(_LEVELS)[:, None, None]
        packed = np.minimum(levels, total.T[None]) + 16 * np.minimum(levels, small.T[None])  # [9, 35, H]
        table = np.ascontiguousarray(packed.transpose(1, 0, 2).reshape(_KINDS * _LEVELS, -1), dtype=np.uint8)
        starts = np.asarray(line_start, dtype=np.int64)
        stops = np.append(starts[1:], len(total)).astype(np.int64)
        return cls(table, small.sum(axis=1).astype(np.uint8), starts, stops)

    @property
    def num_lines(self) -> int:
        return len(self.starts)


TABLES = Memo("kernel tables", maxsize=1)
"""Each compiled card's :class:`KernelTables` (one per card)."""


def engines() -> list[str]:
    """The engines this installation has, fastest first: ``["numba", "numpy"]`` or ``["numpy"]``."""
    return loops.engines()


def line_distances(
    tables: KernelTables,
    racks: np.ndarray,
    engine: str | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> np.ndarray:
    """Distances ``[N, L]`` (int16) from racks ``[N, 36]`` (counts, jokers last) to each line.

    ``engine`` is ``"numba"`` or ``"numpy"`` (default: the fastest there is).
    With an ``executor`` the racks go out in chunks of 16,384 (a thread pool
    runs the numba engine on every core); the result is the same.
    """
    racks = checked_racks(racks)  # (counts the kernel cannot index refused: it runs without bounds checks)
    if engine is None:
        engine = engines()[0]
    if engine not in ("numba", "numpy") or (engine == "numba" and _numba_kernel() is None):
        raise ArgumentError(f"engine must be one of {engines()}, not {engine!r}")
    out = np.empty((len(racks), tables.num_lines), dtype=np.int16)
    starts = range(0, len(racks), CHUNK)
    chunks = [(tables, racks[start : start + CHUNK], engine) for start in starts]
    sizes = [len(chunk[1]) for chunk in chunks]
    for start, block in zip(starts, iter_chunks(_chunk_distances, chunks, executor, progress, sizes=sizes,
                                                desc="racks", unit="rack")):
        out[start : start + len(block)] = block
    return out


def _chunk_distances(tables: KernelTables, racks: np.ndarray, engine: str) -> np.ndarray:
    """One chunk's distances, by one engine."""
    out = np.empty((len(racks), tables.num_lines), dtype=np.int16)
    if engine == "numba":
        _numba_kernel()(tables.table, _LEVELS, tables.small_size, tables.starts, tables.stops, racks, out)
        return out
    for start in range(0, len(racks), _BLOCK):
        block = racks[start : start + _BLOCK]
        out[start : start + _BLOCK] = _numpy_block(tables, block)
    return out


def _numpy_block(tables: KernelTables, racks: np.ndarray) -> np.ndarray:
    """The numpy engine on one block of racks."""
    sums = np.zeros((len(racks), len(tables.small_size)), dtype=np.uint8)  # M_t + 16 M_s
    for kind in range(_KINDS):
        holding = np.flatnonzero(racks[:, kind])
        if len(holding):
            sums[holding] += tables.table[kind * _LEVELS + racks[holding, kind]]
    free = (14 - racks[:, _KINDS])[:, None]  # 14 - j
    distances = tiles_away(free, sums & 15, tables.small_size, sums >> 4)
    return np.minimum.reduceat(distances, tables.starts, axis=1)


def _numba_kernel():
    """The numba kernel, or ``None`` when numba is not installed (imported on first use only)."""
    compiled = loops.numba_loops()
    return None if compiled is None else compiled.line_distances
