"""Handouts for class: questions on paper (PNG or PDF) with their positions, card lines and room to
answer, and a separate answer key.

Each question is drawn as a block: its number and prompt, the rack as tile
pictures (exposures on green after it), the tiles seen on the table, the card
lines involved in their printed colours (as on :mod:`mjlearn.render.printable`'s
card), and ruled lines to write the answer on. A question asked at a game
(:meth:`Question.from_game <mjlearn.lessons.Question.from_game>`) shows the
table instead of a heap of seen tiles: each seat's exposures and its discards
in the order thrown, with the discard that may still be called framed in red.
A block never splits across pages unless it is taller than a page. The answer
key draws each question's rack small, the best answer, the other good answers
(and other spellings of the answer, where the key has them) and why.

Pages are laid out once (:func:`handout_layout`) and drawn two ways. A PNG is
pixels. A PDF carries every word as real text over a picture of the tiles and
rules: it can be searched, selected and read aloud by a screen reader, and each
row of tiles carries its notation (``"FF 222B 444B"``) as invisible text, so a
reader hears the rack too. Large print (``Handout(..., large_print=True)``)
sets every word at 18 points or more and draws bigger tiles. The same questions
always give the same pixels and the same PDF bytes.

>>> from mjlearn.lessons import Handout, Question
>>> sheet = Handout("Practice", [Question("discard", "What do you throw?", rack="FF 222B 444B 666B 8B N S")])
>>> pages = handout_pages(sheet, dpi=50)
>>> len(pages), pages[0].size
(1, (425, 550))
>>> handout_layout(sheet, dpi=50)[0].words()[:3]
['Practice', 'Name', 'Date']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..render.layout import INK, line_segments, mark_text
from ..render.printable import page_size

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image, ImageFont

    from ..analysis.position import Exposure
    from ..card import Line
    from ..hands import Hand
    from ..tiles import Tile
    from .questions import Handout, Question, TableSnapshot

__all__ = ["PrintSizes", "NORMAL_PRINT", "LARGE_PRINT", "TextRun", "HandoutPage", "handout_layout", "handout_pages",
           "save_handout", "save_pages", "question_html"]


@dataclass(frozen=True)
class PrintSizes:
    """The sizes of a handout's parts, in points (1/72 inch): words, tiles, columns and gaps."""

    title: float
    text: float
    """The prompt, and the answer in the key."""
    small: float
    """Notes under the answer, a card line's name and value, a seat's name."""
    label: float
    """The muted labels over each part ("Rack", "Card lines") and the footer."""
    tile: float
    """The rack's tiles on the handout."""
    key_tile: float
    """The rack's tiles in the answer key."""
    seen: float
    """Tiles seen on the table: discards, the other seats' exposures."""
    set: float
    """A card line's sets, as printed on the card."""
    min_set: float
    """The least a long card line's sets shrink to before they go on to a second row."""
    name_column: float
    """The room left of a card line (or a seat's tiles) for its name; 0 puts the name on a row of its own."""
    mark_column: float
    """The room right of a card line for its mark and value ("X 25")."""
    answer_gap: float
    """The height of each ruled line to write an answer on."""
    margin_x: float = 42
    margin_top: float = 40
    margin_bottom: float = 48

    def smallest_word(self) -> float:
        """The smallest size any word of the page is set in."""
        return min(self.title, self.text, self.small, self.label, self.min_set)


NORMAL_PRINT = PrintSizes(title=20, text=11.5, small=9, label=8, tile=34, key_tile=22, seen=22, set=13, min_set=7,
                          name_column=92, mark_column=48, answer_gap=20)
"""The usual handout."""

LARGE_PRINT = PrintSizes(title=28, text=20, small=18, label=18, tile=44, key_tile=36, seen=34, set=20, min_set=18,
                         name_column=0, mark_column=64, answer_gap=36, margin_x=36)
"""Large print: no word under 18 points, bigger tiles (``Handout(..., large_print=True)``)."""

_MUTED, _RULE, _EXPOSED, _NOTE = "#5c5c5c", "#c8c8c8", "#e3eedc", "#3d3d3d"
_LIVE = INK["red"]
_BLOCK_GAP = 16
_SEATS = ("East", "South", "West", "North")


# -- fonts ---------------------------------------------------------------------------------------------------

@lru_cache(maxsize=2)
def font_file(bold: bool = False) -> str:
    """The handout's font: DejaVu Sans (bold or not), the file matplotlib carries. PNG and PDF set the same
    font, so the words sit where the layout measured them."""
    from importlib.util import find_spec

    from ..errors import BundledDataError

    spec = find_spec("matplotlib")
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    for folder in folders:
        path = Path(folder) / "mpl-data" / "fonts" / "ttf" / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
        if path.is_file():
            return str(path)
    raise BundledDataError("the handout's font (DejaVu Sans, from matplotlib's data) was not found: reinstall"
                           " matplotlib")


@lru_cache(maxsize=256)
def _font(pixels: float, bold: bool) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(font_file(bold), max(1.0, pixels))


@lru_cache(maxsize=256)
def _tile(tile: int, height: int) -> Image.Image:
    from ..render.tileart import tile_image

    return tile_image(tile, height)


# -- what a page holds -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TextRun:
    """A piece of text on a page: where its baseline starts (``x``, ``y`` in pixels from the page's top left),
    its size in points, ink, weight and alignment (``"left"``: ``x`` is where it starts; ``"right"``: where it
    ends). A ``hidden`` run is not drawn: it is the notation of the tiles under it, for the PDF's text layer."""

    x: float
    y: float
    text: str
    points: float
    colour: str = INK["black"]
    bold: bool = False
    align: str = "left"
    hidden: bool = False


@dataclass(frozen=True)
class _Tiles:
    x: int
    y: int
    tile: int
    height: int


@dataclass(frozen=True)
class _Box:
    box: tuple[int, int, int, int]
    fill: str | None = None
    outline: str | None = None
    width: int = 1
    radius: int = 0


@dataclass(frozen=True)
class _Rule:
    points: tuple[tuple[int, int], tuple[int, int]]
    fill: str
    width: int


_Op = _Tiles | _Box | _Rule | TextRun


def _moved(op: _Op, dx: int, dy: int) -> _Op:
    if isinstance(op, _Tiles):
        return _Tiles(op.x + dx, op.y + dy, op.tile, op.height)
    if isinstance(op, _Box):
        x0, y0, x1, y1 = op.box
        return _Box((x0 + dx, y0 + dy, x1 + dx, y1 + dy), op.fill, op.outline, op.width, op.radius)
    if isinstance(op, _Rule):
        (x0, y0), (x1, y1) = op.points
        return _Rule(((x0 + dx, y0 + dy), (x1 + dx, y1 + dy)), op.fill, op.width)
    return TextRun(op.x + dx, op.y + dy, op.text, op.points, op.colour, op.bold, op.align, op.hidden)


@dataclass(frozen=True)
class HandoutPage:
    """One page laid out: its size in pixels at ``dpi``, and what is drawn on it in order (tiles, boxes, rules
    and :class:`TextRun` words)."""

    size: tuple[int, int]
    dpi: int
    ops: tuple[_Op, ...] = field(repr=False)

    @property
    def runs(self) -> list[TextRun]:
        """The page's words in reading order, the tiles' hidden notation among them."""
        return [op for op in self.ops if isinstance(op, TextRun)]

    def words(self) -> list[str]:
        """The text of every run a reader sees (the hidden notation left out), in reading order."""
        return [run.text for run in self.runs if not run.hidden]

    def image(self, words: bool = True) -> Image.Image:
        """The page as an RGB image; ``words=False`` leaves the words out (the PDF sets them as text)."""
        from PIL import Image, ImageDraw

        page = Image.new("RGB", self.size, "#ffffff")
        draw = ImageDraw.Draw(page)
        for op in self.ops:
            if isinstance(op, _Tiles):
                face = _tile(op.tile, op.height)
                page.paste(face, (op.x, op.y), face)
            elif isinstance(op, _Box):
                if op.radius:
                    draw.rounded_rectangle(op.box, radius=op.radius, fill=op.fill, outline=op.outline, width=op.width)
                else:
                    draw.rectangle(op.box, fill=op.fill, outline=op.outline, width=op.width)
            elif isinstance(op, _Rule):
                draw.line(op.points, fill=op.fill, width=op.width)
            elif words and not op.hidden:
                draw.text((op.x, op.y), op.text, font=_font(op.points * self.dpi / 72, op.bold), fill=op.colour,
                          anchor="rs" if op.align == "right" else "ls")
        return page


class _Canvas:
    """A question's block (or a page's frame) being laid out: tiles, boxes, rules and words with their places
    in pixels, and sizes taken from :class:`PrintSizes`."""

    def __init__(self, dpi: int, sizes: PrintSizes):
        self.dpi, self.sizes = dpi, sizes
        self.ops: list[_Op] = []

    def px(self, points: float) -> int:
        return max(1, round(points * self.dpi / 72))

    def font(self, points: float, bold: bool = False) -> ImageFont.FreeTypeFont:
        return _font(points * self.dpi / 72, bold)

    def length(self, text: str, points: float, bold: bool = False) -> float:
        return self.font(points, bold).getlength(text)

    def line_height(self, points: float) -> int:
        return self.px(points * 1.3)

    def text(self, x: float, y: float, text: str, points: float, colour: str = INK["black"], bold: bool = False,
             anchor: str = "top", align: str = "left") -> None:
        """A word or a line of words; ``y`` is its top (``anchor="top"``), its baseline or its bottom."""
        ascent, descent = self.font(points, bold).getmetrics()
        baseline = y + ascent if anchor == "top" else y - descent if anchor == "bottom" else y
        self.ops.append(TextRun(round(x), round(baseline), text, points, colour, bold, align))

    def hidden(self, x: float, y: float, text: str, points: float) -> None:
        """The notation of the tiles ``points`` high drawn from (``x``, ``y``): text for the PDF's text layer
        (on the row's middle line, where a name beside the row stands), never drawn."""
        size = self.sizes.label
        ascent, descent = self.font(size).getmetrics()
        self.ops.append(TextRun(round(x), round(y + (self.px(points) + ascent - descent) / 2), text, size,
                                hidden=True))

    def wrap(self, text: str, points: float, width: float, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels (a long word stays whole)."""
        lines: list[str] = []
        for paragraph in str(text).splitlines() or [""]:
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if line and self.length(trial, points, bold) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def paragraph(self, x: int, y: int, text: str, points: float, width: float, colour: str = INK["black"],
                  bold: bool = False) -> int:
        """Wrapped text from its top at ``y``; returns the y below it."""
        for line in self.wrap(text, points, width, bold):
            self.text(x, y, line, points, colour, bold)
            y += self.line_height(points)
        return y

    def label(self, x: int, y: int, text: str, width: float) -> int:
        """A muted label over a part of the block; returns the y below it."""
        return self.paragraph(x, y, text, self.sizes.label, width, _MUTED) + self.px(2)

    def tiles(self, x: int, y: int, tiles: Iterable[Tile], points: float, right: int, grouped: bool = True,
              framed: int | None = None) -> tuple[int, int]:
        """Tiles in a row from (``x``, ``y``) (a small gap between kinds when ``grouped``), going on to a new
        row at ``right``; the tile at place ``framed`` gets a red frame. Returns the y below the last row and
        the x after the last tile."""
        height = self.px(points)
        gap = self.px(points * 0.22)
        left, previous = x, None
        for place, tile in enumerate(tiles):
            width = _tile(int(tile), height).width
            if grouped and previous is not None and tile != previous:
                x += gap
            if x + width > right and x > left:
                x, y = left, y + height + gap
            self.ops.append(_Tiles(x, y, int(tile), height))
            if place == framed:
                pad = self.px(2)
                self.ops.append(_Box((x - pad, y - pad, x + width + pad, y + height + pad), outline=_LIVE,
                                     width=self.px(2), radius=pad))
            x += width + 1
            previous = tile
        return y + height, x

    def tiles_width(self, tiles: Sequence[Tile], points: float) -> int:
        height = self.px(points)
        return sum(_tile(int(t), height).width + 1 for t in tiles)


# -- the parts of a question ---------------------------------------------------------------------------------

def _exposed(c: _Canvas, x: int, y: int, groups: Sequence[Exposure], points: float, right: int,
             label: bool = True) -> tuple[int, int]:
    """Exposed groups on green from (``x``, ``y``), a gap between groups, "exposed" under them when ``label``;
    returns the y below and the x after the box."""
    tiles = [t for group in groups for t in group.tiles()]
    gap = c.px(points * 0.22)
    height, pad = c.px(points), c.px(3)
    width = c.tiles_width(tiles, points) + gap * (len(groups) - 1)
    width = min(width, right - x - 2 * pad)
    c.hidden(x, y, "exposed: " + ", ".join(str(group) for group in groups), points)
    box = len(c.ops)
    cursor, top, bottom = x, y, y + height
    for group in groups:
        size = c.tiles_width(group.tiles(), points)
        if cursor > x and cursor + size > x + width:
            cursor, top = x, top + height + gap
        bottom, cursor = c.tiles(cursor, top, group.tiles(), points, right, grouped=False)
        cursor += gap
    c.ops.insert(box, _Box((x - pad, y - pad, x + width + pad, bottom + pad), fill=_EXPOSED, radius=pad * 2))
    if label:
        c.text(x, bottom + pad * 2, "exposed", c.sizes.label, _MUTED)
        bottom += pad * 2 + c.line_height(c.sizes.label)
    return bottom + pad, x + width + pad


def _rack(c: _Canvas, x: int, y: int, rack: Hand, exposures: Sequence[Exposure], points: float, right: int) -> int:
    """The rack and, on green after it (or under it, where the row is full), its exposures; returns the y below."""
    c.hidden(x, y, str(rack), points)
    bottom, end = c.tiles(x, y, rack.tiles(), points, right)
    if exposures:
        tiles = [t for group in exposures for t in group.tiles()]
        start = end + c.px(14)
        if start + c.tiles_width(tiles, points) + c.px(points * 0.22) * len(exposures) + c.px(8) > right:
            start, y = x, bottom + c.px(8)
        bottom = max(bottom, _exposed(c, start, y, exposures, points, right)[0])
    return bottom


def _table(c: _Canvas, x: int, y: int, table: TableSnapshot, right: int) -> int:
    """Who threw what: a row per seat with its exposures (the student's are with the rack) and its discards in
    the order thrown, the live discard framed; returns the y below."""
    s = c.sizes
    wall = f"{table.wall_left} tiles left in the wall" if table.wall_left != 1 else "1 tile left in the wall"
    y = c.label(x, y, f"The table: discards in the order thrown, exposures on green ({wall})", right - x)
    live = table.live
    names = [_SEATS[seat] + (" (you)" if seat == table.seat else "") + (", dead hand" if seat in table.dead else "")
             for seat in range(4)]
    column = round(max(c.length(name, s.small, True) for name in names)) + c.px(s.small)
    column = column if column <= (right - x) / 3 else 0
    ascent, descent = c.font(s.small, True).getmetrics()
    for seat, name in enumerate(names):
        groups = table.exposures[seat] if seat != table.seat else ()
        thrown = table.discards_of(seat)
        row_top = y + c.px(3)
        if column:  # the name beside the row, centred on the tiles
            c.text(x, row_top + (c.px(s.seen) + ascent - descent) // 2, name, s.small, bold=True, anchor="baseline")
            start = x + column
        else:
            c.text(x, row_top, name, s.small, bold=True)
            row_top += c.line_height(s.small)
            start = x
        bottom, cursor = row_top + c.px(s.seen), start
        if groups:
            bottom, cursor = _exposed(c, start, row_top, groups, s.seen, right, label=False)
            bottom -= c.px(3)
            cursor += c.px(10)
        if thrown:
            framed = len(thrown) - 1 if live is not None and live[0] == seat else None
            if cursor > start and cursor + c.tiles_width(thrown, s.seen) > right:
                cursor, row_top = start, bottom + c.px(6)
            c.hidden(cursor, row_top, f"{_SEATS[seat]} threw: " + " ".join(t.notation for t in thrown), s.seen)
            bottom = max(bottom, c.tiles(cursor, row_top, thrown, s.seen, right, grouped=False, framed=framed)[0])
        elif not groups:
            c.text(cursor, row_top + (c.px(s.seen) + ascent - descent) // 2, "no discards yet", s.label, _MUTED,
                   anchor="baseline")
        y = bottom + c.px(4)
    if live is not None:
        y += c.px(2)
        y = c.paragraph(x, y, f"Live discard (framed): {live[1].notation}, thrown by {_SEATS[live[0]]}; it may"
                              " still be called.", s.small, right - x, _LIVE, bold=True)
    return y


def _name_column(c: _Canvas, lines: Sequence[Line], width: int) -> int:
    """The room for the card lines' names left of their sets: the widest name's, or 0 (each name on a row of its
    own) in large print or where the names would take more than a third of the width."""
    if not c.sizes.name_column:
        return 0
    widest = max(c.length(f"{line.category} #{line.number}", c.sizes.small) for line in lines) + c.px(10)
    return 0 if widest > width / 3 else max(c.px(c.sizes.name_column), round(widest))


def _card_line(c: _Canvas, x: int, y: int, line: Line, right: int, column: int) -> int:
    """One card line as the printed card shows it: name (in a ``column`` of that many pixels, or above when it is
    0), coloured sets (a second row if they do not fit), mark and value; returns the y below."""
    s = c.sizes
    name = f"{line.category} #{line.number}"
    if column:
        start = x + column
    else:
        c.text(x, y, name, s.small, _MUTED)
        y += c.line_height(s.small)
        start = x
    limit = right - c.px(s.mark_column)
    words: list[list[tuple[str, str, bool]]] = []  # each word of the line: its runs (text, ink, is "or")
    for index, segments in enumerate(line_segments(line)):
        if index:
            words.append([("or", _MUTED, True)])
        words += [[(text, INK[ink], False) for text, ink in segment.runs] for segment in segments]

    def width(word: list[tuple[str, str, bool]], points: float) -> float:
        return sum(c.length(text, points * 0.7 if small else points, not small) for text, _, small in word)

    def total(points: float) -> float:
        return sum(width(word, points) for word in words) + c.length(" ", points, True) * (len(words) - 1)

    size = s.set
    while size > s.min_set and total(size) > limit - start:
        size = max(s.min_set, size - 0.5)
    space = c.length(" ", size, True)
    baseline = y + c.font(size, True).getmetrics()[0] + c.px(2)
    if column:
        c.text(x, baseline, name, s.small, _MUTED, anchor="baseline")
    c.text(right, baseline, mark_text(line), s.small + 1, bold=True, anchor="baseline", align="right")
    cursor: float = start
    for word in words:
        if cursor > start and cursor + width(word, size) > limit:
            cursor, baseline = start, baseline + c.px(size * 1.35)
        for text, ink, small in word:
            c.text(cursor, baseline, text, size * 0.7 if small else size, ink, bold=not small, anchor="baseline")
            cursor += c.length(text, size * 0.7 if small else size, not small)
        cursor += space
    return baseline + c.px(size * 0.5)


@dataclass(frozen=True)
class _Part:
    ops: tuple[_Op, ...]
    height: int


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _answer_options(question: Question) -> tuple[str, ...]:
    """The options a choice or call question is answered with, as its buttons show them (a student on paper
    circles one or writes its letter, which the question's check reads too); none for the other kinds."""
    if getattr(question, "kind", "") not in ("choice", "call"):
        return ()
    return tuple(str(option) for option in getattr(question, "options", ()))[:len(_LETTERS)]


def _question_parts(question: Question, number: int, dpi: int, sizes: PrintSizes, width: int,
                    key: bool) -> list[_Part]:
    """One question as parts laid out from (0, 0) each, in order: prompt and rack (and the tiles seen), the table,
    the card lines with the room to answer (or the key's answer). A page breaks only between parts."""
    parts: list[_Part] = []
    c = _Canvas(dpi, sizes)
    s = sizes
    indent = c.px(s.text * 2)
    right = width - 1

    def close(y: int) -> None:
        nonlocal c
        parts.append(_Part(tuple(c.ops), y))
        c = _Canvas(dpi, sizes)

    c.text(0, 0, f"{number}.", s.text, bold=True)
    y = c.paragraph(indent, 0, question.prompt, s.text, right - indent, bold=True) + c.px(4)
    table = getattr(question, "table", None)
    if question.rack is not None:
        where = f"Your rack ({_SEATS[table.seat]})" if table is not None else "Rack"
        y = c.label(indent, y, where, right - indent)
        y = _rack(c, indent, y, question.rack, question.exposures, s.key_tile if key else s.tile, right) + c.px(6)
    if not key and table is not None:
        close(y)
        y = _table(c, indent, 0, table, right) + c.px(4)
    elif question.visible and not key:
        y = c.label(indent, y, "Seen on the table (discards and others' exposures)", right - indent)
        c.hidden(indent, y, " ".join(t.notation for t in question.visible), s.seen)
        y = c.tiles(indent, y, question.visible, s.seen, right, grouped=False)[0] + c.px(6)
    if question.lines and not key:
        close(y)
        y = c.label(indent, 0, "Card lines", right - indent)
        column = _name_column(c, question.lines, right - indent)
        for line in question.lines:
            y = _card_line(c, indent, y, line, right, column)
        y += c.px(4)
    options = _answer_options(question)
    if options and not key:
        close(y)
        y = c.label(indent, 0, "Choose one (circle it, or write its letter)", right - indent)
        mark = round(c.length("W.  ", s.text))
        for letter, option in zip(_LETTERS, options):
            c.text(indent, y, f"{letter}.", s.text, bold=True)
            y = c.paragraph(indent + mark, y, option, s.text, right - indent - mark)
        y += c.px(2)
    if key:
        entry = question.key()
        y = c.paragraph(indent, y, f"Answer: {entry.answer}", s.text, right - indent, bold=True)
        notes = []
        if entry.also:
            notes.append(f"Also good: {', '.join(entry.also)}")
        spellings = getattr(entry, "spellings", ())
        if spellings:
            notes.append(f"Other ways to write it: {', '.join(spellings)}")
        if entry.why:
            notes.append(f"Why: {entry.why}")
        for note in notes:
            y = c.paragraph(indent, y, note, s.small + 1, right - indent, _NOTE)
    else:
        for row in range(2):
            y += c.px(s.answer_gap)
            start = indent
            if row == 0:
                c.text(indent, y - c.px(3), "Answer:", s.small, _MUTED, anchor="baseline")
                start += round(c.length("Answer: ", s.small))
            c.ops.append(_Rule(((start, y), (right, y)), _RULE, c.px(0.6)))
        y += c.px(4)
    close(y)
    return parts


# -- pages ---------------------------------------------------------------------------------------------------------

def handout_layout(handout: Handout, dpi: int = 150, key: bool = False) -> list[HandoutPage]:
    """The handout (or, with ``key=True``, its answer key) laid out on portrait pages: what each page draws."""
    sizes = LARGE_PRINT if getattr(handout, "large_print", False) else NORMAL_PRINT
    width, height = page_size(handout.paper, dpi)
    c = _Canvas(dpi, sizes)
    left, right = c.px(sizes.margin_x), width - c.px(sizes.margin_x)
    top, bottom = c.px(sizes.margin_top), height - c.px(sizes.margin_bottom)
    title = handout.title + (" - answer key" if key else "")
    title_points = sizes.title  # a long title is set smaller (down to the text's size), then on several lines
    while title_points > sizes.text and c.length(title, title_points, True) > right - left:
        title_points -= 0.5
    title_lines = c.wrap(title, title_points, right - left, bold=True)
    rule_y = top + c.px(sizes.title * 1.2) + (len(title_lines) - 1) * c.line_height(title_points) + c.px(4)

    pages: list[list[_Op]] = [[]]
    y = rule_y + c.px(sizes.text * 2 if key else sizes.text * 4)
    gap = c.px(_BLOCK_GAP)
    for number, question in enumerate(handout.questions, 1):
        parts = _question_parts(question, number, dpi, sizes, right - left, key)
        whole = sum(part.height for part in parts)
        if pages[-1] and y + whole > bottom and whole <= bottom - top:
            pages.append([])
            y = top
        for part in parts:  # (only a block taller than a page breaks between its parts)
            if pages[-1] and y + part.height > bottom:
                pages.append([])
                y = top
            pages[-1] += [_moved(op, left, y) for op in part.ops]
            y += part.height
        y += gap

    laid = []
    for number, placed in enumerate(pages, 1):
        head, foot = _Canvas(dpi, sizes), _Canvas(dpi, sizes)
        if number == 1:
            for row, words in enumerate(title_lines):
                above = (len(title_lines) - 1 - row) * c.line_height(title_points)
                head.text(left, rule_y - c.px(4) - above, words, title_points, bold=True, anchor="bottom")
            head.ops.append(_Box((left, rule_y, right - 1, rule_y + c.px(1.2) - 1), fill=INK["black"]))
            if not key:
                line_y = rule_y + c.px(sizes.text * 2.4)
                date_x = right - round(c.length("Date", sizes.text)) - c.px(sizes.text * 8)
                head.text(left, line_y, "Name", sizes.text, _MUTED, anchor="baseline")
                head.text(date_x, line_y, "Date", sizes.text, _MUTED, anchor="baseline")
                for start, end in ((left + round(c.length("Name ", sizes.text)), date_x - c.px(12)),
                                   (date_x + round(c.length("Date ", sizes.text)), right)):
                    head.ops.append(_Rule(((start, line_y + c.px(1)), (end, line_y + c.px(1))), _RULE, c.px(0.6)))
        footer = height - c.px(sizes.margin_bottom) + c.px(12)
        foot.ops.append(_Rule(((left, footer), (right, footer)), _RULE, 1))
        foot.text(left, footer + c.px(4), handout.title, sizes.label, _MUTED)
        foot.text(right, footer + c.px(4), f"Page {number} of {len(pages)}", sizes.label, _MUTED, align="right")
        laid.append(HandoutPage((width, height), dpi, tuple(head.ops + placed + foot.ops)))
    return laid


def handout_pages(handout: Handout, dpi: int = 150, key: bool = False) -> list[Image.Image]:
    """The handout (or, with ``key=True``, its answer key) on portrait pages, as RGB images."""
    return [page.image() for page in handout_layout(handout, dpi, key)]


def save_handout(handout: Handout, path: str | Path, dpi: int = 150, key: bool = False) -> list[Path]:
    """Write the handout (or its key) to ``path`` atomically: a PDF with a text layer, or PNG files
    (``name-1.png``... when there are several pages). Returns the paths written."""
    from ..atomic import output_path, write_atomically

    target = output_path(path, (".pdf", ".png"))
    pages = handout_layout(handout, dpi, key)
    if target.suffix.lower() == ".pdf":
        title = handout.title + (" - answer key" if key else "")
        return [write_atomically(target, lambda out: write_pdf(pages, out, title))]
    return save_pages([page.image() for page in pages], target, dpi, handout.title)


def write_pdf(pages: Sequence[HandoutPage], out: BinaryIO, title: str) -> None:
    """Pages as a PDF: each page's pictures (tiles, boxes, rules) as one image at its dpi, and its words as
    text in the handout's font (embedded), the tiles' notation invisible over them. The PDF carries the
    title and no date, so the same pages give the same bytes."""
    import matplotlib
    import numpy as np
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties

    fonts = {bold: FontProperties(fname=font_file(bold)) for bold in (False, True)}
    metadata = {"Title": title, "Creator": "mjlearn", "Producer": "mjlearn", "CreationDate": None,
                "ModDate": None}
    with matplotlib.rc_context({"pdf.fonttype": 42, "text.usetex": False}), PdfPages(out, metadata=metadata) as pdf:
        for page in pages:
            width, height = page.size
            figure = Figure(figsize=(width / page.dpi, height / page.dpi), dpi=page.dpi)
            axes = figure.add_axes((0, 0, 1, 1))
            axes.set_axis_off()
            axes.set_xlim(0, width)
            axes.set_ylim(height, 0)
            axes.imshow(np.asarray(page.image(words=False)), extent=(0, width, height, 0), interpolation="none",
                        aspect="auto")
            for run in page.runs:
                axes.text(run.x, run.y, run.text, fontproperties=fonts[run.bold], fontsize=run.points,
                          color=run.colour, ha=run.align, va="baseline", parse_math=False,
                          alpha=0.0 if run.hidden else None)
            pdf.savefig(figure)


def save_pages(pages: list[Image.Image], path: str | Path, dpi: int, title: str) -> list[Path]:
    """Write page images to ``path`` atomically: one PDF (pictures only: :func:`save_handout` writes a handout's
    PDF with its words as text), or PNG files (``name-1.png``... when there are several). Returns the paths
    written. A PDF carries ``title`` and no date, so the same pages give the same bytes."""
    from ..atomic import output_path, write_atomically

    target = output_path(path, (".pdf", ".png"))
    if target.suffix.lower() == ".pdf":
        def write_images(out: BinaryIO) -> None:
            pages[0].save(out, "PDF", save_all=True, append_images=pages[1:], resolution=float(dpi),
                          title=title, producer="mjlearn", creationDate=None, modDate=None)

        return [write_atomically(target, write_images)]
    names = [target] if len(pages) == 1 else [target.with_name(f"{target.stem}-{n}{target.suffix}")
                                               for n in range(1, len(pages) + 1)]
    for page, name in zip(pages, names):
        def write_png(out: BinaryIO, page: Image.Image = page) -> None:
            page.save(out, "PNG", dpi=(dpi, dpi))

        write_atomically(name, write_png)
    return names


# -- notebook display ---------------------------------------------------------------------------------------

def _table_html(table: TableSnapshot, height: int) -> str:
    """Who threw what, as HTML: a row per seat, exposures on green, discards in order, the live one framed."""
    from ..render.html import tile_html, tiles_html

    live = table.live
    rows = []
    for seat in range(4):
        name = _SEATS[seat] + (" (you)" if seat == table.seat else "") + (", dead hand" if seat in table.dead else "")
        groups = table.exposures[seat] if seat != table.seat else ()
        exposed = "".join(f'<span title="exposed" style="display:inline-flex;padding:2px;margin-right:6px;'
                          f'background:#e3eedc;border-radius:4px">{tiles_html(g.tiles(), height)}</span>'
                          for g in groups)
        thrown = table.discards_of(seat)
        faces = [tile_html(t, height) for t in thrown]
        if live is not None and live[0] == seat and faces:
            faces[-1] = (f'<span title="live discard" style="display:inline-flex;outline:3px solid {_LIVE};'
                         f'outline-offset:1px;border-radius:3px;margin-left:3px">{faces[-1]}</span>')
        shown = exposed + "".join(faces) or '<span style="color:#666">no discards yet</span>'
        rows.append(f'<tr><td style="padding:2px 8px 2px 0;font-weight:bold;white-space:nowrap">{escape(name)}</td>'
                    f'<td style="padding:2px 0"><div style="display:flex;flex-wrap:wrap;align-items:center;'
                    f'line-height:0">{shown}</div></td></tr>')
    note = ""
    if live is not None:
        note = (f'<div style="color:{_LIVE};font-weight:bold;margin-top:4px">Live discard (framed):'
                f' {live[1].notation}, thrown by {_SEATS[live[0]]}; it may still be called.</div>')
    return ('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">The table: discards in the order thrown,'
            f' exposures on green ({table.wall_left} tiles left in the wall)</div>'
            f'<table style="border-collapse:collapse">{"".join(rows)}</table>{note}')


def question_html(question: Question, number: int | None = None) -> str:
    """A question in a notebook: the prompt, the rack (exposures on green), the table or the tiles seen, the card
    lines, and a choice or call question's options, lettered as a student may answer them.

    >>> from mjlearn.lessons import Question
    >>> q = Question("choice", "A wrong dead call at a home game?", options=["dispute", "caller dead"],
    ...              answer="dispute")
    >>> "<b>B.</b> caller dead" in question_html(q), q.check("b").correct
    (True, False)
    """
    from ..hands import Hand
    from ..render.html import TILE_HEIGHT, _FONT, _PAPER, hand_html, pattern_html, tiles_html

    head = f"{number}. " if number is not None else ""
    parts = [f'<div style="font-weight:bold;margin:2px 0 6px">{head}{escape(question.prompt)}</div>']
    table = getattr(question, "table", None)
    if question.rack is not None:
        exposed = [Hand(group.tiles()) for group in question.exposures]
        parts.append(hand_html(question.rack, exposed, TILE_HEIGHT + 8))
    if table is not None:
        parts.append(_table_html(table, TILE_HEIGHT - 8))
    elif question.visible:
        parts.append('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">Seen on the table</div>'
                     f'<div style="display:flex;flex-wrap:wrap">{tiles_html(question.visible, TILE_HEIGHT)}</div>')
    if question.lines:
        rows = "".join(
            f'<tr style="{_PAPER}"><td style="padding:2px 8px;color:#666;white-space:nowrap">'
            f"{escape(line.category)} #{line.number}</td><td style=\"padding:2px 8px\">{pattern_html(line)}</td>"
            f'<td style="padding:2px 8px;font-weight:bold">{mark_text(line)}</td></tr>' for line in question.lines)
        parts.append('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">Card lines</div>'
                     f'<table style="border-collapse:collapse">{rows}</table>')
    options = _answer_options(question)
    if options:
        items = "".join(f'<li style="margin:1px 0"><b>{letter}.</b> {escape(option)}</li>'
                        for letter, option in zip(_LETTERS, options))
        parts.append('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">Choose one</div>'
                     f'<ul style="list-style:none;padding-left:4px;margin:0">{items}</ul>')
    return f'<div style="{_FONT}{_PAPER}padding:6px 8px;margin:4px 0;border:1px solid #ddd;border-radius:6px">' \
           f'{"".join(parts)}</div>'
