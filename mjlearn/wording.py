"""Small helpers for the words mjlearn shows people.

>>> counted(1, "hand"), counted(308, "hand"), counted(1, "category"), counted(10, "category")
('1 hand', '308 hands', '1 category', '10 categories')
>>> shown("basic2"), shown(None), shown(list(range(30)))
("'basic2'", 'None (NoneType)', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11... (list)')
"""

from __future__ import annotations

__all__ = ["counted", "shown"]

_IRREGULAR = {"category": "categories"}


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is 1."""
    if number == 1:
        return f"{number} {noun}"
    return f"{number} {_IRREGULAR.get(noun, noun + 's')}"


def shown(value: object) -> str:
    """A wrong value as an error message shows it: its repr cut to 40 characters, and its type unless
    it is a plain ``bool``, ``int``, ``float`` or ``str`` (a numpy number names its type too)."""
    text = repr(value)
    if len(text) > 40:
        text = text[:37] + "..."
    return text if type(value) in (bool, int, float, str) else f"{text} ({type(value).__name__})"
