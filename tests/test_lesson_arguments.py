"""issue 25: the helpers of mjlearn.lessons name a wrong argument of the lesson's own (the teacher's code, a
notebook's): an mjlearn error that says which argument, what it got and what it takes, never Python's own
TypeError, AttributeError or KeyError from deep inside. ``tools/fuzz_lessons.py`` finds the cases; each call
starts from one that works (its ``good_call``) with one argument made wrong."""

import contextlib
import io

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn.lessons as L
from mjlearn.errors import ArgumentError, MjlearnError
from script_support import load_script

fuzz = load_script("tools/fuzz_lessons.py")

MENDED = [
    # (helper, argument, a wrong value): each raised a Python error before (the fuzz on main, 1a8fbd7)
    ('read_seat', 'me', ''),
    ('read_line_name', 'sections', None),
    ('read_choice', 'options', None),
    ('phrase', 'text', None),
    ('check', 'question', True),
    ('check', 'accept', None),
    ('check', 'why', True),
    ('check', 'choices', True),
    ('check_count', 'question', True),
    ('check_count', 'why', True),
    ('right', 'question', True),
    ('right', 'why', True),
    ('read_answer', 'reader', None),
    ('partial', 'share', None),
    ('check_pass', 'question', True),
    ('check_discard', 'question', True),
    ('check_line', 'question', True),
    ('line_name', 'line', None),
    ('percent', 'p', None),
    ('check_call', 'question', True),
    ('check_call', 'visible', True),
    ('grade_calls', 'visible', True),
    ('call_label', 'call', None),
    ('grade_discard', 'tile', None),
    ('grade_discard', 'table', None),
    ('grade_discard', 'question', True),
    ('hand_list', 'line', None),
    ('hand_list', 'limit', 1.5),
    ('groups', 'line', None),
    ('check_line_name', 'line', None),
    ('check_line_name', 'question', True),
    ('check_line_name', 'why', True),
    ('check_completes', 'question', True),
    ('check_completes', 'exposures', None),
    ('check_completes', 'why', True),
    ('check_pass_direction', 'question', True),
    ('check_courtesy', 'question', True),
    ('check_payment', 'payer', 1.5),
    ('check_payment', 'exposures', None),
    ('check_payment', 'question', True),
    ('check_unseen', 'game', None),
    ('racks_table', 'racks', None),
    ('pass_table', 'charleston', None),
    ('everyone_passes', 'charleston', None),
    ('everyone_passes', 'east_blind', None),
    ('distances_by_step', 'charleston', None),
    ('everyone_votes', 'charleston', None),
    ('vote_if', 'charleston', None),
    ('everyone_offers', 'charleston', None),
    ('moment', 'game', None),
    ('moment', 'n', 1.5),
    ('until', 'game', None),
    ('until', 'test', None),
    ('first_move', 'game', None),
    ('start_of_play', 'game', None),
    ('say_move', 'game', None),
    ('say_move', 'name', None),
    ('say_move', 'args', None),
    ('play_next', 'replay', None),
    ('play_next', 'game', None),
    ('play_next', 'count', None),
    ('when_a_hand_dies', 'game', None),
    ('later_turn', 'game', None),
    ('discard_to_call', 'game', None),
    ('columns', 'table', None),
    ('payments_side_by_side', 'payouts', None),
    ('dead_hands', 'game', None),
    ('payment_cases', 'hands', None),
    ('try_move', 'move', None),
    ('key_events', 'game', None),
    ('play_contest', 'game', None),
    ('exposure_outcome', 'game', None),
    ('exposure_outcome', 'seat', None),
    ('exposure_outcome', 'add', True),
    ('answers_released', 'folders', True),
    ('read_record', 'path', None),
    ('class_report', 'students', True),
    ('class_report', 'exercises', True),
    ('tag_exercises', 'notebook_path', None),
    # and with values the first fuzz did not try: a tuple of numbers, a text no file name can hold
    ('read_line_name', 'sections', (1, 2)),
    ('student', 'name', "\ud800"),
    ('student', 'folder', "\ud800"),
    ('read_record', 'path', "\ud800"),
    ('tag_exercises', 'notebook_path', "\ud800"),
]


def _call(helper, argument, value):
    call = fuzz.good_call(helper)
    call[argument] = value
    with fuzz._elsewhere(), contextlib.redirect_stdout(io.StringIO()):
        return getattr(L, helper)(**call)


@pytest.mark.parametrize("helper, argument, value", MENDED,
                         ids=[f"{helper}-{argument}-{value!r}" for helper, argument, value in MENDED])
def test_a_wrong_argument_is_refused_by_its_name(helper, argument, value):
    with pytest.raises(ArgumentError) as refused:
        _call(helper, argument, value)
    assert argument in str(refused.value).splitlines()[0]


@pytest.mark.parametrize("helper", sorted({helper for helper, _, _ in MENDED}))
def test_the_good_calls_still_work(helper):
    """The calls the wrong arguments start from work: a refusal above is the argument's, not the call's."""
    call = fuzz.good_call(helper)
    with fuzz._elsewhere(), contextlib.redirect_stdout(io.StringIO()):
        getattr(L, helper)(**call)


PLAYERS = ("Ann", "Bea", "Cy", "Di")
WHOLE_GAMES = [
    # the helpers the fuzz leaves out (they play whole games or draw): each wrong argument refused before any play
    ("table", lambda: L.play_for_me(None)),
    ("players", lambda: L.computer_session("basic1", None, [1])),
    ("seeds", lambda: L.computer_session("basic1", PLAYERS, 7)),
    ("first_east", lambda: L.computer_session("basic1", PLAYERS, [1], first_east="East")),
    ("sheet", lambda: L.session_plot({"Ann": 0})),
    ("trainer", lambda: L.finish_with_suggestions("basic1")),
]


@pytest.mark.parametrize("argument, call", WHOLE_GAMES, ids=[argument for argument, _ in WHOLE_GAMES])
def test_the_helpers_that_play_whole_games_name_a_wrong_argument(argument, call):
    with pytest.raises(ArgumentError) as refused:
        call()
    assert str(refused.value).startswith(f"{argument} must be")


def test_a_question_that_is_not_text_is_the_teachers_mistake_not_the_students():
    """check() used to read a wrong question as an answer it could not read ("unreadable"): now it names it."""
    with pytest.raises(ArgumentError, match="^question must be text"):
        L.check("3C", "3C", question=3)
    assert L.check("3C", "3C", "the tile").correct and L.check("x", 3, "a number").status == "unreadable"


def test_the_messages_say_what_was_given_and_what_is_taken():
    with pytest.raises(ArgumentError, match=r"^game must be a Game, not None"):
        L.dead_hands(None)
    with pytest.raises(ArgumentError, match=r"^options must be a list of the options \(texts\), not 'dispute'"):
        L.read_choice("dispute", "dispute")
    with pytest.raises(ArgumentError, match=r"^line must be a card's Line .*, not '2468 #1'"):
        L.hand_list("2468 #1")
    with pytest.raises(ArgumentError, match=r"^me must be a whole number \(0 to 3, or None\), not 4"):
        L.read_seat("my left", me=4)


WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 20), st.floats(allow_nan=True), st.text(max_size=8),
    st.sampled_from(["1B", "East", "pung", "basic1", "FF 222B 444B 666B 8B 3C N"]),
    st.lists(st.sampled_from(["1B", None, 3]), max_size=3), st.dictionaries(st.text(max_size=2), st.integers(),
                                                                              max_size=2),
    st.integers(-3, 5).map(np.int64), st.builds(object),
)
QUICK = [helper for helper in fuzz.helpers() if fuzz.arguments(helper) and helper not in (
    "play_contest", "check_pass", "grade_passes", "check_call", "grade_calls", "check_discard")]
"""The helpers the property test calls: those with an argument of the lesson's own, less those that grade with
the coach's chances or replay a long game (slower; the whole fuzz of tools/fuzz_lessons.py, the slow test below,
covers them)."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(helper=st.sampled_from(QUICK), data=st.data())
def test_only_mjlearn_errors_escape_the_lesson_helpers(helper, data):
    wrong = data.draw(st.dictionaries(st.sampled_from(fuzz.arguments(helper)), WRONG, min_size=1, max_size=2))
    call = fuzz.good_call(helper)
    call.update(wrong)
    with fuzz._elsewhere(), contextlib.redirect_stdout(io.StringIO()):
        try:
            getattr(L, helper)(**call)
        except MjlearnError:
            pass


SOME_WRONG = (None, 1.5, float("nan"), "x", [], {"a": 1}, object(), "\ud800")
"""The suite's share of the fuzz's wrong values (every helper and argument still tried; the whole fuzz, all its
values, is ``python tools/fuzz_lessons.py``, about a minute)."""


@pytest.mark.slow
def test_the_fuzz_of_every_helper_and_argument_finds_nothing():
    assert fuzz.failures(tried=(fuzz.arguments, fuzz.attempt, SOME_WRONG)) == {}


def test_checking_the_arguments_keeps_a_plain_check_light():
    """The argument checks live in mjlearn.analysis.arguments (numpy); check and check_count load them only for
    a value that fails the quick test, so a lesson's plain checks still run without numpy or the analysis."""
    import subprocess
    import sys

    code = ("import sys; from mjlearn.lessons import check, check_count; "
            "check('3C 7C', '3C 7C W', tiles=True); check('no', False, 'q', hint='h', why='w'); "
            "check('b', 'dispute', choices=['dispute', 'caller dead']); check('W', 'W', accept=['E'], tiles=True); "
            "check_count('12', 11, accept=[12]); check_count(..., 3); "
            "print(*[m for m in ('numpy', 'mjlearn.analysis') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""
