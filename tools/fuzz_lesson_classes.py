"""Fuzz the public classes of :mod:`mjlearn.lessons` one argument at a time, and print what escapes.

The sibling of ``tools/fuzz_lessons.py`` (which fuzzes the helper functions) for the classes: each
constructor, class method and public method starts from a call that works (``good_call``), on an object
built by a call that works; each of its arguments is replaced in turn by each wrong value of
:data:`WRONG`, the others kept good. A constructor's result is also shown (``repr``), as a notebook shows
it. A call may succeed or raise an mjlearn error (a refusal); anything else (Python's own ``TypeError``,
``AttributeError``, ``KeyError``, ``UnicodeEncodeError``...) is a failure, listed by call and argument.
The student's own answer (``answer`` of a checker's ``check``, the clicks of an :class:`Exercise`) is fuzzed
too: it must be read, or refused in words, never let a Python error out.

    python tools/fuzz_lesson_classes.py           # one line per (call, argument) that fails, then the count
    python tools/fuzz_lesson_classes.py --verbose # with the value and the error of each failure

The files the classes write (records, handouts) go to a scratch folder (``fuzz_lessons._elsewhere``).
``tests/test_lesson_class_arguments.py`` runs the same calls.
"""

from __future__ import annotations

import functools
import inspect
import os
import sys
import warnings

import numpy as np

import mjlearn.lessons as L
from mjlearn.errors import MjlearnError



def _sibling(name: str):
    """The script ``name``.py beside this one, loaded as a module (this folder is no package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                     f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fuzz_lessons = _sibling("fuzz_lessons")
"""The helpers' fuzz: its scratch folder (``_elsewhere``) and its games."""

WRONG = (None, True, 0, 3, -1, 1.5, float("nan"), 10**30, "", "x", "1B", "East", [], ["x"], {"a": 1},
         np.int64(2), object(), (1, 2), "\ud800")
"""Wrong values tried for every argument (some are right for some arguments: those calls just succeed)."""

RACK = "FF 222B 444B 666B 8B N S"
CALL_RACK = "FF 222B 444B 66B 88B N"


@functools.cache
def _question():
    return L.Question("discard", "What do you throw?", rack=RACK, visible="9D 1C")


@functools.cache
def _pass_grade():
    return L.grade_passes("basic1", RACK)


@functools.cache
def _call_grade():
    return L.grade_calls("basic1", CALL_RACK, "8B")


@functools.cache
def _report():
    return L.class_report(fuzz_lessons._folder())


def _handout():
    return L.Handout("Practice", [L.Question("count", "How many jokers does a set hold?", answer=8)])


def _exercise():
    return L.Exercise.tiles("Which dragon goes with dots?", "0", record=False)


def _rack_exercise():
    return L.Exercise(_question(), record=False)


CALLS = {
    # name: (what is called, given the object built; the good arguments by name)
    "Check": (lambda: L.Check, lambda: dict(correct=True, status="right", text="Right.", grade="", credit=-1.0)),
    "Text": (lambda: L.Text, lambda: dict(text="two\nlines")),
    "KeyEntry": (lambda: L.KeyEntry, lambda: dict(answer="8", also=(), why="", spellings=())),
    "TableSnapshot.of": (lambda: L.TableSnapshot.of, lambda: dict(game=fuzz_lessons._games()[1], seat=3)),
    "TableSnapshot.discards_of": (lambda: L.TableSnapshot.of(fuzz_lessons._games()[1], 3),
                                  lambda: dict(seat=3)),
    "PassGrade": (lambda: L.PassGrade, lambda: dict(card="basic1", rack=RACK, count=3, ruleset=None)),
    "PassGrade.chance": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass)),
    "PassGrade.distance": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass)),
    "PassGrade.grade": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass)),
    "PassGrade.target": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass)),
    "PassGrade.needed": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass, line=0)),
    "PassGrade.passes": (_pass_grade, lambda: dict(grade="good")),
    "PassGrade.effect": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass, line=0)),
    "PassGrade.check": (_pass_grade, lambda: dict(answer="N S F", question="q", hint="h")),
    "PassGrade.overlap": (_pass_grade, lambda: dict(chosen=_pass_grade().best_pass)),
    "CallGrade": (lambda: L.CallGrade, lambda: dict(card="basic1", rack=CALL_RACK, tile="8B", exposures=(),
                                                    visible=None, draws=12, ruleset=None)),
    "CallGrade.grade": (_call_grade, lambda: dict(call=("pass",))),
    "CallGrade.reason": (_call_grade, lambda: dict(call=("pass",))),
    "CallGrade.check": (_call_grade, lambda: dict(answer="pung", question="q", hint="h")),
    "Question": (lambda: L.Question, lambda: dict(kind="discard", prompt="What do you throw?", rack=RACK,
                                                  card="basic1", exposures=(), visible="9D 1C", ruleset=None,
                                                  answer=None, accept=(), hint="h", lines=None, count=3, draws=12,
                                                  why="w", options=(), spellings=(), tile=None, seat=None)),
    "Question(count)": (lambda: L.Question, lambda: dict(kind="count", prompt="How many?", answer=8, accept=(),
                                                         hint="h", why="w", spellings=())),
    "Question.from_game": (lambda: L.Question.from_game,
                           lambda: dict(kind="call", prompt="What do you do?", game=fuzz_lessons._games()[1],
                                        seat=3)),
    "Question.dealt": (lambda: L.Question.dealt, lambda: dict(kind="line", prompt="Which line?", card="basic1",
                                                              seed=3, seat=0)),
    "Question.check": (_question, lambda: dict(answer="N")),
    "Question.key": (_question, lambda: dict()),
    "Question.to_position": (_question, lambda: dict(seat=None, seed=1)),
    "Handout": (lambda: L.Handout, lambda: dict(title="Practice", questions=[_question()], paper="letter",
                                                large_print=False)),
    "Handout.pages": (_handout, lambda: dict(dpi=30)),
    "Handout.key_pages": (_handout, lambda: dict(dpi=30)),
    "Handout.words": (_handout, lambda: dict(key=False)),
    "Handout.save": (_handout, lambda: dict(path="sheet.png", dpi=30)),
    "Handout.save_key": (_handout, lambda: dict(path="key.png", dpi=30)),
    "ClassReport": (lambda: L.ClassReport, lambda: dict(attempts=_report().attempts, skipped=[], files=[],
                                                        students=None, exercises=None)),
    "ClassReport.outcome_codes": (_report, lambda: dict()),
    "ClassReport.lessons": (_report, lambda: dict()),
    "ClassReport.png": (_report, lambda: dict(dpi=30)),
    "ClassReport.save_png": (_report, lambda: dict(path="report.png", dpi=30)),
    "Exercise": (lambda: L.Exercise, lambda: dict(
        question="Which dragon goes with dots?", check=None, kind="tiles", answer="0", accept=(), options=None,
        rack=None, exposures=(), visible=None, card=None, lines=None, show=None, pick=None, count=None,
        lesson="", number=None, hints=(), teach="", solution="", why="", tries=3, record=False, student=None,
        large=False)),
    "Exercise(question)": (lambda: L.Exercise, lambda: dict(question=_question(), record=False, pick="rack",
                                                            count=1, lesson="03", number="1", student="Ann")),
    "Exercise.yes_no": (lambda: L.Exercise.yes_no, lambda: dict(prompt="Can a zero be in a run?", answer=False,
                                                                record=False)),
    "Exercise.number": (lambda: L.Exercise.number, lambda: dict(prompt="How many?", answer=14, record=False)),
    "Exercise.words": (lambda: L.Exercise.words, lambda: dict(prompt="Which?", answer="Charleston", accept=(),
                                                              record=False)),
    "Exercise.tiles": (lambda: L.Exercise.tiles, lambda: dict(prompt="Which?", answer="0", accept=(),
                                                              record=False)),
    "Exercise.seat": (lambda: L.Exercise.seat, lambda: dict(prompt="Who?", answer="East", record=False)),
    "Exercise.line": (lambda: L.Exercise.line, lambda: dict(prompt="Which line?", answer="2468 #1", card="basic1",
                                                            record=False)),
    "Exercise.choice": (lambda: L.Exercise.choice, lambda: dict(prompt="What?", options=["Call it", "Let it go"],
                                                                answer="Call it", record=False)),
    "Exercise.answer": (_exercise, lambda: dict(text="0")),
    "Exercise.choose": (lambda: L.Exercise.choice("What?", ["Call it", "Let it go"], "Call it", record=False),
                        lambda: dict(option="Call it")),
    "Exercise.choose_at": (_rack_exercise, lambda: dict(index=0)),
    "Exercise.choose_tile": (_exercise, lambda: dict(tile="0")),
    "Exercise.unchoose_at": (lambda: _picked(_exercise()), lambda: dict(index=0)),
    "Exercise.clear": (_exercise, lambda: dict()),
    "Exercise.check": (_exercise, lambda: dict(answer="0")),
    "Exercise.show_answer": (_exercise, lambda: dict()),
}
"""Each call fuzzed: a constructor (``"Question"``, a second good call of it as ``"Question(count)"``), a class
method (``"Question.from_game"``: the maker gives the class's method) or a method (``"Question.to_position"``:
the maker gives a fresh object, the method named after the dot is called on it)."""


AFTER = {
    "Question": lambda question: L.Handout("Sheet", [question]).save_key("question.pdf", dpi=30),
    "Question(count)": lambda question: L.Handout("Sheet", [question]).save_key("question.pdf", dpi=30),
    "Handout": lambda handout: handout.save("handout.pdf", dpi=30),
}
"""What is done with a constructor's object besides showing it: a question and a handout are printed (a PDF
of the key, which holds every word), as a text a PDF cannot hold fails only then."""


def _picked(exercise):
    exercise.choose_tile("0")
    return exercise


def target(name: str):
    """What ``name`` calls: the class or class method its maker gives, or the method of the object it makes."""
    made = CALLS[name][0]()
    if isinstance(made, type) or inspect.ismethod(made):
        return made
    return getattr(made, name.split(".", 1)[1])


def good_call(name: str) -> dict[str, object]:
    """Arguments (by name) of a call of ``name`` that works, fresh at each call."""
    return CALLS[name][1]()


def arguments(name: str) -> list[str]:
    """The arguments of the call ``name`` that its good call names (the ones fuzzed)."""
    return list(good_call(name))


def attempt(name: str, argument: str, value: object) -> BaseException | None:
    """Call ``name`` with its good arguments, ``argument`` set to ``value``: the error that escaped that is not
    an mjlearn error, else ``None``."""
    call = good_call(name)
    call[argument] = value
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = target(name)(**call)
            if "." not in name:
                repr(result)
                getattr(result, "_repr_html_", lambda: None)()
                AFTER.get(name, lambda made: None)(result)
    except MjlearnError:
        return None
    except Exception as error:  # noqa: BLE001 - what the fuzz is looking for
        return error
    return None


def failures(names=None, wrong=WRONG):
    """``{(call, argument): [(value, error), ...]}`` of every call that raised something else than an mjlearn
    error (run as :func:`fuzz_lessons.failures` runs the helpers), for the ``wrong`` values."""
    import matplotlib

    matplotlib.use("Agg")
    return fuzz_lessons.failures(list(names or CALLS), tried=(arguments, attempt, wrong))


def main(argv: list[str]) -> int:
    names = [a for a in argv if not a.startswith("-")] or list(CALLS)
    fuzz_lessons.report(failures(names), sum(len(arguments(name)) for name in names), WRONG, "--verbose" in argv,
                        "call")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
