"""The 36 kinds of American Mah Jongg tile and the 152-tile set.

A :class:`Tile` is one *kind* of tile (there are four 3 bams in a set, but one
``Tile.B3``). Tiles are small integers, so they index arrays directly::

    >>> from mjlearn.tiles import Tile, Suit
    >>> Tile.B3, int(Tile.B3), Tile.B3.notation
    (<Tile.B3: 2>, 2, '3B')
    >>> Tile.from_notation("0").long_name
    'White Dragon (soap)'
    >>> Suit.CRAK.dragon
    <Tile.RED: 32>
    >>> sum(t.copies for t in Tile)
    152

The concrete notation (see ``docs/mjcl.md``) writes tiles as digits followed by
a suit letter (``222B`` three 2 bams, ``13579D`` five dots), ``R G 0`` for the
red, green and white dragons, ``N E W S`` for winds, ``F`` flower, ``J`` joker.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import NotationError

__all__ = [
    "Suit",
    "Tile",
    "NUM_KINDS",
    "COPIES",
    "TILE_SET",
    "TILE_SET_SIZE",
    "as_tile",
    "parse_tiles",
    "MAX_NOTATION_CHARS",
    "format_tile_counts",
    "tile_token",
    "FORMAT_ORDER",
]


class Suit(IntEnum):
    """The three suits. Each has a dragon: bam-green, crak-red, dot-white."""

    BAM = 0
    CRAK = 1
    DOT = 2

    @property
    def letter(self) -> str:
        """The suit letter of the concrete notation: ``B``, ``C`` or ``D``."""
        return "BCD"[self]

    @property
    def dragon(self) -> "Tile":
        """The dragon associated with this suit (bam-green, crak-red, dot-white)."""
        return Tile(Tile.GREEN + self)

    @property
    def long_name(self) -> str:
        return ("Bam", "Crak", "Dot")[self]

    @classmethod
    def from_letter(cls, letter: str) -> "Suit":
        index = "BCD".find(letter.upper()) if len(letter) == 1 else -1
        if index < 0:
            raise NotationError(f"unknown suit letter {letter!r}; suits are B (bam), C (crak), D (dot)")
        return cls(index)


class Tile(IntEnum):
    """One of the 36 kinds of tile, numbered 0-35.

    0-8 are 1-9 bam, 9-17 1-9 crak, 18-26 1-9 dot, then the winds N E W S,
    the dragons green, red and white (in suit order), flower and joker.
    """

    B1 = 0
    B2 = 1
    B3 = 2
    B4 = 3
    B5 = 4
    B6 = 5
    B7 = 6
    B8 = 7
    B9 = 8
    C1 = 9
    C2 = 10
    C3 = 11
    C4 = 12
    C5 = 13
    C6 = 14
    C7 = 15
    C8 = 16
    C9 = 17
    D1 = 18
    D2 = 19
    D3 = 20
    D4 = 21
    D5 = 22
    D6 = 23
    D7 = 24
    D8 = 25
    D9 = 26
    NORTH = 27
    EAST = 28
    WEST = 29
    SOUTH = 30
    GREEN = 31
    RED = 32
    WHITE = 33
    FLOWER = 34
    JOKER = 35

    # -- construction -------------------------------------------------
    @classmethod
    def numbered(cls, number: int, suit: Suit | int) -> "Tile":
        """The tile ``number`` (1-9) of ``suit``: ``Tile.numbered(5, Suit.DOT)`` is ``Tile.D5``."""
        if not 1 <= number <= 9:
            raise NotationError(f"tile numbers run 1-9, not {number}")
        return cls(int(suit) * 9 + number - 1)

    @classmethod
    def from_notation(cls, text: str) -> "Tile":
        """One tile in the concrete notation: ``"5D"``, ``"N"``, ``"0"``, ``"J"``."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise NotationError(f"expected one tile, got {len(tiles)}", text)
        return tiles[0]

    # -- properties -----------------------------------------------------
    @property
    def suit(self) -> Suit | None:
        """The suit of a numbered tile, ``None`` for honours, flowers and jokers."""
        return Suit(self // 9) if self < 27 else None

    @property
    def number(self) -> int | None:
        """1-9 for numbered tiles, else ``None``."""
        return self % 9 + 1 if self < 27 else None

    @property
    def is_number(self) -> bool:
        return self < 27

    @property
    def is_wind(self) -> bool:
        return 27 <= self <= 30

    @property
    def is_dragon(self) -> bool:
        return 31 <= self <= 33

    @property
    def is_flower(self) -> bool:
        return self == Tile.FLOWER

    @property
    def is_joker(self) -> bool:
        return self == Tile.JOKER

    @property
    def dragon_suit(self) -> Suit | None:
        """The suit a dragon belongs to (green-bam, red-crak, white-dot)."""
        return Suit(self - 31) if self.is_dragon else None

    @property
    def copies(self) -> int:
        """How many of this tile a 152-tile set holds: 4, or 8 flowers and 8 jokers."""
        return 8 if self >= 34 else 4

    @property
    def notation(self) -> str:
        """This tile in the concrete notation: ``"3B"``, ``"N"``, ``"R"``, ``"0"``, ``"F"``, ``"J"``."""
        return _NOTATION[self]

    @property
    def long_name(self) -> str:
        """A name for people: ``"3 Bam"``, ``"North"``, ``"White Dragon (soap)"``."""
        return _LONG_NAMES[self]

    def __str__(self) -> str:
        return self.notation


# Rich display, attached after the class (Enum reserves _sunder_ names in its body).
# The renderer is imported only when a notebook asks.
def _tile_repr_svg(self: Tile) -> str:
    from .render.tileart import tile_svg

    return tile_svg(self)


def _tile_repr_png(self: Tile) -> bytes:
    from .render import png_bytes
    from .render.tileart import tile_image

    return png_bytes(tile_image(self, 80))


Tile._repr_svg_ = _tile_repr_svg  # type: ignore[attr-defined]
Tile._repr_png_ = _tile_repr_png  # type: ignore[attr-defined]

NUM_KINDS = 36

_HONOUR_LETTERS = "NEWSGR0FJ"
_NOTATION = [f"{n}{s}" for s in "BCD" for n in range(1, 10)] + list(_HONOUR_LETTERS)
_LONG_NAMES = [f"{n} {s}" for s in ("Bam", "Crak", "Dot") for n in range(1, 10)] + [
    "North",
    "East",
    "West",
    "South",
    "Green Dragon",
    "Red Dragon",
    "White Dragon (soap)",
    "Flower",
    "Joker",
]
_HONOUR_BY_LETTER = {letter: Tile(27 + i) for i, letter in enumerate(_HONOUR_LETTERS)}

COPIES: tuple[int, ...] = tuple(t.copies for t in Tile)
"""How many of each kind the set holds, indexed by tile (fast lookup)."""

TILE_SET: tuple[Tile, ...] = tuple(t for t in Tile for _ in range(t.copies))
"""Every tile of the 152-tile set, sorted by kind."""
TILE_SET_SIZE = len(TILE_SET)
assert TILE_SET_SIZE == 152


def as_tile(value: "Tile | str | int") -> Tile:
    """A :class:`Tile` from a Tile, its notation (``"3B"``) or its number (0-35).

    >>> as_tile("0"), as_tile(2), as_tile(Tile.RED)
    (<Tile.WHITE: 33>, <Tile.B3: 2>, <Tile.RED: 32>)
    """
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.from_notation(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_KINDS:
        return Tile(value)
    raise NotationError(f"not a tile: {value!r}")


MAX_NOTATION_CHARS = 2_000
"""Longest tile-notation string :func:`parse_tiles` reads (all 152 tiles written out fit)."""


def parse_tiles(text: str) -> list[Tile]:
    """Read tiles written in the concrete notation.

    Whitespace separates tokens but is optional between tiles. Digits take the
    suit letter that follows them (``13579D``); ``R G 0 N E W S F J`` stand
    alone and may repeat (``FF``, ``RRR``).

    >>> [t.notation for t in parse_tiles("FF 22B 0")]
    ['F', 'F', '2B', '2B', '0']
    """
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a string, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_CHARS:  # checked first: refused at once, whatever the text
        error = NotationError(
            f"{len(text):,} characters of tile notation; at most {MAX_NOTATION_CHARS:,}"
            f" (the text is refused from position {MAX_NOTATION_CHARS:,})"
        )
        error.text, error.position = text, MAX_NOTATION_CHARS  # no caret line under so long a text
        raise error
    tiles: list[Tile] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            i += 1
        elif ch in "123456789":
            start = i
            while i < n and text[i] in "123456789":
                i += 1
            if i >= n or text[i] not in "BCDbcd":
                found = "the end" if i >= n else repr(text[i])
                raise NotationError(
                    f"the numbers {text[start:i]!r} need a suit letter B, C or D after them, found {found}",
                    text,
                    i,
                )
            suit = Suit.from_letter(text[i])
            tiles.extend(Tile.numbered(int(d), suit) for d in text[start:i])
            i += 1
        elif ch in _HONOUR_BY_LETTER:
            tiles.append(_HONOUR_BY_LETTER[ch])
            i += 1
        else:
            hint = ""
            if ch.upper() in _HONOUR_BY_LETTER:
                hint = " (tile letters are upper case)"
            elif ch in "BCD":
                hint = " (a suit letter must follow numbers, as in 5D)"
            raise NotationError(
                f"unknown tile {ch!r}{hint}; tiles are 1-9 with B/C/D, N E W S, R G 0, F, J",
                text,
                i,
            )
    return tiles


def format_tile_counts(counts: Iterable[int]) -> str:
    """Write a multiset of tiles (36 counts) in canonical concrete notation.

    Flowers first, then bams, craks, dots (one token per number), winds,
    dragons in suit order (green, red, white) and jokers last:

    >>> counts = [0] * 36; counts[Tile.FLOWER] = 2; counts[Tile.B2] = 3; counts[Tile.JOKER] = 1
    >>> format_tile_counts(counts)
    'FF 222B J'
    """
    counts = list(counts)
    return " ".join(tile_token(kind, counts[kind]) for kind in FORMAT_ORDER if counts[kind])


FORMAT_ORDER = [34, *range(34), 35]
"""The order of tiles in the canonical notation: flowers, bams, craks, dots, winds, dragons, jokers."""


def _make_token(kind: int, n: int) -> str:
    if kind < 27:
        return str(kind % 9 + 1) * n + "BCD"[kind // 9]
    return _NOTATION[kind] * n


_TOKENS = [[_make_token(kind, n) for n in range(15)] for kind in range(NUM_KINDS)]


def tile_token(kind: int, n: int) -> str:
    """``n`` tiles of one kind as a token of the notation: ``tile_token(1, 3)`` is ``'222B'``."""
    return _TOKENS[kind][n] if n < 15 else _make_token(kind, n)
