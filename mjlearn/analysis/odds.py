"""Odds over random deals: how often a deal starts near each line (Monte Carlo, seedable).

>>> import mjlearn as mj
>>> table = odds(mj.load_card("basic1"), deals=2000, seed=7, progress=False)
>>> list(table.columns[:7])
['category', 'line', 'mjcl', 'value', 'concealed', 'mean', 'within 1']
>>> bool(table["at 0"].sum() == 0)  # a 13-tile deal is never a win
True
"""

from __future__ import annotations

from concurrent.futures import Executor
from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError
from ..parallel import executor_argument, iter_chunks
from ..resources import as_card
from ..tiles import NUM_KINDS, TILE_SET
from .arguments import count_argument, flag_argument, ruleset_argument
from ..engine.kernel import KernelTables, line_distances

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["deal_racks", "odds", "distance_counts"]

_TILE_ARRAY = np.array([int(t) for t in TILE_SET], dtype=np.int64)
_BLOCK = 8192  # racks dealt at once: bounds the memory of a deal (8192 x 152 random keys)
CHUNK = 8192  # deals per chunk of work, here or on an executor: the progress bar advances by chunks
_PROGRESS_FROM = 20_000  # show a progress bar by default from this many deals


def deal_racks(
    count: int, tiles: int = 13, rng: np.random.Generator | int | None = None, executor: Executor | None = None
) -> np.ndarray:
    """``count`` random racks of ``tiles`` tiles from a full 152-tile set, as ``[count, 36]`` counts.

    ``rng`` is a seed or a ``numpy.random.Generator``. The racks are dealt in
    blocks, so 1,000,000 racks need little more than their own 72 MB. With a
    seed, ``executor`` deals the blocks on workers; the racks are the same.

    >>> racks = deal_racks(3, rng=1)
    >>> racks.shape, racks.sum(axis=1).tolist()
    ((3, 36), [13, 13, 13])
    >>> bool((deal_racks(20_000, rng=1)[:5] == deal_racks(5, rng=1)).all())  # a longer deal goes on the same
    True
    """
    count = count_argument("count", count)
    tiles = count_argument("tiles", tiles, minimum=1, maximum=14)
    executor = executor_argument(executor)
    out = np.empty((count, NUM_KINDS), dtype=np.int16)
    if isinstance(rng, np.random.Generator):
        if executor is not None:
            raise ArgumentError("deal_racks deals on an executor only from a seed: give rng as a whole number")
        for start in range(0, count, _BLOCK):
            out[start : start + _BLOCK] = _deal(rng, min(_BLOCK, count - start), tiles)
        return out
    entropy = _entropy(count_argument("rng", rng, allow_none=True))
    chunks = [(entropy, start, min(CHUNK, count - start), tiles) for start in range(0, count, CHUNK)]
    for (_, start, size, _), racks in zip(chunks, iter_chunks(_dealt, chunks, executor)):
        out[start : start + size] = racks
    return out


def _entropy(seed: int | None) -> int:
    """The entropy of the seed sequence behind ``numpy.random.default_rng(seed)`` (fresh when ``None``)."""
    return np.random.SeedSequence(seed).entropy


def _dealt(entropy: int, first: int, count: int, tiles: int) -> np.ndarray:
    """Racks ``first`` to ``first + count`` of the deal seeded by ``entropy``.

    Each rack uses 152 draws of ``default_rng(seed)``'s stream (PCG64), so a chunk
    jumps straight to its first draw: the racks are those of one long deal, however
    the work is cut and wherever it runs.
    """
    bits = np.random.PCG64(np.random.SeedSequence(entropy))
    bits.advance(first * len(_TILE_ARRAY))
    rng = np.random.Generator(bits)
    out = np.empty((count, NUM_KINDS), dtype=np.int16)
    for start in range(0, count, _BLOCK):
        out[start : start + _BLOCK] = _deal(rng, min(_BLOCK, count - start), tiles)
    return out


def _deal(rng: np.random.Generator, count: int, tiles: int) -> np.ndarray:
    """``count`` racks from ``rng``: a uniform random subset of the 152 tiles per rack."""
    keys = rng.random((count, len(_TILE_ARRAY)))
    picked = np.argpartition(keys, tiles - 1, axis=1)[:, :tiles]
    kinds = _TILE_ARRAY[picked] + NUM_KINDS * np.arange(count)[:, None]
    return np.bincount(kinds.ravel(), minlength=NUM_KINDS * count).reshape(count, NUM_KINDS).astype(np.int16)


def distance_counts(
    card: "Card",
    deals: int,
    tiles: int = 13,
    seed: int | None = None,
    progress: bool | None = None,
    ruleset=None,
    executor: Executor | None = None,
) -> np.ndarray:
    """``[lines, 15]``: how many of ``deals`` random deals lie at each distance 0-14 from each line.

    The deals are those of ``deal_racks(deals, tiles, rng=seed)``, dealt and
    measured in chunks (never all held at once), here or on ``executor``: the
    counts are the same either way.
    """
    deals = count_argument("deals", deals, minimum=1)
    seed = count_argument("seed", seed, allow_none=True)
    if progress is not None:
        progress = flag_argument("progress", progress)
    executor = executor_argument(executor)
    compiled = as_card(card).compiled(ruleset_argument(ruleset))
    tables = KernelTables.of(compiled)
    entropy = _entropy(seed)
    chunks = [(tables, entropy, start, min(CHUNK, deals - start), tiles) for start in range(0, deals, CHUNK)]
    show = progress if progress is not None else deals >= _PROGRESS_FROM
    counts = np.zeros((compiled.num_lines, 15), dtype=np.int64)
    for chunk in iter_chunks(_chunk_counts, chunks, executor, show, sizes=[c[3] for c in chunks], desc="deals",
                             unit="deal"):
        counts += chunk
    return counts


def _chunk_counts(tables: KernelTables, entropy: int, first: int, count: int, tiles: int) -> np.ndarray:
    """``[lines, 15]`` counts of distances for deals ``first`` to ``first + count``."""
    lines = tables.num_lines
    counts = np.zeros(lines * 15, dtype=np.int64)
    for start in range(first, first + count, _BLOCK):
        racks = _dealt(entropy, start, min(_BLOCK, first + count - start), tiles)
        distances = line_distances(tables, racks)
        counts += np.bincount((distances + 15 * np.arange(lines)).ravel(), minlength=lines * 15)
    return counts.reshape(lines, 15)


def odds(
    card: "Card",
    deals: int = 10_000,
    tiles: int = 13,
    seed: int | None = 0,
    within: range | list[int] = range(1, 7),
    progress: bool | None = None,
    ruleset=None,
    executor: Executor | None = None,
) -> "pandas.DataFrame":
    """Per line, the share of random deals at each distance and within k tiles.

    Columns: category, line, mjcl, value, concealed, ``mean`` (mean distance),
    ``within k`` for each k of ``within`` (share of deals at most k tiles away)
    and ``at d`` for d = 0-14 (share exactly d away). ``tiles=14`` deals as to
    East. The same ``seed`` gives the same table; a progress bar shows on long
    runs (``progress=False`` hides it). ``ruleset="MAHJ-X"`` counts runs both ways.
    ``executor`` (a process pool, Dask's ``client.get_executor()``...) measures
    the deals in chunks on its workers; the table is the same.
    """
    import pandas as pd

    card = as_card(card)
    deals = count_argument("deals", deals, minimum=1)
    if not isinstance(within, (range, list, tuple)):
        raise ArgumentError(f"within must be a range or list of distances, not {within!r} ({type(within).__name__})")
    within = [count_argument("within", k, maximum=14) for k in within]
    counts = distance_counts(card, deals, tiles, seed, progress, ruleset, executor)
    shares = counts / deals
    cumulative = shares.cumsum(axis=1)
    lines = card.lines
    table = {
        "category": [line.category for line in lines],
        "line": [line.number for line in lines],
        "mjcl": [line.mjcl for line in lines],
        "value": [line.value for line in lines],
        "concealed": [line.concealed for line in lines],
        "mean": (counts * np.arange(15)).sum(axis=1) / deals,
    }
    for k in within:
        table[f"within {k}"] = cumulative[:, k]
    for d in range(15):
        table[f"at {d}"] = shares[:, d]
    return pd.DataFrame(table)
