"""issue 25: the lesson classes (Question, Handout, Exercise, ClassReport, Check, PassGrade, CallGrade...) name a
wrong argument of the lesson's own, in their constructors and methods, as the lesson helpers do
(tests/test_lesson_arguments.py): an mjlearn error that says which argument, what it got and what it takes,
never Python's own TypeError, KeyError or UnicodeEncodeError from deep inside. ``tools/fuzz_lesson_classes.py``
finds the cases; each call starts from one that works (its ``good_call``) with one argument made wrong."""

import contextlib
import io

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn.lessons as L
from mjlearn.errors import ArgumentError, MjlearnError
from script_support import load_script

fuzz = load_script("tools/fuzz_lesson_classes.py")

MENDED = [
    # (call, argument, a wrong value): each let a Python error out on main (82ef76b), or was taken and failed later
    # (a Check that cannot be told true or false, a prompt no handout can print)
    ("Check", "status", []),
    ("Check", "text", None),
    ("Check", "correct", "x"),
    ("Text", "text", None),
    ("TableSnapshot.of", "game", None),
    ("TableSnapshot.of", "seat", 7),  # (a snapshot from seat 7 was taken, and failed where it was read)
    ("TableSnapshot.of", "seat", "x"),
    ("PassGrade.chance", "chosen", [1, 2, 3]),
    ("PassGrade.distance", "chosen", None),
    ("PassGrade.grade", "chosen", (1, 2)),
    ("PassGrade.target", "chosen", "x"),
    ("PassGrade.needed", "chosen", 3),
    ("PassGrade.needed", "line", 10**30),
    ("PassGrade.effect", "chosen", {"a": 1}),
    ("PassGrade.effect", "line", -1),
    ("PassGrade.overlap", "chosen", 3),
    ("CallGrade.grade", "call", "pung"),
    ("CallGrade.reason", "call", ["pass"]),
    ("Question", "accept", None),
    ("Question", "lines", 3),
    ("Question", "prompt", "What do you throw? \ud800"),
    ("Question(count)", "spellings", True),
    ("Question(count)", "why", "\ud800"),
    ("Question(count)", "hint", "\ud800"),
    ("Question.from_game", "game", None),
    ("Handout", "questions", None),
    ("Handout", "title", "\ud800"),
    ("ClassReport", "attempts", None),
    ("ClassReport", "attempts", {"a": 1}),
    ("ClassReport", "skipped", (1, 2)),
    ("ClassReport", "files", None),
    ("ClassReport", "students", True),
    ("ClassReport", "exercises", 3),
    ("Exercise", "accept", None),
    ("Exercise", "exposures", None),
    ("Exercise", "lines", 3),
    ("Exercise", "teach", "\ud800"),
    ("Exercise.words", "accept", None),
    ("Exercise.tiles", "accept", 3),
    ("Exercise.choice", "options", True),
    ("Exercise.choice", "answer", []),
]


def _call(name, argument=None, value=None):
    call = fuzz.good_call(name)
    if argument is not None:
        call[argument] = value
    with fuzz.fuzz_lessons._elsewhere(), contextlib.redirect_stdout(io.StringIO()):
        return fuzz.target(name)(**call)


@pytest.mark.parametrize("name, argument, value", MENDED,
                         ids=[f"{name}-{argument}-{value!r}" for name, argument, value in MENDED])
def test_a_wrong_argument_of_a_lesson_class_is_refused_by_its_name(name, argument, value):
    with pytest.raises(ArgumentError) as refused:
        _call(name, argument, value)
    assert argument in str(refused.value).splitlines()[0]


@pytest.mark.parametrize("name", list(fuzz.CALLS))
def test_the_good_calls_of_the_classes_still_work(name):
    """The calls the wrong arguments start from (the fuzz's too) work: a refusal above is the argument's, not the
    call's."""
    _call(name)


def test_the_messages_say_what_was_given_and_what_is_taken():
    grade = fuzz._pass_grade()
    with pytest.raises(ArgumentError, match=r"^chosen must be a pass of this rack.*, not \[1, 2\] \(list\)"):
        grade.chance([1, 2])
    with pytest.raises(ArgumentError, match=r"^call must be an answer the rack can give.*, not 'pung'"):
        fuzz._call_grade().grade("pung")
    with pytest.raises(ArgumentError, match=r"^accept must be a list of other good answers, not '12'"):
        L.Question("count", "How many?", answer=12, accept="12")  # read letter by letter on main: '1' and '2'
    with pytest.raises(ArgumentError, match=r"^title must be text UTF-8 can hold \(no lone surrogate\)"):
        L.Handout("Sheet \ud800", [L.Question("count", "How many?", answer=8)])
    with pytest.raises(ArgumentError, match=r"^attempts must be the attempts .*, not None"):
        L.ClassReport(None, [], [])
    with pytest.raises(ArgumentError, match=r"^attempts must be the attempts .*; it has no column 'student'"):
        import pandas as pd

        L.ClassReport(pd.DataFrame({"a": [1]}), [], [])
    with pytest.raises(ArgumentError, match=r"^status must be 'right' or 'fine' or 'wrong'"):
        L.Check(True, "ok", "Right.")


def test_a_check_of_a_numpy_bool_is_a_bool():
    """On main a Check kept numpy's True, and bool(check) raised TypeError (__bool__ must return a bool)."""
    check = L.Check(np.bool_(True), "right", "Right!")
    assert check.correct is True and bool(check) and check.credit == 1.0


def test_good_input_reads_as_before():
    """What the classes took before they still take, and read the same: a question's accept and lines as lists or
    tuples, a pass or a call of the grade's own, a choice's right answers as a list."""
    question = L.Question("count", "How many?", answer=12, accept=[11], spellings=("twelve",))
    assert question.accept == (11,) and question.check("eleven").correct
    shown = L.Question("discard", "What do you throw?", rack="FF 222B 444B 666B 8B N S", lines=("2468 #1",))
    assert [line.number for line in shown.lines] == [1]
    grade = fuzz._pass_grade()
    assert grade.grade(grade.best_pass) == "good" and grade.overlap(grade.best_pass) == grade.count
    calls = fuzz._call_grade()
    assert [calls.grade(call) for call in calls.answers()][:1] == ["good"]
    assert L.Exercise.choice("What?", ("Call it", "Let it go"), ["Call it"], record=False).check("1")


WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 20), st.floats(allow_nan=True), st.text(max_size=6),
    st.sampled_from(["1B", "East", "pung", "\ud800"]), st.lists(st.sampled_from(["1B", None, 3]), max_size=3),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2), st.integers(-3, 5).map(np.int64),
    st.builds(object), st.tuples(st.integers(0, 40), st.integers(0, 40)),
)
QUICK = [name for name in fuzz.CALLS if fuzz.arguments(name) and name not in (
    "PassGrade", "CallGrade", "Question", "Question.dealt", "Question.from_game", "Handout", "Handout.pages",
    "Handout.key_pages", "Handout.words", "Handout.save", "Handout.save_key", "ClassReport.png",
    "ClassReport.save_png")]
"""The calls the property test makes: those with an argument, less those that score every pass or call, deal,
draw or print a page (slower; the whole fuzz, the slow test below, covers them)."""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(QUICK), data=st.data())
def test_only_mjlearn_errors_escape_the_lesson_classes(name, data):
    wrong = data.draw(st.dictionaries(st.sampled_from(fuzz.arguments(name)), WRONG, min_size=1, max_size=2))
    call = fuzz.good_call(name)
    call.update(wrong)
    with fuzz.fuzz_lessons._elsewhere(), contextlib.redirect_stdout(io.StringIO()):
        try:
            made = fuzz.target(name)(**call)
            if "." not in name:
                repr(made)
        except MjlearnError:
            pass


@pytest.mark.slow
def test_the_fuzz_of_every_class_and_argument_finds_nothing():
    """Every call and argument with a share of the fuzz's wrong values (all of them: python
    tools/fuzz_lesson_classes.py)."""
    assert fuzz.failures(wrong=(None, 1.5, float("nan"), "x", [], {"a": 1}, object(), "\ud800")) == {}
