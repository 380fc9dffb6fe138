"""The checks of the counts that enter the compiled loops.

The compiled loops (numba, without bounds checks) index their tables by a rack's counts and by the
tiles a seat has seen: a count above what the set holds, a negative one or a list of the wrong length
would make them read or write outside their arrays, and crash Python or corrupt its memory. So the
engine's public ways in check them first, with an error that says what is wrong:

- :func:`as_counts`: a rack (a :class:`~mjlearn.hands.Hand`, its notation, or 36 whole numbers), each kind
  within the set, 14 tiles at most; :func:`checked_racks` many racks at once;
- :func:`checked_seen` (and :func:`seen_argument`, ``None`` allowed): the tiles seen (``visible``: 36 whole
  numbers, each kind within the set);
- :func:`checked_exposures` and :func:`checked_table`: a seat's exposures, and every seat's.

Both are quick for what the bots give them at every move: a rack's counts once checked are known by their
identity (a tuple cannot change), and a list of small whole numbers is checked as the bytes it makes. Within
:func:`trusted_play` (the game loop of :func:`~mjlearn.rules.run_game`, whose players are given the game's own
racks) they check nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from operator import index

import numpy as np

from ..errors import ArgumentError, HandError
from ..hands import Hand
from ..tiles import COPIES, Tile
from .exposure import Exposure

__all__ = ["as_counts", "checked_exposures", "checked_racks", "checked_seen", "checked_table", "seen_argument",
           "TRUST", "trusted_play", "trusting"]

_KINDS = len(COPIES)
_FOURS = COPIES.index(8)  # (the kinds before it have 4 copies, it and those after it 8: the flowers and jokers)
assert set(COPIES[:_FOURS]) == {4} and set(COPIES[_FOURS:]) == {8}
_UP_TO_4, _UP_TO_8 = bytes(range(5)), bytes(range(9))
_COPIES = np.asarray(COPIES, dtype=np.int16)
_MOST_HELD = 14
_INT16 = np.dtype("<i2")  # (little-endian: a count's low byte first, then its high byte)


def _within_the_set(held: bytes) -> bool:
    """Whether 36 counts (as bytes: each 0-255) hold no kind more often than the set does."""
    return (len(held) == _KINDS and not held[:_FOURS].translate(None, _UP_TO_4)
            and not held[_FOURS:].translate(None, _UP_TO_8))


def _as_bytes(values) -> bytes:
    """``values`` as bytes if they are a list or tuple of whole numbers 0-255, else ``b""``."""
    if type(values) is not tuple and type(values) is not list:
        return b""
    try:
        return bytes(values)
    except (TypeError, ValueError):
        return b""


def as_counts(counts) -> tuple[int, ...]:
    """A rack's 36 counts as a tuple of ints, checked: a :class:`~mjlearn.hands.Hand`, its notation, or 36
    whole numbers (``Hand.counts``, a list, a numpy array), each kind at most as many as the set holds, 14 tiles
    at most. Anything else raises :class:`~mjlearn.errors.ArgumentError` or :class:`~mjlearn.errors.HandError`.

    A tuple checked once is known by its identity after that (the bots ask about the same racks again and
    again): the check costs about 60 ns then, and under a microsecond the first time.

    >>> as_counts(np.zeros(36, dtype=np.int16))[:3]
    (0, 0, 0)
    >>> as_counts("FF 222B")[:3]
    (0, 3, 0)
    >>> as_counts([5] + [0] * 35)
    Traceback (most recent call last):
    ...
    mjlearn.errors.HandError: counts[0] is 5 1B; the set holds only 4
    """
    if type(counts) is tuple:
        if _CHECKED.get(id(counts)) is counts or TRUST.on:
            return counts
        try:  # (as _within_the_set(_as_bytes(counts)), written out: the bots ask for every new rack)
            held = bytes(counts)
        except (TypeError, ValueError):
            held = b""
        if (len(held) == _KINDS and not held[:_FOURS].translate(None, _UP_TO_4)
                and not held[_FOURS:].translate(None, _UP_TO_8) and sum(held) <= _MOST_HELD):
            return _remember(counts)
    return _checked_counts(counts)


class _Trust(threading.local):
    """Whether this thread is within :func:`trusted_play` (``on``): a thread-local whose ``on`` is ``False`` in
    every thread until :func:`trusted_play` sets it in its own, so the hot paths read ``TRUST.on`` inline
    (about 25 ns, where calling :func:`trusting` costs some 45)."""

    on = False


TRUST = _Trust()
"""This thread's trust flag: ``TRUST.on`` is :func:`trusting`'s answer, for hot paths to read inline. Only
:func:`trusted_play` sets it."""


@contextmanager
def trusted_play() -> Iterator[None]:
    """Within it (in this thread), :func:`as_counts` takes a tuple and :func:`checked_seen` a list or an array as
    they are given, unchecked. :func:`~mjlearn.rules.run_game` plays its moves within it: there the players are
    given the game's own racks (a :class:`~mjlearn.hands.Hand`'s counts, right by construction) and the tiles
    the game shows, and checking each new rack again cost a Bot game about 4%.

    >>> with trusted_play():
    ...     as_counts((9,) * 36)[:2]   # (the caller vouches for it: nothing is checked)
    (9, 9)
    >>> as_counts((9,) * 36)
    Traceback (most recent call last):
    ...
    mjlearn.errors.HandError: counts[0] is 9 1B; the set holds only 4
    """
    before = TRUST.on
    TRUST.on = True
    try:
        yield
    finally:
        TRUST.on = before


_CHECKED: dict[int, tuple[int, ...]] = {}
"""The rack counts :func:`as_counts` has checked, by identity (the tuples themselves are kept, so an id
is never reused while it is here); emptied when it holds 512."""


def _remember(counts: tuple[int, ...]) -> tuple[int, ...]:
    if len(_CHECKED) >= 512:
        _CHECKED.clear()
    _CHECKED[id(counts)] = counts
    return counts


def _whole_numbers(values, name: str, what: str) -> tuple[int, ...]:
    """36 whole numbers from ``values`` (``name`` in the error), each kind within the set."""
    if isinstance(values, (str, bytes, int)) or not hasattr(values, "__iter__"):
        raise ArgumentError(f"{name} must be {what}, not {values!r}"[:300])
    try:
        numbers = tuple(index(value) for value in values)
    except TypeError:
        raise ArgumentError(f"{name} must be {what}, not {values!r}"[:300]) from None
    if len(numbers) != _KINDS:
        raise ArgumentError(f"{name} must be 36 whole numbers, one per tile kind, not {len(numbers)}")
    for kind, (count, most) in enumerate(zip(numbers, COPIES)):
        if count < 0:
            raise HandError(f"{name}[{kind}] is {count}: no one holds or sees fewer than none")
        if count > most:
            raise HandError(f"{name}[{kind}] is {count} {Tile(kind).notation}; the set holds only {most}")
    return numbers


def _checked_counts(counts) -> tuple[int, ...]:
    """:func:`as_counts` for counts that are not a tuple it knows, with the error that says what is wrong."""
    if isinstance(counts, str):
        counts = Hand(counts).counts
    elif isinstance(counts, Hand):
        counts = counts.counts
    values = _whole_numbers(counts, "counts", "a rack: a Hand, its notation or 36 whole numbers (a Hand's counts)")
    if sum(values) > _MOST_HELD:
        raise HandError(f"counts hold {sum(values)} tiles; a rack holds at most {_MOST_HELD}")
    return _remember(values)


def checked_seen(visible):
    """``visible`` (the tiles a seat has seen: 36 whole numbers, each kind at most as many as the set holds) as
    it was given, or :class:`~mjlearn.errors.ArgumentError` / :class:`~mjlearn.errors.HandError` saying what is
    wrong.

    >>> checked_seen([0] * 35 + [2])[-1]
    2
    >>> checked_seen([0] * 35)
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: visible must be 36 whole numbers, one per tile kind, not 35
    """
    if TRUST.on and (type(visible) is list or type(visible) is np.ndarray):
        return visible
    if type(visible) is np.ndarray:
        if visible.dtype == _INT16 and visible.shape == (_KINDS,):  # (as the players keep them: each count a low
            held = visible.tobytes()  # byte within the set and a high byte of 0)
            if _within_the_set(held[::2]) and not held[1::2].strip(b"\0"):
                return visible
        elif (visible.shape == (_KINDS,) and visible.dtype.kind in "iu" and not (visible < 0).any()
              and not (visible > _COPIES).any()):
            return visible
    elif _within_the_set(_as_bytes(visible)):
        return visible
    _whole_numbers(visible, "visible", "the tiles seen: 36 whole numbers, one per tile kind (Game.visible(seat))")
    return visible


def seen_argument(visible):
    """:func:`checked_seen` for an argument that may be ``None`` (nothing seen is known)."""
    return visible if visible is None else checked_seen(visible)


def trusting() -> bool:
    """Whether this thread is within :func:`trusted_play` (the game loop of :func:`~mjlearn.rules.run_game`).

    The bots' moves read the same flag inline (``TRUST.on``: a thread-local, so another thread is not trusted
    while this one is), a few hundred times a game.

    >>> trusting()
    False
    >>> with trusted_play():
    ...     trusting()
    True
    """
    return TRUST.on


def checked_exposures(exposures) -> tuple:
    """A seat's exposures as a tuple of :class:`~mjlearn.engine.exposure.Exposure`: exposures, or their notation
    (``"555C J"``), ``None`` for none; anything else raises :class:`~mjlearn.errors.ArgumentError` (a bad
    group, the error of :meth:`Exposure.parse <mjlearn.engine.exposure.Exposure.parse>`). Within
    :func:`trusted_play` they are taken as given.

    >>> checked_exposures(["555C J"])
    (Exposure('555C J'),)
    >>> checked_exposures("555C J")
    Traceback (most recent call last):
    ...
    mjlearn.errors.ArgumentError: exposures must be a list of exposed groups (such as ['555C J']), not '555C J'
    """
    if TRUST.on:
        return exposures
    if type(exposures) is tuple and all(type(e) is Exposure for e in exposures):
        return exposures
    if exposures is None:
        return ()
    if isinstance(exposures, (str, bytes, Exposure, Hand)) or not hasattr(exposures, "__iter__"):
        raise ArgumentError(f"exposures must be a list of exposed groups (such as ['555C J']), not {exposures!r}"[:300])
    return tuple(e if isinstance(e, Exposure) else Exposure.parse(e) for e in exposures)


def checked_racks(racks, least: int = 0) -> np.ndarray:
    """Racks as a C-ordered ``[N, 36]`` int16 array (one rack alone: ``N`` = 1), ``N`` at least ``least``, each
    as :func:`as_counts` allows (whole numbers, each kind within the set, 14 tiles at most); anything else
    raises :class:`~mjlearn.errors.ArgumentError` or :class:`~mjlearn.errors.HandError` naming the first bad
    rack. The one check of many racks: the batch kernel's, ``batch_distances``' and the coach's ``worth``.

    >>> checked_racks([[0] * 35 + [1]]).shape
    (1, 36)
    >>> checked_racks([[1] * 14 + [0] * 22, [4] * 4 + [0] * 32])
    Traceback (most recent call last):
    ...
    mjlearn.errors.HandError: racks[1]: counts hold 16 tiles; a rack holds at most 14
    """
    try:
        array = np.asarray(racks)
    except (TypeError, ValueError):
        array = None
    whole = array is not None and (array.dtype.kind in "iub" or (
        array.dtype.kind == "f" and bool(np.isfinite(array).all()) and bool((array == np.floor(array)).all())))
    if not whole:
        what = f"an array of {array.dtype}" if isinstance(racks, np.ndarray) else repr(racks)[:100]
        raise ArgumentError(f"racks must be {'one rack or ' if least else ''}a list of racks of 36 whole numbers"
                            f" each (Hand counts), not {what}")
    if array.shape[-1:] != (_KINDS,) or array.ndim > 2 or array.size // _KINDS < least:
        raise HandError(f"racks must be an array of shape [N, {_KINDS}]{' (N at least 1)' if least else ''}"
                        f"{' or one rack of 36' if least else ''}, not {list(array.shape)}")
    array = array.reshape(-1, _KINDS)
    bad = (array < 0).any(axis=1) | (array > _COPIES).any(axis=1) | (array.sum(axis=1) > _MOST_HELD)
    if bad.any():
        row = int(np.flatnonzero(bad)[0])
        try:
            _checked_counts(array[row].astype(np.int64).tolist())  # (its error says what is wrong with it)
        except HandError as err:
            raise HandError(f"racks[{row}]: {err}") from None
    return np.ascontiguousarray(array, dtype=np.int16)


def checked_table(table) -> list:
    """Every seat's exposures (``game.exposures``: 4 lists, East first), each seat's as
    :func:`checked_exposures` reads them; within :func:`trusted_play` taken as given.

    >>> [len(seat) for seat in checked_table([[], ["555C J"], [], []])]
    [0, 1, 0, 0]
    """
    if TRUST.on:
        return table
    if isinstance(table, (str, bytes)) or not hasattr(table, "__iter__") or len(table := list(table)) != 4:
        raise ArgumentError(f"table must be the 4 seats' exposures (game.exposures), not {table!r}"[:300])
    return [checked_exposures(groups) for groups in table]
