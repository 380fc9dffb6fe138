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

__all__ = ["closest", "nearest_hands", "needs_and_unused", "visible_counts", "COLUMNS"]

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
    else:
        index = np.arange(compiled.num_hands)
        distance = compiled.hand_distances(rack[None, :])[0]
    if len(index) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty, np.zeros(0, dtype=bool)
    key = distance.astype(np.int64) * _SHIFT + index
    if live is not None:
        key += np.where(live[index], 0, 64 * _SHIFT)  # any live hand beats every dead one
    lines = compiled.line_of[index]
    starts = np.flatnonzero(np.r_[True, lines[1:] != lines[:-1]])
    best = np.minimum.reduceat(key, starts)
    dead = best >= 64 * _SHIFT
    best = best % (64 * _SHIFT)
    return lines[starts], best // _SHIFT, best % _SHIFT, dead


def needs_and_unused(
    small: list[int], groups: list[int], rack: list[int], jokers: int
) -> tuple[list[int], list[int]]:
    """Tiles still needed and rack tiles left over, for one target.

    ``small`` and ``groups`` are the target's tiles per kind in singles/pairs
    and in groups of 3+ (exposed groups already taken out), ``rack`` the
    naturals per kind. Naturals go to singles and pairs first; jokers fill the
    largest shortfalls of groups of 3+ first (then the lower tile). Both lists
    have 36 entries (jokers last).
    """
    needs = [0] * NUM_KINDS
    unused = [0] * NUM_KINDS
    short_groups = [0] * NATURAL_KINDS
    for k in range(NATURAL_KINDS):
        in_small = min(rack[k], small[k])
        spare = rack[k] - in_small
        in_groups = min(spare, groups[k])
        needs[k] = small[k] - in_small
        short_groups[k] = groups[k] - in_groups
        unused[k] = spare - in_groups
    for k in sorted(range(NATURAL_KINDS), key=lambda k: (-short_groups[k], k)):
        if not short_groups[k]:
            break
        used = min(jokers, short_groups[k])
        jokers -= used
        needs[k] += short_groups[k] - used
    unused[Tile.JOKER] = jokers
    return needs, unused


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

    exposed = [0] * NATURAL_KINDS
    for e in parsed:
        exposed[e.tile] += e.size
    rack_list = rack.tolist()
    rows = {column: [] for column in COLUMNS}
    for i in order:
        line = compiled.lines[lines[i]]
        h = int(nearest[i])
        groups = [g - x for g, x in zip(compiled.big[h].tolist(), exposed)]
        needs, unused = needs_and_unused(compiled.small[h].tolist(), groups, rack_list, rack_list[Tile.JOKER])
        rows["category"].append(line.category)
        rows["line"].append(line.number)
        rows["distance"].append(int(distance[i]))
        rows["value"].append(line.value)
        rows["concealed"].append(line.concealed)
        rows["mjcl"].append(line.mjcl)
        rows["hand"].append(str(compiled.hands[h]))
        rows["needs"].append(format_tile_counts(needs))
        rows["unused"].append(format_tile_counts(unused))
        rows["dead"].append(bool(is_dead[i]))
    return pd.DataFrame(rows, columns=COLUMNS)
