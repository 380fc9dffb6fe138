"""Checks for the arguments of the public analysis calls, in one place.

The rule: a public call given an argument of the wrong type or out of range
raises :class:`~mjlearn.errors.ArgumentError` (a ``ValueError``) that names
the argument and says what it accepts, before any work starts. A card is read
with :func:`mjlearn.resources.as_card` and a rack with
:func:`mjlearn.hands.as_hand`, the same for every layer. Counts accept
Python and numpy integers but not ``bool``; flags accept ``bool`` and numpy
bools only.

>>> count_argument("n", 3), count_argument("n", None, allow_none=True)
(3, None)
>>> count_argument("n", True)
Traceback (most recent call last):
...
mjlearn.errors.ArgumentError: n must be a whole number (0 or more), not True
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..errors import ArgumentError
from ..hands import Hand
from ..wording import shown

__all__ = ["choice_argument", "count_argument", "exposures_argument", "flag_argument", "ruleset_argument"]


def count_argument(name: str, value, minimum: int = 0, maximum: int | None = None, allow_none: bool = False):
    """``value`` as an ``int`` if it is a whole number in range (``None`` too with ``allow_none``)."""
    if value is None and allow_none:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ArgumentError(f"{name} must be {_whole_number(minimum, maximum, allow_none)}, not {_shown(value)}")
    number = int(value)
    if number < minimum or (maximum is not None and number > maximum):
        raise ArgumentError(f"{name} must be {_whole_number(minimum, maximum, allow_none)}, not {number}")
    return number


def _whole_number(minimum: int, maximum: int | None, allow_none: bool) -> str:
    """What :func:`count_argument` accepts, in words (written only for an error)."""
    span = f"{minimum} or more" if maximum is None else f"{minimum} to {maximum}"
    return f"a whole number ({span}{', or None' if allow_none else ''})"


def flag_argument(name: str, value) -> bool:
    """``value`` if it is ``True`` or ``False`` (a numpy bool too)."""
    if not isinstance(value, (bool, np.bool_)):
        raise ArgumentError(f"{name} must be True or False, not {_shown(value)}")
    return bool(value)


def choice_argument(name: str, value, options: tuple[str, ...]) -> str:
    """``value`` if it is one of the strings ``options``."""
    if not isinstance(value, str) or value not in options:
        wanted = " or ".join(repr(o) for o in options)
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    return value


def exposures_argument(value) -> list:
    """The exposures as a list: one string, Hand or Exposure is one exposed group; else an iterable of them."""
    from .position import Exposure

    single = (str, Hand, Exposure)
    if isinstance(value, single):
        return [value]
    accepts = "an exposed group (notation such as '555C', a Hand or an Exposure) or a list of them"
    if isinstance(value, (dict, bytes)) or not isinstance(value, Iterable):
        raise ArgumentError(f"exposures must be {accepts}, not {_shown(value)}")
    items = list(value)
    for place, item in enumerate(items):
        if not isinstance(item, single):
            raise ArgumentError(f"exposures[{place}] must be an exposed group (notation, a Hand or an Exposure),"
                                f" not {_shown(item)}")
    return items


def ruleset_argument(value):
    """``value`` if it is ``None``, a ruleset's name or a :class:`~mjlearn.rules.Ruleset`."""
    if value is None or isinstance(value, str) or hasattr(value, "reverse_runs"):
        return value
    raise ArgumentError(f"ruleset must be None, a ruleset's name (such as 'NMJL' or 'MAHJ-X') or a Ruleset,"
                        f" not {_shown(value)}")


def _shown(value) -> str:
    """A short description of a wrong value: its repr, cut to 40 characters, and its type."""
    return shown(value)
