"""Small helpers for the words mjlearn shows people.

>>> counted(1, "hand"), counted(308, "hand"), counted(1, "category"), counted(10, "category")
('1 hand', '308 hands', '1 category', '10 categories')
"""

from __future__ import annotations

__all__ = ["counted"]

_IRREGULAR = {"category": "categories"}


def counted(number: int, noun: str) -> str:
    """``number`` and ``noun``, the noun in the plural unless the number is 1."""
    if number == 1:
        return f"{number} {noun}"
    return f"{number} {_IRREGULAR.get(noun, noun + 's')}"
