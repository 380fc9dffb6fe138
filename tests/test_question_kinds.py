"""The teacher's toolkit finished (issue 24, point 5): yes/no, seat, choice and call questions, partial credit,
and a key that keeps other spellings apart from other good answers."""

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.errors import ArgumentError, PositionError
from mjlearn.lessons import (
    CONTROLS,
    KINDS,
    CallGrade,
    Check,
    Handout,
    KeyEntry,
    Question,
    call_label,
    check,
    check_call,
    check_line,
    check_pass,
    check_payment,
    default_credit,
    grade_calls,
    read_call,
)
from mjlearn.rules import Game

CARD = "basic1"
PUNG_RACK = "FF 222B 444B 66B 88B N"  # 8B thrown: a pung of it brings 2468 #1 much nearer
WIN_RACK = "FF 222B 444B 666B 88B"  # 8B thrown: Mah Jongg


@lru_cache(maxsize=None)
def live_game():
    """West may call South's 8B (a position at the moment a discard is live)."""
    return Game.from_position(mj.load_card(CARD), racks={2: PUNG_RACK}, discards=[(0, "3C"), (1, "8B")], turn=1,
                              phase="calls", seed=1)


# -- yes or no, seats, choices -----------------------------------------------------------------------------------

def test_every_kind_has_an_answer_control():
    assert set(KINDS) == set(CONTROLS) and set(CONTROLS.values()) == {"tiles", "line", "text", "yesno", "seat",
                                                                      "choice"}


def test_a_yes_no_question():
    question = Question("yesno", "May a joker stand in a pair?", answer="no", why="Jokers only in groups of 3+.")
    assert question.answer is False and question.control == "yesno" and question.options == ("Yes", "No")
    for answer in ("No", "no", False, "Nope, never.", "not at all"):
        assert question.check(answer).correct, answer
    assert question.check("Yes").text == "Not yet."
    assert question.check("maybe").status == "unreadable" and question.check(...).status == "missing"
    assert question.check("no").text == "Right! Jokers only in groups of 3+."
    assert question.key() == KeyEntry("No", (), "Jokers only in groups of 3+.")
    assert Question("yesno", "Is a pung three tiles?", answer=True).key().answer == "Yes"


def test_a_seat_question_reads_seats_and_the_students_own_seat():
    question = Question("seat", "Who sits on your left?", answer="north", seat="East", hint="play goes right")
    assert question.answer == "North" and question.seat == 0 and question.control == "seat"
    assert question.options == ("East", "South", "West", "North")
    for answer in ("North", "N", 3, "my left", "the player on my left", "North, on my left"):
        assert question.check(answer).correct, answer
    assert question.check("South").text == "Not yet. Hint: play goes right"
    assert not question.check("not North").correct and question.check("not North").status == "unreadable"
    assert not question.check("my right").correct  # South: the next in turn
    assert question.key() == KeyEntry("North", (), "")
    assert Question("seat", "Who?", answer="West").check("my left").status == "unreadable"  # no seat of one's own


def test_a_choice_question():
    question = Question("choice", "A wrong dead call at a home game?", options=["dispute", "caller dead"],
                        answer="a dispute", spellings=["the game goes on"], why="Settled at the end.")
    assert question.answer == "dispute" and question.options == ("dispute", "caller dead")
    assert question.control == "choice"
    for answer in ("dispute", "Dispute.", "a dispute: settled at the end", "A", 1, "the game goes on"):
        assert question.check(answer).correct, answer
    for answer in ("caller dead", "B", 2):
        assert question.check(answer).status == "wrong", answer
    for answer in ("not a dispute", "dispute or caller dead", "C", 3):
        assert question.check(answer).status == "unreadable", answer
    assert question.key() == KeyEntry("dispute", (), "Settled at the end.", ("the game goes on",))
    both = Question("choice", "Which is a pung?", options=["3 tiles", "4 tiles", "3 of a kind"], answer="3 tiles",
                    accept=["3 of a kind"])
    assert both.check("C").correct and both.key().also == ("3 of a kind",)


@pytest.mark.parametrize("arguments, message", [
    (dict(kind="yesno", prompt="Is it?"), "a yesno question needs answer="),
    (dict(kind="yesno", prompt="Is it?", answer="perhaps"), "a yesno question's answer: I could not read 'perhaps'"),
    (dict(kind="yesno", prompt="Is it?", answer=True, accept=[False]), "a yesno question has one answer"),
    (dict(kind="seat", prompt="Who?", answer="Nobody"), "a seat question's answer"),
    (dict(kind="seat", prompt="Who?", answer="West", seat="Q"), "seat must be a seat"),
    (dict(kind="choice", prompt="Which?", answer="a", options=["a"]), "two or more different options"),
    (dict(kind="choice", prompt="Which?", answer="a", options="ab"), "two or more different options"),
    (dict(kind="choice", prompt="Which?", answer="c", options=["yes it is", "no it is not"]), "choice question's"),
    (dict(kind="text", prompt="Which?", answer="a", options=["a", "b"]), "options= are a choice question's"),
    (dict(kind="call", prompt="Call?", rack=PUNG_RACK), "a call question needs tile="),
    (dict(kind="call", prompt="Call?", rack=PUNG_RACK, tile="J"), "a discarded joker cannot be called"),
    (dict(kind="count", prompt="How many?", answer=3, tile="8B"), "tile= is the live discard of a call question"),
])
def test_bad_questions_of_the_new_kinds_are_refused(arguments, message):
    with pytest.raises(ArgumentError, match=message):
        Question(**arguments)


def test_a_call_question_needs_a_rack_of_thirteen():
    with pytest.raises(mj.HandError, match="this needs 13"):
        Question("call", "Call?", rack=PUNG_RACK + " S", tile="8B")
    with pytest.raises(mj.HandError, match="a set holds only 4"):
        Question("call", "Call?", rack=PUNG_RACK, tile="8B", visible="8B 8B")  # with the live one, five 8B


# -- calls -------------------------------------------------------------------------------------------------------

def test_a_call_question_from_a_game_waiting_for_calls():
    game = live_game()
    question = Question.from_game("call", "South throws 8B. What do you do?", game, seat=2)
    assert (question.tile, question.seat, str(question.rack)) == (mj.Tile.B8, 2, PUNG_RACK)
    assert [t.notation for t in question.visible] == ["3C"]  # the discards before the live one
    assert question.draws == -(-game.wall_left // 4) and question.control == "choice"
    assert question.options == ("Let it go", "Call a pung, no joker", "Call Mah Jongg")
    assert question.game is not game and question.game.snapshot() == game.snapshot()
    for option in question.options:  # the widget's buttons send the options' own text
        assert question.check(option).status in ("right", "fine", "wrong")
    assert question.check("pung").correct and question.check("Call a pung, no joker").correct
    assert question.key().answer == "Call a pung, no joker" and "2468 #1" in question.key().why


@pytest.mark.parametrize("seat, message", [
    (None, r"say which seat answers: seat= one of 2 \(West\), 3 \(North\), 0 \(East\)"),
    (1, r"seat 1 \(South\) threw the tile"),
])
def test_a_call_question_asks_a_seat_that_may_call(seat, message):
    with pytest.raises(ArgumentError, match=message):
        Question.from_game("call", "Call?", live_game(), seat=seat)


def test_a_call_question_needs_a_live_discard():
    game = Game.from_position(mj.load_card(CARD), racks={0: "FF 222B 444B 666B 8B N S"}, turn=0, phase="discard",
                              seed=1)
    with pytest.raises(ArgumentError, match="a call question is asked while a discard is live"):
        Question.from_game("call", "Call?", game)
    with pytest.raises(PositionError, match="a discarded joker cannot be called"):
        Game.from_position(mj.load_card(CARD), discards=[(0, "J")], turn=0, phase="calls", seed=1)


def test_mah_jongg_is_right_when_the_tile_wins():
    grades = grade_calls(CARD, WIN_RACK, "8B")
    assert grades.best == ("mahjongg",) and grades.grade(("mahjongg",)) == "good"
    assert check_call("Mah Jongg", WIN_RACK, "8B").text == "Right! The 8B completes 2468 #1: it wins."
    let_go = check_call("let it go", WIN_RACK, "8B")
    assert not let_go.correct and let_go.grade == "costly" and "gives up a win" in let_go.text
    assert "gives up a win" in check_call("pung", WIN_RACK, "8B").text


def test_a_false_mah_jongg_and_a_call_the_rack_cannot_make():
    false = check_call("mah jongg", PUNG_RACK, "8B")
    assert not false.correct and "makes your hand dead" in false.text
    kong = check_call("kong", PUNG_RACK, "8B")
    assert kong.text == ("Not yet. You hold 2 8B and no jokers: a kong of 8B takes 3 from your rack (2 8B and 1"
                         " joker).")
    assert check_call("pung with 2 jokers", "FF 222B 444B 66B 8B N J", "8B").text.startswith(
        "Not yet. You hold 1 8B and 1 joker: a pung of 8B takes 2")


def test_a_helpful_call_is_right_and_letting_it_go_is_told_what_it_costs():
    right = check_call("pung", PUNG_RACK, "8B")
    assert right.correct and right.grade == "good"
    assert right.text == "Right! Calling a pung of 8B brings 2468 #1 from 24.2% to 61.0% in 12 draws (then throw N)."
    wrong = check_call("let it go", PUNG_RACK, "8B")
    assert wrong.text == "Not yet. Letting it go leaves 2468 #1 at 24.2% in 12 draws; the best answer gives 61.0%."
    assert "pung" not in wrong.text.lower()  # a wrong answer is not told which answer is best


def test_a_call_that_lowers_the_best_lines_chance_is_costly():
    rack = "FF 222B 444B 666B NN"  # a pung of N fits no line with these tiles: the hand would be dead
    grades = grade_calls(CARD, rack, "N")
    assert grades.best == ("pass",) and grades.grade(("call", 3, 0)) == "costly"
    assert "your hand would be dead" in check_call("pung", rack, "N").text
    assert check_call("let it go", rack, "N").correct
    lowered = grade_calls(CARD, "FF 222B 444B 66B 8B N J", "6B")  # a call with the joker instead of keeping it
    for call in lowered.calls:
        if call != ("pass",) and lowered.calls[call][0] < lowered.calls[("pass",)][0]:
            assert lowered.grade(call) == "costly" and "lowers your best chance" in lowered.reason(call)


def test_jokers_in_a_call_are_graded_too():
    rack = "FF 222B 444B 66B 8B N J"
    assert check_call("pung", rack, "8B").correct  # one 8B and the joker: the only pung there is
    assert check_call("pung with a joker", rack, "8B").correct
    assert not check_call("pung, no joker", rack, "8B").correct


def test_far_from_every_line_calls_are_graded_by_distance():
    grades = grade_calls(CARD, "N E W S 1B 1B 2C 3C 5D 7D 9D R 0", "1B")
    assert grades.by_distance and grades.best == ("pass",)
    assert grades.grade(("call", 3, 0)) == "costly" and "tiles from" in grades.reason(("call", 3, 0))


def test_call_answers_read_back_their_labels():
    grades = grade_calls(CARD, "FF 222B 444B 66B 8B J J", "6B")
    for call in grades.answers():
        assert read_call(call_label(call))[:2] == call[:2]
    assert isinstance(grades, CallGrade)


# -- partial credit ----------------------------------------------------------------------------------------------

def test_credit_follows_the_status_unless_a_checker_gives_it():
    assert [default_credit(s) for s in ("right", "fine", "wrong", "unreadable", "missing")] == [1, 0.5, 0, 0, 0]
    assert Check(False, "wrong", "x", credit=0.333).credit == 0.33
    for bad in (1.5, "half", float("nan"), True):
        with pytest.raises(ArgumentError, match="credit must be a number from 0 to 1"):
            Check(False, "wrong", "x", credit=bad)


def test_partial_credit_for_answers_partly_right():
    assert check("3C 7C", "3C 7C W", tiles=True).credit == 0.33  # two of three tiles
    assert check("3C 7C W N", "3C 7C W", tiles=True).credit == 0.38  # all three, and one too many
    assert check("N E S", "3C 7C W", tiles=True).credit == 0
    rack = "FF 222B 444B 666B 8B N S"
    assert check_pass("N S F", rack, CARD).credit == 1
    assert check_pass("N S 4B", rack, CARD).credit == 0.5  # fine
    costly = check_pass("N 2B 4B", rack, CARD)
    assert costly.grade == "costly" and costly.credit == 0.17  # one tile of the good pass
    assert check_pass("2B 4B 6B", rack, CARD).credit == 0
    line = check_line("Singles & Pairs #1", "FF 222B 444B 666B 8B N S", CARD)
    assert line.grade in ("fine", "costly") and line.credit == (0.25 if line.grade == "fine" else 0)


def test_a_payment_with_the_right_payer_or_the_right_amount_earns_half():
    hand = dict(hand="FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2, payer=2)
    assert check_payment("West pays 50", **hand, name_payer=True).credit == 1
    assert check_payment("West pays 100", **hand, name_payer=True).credit == 0.5
    assert check_payment("North pays 50", **hand, name_payer=True).credit == 0.5
    assert check_payment("50", **hand, name_payer=True).text == "Not yet. The amount is right; say who pays it too."
    assert check_payment("North pays 100", **hand, name_payer=True).credit == 0
    assert check_payment("100", **hand).credit == 0 and check_payment("West pays 100", **hand).credit == 0
    assert "North is not the one who pays that" in check_payment("North pays 50", **hand).text
    receives = check_payment("-300", "FF 333D 666D 999D 000", winner=0, how="self-drawn")
    assert not receives.correct and "a minus sign means paying" in receives.text


def test_a_call_of_the_right_size_with_jokers_to_spare_earns_a_quarter():
    rack = "FF 222B 444B 6B 88B N J"  # two 8B and a joker: the best call keeps the joker
    grades = grade_calls(CARD, rack, "8B")
    assert grades.best == ("call", 3, 0) and grades.grade(("call", 3, 1)) == "costly"
    assert grades.check("pung").credit == 1
    assert grades.check("pung with a joker").credit == 0.25  # the right call, a joker given for nothing
    assert grades.check("kong with a joker").credit == 0 and grades.check("let it go").credit == 0


# -- the key -----------------------------------------------------------------------------------------------------

def test_the_key_keeps_spellings_apart_from_other_good_answers():
    tiles = Question("tiles", "Which tiles finish 2468 #1?", rack="FF 222B 444B 666B 8B", answer="88B",
                     accept=["8b 8b", "8B J"], spellings=["two 8 bams"])
    assert tiles.key() == KeyEntry("88B", ("8B J",), "", ("two 8 bams", "8b 8b"))
    text = Question("text", "Which way is the first pass?", answer="right", accept=["to the right", "R"],
                    spellings=["rightward"])
    assert text.key().answer == "right" and text.key().also == ("R",)
    assert text.key().spellings == ("rightward", "to the right")
    count = Question("count", "Tiles on a rack?", answer=13, accept=["thirteen", 14])
    assert count.key() == KeyEntry("13", ("14",), "", ("thirteen",))
    assert count.check("14").correct and count.check("thirteen tiles").correct
    seat = Question("seat", "Who is East's left?", answer="North", accept=["N"], spellings=["north player"])
    assert seat.key() == KeyEntry("North", (), "", ("north player",))
    assert KeyEntry("a", ("b",), "c") == KeyEntry("a", ("b",), "c", ())  # written as before, still equal


def test_a_handout_of_the_new_kinds_draws_its_pages_and_key():
    questions = [Question.from_game("call", "South throws 8B. What do you do?", live_game(), seat=2),
                 Question("yesno", "May a joker stand in a pair?", answer="no"),
                 Question("seat", "Who sits on your left?", answer="North", seat=0),
                 Question("choice", "A wrong dead call?", options=["dispute", "caller dead"], answer="dispute")]
    sheet = Handout("New kinds", questions)
    assert sheet.pages(dpi=30) and sheet.key_pages(dpi=30)
    assert all(q._repr_html_() for q in questions)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=25), st.integers(), st.none(), st.booleans(), st.floats(),
                 st.lists(st.text(max_size=4), max_size=3), st.tuples(st.integers(), st.integers()),
                 st.sampled_from(["pung", "let it go", "North", "dispute", "yes", "B", "(3, 1)", "not North"])))
def test_no_answer_makes_a_new_kind_raise(answer):
    for question in (Question("yesno", "Is it?", answer=True), Question("seat", "Who?", answer="West", seat=1),
                     Question("choice", "Which?", options=["x y", "z w"], answer="x y"),
                     _call_question()):
        result = question.check(answer)
        assert isinstance(result, Check) and result.text and 0 <= result.credit <= 1


@lru_cache(maxsize=None)
def _call_question():
    return Question("call", "Call?", rack=PUNG_RACK, tile="8B")
