"""A picture of setting up a game: the four walls, the dice, the break and the deal, seen from above.

:func:`setup_picture` draws a :class:`~mjlearn.rules.setup.Deal` at one of three
stages: ``"built"`` (four walls of two-high stacks in front of the racks),
``"broken"`` (East has rolled the dice and counted that many stacks from the
right end of East's wall: the break) or ``"dealt"`` (the tiles taken for the
deal are gone; the wall left to draw from stays). East sits at the bottom,
South on the right, West at the top and North on the left, as at a real table
where play passes to the right. Tiles are taken from the break leftwards, on
round the table clockwise (North's wall, West's, South's), and the stacks right
of the break come last.

The picture is plain SVG (no scripts, no external files) and deterministic, so
a notebook can compare it.

>>> from mjlearn.rules import deal_tiles
>>> picture = setup_picture(deal_tiles(seed=7), stage="broken")
>>> picture
SetupPicture(NMJL, dice 1 + 4, stage 'broken')
>>> picture.svg.startswith("<svg") and "the break" in picture.svg
True
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..errors import ArgumentError

if TYPE_CHECKING:  # pragma: no cover
    from ..rules.setup import Deal

__all__ = ["STAGES", "SetupPicture", "setup_picture"]

STAGES = ("built", "broken", "dealt")
"""The moments :func:`setup_picture` can show, in the order they happen."""

_STEP = 16  # along a wall: one stack, in pixels
_DEPTH = 22  # across a wall
_GAP = 10  # between a wall and the square they enclose
_MARGIN = 44  # room for the seat names
_FULL, _HALF, _EMPTY = "#2f6b4f", "#a8d5b5", "#ffffff"
_BREAK, _NEXT, _INK = "#c4262e", "#d99a00", "#222222"
_CLOCKWISE_FROM_EAST = (0, 3, 2, 1)  # the order the deal goes round: East, North, West, South


class SetupPicture:
    """An SVG picture of a deal at one stage; shows itself in a notebook (``_repr_html_``)."""

    def __init__(self, deal: "Deal", stage: str, svg: str) -> None:
        self.deal = deal
        self.stage = stage
        self.svg = svg

    def _repr_html_(self) -> str:
        return f'<div style="background:#fffdf8;display:inline-block;padding:4px">{self.svg}</div>'

    def __repr__(self) -> str:
        first, second = self.deal.dice
        return f"SetupPicture({self.deal.ruleset.name}, dice {first} + {second}, stage {self.stage!r})"


def _taken_order(deal: "Deal") -> list[tuple[int, int]]:
    """(wall, stack) in the order the stacks are taken: from the break leftwards, on clockwise."""
    cut = sum(deal.dice)
    east = [(0, k) for k in range(len(deal.walls[0]))]
    order = east[cut:]
    for seat in _CLOCKWISE_FROM_EAST[1:]:
        order.extend((seat, k) for k in range(len(deal.walls[seat])))
    return order + east[:cut]


def _stack_box(wall: int, index: int, length: int, side: int) -> tuple[int, int, int, int]:
    """x, y, width, height of stack ``index`` (counted from its wall's right end) in the picture."""
    start = _MARGIN + _DEPTH + _GAP + (side - length * _STEP) // 2
    far = _MARGIN + _DEPTH + 2 * _GAP + side  # the bottom (or right) wall's outer row
    if wall == 0:  # East, at the bottom: its right end is on the right
        return start + (length - 1 - index) * _STEP, far, _STEP, _DEPTH
    if wall == 2:  # West, at the top, facing down: its right end is on the left
        return start + index * _STEP, _MARGIN, _STEP, _DEPTH
    if wall == 3:  # North, on the left, facing right: its right end is at the bottom
        return _MARGIN, start + (length - 1 - index) * _STEP, _DEPTH, _STEP
    return far, start + index * _STEP, _DEPTH, _STEP  # South, on the right: its right end at the top


def _text(x: float, y: float, words: str, size: int = 13, colour: str = _INK, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{colour}" text-anchor="middle"'
            f' font-family="DejaVu Sans, Arial, sans-serif"{weight}>{escape(words)}</text>')


def setup_picture(deal: "Deal", stage: str = "dealt") -> SetupPicture:
    """Draw ``deal`` (from :func:`~mjlearn.rules.deal_tiles`) at ``stage``: "built", "broken" or "dealt".

    A dark stack holds two tiles, a light one a single tile, a white one is
    empty. From "broken" on, a red bar marks the break; at "dealt" a gold
    frame marks the stack the next tile is drawn from.

    >>> from mjlearn.rules import MAHJX, deal_tiles
    >>> picture = setup_picture(deal_tiles(MAHJX, seed=1))
    >>> picture.svg.count("<rect") - 1     # a stack for each of 17 + 19 + 19 + 19, and the next-draw frame
    75
    >>> setup_picture(deal_tiles(seed=1), stage="shuffled")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: stage must be one of 'built', 'broken', 'dealt', not 'shuffled'
    """
    from ..rules.setup import SEATS, Deal

    if not isinstance(deal, Deal):
        raise ArgumentError(f"setup_picture draws a Deal (from deal_tiles), not {type(deal).__name__}")
    if not isinstance(stage, str) or stage not in STAGES:
        raise ArgumentError(f"stage must be one of {', '.join(map(repr, STAGES))}, not {stage!r}")
    side = max(len(wall) for wall in deal.walls) * _STEP
    size = 2 * _MARGIN + 2 * _DEPTH + 2 * _GAP + side
    order = _taken_order(deal)
    taken = 0
    if stage == "dealt":
        taken = 2 * len(order) - len(deal.wall)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
             f'<rect x="0" y="0" width="{size}" height="{size}" fill="#fffdf8"/>']
    for position, (wall, index) in enumerate(order):
        left = min(2, max(0, 2 * position + 2 - taken))
        x, y, width, height = _stack_box(wall, index, len(deal.walls[wall]), side)
        fill = (_EMPTY, _HALF, _FULL)[left]
        dash = ' stroke-dasharray="3 2"' if left == 0 else ""
        parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" fill="{fill}" stroke="{_INK}"'
                     f' stroke-width="0.8"{dash}/>')
    if stage == "dealt" and deal.wall:
        wall, index = order[taken // 2]
        x, y, width, height = _stack_box(wall, index, len(deal.walls[wall]), side)
        parts.append(f'<rect x="{x - 1.5}" y="{y - 1.5}" width="{width + 3}" height="{height + 3}" fill="none"'
                     f' stroke="{_NEXT}" stroke-width="3"/>')
    middle = size / 2
    first, second = deal.dice
    cut = sum(deal.dice)
    if stage != "built":
        x, y, _, height = _stack_box(0, cut - 1, len(deal.walls[0]), side)  # the break is left of this stack
        parts.append(f'<line x1="{x}" y1="{y - 6}" x2="{x}" y2="{y + height + 6}" stroke="{_BREAK}" stroke-width="4"/>')
        parts.append(_text(x, y - 10, "the break", 12, _BREAK, bold=True))
    labels = {0: (middle, size - 12), 2: (middle, 26)}
    for seat, (x, y) in labels.items():
        parts.append(_text(x, y, SEATS[seat], 15, bold=True))
    for seat, x in ((3, 22), (1, size - 22)):
        turn = -90 if seat == 3 else 90
        parts.append(f'<g transform="rotate({turn} {x} {middle})">{_text(x, middle + 5, SEATS[seat], 15, bold=True)}</g>')
    lines = {
        "built": ["Each player builds a wall", "two tiles high in front of the rack:",
                  f"{' + '.join(str(len(w)) for w in deal.walls)} stacks"],
        "broken": [f"East rolls {first} + {second} = {cut}", f"and counts {cut} stacks from the", "right end of East's wall"],
        "dealt": [f"Dealt: {', '.join(f'{SEATS[s]} {len(r)}' for s, r in enumerate(deal.racks))}",
                  f"{len(deal.wall)} tiles left in the wall", "gold frame: the next tile to draw"],
    }[stage]
    for row, words in enumerate(lines):
        parts.append(_text(middle, middle - 14 + 20 * row, words, 13))
    parts.append("</svg>")
    return SetupPicture(deal, stage, "".join(parts))
