"""HTML for notebooks: tiles, hands, card lines, categories, cards and analysis results.

Everything here is plain HTML with inline styles (no scripts, no external
files), and deterministic: the same object always gives the same text, so
notebook outputs can be compared. Tiles are the SVG faces of
:mod:`mjlearn.render.tileart`, embedded as data URIs.

>>> import mjlearn as mj
>>> html = line_html(mj.parse_line("FF 2222 + r4444 = 6666 (Any 2 Suits)"), hands=1)
>>> "#18794e" in html and "#c4262e" in html and "Any 2 Suits" in html
True
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from ..tiles import Tile, parse_tiles
from .layout import INK, line_segments, mark_text, notes_text
from ..wording import counted

if TYPE_CHECKING:  # pragma: no cover
    import pandas

    from ..analysis.matching import Win
    from ..card import Card, Category, Line
    from ..hands import ConcreteHand, Hand
    from ..rules.game import Game

__all__ = [
    "TILE_HEIGHT",
    "tile_uri",
    "pattern_html",
    "tile_html",
    "tiles_html",
    "hand_html",
    "group_faces",
    "concrete_hand_html",
    "line_html",
    "category_html",
    "card_html",
    "joker_label",
    "wins_html",
    "closest_html",
    "game_html",
]

TILE_HEIGHT = 40
"""Default height of a tile image in notebook output, in CSS pixels."""

_FONT = "font-family: 'DejaVu Sans', Arial, sans-serif;"
_PAPER = "background:#fffdf8;color:#222222;"
"""Every rich display sits on its own paper with its own ink, so it reads the same in a light or dark theme.
Table rows carry it too: notebook themes colour rows (striped, and on hover) from their own palette."""
_SET_FONT = "font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-weight: bold;"


@lru_cache(maxsize=None)
def tile_uri(tile: int) -> str:
    """A tile's SVG face as a ``data:`` URI (built once per tile)."""
    from .tileart import tile_svg

    data = base64.b64encode(tile_svg(Tile(tile)).encode("utf-8")).decode("ascii")
    return f"data:image/svg+xml;base64,{data}"


def tile_html(tile: Tile | int, height: int = TILE_HEIGHT) -> str:
    """One tile face as an ``<img>``, with its name as the text alternative."""
    tile = Tile(tile)
    width = round(height * 0.75)
    name = escape(tile.long_name)
    return (
        f'<img src="{tile_uri(int(tile))}" alt="{name}" title="{name}" width="{width}" height="{height}"'
        ' style="display:inline-block;vertical-align:middle;margin:0 1px;border:0">'
    )


def tiles_html(tiles: Iterable[Tile | int], height: int = TILE_HEIGHT) -> str:
    """Tiles in a row, in the order given."""
    return "".join(tile_html(t, height) for t in tiles)


def _row(inner: str, wrap: bool = True) -> str:
    flow = "wrap" if wrap else "nowrap"
    return f'<div style="display:flex;flex-wrap:{flow};align-items:center;gap:0;line-height:0">{inner}</div>'


def _group(inner: str, last: bool = False) -> str:
    gap = "0" if last else "8px"
    return f'<span style="display:inline-flex;margin-right:{gap}">{inner}</span>'


def hand_html(hand: "Hand", exposures: Sequence["Hand"] = (), height: int = TILE_HEIGHT) -> str:
    """A rack (tiles grouped by kind, flowers first, jokers last) and, after a divider, its exposures."""
    kinds: dict[Tile, int] = {}
    for tile in hand.tiles():
        kinds[tile] = kinds.get(tile, 0) + 1
    groups = [tiles_html([t] * n, height) for t, n in kinds.items()]
    inner = "".join(_group(g, i == len(groups) - 1) for i, g in enumerate(groups))
    if exposures:
        shown = "".join(_group(tiles_html(e.tiles(), height)) for e in exposures)
        inner += (
            f'<span style="display:inline-block;width:2px;height:{height}px;background:#999;color:#999;margin:0 10px"></span>'
            f'<span title="exposed" style="display:inline-flex;padding:2px;background:#eef3ea;color:#222222;border-radius:4px">'
            f"{shown}</span>"
        )
    return _row(inner)


def group_faces(hand: "ConcreteHand", jokers: Sequence[int] | None = None) -> list[list[Tile]]:
    """The tiles of each group of a card hand; ``jokers`` (one count per group of 3+) puts that
    many jokers at the end of each such group, as they stand in a win.

    >>> import mjlearn as mj
    >>> hand = mj.parse_line("FF 222 444 666 888").hands()[0]
    >>> [" ".join(t.notation for t in g) for g in group_faces(hand, [1, 0, 0, 0])][:2]
    ['F F', '2B 2B J']
    """
    faces, big = [], 0
    for tile, size in hand.tile_groups():
        group = [tile] * size
        if size >= 3 and jokers is not None:
            n = jokers[big]
            big += 1
            group = [tile] * (size - n) + [Tile.JOKER] * n
        faces.append(group)
    return faces


def concrete_hand_html(hand: "ConcreteHand", height: int = TILE_HEIGHT, jokers: Sequence[int] | None = None) -> str:
    """A card hand, its groups spaced apart; ``jokers`` (per group of 3+) shows jokers standing in them."""
    groups = group_faces(hand, jokers)
    return _row("".join(_group(tiles_html(g, height), i == len(groups) - 1) for i, g in enumerate(groups)))


def pattern_html(line: "Line", size: str = "1.15em") -> str:
    """A line's sets as the card prints them, coloured by suit (alternatives joined by "or")."""
    patterns = []
    for segments in line_segments(line):
        spans = ["".join(f'<span style="color:{INK[ink]}">{escape(text)}</span>' for text, ink in s.runs) for s in segments]
        patterns.append("&#160;".join(spans))
    joiner = '<span style="color:#777;font-weight:normal;font-size:0.8em">&#160;or&#160;</span>'
    return f'<span style="{_SET_FONT}font-size:{size};white-space:nowrap">{joiner.join(patterns)}</span>'


def _line_cells(line: "Line") -> str:
    """A line's cells after its number: sets, notes, mark and value, hands (all given by its MJCL)."""
    notes = notes_text(line)
    count = line.count_hands()
    return (
        f'<td style="padding:3px 8px;text-align:left">{pattern_html(line)}</td>'
        f'<td style="padding:3px 8px;text-align:left;color:#333;font-size:0.9em">{escape(notes)}</td>'
        f'<td style="padding:3px 8px;text-align:right;white-space:nowrap;font-weight:bold">{mark_text(line)}</td>'
        f'<td style="padding:3px 8px;text-align:right;color:#666;white-space:nowrap">'
        f'{counted(count, "hand")}</td>'
    )


def _line_row(line: "Line", number: bool = True, cells: dict[str, str] | None = None) -> str:
    if cells is None:
        shown = _line_cells(line)
    else:
        shown = cells.get(line.mjcl)
        if shown is None:
            shown = cells[line.mjcl] = _line_cells(line)
    place = f'<td style="padding:3px 8px;color:#666;text-align:right">{line.number}</td>' if number else ""
    return f'<tr style="{_PAPER}border-bottom:1px solid #ddd">{place}{shown}</tr>'


def line_html(line: "Line", hands: int = 3, height: int = TILE_HEIGHT) -> str:
    """A card line as printed (colours, notes, mark and value) and its first ``hands`` concrete hands."""
    where = f"{escape(line.category)} #{line.number}" if line.category else "Line"
    table = f'<table style="border-collapse:collapse;margin:0">{_line_row(line, number=False)}</table>'
    shown = line.hands()[:hands]
    rows = "".join(f'<div style="margin:4px 0">{concrete_hand_html(h, height)}</div>' for h in shown)
    more = line.count_hands() - len(shown)
    if more > 0:
        rows += f'<div style="color:#666;margin:2px 0">... and {more} more</div>'
    return (
        f'<div style="{_FONT}{_PAPER}margin:4px 0;padding:2px 4px"><div style="color:#666;font-size:0.85em">{where}</div>'
        f"{table}{rows}</div>"
    )


def _category_rows(category: "Category", cells: dict[str, str] | None = None) -> str:
    count = category.count_hands()
    head = (
        f'<tr style="{_PAPER}"><th colspan="5" style="text-align:left;padding:6px 8px;background:#f1efe8;color:#222222;'
        f'border-top:2px solid #bbb">{escape(category.name)}'
        f'<span style="font-weight:normal;color:#666;margin-left:12px">{counted(count, "hand")}</span>'
        "</th></tr>"
    )
    return head + "".join(_line_row(line, cells=cells) for line in category.lines)


def category_html(category: "Category") -> str:
    """A category as a printed card shows it, with hand counts."""
    return f'<table style="{_FONT}{_PAPER}border-collapse:collapse">{_category_rows(category)}</table>'


def card_html(card: "Card", cells: dict[str, str] | None = None) -> str:
    """A whole card as a printed card shows it, with hand counts per line and category.

    ``cells``, a dict the caller keeps between calls, remembers each line's
    drawing by its MJCL (which decides it): a card drawn again after a small
    change (an editor's keystroke) draws only the lines that changed.

    >>> import mjlearn as mj
    >>> card, cells = mj.load_card("basic1"), {}
    >>> card_html(card, cells) == card_html(card), len(cells) == len(card.lines)
    (True, True)
    """
    bonus = f' <span style="font-weight:normal;color:#666">(Big Card bonus +{card.bonus})</span>' if card.bonus else ""
    title = (
        f'<div style="font-size:1.3em;font-weight:bold;margin:4px 0">{escape(card.name)}{bonus}</div>'
        f'<div style="color:#666;margin-bottom:6px">{counted(len(card.categories), "category")},'
        f' {counted(len(card.lines), "line")}, {counted(card.count_hands(), "hand")}</div>'
    )
    body = "".join(_category_rows(c, cells) for c in card.categories)
    return f'<div style="{_FONT}{_PAPER}padding:2px 4px">{title}<table style="border-collapse:collapse">{body}</table></div>'


def joker_label(win: "Win") -> str:
    """How a win used jokers: "2 jokers", "jokerless", or none possible (a hand with no group of 3+)."""
    if not any(size >= 3 for _, size in win.realised.tile_groups()):
        return "no jokers (no group of 3+)"
    return "jokerless" if win.jokerless else counted(win.jokers_used, "joker")


def wins_html(wins: Sequence["Win"], height: int = TILE_HEIGHT) -> str:
    """The lines a hand wins with: each line, its value, and the hand with its jokers in place."""
    if not wins:
        return f'<div style="{_FONT}{_PAPER}color:#666">No winning line.</div>'
    rows = []
    for win in wins:
        jokers = [fill.jokers for fill in win.group_fills]
        label = joker_label(win)
        rows.append(
            f'<tr style="{_PAPER}border-bottom:1px solid #ddd"><td style="padding:4px 8px">{escape(win.category)}'
            f" #{win.number}</td><td style=\"padding:4px 8px\">{pattern_html(win)}</td>"
            f'<td style="padding:4px 8px;font-weight:bold">{mark_text(win)}</td>'
            f'<td style="padding:4px 8px">{concrete_hand_html(win.realised, height, jokers)}</td>'
            f'<td style="padding:4px 8px;color:#666">{label}</td></tr>'
        )
    return f'<table style="{_FONT}{_PAPER}border-collapse:collapse">{"".join(rows)}</table>'


def _notation_html(text: str, height: int) -> str:
    """Tiles written in the concrete notation, each token of it a group spaced from the next."""
    tokens = text.split()
    groups = "".join(_group(tiles_html(parse_tiles(t), height), i == len(tokens) - 1) for i, t in enumerate(tokens))
    return _row(groups, wrap=False)


def closest_html(table: "pandas.DataFrame", height: int = 40) -> str:
    """A :meth:`Card.closest <mjlearn.card.Card.closest>` table with tiles for the hand, needs and unused.

    Where a line has no place for a joker of the rack (its ``not_usable`` column), a last column,
    "jokers it can't use", shows those jokers; it is left out when no row has any.
    """
    jokers = "not_usable" in table.columns and any(table["not_usable"])
    names = ("line", "distance", "value", "nearest hand", "needs", "unused") + (("jokers it can't use",) if jokers else ())
    head = "".join(f'<th style="padding:4px 8px;text-align:left">{escape(name)}</th>' for name in names)
    rows = []
    for row in table.itertuples(index=False):
        dead = ' <span style="color:#c4262e">dead</span>' if getattr(row, "dead", False) else ""
        concealed = " C" if row.concealed else ""
        spare = f"<td style=\"padding:4px 8px\">{_notation_html(row.not_usable, height)}</td>" if jokers else ""
        rows.append(
            f'<tr style="{_PAPER}border-bottom:1px solid #ddd">'
            f'<td style="padding:4px 8px;white-space:nowrap">{escape(str(row.category))} #{row.line}{dead}</td>'
            f'<td style="padding:4px 8px;text-align:right;font-weight:bold">{row.distance}</td>'
            f'<td style="padding:4px 8px;text-align:right">{row.value}{concealed}</td>'
            f"<td style=\"padding:4px 8px\">{_notation_html(row.hand, height)}</td>"
            f"<td style=\"padding:4px 8px\">{_notation_html(row.needs, height)}</td>"
            f"<td style=\"padding:4px 8px\">{_notation_html(row.unused, height)}</td>{spare}</tr>"
        )
    return f'<table style="{_FONT}{_PAPER}border-collapse:collapse"><tr style="{_PAPER}">{head}</tr>{"".join(rows)}</table>'


def game_html(game: "Game", height: int = 40) -> str:
    """A game as the table looks now: each rack (exposures on green, dead hands marked), the
    discards oldest first, whose move it is and the tiles left in the wall.

    Everyone's rack is shown, as a teacher walking round the table would see them.
    """
    from ..hands import Hand
    from ..rules.setup import SEATS

    rows = []
    for seat in range(4):
        exposed = [Hand(exposure.tiles()) for exposure in game.exposures[seat]]
        dead = ' <b style="color:#c4262e">dead</b>' if seat in game.dead else ""
        rows.append(
            f'<tr style="{_PAPER}"><td style="text-align:left;padding:2px 10px;white-space:nowrap"><b>{SEATS[seat]}</b>{dead}</td>'
            f'<td style="text-align:left;padding:2px 10px">{hand_html(game.racks[seat], exposed, height)}</td></tr>'
        )
    discards = tiles_html([tile for _, tile in game.discards], round(height * 0.8)) or "none yet"
    return (
        f'<div style="{_FONT}{_PAPER}padding:2px 4px"><p style="margin:4px 0"><b>{escape(game.status())}</b> &middot; '
        f"{game.wall_left} tiles left in the wall</p>"
        f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
        f'<p style="margin:4px 0">Discards, oldest first:</p>'
        f'<div style="display:flex;flex-wrap:wrap;gap:1px">{discards}</div></div>'
    )
