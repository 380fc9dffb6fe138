"""Named, bounded memos: what a module works out once and keeps, one memo per purpose.

A :class:`Memo` keeps values built by a function, by key, for each *owner*
(usually a compiled card, held weakly: a card that is no longer used takes its
entries with it). Each memo has a name that says what it keeps and a bound:
past ``maxsize`` entries for one owner, the oldest goes. The module that fills
a memo owns it (a module-level object), so nobody else writes into it, and
:func:`memos` lists them all.

>>> squares = Memo("example squares", maxsize=2)
>>> squares.get(None, 3, lambda: 3 * 3), squares.get(None, 4, lambda: 16), squares.get(None, 3, lambda: -1)
(9, 16, 9)
>>> squares.get(None, 5, lambda: 25); squares.keys(None)   # the oldest (3) made room
25
[4, 5]
>>> squares
Memo('example squares', maxsize=2)

Memos only remember pure results: a memo dropped, cleared or bypassed gives
the same answers, later.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import TypeVar

from ..errors import ArgumentError

__all__ = ["Memo", "memos"]

T = TypeVar("T")

_ALL: list["weakref.ref[Memo]"] = []
_NO_OWNER = object()


class Memo:
    """Values built once per ``(owner, key)`` and kept, at most ``maxsize`` per owner (the oldest goes first).

    ``owner`` is any object that can be weakly referenced (a compiled card), or
    ``None`` for values that belong to no owner. Reading a kept value takes no
    lock; building one may happen twice when two threads ask at once (both
    build the same value: memos keep pure results), and the first kept wins.
    """

    __slots__ = ("name", "maxsize", "_owned", "_unowned", "_lock", "_last", "__weakref__")

    def __init__(self, name: str, maxsize: int):
        if not isinstance(maxsize, int) or isinstance(maxsize, bool) or maxsize < 1:
            raise ArgumentError(f"a memo's maxsize must be a whole number of 1 or more, not {maxsize!r}")
        self.name = name
        self.maxsize = maxsize
        self._owned: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._unowned: dict = {}
        self._lock = threading.Lock()
        self._last: tuple | None = None  # (a weak reference to the last owner read, its entries): read again soon
        _ALL.append(weakref.ref(self))

    def __repr__(self) -> str:
        return f"Memo({self.name!r}, maxsize={self.maxsize})"

    def _entries(self, owner) -> dict | None:
        return self._unowned if owner is None else self._owned.get(owner)

    def get(self, owner, key: Hashable, build: Callable[[], T], valid: Callable[[T], bool] | None = None) -> T:
        """The value kept for ``key`` (and ``owner``), built by ``build()`` the first time; with ``valid``, a
        kept value it refuses is built again (a key that may outlive what it named, such as an ``id``)."""
        if owner is None:
            entries = self._unowned
        else:
            last = self._last
            if last is not None and last[0]() is owner:  # (the same owner as last time: no weak key to make)
                entries = last[1]
            else:
                entries = self._owned.get(owner)
                if entries is not None:
                    self._last = (weakref.ref(owner, self._forget), entries)
        if entries is not None:
            found = entries.get(key, _NO_OWNER)
            if found is not _NO_OWNER and (valid is None or valid(found)):
                return found
        value = build()
        with self._lock:
            if entries is None:
                entries = self._owned.get(owner)
                if entries is None:
                    entries = self._owned[owner] = {}
            found = entries.pop(key, _NO_OWNER)
            if found is not _NO_OWNER and (valid is None or valid(found)):
                value = found
            while len(entries) >= self.maxsize:
                del entries[next(iter(entries))]  # the oldest
            entries[key] = value
        return value

    def _forget(self, gone: "weakref.ref") -> None:
        """An owner has gone: its entries are not kept for the next read either."""
        last = self._last
        if last is not None and last[0] is gone:
            self._last = None

    def keys(self, owner) -> list:
        """The keys kept for ``owner`` (oldest first)."""
        entries = self._entries(owner)
        return [] if entries is None else list(entries)

    def size(self, owner=_NO_OWNER) -> int:
        """How many values are kept for ``owner``, or for every owner when none is given."""
        if owner is not _NO_OWNER:
            entries = self._entries(owner)
            return 0 if entries is None else len(entries)
        return len(self._unowned) + sum(len(entries) for entries in list(self._owned.values()))

    def clear(self) -> None:
        """Forget every value kept."""
        with self._lock:
            self._owned = weakref.WeakKeyDictionary()
            self._unowned = {}
            self._last = None


def memos() -> list[Memo]:
    """Every memo made so far (while it exists), in the order they were made.

    >>> import mjlearn.engine.compiled
    >>> "exposed rows" in [memo.name for memo in memos()]
    True
    """
    return [memo for memo in (ref() for ref in _ALL) if memo is not None]

