"""How far a rack is from every line: ``card.closest(hand)``.

>>> import mjlearn as mj
>>> card = mj.load_card("basic1")
>>> table = card.closest("FF 222B 444B 666B 88B", n=3)
>>> table[["category", "line", "distance", "needs", "unused"]].values.tolist()
[['2468', 1, 1, '8B', ''], ['Singles & Pairs', 1, 6, '11B 33B 55B', '2B 4B 6B 88B'], ['Singles & Pairs', 2, 8, '11B 33B 55B NN', 'FF 2B 4B 6B 88B']]

A joker goes only into a group of 3 or more: where the nearest hand has no such group left to
fill, the joker is ``not_usable`` for that line, never ``unused`` (a joker cannot be passed in
the Charleston, and it is the last tile anyone discards):

>>> table = card.closest("FF 22B 44B 66B 88B 11B 3B J", n=2)
>>> table[["category", "distance", "unused", "not_usable"]].values.tolist()
[['Singles & Pairs', 3, '88B', 'J'], ['2468', 3, '11B 3B', '']]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..errors import HandError
from ..hands import HandLike
from ..resources import as_card
from ..tiles import COPIES, FORMAT_ORDER, NUM_KINDS, Tile, as_tile, parse_tiles, tile_token
from .arguments import choice_argument, count_argument, flag_argument, ruleset_argument
from ..engine.compiled import NATURAL_KINDS, CompiledCard, counts_of, exposed_counts
from ..engine.memo import Memo
from .position import Exposure, ExposureLike, read_position

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..card import Card

__all__ = ["closest", "nearest_lines", "closest_table", "NearestLines", "nearest_hands", "seen_and_unseen", "needs_and_unused", "needs_and_unused_many", "visible_counts", "COLUMNS"]

COLUMNS = ["category", "line", "distance", "value", "concealed", "mjcl", "hand", "needs", "unused", "not_usable",
           "dead"]
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
        if isinstance(visible, (dict, bytes)) or not isinstance(visible, Iterable):
            from ..errors import ArgumentError

            raise ArgumentError(f"visible must be None, tile notation, a list of tiles or 36 counts, not {visible!r}"
                                f" ({type(visible).__name__})")
        items = list(visible)
        if len(items) == NUM_KINDS and all(isinstance(x, (int, np.integer)) and not isinstance(x, Tile) for x in items):
            counts[:] = items
        else:
            for tile in items:
                counts[as_tile(tile)] += 1
    if (counts < 0).any():
        raise HandError("visible tile counts cannot be negative")
    return counts


def seen_and_unseen(visible, rack: np.ndarray, exposures: tuple[Exposure, ...]) -> tuple[np.ndarray, np.ndarray]:
    """The tiles seen (:func:`visible_counts`) and those the player has not seen (the 152 minus the rack,
    the player's exposures and the seen tiles), as 36 counts each; refuses more of a tile than the set has.
    """
    seen = visible_counts(visible)
    own = np.asarray(rack, dtype=np.int16).copy()
    for e in exposures:
        own += np.asarray(e.counts(), dtype=np.int16)
    over = np.flatnonzero(seen + own > np.asarray(COPIES))
    if len(over):
        tile = Tile(int(over[0]))
        raise HandError(
            f"visible tiles and the player's own hold {int(seen[over[0]] + own[over[0]])} {tile.notation};"
            f" a set holds only {COPIES[tile]}"
        )
    return seen, np.asarray(COPIES, dtype=np.int16) - own - seen


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
        distance = compiled.rack_distances(rack)
        starts, lines = compiled.line_start, compiled.line_index
    key = np.multiply(distance, _SHIFT, dtype=np.int64)
    key += index
    if live is None:
        best = np.minimum.reduceat(key, starts)
        dead = np.zeros(len(best), dtype=bool)
    else:
        key += np.where(live[index], 0, 64 * _SHIFT)  # any live hand beats every dead one
        best = np.minimum.reduceat(key, starts)
        dead = best >= 64 * _SHIFT
        best %= 64 * _SHIFT
    distance, nearest = np.divmod(best, _SHIFT)
    return lines, distance, nearest, dead


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
    count = len(small)
    rack = np.asarray(rack, dtype=np.int16)[:NATURAL_KINDS]
    in_small = np.minimum(rack, small)
    spare = rack - in_small
    in_groups = np.minimum(spare, groups)
    short = groups - in_groups  # what groups of 3+ lack after the naturals
    needs = np.zeros((count, NUM_KINDS), dtype=np.int16)
    unused = np.zeros((count, NUM_KINDS), dtype=np.int16)
    np.add(small - in_small, short, out=needs[:, :NATURAL_KINDS])
    np.subtract(spare, in_groups, out=unused[:, :NATURAL_KINDS])
    unused[:, Tile.JOKER] = jokers
    if jokers and count:
        # each joker in turn fills the largest shortfall left (argmax: the lower tile first), whole, as far
        # as they go; a filled shortfall is marked -1, below any left
        rows = np.arange(count)
        left = jokers
        for turn in range(jokers):
            kind = short.argmax(axis=1)
            used = np.minimum(left, short[rows, kind])
            needs[rows, kind] -= used
            left = left - used
            if turn == jokers - 1 or not left.any():
                break
            short[rows, kind] = -1
        unused[:, Tile.JOKER] = left
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
    ruleset=None,
    partial: bool = False,
) -> "pandas.DataFrame":
    """The lines nearest to a rack (13 or 14 tiles with the exposures), nearest first.

    One row per line that the exposures still allow (no concealed line once a
    group is exposed; each exposure must be one whole group of the line),
    sorted by ``distance`` (tiles still missing, jokers counted where they may
    stand), then higher ``value``, then card order; the first ``n`` rows
    (``n=None`` for all). ``hand`` is the nearest concrete hand, ``needs`` the
    tiles it still needs and ``unused`` the natural rack tiles it does not use
    (what to pass or discard), both in the concrete notation. ``not_usable``
    holds the jokers that hand has no place for (``"J"``, ``"JJ"``...): a joker
    stands only in a group of 3 or more, so a line of singles and pairs, or one
    whose groups are already full, cannot use it. A joker is never ``unused``.

    ``visible`` lists tiles out of play (discards and other players'
    exposures): hands that need more of a tile than remain are dead. A line is
    dead when all its hands are; ``dead="mark"`` flags such lines in the
    ``dead`` column, ``dead="drop"`` leaves them out. ``ruleset`` (default
    NMJL) can widen which hands count: MAHJ-X lets runs go downwards.

    ``partial=True`` accepts a rack still being built (0-14 tiles with the
    exposures): ``distance`` is then the tiles still missing from the nearest
    hand, which for a full rack is the same number.

    >>> import mjlearn as mj
    >>> table = mj.load_card("basic1").closest("FF 222B 444B", n=1, partial=True)
    >>> table[["category", "line", "distance", "needs"]].values.tolist()
    [['2468', 1, 6, '666B 888B']]
    """
    card = as_card(card)
    dead = choice_argument("dead", dead, ("mark", "drop"))
    n = count_argument("n", n, allow_none=True)
    partial = flag_argument("partial", partial)
    ruleset = ruleset_argument(ruleset)
    rack_hand, parsed = read_position(hand, exposures, sizes=None if partial else (13, 14))
    compiled = card.compiled(ruleset)
    rack = counts_of(rack_hand)
    live = None
    if visible is not None:
        seen, _ = seen_and_unseen(visible, rack, parsed)
        live = compiled.live(seen, parsed)
    return closest_table(compiled, nearest_lines(compiled, rack, parsed, live, n, drop_dead=dead == "drop"))


class NearestLines(NamedTuple):
    """The lines nearest to a rack as plain arrays, nearest first: what :func:`closest` shows, before any table.

    ``line`` indexes ``compiled.lines``, ``hand`` ``compiled.hands`` (each line's
    nearest hand); ``needs`` and ``unused`` are ``[n, 36]`` tile counts (``unused``
    natural tiles only: its joker column is 0), ``not_usable`` the rack's jokers
    that each nearest hand has no group of 3 or more left to hold.
    """

    line: np.ndarray
    distance: np.ndarray
    hand: np.ndarray
    dead: np.ndarray
    needs: np.ndarray
    unused: np.ndarray
    not_usable: np.ndarray


def nearest_lines(
    compiled: CompiledCard,
    rack: np.ndarray,
    exposures: tuple[Exposure, ...] = (),
    live: np.ndarray | None = None,
    n: int | None = None,
    drop_dead: bool = False,
) -> NearestLines:
    """The ``n`` lines (all with ``None``) nearest to one rack (``[36]`` counts, already checked), in
    :func:`closest`'s order: by distance, then higher value, then card order. No pandas.

    >>> import mjlearn as mj
    >>> compiled = mj.load_card("basic1").compiled()
    >>> found = nearest_lines(compiled, counts_of(mj.Hand("FF 222B 444B 666B 88B")), n=2)
    >>> found.distance.tolist(), [str(compiled.hands[h]) for h in found.hand]
    ([1, 6], ['FF 222B 444B 666B 888B', 'FF 11B 22B 33B 44B 55B 66B'])
    """
    lines, distance, nearest, is_dead = nearest_hands(compiled, rack, exposures, live)
    if drop_dead:
        keep = ~is_dead
        lines, distance, nearest, is_dead = lines[keep], distance[keep], nearest[keep], is_dead[keep]
    order = np.lexsort((lines, -compiled.line_value[lines], distance))
    if n is not None:
        order = order[:n]
    hands = nearest[order]
    needs, unused = _needs_and_unused_shown(compiled, hands, rack, exposures)
    # the jokers left after every group of 3+ is filled: the line has no place for them (not "unused":
    # a joker is never passed in the Charleston, and it is the last tile a player discards)
    not_usable = unused[:, Tile.JOKER].astype(np.int64)
    unused[:, Tile.JOKER] = 0
    return NearestLines(lines[order], distance[order], hands, is_dead[order], needs, unused, not_usable)


def closest_table(compiled: CompiledCard, found: NearestLines) -> "pandas.DataFrame":
    """:func:`closest`'s DataFrame (:data:`COLUMNS`) from :func:`nearest_lines`' arrays, built in one step.

    The columns go into three new 2-D arrays, one per type (whole numbers, yes/no, text), which become the
    table's three blocks as they are: through pandas' public block constructor
    (``pandas.api.internals.create_dataframe_from_blocks``, pandas 3) or, on older pandas, the ordinary
    constructor. Every array is new: nothing a caller changes in one table reaches the card's cache or the
    next table. Text columns are ``object`` columns of ``str``.
    """
    text = _text_columns(compiled)
    lines, count = found.line, len(found.line)
    numbers = np.empty((3, count), dtype=np.int64)
    numbers[0], numbers[1], numbers[2] = text["line"][lines], found.distance, text["value"][lines]
    flags = np.empty((2, count), dtype=bool)
    flags[0], flags[1] = text["concealed"][lines], found.dead
    words = np.empty((6, count), dtype=object)
    words[0], words[1], words[2] = text["category"][lines], text["mjcl"][lines], text["hand"][found.hand]
    if count:
        strings = _format_rows(np.concatenate([found.needs, found.unused]))  # counts of at most 14 tiles
        words[3], words[4] = strings[:count], strings[count:]
        words[5] = _JOKER_TOKENS.take(found.not_usable)
    return _table_from_blocks(((numbers, _NUMBER_PLACES), (flags, _FLAG_PLACES), (words, _WORD_PLACES)), count)


_NUMBER_PLACES = np.array([1, 2, 3])  # line, distance, value
_FLAG_PLACES = np.array([4, 10])  # concealed, dead
_WORD_PLACES = np.array([0, 5, 6, 7, 8, 9])  # category, mjcl, hand, needs, unused, not_usable


def _table_from_blocks(blocks, count: int) -> "pandas.DataFrame":
    """A :class:`~mjlearn.analysis.table.ClosestTable` of :data:`COLUMNS` from ``(array, places)`` blocks:
    each array ``[columns, rows]`` of one type, ``places`` its columns' places in :data:`COLUMNS`."""
    import pandas as pd

    from .table import ClosestTable

    if _from_blocks is None:  # pandas 2: the ordinary constructor, column by column
        columns = {COLUMNS[place]: array[row] for array, places in blocks for row, place in enumerate(places)}
        return ClosestTable({name: columns[name] for name in COLUMNS}, copy=False)
    return ClosestTable(_from_blocks(list(blocks), index=pd.RangeIndex(count), columns=_column_index()))


try:  # public since pandas 3.0
    from pandas.api.internals import create_dataframe_from_blocks as _from_blocks
except ImportError:  # pragma: no cover - exercised by the pandas 2 run of the CI matrix
    _from_blocks = None


@lru_cache(maxsize=1)
def _column_index():
    import pandas as pd

    return pd.Index(list(COLUMNS))


def _needs_and_unused_shown(compiled: CompiledCard, hands: np.ndarray, rack: np.ndarray, exposures):
    """Needs and unused for the shown hands; a wild exposure takes, per hand, the reading that needs least."""
    jokers = int(rack[Tile.JOKER])
    if not exposures:
        return needs_and_unused_many(compiled.small[hands], compiled.big[hands], rack, jokers)
    if not any(e.is_wild for e in exposures):
        return needs_and_unused_many(compiled.small[hands], compiled.big[hands] - exposed_counts(exposures), rack,
                                     jokers)
    readings = [(reading, compiled.allowed(reading)) for reading in compiled.wild_readings(exposures)]
    needs_rows, unused_rows = [], []
    for h in hands:
        best = None
        for reading, allowed in readings:
            if not allowed[h]:
                continue
            needs, unused = needs_and_unused_many(
                compiled.small[h : h + 1], compiled.big[h : h + 1] - exposed_counts(reading), rack, jokers
            )
            if best is None or needs.sum() < best[0].sum():
                best = (needs, unused)
        needs_rows.append(best[0][0])
        unused_rows.append(best[1][0])
    # np.array([]) would be 1-D: no shown hand (every line ruled out) must still give [0, 36] rows
    width = len(rack)
    return (np.array(needs_rows, dtype=np.int16).reshape(-1, width),
            np.array(unused_rows, dtype=np.int16).reshape(-1, width))


def format_count_rows(counts: np.ndarray) -> list[str]:
    """:func:`~mjlearn.tiles.format_tile_counts` for each row of ``[n, 36]`` counts at once.

    >>> from mjlearn import Hand
    >>> format_count_rows(np.array([Hand("FF 2B J").counts, Hand("").counts]))
    ['FF 2B J', '']
    """
    counts = np.asarray(counts, dtype=np.int64)
    if not len(counts):
        return []
    if counts.max() < _TOKEN_SIZES:  # every token ready in the table
        return _format_rows(counts)
    return [" ".join(tile_token(kind, int(row[kind])) for kind in FORMAT_ORDER if row[kind]) for row in counts.tolist()]


def _format_rows(counts: np.ndarray) -> list[str]:
    """:func:`format_count_rows` for ``[n, 36]`` integer counts from 0 to 14 (unchecked).

    Each row's counts in :data:`~mjlearn.tiles.FORMAT_ORDER` become places in :data:`_TOKENS`; the
    tokens of the counts not 0 and every row's joker token (the last, which ends the row with a line
    break) are joined into one text, split at the line breaks.
    """
    codes = counts.take(_FORMAT_ORDER, axis=1)
    keep = codes != 0
    keep[:, -1] = True
    codes += _TOKEN_START
    text = "".join(_TOKENS.take(codes[keep]).tolist())
    return text.replace(" \n", "\n").split("\n")[:-1]


_TOKEN_SIZES = 15
_FORMAT_ORDER = np.array(FORMAT_ORDER)
_TOKENS = np.array([tile_token(kind, n) + " " if n else "" for kind in FORMAT_ORDER[:-1] for n in range(_TOKEN_SIZES)]
                   + [tile_token(Tile.JOKER, n) + "\n" if n else "\n" for n in range(_TOKEN_SIZES)], dtype=object)
"""The token of ``n`` tiles (``n < 15``) of each kind in :data:`~mjlearn.tiles.FORMAT_ORDER` at ``15 * place + n``:
with a space after it, but the joker's (last) with the end of a row (``\\n``), even for none."""
_TOKEN_START = (np.arange(NUM_KINDS) * _TOKEN_SIZES).astype(np.int16)
_JOKER_TOKENS = np.array([tile_token(Tile.JOKER, n) for n in range(COPIES[Tile.JOKER] + 1)], dtype=object)
"""The ``not_usable`` text of ``n`` jokers at place ``n``: ``""``, ``"J"``, ``"JJ"``..."""


TEXT_COLUMNS = Memo("closest text columns", maxsize=1)
"""Per compiled card, the columns :func:`_text_columns` builds."""


def _text_columns(compiled: CompiledCard) -> dict:
    """The card's per-line and per-hand columns, ready to take rows from, built once per card (:data:`TEXT_COLUMNS`).

    ``category``, ``mjcl`` (per line) and ``hand`` (per hand) are numpy arrays of ``str`` objects;
    ``line``, ``value`` and ``concealed`` numpy arrays per line.
    """
    return TEXT_COLUMNS.get(compiled, None, lambda: {
        "category": np.array([line.category for line in compiled.lines], dtype=object),
        "line": np.array([line.number for line in compiled.lines], dtype=np.int64),
        "value": compiled.line_value.astype(np.int64),
        "concealed": np.asarray(compiled.line_concealed, dtype=bool),
        "mjcl": np.array([line.mjcl for line in compiled.lines], dtype=object),
        "hand": np.array([str(hand) for hand in compiled.hands], dtype=object),
    })
