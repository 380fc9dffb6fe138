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

__all__ = ["choice_argument", "count_argument", "exposures_argument", "flag_argument", "ruleset_argument",
           "key_argument", "amount_argument", "weights_argument", "waiting_argument", "evidence_argument", "whole_argument",
           "text_argument", "items_argument", "instance_argument", "callable_argument"]


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


def whole_argument(name: str, value, wanted: str = "a whole number") -> int:
    """``value`` as an ``int`` if it is a whole number: anything with ``__index__`` (a Python or numpy integer),
    not a bool; else an :class:`~mjlearn.errors.ArgumentError` that says ``name`` must be ``wanted``. The check
    of a seed (:func:`~mjlearn.rules.setup.seed_or_fresh`), a lesson checker's right answer, and the numbers
    of the horizon's words; :func:`count_argument` adds a range.

    >>> whole_argument("expected", 12), whole_argument("expected", np.int64(3))
    (12, 3)
    >>> whole_argument("expected", "12")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: expected must be a whole number, not '12'
    """
    if not isinstance(value, (bool, np.bool_)) and hasattr(value, "__index__"):
        try:
            return int(value.__index__())
        except TypeError:
            pass
    raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")


def text_argument(name: str, value, allow_none: bool = False, written: bool = False) -> str | None:
    """``value`` if it is text (a ``str``; ``None`` too with ``allow_none``): a question, a hint, a name.
    ``written=True`` also refuses text that UTF-8 cannot hold (a lone surrogate such as ``"\\ud800"``): text
    that is printed in a PDF or written to a file.

    >>> text_argument("question", "How many?")
    'How many?'
    >>> text_argument("question", 3)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: question must be text (a str), not 3
    >>> text_argument("title", "Practice \\ud800", written=True)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: title must be text UTF-8 can hold (no lone surrogate), not 'Practice \\ud800'
    """
    if isinstance(value, str):
        if written:
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                wanted = "text UTF-8 can hold (no lone surrogate)"
                raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}") from None
        return value
    if value is None and allow_none:
        return value
    raise ArgumentError(f"{name} must be text (a str{', or None' if allow_none else ''}), not {_shown(value)}")


def items_argument(name: str, value, wanted: str = "a list") -> list:
    """``value`` as a list if it is a list, a tuple or another iterable of items, but not text (read letter by
    letter) nor a dict; else an :class:`~mjlearn.errors.ArgumentError` that says ``name`` must be ``wanted``.

    >>> items_argument("options", ("dispute", "caller dead"))
    ['dispute', 'caller dead']
    >>> items_argument("options", "dispute", "a list of texts")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: options must be a list of texts, not 'dispute'
    """
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    return list(value)


def instance_argument(name: str, value, kind: type, wanted: str):
    """``value`` if it is a ``kind`` (a Game, a Charleston, a card's Line...); else an
    :class:`~mjlearn.errors.ArgumentError` that says ``name`` must be ``wanted``.

    >>> instance_argument("line", "FF 222", Hand, "a Hand")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: line must be a Hand, not 'FF 222'
    """
    if not isinstance(value, kind):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    return value


def callable_argument(name: str, value, wanted: str):
    """``value`` if it can be called (a function, a method); else an :class:`~mjlearn.errors.ArgumentError` that
    says ``name`` must be ``wanted``."""
    if not callable(value):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    return value


def amount_argument(name: str, value, allow_none: bool = False) -> float | None:
    """``value`` as a ``float`` if it is a finite number, 0 or more (``None`` too with ``allow_none``): a margin, a
    share, a scale.

    >>> amount_argument("caution", 1), amount_argument("call_margin", None, allow_none=True)
    (1.0, None)
    >>> amount_argument("caution", -0.5)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: caution must be a number, 0 or more, not -0.5
    """
    if value is None and allow_none:
        return None
    wanted = f"a number, 0 or more{' (or None)' if allow_none else ''}"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    number = float(value)
    if not np.isfinite(number) or number < 0:
        raise ArgumentError(f"{name} must be {wanted}, not {value!r}")
    return number


def weights_argument(name: str, value) -> np.ndarray:
    """``value`` as a float array if it is a list of 1 to 14 finite numbers, 0 or more, the first above 0 (what
    the best lines count for, best first).

    >>> weights_argument("weights", (1, 0.35, 0.15)).tolist()
    [1.0, 0.35, 0.15]
    >>> weights_argument("weights", "1 0.5")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: weights must be a list of 1 to 14 numbers, 0 or more, the first above 0 (what the best lines count for), not '1 0.5'
    """
    wanted = "a list of 1 to 14 numbers, 0 or more, the first above 0 (what the best lines count for)"
    if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    items = list(value)
    if not 1 <= len(items) <= 14 or any(isinstance(x, (bool, np.bool_)) or not isinstance(
            x, (int, float, np.integer, np.floating)) for x in items):
        raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")
    weights = np.asarray(items, dtype=np.float64)
    if not np.isfinite(weights).all() or (weights < 0).any() or weights[0] <= 0:
        raise ArgumentError(f"{name} must be {wanted}, not {items!r}")
    return weights


def evidence_argument(name: str, value) -> tuple[float, float]:
    """``value`` as ``(hot_throws, expected)`` if it is two numbers, 0 or more: what a reading of the table
    starts from (:class:`~mjlearn.analysis.defence.TableReading`'s ``evidence``).

    >>> evidence_argument("earlier", (1, 0.5)), evidence_argument("earlier", iter([2, 1]))
    ((1.0, 0.5), (2.0, 1.0))
    """
    items = None if isinstance(value, (str, bytes, dict)) or not isinstance(value, Iterable) else list(value)
    if items is None or len(items) != 2:
        raise ArgumentError(f"{name} must be two numbers, 0 or more (the others' hot throws, and those expected),"
                            f" not {_shown(value)}")
    hot, expected = (amount_argument(name, x) for x in items)
    return hot, expected


def waiting_argument(value) -> tuple[tuple[float, float, float], ...]:
    """``value`` as a table of :func:`~mjlearn.analysis.defence.waiting_chance` if it is one: four rows (0, 1, 2,
    3 or more exposures) of three chances from 0 to 1 each (more than 66 tiles in the wall, 34-66, 33 or
    fewer).

    >>> waiting_argument([(0, 0.1, 0.2)] * 4)[3]
    (0.0, 0.1, 0.2)
    """
    wanted = ("a table of 4 rows (0, 1, 2, 3 or more exposures) of 3 chances from 0 to 1 (more than 66 tiles in"
              " the wall, 34-66, 33 or fewer)")
    try:
        rows = tuple(tuple(float(x) for x in row) for row in value)
    except (TypeError, ValueError):
        rows = ()
    if len(rows) != 4 or any(len(row) != 3 or not all(0.0 <= x <= 1.0 for x in row) for row in rows) or isinstance(
            value, (str, bytes)):
        raise ArgumentError(f"waiting must be {wanted}, not {_shown(value)}")
    return rows


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


def key_argument(name: str, value, keys, wanted: str):
    """``value`` if it is one of ``keys`` (a pass of a rack, a call: anything a dict is keyed by); else an
    :class:`~mjlearn.errors.ArgumentError` that says ``name`` must be ``wanted`` (a value that cannot be a key,
    such as a list, is refused the same way).

    >>> key_argument("call", ("pass",), {("pass",): 0}, "an answer of answers()")
    ('pass',)
    >>> key_argument("call", ["pass"], {("pass",): 0}, "an answer of answers()")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: call must be an answer of answers(), not ['pass'] (list)
    """
    try:
        if value in keys:
            return value
    except TypeError:  # unhashable: no key
        pass
    raise ArgumentError(f"{name} must be {wanted}, not {_shown(value)}")


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
