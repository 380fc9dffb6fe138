"""A card printed on paper: pages laid out like an annual Mah Jongg card.

:func:`card_pages` draws the card as Pillow images, one per page: the card's
name as a title, each category as a bold header band, each line on its own row
with its sets in their colours, its notes under them and its mark and value
("X 25", "C 50") in a column on the right. A category written ``"^Name"`` in
MJCL starts a new page; a page that fills up goes on to the next one, where the
category's header is repeated with "(cont.)". :func:`save_card_pdf` and
:func:`save_card_png` write the pages to files (``mjlearn render`` on the
command line).

The only font is the one Pillow carries (``ImageFont.load_default``), so a page
looks the same on every computer, and drawing the same card twice gives the
same pixels.

>>> import mjlearn as mj
>>> pages = card_pages(mj.load_card("basic1"), dpi=40)
>>> len(pages), pages[0].size, pages[0].mode
(2, (340, 440), 'RGB')
>>> page_size("a4", 72)
(595, 842)
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ArgumentError
from ..resources import as_card
from .layout import INK, line_segments, mark_text, notes_text

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image, ImageDraw, ImageFont

    from ..card import Card, Category, Line

__all__ = ["PAPER_SIZES", "page_size", "card_pages", "card_page_count", "save_card_pdf", "save_card_png"]

PAPER_SIZES = {"letter": (8.5, 11.0), "a4": (210 / 25.4, 297 / 25.4)}
"""Portrait paper sizes in inches."""

MIN_DPI, MAX_DPI = 30, 1200

# Greys of the card besides the inks of layout.INK.
_PAPER = "#ffffff"
_TEXT = INK["black"]
_NOTE = "#3d3d3d"
_MUTED = "#6b6b6b"
_RULE = "#c8c8c8"
_BAND = "#e6e0d2"
_BAND_EDGE = "#8a826f"

# Sizes in points (1/72 inch); scaled by dpi / 72 when drawn.
_MARGIN_X = 40
_MARGIN_TOP = 38
_MARGIN_BOTTOM = 46
_TITLE = 26
_BONUS = 11
_HEADER = 12.5
_HEADER_BAND = 19
_CATEGORY_GAP = 8
_SET = 15.5
_OR = 9
_NOTE_SIZE = 9
_MARK = 12.5
_NUMBER = 7.5
_SMALL = 7.5
_ROW_PAD_TOP = 5
_ROW_PAD_BOTTOM = 3.5
_NOTE_GAP = 2
_NUMBER_GUTTER = 16
_MARK_COLUMN = 50
_SET_GAP = 0.55  # space between sets, in ems of the set font
_BOLD = 0.04  # stroke of bold text, in ems


def page_size(paper: str = "letter", dpi: int = 150) -> tuple[int, int]:
    """The pixel size ``(width, height)`` of a portrait page of ``paper`` ("letter" or "a4") at ``dpi``."""
    key = str(paper).lower()
    if key not in PAPER_SIZES:
        raise ArgumentError(f"unknown paper {paper!r}; use one of {', '.join(PAPER_SIZES)}")
    if not isinstance(dpi, int) or isinstance(dpi, bool) or not MIN_DPI <= dpi <= MAX_DPI:
        raise ArgumentError(f"dpi must be a whole number from {MIN_DPI} to {MAX_DPI}, not {dpi!r}")
    width, height = PAPER_SIZES[key]
    return round(width * dpi), round(height * dpi)


@lru_cache(maxsize=128)
def _font(size_px: int) -> "ImageFont.FreeTypeFont":
    from PIL import ImageFont

    return ImageFont.load_default(size=max(1, size_px))


_REPLACEMENTS = {
    "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-",
    "\u2212": "-", "\u00d7": "x", "\u00b7": "-", "\u2026": "...", "\u00a0": " ",
}


def _plain(text: str) -> str:
    """``text`` in the characters the bundled font draws (it has little beyond ASCII)."""
    text = "".join(_REPLACEMENTS.get(ch, ch) for ch in text)
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if not unicodedata.combining(ch))


@dataclass(frozen=True)
class _Place:
    kind: str  # "title", "header" or "row"
    y: int
    item: object = None
    cont: bool = False


class _Painter:
    """Sizes in pixels for one dpi, and the drawing of each part of a page."""

    def __init__(self, card: "Card", dpi: int, paper: str, scale: float = 1.0):
        self.card = card
        self.dpi = dpi
        self.scale = scale
        self.width, self.height = page_size(paper, dpi)
        self.left = self.px(_MARGIN_X)
        self.right = self.width - self.px(_MARGIN_X)
        self.top = self.px(_MARGIN_TOP)
        self.bottom = self.height - self.px(_MARGIN_BOTTOM)
        self.pattern_left = self.left + self.px(_NUMBER_GUTTER)
        self.pattern_right = self.right - self.px(_MARK_COLUMN)
        self.set_px = self.spx(_SET)
        self.note_px = self.spx(_NOTE_SIZE)
        has_notes = any(notes_text(line) for line in card.lines)
        self.set_baseline = self.spx(_ROW_PAD_TOP) + self.cap(self.set_px)
        if has_notes:
            self.note_baseline = self.set_baseline + self.spx(_NOTE_GAP) + self.descent(self.set_px) + self.cap(self.note_px)
            self.row_height = self.note_baseline + self.descent(self.note_px) + self.spx(_ROW_PAD_BOTTOM)
        else:
            self.note_baseline = self.set_baseline
            self.row_height = self.set_baseline + self.descent(self.set_px) + self.spx(_ROW_PAD_BOTTOM)
        self.band_height = self.spx(_HEADER_BAND)
        self.category_gap = self.spx(_CATEGORY_GAP)
        self.title_height = self._title_height()

    # -- units --------------------------------------------------------------------
    def px(self, points: float) -> int:
        return max(1, round(points * self.dpi / 72))

    def spx(self, points: float) -> int:
        """Pixels of a row size, which shrinks with the card's scale."""
        return self.px(points * self.scale)

    @staticmethod
    def cap(size_px: int) -> int:
        """Height of digits and capitals above the baseline."""
        return round(size_px * 0.72)

    @staticmethod
    def descent(size_px: int) -> int:
        return round(size_px * 0.22)

    @staticmethod
    def stroke(size_px: int) -> float:
        return round(size_px * _BOLD * 4) / 4

    # -- text ---------------------------------------------------------------------
    def text(self, draw, xy, text, size_px, fill, anchor="ls", bold=False):
        stroke = self.stroke(size_px) if bold else 0
        draw.text(xy, text, font=_font(size_px), fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=fill)

    def length(self, text: str, size_px: int, bold: bool = False) -> float:
        extra = 2 * self.stroke(size_px) if bold else 0
        return _font(size_px).getlength(text) + extra

    @staticmethod
    def fit(width_at, size_px: int, available: float) -> int:
        """The largest size up to ``size_px`` whose width fits in ``available`` (never below 1 pixel)."""
        size = size_px
        while size > 1 and width_at(size) > available:
            size -= 1
        return size

    # -- page plan ------------------------------------------------------------------
    def _title_height(self) -> int:
        height = self.cap(self.px(_TITLE)) + self.px(10)
        if self.card.bonus > 0:
            height += self.px(_BONUS) + self.px(6)
        return height + self.px(12)

    def plan(self) -> list[list[_Place]]:
        """Which parts go on which page, and where."""
        pages: list[list[_Place]] = [[_Place("title", self.top)]]
        y = self.top + self.title_height
        placed_any = False
        for category in self.card.categories:
            gap = self.category_gap if placed_any else 0
            fits = y + gap + self.band_height + self.row_height * min(1, len(category.lines)) <= self.bottom
            if placed_any and (category.page_break or not fits):
                pages.append([])
                y, gap = self.top, 0
            y += gap
            pages[-1].append(_Place("header", y, category))
            y += self.band_height
            placed_any = True
            for line in category.lines:
                if y + self.row_height > self.bottom:
                    pages.append([_Place("header", self.top, category, cont=True)])
                    y = self.top + self.band_height
                pages[-1].append(_Place("row", y, line))
                y += self.row_height
        return pages

    # -- drawing ----------------------------------------------------------------------
    def page(self, places: list[_Place], number: int, total: int) -> "Image.Image":
        from PIL import Image, ImageDraw

        image = Image.new("RGB", (self.width, self.height), _PAPER)
        draw = ImageDraw.Draw(image)
        previous = None
        for place in places:
            if place.kind == "title":
                self.draw_title(draw, place.y)
            elif place.kind == "header":
                self.draw_header(draw, place.y, place.item, place.cont)
            else:
                first = previous is None or previous.kind == "header"
                self.draw_row(draw, place.y, place.item, rule_above=not first)
            previous = place
        self.draw_footer(draw, number, total)
        return image

    def draw_title(self, draw: "ImageDraw.ImageDraw", y: int) -> None:
        centre = self.width // 2
        name = _plain(self.card.name) or "Card"
        size = self.fit(lambda s: self.length(name, s, True), self.px(_TITLE), self.right - self.left)
        y += self.cap(self.px(_TITLE))
        self.text(draw, (centre, y), name, size, _TEXT, anchor="ms", bold=True)
        if self.card.bonus > 0:
            y += self.px(6) + self.px(_BONUS)
            self.text(draw, (centre, y), f"Big Card bonus +{self.card.bonus}", self.px(_BONUS), _NOTE, anchor="ms")
        y += self.px(9)
        draw.rectangle([self.left, y, self.right - 1, y + self.px(1.6) - 1], fill=_TEXT)
        y += self.px(1.6) + self.px(1.5)
        draw.rectangle([self.left, y, self.right - 1, y + self.px(0.5) - 1], fill=_TEXT)

    def draw_header(self, draw: "ImageDraw.ImageDraw", y: int, category: "Category", cont: bool) -> None:
        bottom = y + self.band_height - 1
        draw.rectangle([self.left, y, self.right - 1, bottom], fill=_BAND)
        edge = self.px(0.8)
        draw.rectangle([self.left, y, self.right - 1, y + edge - 1], fill=_BAND_EDGE)
        draw.rectangle([self.left, bottom - edge + 1, self.right - 1, bottom], fill=_BAND_EDGE)
        baseline = y + (self.band_height + self.cap(self.spx(_HEADER))) // 2
        label = "VALUE"
        label_px = self.px(_SMALL)
        label_width = self.length(label, label_px)
        self.text(draw, (self.right - self.px(6), baseline), label, label_px, _MUTED, anchor="rs")
        name = _plain(category.name)
        suffix = " (cont.)" if cont else ""
        available = self.right - self.px(6) - label_width - self.px(12) - self.pattern_left
        size = self.fit(lambda s: self.length(name, s, True) + self.length(suffix, s), self.spx(_HEADER), available)
        self.text(draw, (self.pattern_left, baseline), name, size, _TEXT, bold=True)
        if suffix:
            x = self.pattern_left + self.length(name, size, True)
            self.text(draw, (x, baseline), suffix, size, _MUTED)

    def draw_row(self, draw: "ImageDraw.ImageDraw", y: int, line: "Line", rule_above: bool) -> None:
        if rule_above:
            draw.rectangle([self.pattern_left, y, self.right - 1, y + max(1, self.px(0.5)) - 1], fill=_RULE)
        notes = _plain(notes_text(line))
        baseline = y + (self.set_baseline if notes else (self.row_height + self.cap(self.set_px)) // 2)
        self.text(draw, (self.left + self.px(2), baseline), str(line.number), self.spx(_NUMBER), _MUTED)
        mark = mark_text(line)
        mark_px = self.spx(_MARK)
        mark_right = self.right - self.px(6)
        self.text(draw, (mark_right, baseline), mark, mark_px, _TEXT, anchor="rs", bold=True)
        # A long value ("X 1000") takes room from the sets rather than running into them.
        limit = min(self.pattern_right, round(mark_right - self.length(mark, mark_px, True) - self.px(10)))

        patterns = line_segments(line)
        available = limit - self.pattern_left
        size = self.fit(lambda s: self.pattern_width(patterns, s), self.set_px, available)
        x = float(self.pattern_left)
        or_px = max(1, round(size * _OR / _SET))
        gap = size * _SET_GAP
        for index, segments in enumerate(patterns):
            if index:
                x += gap
                self.text(draw, (round(x), baseline), "or", or_px, _MUTED)
                x += self.length("or", or_px) + gap
            for number, segment in enumerate(segments):
                if number:
                    x += gap
                for text, ink in segment.runs:
                    self.text(draw, (round(x), baseline), text, size, INK[ink], bold=True)
                    x += self.length(text, size, True)

        if notes:
            note = self.fit(lambda s: self.length(notes, s), self.note_px, available)
            self.text(draw, (self.pattern_left, y + self.note_baseline), notes, note, _NOTE)

    def pattern_width(self, patterns, size: int) -> float:
        gap = size * _SET_GAP
        or_px = max(1, round(size * _OR / _SET))
        width = 0.0
        for index, segments in enumerate(patterns):
            if index:
                width += 2 * gap + self.length("or", or_px)
            width += sum(self.length(s.text, size, True) for s in segments) + gap * (len(segments) - 1)
        return width

    def draw_footer(self, draw: "ImageDraw.ImageDraw", number: int, total: int) -> None:
        y = self.height - self.px(_MARGIN_BOTTOM) + self.px(16)
        draw.rectangle([self.left, y, self.right - 1, y + max(1, self.px(0.4)) - 1], fill=_RULE)
        baseline = y + self.px(4) + self.cap(self.px(_SMALL))
        page = f"Page {number} of {total}"
        size = self.px(_SMALL)
        available = self.right - self.left - self.length(page, size) - self.px(12)
        name = _plain(self.card.name)
        name_px = self.fit(lambda s: self.length(name, s), size, available)
        self.text(draw, (self.left, baseline), name, name_px, _MUTED)
        self.text(draw, (self.right, baseline), page, size, _MUTED, anchor="rs")


_SCALES = (1.0, 0.95, 0.9, 0.85)
"""Row sizes tried, largest first: a card whose rows spill a little onto another page is drawn a bit smaller."""


def _best_plan(card: "Card", dpi: int, paper: str) -> "tuple[_Painter, list[list[_Place]]]":
    """The largest scale of rows that prints the card on as few pages as the smallest scale does."""
    tried = [(painter, painter.plan()) for painter in (_Painter(card, dpi, paper, scale) for scale in _SCALES)]
    fewest = min(len(plan) for _, plan in tried)
    return next((painter, plan) for painter, plan in tried if len(plan) == fewest)


def card_page_count(card: "Card", dpi: int = 150, paper: str = "letter") -> int:
    """How many pages :func:`card_pages` gives, without drawing them."""
    return len(_best_plan(as_card(card), dpi, paper)[1])


def card_pages(card: "Card", dpi: int = 150, paper: str = "letter") -> "list[Image.Image]":
    """The card printed on portrait pages of ``paper`` ("letter" or "a4") at ``dpi``, as RGB images.

    ``card`` is a Card, a bundled card's name or a ``.mjcl`` path, as for every call of this module.
    """
    painter, plan = _best_plan(as_card(card), dpi, paper)
    return [painter.page(places, number, len(plan)) for number, places in enumerate(plan, 1)]


def save_card_pdf(card: "Card", path: "str | Path", dpi: int = 150, paper: str = "letter") -> Path:
    """Write the card as one PDF with a page per printed page; return the path.

    The PDF carries the card's name as its title and no creation or change
    date, so the same card gives the same bytes every time.
    """
    card = as_card(card)
    path = Path(path)
    pages = card_pages(card, dpi, paper)
    pages[0].save(
        path,
        "PDF",
        save_all=True,
        append_images=pages[1:],
        resolution=float(dpi),
        title=_plain(card.name),
        producer="mjlearn",
        creationDate=None,
        modDate=None,
        quality=92,
        subsampling=0,
    )
    return path


def save_card_png(card: "Card", path: "str | Path", dpi: int = 150, paper: str = "letter") -> list[Path]:
    """Write the card as PNG: ``path`` for a one-page card, else ``name-1.png``, ``name-2.png``, ... beside it."""
    path = Path(path)
    pages = card_pages(card, dpi, paper)
    if len(pages) == 1:
        paths = [path]
    else:
        paths = [path.with_name(f"{path.stem}-{number}{path.suffix}") for number in range(1, len(pages) + 1)]
    for page, target in zip(pages, paths):
        page.save(target, "PNG", dpi=(dpi, dpi))
    return paths

