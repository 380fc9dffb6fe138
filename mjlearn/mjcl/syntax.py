"""The syntax tree of an MJCL hand line, and how it is written back as text.

A line holds one or two :class:`Pattern` s, a list of :class:`Expander` s, the
exposed/concealed mark, a value and notes. A pattern is a sequence of
:class:`SetSpec` (tiles) and :class:`Decoration` (``+ - = x /``) items.
Positions (``column``) are kept for error messages but are not part of
equality, so a card written back with :func:`format_line` parses to an equal
tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = [
    "TILE_CHARS",
    "SUITED_CHARS",
    "DIGITS",
    "COLOURS",
    "SUIT_PREFIXES",
    "DECORATIONS",
    "EXPANDER_CODES",
    "GROUP_SIZE_CODES",
    "Group",
    "SetSpec",
    "Decoration",
    "Pattern",
    "Expander",
    "LineSpec",
    "format_line",
]

DIGITS = "123456789"
TILE_CHARS = DIGITS + "DGR0FNEWS"
SUITED_CHARS = DIGITS + "D"
COLOURS = "grb"
COLOUR_NAMES = {"g": "green", "r": "red", "b": "blue"}
SUIT_PREFIXES = "mcd"  # bam, crak, dot
DECORATIONS = "+-=x/"
EXPANDER_CODES = "TIAPKQZLUV*>YH#~!"
GROUP_SIZE_CODES = {"I": 1, "A": 2, "P": 3, "K": 4, "Q": 5, "Z": 0}  # 0: any size


@dataclass(frozen=True)
class Group:
    """A run of one identical tile character inside a set: ``222`` is Group("2", 3)."""

    char: str
    size: int

    def text(self) -> str:
        return self.char * self.size


@dataclass(frozen=True)
class SetSpec:
    """One set token of a pattern.

    ``colour`` is the colour in force for it (``g``, ``r`` or ``b``; colours
    are sticky), ``suit`` a fixed suit prefix (``m`` bam, ``c`` crak, ``d``
    dot) or ``None``, ``any_suit`` whether it takes any suit (``a`` prefix).
    """

    groups: tuple[Group, ...]
    colour: str = "g"
    suit: str | None = None
    any_suit: bool = False
    column: int = field(default=0, compare=False)

    @property
    def tiles(self) -> int:
        return sum(g.size for g in self.groups)

    @property
    def is_suited(self) -> bool:
        """Whether it holds numbers or ``D`` (so it needs a suit)."""
        return any(g.char in SUITED_CHARS for g in self.groups)

    def text(self, previous_colour: str) -> str:
        prefix = "" if self.colour == previous_colour else self.colour
        if self.any_suit:
            prefix += "a"
        elif self.suit:
            prefix += self.suit
        return prefix + "".join(g.text() for g in self.groups)


@dataclass(frozen=True)
class Decoration:
    """A decoration character shown on the card: ``+ - = x /``. It holds no tiles."""

    char: str
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Pattern:
    """A base pattern: the sets (and decorations) of one way to write the hand."""

    items: tuple[SetSpec | Decoration, ...]
    column: int = field(default=0, compare=False)

    @property
    def sets(self) -> tuple[SetSpec, ...]:
        """The set tokens, numbered from 0 as the ``*``, ``>`` and ``H`` codes count them."""
        return tuple(item for item in self.items if isinstance(item, SetSpec))

    @property
    def tiles(self) -> int:
        return sum(s.tiles for s in self.sets)

    def text(self) -> str:
        parts = []
        colour = "g"
        for item in self.items:
            if isinstance(item, Decoration):
                parts.append(item.char)
            else:
                parts.append(item.text(colour))
                colour = item.colour
        return " ".join(parts)


@dataclass(frozen=True)
class Expander:
    """An expander code and its argument: ``Expander("U", "Q12")`` for ``UQ12``."""

    code: str
    arg: str = ""
    column: int = field(default=0, compare=False)

    def text(self) -> str:
        return self.code + self.arg


@dataclass(frozen=True)
class LineSpec:
    """Everything an MJCL hand line says."""

    patterns: tuple[Pattern, ...]
    expanders: tuple[Expander, ...] = ()
    concealed: bool = False
    value: int = 25
    notes: tuple[str, ...] = ()

    def text(self) -> str:
        return format_line(self)


def format_line(spec: LineSpec) -> str:
    """Write a line in canonical MJCL (always with its mark and value).

    >>> from mjlearn.mjcl import parse_line_spec
    >>> format_line(parse_line_spec("gFF 222  444 r666 r888 (Any 2 Suits)"))
    'FF 222 444 r666 888 X25 (Any 2 Suits)'
    """
    parts = [" | ".join(p.text() for p in spec.patterns)]
    parts.extend(e.text() for e in spec.expanders)
    parts.append(("C" if spec.concealed else "X") + str(spec.value))
    parts.extend(f"({note})" for note in spec.notes)
    return " ".join(parts)
