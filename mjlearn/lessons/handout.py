"""Handouts for class: questions on paper (PNG or PDF) with their positions, card lines and room to
answer, and a separate answer key.

Each question is drawn as a block: its number and prompt, the rack as tile
pictures (exposures on green after it), the tiles seen on the table, the card
lines involved in their printed colours (as on :mod:`mjlearn.render.printable`'s
card), and ruled lines to write the answer on. Blocks never split across
pages. The answer key draws each question's rack small, the best answer,
other good answers and why. The same questions always give the same pixels.

>>> from mjlearn.lessons import Handout, Question
>>> sheet = Handout("Practice", [Question("discard", "What do you throw?", rack="FF 222B 444B 666B 8B N S")])
>>> pages = handout_pages(sheet, dpi=50)
>>> len(pages), pages[0].size
(1, (425, 550))
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ..render.layout import INK, line_segments, mark_text
from ..render.printable import _font, _plain, page_size

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image, ImageDraw

    from ..analysis.position import Exposure
    from ..card import Line
    from ..hands import Hand
    from ..tiles import Tile
    from .questions import Handout, Question

__all__ = ["handout_pages", "save_pages", "question_html"]

# Sizes in points (1/72 inch), scaled by dpi / 72.
_MARGIN_X, _MARGIN_TOP, _MARGIN_BOTTOM = 42, 40, 48
_TITLE, _TEXT, _SMALL, _LABEL = 20, 11.5, 9, 8
_TILE, _SEEN_TILE, _KEY_TILE = 34, 22, 22
_SET, _NAME_COLUMN, _MARK_COLUMN = 13, 92, 48
_BLOCK_GAP, _ANSWER_LINES = 16, 2
_MUTED, _RULE, _EXPOSED = "#6b6b6b", "#c8c8c8", "#e3eedc"


class _Pen:
    """Sizes in pixels for one dpi, and text drawn with the bundled font (the printable card's)."""

    def __init__(self, dpi: int):
        self.dpi = dpi

    def px(self, points: float) -> int:
        return max(1, round(points * self.dpi / 72))

    def text(self, draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, points: float,
             fill: str = INK["black"], bold: bool = False, anchor: str = "la") -> None:
        size = self.px(points)
        stroke = round(size * 0.04 * 4) / 4 if bold else 0
        draw.text(xy, _plain(text), font=_font(size), fill=fill, anchor=anchor, stroke_width=stroke,
                  stroke_fill=fill)

    def length(self, text: str, points: float) -> float:
        return _font(self.px(points)).getlength(_plain(text))

    def wrap(self, text: str, points: float, width: float) -> list[str]:
        """``text`` broken into lines no wider than ``width`` pixels (a long word stays whole)."""
        lines: list[str] = []
        for paragraph in str(text).splitlines() or [""]:
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if line and self.length(trial, points) > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def paragraph(self, draw: ImageDraw.ImageDraw, x: int, y: int, text: str, points: float, width: float,
                  fill: str = INK["black"], bold: bool = False) -> int:
        """Draw wrapped text from its top at ``y``; return the y below it."""
        step = self.px(points * 1.35)
        for line in self.wrap(text, points, width):
            self.text(draw, (x, y), line, points, fill, bold)
            y += step
        return y


@lru_cache(maxsize=256)
def _tile(tile: int, height: int) -> Image.Image:
    from ..render.tileart import tile_image

    return tile_image(tile, height)


def _tile_row(image: Image.Image, pen: _Pen, x: int, y: int, tiles: Iterable[Tile], points: float, right: int,
              grouped: bool = True) -> int:
    """Tiles in a row (a small gap between kinds when ``grouped``), wrapping at ``right``; returns the y
    below the last row."""
    height = pen.px(points)
    gap = pen.px(points * 0.22)
    left, previous = x, None
    for tile in tiles:
        face = _tile(int(tile), height)
        if grouped and previous is not None and tile != previous:
            x += gap
        if x + face.width > right:
            x, y = left, y + height + gap
        image.alpha_composite(face, (x, y))
        x += face.width + 1
        previous = tile
    return y + height


def _rack_row(image: Image.Image, draw: ImageDraw.ImageDraw, pen: _Pen, x: int, y: int, rack: Hand,
              exposures: Sequence[Exposure], points: float, right: int) -> int:
    """The rack and, on green after it, the exposures; returns the y below."""
    bottom = _tile_row(image, pen, x, y, rack.tiles(), points, right)
    if exposures:
        height = pen.px(points)
        start = x + round(sum(_tile(int(t), height).width + 1 for t in rack.tiles()))
        start += pen.px(points * 0.22) * len(set(rack.tiles())) + pen.px(14)
        tiles = [t for group in exposures for t in group.tiles()]
        width = sum(_tile(int(t), height).width + 1 for t in tiles) + pen.px(points * 0.22) * len(exposures)
        if start + width + pen.px(8) > right:
            start, y = x, bottom + pen.px(6)
        pad = pen.px(3)
        draw.rounded_rectangle([start - pad, y - pad, start + width + pad, y + height + pad], radius=pad * 2,
                               fill=_EXPOSED)
        pen.text(draw, (start, y + height + pad * 2), "exposed", _LABEL, _MUTED)
        cursor = start
        for group in exposures:
            cursor = _tile_x(image, pen, cursor, y, group.tiles(), height) + pen.px(points * 0.22)
        bottom = max(bottom, y + height + pad * 2 + pen.px(_LABEL * 1.3))
    return bottom


def _tile_x(image: Image.Image, pen: _Pen, x: int, y: int, tiles: Iterable[Tile], height: int) -> int:
    for tile in tiles:
        face = _tile(int(tile), height)
        image.alpha_composite(face, (x, y))
        x += face.width + 1
    return x


def _card_line(draw: ImageDraw.ImageDraw, pen: _Pen, x: int, y: int, line: Line, right: int) -> int:
    """One card line as the printed card shows it: name, coloured sets, mark and value; returns the y below."""
    baseline = y + pen.px(_SET)
    pen.text(draw, (x, baseline), f"{line.category} #{line.number}", _SMALL, _MUTED, anchor="ls")
    cursor: float = x + pen.px(_NAME_COLUMN)
    limit = right - pen.px(_MARK_COLUMN)
    size: float = _SET
    patterns = line_segments(line)

    def width(points: float) -> float:
        total = 0.0
        for index, segments in enumerate(patterns):
            total += (pen.length(" or ", points) if index else 0) + sum(
                pen.length(s.text + " ", points) for s in segments)
        return total

    while size > 6 and width(size) > limit - cursor:
        size -= 0.5
    for index, segments in enumerate(patterns):
        if index:
            pen.text(draw, (round(cursor), baseline), " or ", size * 0.7, _MUTED, anchor="ls")
            cursor += pen.length(" or ", size)
        for segment in segments:
            for text, ink in segment.runs:
                pen.text(draw, (round(cursor), baseline), text, size, INK[ink], bold=True, anchor="ls")
                cursor += pen.length(text, size)
            cursor += pen.length(" ", size)
    pen.text(draw, (right, baseline), mark_text(line), _SMALL + 1, INK["black"], bold=True, anchor="rs")
    return baseline + pen.px(_SET * 0.5)


def _question_block(question: Question, number: int, pen: _Pen, width: int, key: bool) -> Image.Image:
    """One question drawn on its own strip, cropped to the height it used."""
    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (width, pen.px(900)), (255, 255, 255, 255))
    draw = ImageDraw.Draw(image)
    indent = pen.px(22)
    right = width - 1
    pen.text(draw, (0, 0), f"{number}.", _TEXT, bold=True)
    y = pen.paragraph(draw, indent, 0, question.prompt, _TEXT, right - indent, bold=True) + pen.px(4)
    if question.rack is not None:
        label = "Rack" if not key else "Rack"
        pen.text(draw, (indent, y), label, _LABEL, _MUTED)
        y += pen.px(_LABEL * 1.4)
        y = _rack_row(image, draw, pen, indent, y, question.rack, question.exposures, _KEY_TILE if key else _TILE,
                      right) + pen.px(6)
    if question.visible and not key:
        pen.text(draw, (indent, y), "Seen on the table (discards and others' exposures)", _LABEL, _MUTED)
        y += pen.px(_LABEL * 1.4)
        y = _tile_row(image, pen, indent, y, question.visible, _SEEN_TILE, right, grouped=False) + pen.px(6)
    if question.lines and not key:
        pen.text(draw, (indent, y), "Card lines", _LABEL, _MUTED)
        y += pen.px(_LABEL * 1.2)
        for line in question.lines:
            y = _card_line(draw, pen, indent, y, line, right)
        y += pen.px(4)
    if key:
        entry = question.key()
        y = pen.paragraph(draw, indent, y, f"Answer: {entry.answer}", _TEXT, right - indent, bold=True)
        if entry.also:
            y = pen.paragraph(draw, indent, y, f"Also good: {', '.join(entry.also)}", _SMALL + 1, right - indent)
        if entry.why:
            y = pen.paragraph(draw, indent, y, f"Why: {entry.why}", _SMALL + 1, right - indent, fill="#3d3d3d")
    else:
        for row in range(_ANSWER_LINES):
            y += pen.px(20)
            if row == 0:
                pen.text(draw, (indent, y - pen.px(3)), "Answer:", _SMALL, _MUTED, anchor="ls")
            start = indent + (round(pen.length("Answer: ", _SMALL)) if row == 0 else 0)
            draw.line([(start, y), (right, y)], fill=_RULE, width=max(1, pen.px(0.6)))
        y += pen.px(4)
    return image.crop((0, 0, width, y))


def handout_pages(handout: Handout, dpi: int = 150, key: bool = False) -> list[Image.Image]:
    """The handout (or, with ``key=True``, its answer key) on portrait pages, as RGB images."""
    from PIL import Image, ImageDraw

    width, height = page_size(handout.paper, dpi)
    pen = _Pen(dpi)
    left, right = pen.px(_MARGIN_X), width - pen.px(_MARGIN_X)
    top, bottom = pen.px(_MARGIN_TOP), height - pen.px(_MARGIN_BOTTOM)
    blocks = [_question_block(q, n, pen, right - left, key) for n, q in enumerate(handout.questions, 1)]
    title = handout.title + (" - answer key" if key else "")

    title_points = float(_TITLE)  # a long title is drawn smaller rather than run off the page
    while title_points > _TEXT and pen.length(title, title_points) > right - left:
        title_points -= 0.5
    rule_y = top + pen.px(_TITLE * 1.2) + pen.px(4)
    pages: list[list[tuple[int, Image.Image]]] = [[]]
    y = rule_y + pen.px(22 if key else 44)
    for block in blocks:
        if pages[-1] and y + block.height > bottom:
            pages.append([])
            y = top
        pages[-1].append((y, block))
        y += block.height + pen.px(_BLOCK_GAP)

    images = []
    for number, placed in enumerate(pages, 1):
        page = Image.new("RGB", (width, height), "#ffffff")
        draw = ImageDraw.Draw(page)
        if number == 1:
            pen.text(draw, (left, rule_y - pen.px(4)), title, title_points, bold=True, anchor="ld")
            draw.rectangle([left, rule_y, right - 1, rule_y + pen.px(1.2) - 1], fill=INK["black"])
            if not key:
                pen.text(draw, (left, rule_y + pen.px(24)), "Name", _TEXT, _MUTED, anchor="ls")
                pen.text(draw, (right - pen.px(150), rule_y + pen.px(24)), "Date", _TEXT, _MUTED, anchor="ls")
                for start, end in ((left + pen.px(40), right - pen.px(165)), (right - pen.px(115), right)):
                    draw.line([(start, rule_y + pen.px(25)), (end, rule_y + pen.px(25))], fill=_RULE,
                              width=max(1, pen.px(0.6)))
        for y, block in placed:
            page.paste(block.convert("RGB"), (left, y))
        footer = height - pen.px(_MARGIN_BOTTOM) + pen.px(18)
        draw.line([(left, footer), (right, footer)], fill=_RULE, width=1)
        pen.text(draw, (left, footer + pen.px(4)), title, _LABEL, _MUTED)
        pen.text(draw, (right, footer + pen.px(4)), f"Page {number} of {len(pages)}", _LABEL, _MUTED, anchor="ra")
        images.append(page)
    return images


def save_pages(pages: list[Image.Image], path: str | Path, dpi: int, title: str) -> list[Path]:
    """Write pages to ``path`` atomically: one PDF, or PNG files (``name-1.png``... when there are several).
    Returns the paths written. A PDF carries ``title`` and no date, so the same pages give the same bytes."""
    from ..atomic import output_path, write_atomically

    target = output_path(path, (".pdf", ".png"))
    if target.suffix.lower() == ".pdf":
        def write_pdf(out: BinaryIO) -> None:
            pages[0].save(out, "PDF", save_all=True, append_images=pages[1:], resolution=float(dpi),
                          title=_plain(title), producer="mjlearn", creationDate=None, modDate=None)

        return [write_atomically(target, write_pdf)]
    names = [target] if len(pages) == 1 else [target.with_name(f"{target.stem}-{n}{target.suffix}")
                                               for n in range(1, len(pages) + 1)]
    for page, name in zip(pages, names):
        def write_png(out: BinaryIO, page: Image.Image = page) -> None:
            page.save(out, "PNG", dpi=(dpi, dpi))

        write_atomically(name, write_png)
    return names


# -- notebook display ---------------------------------------------------------------------------------------

def question_html(question: Question, number: int | None = None) -> str:
    """A question in a notebook: the prompt, the rack (exposures on green), tiles seen, the card lines."""
    from ..hands import Hand
    from ..render.html import TILE_HEIGHT, _FONT, _PAPER, hand_html, pattern_html, tiles_html

    head = f"{number}. " if number is not None else ""
    parts = [f'<div style="font-weight:bold;margin:2px 0 6px">{head}{escape(question.prompt)}</div>']
    if question.rack is not None:
        exposed = [Hand(group.tiles()) for group in question.exposures]
        parts.append(hand_html(question.rack, exposed, TILE_HEIGHT + 8))
    if question.visible:
        parts.append('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">Seen on the table</div>'
                     f'<div style="display:flex;flex-wrap:wrap">{tiles_html(question.visible, TILE_HEIGHT)}</div>')
    if question.lines:
        rows = "".join(
            f'<tr style="{_PAPER}"><td style="padding:2px 8px;color:#666;white-space:nowrap">'
            f"{escape(line.category)} #{line.number}</td><td style=\"padding:2px 8px\">{pattern_html(line)}</td>"
            f'<td style="padding:2px 8px;font-weight:bold">{mark_text(line)}</td></tr>' for line in question.lines)
        parts.append('<div style="color:#666;font-size:0.85em;margin:6px 0 2px">Card lines</div>'
                     f'<table style="border-collapse:collapse">{rows}</table>')
    return f'<div style="{_FONT}{_PAPER}padding:6px 8px;margin:4px 0;border:1px solid #ddd;border-radius:6px">' \
           f'{"".join(parts)}</div>'
