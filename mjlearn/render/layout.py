"""How a card line is laid out for people: coloured set texts, decorations, notes, mark and value.

Shared by the notebook display and the printed card, so both show a line the same way.

>>> import mjlearn as mj
>>> [(s.text, s.colour) for s in line_segments(mj.parse_line("FF 2222 + r4444 = a6666"))[0]]
[('FF', 'blue'), ('2222', 'green'), ('+', 'black'), ('4444', 'red'), ('=', 'black'), ('6666', 'purple')]

Flowers, winds and the zero are always blue, as on the printed card; a year set mixes inks:

>>> [s.runs for s in line_segments(mj.parse_line("r2026 NEWS 222 444"))[0][:2]]
[(('2', 'red'), ('0', 'blue'), ('26', 'red')), (('NEWS', 'blue'),)]
>>> mark_text(mj.parse_line("FF 222 444 666 888 C50"))
'C 50'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..mjcl.notes import line_notes
from ..mjcl.syntax import COLOUR_NAMES, Decoration

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Line

__all__ = ["Segment", "line_segments", "mark_text", "notes_text", "INK"]

INK = {
    "green": "#18794e",
    "red": "#c4262e",
    "blue": "#1d4ed8",
    "purple": "#7e3fa6",
    "black": "#222222",
}
"""The printing colours: card greens, reds and blues, purple for any-suit sets."""

SUITLESS_BLUE = "FNEWS0"
"""Tiles the printed card always draws in blue, whatever the set's colour: flowers, winds, the zero."""


@dataclass(frozen=True)
class Segment:
    """A piece of a line as printed: its text and ink (a key of :data:`INK`).

    ``runs`` splits the text into (text, ink) pieces where one set mixes inks (``2026``:
    the zero is blue); it is ``((text, colour),)`` otherwise.
    """

    text: str
    colour: str
    runs: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not self.runs:
            object.__setattr__(self, "runs", ((self.text, self.colour),))


def _set_segment(groups, colour: str) -> Segment:
    """A set's segment: its suit ink, with flowers, winds and zeros in blue (the one place that rule lives)."""
    runs: list[list[str]] = []
    for group in groups:
        ink = "blue" if group.char in SUITLESS_BLUE else colour
        if runs and runs[-1][1] == ink:
            runs[-1][0] += group.text()
        else:
            runs.append([group.text(), ink])
    inks = {ink for _, ink in runs}
    whole = inks.pop() if len(inks) == 1 else colour
    return Segment("".join(text for text, _ in runs), whole, tuple((t, i) for t, i in runs))


def line_segments(line: "Line") -> list[list[Segment]]:
    """Per pattern of the line, its sets and decorations as coloured segments."""
    from ..mjcl.notes import any_suit_sets

    patterns = []
    for pattern in line.patterns:
        purple = any_suit_sets(pattern, line.expanders)
        segments = []
        number = 0
        for item in pattern.items:
            if isinstance(item, Decoration):
                segments.append(Segment(item.char, "black"))
            else:
                colour = "purple" if number in purple else COLOUR_NAMES[item.colour]
                segments.append(_set_segment(item.groups, colour))
                number += 1
        patterns.append(segments)
    return patterns


def mark_text(line: "Line") -> str:
    """``"X 25"`` for an exposed line, ``"C 50"`` for a concealed one."""
    return f"{'C' if line.concealed else 'X'} {line.value}"


def notes_text(line: "Line") -> str:
    """The line's notes as a printed card shows them: ``"(Any 2 Suits, Any Like Nos)"``, or ``""``."""
    notes = line_notes(line.spec)
    return f"({', '.join(notes)})" if notes else ""
