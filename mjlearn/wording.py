"""Small helpers for the words mjlearn shows people.

>>> counted(1, "hand"), counted(308, "hand"), counted(1, "category"), counted(10, "category")
('1 hand', '308 hands', '1 category', '10 categories')
>>> shown("basic2"), shown(None), shown(list(range(30)))
("'basic2'", 'None (NoneType)', '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11... (list)')
>>> chance_words(0.5567), chance_words(0.0049), chance_words(5.5e-05), chance_words(0)
('55.7%', '0.49%', 'less than 0.01% (about 1 in 18,000)', '0%')
>>> listed(["West"]), listed(["West", "North"]), listed(["East", "West", "North"]), listed([])
('West', 'West and North', 'East, West and North', '')
"""

from __future__ import annotations

__all__ = ["counted", "shown", "chance_words", "listed"]

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


def chance_words(p: float) -> str:
    """A chance as a beginner reads it: a percentage, never ``5.5e-05``.

    From 1% up, one decimal (``"55.7%"``); below, two significant figures (``"0.49%"``, ``"0.019%"``);
    under 0.01%, ``"less than 0.01%"`` and how rare that is (``"about 1 in 18,000"``, two significant
    figures). 0 is ``"0%"``, 1 ``"100%"``; a chance short of certain never shows as 100%.

    >>> chance_words(1), chance_words(0.99999), chance_words(0.0123), chance_words(0.0001), chance_words(2e-07)
    ('100%', 'more than 99.9%', '1.2%', '0.01%', 'less than 0.01% (about 1 in 5,000,000)')
    """
    from .errors import ArgumentError

    if isinstance(p, (bool, str, bytes)) or not hasattr(p, "__float__"):  # (a number: Python's or numpy's)
        raise ArgumentError(f"a chance is a number between 0 and 1, not {shown(p)}")
    p = float(p)
    if not 0 <= p <= 1:
        raise ArgumentError(f"a chance is between 0 and 1, not {shown(p)}")
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    if p >= 0.01:
        text = f"{p:.1%}"
        return "more than 99.9%" if text == "100.0%" else text
    if p >= 0.0001:
        return f"{float(f'{p * 100:.2g}'):g}%"
    one_in = float(f"{1 / p:.2g}")
    return f"less than 0.01% (about 1 in {one_in:,.0f})"


def listed(items) -> str:
    """Words in a list as a sentence gives them: ``"West"``, ``"West and North"``, ``"East, West and North"``
    (``""`` for none)."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
