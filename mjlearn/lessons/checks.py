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

Yes or no in a sentence, numbers with their units and signs, a teacher's options, a seat and a word:

>>> check("No.", False).correct, check("yes, it may", True).correct, check("2 tiles", 2).correct
(True, True, True)
>>> check("a dispute: the game goes on", "dispute", choices=["dispute", "caller dead"]).correct
True
>>> check("North, draw", ("North", "draw")).correct, check("not North", "North").correct
(True, False)

A wrong answer that is partly right earns part of the credit (at most half), which the class record uses:

>>> check("3C 7C", "3C 7C W", tiles=True).credit, check("3C 7C W", "3C 7C W", tiles=True).credit
(0.33, 1.0)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from html import escape
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..errors import AnswerError, ArgumentError, MjlearnError
from .reading import (
    SEAT_NAMES,
    phrase,
    read_choice,
    read_line,
    read_line_name,
    read_number,
    read_seat,
    read_tiles,
    read_yes_no,
    shown_answer,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Line
    from ..resources import CardLike

__all__ = ["Check", "check", "check_count", "STATUSES", "default_credit", "partial", "tiles_share"]

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


def default_credit(status: str, grade: str = "") -> float:
    """The credit of a :class:`Check` that does not give its own: 1 for right, 0.5 for fine (accepted, but a
    better answer exists), 0.25 for a wrong answer the coach grades "fine" (one tile further than the
    nearest line, say), else 0.

    >>> default_credit("right"), default_credit("fine"), default_credit("wrong", "fine"), default_credit("missing")
    (1.0, 0.5, 0.25, 0.0)
    """
    if status == "right":
        return 1.0
    if status == "fine":
        return 0.5
    return 0.25 if status == "wrong" and grade == "fine" else 0.0


@dataclass(frozen=True)
class Check:
    """The result of a checker: whether the answer was right, and what to tell the student.

    ``status`` is one of :data:`STATUSES`; ``grade`` is ``"good"``, ``"fine"`` or ``"costly"`` for the
    questions graded by the coach's chances (:mod:`mjlearn.lessons.graded`), else ``""``. ``credit``
    (0 to 1) is how much the answer earns, for a class record: left out, it follows the status
    (:func:`default_credit`); checkers give part of it to a wrong answer that is partly right (two of the
    three tiles of a pass, the right payer with the wrong amount), at most half.
    """

    correct: bool
    status: str  # one of STATUSES
    text: str
    grade: str = ""
    credit: float = -1.0  # below 0: from the status

    def __post_init__(self) -> None:
        if not isinstance(self.correct, bool) or not (isinstance(self.status, str) and self.status in STATUSES):
            from ..analysis.arguments import choice_argument, flag_argument

            object.__setattr__(self, "correct", flag_argument("correct", self.correct))
            choice_argument("status", self.status, STATUSES)
        _texts(text=self.text, grade=self.grade)
        if isinstance(self.credit, bool) or not isinstance(self.credit, (int, float)) or self.credit != self.credit:
            raise ArgumentError(f"credit must be a number from 0 to 1, not {self.credit!r}")
        if self.credit < 0:
            object.__setattr__(self, "credit", default_credit(self.status, self.grade))
        elif self.credit > 1:
            raise ArgumentError(f"credit must be a number from 0 to 1, not {self.credit!r}")
        else:
            object.__setattr__(self, "credit", round(float(self.credit), 2))

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


def _texts(**values: object) -> None:
    """Each of ``values`` (a checker's ``question``, ``why``, ``hint``...) must be text: one that is not is refused
    by its name (:func:`~mjlearn.analysis.arguments.text_argument`, loaded only then: a plain check stays light)."""
    for name, value in values.items():
        if not isinstance(value, str):
            from ..analysis.arguments import text_argument

            text_argument(name, value)


def _line(line: object) -> Line:
    """``line`` if it is a card's :class:`~mjlearn.card.Line` (``card.line("2468", 1)``,
    :func:`mjlearn.parse_line`), else an :class:`~mjlearn.errors.ArgumentError` naming it
    (:func:`~mjlearn.analysis.arguments.instance_argument`, loaded only then)."""
    from ..card import Line

    if not isinstance(line, Line):
        from ..analysis.arguments import instance_argument

        instance_argument("line", line, Line, "a card's Line (such as card.line('2468', 1))")
    return line


def missing(question: str = "") -> Check:
    """The Check for an exercise whose answer is still the ``...`` placeholder."""
    _texts(question=question)
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
    if not callable(reader):
        from ..analysis.arguments import callable_argument

        callable_argument("reader", reader, "a reader of the answer (read_number, read_tiles...)")
    if answer is ...:
        return cast(T, None), missing(question)
    try:
        return reader(answer, *args), None
    except AnswerError as error:
        return cast(T, None), unreadable(error)


def right(question: str = "", why: str = "", grade: str = "") -> Check:
    """A right answer, with a short reason when there is one."""
    _texts(question=question, why=why, grade=grade)
    text = f"Right!{' ' + question if question else ''}"
    if why:
        text += f"{'' if not question or text.endswith(('.', '?', '!')) else '.'} {why[:1].upper()}{why[1:]}"
    return Check(True, "right", text, grade)


def not_yet(question: str = "", explanation: str = "", hint: str = "", grade: str = "",
            credit: float = -1.0) -> Check:
    """A wrong answer: the question, what is wrong with this answer, and the teacher's hint (never the answer);
    ``credit`` for one that is partly right (:class:`Check`)."""
    _texts(question=question, explanation=explanation, hint=hint, grade=grade)
    text = f"Not yet{_topic(question)}"
    if explanation:
        text += f" {explanation}"
    if hint:
        text += f" Hint: {hint}"
    return Check(False, "wrong", text, grade, credit)


def partial(share: float) -> float:
    """The credit of a wrong answer ``share`` of which (0 to 1) is right: at most half, so that it earns less
    than an answer that is accepted.

    >>> partial(2 / 3), partial(0)
    (0.33, 0.0)
    """
    if not isinstance(share, float):  # (what tiles_share gives: the check is loaded only for another value)
        from ..analysis.arguments import amount_argument

        share = amount_argument("share", share)
    return round(0.5 * min(1.0, max(0.0, share)), 2)


def _topic(question: str) -> str:
    """``": question."`` (no stop added after ``?``, ``!`` or ``.``), or ``"."`` with no question."""
    topic = f": {question}" if question else ""
    return topic + ("" if topic.endswith((".", "?", "!")) else ".")


_read_bool = read_yes_no  # the name this module's reader had


def _text(value: str) -> str:
    return " ".join(value.strip().strip("'\"").split()).casefold()


def _is_seat_name(value: str) -> bool:
    return _text(value) in {name.lower() for name in SEAT_NAMES}


def _same_text(answer: Any, expected: str) -> bool:
    """Whether a text answer says ``expected``: the same words once articles, "I think", punctuation, case and
    plural endings are set aside; a seat (``"North"``) is read as a seat. An answer that holds the expected
    words among others cannot be judged: it is unreadable (never accepted, never marked wrong)."""
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        answer = str(answer)
    if not isinstance(answer, str):
        return False
    if _is_seat_name(expected):
        try:
            return read_seat(answer) == SEAT_NAMES.index(_text(expected).title())
        except AnswerError:
            pass
    said, wanted = phrase(answer), phrase(expected)
    if said == wanted or _text(answer) == _text(expected):
        return True
    it = iter(said)
    if wanted and all(word in it for word in wanted) and len(said) <= 12:
        raise AnswerError(f"I could not be sure what {shown_answer(answer)!r} says. Write just your answer, in a"
                          " word or two.")
    return False


def _same_line(answer: Any, section: str, number: int, card: CardLike | None) -> bool:
    """Whether ``answer`` names the line ``section`` #``number`` (read as :func:`read_line` reads names)."""
    from ..card import Line

    if card is not None:
        line = read_line(answer, card)
        return (line.category, line.number) == (section, number)
    if isinstance(answer, Line):
        return (answer.category, answer.number) == (section, number)
    try:
        _, said, _ = read_line_name(answer, [section])
    except AnswerError as error:
        if "has no section" in str(error) or "could be" in str(error):
            return False  # another section: a wrong line, not an unreadable one
        raise
    return said == number


def _same_parts(answer: str, expected: Sequence[Any]) -> bool:
    """Whether a text answer says each part of ``expected`` (``"North, draw"`` for ``("North", "draw")``): its
    parts between commas, or its words cut every possible way, compared part by part (the two parts of a pair
    in either order)."""
    from .reading import _negation, _unsure, _words

    words = _words(answer.casefold())
    if _unsure(words) or any(_negation(w) for w in words):
        raise AnswerError(f"I could not be sure what {shown_answer(answer)!r} says: it leaves a choice, or says what"
                          " is not meant. Write just your answer.")
    text = " ".join(answer.split())
    orders = [list(expected)] + ([list(expected)[::-1]] if len(expected) == 2 else [])
    parts = [p for p in re.split(r"\s*[,;/]\s*|\s+(?:and|then)\s+", text.strip(" ()[]'\"")) if p.strip()]
    if len(parts) == len(expected):
        if any(all(_same_quietly(part, want) for part, want in zip(parts, order)) for order in orders):
            return True
    words = text.strip(" ()[]'\"").replace(",", " ").split()
    if not 2 <= len(words) <= 12:
        return False
    for cuts in combinations(range(1, len(words)), len(expected) - 1):
        bounds = (0, *cuts, len(words))
        pieces = [" ".join(words[a:b]) for a, b in zip(bounds, bounds[1:])]
        if any(all(_same_quietly(piece, want) for piece, want in zip(pieces, order)) for order in orders):
            return True
    return False


def _is_line_key(expected: Any) -> bool:
    """``(section, number)``: a card line named as the lessons name it."""
    return (isinstance(expected, tuple) and len(expected) == 2 and isinstance(expected[0], str)
            and isinstance(expected[1], int) and not isinstance(expected[1], bool))


def _same(answer: Any, expected: Any, tiles: bool, any_order: bool, card: CardLike | None = None) -> bool:
    """Whether ``answer`` means ``expected``; raises :class:`AnswerError` when it cannot be read as the kind
    of thing ``expected`` is."""
    from ..card import Line
    from ..hands import Hand
    from ..tiles import Tile

    if tiles or isinstance(expected, (Tile, Hand)):
        wanted = read_tiles(expected)
        return sorted(read_tiles(answer)) == sorted(wanted)
    if isinstance(expected, bool):
        return read_yes_no(answer) == expected
    if isinstance(expected, Enum) and isinstance(answer, str):
        return any(_same_text(answer, str(v)) for v in (expected.name, expected.value) if isinstance(v, str))
    if isinstance(expected, int) or (hasattr(expected, "__index__") and not isinstance(expected, (str, bytes))):
        return read_number(answer) == int(expected)
    if isinstance(expected, str):
        return _same_text(answer, expected)
    if isinstance(expected, Line):
        return _same_line(answer, expected.category, expected.number, card)
    if _is_line_key(expected) and (isinstance(answer, (str, Line)) or card is not None):
        return _same_line(answer, expected[0], expected[1], card)
    if _is_line_key(expected) and isinstance(answer, tuple) and len(answer) == 2:
        try:
            return _same_line(f"{answer[0]} #{read_number(answer[1])}", expected[0], expected[1], card)
        except AnswerError:
            return False
    if (isinstance(expected, (tuple, list)) and len(expected) > 1 and isinstance(answer, str)
            and all(isinstance(e, (str, int, bool)) for e in expected)):
        return _same_parts(answer, expected)
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
    except (MjlearnError, RecursionError):
        return False


def tiles_share(answer: object, expected: object) -> float:
    """How much of a tile answer is right: the tiles it shares with ``expected`` over the larger of the two
    counts (``"3C 7C"`` for ``"3C 7C W"`` is 2/3)."""
    got, wanted = read_tiles(answer), read_tiles(expected)
    left = list(wanted)
    hits = 0
    for tile in got:
        if tile in left:
            left.remove(tile)
            hits += 1
    return hits / max(len(got), len(wanted), 1)


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
          why: str = "", choices: Sequence[str] = (), card: CardLike | None = None) -> Check:
    """Compare a student's ``answer`` with ``expected`` (or any of ``accept``) and say whether it is right.

    ``...`` (the placeholder the exercises start with) means "not answered
    yet". Answers are read as people write them, by what ``expected`` is:

    - tiles (``tiles=True``, or a Tile or Hand expected): any order, words or
      notation (:func:`~mjlearn.lessons.reading.read_tiles`);
    - a number: ``"12"``, ``"twelve"``, ``"2 tiles"``, ``"$50"``, ``"-50"``
      (:func:`~mjlearn.lessons.reading.read_number`);
    - ``True``/``False``: yes or no in a word or a sentence, ``"No."``,
      ``"yes, it may"``, ``"nope"`` (:func:`~mjlearn.lessons.reading.read_yes_no`);
    - a string: the same words, case, punctuation, articles and plural
      endings aside (``"a dispute"`` for ``"dispute"``); a seat name is read
      as a seat (``"North, draw"`` says North, ``"not North"`` does not);
      with ``choices`` (the options the question offers) the answer is read
      as one of them first (:func:`~mjlearn.lessons.reading.read_choice`);
    - a card line, as a Line or ``(section, number)``: any usual name of it
      (:func:`~mjlearn.lessons.reading.read_line`; with ``card`` every
      section of that card is known);
    - a tuple of words (``("North", "draw")``): a sentence that says each part.

    ``any_order=True`` compares sequences as sorted lists. ``accept`` lists
    more good answers (other spellings, paraphrases); ``grader(answer)`` may
    decide instead (it returns a bool, ``(bool, reason)`` or a
    :class:`Check`). ``why`` is said after a right answer. A wrong answer
    gets ``hint`` and, for tiles, how many are right (and part of the
    credit); never the expected answer. An argument of the lesson's own that is wrong (a question that is not
    text, ``accept`` or ``choices`` that are not lists) is refused by its name
    (:class:`~mjlearn.errors.ArgumentError`), never blamed on the student's answer.
    """
    _texts(question=question, hint=hint, why=why)
    if not (isinstance(accept, (list, tuple)) and isinstance(choices, (list, tuple))):  # (lists: no check to load)
        from ..analysis.arguments import items_argument

        accept, choices = items_argument("accept", accept), items_argument("choices", choices)
    if grader is not None and not callable(grader):
        from ..analysis.arguments import callable_argument

        callable_argument("grader", grader, "a function of the answer (or None)")
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
        if choices:
            options = [str(option) for option in choices]
            answer = options[read_choice(answer, options)]
        doubt: AnswerError | None = None
        for good in goods:  # every good answer is tried: one the answer cannot be read as does not hide another
            try:
                if _same(answer, good, tiles, any_order, card):
                    return right(question, why)
            except AnswerError as error:
                doubt = doubt or error
        if doubt is not None:
            raise doubt
        explanation, credit = "", 0.0
        if tiles and len(goods) == 1:
            explanation = _tiles_explanation(answer, goods[0])
            credit = partial(tiles_share(answer, goods[0]))
        return not_yet(question, explanation, hint, credit=credit)
    except AnswerError as error:
        return unreadable(error)
    except MjlearnError as error:  # an expected answer the teacher mistyped, or the grader refused
        return unreadable(AnswerError(f"I could not read {shown_answer(answer)!r}: {str(error).splitlines()[0]}"))
    except RecursionError:
        return unreadable(AnswerError(f"I could not read {shown_answer(answer)!r}: it is nested too deeply."))


def check_count(answer: object, expected: int, question: str = "", hint: str = "", why: str = "", *,
                accept: Iterable[int] = ()) -> Check:
    """A question whose answer is a whole number: ``12``, ``"12"``, ``"twelve"``, ``"12 tiles"``, ``"-12"``
    (:func:`~mjlearn.lessons.reading.read_number`); a wrong one is told whether it is too high or too low.
    ``accept`` lists other numbers that are right too.

    >>> check_count(" 308 ", 308, "the hands of basic1", why="its seven sections add up to 308.")
    Right! the hands of basic1. Its seven sections add up to 308.
    >>> check_count("three hundred", 308, "the hands of basic1")
    Not yet: the hands of basic1. 300 is too low.
    """
    plain = isinstance(accept, (list, tuple)) and all(type(a) is int for a in (expected, *accept))
    if not plain:  # (the checks are loaded only for other values: a plain check stays light)
        from ..analysis.arguments import items_argument, whole_argument

        expected = whole_argument("expected", expected)
        accept = tuple(whole_argument("accept", a) for a in items_argument("accept", accept))
    accepted = set(accept)
    number, early = read_answer(answer, question, read_number)
    if early is not None:
        return early
    if number == expected or number in accepted:
        return right(question, why)
    return not_yet(question, f"{number} is too {'high' if number > expected else 'low'}.", hint)
