"""Every exercise of the lesson notebooks (notebooks/*.ipynb, the cells with ``answer = ...``) written as an
``mj.Exercise`` with the control it will use, and answered right by clicking (the methods the browser's
clicks call). The table is the conversion guide for the lessons: the same checker, no Python for the
student."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

import mjlearn as mj
from mjlearn.lessons import (
    Question,
    check,
    check_call_taker,
    check_completes,
    check_courtesy,
    check_discard,
    check_line,
    check_line_name,
    check_outs,
    check_pass,
    check_pass_direction,
    check_payment,
    check_unseen,
    moment,
    nearest_distance,
    when_a_hand_dies,
)
from mjlearn.lessons.exercise import Exercise

ROOT = Path(__file__).resolve().parents[1]


@lru_cache(maxsize=None)
def game(seed):
    from mjlearn.rules import run_game

    return run_game(mj.load_card("basic1"), seed=seed)


def flower():
    played = game(188)
    return moment(played, len(played.moves) - 3)


def dying():
    return when_a_hand_dies(game(225))


def safe_position():
    from mjlearn.rules import Game

    return Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 44B 6B 8B 3C 5D 7D N J"},
                              exposures={1: ["222C", "444C J"], 3: ["EEEE"]},
                              discards=[(3, "9D"), (1, "1B"), (2, "N")], turn=0, phase="discard", seed=2)


def big_card():
    card = mj.load_card("basic1")
    card.bonus = 20  # the Big Card option on, for this exercise only
    return card


def dead_hand_pays():
    from mjlearn.rules import Game

    over = Game.from_position(mj.load_card("basic1"), racks={0: "FF 222B 444B 666B 888B"}, exposures={1: ["NNNN"]},
                              discards=[(1, "S"), (2, "S"), (3, "S")], dead=[1], turn=0, phase="discard", seed=5)
    over.declare_mahjongg(0)
    return -over.result.payout.payments[1]


def garden():
    return mj.load_card("practice_garden")


def turn_after_a_joker_discard():
    return mj.Exercise.choice("Under NMJL West discards a joker. Whose turn is it, and do they draw or discard?",
                              [f"{seat}, {move}" for seat in ("East", "South", "West", "North")
                               for move in ("draw", "discard")], "North, draw", record=False)


# (lesson, notebook cell, the control, the exercise, the clicks that answer it right)
LESSON_EXERCISES = [
    ("01", 48, "words", lambda: Exercise.number("How many hands does 2027 #2 stand for?",
                                                garden().line("2027", 2).count_hands(), lines=["2027 #2"],
                                                card="practice_garden", record=False),
     [("check", "6")]),
    ("01", 50, "tiles", lambda: Exercise.tiles("Which dragon goes with dots?", mj.Suit.DOT.dragon.notation,
                                               record=False),
     [("choose_tile", "0"), ("check",)]),
    ("01", 52, "tiles", lambda: Exercise.tiles("Write FF 2222 4444 rDDDD in tiles: bams, red dragons.",
                                               "FF 2222B 4444B RRRR", record=False),
     [*[("choose_tile", t) for t in "F F 2B 2B 2B 2B 4B 4B 4B 4B R R R R".split()], ("check",)]),
    ("01", 54, "yesno", lambda: Exercise.yes_no("May a joker stand in for one of the 2 bams of Flower Beds #5?",
                                                bool(garden().match("FF 1111B 222B J 3333B")), record=False),
     [("choose", "Yes"), ("check",)]),
    ("01", 56, "yesno", lambda: Exercise.yes_no("Can a zero be part of a run?", False, record=False),
     [("choose", "No"), ("check",)]),
    ("01", 58, "line", lambda: Exercise("Name the line FF 2222 + 6666 = 8888", kind="line", card="practice_garden",
                                        check=lambda a: check_line_name(a, garden().line("2468", 2), garden()),
                                        record=False),
     [("choose", "2468 #2"), ("check",)]),
    ("02", 45, "words", lambda: Exercise.number("How many tiles away from the nearest line is this rack?",
                                                nearest_distance("basic1", "FF 22B 444B 666B 8B J N"),
                                                rack="FF 22B 444B 666B 8B J N", record=False),
     [("check", "two")]),
    ("02", 47, "yesno", lambda: Exercise.yes_no("Does the rack win?",
                                                bool(mj.load_card("basic1").match("FF 11B 22B 33B 44B 55B 6B J")),
                                                rack="FF 11B 22B 33B 44B 55B 6B J", record=False),
     [("choose", "No"), ("check",)]),
    ("02", 49, "tiles", lambda: Exercise("Which tiles finish the hand?", kind="tiles", rack="FF 444B 666B 8B",
                                         exposures=["222B"], record=False,
                                         check=lambda a: check_completes(a, "FF 444B 666B 8B", exposures=["222B"])),
     [("choose_tile", "8B"), ("choose_tile", "J"), ("check",)]),
    ("02", 51, "line", lambda: Exercise(Question("line", "Which line is this rack nearest to?",
                                                 "111C 222C 333C 44C J N S"), record=False),
     [("choose", "Consecutive Run #1"), ("check",)]),
    ("02", 53, "tiles", lambda: Exercise(Question("discard", "Which tile do you throw?", "FF 222B 444B 666B N E J"),
                                         record=False),
     [("choose_tile", "E"), ("check",)]),
    ("03", 53, "seat", lambda: Exercise("Where does West pass in the left pass?", kind="seat", record=False,
                                        check=lambda a: check_pass_direction(a, "West", "left")),
     [("choose", "South"), ("check",)]),
    ("03", 56, "tiles", lambda: Exercise("Which three tiles do you pass right?", kind="pass", record=False,
                                         rack="FF 222B 44B 6B 8B 3C 7C 9D W",
                                         check=lambda a: check_pass(a, "FF 222B 44B 6B 8B 3C 7C 9D W", "basic1")),
     [("choose_tile", "3C"), ("choose_tile", "7C"), ("choose_tile", "9D"), ("check",)]),
    ("03", 58, "words", lambda: Exercise("You offer 2 tiles, the player across offers 3. How many do you get?",
                                         kind="number", check=lambda a: check_courtesy(a, 2, 3), record=False),
     [("check", "2")]),
    ("04", 50, "seat", lambda: Exercise("Who takes the flower if East lets it go?", kind="seat", show=flower(),
                                        record=False,
                                        check=lambda a: check_call_taker(a, flower(), {"West": (3, 1),
                                                                                       "North": "pass",
                                                                                       "East": "pass"})),
     [("choose", "West"), ("check",)]),
    ("04", 53, "words", lambda: Exercise("How many 4 Craks could West still get?", kind="number", show=dying(),
                                         record=False, check=lambda a: check_unseen(a, dying(), "West", "4C")),
     [("check", "0")]),
    ("04", 55, "line", lambda: Exercise("Which line is East nearest to?", kind="line", rack="F 1111B N E W S 111C J J",
                                        record=False, check=lambda a: check_line(a, "F 1111B N E W S 111C J J")),
     [("choose", "Like Numbers #2"), ("check",)]),
    ("05", 44, "words", lambda: Exercise("What does West pay?", kind="number", record=False,
                                         check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=1,
                                                                       how="discard", discarder=2, payer=2)),
     [("check", "50")]),
    ("05", 46, "words", lambda: Exercise("What does East receive?", kind="number", record=False,
                                         check=lambda a: check_payment(a, "FF 333D 666D 999D 000", winner=0,
                                                                       how="self-drawn")),
     [("check", "300")]),
    ("05", 48, "words", lambda: Exercise("What does South pay?", kind="number", record=False,
                                         check=lambda a: check_payment(a, "FF 11B 22B 33B 44B 55B 66B", winner=3,
                                                                       how="discard", discarder=1, payer=1)),
     [("check", "100")]),
    ("05", 50, "words", lambda: Exercise("Bea's points?", kind="number", record=False,
                                         check=lambda a: check_payment(a, "FF 111B 33C 55C 77C 999D", winner=1,
                                                                       how="self-drawn", ruleset="MAHJ-X")),
     [("check", "60")]),
    ("06", 47, "words", lambda: Exercise.number("How many hands are in Flower Beds?", int(
        garden().category_stats().set_index("category").loc["Flower Beds", "hands"]), record=False),
     [("check", "58")]),
    ("06", 50, "choice", lambda: Exercise.choice("Which category of practice_harbor has the most hands?",
                                                 [c.name for c in mj.load_card("practice_harbor").categories],
                                                 mj.load_card("practice_harbor").category_stats()
                                                 .sort_values("hands").iloc[-1]["category"], record=False),
     [("choose", "Quints"), ("check",)]),
    ("06", 53, "line", lambda: Exercise.line("Which line of basic1 is the easiest?", "Like Numbers #2",
                                             record=False),
     [("choose", "Like Numbers #2"), ("check",)]),
    ("07", 70, "words", lambda: Exercise.number("How many hands does NNNN 1111 r1111 SS Lo stand for?",
                                                len(mj.parse_line("NNNN 1111 r1111 SS Lo").hands()), record=False),
     [("check", "fifteen")]),
    ("08", 47, "words", lambda: Exercise.number("How many tiles are left to draw after a MAHJ-X deal?",
                                                len(__import__("mjlearn.rules", fromlist=["deal_tiles"])
                                                    .deal_tiles("MAHJ-X", seed=1).wall), record=False),
     [("check", str(len(__import__("mjlearn.rules", fromlist=["deal_tiles"]).deal_tiles("MAHJ-X", seed=1).wall)))]),
    ("08", 49, "tiles", lambda: Exercise.tiles("Which tiles complete the downward run?", "GGG", record=False),
     [("choose_tile", "G"), ("choose_tile", "G"), ("choose_tile", "G"), ("check",)]),
    ("08", 51, "choice", turn_after_a_joker_discard, [("choose", "North, draw"), ("check",)]),
    ("08", 53, "words", lambda: Exercise.number("How many games per ruleset for intervals half as wide?", 800,
                                                record=False),
     [("check", "800")]),
    ("09", 17, "tiles", lambda: Exercise("East's discard?", kind="discard", rack="FF 222B 444B 666B 8B 3C N",
                                         visible="8B 5D", record=False,
                                         check=lambda a: check_discard(a, "FF 222B 444B 666B 8B 3C N", "basic1",
                                                                       visible="8B 5D")),
     [("choose_tile", "3C"), ("check",)]),
    ("09", 19, "words", lambda: Exercise("How many outs has 2468 #1?", kind="number", record=False,
                                         rack="FF 222B 444B 666B 8B N", visible="8B 8B 5D",
                                         check=lambda a: check_outs(a, "FF 222B 444B 666B 8B N", "2468 #1",
                                                                    visible="8B 8B 5D")),
     [("check", "9")]),
    ("09", 21, "tiles", lambda: Exercise("A tile that is not hot?", kind="discard", record=False,
                                         rack="FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D",
                                         check=lambda a: __import__("mjlearn.lessons.play", fromlist=["x"])
                                         .check_safe_discard(a, "FF 66B 8B 3C 5C 7C 5D 6D 7D N J 9D",
                                                             {"South": ["222B", "44B J"], "West": [], "North": []})),
     [("choose_tile", "N"), ("check",)]),
    ("10", 36, "words", lambda: Exercise.number("How many tiles are left in the wall after an NMJL deal?", len(
        __import__("mjlearn.rules", fromlist=["deal_tiles"]).deal_tiles(seed=1).wall), record=False),
     [("check", "99")]),
    ("10", 39, "words", lambda: Exercise.number("How many stacks of East's wall lie right of the break?", sum(
        __import__("mjlearn.rules", fromlist=["deal_tiles"]).deal_tiles(seed=12).dice), record=False),
     [("check", str(sum(__import__("mjlearn.rules", fromlist=["deal_tiles"]).deal_tiles(seed=12).dice)))]),
    ("10", 41, "yesno", lambda: Exercise.yes_no("May a discard be called after the next player has racked?", False,
                                                record=False),
     [("choose", "No"), ("check",)]),
    ("10", 43, "choice", lambda: Exercise.choice("A wrong dead call at an NMJL home game?",
                                                 ["a dispute", "the caller's hand is dead"], "a dispute", record=False),
     [("choose", "a dispute"), ("check",)]),
    ("10", 45, "tiles", lambda: Exercise("A safe throw for East?", kind="discard", show=safe_position(),
                                         rack="FF 222B 44B 6B 8B 3C 5D 7D N J", record=False,
                                         check=lambda a: mj.lessons.check_safe_discard(a, safe_position())),
     [("choose_tile", "3C"), ("check",)]),
    ("10", 47, "words", lambda: Exercise("What does the dead hand pay?", kind="number", record=False,
                                         check=lambda a: check(a, dead_hand_pays(), accept=[-dead_hand_pays()])),
     [("check", "-100")]),
    ("05", 52, "words", lambda: Exercise("What does each player pay, with the Big Card bonus?", kind="number",
                                         record=False,
                                         check=lambda a: check_payment(a, "FF 222B 444B 666B 88B J", winner=0,
                                                                       how="self-drawn", payer=1, card=big_card())),
     [("check", "90")]),
]


def exercise_cells():
    """(lesson, cell) of every exercise cell of the lesson notebooks."""
    found = []
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        found += [(path.name[:2], i) for i, cell in enumerate(cells)
                  if cell["cell_type"] == "code" and re.search(r"^answer = \.\.\.", "".join(cell["source"]), re.M)]
    return found


def test_the_table_holds_every_exercise_of_the_lessons():
    assert sorted((lesson, cell) for lesson, cell, *_ in LESSON_EXERCISES) == sorted(exercise_cells())


@pytest.mark.parametrize("lesson, cell, control, make, clicks", LESSON_EXERCISES,
                         ids=[f"{lesson}-cell{cell}" for lesson, cell, *_ in LESSON_EXERCISES])
def test_each_lesson_exercise_is_answered_by_clicking(lesson, cell, control, make, clicks):
    exercise = make()
    assert exercise.control == control
    for method, *arguments in clicks:
        assert getattr(exercise, method)(*arguments), exercise.message
    assert exercise.solved, exercise.result
