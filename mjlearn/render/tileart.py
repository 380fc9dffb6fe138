"""mjlearn's own tile art: the 36 faces as SVG text and as Pillow images.

Every face is drawn by this module from a tiny description made of a few
shapes (rounded rectangle, circle, ellipse, line, polyline, polygon, text) on
a 60 x 80 canvas. Two back-ends read the same description: one writes SVG
elements, the other draws with Pillow (supersampled, then scaled down with
Lanczos), so the SVG and the PNG of a face have the same geometry.

The design is meant to be told apart without colour: bams are upright bamboo
sticks, craks a big numeral over a zigzag "crack", dots round pips in dice
layouts; the green dragon is a leaf in a diamond, the red dragon a flame, the
white dragon ("soap") an empty double frame. Winds are a letter in a compass
ring with an arrow, the flower has petals and the joker a star over a JOKER
banner. Every face has a small index in the top-left corner.

Importing this module does not import Pillow; only the image functions do.

>>> svg = tile_svg(Tile.B3)
>>> svg.startswith("<svg") and "<title>3 Bam</title>" in svg
True
>>> 'viewBox="0 0 60 80"' in tile_svg(Tile.WHITE, height=32)
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from xml.sax.saxutils import escape

from ..errors import ArgumentError
from ..tiles import Suit, Tile, as_tile

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

__all__ = ["tile_svg", "tile_image", "tile_sheet", "write_assets", "asset_name", "PALETTE"]

WIDTH, HEIGHT = 60, 80
SUPERSAMPLE = 4
FONT_FAMILY = "DejaVu Sans, Arial, sans-serif"
# Cap height of the SVG font (DejaVu Sans Bold 1493/2048; Arial Bold is 0.716).
SVG_CAP_RATIO = 0.729
# Pillow's bundled font is regular weight; this outline (a fraction of the cap
# height) thickens it to about the weight of the bold SVG font.
PIL_BOLD = 0.035

PALETTE = {
    "ivory": "#FBF5E4",
    "edge": "#9A8660",
    "bam": "#17693A",
    "bam_dark": "#0B4424",
    "bam_light": "#8CC79B",
    "crak": "#D2302B",
    "crak_dark": "#8E1512",
    "dot": "#1D4F9E",
    "dot_light": "#A9C4EC",
    "ink": "#25252B",
    "flower": "#C23B86",
    "gold": "#E9A81D",
    "joker": "#5B2E91",
}
_SUIT_COLOUR = {Suit.BAM: PALETTE["bam"], Suit.CRAK: PALETTE["crak"], Suit.DOT: PALETTE["dot"]}


# -- the drawing description ----------------------------------------------
class RRect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    r: float = 0.0
    fill: str | None = None
    stroke: str | None = None
    sw: float = 0.0


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    sw: float = 0.0


class Ellipse(NamedTuple):
    cx: float
    cy: float
    rx: float
    ry: float
    fill: str | None = None
    stroke: str | None = None
    sw: float = 0.0


class Line(NamedTuple):
    """A straight stroke with round caps."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str
    sw: float


class Polyline(NamedTuple):
    """An open stroke with round caps and joins."""

    points: tuple[tuple[float, float], ...]
    stroke: str
    sw: float


class Polygon(NamedTuple):
    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    sw: float = 0.0


class Text(NamedTuple):
    """Bold text standing on baseline ``y``; ``cap`` is the height of a capital.

    ``anchor`` is ``"start"`` or ``"middle"``; ``width``, if given, stretches
    or squeezes the text to exactly that advance width in both back-ends.
    """

    x: float
    y: float
    text: str
    cap: float
    fill: str
    anchor: str = "start"
    width: float | None = None


Shape = RRect | Circle | Ellipse | Line | Polyline | Polygon | Text


def asset_name(tile) -> str:
    """The file stem of a face in ``assets/tiles/``: the tile's notation (``"3B"``, ``"N"``, ``"0"``)."""
    return as_tile(tile).notation


# -- geometry helpers ------------------------------------------------------
def _smooth(points, rounds=2, closed=True):
    """Chaikin corner cutting: a polygon with softened corners (deterministic)."""
    pts = [(float(x), float(y)) for x, y in points]
    for _ in range(rounds):
        out = []
        n = len(pts)
        segments = range(n) if closed else range(n - 1)
        if not closed:
            out.append(pts[0])
        for i in segments:
            (x0, y0), (x1, y1) = pts[i], pts[(i + 1) % n]
            out.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
            out.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
        if not closed:
            out.append(pts[-1])
        pts = out
    return tuple((round(x, 1), round(y, 1)) for x, y in pts)


def _star(cx, cy, outer, inner, points=5):
    result = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        result.append((round(cx + radius * math.cos(angle), 1), round(cy + radius * math.sin(angle), 1)))
    return tuple(result)


# -- the faces ---------------------------------------------------------------
ART_TOP, ART_BOTTOM = 19.0, 75.0  # the art sits under the corner index
ART_MID = (ART_TOP + ART_BOTTOM) / 2


def _index(tile: Tile) -> list[Shape]:
    """The small corner index: ``3`` with a small ``B``, or one letter."""
    if tile.is_number:
        colour = _SUIT_COLOUR[tile.suit]
        return [
            Text(5, 14.5, str(tile.number), 10, colour),
            Text(14.2, 14.5, tile.suit.letter, 6, colour),
        ]
    colour = {
        Tile.GREEN: PALETTE["bam"],
        Tile.RED: PALETTE["crak"],
        Tile.WHITE: PALETTE["dot"],
        Tile.FLOWER: PALETTE["flower"],
        Tile.JOKER: PALETTE["joker"],
    }.get(tile, PALETTE["ink"])
    return [Text(5, 14.5, tile.notation, 10, colour)]


def _sticks(layout) -> list[Shape]:
    """Bamboo sticks (centre x, centre y, width, height): rounded rods, highlights, darker nodes.

    Drawn layer by layer so that the SVG groups shapes of one paint together.
    """
    rods: list[Shape] = []
    lights: list[Shape] = []
    nodes: list[Shape] = []
    for cx, cy, w, h in layout:
        x, y = cx - w / 2, cy - h / 2
        rods.append(RRect(x, y, w, h, w * 0.4, PALETTE["bam"]))
        lights.append(Line(cx - w * 0.12, y + w * 0.55, cx - w * 0.12, y + h - w * 0.55, PALETTE["bam_light"], w * 0.2))
        for ny in [cy] if h < 30 else [y + h / 3, y + 2 * h / 3]:
            nodes.append(RRect(cx - w / 2 - 1, ny - 1.1, w + 2, 2.2, 1.1, PALETTE["bam_dark"]))
    return rods + lights + nodes


def _bam(n: int) -> list[Shape]:
    xs3 = (16, 30, 44)
    if n == 1:
        leaf = PALETTE["bam"]
        return _sticks([(30, 47, 11, 54)]) + [
            Polygon(_smooth(((33, 37), (42, 26), (53, 21), (50, 31), (41, 38), (33, 40)), 2), leaf),
            Polygon(_smooth(((27, 53), (18, 44), (7, 41), (10, 50), (19, 55), (27, 56)), 2), leaf),
        ]
    tall = ART_BOTTOM - ART_TOP
    rows2 = (ART_TOP + 13.25, ART_BOTTOM - 13.25)
    rows3 = (ART_TOP + 8.7, ART_MID, ART_BOTTOM - 8.7)
    if n == 2:
        layout = [(x, ART_MID, 9, tall) for x in (21, 39)]
    elif n == 3:
        layout = [(x, ART_MID, 9, tall) for x in xs3]
    elif n == 4:
        layout = [(x, y, 9, 24.5) for y in rows2 for x in (21, 39)]
    elif n == 5:
        layout = [(x, y, 8, 24.5) for y in rows2 for x in (14, 46)] + [(30, ART_MID, 8, tall)]
    elif n == 6:
        layout = [(x, y, 8, 24.5) for y in rows2 for x in xs3]
    elif n == 7:
        layout = [(30, rows3[0], 8, 15.5)] + [(x, y, 8, 15.5) for y in rows3[1:] for x in xs3]
    elif n == 8:
        layout = [(x, y, 7, 24.5) for y in rows2 for x in (12, 24, 36, 48)]
    else:
        layout = [(x, y, 8, 15.5) for y in rows3 for x in xs3]
    return _sticks(layout)


def _crak(n: int) -> list[Shape]:
    zig = ((9, 66), (16, 59), (23, 68), (30, 59), (37, 68), (44, 59), (51, 66))
    return [
        Text(30, 53, str(n), 30, PALETTE["crak"], "middle"),
        Polyline(zig, PALETTE["crak_dark"], 4.5),
    ]


_DOT_LAYOUTS = {
    1: [(30, 47)],
    2: [(30, 31), (30, 63)],
    3: [(16, 30), (30, 47), (44, 64)],
    4: [(18, 32), (42, 32), (18, 62), (42, 62)],
    5: [(16, 31), (44, 31), (30, 47), (16, 63), (44, 63)],
    6: [(x, y) for y in (28, 47, 66) for x in (19, 41)],
    7: [(14, 26), (30, 31), (46, 36)] + [(x, y) for y in (52, 67) for x in (20, 40)],
    8: [(x, y) for y in (25.5, 40, 54.5, 69) for x in (20, 40)],
    9: [(x, y) for y in (29, 47, 65) for x in (14, 30, 46)],
}
_DOT_RADIUS = {1: 15, 2: 10.5, 3: 8.5, 4: 9.5, 5: 8, 6: 8, 7: 6.8, 8: 6.6, 9: 6.8}


def _dot(n: int) -> list[Shape]:
    r = _DOT_RADIUS[n]
    shapes: list[Shape] = []
    for cx, cy in _DOT_LAYOUTS[n]:
        shapes.append(Circle(cx, cy, r, PALETTE["dot"]))
    for cx, cy in _DOT_LAYOUTS[n]:
        shapes.append(Circle(cx, cy, r * 0.55, None, PALETTE["dot_light"], max(1.0, r * 0.16)))
    if n == 1:
        shapes.append(Circle(30, 47, 3, PALETTE["dot_light"]))
    return shapes


_ARROWS = {  # direction vector of each wind on the compass
    Tile.NORTH: (0, -1),
    Tile.EAST: (1, 0),
    Tile.WEST: (-1, 0),
    Tile.SOUTH: (0, 1),
}


def _wind(tile: Tile) -> list[Shape]:
    cx, cy, ring = 30, 47, 20.5
    ink = PALETTE["ink"]
    shapes: list[Shape] = [Circle(cx, cy, ring, None, ink, 2.2)]
    for direction, (dx, dy) in _ARROWS.items():  # ticks at the other points of the compass
        if direction != tile:
            shapes.append(Line(cx + dx * (ring - 2.5), cy + dy * (ring - 2.5), cx + dx * (ring + 2.5),
                               cy + dy * (ring + 2.5), ink, 2.2))
    dx, dy = _ARROWS[tile]
    tip, base, half = ring + 5, ring - 3.5, 5.5
    shapes.append(Polygon(((cx + dx * tip, cy + dy * tip),
                           (cx + dx * base - dy * half, cy + dy * base + dx * half),
                           (cx + dx * base + dy * half, cy + dy * base - dx * half)), PALETTE["crak"]))
    shapes.append(Text(cx, cy + 10, tile.notation, 20, ink, "middle"))
    return shapes


def _green_dragon() -> list[Shape]:
    green, ivory = PALETTE["bam"], PALETTE["ivory"]
    diamond = ((30, 19), (53, 47), (30, 75), (7, 47))
    leaf_pts = []
    for i in range(13):
        t = i / 12
        leaf_pts.append((30 + 11.5 * math.sin(math.pi * t) ** 0.9, 26 + 42 * t))
    for i in range(11, 0, -1):
        t = i / 12
        leaf_pts.append((30 - 11.5 * math.sin(math.pi * t) ** 0.9, 26 + 42 * t))
    leaf = tuple((round(x, 1), round(y, 1)) for x, y in leaf_pts)
    shapes: list[Shape] = [
        Polygon(diamond, None, green, 3.2),
        Polygon(leaf, green),
        Line(30, 31, 30, 65, ivory, 1.8),
    ]
    for y in (40, 49, 58):
        shapes.append(Line(30, y + 3, 36, y - 2, ivory, 1.4))
        shapes.append(Line(30, y + 3, 24, y - 2, ivory, 1.4))
    return shapes


def _red_dragon() -> list[Shape]:
    outer = _smooth(((32, 17), (37, 28), (45, 36), (49, 48), (47, 60), (40, 69), (30, 73), (20, 69),
                     (13, 60), (12, 48), (16, 38), (21, 31), (23, 41), (27, 33), (29, 25)), 2)
    inner = _smooth(((31, 41), (37, 51), (38, 60), (33, 66), (27, 66), (22, 60), (24, 52), (27, 56)), 2)
    return [Polygon(outer, PALETTE["crak"]), Polygon(inner, PALETTE["ivory"])]


def _white_dragon() -> list[Shape]:
    blue = PALETTE["dot"]
    return [
        RRect(9, 19, 42, 56, 2.5, None, blue, 5),
        RRect(16.5, 26.5, 27, 41, 1, None, blue, 1.6),
    ]


def _flower() -> list[Shape]:
    cx, cy = 30, 40
    shapes: list[Shape] = [
        Line(30, 50, 30, 75, PALETTE["bam"], 3),
        Polygon(_smooth(((30, 70), (38, 60), (48, 58), (44, 66), (34, 71)), 2), PALETTE["bam"]),
    ]
    for i in range(6):
        a = math.pi * i / 3 - math.pi / 2
        shapes.append(Circle(round(cx + 11.5 * math.cos(a), 1), round(cy + 11.5 * math.sin(a), 1), 8,
                             PALETTE["flower"], PALETTE["ivory"], 1.2))
    shapes.append(Circle(cx, cy, 6.5, PALETTE["gold"], PALETTE["ivory"], 1.2))
    return shapes


def _joker() -> list[Shape]:
    purple = PALETTE["joker"]
    return [
        Polygon(_star(30, 39, 19, 8), PALETTE["gold"], purple, 2),
        RRect(5, 60, 50, 15, 3, purple),
        Text(30, 72, "JOKER", 9.5, PALETTE["ivory"], "middle", 44),
    ]


@lru_cache(maxsize=None)
def face(tile) -> tuple[Shape, ...]:
    """The drawing description of one face, in the 60 x 80 coordinates."""
    tile = as_tile(tile)
    shapes: list[Shape] = [RRect(1, 1, 58, 78, 6, PALETTE["ivory"], PALETTE["edge"], 1.5)]
    if tile.is_number:
        shapes += {Suit.BAM: _bam, Suit.CRAK: _crak, Suit.DOT: _dot}[tile.suit](tile.number)
    elif tile.is_wind:
        shapes += _wind(tile)
    elif tile == Tile.GREEN:
        shapes += _green_dragon()
    elif tile == Tile.RED:
        shapes += _red_dragon()
    elif tile == Tile.WHITE:
        shapes += _white_dragon()
    elif tile == Tile.FLOWER:
        shapes += _flower()
    else:
        shapes += _joker()
    shapes += _index(tile)
    return tuple(shapes)


# -- SVG back-end ------------------------------------------------------------
def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _points(points) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _paint(fill, stroke, sw, closed=True) -> str:
    out = f'fill="{fill or "none"}"' if closed else ""
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_num(sw)}"'
    return out.strip()


def _not_a_shape(shape: object) -> ArgumentError:
    """The error for a drawing step that is none of the shapes tile art is made of."""
    return ArgumentError(f"shape must be one of RRect, Circle, Ellipse, Line, Polyline, Polygon, Text,"
                         f" not {type(shape).__name__}")


def _svg_element(shape: Shape) -> tuple[str, str]:
    """(geometry part, paint part) of one SVG element."""
    if isinstance(shape, RRect):
        geom = f'rect x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" height="{_num(shape.h)}"'
        if shape.r:
            geom += f' rx="{_num(shape.r)}"'
        return geom, _paint(shape.fill, shape.stroke, shape.sw)
    if isinstance(shape, Circle):
        return (f'circle cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}"',
                _paint(shape.fill, shape.stroke, shape.sw))
    if isinstance(shape, Ellipse):
        return (f'ellipse cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" rx="{_num(shape.rx)}" ry="{_num(shape.ry)}"',
                _paint(shape.fill, shape.stroke, shape.sw))
    if isinstance(shape, Line):
        return (f'line x1="{_num(shape.x1)}" y1="{_num(shape.y1)}" x2="{_num(shape.x2)}" y2="{_num(shape.y2)}"',
                _paint(None, shape.stroke, shape.sw, closed=False))
    if isinstance(shape, Polyline):
        return f'polyline points="{_points(shape.points)}"', _paint(None, shape.stroke, shape.sw)
    if isinstance(shape, Polygon):
        return f'polygon points="{_points(shape.points)}"', _paint(shape.fill, shape.stroke, shape.sw)
    raise _not_a_shape(shape)


def _svg_text(shape: Text) -> str:
    attrs = f'x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.cap / SVG_CAP_RATIO)}"'
    if shape.anchor != "start":
        attrs += f' text-anchor="{shape.anchor}"'
    if shape.width is not None:
        attrs += f' textLength="{_num(shape.width)}" lengthAdjust="spacingAndGlyphs"'
    return f'<text {attrs} fill="{shape.fill}">{escape(shape.text)}</text>'


@lru_cache(maxsize=None)
def _svg_body(tile: Tile) -> str:
    parts: list[str] = []
    run: list[str] = []
    run_paint = None

    def flush():
        if len(run) == 1:
            parts.append(f"<{run[0]} {run_paint}/>")
        elif run:
            parts.append(f"<g {run_paint}>" + "".join(f"<{g}/>" for g in run) + "</g>")
        run.clear()

    for shape in face(tile):
        if isinstance(shape, Text):
            flush()
            parts.append(_svg_text(shape))
            continue
        geom, paint = _svg_element(shape)
        if paint != run_paint:
            flush()
            run_paint = paint
        run.append(geom)
    flush()
    return "".join(parts)


def tile_svg(tile, height: float = 80) -> str:
    """A standalone SVG document of one face (``viewBox="0 0 60 80"``), ``height`` pixels high.

    The text is deterministic: no ids, no timestamps, fixed number formatting.
    ``tile`` is a :class:`~mjlearn.tiles.Tile`, its number or its notation.
    """
    tile = as_tile(tile)
    title = escape(tile.long_name)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{_num(height * WIDTH / HEIGHT)}" height="{_num(height)}" role="img" '
        f'font-family="{FONT_FAMILY}" font-weight="bold" stroke-linecap="round" stroke-linejoin="round">'
        f"<title>{title}</title>{_svg_body(tile)}</svg>"
    )


# -- Pillow back-end -----------------------------------------------------------
@lru_cache(maxsize=None)
def _font(size: int):
    from PIL import ImageFont

    return ImageFont.load_default(size=size)


@lru_cache(maxsize=None)
def _cap_ratio() -> float:
    top = _font(1000).getbbox("H", anchor="ls")[1]
    return -top / 1000


def _pil_text(image, draw, shape: Text, scale: float) -> None:
    from PIL import Image, ImageDraw

    cap = shape.cap * scale
    stroke = max(0, round(cap * PIL_BOLD))
    font = _font(max(1, round((cap - 2 * stroke) / _cap_ratio())))
    x, y = shape.x * scale, shape.y * scale - stroke
    anchor = "ms" if shape.anchor == "middle" else "ls"
    if shape.width is None:
        draw.text((x, y), shape.text, fill=shape.fill, font=font, anchor=anchor,
                  stroke_width=stroke, stroke_fill=shape.fill)
        return
    # Squeeze or stretch to the given advance width, as SVG's textLength does.
    advance = font.getlength(shape.text)
    pad = stroke + 2
    top = round(cap * 2)
    mask = Image.new("L", (math.ceil(advance) + 2 * pad, top + pad * 2 + round(cap)), 0)
    ImageDraw.Draw(mask).text((pad, top + pad), shape.text, fill=255, font=font, anchor="ls",
                              stroke_width=stroke, stroke_fill=255)
    factor = shape.width * scale / advance
    mask = mask.resize((max(1, round(mask.width * factor)), mask.height), Image.Resampling.LANCZOS)
    left = x - pad * factor - (shape.width * scale / 2 if shape.anchor == "middle" else 0)
    colour = Image.new("RGBA", mask.size, shape.fill)
    image.alpha_composite(_masked(colour, mask), (round(left), round(y - top - pad)))


def _masked(colour, mask):
    colour.putalpha(mask)
    return colour


def _pil_draw(image, shapes, scale: float) -> None:
    from PIL import ImageDraw

    draw = ImageDraw.Draw(image)

    def p(x, y):  # canvas units -> pixel coordinates (pixel centres at +0.5)
        return (x * scale - 0.5, y * scale - 0.5)

    def px(v):
        return max(1, round(v * scale))

    def box(x0, y0, x1, y1, grow):
        return [x0 * scale - 0.5 - grow, y0 * scale - 0.5 - grow, x1 * scale - 0.5 + grow, y1 * scale - 0.5 + grow]

    def dot(x, y, width):  # a round cap or join
        r = width / 2
        cx, cy = p(x, y)
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour_of_stroke[0])

    colour_of_stroke = [None]

    def stroke_line(points, colour, sw, closed=False):
        width = px(sw)
        colour_of_stroke[0] = colour
        pts = list(points) + ([points[0]] if closed else [])
        draw.line([p(x, y) for x, y in pts], fill=colour, width=width, joint="curve")
        for x, y in (points if closed else (points[0], points[-1])):
            dot(x, y, width)

    for shape in shapes:
        if isinstance(shape, Text):
            _pil_text(image, draw, shape, scale)
        elif isinstance(shape, RRect):
            grow = shape.sw * scale / 2 if shape.stroke else 0
            draw.rounded_rectangle(box(shape.x, shape.y, shape.x + shape.w, shape.y + shape.h, grow),
                                   radius=shape.r * scale + grow, fill=shape.fill,
                                   outline=shape.stroke, width=px(shape.sw) if shape.stroke else 0)
        elif isinstance(shape, (Circle, Ellipse)):
            rx, ry = (shape.r, shape.r) if isinstance(shape, Circle) else (shape.rx, shape.ry)
            grow = shape.sw * scale / 2 if shape.stroke else 0
            draw.ellipse(box(shape.cx - rx, shape.cy - ry, shape.cx + rx, shape.cy + ry, grow),
                         fill=shape.fill, outline=shape.stroke, width=px(shape.sw) if shape.stroke else 0)
        elif isinstance(shape, Line):
            stroke_line(((shape.x1, shape.y1), (shape.x2, shape.y2)), shape.stroke, shape.sw)
        elif isinstance(shape, Polyline):
            stroke_line(shape.points, shape.stroke, shape.sw)
        elif isinstance(shape, Polygon):
            if shape.fill:
                draw.polygon([p(x, y) for x, y in shape.points], fill=shape.fill)
            if shape.stroke:
                stroke_line(shape.points, shape.stroke, shape.sw, closed=True)
        else:  # pragma: no cover
            raise _not_a_shape(shape)


def tile_image(tile, height: int = 80) -> "Image.Image":
    """One face as an RGBA Pillow image ``height`` pixels high (transparent outside the rounded corners)."""
    from PIL import Image

    tile = as_tile(tile)
    height = int(height)
    width = max(1, round(height * WIDTH / HEIGHT))
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    _pil_draw(big, face(tile), height * SUPERSAMPLE / HEIGHT)
    return big.resize((width, height), Image.Resampling.LANCZOS)


def tile_sheet(height: int = 80, columns: int = 9) -> "Image.Image":
    """All 36 faces in a grid, each with its notation under it (RGBA, white background)."""
    from PIL import Image, ImageDraw

    faces = [tile_image(t, height) for t in Tile]
    width = faces[0].width
    gap = max(4, round(height * 0.12))
    label = max(10, round(height * 0.2))
    cell_w, cell_h = width + gap, height + label + gap
    rows = math.ceil(len(faces) / columns)
    sheet = Image.new("RGBA", (columns * cell_w + gap, rows * cell_h + gap), (255, 255, 255, 255))
    draw = ImageDraw.Draw(sheet)
    font = _font(label)
    for i, (tile, image) in enumerate(zip(Tile, faces)):
        x, y = gap + (i % columns) * cell_w, gap + (i // columns) * cell_h
        sheet.alpha_composite(image, (x, y))
        draw.text((x + width / 2, y + height + label * 0.15), tile.notation, fill=PALETTE["ink"], font=font,
                  anchor="mt")
    return sheet


def write_assets(folder) -> list[Path]:
    """Write ``<notation>.svg`` and ``<notation>.png`` (128 px high) for every tile, and ``sheet.png``.

    Returns the paths written. Running it twice writes the same bytes.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for tile in Tile:
        svg = folder / f"{asset_name(tile)}.svg"
        svg.write_text(tile_svg(tile) + "\n", encoding="utf-8", newline="\n")
        png = folder / f"{asset_name(tile)}.png"
        tile_image(tile, 128).save(png, format="PNG", optimize=True)
        written += [svg, png]
    sheet = folder / "sheet.png"
    tile_sheet(96).save(sheet, format="PNG", optimize=True)
    written.append(sheet)
    return written
