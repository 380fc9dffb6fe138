"""Exercises for the lesson notebooks: check an answer, read it the way people write it, say why.

>>> check(308, 308, "count the hands")
Right! count the hands
>>> check(300, 308, "count the hands", hint="add up the lines")
Not yet: count the hands. Hint: add up the lines
>>> check(..., 308, "count the hands")
Your turn: count the hands. Put your answer in place of the ...
>>> check("FF 22B 4B", "4B 22B FF", "the tiles", tiles=True).correct
True
>>> check(2, 3, "how many suits?")
Not yet: how many suits?

Answers are read as people write them: quoted numbers, lower case, commas,
tile words; a mistyped answer gets a sentence, never a traceback, and a wrong
answer never shows the expected one:

>>> check("308", 308, "count the hands").correct, check("3c, 7c w", "3C 7C W", tiles=True).correct
(True, True)
>>> check("3X", "3C 7C W", "the tiles to pass", tiles=True)
I could not read '3X' as tiles: the numbers '3' need a suit letter B, C or D after them, found 'X'. Write tiles like 3C 7C W (or 3 crak, 7 crak, west).
>>> check("3C 7C", "3C 7C W", "the tiles to pass", tiles=True)
Not yet: the tiles to pass. The answer has 3 tiles; you wrote 2 (both of them right).

Several good answers, and counts that say which way to go:

>>> check("west", "W", "a wind", accept=["E"], tiles=True).correct
True
>>> check_count("twelve", 14, "tiles on East's rack")
Not yet: tiles on East's rack. 12 is too low.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from html import escape
from typing import Any, TypeVar, cast

from ..errors import AnswerError, MjlearnError
from .reading import read_number, read_tiles, shown_answer

__all__ = ["Check", "check", "check_count", "STATUSES"]

STATUSES = ("right", "fine", "wrong", "unreadable", "missing")
"""What a :class:`Check` can say: right; fine (accepted, but a better answer exists); wrong; unreadable (the
answer could not be read as what the question asks); missing (the ``...`` placeholder is still there)."""

_COLOURS = {
    "right": ("#e6f4ea", "#11603d", "&#10004;"),
    "fine": ("#f3f6e0", "#4d5a0c", "&#10004;"),
    "wrong": ("#fdf1e3", "#8a4b08", "&#10008;"),
    "unreadable": ("#fbeaea", "#8a1c1c", "?"),
    "missing": ("#eef1f8", "#1f4fb4", "&#9998;"),
}


@dataclass(frozen=True)
class Check:
    """The result of a checker: whether the answer was right, and what to tell the student.

    ``status`` is one of :data:`STATUSES`; ``grade`` is ``"good"``, ``"fine"`` or ``"costly"`` for the
    questions graded by the coach's chances (:mod:`mjlearn.lessons.graded`), else ``""``.
    """

    correct: bool
    status: str  # one of STATUSES
    text: str
    grade: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        background, ink, mark = _COLOURS.get(self.status, _COLOURS["wrong"])
        return (
            f'<div style="font-family:\'DejaVu Sans\',Arial,sans-serif;background:{background};color:{ink};'
            f'border-radius:6px;padding:6px 10px;margin:4px 0">{mark} {escape(self.text)}</div>'
        )


def missing(question: str = "") -> Check:
    """The Check for an exercise whose answer is still the ``...`` placeholder."""
    return Check(False, "missing", f"Your turn{_topic(question)} Put your answer in place of the ...")


def unreadable(error: Exception) -> Check:
    """The Check for an answer that could not be read (``error`` says why and how to write it)."""
    return Check(False, "unreadable", str(error).splitlines()[0] if str(error) else "I could not read that answer.")


T = TypeVar("T")


def read_answer(answer: object, question: str, reader: Callable[..., T], *args: object) -> tuple[T, Check | None]:
    """``(reader(answer, *args), None)``, or ``(None, check)`` when the answer is still ``...`` or cannot be
    read: the first step of every checker, which returns ``check`` when there is one (the value is then
    ``None``, typed as the reader's result so that the checker's code after that return reads plainly).

    >>> read_answer("12", "q", read_number), read_answer("x", "q", read_number)[1].status
    ((12, None), 'unreadable')
    """
    if answer is ...:
        return cast(T, None), missing(question)
    try:
        return reader(answer, *args), None
    except AnswerError as error:
        return cast(T, None), unreadable(error)


def right(question: str = "", why: str = "", grade: str = "") -> Check:
    """A right answer, with a short reason when there is one."""
    text = f"Right!{' ' + question if question else ''}"
    if why:
        text += f"{'' if not question or text.endswith(('.', '?', '!')) else '.'} {why[:1].upper()}{why[1:]}"
    return Check(True, "right", text, grade)


def not_yet(question: str = "", explanation: str = "", hint: str = "", grade: str = "") -> Check:
    """A wrong answer: the question, what is wrong with this answer, and the teacher's hint (never the answer)."""
    text = f"Not yet{_topic(question)}"
    if explanation:
        text += f" {explanation}"
    if hint:
        text += f" Hint: {hint}"
    return Check(False, "wrong", text, grade)


def _topic(question: str) -> str:
    """``": question."`` (no stop added after ``?``, ``!`` or ``.``), or ``"."`` with no question."""
    topic = f": {question}" if question else ""
    return topic + ("" if topic.endswith((".", "?", "!")) else ".")


_YES = {"yes", "y", "true", "t", "right", "correct"}
_NO = {"no", "n", "false", "f", "wrong", "incorrect"}


def _read_bool(answer: object) -> bool:
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return bool(answer)
    if isinstance(answer, str):
        word = answer.strip().strip("'\"").strip().lower()
        if word in _YES:
            return True
        if word in _NO:
            return False
    raise AnswerError(f"I could not read {shown_answer(answer)!r} as yes or no. Write True or False (or yes, no).")


def _text(value: str) -> str:
    return " ".join(value.strip().strip("'\"").split()).casefold()


def _same(answer: Any, expected: Any, tiles: bool, any_order: bool) -> bool:
    """Whether ``answer`` means ``expected``; raises :class:`AnswerError` when it cannot be read as the kind
    of thing ``expected`` is."""
    from ..hands import Hand
    from ..tiles import Tile

    if tiles or isinstance(expected, (Tile, Hand)):
        wanted = read_tiles(expected)
        return sorted(read_tiles(answer)) == sorted(wanted)
    if isinstance(expected, bool):
        return _read_bool(answer) == expected
    if isinstance(expected, Enum) and isinstance(answer, str):
        return _text(answer) in {_text(str(expected.name)), _text(str(expected.value))}
    if isinstance(expected, int) or (hasattr(expected, "__index__") and not isinstance(expected, (str, bytes))):
        return read_number(answer) == int(expected)
    if isinstance(expected, str):
        return isinstance(answer, str) and _text(answer) == _text(expected)
    if isinstance(expected, (tuple, list)) and isinstance(answer, (tuple, list)):
        if len(answer) != len(expected):
            return False
        if any_order:
            try:
                return sorted(answer) == sorted(expected)
            except TypeError:
                return False
        return all(_same_quietly(a, e) for a, e in zip(answer, expected))
    if any_order:
        try:
            return sorted(answer) == sorted(expected)
        except TypeError:
            return False
    try:
        return bool(answer == expected)
    except Exception:  # noqa: BLE001 - an answer whose == fails is simply not the expected one
        return False


def _same_quietly(answer: Any, expected: Any) -> bool:
    """:func:`_same` for a part of an answer: an unreadable part is just not the same."""
    try:
        return _same(answer, expected, False, False)
    except MjlearnError:
        return False


def _tiles_explanation(answer: object, expected: object) -> str:
    """How a tile answer differs, without naming a tile of the expected one."""
    got, wanted = read_tiles(answer), read_tiles(expected)
    left = list(wanted)
    hits = 0
    for tile in got:
        if tile in left:
            left.remove(tile)
            hits += 1
    size = "" if len(got) == len(wanted) else f"The answer has {len(wanted)} tiles; you wrote {len(got)}"
    if hits == len(got) and got:
        score = "both of them right" if hits == 2 else "all of them right" if hits > 1 else "that one is right"
    elif hits:
        score = f"{hits} of your {len(got)} are right"
    else:
        score = "none of yours is in it"
    return f"{size} ({score})." if size else f"{score[:1].upper()}{score[1:]}."


def check(answer: object, expected: object = None, question: str = "", hint: str = "", tiles: bool = False,
          any_order: bool = False, *, accept: Iterable[object] = (), grader: Callable[[Any], object] | None = None,
          why: str = "") -> Check:
    """Compare a student's ``answer`` with ``expected`` (or any of ``accept``) and say whether it is right.

    ``...`` (the placeholder the exercises start with) means "not answered
    yet". With ``tiles=True`` (or a Tile or Hand expected) the answers are
    tiles, read by :func:`~mjlearn.lessons.reading.read_tiles` in any order; a number
    expected reads ``"12"`` and ``"twelve"`` too, ``True``/``False`` read
    "yes"/"no"; strings ignore case, quotes and surrounding spaces;
    ``any_order=True`` compares sequences as sorted lists. ``accept`` lists
    more good answers; ``grader(answer)`` may decide instead (it returns a
    bool, ``(bool, reason)`` or a :class:`Check`). ``why`` is said after a
    right answer. A wrong answer gets ``hint`` and, for tiles, how many are
    right; never the expected answer.
    """
    if answer is ...:
        return missing(question)
    try:
        if grader is not None:
            try:
                verdict = grader(answer)
            except (MjlearnError, RecursionError):
                raise
            except Exception as error:  # noqa: BLE001 - the teacher's grader choked on this answer
                raise AnswerError(f"I could not read {shown_answer(answer)!r} for this question"
                                  f" ({type(error).__name__}: {error}).") from None
            if isinstance(verdict, Check):
                return verdict
            ok, reason = verdict if isinstance(verdict, tuple) else (bool(verdict), "")
            return right(question, why or (reason if ok else "")) if ok else not_yet(question, reason, hint)
        goods = ([] if expected is None and accept else [expected]) + list(accept)
        if any(_same(answer, good, tiles, any_order) for good in goods):
            return right(question, why)
        explanation = ""
        if tiles and len(goods) == 1:
            explanation = _tiles_explanation(answer, goods[0])
        return not_yet(question, explanation, hint)
    except AnswerError as error:
        return unreadable(error)
    except MjlearnError as error:  # an expected answer the teacher mistyped, or the grader refused
        return unreadable(AnswerError(f"I could not read {shown_answer(answer)!r}: {str(error).splitlines()[0]}"))
    except RecursionError:
        return unreadable(AnswerError(f"I could not read {shown_answer(answer)!r}: it is nested too deeply."))


def check_count(answer: object, expected: int, question: str = "", hint: str = "", why: str = "") -> Check:
    """A question whose answer is a whole number: ``12``, ``"12"`` or ``"twelve"``; a wrong one is told
    whether it is too high or too low.

    >>> check_count(" 308 ", 308, "the hands of basic1", why="its seven sections add up to 308.")
    Right! the hands of basic1. Its seven sections add up to 308.
    >>> check_count("three hundred", 308, "the hands of basic1")
    Not yet: the hands of basic1. 300 is too low.
    """
    number, early = read_answer(answer, question, read_number)
    if early is not None:
        return early
    if number == expected:
        return right(question, why)
    return not_yet(question, f"{number} is too {'high' if number > expected else 'low'}.", hint)
