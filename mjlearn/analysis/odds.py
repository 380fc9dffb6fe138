"""Odds over random deals: how often a deal starts near each line (Monte Carlo, seedable).

>>> import mjlearn as mj
>>> table = odds(mj.load_card("basic1"), deals=2000, seed=7, progress=False)
>>> list(table.columns[:7])
['category', 'line', 'mjcl', 'value', 'concealed', 'mean', 'within 1']
>>> bool(table["at 0"].sum() == 0)  # a 13-tile deal is never a win
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..errors import ArgumentError
from .arguments import count_argument, flag_argument, ruleset_argument

from ..tiles import NUM_KINDS, TILE_SET

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["deal_racks", "odds", "distance_counts"]

_TILE_ARRAY = np.array([int(t) for t in TILE_SET], dtype=np.int64)
_BLOCK = 8192  # deals per block: bounds memory and paces the progress bar
_PROGRESS_FROM = 20_000  # show a progress bar by default from this many deals


def deal_racks(count: int, tiles: int = 13, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """``count`` random racks of ``tiles`` tiles from a full 152-tile set, as ``[count, 36]`` counts.

    >>> racks = deal_racks(3, rng=1)
    >>> racks.shape, racks.sum(axis=1).tolist()
    ((3, 36), [13, 13, 13])
    """
    count = count_argument("count", count)
    tiles = count_argument("tiles", tiles, minimum=1, maximum=14)
    if not (rng is None or isinstance(rng, np.random.Generator)):
        rng = count_argument("rng", rng)  # a seed
    rng = np.random.default_rng(rng)
    keys = rng.random((count, len(_TILE_ARRAY)))
    picked = np.argpartition(keys, tiles - 1, axis=1)[:, :tiles]  # a uniform random subset per row
    kinds = _TILE_ARRAY[picked] + NUM_KINDS * np.arange(count)[:, None]
    return np.bincount(kinds.ravel(), minlength=NUM_KINDS * count).reshape(count, NUM_KINDS).astype(np.int16)


def distance_counts(
    card: "Card", deals: int, tiles: int = 13, seed: int | None = None, progress: bool | None = None, ruleset=None
) -> np.ndarray:
    """``[lines, 15]``: how many of ``deals`` random deals lie at each distance 0-14 from each line."""
    deals = count_argument("deals", deals, minimum=1)
    seed = count_argument("seed", seed, allow_none=True)
    if progress is not None:
        progress = flag_argument("progress", progress)
    compiled = card.compiled(ruleset_argument(ruleset))
    rng = np.random.default_rng(seed)
    counts = np.zeros((compiled.num_lines, 15), dtype=np.int64)
    blocks = range(0, deals, _BLOCK)
    show = progress if progress is not None else deals >= _PROGRESS_FROM
    if show:
        from tqdm.auto import tqdm

        blocks = tqdm(blocks, total=len(blocks), desc="deals", unit="block")
    for start in blocks:
        size = min(_BLOCK, deals - start)
        distances = compiled.line_distances(deal_racks(size, tiles, rng))
        for line in range(compiled.num_lines):
            counts[line] += np.bincount(distances[:, line], minlength=15)
    return counts


def odds(
    card: "Card",
    deals: int = 10_000,
    tiles: int = 13,
    seed: int | None = 0,
    within: range | list[int] = range(1, 7),
    progress: bool | None = None,
    ruleset=None,
) -> "pandas.DataFrame":
    """Per line, the share of random deals at each distance and within k tiles.

    Columns: category, line, mjcl, value, concealed, ``mean`` (mean distance),
    ``within k`` for each k of ``within`` (share of deals at most k tiles away)
    and ``at d`` for d = 0-14 (share exactly d away). ``tiles=14`` deals as to
    East. The same ``seed`` gives the same table; a progress bar shows on long
    runs (``progress=False`` hides it). ``ruleset="MAHJ-X"`` counts runs both ways.
    """
    import pandas as pd

    deals = count_argument("deals", deals, minimum=1)
    if not isinstance(within, (range, list, tuple)):
        raise ArgumentError(f"within must be a range or list of distances, not {within!r} ({type(within).__name__})")
    within = [count_argument("within", k, maximum=14) for k in within]
    counts = distance_counts(card, deals, tiles, seed, progress, ruleset)
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
