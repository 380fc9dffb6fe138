"""mj.Exercise: the answer controls by kind, the clicks as methods, hints that grow, the answer after trying,
the record of each try. Every test drives the widget's public methods, as the browser's clicks do."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError
from mjlearn.lessons import Check, Question, check_completes, check_count, check_payment
from mjlearn.lessons.exercise import CALL_OPTIONS, CONTROLS, Exercise, anchor, solution_html
from mjlearn.lessons.record import read_record, record_path, release_answers

ROOT = Path(__file__).resolve().parents[1]
PASS_RACK = "FF 222B 444B 666B 8B N S"


def records(name: str) -> list[dict]:
    return read_record(record_path(name))[0]


# -- the control each kind gets ------------------------------------------------------------------------------

def test_mj_exercise_is_the_lessons_exercise_and_loads_lazily():
    assert mj.Exercise is Exercise
    assert mj.student is mj.lessons.student and mj.class_report is mj.lessons.class_report
    assert mj.release_answers is release_answers


@pytest.mark.parametrize("make, control, options", [
    (lambda: Exercise.yes_no("Does it win?", "no", record=False), "yesno", ["Yes", "No"]),
    (lambda: Exercise.number("How many?", 12, record=False), "words", []),
    (lambda: Exercise.words("Which way?", "right", record=False), "words", []),
    (lambda: Exercise.seat("Who?", "South", record=False), "seat", ["East", "South", "West", "North"]),
    (lambda: Exercise.choice("Call?", ["Call it", "Let it go"], "Call it", record=False), "choice",
     ["Call it", "Let it go"]),
    (lambda: Exercise.tiles("Which?", "88B", record=False), "tiles", []),
    (lambda: Exercise.line("Which line?", "2468 #1", record=False), "line", []),
    (lambda: Exercise(Question("count", "How many?", answer=3), record=False), "words", []),
    (lambda: Exercise(Question("text", "Which way?", answer="right"), record=False), "words", []),
    (lambda: Exercise(Question("pass", "Pass?", rack=PASS_RACK), record=False), "tiles", []),
    (lambda: Exercise(Question("line", "Nearest?", rack=PASS_RACK), record=False), "line", []),
])
def test_each_kind_gets_its_control(make, control, options):
    exercise = make()
    assert exercise.control == control
    assert exercise.options == options


def test_every_control_name_is_drawn_by_the_browser_and_every_click_is_handled():
    script = (ROOT / "mjlearn" / "lessons" / "exercise.js").read_text(encoding="utf-8")
    for control in set(CONTROLS.values()) - {"words"}:  # words is the default branch
        assert f'kind === "{control}"' in script, control
    sent = set(re.findall(r'action: "(\w+)"', script))
    source = (ROOT / "mjlearn" / "lessons" / "exercise.py").read_text(encoding="utf-8")
    handled = set(re.findall(r'action == "(\w+)"', source))
    assert sent and sent <= handled, sent - handled
    assert "import " not in script.split("\n", 3)[3].split("function render")[0]  # no ES imports: one module


def test_a_question_of_a_kind_the_exercise_does_not_know_gets_the_text_box():
    question = Question("text", "Which way?", answer="right")
    question.kind = "some-new-kind"  # a kind added to Question later
    exercise = Exercise(question, record=False)
    assert exercise.control == "words" and exercise.check("right") and exercise.solved


def test_a_question_gives_the_exercise_its_control_and_its_options():
    """The Question's own interface (``control``, ``options``) chooses what the student clicks."""
    from mjlearn.rules import Game

    choice = Question("choice", "A wrong dead call at a home game?", options=["dispute", "caller dead"],
                      answer="dispute")
    live = Game.from_position(mj.load_card("basic1"), racks={2: "FF 222B 444B 66B 88B N"},
                              discards=[(0, "3C"), (1, "8B")], turn=1, phase="calls", seed=1)
    call = Question.from_game("call", "South throws 8B. What do you do?", live, seat=2)
    for question in (choice, call, Question("yesno", "Win?", answer="no"),
                     Question("seat", "Who?", answer="West"), Question("count", "How many?", answer=3),
                     Question("discard", "Throw?", rack=PASS_RACK)):
        exercise = Exercise(question, record=False)
        expected = "words" if question.control == "text" else question.control
        assert exercise.control == expected, question.kind
        if question.control in ("choice", "yesno", "seat"):
            assert exercise.options == list(question.options), question.kind
    assert Exercise(choice, record=False).options == ["dispute", "caller dead"]
    assert Exercise(call, record=False).options == ["Let it go", "Call a pung, no joker", "Call Mah Jongg"]


def test_a_choice_question_is_answered_by_its_button_its_number_or_its_words():
    question = Question("choice", "Call it or let it go?", options=["Call it", "Let it go"], answer="Call it")
    for answer in ("Call it", "1", "A", "call it!"):
        exercise = Exercise(question, record=False)
        assert exercise.check(answer) and exercise.solved, answer
    exercise = Exercise(question, record=False)
    assert exercise.choose("Let it go") and exercise.check() and not exercise.solved
    assert exercise.check("3") and exercise.result.status == "unreadable" and exercise.tries == 1


def test_every_call_button_is_read_back_as_the_call_it_names():
    """The buttons send their label; read_call reads each label as the call the Question graded."""
    from mjlearn.lessons.graded import call_label
    from mjlearn.lessons.reading import read_call
    from mjlearn.rules import Game

    live = Game.from_position(mj.load_card("basic1"), racks={2: "FF 222B 444B 66B 88B J"},
                              discards=[(0, "3C"), (1, "8B")], turn=1, phase="calls", seed=1)
    question = Question.from_game("call", "South throws 8B. What do you do?", live, seat=2)
    exercise = Exercise(question, record=False)
    assert len(exercise.options) > 3  # let it go, a pung with or without the joker, a kong..., Mah Jongg
    for option in exercise.options:
        assert call_label(read_call(option)) == option
        assert question.check(option).status != "unreadable", option
    best = question.key().answer
    assert exercise.choose(best) and exercise.check() and exercise.solved
    for option in CALL_OPTIONS:
        assert read_call(option)[0] in ("pass", "call", "mahjongg"), option


def test_a_choice_question_changed_by_hand_without_options_gets_the_text_box():
    question = Question("text", "Call it or let it go?", answer="call it")
    question.kind = "choice"  # a Question changed by hand, without options: the text box
    assert Exercise(question, record=False).control == "words"


def test_a_call_exercise_without_a_question_reads_the_call_in_words():
    exercise = Exercise("South throws 5D; you hold 55D. What do you do?", kind="call", answer="Call a pung",
                        record=False)
    assert exercise.control == "choice" and exercise.options == list(CALL_OPTIONS)
    assert exercise.choose("call a pung") and exercise.check() and exercise.solved
    for answer, right in (("pung", True), ("a pung with a joker", True), ("let it go", False), ("kong", False)):
        other = Exercise("South throws 5D; you hold 55D. What do you do?", kind="call", answer="Call a pung",
                         record=False)
        assert other.check(answer) and other.solved is right, answer
    with pytest.raises(ArgumentError, match="does not say a call"):
        Exercise("What now?", kind="call", options=["Go home", "Let it go"], answer="Let it go", record=False)
    with pytest.raises(ArgumentError, match="must say a call"):
        Exercise("What now?", kind="call", answer="maybe", record=False)


@pytest.mark.parametrize("make, answer", [
    (lambda: Exercise.yes_no("May you still call it?", answer="no", record=False), "No."),
    (lambda: Exercise.yes_no("May you still call it?", answer="no", record=False), "nope"),
    (lambda: Exercise("What does West pay?", kind="number", record=False,
                      check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard",
                                                    discarder=2, payer=2)), "$50"),
    (lambda: Exercise.choice("Whose turn, and to do what?",
                             [f"{s}, {m}" for s in ("East", "South", "West", "North") for m in ("draw", "discard")],
                             "North, draw", record=False), "North, draw"),
    (lambda: Exercise.choice("Whose turn, and to do what?",
                             [f"{s}, {m}" for s in ("East", "South", "West", "North") for m in ("draw", "discard")],
                             "North, draw", record=False), "7"),
])
def test_answers_a_class_writes_are_read_in_the_widget(make, answer):
    """Issue 24 found "No.", "$50" and "North, draw" unreadable; the widget reads them now."""
    exercise = make()
    assert exercise.check(answer) and exercise.solved, exercise.result


# -- typing and clicking ----------------------------------------------------------------------------------------

def test_a_yes_no_exercise_by_buttons_and_in_words():
    exercise = Exercise.yes_no("Can a zero be part of a run?", answer=False, record=False)
    assert exercise.choose("Yes") and exercise.selected == "Yes" and exercise.response == "Yes"
    assert exercise.check() and exercise.result.status == "wrong" and not exercise.solved
    assert exercise.check("no") and exercise.solved and exercise.selected == ""  # typing replaced the button
    assert exercise.choose("Maybe") is False and "not one of the choices" in exercise.message
    assert exercise.selected == "" and exercise.response == "no"  # a refused click changes nothing


def test_a_number_is_read_in_words_and_an_unreadable_answer_is_not_a_try():
    exercise = Exercise.number("How many tiles does East hold before the Charleston?", 14, record=False)
    assert exercise.check("fourteen") and exercise.solved and exercise.tries == 1
    other = Exercise.number("How many?", 14, record=False)
    assert other.check("lots") and other.result.status == "unreadable"
    assert other.tries == 0 and other.hints == [] and other.verdict["status"] == "unreadable"
    assert other.check("12") and other.tries == 1 and "too low" in other.result.text


def test_nothing_to_check_is_refused_and_changes_nothing():
    exercise = Exercise.number("How many?", 14, record=False)
    assert exercise.check() is False and "first" in exercise.message and exercise.message_kind == "error"
    assert exercise.tries == 0 and exercise.result is None and exercise.verdict == {}


def test_a_payment_checker_becomes_an_exercise_with_a_text_box():
    exercise = Exercise("What does West pay?", kind="number", record=False,
                        check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard",
                                                      discarder=2, payer=2))
    assert exercise.check("25") and not exercise.solved and "printed" in exercise.result.text
    assert exercise.check("50") and exercise.solved and "pays 2 x 25 = 50" in exercise.result.text


def test_a_checker_that_fails_is_refused_with_a_message_not_a_traceback():
    def broken(answer):
        raise ZeroDivisionError("oops")

    exercise = Exercise("Anything?", check=broken, record=False)
    assert exercise.check("x") is False and "checker failed" in exercise.message and exercise.tries == 0


def test_a_checker_may_return_true_false_or_a_reason():
    exercise = Exercise("Say hello", check=lambda a: (a.lower() == "hello", "greetings matter"), record=False)
    assert exercise.check("bye") and exercise.result.status == "wrong" and "greetings" in exercise.result.text
    assert exercise.check("Hello") and exercise.solved
    strange = Exercise("Say hello", check=lambda a: 42, record=False)
    assert strange.check("x") is False and "must return a Check" in strange.message


# -- the tile picker ---------------------------------------------------------------------------------------------

def test_a_pass_is_picked_on_the_rack_three_tiles_at_most():
    exercise = Exercise(Question("pass", "Which three tiles do you pass?", rack=PASS_RACK), record=False)
    assert exercise.picking == "rack" and exercise.pick_limit == 3 and len(exercise.position["rack"]) == 14
    rack = [mj.Tile(code).notation for code in exercise.position["rack"]]
    for notation in ("N", "S", "2B"):
        assert exercise.choose_at(rack.index(notation))
    assert exercise.response == "2B N S"
    assert exercise.choose_tile("F") is False and "3 tiles already" in exercise.message
    assert exercise.response == "2B N S"  # refused: nothing changed
    assert exercise.choose_at(rack.index("2B"))  # a second click puts it back
    assert exercise.response == "N S" and exercise.choose_tile("F") and exercise.response == "F N S"
    assert exercise.check() and exercise.solved and exercise.result.status == "right"
    assert exercise.choose_at(99) is False and "no tile at place 99" in exercise.message


def test_a_discard_picks_one_tile_and_a_second_click_moves_the_choice():
    question = Question("discard", "Which tile do you throw?", rack="FF 222B 444B 666B N E J")
    exercise = Exercise(question, record=False)
    assert exercise.pick_limit == 1
    assert exercise.choose_tile("J") and exercise.choose_tile("N")
    assert exercise.response == "N" and len(exercise.chosen) == 1
    assert exercise.check() and exercise.solved


def test_typing_replaces_the_picked_tiles():
    exercise = Exercise(Question("pass", "Pass?", rack=PASS_RACK), record=False)
    exercise.choose_tile("N")
    assert exercise.answer("n, s, f") and exercise.chosen == [] and exercise.check() and exercise.solved


def test_tiles_not_on_the_rack_are_picked_from_all_36():
    exercise = Exercise("Which tiles finish the hand?", kind="tiles", rack="FF 444B 666B 8B", exposures=["222B"],
                        check=lambda a: check_completes(a, "FF 444B 666B 8B", exposures=["222B"]), record=False)
    assert exercise.picking == "palette" and exercise.position["exposed"] == [[1, 1, 1]]
    assert exercise.choose_tile("8B") and exercise.choose_tile("N") and exercise.response == "8B N"
    assert exercise.unchoose_at(1) and exercise.response == "8B"
    assert exercise.unchoose_at(5) is False and exercise.response == "8B"
    assert exercise.choose_tile("8B") and exercise.check() and exercise.solved
    for _ in range(2):
        exercise.choose_tile("8B")
    assert exercise.choose_tile("8B") is False and "only 4" in exercise.message


def test_pick_is_checked():
    with pytest.raises(ArgumentError, match="pick must be"):
        Exercise.tiles("Which?", "88B", pick="table", record=False)
    with pytest.raises(ArgumentError, match="needs a rack"):
        Exercise.tiles("Which?", "88B", pick="rack", record=False)
    with pytest.raises(ArgumentError, match="tile answers"):
        Exercise.number("How many?", 3, pick="rack", record=False)
    assert Exercise.yes_no("Win?", "no", record=False).choose_tile("N") is False


# -- lines, seats, choices ------------------------------------------------------------------------------------

def test_the_line_picker_holds_the_whole_card_and_reads_a_typed_line_too():
    exercise = Exercise.line("Name the line FF 2222 + 6666 = 8888", "2468 #2", card="practice_garden",
                             record=False)
    garden = mj.load_card("practice_garden")
    assert [section["category"] for section in exercise.card_lines] == [c.name for c in garden.categories]
    assert sum(len(section["lines"]) for section in exercise.card_lines) == len(garden.lines)
    assert "<span" in exercise.card_lines[0]["lines"][0]["pattern"]  # coloured as printed
    assert exercise.choose("2468 #1") and exercise.check() and not exercise.solved
    assert "another line" in exercise.result.text
    assert exercise.check("2468 line 2") and exercise.solved


def test_a_line_question_uses_the_picker_on_its_card():
    exercise = Exercise(Question("line", "Which line is this rack nearest to?", rack="111C 222C 333C 44C J N S"),
                        record=False)
    assert exercise.choose("Consecutive Run #1") and exercise.check() and exercise.solved


def test_seat_and_choice_answers():
    seat = Exercise.seat("Where does West pass in the left pass?", "South", record=False)
    assert seat.choose("North") and seat.check() and not seat.solved
    assert seat.choose("south") and seat.selected == "South" and seat.check() and seat.solved
    choice = Exercise.choice("A wrong call at a home game?", ["a dispute", "the caller's hand is dead"], "a dispute",
                             record=False)
    assert choice.choose("the caller's hand is dead") and choice.check() and not choice.solved
    with pytest.raises(ArgumentError, match="not one of the options"):
        Exercise.choice("Which?", ["a", "b"], "c", record=False)
    with pytest.raises(ArgumentError, match="two or more"):
        Exercise.choice("Which?", ["a"], "a", record=False)


def test_what_the_constructor_refuses():
    with pytest.raises(ArgumentError, match="check="):
        Exercise("A prompt with nothing to check it", record=False)
    with pytest.raises(ArgumentError, match="kind must be"):
        Exercise("Say", kind="essay", answer="x", record=False)
    with pytest.raises(ArgumentError, match="Question or the prompt"):
        Exercise("   ", answer="x", record=False)
    with pytest.raises(ArgumentError, match="hints"):
        Exercise.words("Say", "x", hints="", record=False)
    with pytest.raises(ArgumentError, match="yes/no"):
        Exercise.yes_no("Win?", "perhaps", record=False)
    with pytest.raises(ArgumentError, match="whole number"):
        Exercise.number("How many?", "many", record=False)
    with pytest.raises(ArgumentError, match="seat"):
        Exercise.seat("Who?", "Up", record=False)
    with pytest.raises(ArgumentError, match="line of the card"):
        Exercise.line("Which?", "2468 #9", record=False)
    with pytest.raises(ArgumentError, match="tries"):
        Exercise.words("Say", "x", tries=0, record=False)
    with pytest.raises(ArgumentError, match="show must be"):
        Exercise.words("Say", "x", show=object(), record=False)


# -- hints that grow, the answer after trying -------------------------------------------------------------

def joker_exercise(**options):
    options.setdefault("record", False)
    return Exercise.yes_no("Does FF 11B 22B 33B 44B 55B 6B J win?", "no", rack="FF 11B 22B 33B 44B 55B 6B J",
                           hints=["Where would the joker have to stand?",
                                  "The joker would be the second 6B, in a pair."],
                           teach="Jokers only in groups", solution="**No.** A joker never stands in a pair.",
                           why="jokers never stand in a pair.", **options)


def test_the_hints_grow_with_each_wrong_try_and_the_answer_comes_after_three():
    exercise = joker_exercise()
    assert exercise.hints == [] and exercise.can_show is False and exercise.solution_html == ""
    assert exercise.show_answer() is False and "Try it first" in exercise.message  # never before a try
    exercise.check("yes")
    assert [h["text"] for h in exercise.hints] == ["Where would the joker have to stand?"]
    assert exercise.show_answer() is False and "2 more times" in exercise.message
    exercise.check("yes")
    assert exercise.hints[1]["link"] == "Jokers only in groups"
    assert exercise.hints[1]["href"] == "#Jokers-only-in-groups"
    assert exercise.can_show is False and exercise.solution_html == ""  # the solution is not even sent yet
    exercise.check("yes")
    assert [h["title"] for h in exercise.hints] == ["Hint 1", "Hint 2", "Hint 3"]
    assert exercise.hints[2]["text"] == "The joker would be the second 6B, in a pair."
    assert exercise.can_show and exercise.solution_html == ""
    assert exercise.show_answer() and exercise.revealed
    assert exercise.solution_html == "<p><strong>No.</strong> A joker never stands in a pair.</p>"


def test_a_right_answer_shows_the_solution_and_why():
    exercise = joker_exercise()
    assert exercise.check("no") and exercise.solved and exercise.can_show
    assert "A joker never stands in a pair" in exercise.solution_html
    assert exercise.result.text == "Right! Jokers never stand in a pair."
    assert exercise.hints == []


def test_with_no_hints_the_checker_gives_the_nudge_and_its_reason_is_the_worked_step():
    exercise = Exercise("What does West pay?", kind="number", record=False, tries=4,
                        check=lambda a: check_count(a, 50, hint="the thrower pays double"))
    exercise.check("40")
    assert exercise.hints == [{"title": "Hint 1", "text": "the thrower pays double"}]
    exercise.check("45")
    assert len(exercise.hints) == 1  # nothing more from the teacher yet
    exercise.check("60")
    assert exercise.hints[-1] == {"title": "A worked step", "text": "60 is too high."}
    assert exercise.can_show is False  # tries=4, and no solution was written anyway
    exercise.check("70")
    assert exercise.show_answer() is False and "no answer to show" in exercise.message


def test_the_default_solution_is_the_key():
    assert Exercise.number("How many?", "twelve", why="four threes.", record=False).solution == \
        "**12**. Four threes."
    pass_exercise = Exercise(Question("pass", "Pass?", rack=PASS_RACK), record=False)
    assert pass_exercise.solution.startswith("**N S F**.") and "23.9%" in pass_exercise.solution
    assert Exercise.yes_no("Win?", False, record=False).solution == "**No.**"


def test_released_answers_show_after_one_try(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    exercise = joker_exercise(lesson="02", number=2)
    exercise.check("yes")
    assert exercise.can_show is False
    release_answers("02")  # in the notebook's folder, the kernel's current folder
    assert json.loads((tmp_path / "mjlearn-answers.json").read_text()) == {"all": False, "lessons": ["02"]}
    exercise.check("yes")
    assert exercise.can_show and exercise.tries == 2
    fresh = joker_exercise(lesson="02", number=3)
    assert fresh.can_show is False and "released" in fresh.footer  # still never before a try
    assert fresh.show_answer() is False
    other = joker_exercise(lesson="04", number=1)
    other.check("yes")
    assert other.can_show is False
    monkeypatch.setenv("MJLEARN_RELEASE", str(tmp_path / "shared"))
    (tmp_path / "shared").mkdir()
    mj.release_answers()  # every lesson, in the folder MJLEARN_RELEASE names
    other.check("yes")
    assert other.can_show


def test_anchor_and_solution_html():
    assert anchor("Jokers only in groups") == "#Jokers-only-in-groups"
    assert anchor("  Exposures   and concealed lines ") == "#Exposures-and-concealed-lines"
    assert anchor("02_building_hands.ipynb#Jokers only") == "02_building_hands.ipynb#Jokers-only"
    assert solution_html("a <b> & `c`\n\nnext") == "<p>a &lt;b&gt; &amp; <code>c</code></p><p>next</p>"


# -- the record ----------------------------------------------------------------------------------------------------

def test_each_try_is_one_line_of_the_students_record():
    mj.student("Ann Lee")
    exercise = joker_exercise(lesson="02", number=2, record=True)
    exercise.check("yes")
    exercise.check("maybe")  # cannot be read: recorded, not a try
    exercise.check("no")
    lines = records("Ann Lee")
    assert [(a["try"], a["status"], a["answer"]) for a in lines] == [(1, "wrong", "yes"), (2, "unreadable", "maybe"),
                                                                   (2, "right", "no")]
    first = lines[0]
    assert list(first) == ["student", "lesson", "exercise", "try", "status", "correct", "grade", "credit", "answer",
                           "kind", "time", "version"]
    assert (first["student"], first["lesson"], first["exercise"], first["kind"]) == ("Ann Lee", "02", "2", "yesno")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", first["time"]) and first["version"] == mj.__version__
    assert "saved for Ann Lee" in exercise.footer


def test_showing_the_answer_is_recorded_and_a_new_session_continues_the_tries():
    mj.student("Bea")
    exercise = joker_exercise(lesson="02", number=2, record=True)
    for _ in range(3):
        exercise.check("yes")
    exercise.show_answer()
    assert records("Bea")[-1]["status"] == "revealed"
    again = joker_exercise(lesson="02", number=2, record=True)  # the cell run again, or the next day
    assert again.tries == 3 and again.can_show and again.revealed and "3 times before" in again.message
    again.check("no")
    assert records("Bea")[-1]["try"] == 4


def test_no_record_without_a_lesson_and_number_or_with_record_false():
    mj.student("Cy")
    Exercise.words("Say", "x").check("x")
    Exercise.words("Say", "x", lesson="01", number=1, record=False).check("x")
    assert not record_path("Cy").exists()


def test_a_record_that_cannot_be_written_is_said_and_the_check_still_counts(tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("MJLEARN_RECORD", str(blocked))
    exercise = Exercise.words("Say", "x", lesson="01", number=1, student="Dot")
    assert exercise.check("x") and exercise.solved
    assert exercise.message_kind == "error" and "not saved in your record" in exercise.message


def test_the_student_option_and_the_repr():
    exercise = Exercise.words("Say hello", "hello", lesson=3, number="2b", student="  Edith  Wharton ")
    assert exercise.student == "Edith Wharton" and exercise.lesson == "03" and exercise.exercise_number == "2b"
    assert repr(exercise) == "<Exercise: 03·2b text: 'Say hello' (not tried)>"
    exercise.check("bye")
    assert repr(exercise) == "<Exercise: 03·2b text: 'Say hello' (1 try, not right yet)>"
    assert exercise.heading == "Lesson 03, exercise 2b"


# -- the position shown --------------------------------------------------------------------------------------------

def test_the_position_is_sent_as_tile_codes_and_card_lines():
    question = Question("tiles", "Which tiles finish 2468 #1?", rack="FF 222B 444B 666B 8B", answer="88B",
                        lines=["2468 #1"], visible="8B 5D")
    exercise = Exercise(question, record=False)
    assert exercise.position["rack"][:2] == [34, 34] and exercise.position["seen"] == [7, 22]
    assert "2468 #1" in exercise.position["lines_html"] and len(exercise.faces) == 36
    plain = Exercise.words("Which way is the first pass?", "right", record=False)
    assert plain.faces == {} and plain.position["rack"] == []


def test_a_game_can_be_shown_above_the_question():
    from mjlearn.rules import Game

    game = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 8B N S"}, turn=0,
                              phase="discard", seed=1)
    exercise = Exercise.seat("Whose turn is it?", "East", show=game, record=False)
    assert "<" in exercise.position["shown_html"] and exercise.check("East") and exercise.solved


def test_a_check_with_credit_is_kept_in_the_verdict_when_checks_carry_one():
    class Credited:  # a Check as the reading engineer's version gives it, with partial credit
        correct, status, text, grade, credit = False, "wrong", "Not yet. Two of three are right.", "", 0.67

    exercise = Exercise("Pass?", check=lambda a: Check(False, "wrong", "Not yet."), record=False)
    exercise._grader = lambda response: Credited()
    exercise.check("N S 2B")
    assert exercise.verdict["credit"] == 0.67


# -- nothing a student does makes an exercise raise -----------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

ANY_VALUE = st.one_of(st.none(), st.integers(-5, 200), st.text(max_size=12), st.floats(allow_nan=True),
                      st.lists(st.integers(), max_size=3))
CLICKS = st.lists(st.tuples(st.sampled_from(["answer", "choose", "choose_at", "choose_tile", "unchoose_at", "clear",
                                             "check", "show_answer"]), ANY_VALUE), max_size=12)


@lru_cache(maxsize=None)
def fuzz_exercises():
    return [
        Exercise(Question("pass", "Pass?", rack=PASS_RACK), record=False),
        Exercise.yes_no("Win?", "no", record=False),
        Exercise.tiles("Which?", "88B", record=False),
        Exercise.line("Which line?", "2468 #1", record=False),
        Exercise.choice("Call?", ["Call it", "Let it go"], "Call it", record=False),
        Exercise("Pay?", kind="number", record=False,
                 check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1, how="discard", discarder=2,
                                               payer=2)),
    ]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 5), CLICKS)
def test_no_click_and_no_answer_makes_an_exercise_raise(which, clicks):
    exercise = fuzz_exercises()[which]
    for method, value in clicks:
        call = getattr(exercise, method)
        result = call() if method in ("clear", "show_answer") else call(value) if method != "check" else call(
            value if isinstance(value, str) or value is None else str(value))
        assert result in (True, False)
        assert exercise.message_kind in ("info", "success", "error")


def test_why_is_said_after_a_right_answer_a_checker_gives_no_reason_for():
    from mjlearn.lessons import check

    bare = Exercise("Which dragon goes with dots?", kind="tiles", record=False, why="the soap goes with dots.",
                    check=lambda answer: check(answer, "0", tiles=True))
    assert bare.check("white") and bare.result.text == "Right! The soap goes with dots."
    reasoned = Exercise("Where does West pass left?", kind="seat", record=False, why="never said",
                        check=lambda answer: mj.lessons.check_pass_direction(answer, "West", "left"))
    assert reasoned.check("South") and reasoned.result.text == "Right! West passes left to South."


def test_a_tiles_answer_may_be_a_tile_or_a_hand_of_a_card_line():
    dragon = Exercise("Which dragon goes with dots?", kind="tiles", answer=mj.Suit.DOT.dragon, record=False)
    assert dragon.check("the soap") and dragon.solved and dragon.solution == "**0**."
    hand = Exercise("Write the hand.", kind="tiles", answer=mj.parse_line("FF 2222 4444 rDDDD").hands()[0],
                    record=False)
    assert hand.check("RRRR 4444B 2222B FF") and hand.solved
