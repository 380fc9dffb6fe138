"""An exercise in one call: the question, the position, an answer control a student clicks or types in, a
Check button, hints that grow with each wrong try, the answer after trying, and a record of every try.

:class:`Exercise` wraps a :class:`~mjlearn.lessons.Question` (any kind) or any checker that returns a
:class:`~mjlearn.lessons.Check`. The answer control follows the kind of answer: a text box that reads words
and numbers, Yes / No buttons, a tile picker on the rack shown (or on all 36 tiles), seat buttons, a line
picker from the card, or the teacher's own options. All grading happens in Python; every click is a method
you can call yourself:

>>> ex = Exercise.yes_no("Does FF 11B 22B 33B 44B 55B 6B J win?", answer="no", rack="FF 11B 22B 33B 44B 55B 6B J",
...                      lesson="02", number=2, hints=["Where would the joker stand?"], teach="Jokers",
...                      solution="**No.** A joker never stands in a pair.", record=False)
>>> ex.choose("Yes"), ex.check()
(True, True)
>>> ex.result.status, [hint["title"] for hint in ex.hints], ex.can_show
('wrong', ['Hint 1'], False)
>>> ex.check("no")
True
>>> ex.solved, ex.tries, ex.result
(True, 2, Right!)
>>> ex
<Exercise: 02·2 yesno: 'Does FF 11B 22B 33B 44B 55B 6B J win?' (right on try 2)>

A checker of the lessons becomes an exercise with ``check=`` (a function of the answer):

>>> from mjlearn.lessons import check_payment
>>> pays = Exercise("What does West pay?", kind="number", record=False,
...                 check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard",
...                                               discarder=2, payer=2))
>>> pays.check("a lot"), pays.result.status, pays.tries
(True, 'unreadable', 0)
>>> pays.check("$50"), pays.result
(True, Right! West threw the winning tile and pays 2 x 25 = 50.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from html import escape
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import traitlets as t

from ..errors import AnswerError, ArgumentError, MjlearnError, RecordError
from ..tiles import COPIES, Tile, as_tile
from ..widgets._common import LessonWidget, asset, rack_order, tile_faces

if TYPE_CHECKING:  # pragma: no cover
    from ..card import Card, Line
    from ..hands import Hand, HandLike
    from ..resources import CardLike
    from .checks import Check
    from .questions import Question

__all__ = ["Exercise"]

HERE = Path(__file__).parent

CONTROLS = {
    "text": "words", "words": "words", "count": "words", "number": "words",
    "yesno": "yesno",
    "tiles": "tiles", "pass": "tiles", "discard": "tiles",
    "seat": "seat",
    "line": "line",
    "choice": "choice", "call": "choice",
}
"""The answer control each kind of answer gets: a text box (``words``), Yes / No buttons, a tile picker,
seat buttons, a line picker, or option buttons. A Question of a kind not listed gets the text box."""

SEATS = ("East", "South", "West", "North")
YES_NO = ("Yes", "No")
CALL_OPTIONS = ("Let it go", "Call a pung", "Call a kong", "Call a quint", "Call Mah Jongg")
"""The buttons of a ``"call"`` exercise written without a Question (a student may also write the call). A call
:class:`~mjlearn.lessons.Question` offers its own: "Let it go", each call its rack can make, "Call Mah Jongg"
(:attr:`Question.options <mjlearn.lessons.Question.options>`). Every button is read back by
:func:`~mjlearn.lessons.reading.read_call`."""

_NO_TRY = ("unreadable", "missing")
_HINT_RE = re.compile(r"\s*Hint:\s*(.*)$", re.S)
_VERDICT_RE = re.compile(r"^(?:Not yet|Fine)(?::.*?[.?!](?=\s|$)|[.,!])?\s*", re.S)


def _module_text() -> str:
    """The widget's ES module: the widgets' shared helpers (``prelude.js``), then ``exercise.js``."""
    return asset("prelude.js") + "\n" + (HERE / "exercise.js").read_text(encoding="utf-8")


def _style_text() -> str:
    """The widgets' style sheet, then the exercise's own (``exercise.css``)."""
    return asset("widgets.css") + "\n" + (HERE / "exercise.css").read_text(encoding="utf-8")


def anchor(heading: str) -> str:
    """The link to a notebook heading as JupyterLab names it (spaces become dashes), or to a heading of another
    notebook with ``"notebook.ipynb#Heading text"``.

    >>> anchor("Jokers only in groups"), anchor("02_building_hands.ipynb#What's next")
    ('#Jokers-only-in-groups', "02_building_hands.ipynb#What's-next")
    """
    page, _, section = heading.rpartition("#") if "#" in heading else ("", "", heading)
    fragment = quote("-".join(section.split()), safe="-_.~!'()*,;:@&=+$")
    return f"{quote(page, safe='/._-~')}#{fragment}"


def solution_html(text: str) -> str:
    """A solution written as a lesson writes it (``**bold**``, ```code```, blank lines between paragraphs) as
    HTML; everything else is shown as typed.

    >>> solution_html("**No.** A joker never stands in a `pair`.")
    '<p><strong>No.</strong> A joker never stands in a <code>pair</code>.</p>'
    """
    paragraphs = [p for p in re.split(r"\n\s*\n", str(text).strip()) if p.strip()]
    out = []
    for paragraph in paragraphs:
        html = escape(" ".join(paragraph.split()), quote=False)
        html = re.sub(r"`([^`]+)`", r"<code>\1</code>", html)
        html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", html)
        out.append(f"<p>{html}</p>")
    return "".join(out)


def _checker_hint(result: Check) -> str:
    """The hint a checker put at the end of its text (after ``Hint:``), if any."""
    found = _HINT_RE.search(result.text)
    return found.group(1).strip() if found else ""


def _checker_reason(result: Check) -> str:
    """What a checker says about a wrong answer, without its "Not yet" opening and its hint."""
    text = _HINT_RE.sub("", result.text).strip()
    return _VERDICT_RE.sub("", text, count=1).strip()


def _as_check(value: object) -> Check:
    """A checker's result as a Check: a Check, a bool, or ``(bool, reason)`` (as ``check(grader=)`` takes)."""
    from .checks import Check, not_yet, right

    if isinstance(value, Check):
        return value
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], bool):
        return right("", str(value[1])) if value[0] else not_yet("", str(value[1]))
    if isinstance(value, bool):
        return right() if value else not_yet()
    raise ArgumentError(f"an exercise's check must return a Check (or True/False), not {type(value).__name__}")


def _texts(name: str, values: object) -> tuple[str, ...]:
    from ..analysis.arguments import items_argument

    out = (values,) if isinstance(values, str) else tuple(items_argument(name, values, "a list of texts"))
    if not all(isinstance(v, str) and v.strip() for v in out):
        raise ArgumentError(f"{name} must be a list of non-empty texts")
    return tuple(" ".join(v.split()) for v in out)


def _yes_no_key(answer: object) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str) and answer.strip().lower().rstrip(".!") in ("yes", "no"):
        return answer.strip().lower().startswith("y")
    raise ArgumentError(f"a yes/no exercise's answer must be True, False, 'yes' or 'no', not {answer!r}")


class Exercise(LessonWidget):
    """One exercise, shown whole by one call: prompt, position, answer control, Check, hints, answer.

    ``question`` is a :class:`~mjlearn.lessons.Question` (its kind chooses the control, its ``check`` grades,
    its key gives the answer shown after trying) or the prompt as text. ``check`` is a function of the
    student's answer returning a :class:`~mjlearn.lessons.Check` (any checker of the lessons, in a
    ``lambda``); or give ``answer=`` (and ``accept=``) with a ``kind`` and the exercise checks it itself
    (the class methods :meth:`yes_no`, :meth:`number`, :meth:`words`, :meth:`tiles`, :meth:`seat`,
    :meth:`line` and :meth:`choice` do that).

    - ``kind``: the kind of answer, which chooses the control (:data:`CONTROLS`): ``"text"`` or
      ``"number"`` (a text box), ``"yesno"``, ``"tiles"`` / ``"pass"`` / ``"discard"`` (a tile picker),
      ``"seat"``, ``"line"``, ``"choice"`` (``options=``), ``"call"``.
    - The position shown: ``rack``, ``exposures``, ``visible`` (tiles seen on the table), ``lines`` (card
      lines by name) of ``card``; ``show`` any object a notebook can show (a Game, a picture), or a list.
    - ``pick``: where tiles are picked, ``"rack"`` (the rack shown) or ``"palette"`` (all 36 tiles);
      ``count`` how many (a discard picks 1, a pass 3).
    - ``lesson`` and ``number`` name the exercise in the record and the class report (no record without
      them); ``record=False`` records nothing; ``student`` overrides :func:`~mjlearn.lessons.student`.
    - ``hints``: the teacher's hints, shown one more after each wrong try; ``teach`` the heading of the
      section that teaches it (a link, shown as the second hint); ``tries`` (default 3) wrong tries before
      "Show the answer" appears (sooner when the teacher releases the answers; never before a try);
      ``solution`` what it shows (``**bold**`` and ```code``` as in a lesson's markdown); ``why`` is said
      after a right answer (with ``check=``, when the checker gives no reason of its own).
    - ``large=True``: large print, every button at least 48 pixels high and wide.
    """

    _esm = _module_text()
    _css = _style_text()

    faces = t.Dict().tag(sync=True)
    heading = t.Unicode().tag(sync=True)
    prompt = t.Unicode().tag(sync=True)
    control = t.Unicode("words").tag(sync=True)
    """The answer control: ``words``, ``yesno``, ``tiles``, ``seat``, ``line`` or ``choice``."""
    position = t.Dict().tag(sync=True)
    """What the browser draws above the control: rack, exposures and seen tiles as tile codes; HTML of the
    card lines and of anything else shown."""
    options = t.List(t.Unicode()).tag(sync=True)
    card_lines = t.List(t.Dict()).tag(sync=True)
    """The line picker's card: each section with its lines (name, coloured pattern, value)."""
    picking = t.Unicode("").tag(sync=True)
    """Where tiles are picked: ``"rack"``, ``"palette"``, or ``""`` (no tile picker)."""
    pick_limit = t.Int(0).tag(sync=True)
    chosen = t.List(t.Int()).tag(sync=True)
    """The picked tiles: places on the rack (picking on the rack) or tile codes (on the palette)."""
    selected = t.Unicode().tag(sync=True)
    """The option button chosen (yes/no, seat, line, choice), or ``""``."""
    response = t.Unicode().tag(sync=True)
    """The answer as it stands: typed, or made by the clicks."""
    verdict = t.Dict().tag(sync=True)
    hints = t.List(t.Dict()).tag(sync=True)
    """The hints shown so far, one more per wrong try: ``title``, ``text`` and, for the pointer to the
    section that teaches it, ``link`` and ``href``."""
    tries = t.Int(0).tag(sync=True)
    max_tries = t.Int(3).tag(sync=True)
    solved = t.Bool(False).tag(sync=True)
    can_show = t.Bool(False).tag(sync=True)
    revealed = t.Bool(False).tag(sync=True)
    solution_html = t.Unicode().tag(sync=True)
    """The solution, sent to the browser only once it may be seen."""
    large = t.Bool(False).tag(sync=True)
    footer = t.Unicode().tag(sync=True)

    def __init__(self, question: Question | str, check: Callable[[str], object] | None = None, *,
                 kind: str | None = None, answer: object = None, accept: Iterable[object] = (),
                 options: Sequence[str] | None = None, rack: HandLike | None = None,
                 exposures: Iterable[HandLike] = (), visible: HandLike | None = None, card: CardLike | None = None,
                 lines: Iterable[Line | str] | None = None, show: object = None, pick: str | None = None,
                 count: int | None = None, lesson: object = "", number: object = None, hints: Iterable[str] = (),
                 teach: str = "", solution: str = "", why: str = "", tries: int = 3, record: bool = True,
                 student: str | None = None, large: bool = False):
        from ..analysis.arguments import count_argument, text_argument
        from .questions import Question

        self._question: Question | None = question if isinstance(question, Question) else None
        if self._question is None and not (isinstance(question, str) and question.strip()):
            raise ArgumentError("an Exercise needs a Question or the prompt as text (a non-empty str)")
        prompt = self._question.prompt if self._question is not None else " ".join(str(question).split())
        kind = kind if kind is not None else (self._question.kind if self._question is not None else None)
        if kind is None:
            kind = "text"
        if not isinstance(kind, str) or (kind not in CONTROLS and self._question is None):
            raise ArgumentError(f"kind must be one of {', '.join(repr(k) for k in CONTROLS)}, not {kind!r}")
        self.kind = kind
        if check is not None and not callable(check):
            raise ArgumentError(f"check must be a function of the answer, not {type(check).__name__}")
        self._card: Card | None = None
        if card is not None or self._question is not None or kind == "line":
            from ..resources import as_card

            self._card = self._question.card if (self._question is not None and card is None) else as_card(
                card if card is not None else "basic1")
        self._hints = _texts("hints", hints)
        text_argument("teach", teach, written=True)  # a link's text and address
        self._teach = " ".join(teach.split())
        self._why = str(why)
        self._lesson = "" if lesson in ("", None) else _lesson(lesson)
        self._number = None if number is None else str(number).strip() or None
        self._record = bool(record)
        self._student = None if student is None else _student_name(student)
        self._key_text = ""
        self._grader = self._make_grader(check, answer, accept, options)
        self._solution = str(solution).strip() or self._default_solution(answer, accept)
        self._last_wrong: Check | None = None
        self._wrong = 0  # wrong tries (readable answers that were not accepted)
        self.result: Check | None = None
        """The last checked answer's :class:`~mjlearn.lessons.Check` (``None`` before the first)."""
        control = self._control_of(kind)
        shown_options = self._options(control, options)
        if control == "choice" and not shown_options:  # a Question whose options this exercise cannot find
            control = "words"
        max_tries = count_argument("tries", tries, minimum=1)
        position, rack_codes = self._position(rack, exposures, visible, lines, show)
        picking, limit = self._picking(control, pick, count, rack_codes)
        super().__init__(
            faces=tile_faces() if control == "tiles" or any(position[k] for k in ("rack", "exposed", "seen")) else {},
            heading=self._heading(), prompt=prompt, control=control, position=position,
            options=list(shown_options), card_lines=self._card_lines(control),
            picking=picking, pick_limit=limit, max_tries=max_tries, large=bool(large))
        self.on_msg(self._on_click)
        self._resume()

    # -- ways to write an exercise ---------------------------------------------------------------------
    @classmethod
    def yes_no(cls, prompt: str, answer: bool | str, **options: Any) -> Exercise:
        """A yes/no question: Yes and No buttons (a written "yes" or "no" is read too).

        >>> Exercise.yes_no("Can a zero be part of a run?", answer=False, record=False).check("yes")
        True
        """
        return cls(prompt, kind="yesno", answer=answer, **options)

    @classmethod
    def number(cls, prompt: str, answer: int | str, **options: Any) -> Exercise:
        """A whole number, written in digits or words (``"12"``, ``"twelve"``); a wrong one hears too high or
        too low.

        >>> ex = Exercise.number("How many tiles does East hold?", 14, record=False)
        >>> ex.check("twelve"), ex.result
        (True, Not yet. 12 is too low.)
        """
        return cls(prompt, kind="number", answer=answer, **options)

    @classmethod
    def words(cls, prompt: str, answer: str, accept: Iterable[str] = (), **options: Any) -> Exercise:
        """A word or a name (case and spaces do not matter); ``accept`` lists other good answers."""
        return cls(prompt, kind="text", answer=answer, accept=accept, **options)

    @classmethod
    def tiles(cls, prompt: str, answer: HandLike, accept: Iterable[HandLike] = (), **options: Any) -> Exercise:
        """Some tiles, in any order, picked from all 36 tiles (``pick="rack"``: from the rack shown) or typed.

        >>> ex = Exercise.tiles("Which dragon goes with dots?", "0", record=False)
        >>> ex.choose_tile("0"), ex.response, ex.check(), ex.solved
        (True, '0', True, True)
        """
        return cls(prompt, kind="tiles", answer=answer, accept=accept, **options)

    @classmethod
    def seat(cls, prompt: str, answer: str | int, **options: Any) -> Exercise:
        """A seat: East, South, West or North buttons."""
        return cls(prompt, kind="seat", answer=answer, **options)

    @classmethod
    def line(cls, prompt: str, answer: Line | str, card: CardLike = "basic1", **options: Any) -> Exercise:
        """A line of ``card``, picked from the card (section, then line) or written (``"2468 #1"``)."""
        return cls(prompt, kind="line", answer=answer, card=card, **options)

    @classmethod
    def choice(cls, prompt: str, options: Sequence[str], answer: str | Sequence[str], **more: Any) -> Exercise:
        """One of the teacher's ``options``, as buttons; ``answer`` is the right one (or a list of right ones).

        >>> ex = Exercise.choice("South throws 5D. You hold 55D J.", ["Call it", "Let it go"], "Call it",
        ...                      record=False)
        >>> ex.choose("Let it go"), ex.check(), ex.solved
        (True, True, False)
        """
        return cls(prompt, kind="choice", options=options, answer=answer, **more)

    # -- the student's moves (each click calls one) --------------------------------------------------------
    def answer(self, text: str) -> bool:
        """Write the answer (what the text box sends): it replaces any tiles or option chosen."""
        if not isinstance(text, str):
            return self._refuse("Write the answer as text.")
        text = " ".join(text.split())
        with self.hold_sync():
            if text != self.response:
                self.chosen, self.selected = [], ""
            self.response = text
            self._say("")
        return True

    def choose(self, option: str) -> bool:
        """Choose one of the buttons: Yes or No, a seat, a line of the card, or one of the teacher's options."""
        names = self._choices()
        if not names:
            return self._refuse("This exercise has no buttons to choose from: write or pick your answer.")
        found = next((name for name in names if isinstance(option, str) and _same_text(name, option)), None)
        if found is None:
            shown = ", ".join(names) if len(names) <= 8 else ", ".join(names[:8]) + "..."
            return self._refuse(f"{option!r} is not one of the choices ({shown}).")
        with self.hold_sync():
            self.selected = self.response = found
            self._say("")
        return True

    def choose_at(self, index: int) -> bool:
        """Choose the rack tile at ``index`` (as the rack shows them, from 0), or unchoose it if it is chosen."""
        if self.picking != "rack":
            return self._refuse("Tiles are not picked from the rack in this exercise.")
        index = self._whole("index", index)
        if index is None:
            return False
        rack = self.position.get("rack", [])
        if not 0 <= index < len(rack):
            return self._refuse(f"The rack has no tile at place {index}.")
        chosen = list(self.chosen)
        if index in chosen:
            chosen.remove(index)
        elif self.pick_limit == 1:
            chosen = [index]
        elif self.pick_limit and len(chosen) >= self.pick_limit:
            return self._refuse(f"You have chosen {self.pick_limit} tiles already: click one of them to put it"
                                " back first.")
        else:
            chosen.append(index)
        return self._picked(sorted(chosen))

    def choose_tile(self, tile: Tile | str | int) -> bool:
        """Choose a tile: from the palette, one more of it; from the rack, the first of its kind not chosen yet."""
        if not self.picking:
            return self._refuse("This exercise has no tiles to pick: write or choose your answer.")
        try:
            tile = as_tile(tile)
        except MjlearnError as error:
            return self._refuse(str(error))
        if self.picking == "rack":
            rack = self.position.get("rack", [])
            free = [i for i, code in enumerate(rack) if code == int(tile) and i not in self.chosen]
            if not free:
                return self._refuse(f"There is no {tile.long_name} on the rack left to choose.")
            return self.choose_at(free[0])
        chosen = list(self.chosen)
        if self.pick_limit == 1:
            chosen = []
        elif self.pick_limit and len(chosen) >= self.pick_limit:
            return self._refuse(f"You have chosen {self.pick_limit} tiles already: click one to take it back first.")
        if len(chosen) >= 14:
            return self._refuse("An answer holds at most 14 tiles.")
        if chosen.count(int(tile)) >= COPIES[tile]:
            return self._refuse(f"A set has only {COPIES[tile]} of {tile.long_name}.")
        return self._picked(chosen + [int(tile)])

    def unchoose_at(self, index: int) -> bool:
        """Put back the picked tile at ``index`` of the answer (as the answer shows them, from 0)."""
        index = self._whole("index", index)
        if index is None:
            return False
        if not 0 <= index < len(self.chosen):
            return self._refuse(f"Your answer has no tile at place {index}.")
        chosen = list(self.chosen)
        del chosen[index]
        return self._picked(chosen)

    def clear(self) -> bool:
        """Start the answer again: no tiles or option chosen, nothing written."""
        with self.hold_sync():
            self.chosen, self.selected, self.response = [], "", ""
            self._say("")
        return True

    def check(self, answer: str | None = None) -> bool:
        """Check the answer as it stands (or write ``answer`` first). Returns ``True`` when it was checked and
        ``False`` when there was nothing to check; :attr:`result` holds the verdict, :attr:`solved` whether the
        exercise has been answered right. A wrong answer shows one more hint; an answer that cannot be read
        says how to write it and does not count as a try."""
        if answer is not None and not self.answer(answer):
            return False
        response = self.response.strip()
        if not response:
            return self._refuse("Choose or write your answer first, then press Check.")
        try:
            result = self._grader(response)
        except AnswerError as error:
            from .checks import unreadable

            result = unreadable(error)
        except Exception as error:  # noqa: BLE001 - a teacher's checker that fails must not break the lesson
            return self._refuse(f"This exercise's checker failed on that answer ({type(error).__name__}: {error})."
                                " Tell your teacher.")
        counted = result.status not in _NO_TRY
        with self.hold_sync():
            self.result = result
            if counted:
                self.tries += 1
            if result.correct:
                self.solved = True
            elif counted:
                self._last_wrong = result
                self._wrong += 1
            self.verdict = {"status": result.status, "text": result.text, "correct": bool(result.correct),
                            "grade": result.grade, "credit": getattr(result, "credit", None)}
            self._say("")
            self._record_attempt(result, response, self.tries + (0 if counted else 1))
            self._update()
        return True

    def show_answer(self) -> bool:
        """Show the solution: after a right answer, after the tries (``tries=``, 3 by default), or once the
        teacher has released the answers and the student has tried once. Never before a try."""
        self._update()
        if not self._solution:
            return self._refuse("This exercise has no answer to show: ask your teacher.")
        if not self.can_show:
            if not self.tries:
                return self._refuse("Try it first: the answer can be shown after you have tried.")
            left = self.max_tries - self.tries
            return self._refuse(f"Try {left} more time{'s' if left != 1 else ''} first: the answer shows after"
                                f" {self.max_tries} tries.")
        with self.hold_sync():
            first = not self.revealed
            self.revealed = True
            self.solution_html = solution_html(self._solution)
            self._say("")
            if first and not self.solved:
                self._record_event("revealed")
        return True

    # -- what the exercise holds -----------------------------------------------------------------------
    @property
    def question(self) -> Question | None:
        """The :class:`~mjlearn.lessons.Question` the exercise wraps, if it wraps one."""
        return self._question

    @property
    def lesson(self) -> str:
        """The lesson, as the record writes it (``"03"``), or ``""``."""
        return self._lesson

    @property
    def exercise_number(self) -> str | None:
        """The exercise's number in its lesson, as text (``"2"``), or ``None``."""
        return self._number

    @property
    def student(self) -> str:
        """Whose answers are recorded (:func:`mjlearn.lessons.student` unless ``student=`` was given)."""
        from .record import student

        return self._student or student()

    @property
    def solution(self) -> str:
        """The solution's text (what "Show the answer" shows)."""
        return self._solution

    def _summary_text(self) -> str:
        name = f"{self._lesson}\u00b7{self._number} " if self._lesson and self._number else ""
        if self.solved:
            state = f"right on try {self.tries}"
        elif self.tries:
            state = f"{self.tries} tr{'y' if self.tries == 1 else 'ies'}, not right yet"
        else:
            state = "not tried"
        return f"{name}{self.kind}: {self.prompt!r} ({state})"

    # -- inner workings ------------------------------------------------------------------------------------
    def _make_grader(self, check: Callable[[str], object] | None, answer: object, accept: Iterable[object],
                     options: Sequence[str] | None) -> Callable[[str], Check]:
        """The function that grades an answer: the teacher's check, the Question's, or one made from ``answer``."""
        from ..analysis.arguments import items_argument
        from . import checks

        accept = tuple(items_argument("accept", accept, "a list of other good answers"))
        if check is not None:
            why = self._why

            def checked(response: str) -> Check:
                result = _as_check(check(response))
                if why and result.correct and result.text.strip() in ("Right!", "Fine."):  # the checker said no more
                    result = replace(result, text=f"{result.text.strip()} {why[:1].upper()}{why[1:]}")
                return result

            return checked
        if self._question is not None:
            question = self._question
            return lambda response: _as_check(question.check(response))
        if answer is None and not accept:
            raise ArgumentError("give check= (a function of the answer that returns a Check), answer= or a Question")
        why, kind = self._why, self.kind
        if kind == "yesno":
            key = _yes_no_key(answer)
            self._key_text = "Yes." if key else "No."
            return lambda response: checks.check(response, key, why=why)
        if kind in ("number", "count"):
            from .reading import read_number

            try:
                number = read_number(answer)
            except AnswerError:
                raise ArgumentError(f"a number exercise's answer must be a whole number, not {answer!r}") from None
            self._key_text = str(number)
            if accept:
                return lambda response: checks.check(response, number, accept=accept, why=why)
            return lambda response: checks.check_count(response, number, why=why)
        if kind in ("tiles", "pass", "discard"):
            from ..hands import as_hand

            def written(value: object) -> object:  # one Tile, or a line's hand (ConcreteHand), is an answer too
                return [value] if isinstance(value, Tile) else value.to_hand() if hasattr(value, "to_hand") else value

            goods = [as_hand(written(a), "answer") for a in ([answer] if answer is not None else []) + list(accept)]
            self._key_text = str(goods[0])
            return lambda response: checks.check(response, None, tiles=True, accept=goods, why=why)
        if kind == "seat":
            seat = _seat_key(answer)
            self._key_text = seat
            return lambda response: checks.check(response, seat, accept=[seat[0]], why=why)
        if kind == "line":
            from .helpers import check_line_name
            from .reading import read_line

            try:
                line = read_line(answer, self._card)
            except AnswerError as error:
                raise ArgumentError(f"a line exercise's answer must be a line of the card: {error}") from None
            card = self._card
            self._key_text = f"{line.category} #{line.number}"
            return lambda response: check_line_name(response, line, card, why=why)
        if kind == "call":
            return self._call_grader(options, answer, accept)
        if kind == "choice":
            from .reading import read_choice

            names = _texts("options", options if options is not None else ())
            if len(names) < 2:
                raise ArgumentError("a choice exercise needs options= (two or more texts)")
            rights = _texts("answer", answer if answer is not None else accept)
            if not rights:
                raise ArgumentError("answer must be one of the options (or a list of the right ones), not []")
            if accept and answer is not None:
                rights += _texts("accept", accept)
            unknown = [r for r in rights if not any(_same_text(r, n) for n in names)]
            if unknown:
                raise ArgumentError(f"the answer {unknown[0]!r} is not one of the options")
            self._key_text = next(n for n in names if _same_text(rights[0], n))
            good = {i for i, n in enumerate(names) if any(_same_text(r, n) for r in rights)}

            def grade_choice(response: str) -> Check:
                chosen = read_choice(response, names)  # the option, its letter or number (1 for the first)
                return checks.right("", why) if chosen in good else checks.not_yet("")

            return grade_choice
        goods = ([answer] if answer is not None else []) + list(accept)
        self._key_text = str(goods[0])
        return lambda response: checks.check(response, None, accept=goods, why=why)

    def _call_grader(self, options: Sequence[str] | None, answer: object,
                     accept: Iterable[object]) -> Callable[[str], Check]:
        """The grader of a call exercise written without a Question: the answer read by
        :func:`~mjlearn.lessons.reading.read_call` is right when it is the key's call (a key that says no number
        of jokers takes any)."""
        from . import checks
        from .reading import read_call

        names = _texts("options", tuple(options) if options is not None else CALL_OPTIONS)
        for name in names:
            try:
                read_call(name)
            except AnswerError:
                raise ArgumentError(f"a call exercise's option {name!r} does not say a call (let it go, a pung,"
                                    " a kong... or Mah Jongg)") from None
        keys = []
        for value in ([answer] if answer is not None else []) + list(accept):
            try:
                keys.append(read_call(value))
            except AnswerError:
                raise ArgumentError(f"a call exercise's answer must say a call, not {value!r}") from None
        if not keys:
            raise ArgumentError("a call exercise needs answer= (such as 'Call a pung' or 'Let it go')")
        why = self._why
        self._key_text = next((n for n in names if read_call(n) == keys[0]), str(answer))

        def same(said: tuple, key: tuple) -> bool:
            if said[0] != key[0] or said[0] != "call":
                return said == key
            return said[1] == key[1] and (key[2] is None or said[2] == key[2])

        def grade_call(response: str) -> Check:
            said = read_call(response)
            return checks.right("", why) if any(same(said, key) for key in keys) else checks.not_yet("")

        return grade_call

    def _default_solution(self, answer: object, accept: Iterable[object]) -> str:
        """The solution when the teacher wrote none: the Question's key, or the answer and ``why``."""
        if self._question is not None:
            try:
                key = self._question.key()
            except MjlearnError:
                return ""
            also = f" Also right: {', '.join(f'**{a}**' for a in key.also)}." if key.also else ""
            why = f" {key.why}" if key.why else ""
            return f"**{key.answer}**.{also}{why}".replace("..", ".")
        if not self._key_text:
            return ""
        why = f" {self._why[:1].upper()}{self._why[1:]}" if self._why else ""
        return f"**{self._key_text}**{'' if self._key_text.endswith('.') else '.'}{why}"

    def _heading(self) -> str:
        if self._lesson and self._number:
            return f"Lesson {self._lesson}, exercise {self._number}"
        if self._number:
            return f"Exercise {self._number}"
        return ""

    def _choices(self) -> list[str]:
        if self.control == "line":
            return [line["name"] for section in self.card_lines for line in section["lines"]]
        return list(self.options)

    def _control_of(self, kind: str) -> str:
        """The answer control: the Question's own (:attr:`Question.control <mjlearn.lessons.Question.control>`,
        its ``"text"`` being the text box), else the one :data:`CONTROLS` gives the kind; the text box for a
        kind neither knows."""
        if self._question is not None and kind == self._question.kind:
            try:
                control = self._question.control
            except (AttributeError, KeyError):  # a Question of a kind added later than this widget
                return "words"
            return "words" if control == "text" else control if control in CONTROLS.values() else "words"
        return CONTROLS.get(kind, "words")

    def _options(self, control: str, options: Sequence[str] | None) -> tuple[str, ...]:
        if control == "yesno":
            return YES_NO
        if control == "seat":
            return SEATS
        if control == "choice":
            given = options
            if given is None and self._question is not None:  # a choice or call Question keeps its options
                given = getattr(self._question, "options", None) or None
            if given is None and self.kind == "call":
                given = CALL_OPTIONS
            return _texts("options", given) if given is not None else ()
        return ()

    def _card_lines(self, control: str) -> list[dict]:
        if control != "line" or self._card is None:
            return []
        from ..render.html import pattern_html

        return [{"category": category.name,
                 "lines": [{"name": f"{category.name} #{line.number}", "number": line.number,
                            "pattern": pattern_html(line), "value": int(line.value),
                            "concealed": bool(line.concealed)} for line in category.lines]}
                for category in self._card.categories]

    def _position(self, rack: HandLike | None, exposures: Iterable[HandLike], visible: HandLike | None,
                  lines: Iterable[Line | str] | None, show: object) -> tuple[dict, list[int]]:
        """What is drawn above the answer control, and the rack's tile codes as shown."""
        from ..analysis.arguments import items_argument
        from ..hands import as_hand
        from .questions import _line_names, _seen_tiles

        question = self._question
        groups: list[Hand] = []
        if question is not None:
            shown_rack = question.rack
            groups = [as_hand(list(group.tiles())) for group in question.exposures]
            seen = list(question.visible)
            chosen_lines: list[Line] = list(question.lines)
        else:
            shown_rack = None if rack is None else as_hand(rack, "rack")
            groups = [as_hand(group, "exposures") for group in items_argument(
                "exposures", exposures, "a list of exposed groups (notation such as '555C', or Hands)")]
            seen = list(_seen_tiles(visible))
            chosen_lines = []
        if lines is not None:
            if self._card is None:
                from ..resources import as_card

                self._card = as_card("basic1")
            chosen_lines = _line_names(lines, self._card)
        rack_codes = rack_order(shown_rack.tiles()) if shown_rack is not None else []
        position = {
            "rack": rack_codes,
            "exposed": [rack_order(group.tiles()) for group in groups],
            "seen": rack_order(seen),
            "lines_html": _lines_html(chosen_lines),
            "shown_html": _shown_html(show),
        }
        return position, rack_codes

    def _picking(self, control: str, pick: str | None, count: int | None, rack: list[int]) -> tuple[str, int]:
        from ..analysis.arguments import count_argument

        if control != "tiles":
            if pick is not None:
                raise ArgumentError("pick= is for tile answers (kind 'tiles', 'pass' or 'discard')")
            return "", 0
        if pick is None:
            pick = "rack" if self.kind in ("pass", "discard") and rack else "palette"
        if pick not in ("rack", "palette"):
            raise ArgumentError(f"pick must be 'rack' or 'palette', not {pick!r}")
        if pick == "rack" and not rack:
            raise ArgumentError("pick='rack' needs a rack to pick from (rack=)")
        if count is not None:
            limit = count_argument("count", count, minimum=1, maximum=14)
        elif self.kind == "discard":
            limit = 1
        elif self.kind == "pass":
            limit = int(getattr(self._question, "count", 3))
        else:
            limit = 0
        return pick, limit

    def _picked(self, chosen: list[int]) -> bool:
        """Keep the picked tiles and write them as the answer."""
        if self.picking == "rack":
            codes = [self.position["rack"][i] for i in chosen]
        else:
            codes = chosen
        with self.hold_sync():
            self.chosen = chosen
            self.selected = ""
            self.response = " ".join(Tile(code).notation for code in rack_order(Tile(c) for c in codes))
            self._say("")
        return True

    def _hint_levels(self) -> list[dict]:
        """The hints shown after the wrong tries so far, one more per wrong try: a nudge (the teacher's first
        hint, or the checker's own hint), the pointer to the section that teaches it (``teach``), the
        teacher's other hints in order; from the third wrong try on, when the teacher gave fewer than three,
        the checker's reason for the last wrong answer as a worked step."""
        levels: list[dict] = []
        wrong = self._last_wrong
        nudge = self._hints[0] if self._hints else (_checker_hint(wrong) if wrong is not None else "")
        if nudge:
            levels.append({"title": "Hint 1", "text": nudge})
        if self._teach:
            section = self._teach.rpartition("#")[2] if "#" in self._teach else self._teach
            levels.append({"title": f"Hint {len(levels) + 1}", "text": "Read this part of the lesson again:",
                           "link": section, "href": anchor(self._teach)})
        for text in self._hints[1:]:
            levels.append({"title": f"Hint {len(levels) + 1}", "text": text})
        shown = levels[:self._wrong]
        if self._wrong >= 3 and len(levels) < 3 and wrong is not None:
            reason = _checker_reason(wrong)
            if reason and reason not in (level["text"] for level in shown):
                shown.append({"title": "A worked step", "text": reason})
        return shown

    def _update(self) -> None:
        """Hints, "Show the answer" and the footer from the tries so far."""
        from .record import answers_released

        self.hints = self._hint_levels()
        released = bool(self._lesson) and answers_released(self._lesson)
        allowed = self.solved or (self.tries >= 1 and (self.tries >= self.max_tries or released))
        self.can_show = bool(self._solution) and allowed
        if self.solved and self._solution:
            self.revealed = True
            self.solution_html = solution_html(self._solution)
        elif self.revealed and self.can_show:
            self.solution_html = solution_html(self._solution)
        self.footer = self._footer_text(released)

    def _footer_text(self, released: bool) -> str:
        parts = []
        if self.tries:
            parts.append(f"Tries: {self.tries}")
        if self._records():
            parts.append(f"Your answers are saved for {self.student}.")
        if released and not self.can_show:
            parts.append("Your teacher has released the answers: try once to see it.")
        return " \u00b7 ".join(parts)

    def _records(self) -> bool:
        return self._record and bool(self._lesson) and bool(self._number)

    def _resume(self) -> None:
        """Continue from the student's earlier tries at this exercise (the record keeps them)."""
        if self._records():
            from .record import attempts_of

            earlier = attempts_of(self.student, self._lesson, self._number)
            counted = [a for a in earlier if a["status"] not in (*_NO_TRY, "revealed")]
            self.tries = len(counted)
            self._wrong = sum(not a["correct"] for a in counted)
            self.solved = any(a["correct"] for a in counted)
            self.revealed = any(a["status"] == "revealed" for a in earlier)
            if counted and self.solved:
                self._say("You answered this one right before: try it again if you like.", "success")
            elif counted:
                self._say(f"Welcome back: you have tried this {len(counted)} time{'s' if len(counted) > 1 else ''}"
                          " before.")
        self._update()

    def _record_attempt(self, result: Check, response: str, try_number: int) -> None:
        if not self._records():
            return
        from .record import append_attempt, new_attempt

        credit = getattr(result, "credit", None)
        try:
            append_attempt(new_attempt(self.student, self._lesson, self._number, try_number, result.status,
                                       result.correct, response, grade=result.grade,
                                       credit=credit if isinstance(credit, (int, float)) else None,
                                       kind=self.kind))
        except (RecordError, ArgumentError) as error:
            self._say(f"Checked, but not saved in your record: {error}", "error")

    def _record_event(self, status: str) -> None:
        if not self._records():
            return
        from .record import append_attempt, new_attempt

        try:
            append_attempt(new_attempt(self.student, self._lesson, self._number, self.tries, status, False, "",
                                       kind=self.kind))
        except (RecordError, ArgumentError) as error:
            self._say(f"Not saved in your record: {error}", "error")

    def _on_click(self, _widget, content: dict, _buffers) -> None:
        action = content.get("action")
        if action == "check":
            if "text" in content:
                self.answer(str(content["text"]))
            self.check()
        elif action == "choose":
            self.choose(str(content.get("option", "")))
        elif action == "choose_at":
            self.choose_at(content.get("index"))
        elif action == "choose_tile":
            self.choose_tile(content.get("tile"))
        elif action == "unchoose_at":
            self.unchoose_at(content.get("index"))
        elif action == "clear":
            self.clear()
        elif action == "show_answer":
            self.show_answer()
        elif action == "refresh":
            self._update()


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold().rstrip(".!") == " ".join(b.split()).casefold().rstrip(".!")


def _lesson(lesson: object) -> str:
    from .record import lesson_id

    return lesson_id(lesson)


def _student_name(name: object) -> str:
    from .record import _checked_name

    return _checked_name(name)


def _seat_key(answer: object) -> str:
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer <= 3:
        return SEATS[answer]
    if isinstance(answer, str):
        for seat in SEATS:
            if answer.strip().casefold() in (seat.casefold(), seat[0].casefold()):
                return seat
    raise ArgumentError(f"a seat exercise's answer must be East, South, West or North (or 0-3), not {answer!r}")


def _lines_html(lines: Sequence[Line]) -> str:
    """The card lines shown with the question, as the card prints them."""
    if not lines:
        return ""
    from ..render.html import pattern_html
    from ..render.layout import mark_text

    rows = "".join(f'<tr><td class="mj-line-name">{escape(line.category)} #{line.number}</td>'
                   f"<td>{pattern_html(line)}</td><td class=\"mj-line-mark\">{mark_text(line)}</td></tr>"
                   for line in lines)
    return f'<table class="mj-card-lines">{rows}</table>'


def _shown_html(show: object) -> str:
    """Anything a notebook can show (a Game, a Hand, a picture with ``_repr_html_`` or ``_repr_svg_``), or a
    list of such things, as HTML."""
    if show is None:
        return ""
    items = list(show) if isinstance(show, (list, tuple)) else [show]
    parts = []
    for item in items:
        if isinstance(item, str):
            parts.append(f"<p>{escape(item)}</p>")
        elif hasattr(item, "_repr_html_"):
            parts.append(str(item._repr_html_()))
        elif hasattr(item, "_repr_svg_"):
            parts.append(str(item._repr_svg_()))
        else:
            raise ArgumentError(f"show must be something a notebook can draw (a Game, a Hand...), not"
                                f" {type(item).__name__}")
    return "".join(parts)
