"""How far a rack is from every line: ``card.closest(hand)``.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> table = card.closest("FF 222B 444B 666B 88B", n=3)
>>> table[["category", "line", "distance", "needs", "unused"]].values.tolist()
[['2468', 1, 1, '8B', ''], ['Singles & Pairs', 1, 6, '11B 33B 55B', '2B 4B 6B 88B'], ['Singles & Pairs', 2, 8, '11B 33B 55B NN', 'FF 2B 4B 6B 88B']]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from ..errors import HandError
from ..hands import HandLike
from ..tiles import COPIES, NUM_KINDS, Tile, format_tile_counts, parse_tiles
from .compiled import NATURAL_KINDS, CompiledCard, counts_of
from .position import Exposure, ExposureLike, read_position

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["closest", "nearest_hands", "needs_and_unused", "needs_and_unused_many", "visible_counts", "COLUMNS"]

COLUMNS = ["category", "line", "distance", "value", "concealed", "mjcl", "hand", "needs", "unused", "dead"]
_SHIFT = 1 << 20  # packs (distance, hand index) into one sortable integer


def visible_counts(visible: str | Iterable | None) -> np.ndarray:
    """Tiles out of play (discards, other players' exposures) as 36 counts.

    ``visible`` is notation (any number of tiles), an iterable of tiles, or 36 counts.
    """
    counts = np.zeros(NUM_KINDS, dtype=np.int16)
    if visible is None:
        return counts
    if isinstance(visible, str):
        for tile in parse_tiles(visible):
            counts[tile] += 1
    else:
        items = list(visible)
        if len(items) == NUM_KINDS and all(isinstance(x, (int, np.integer)) and not isinstance(x, Tile) for x in items):
            counts[:] = items
        else:
            for tile in items:
                counts[Tile.from_notation(tile) if isinstance(tile, str) else Tile(tile)] += 1
    if (counts < 0).any():
        raise HandError("visible tile counts cannot be negative")
    return counts


def nearest_hands(
    compiled: CompiledCard,
    rack: np.ndarray,
    exposures: tuple[Exposure, ...],
    live: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per line that the exposures allow: line index, distance, nearest hand index, and whether it is dead.

    With ``live`` (a mask over hands) a line's nearest hand is its nearest live
    one; a line with no live hand is dead and shows its nearest hand anyway.
    """
    if exposures:
        index, distance = compiled.exposed_distances(rack, exposures)
        if len(index) == 0:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty, np.zeros(0, dtype=bool)
        lines = compiled.line_of[index]
        starts = np.flatnonzero(np.r_[True, lines[1:] != lines[:-1]])
        lines = lines[starts]
    else:  # every hand allowed: the segments are the card's lines
        index = compiled.hand_index
        distance = compiled.hand_distances(rack[None, :])[0]
        starts, lines = compiled.line_start, compiled.line_index
    key = distance.astype(np.int64) * _SHIFT + index
    if live is not None:
        key += np.where(live[index], 0, 64 * _SHIFT)  # any live hand beats every dead one
    best = np.minimum.reduceat(key, starts)
    dead = best >= 64 * _SHIFT
    best %= 64 * _SHIFT
    return lines, best // _SHIFT, best % _SHIFT, dead


def needs_and_unused_many(
    small: np.ndarray, groups: np.ndarray, rack: np.ndarray, jokers: int
) -> tuple[np.ndarray, np.ndarray]:
    """Tiles still needed and rack tiles left over, for several targets at once.

    ``small`` and ``groups`` (``[n, 35]``) are each target's tiles per kind in
    singles/pairs and in groups of 3+ (exposed groups taken out), ``rack`` the
    naturals per kind. Naturals go to singles and pairs first, then to groups;
    jokers fill the largest shortfalls of groups of 3+ first (then the lower
    tile). Returns ``needs`` and ``unused`` as ``[n, 36]`` counts (jokers last).
    """
    small = small.astype(np.int16)
    groups = groups.astype(np.int16)
    rack = np.asarray(rack, dtype=np.int16)[:NATURAL_KINDS]
    in_small = np.minimum(rack, small)
    spare = rack - in_small
    in_groups = np.minimum(spare, groups)
    short = groups - in_groups
    # jokers, largest shortfall first: sort kinds by (-short, kind), hand them out cumulatively
    order = np.argsort(-short * 64 + np.arange(NATURAL_KINDS), axis=1, kind="stable")
    sorted_short = np.take_along_axis(short, order, axis=1)
    before = np.cumsum(sorted_short, axis=1) - sorted_short
    used_sorted = np.clip(jokers - before, 0, sorted_short)
    used = np.zeros_like(short)
    np.put_along_axis(used, order, used_sorted, axis=1)
    count = len(small)
    needs = np.zeros((count, NUM_KINDS), dtype=np.int16)
    unused = np.zeros((count, NUM_KINDS), dtype=np.int16)
    needs[:, :NATURAL_KINDS] = small - in_small + short - used
    unused[:, :NATURAL_KINDS] = spare - in_groups
    unused[:, Tile.JOKER] = jokers - used.sum(axis=1)
    return needs, unused


def needs_and_unused(
    small: list[int], groups: list[int], rack: list[int], jokers: int
) -> tuple[list[int], list[int]]:
    """:func:`needs_and_unused_many` for one target, with lists in and out."""
    needs, unused = needs_and_unused_many(np.array([small]), np.array([groups]), np.array(rack), jokers)
    return needs[0].tolist(), unused[0].tolist()


def closest(
    card: "Card",
    hand: HandLike,
    n: int | None = 10,
    exposures: Iterable[ExposureLike] = (),
    visible: str | Iterable | None = None,
    dead: str = "mark",
) -> "pandas.DataFrame":
    """The lines nearest to a rack (13 or 14 tiles with the exposures), nearest first.

    One row per line that the exposures still allow (no concealed line once a
    group is exposed; each exposure must be one whole group of the line),
    sorted by ``distance`` (tiles still missing, jokers counted where they may
    stand), then higher ``value``, then card order; the first ``n`` rows
    (``n=None`` for all). ``hand`` is the nearest concrete hand, ``needs`` the
    tiles it still needs and ``unused`` the rack tiles it does not use (what to
    pass or discard), both in the concrete notation.

    ``visible`` lists tiles out of play (discards and other players'
    exposures): hands that need more of a tile than remain are dead. A line is
    dead when all its hands are; ``dead="mark"`` flags such lines in the
    ``dead`` column, ``dead="drop"`` leaves them out.
    """
    import pandas as pd

    if dead not in ("mark", "drop"):
        raise ValueError(f"dead must be 'mark' or 'drop', not {dead!r}")
    rack_hand, parsed = read_position(hand, exposures, sizes=(13, 14))
    compiled = card.compiled()
    rack = counts_of(rack_hand)
    live = None
    if visible is not None:
        seen = visible_counts(visible)
        own = rack.copy()
        for e in parsed:
            own += np.asarray(e.counts(), dtype=np.int16)
        over = np.flatnonzero(seen + own > np.asarray(COPIES))
        if len(over):
            tile = Tile(int(over[0]))
            raise HandError(
                f"visible tiles and the player's own hold {int(seen[over[0]] + own[over[0]])} {tile.notation};"
                f" a set holds only {COPIES[tile]}"
            )
        live = compiled.live(seen, parsed)
    lines, distance, nearest, is_dead = nearest_hands(compiled, rack, parsed, live)
    if dead == "drop":
        keep = ~is_dead
        lines, distance, nearest, is_dead = lines[keep], distance[keep], nearest[keep], is_dead[keep]
    order = np.lexsort((lines, -compiled.line_value[lines], distance))
    if n is not None:
        order = order[:n]

    exposed = np.zeros(NATURAL_KINDS, dtype=np.int16)
    for e in parsed:
        exposed[e.tile] += e.size
    shown_hands = nearest[order]
    shown_lines = [compiled.lines[i] for i in lines[order]]
    needs, unused = needs_and_unused_many(
        compiled.small[shown_hands], compiled.big[shown_hands] - exposed, rack, int(rack[Tile.JOKER])
    )
    rows = {
        "category": [line.category for line in shown_lines],
        "line": [line.number for line in shown_lines],
        "distance": distance[order].astype(np.int64),
        "value": compiled.line_value[lines[order]].astype(np.int64),
        "concealed": compiled.line_concealed[lines[order]],
        "mjcl": [line.mjcl for line in shown_lines],
        "hand": [str(compiled.hands[h]) for h in shown_hands],
        "needs": [format_tile_counts(row) for row in needs.tolist()],
        "unused": [format_tile_counts(row) for row in unused.tolist()],
        "dead": is_dead[order],
    }
    return pd.DataFrame(rows)  # the dict keeps COLUMNS' order
