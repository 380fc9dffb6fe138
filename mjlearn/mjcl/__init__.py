"""The Mah Jongg Card Language: reading lines and cards, and expanding lines into hands.

This package knows only the language; :mod:`mjlearn.card` builds the card model
(:class:`~mjlearn.card.Card`, :class:`~mjlearn.card.Line`) on top of it.
"""

from .expansion import EXPANSION_LIMIT, DroppedHand, LineExpansion, expand_line, line_expansion
from .parser import CardSource, CategorySource, LineSource, parse_card_source, parse_line_spec
from .syntax import Decoration, Expander, Group, LineSpec, Pattern, SetSpec, format_line

__all__ = [
    "EXPANSION_LIMIT",
    "CardSource",
    "CategorySource",
    "Decoration",
    "DroppedHand",
    "Expander",
    "Group",
    "LineExpansion",
    "LineSource",
    "LineSpec",
    "Pattern",
    "SetSpec",
    "expand_line",
    "format_line",
    "line_expansion",
    "parse_card_source",
    "parse_line_spec",
]
