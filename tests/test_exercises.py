"""The answer checker: answers read as people write them, graded by the coach, explained, never a traceback."""

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.errors import AnswerError
from mjlearn.lessons import (
    Check,
    PassGrade,
    check,
    check_count,
    check_discard,
    check_line,
    check_pass,
    grade_passes,
    nearest_lines,
    read_line,
    read_number,
    read_tiles,
)

RACK = "FF 222B 444B 666B 8B N S"
JOKER_RACK = "FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ"


@lru_cache(maxsize=None)
def card():
    return mj.load_card("basic1")


def notation(tiles):
    return " ".join(t.notation for t in tiles)


# -- reading answers -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer", [
    "3C 7C W", "3c,7c,w", "3c 7c w", "  3C  7C  W  ", "3 crak 7 crak west", "3crak, 7craks and West",
    ["3C", "7C", "W"], ("3c", "7 crak", "west"), [mj.Tile.C3, mj.Tile.C7, mj.Tile.WEST], mj.Hand("3C 7C W"),
    "3C;7C;W", "'3C 7C W'",
])
def test_tiles_are_read_in_many_spellings(answer):
    assert notation(read_tiles(answer)) == "3C 7C W"


@pytest.mark.parametrize("answer, tiles", [
    ("red dragon, green dragon, soap", "R G 0"), ("5 dots", "5D"), ("ff jj", "F F J J"), ("north east", "N E"),
    ("13579d", "1D 3D 5D 7D 9D"), ("2 bam 2 bam", "2B 2B"), ("flower and joker", "F J"),
])
def test_tile_words(answer, tiles):
    assert notation(read_tiles(answer)) == tiles


@pytest.mark.parametrize("answer", ["3X", "hello", "3", "crak", 42, None, 3.5, {"3C": 1}, b"3C", [1.5], ["3C", None]])
def test_unreadable_tiles_say_how_to_write_them(answer):
    with pytest.raises(AnswerError) as caught:
        read_tiles(answer)
    assert "I could not read" in str(caught.value) and "Write tiles like 3C 7C W" in str(caught.value)


@pytest.mark.parametrize("answer, number", [
    (12, 12), ("12", 12), (" 12 ", 12), ("'12'", 12), ("twelve", 12), ("Twenty-five", 25), ("1,000", 1000),
    (12.0, 12), ("zero", 0), ("forty two", 42), ("a dozen", 12),
])
def test_numbers_are_read_in_many_spellings(answer, number):
    assert read_number(answer) == number


@pytest.mark.parametrize("answer", [True, "12.5", "about a dozen", None, [12], 12.5, "", "1e3", "12 or 13"])
def test_unreadable_numbers(answer):
    with pytest.raises(AnswerError, match="Write a whole number"):
        read_number(answer)


@pytest.mark.parametrize("answer", ["2468 #1", "2468 1", "2468 line 1", "2468 Line 1A", "  2468 #1 ", ("2468", 1),
                                    ("2468", "1"), "“2468” #1"])
def test_lines_are_read_by_section_and_number(answer):
    assert read_line(answer, card()) == card().line("2468", 1)


def test_line_names_ignore_case_and_ampersands():
    assert read_line("singles and pairs 4", card()) == card().line("Singles & Pairs", 4)
    assert read_line(card().line("369", 2), card()) == card().line("369", 2)


@pytest.mark.parametrize("answer, why", [
    ("#1", "names no section"), ("2468", "2468 is a section: say which of its lines"),
    ("Dragons 1", "no section 'dragons'"),
    ("13579 9", "lines 1 to 3"), ("2468 #1B", "no part B"), (7, "not text"),
])
def test_unreadable_lines_say_why(answer, why):
    with pytest.raises(AnswerError, match=why):
        read_line(answer, card())


# -- check ---------------------------------------------------------------------------------------------------

def test_the_lessons_call_keeps_working():
    assert check("FF 22B 4B", "4B 22B FF", "the tiles", tiles=True, any_order=True).correct
    assert check(..., 308, "count").status == "missing"
    assert check([3, 1, 2], [1, 2, 3], any_order=True).correct
    assert check(("2468", 1), ("2468", 1)).correct
    assert check(("2468", "1"), ("2468", 1)).correct
    assert check("West", "west").correct and not check("East", "west").correct
    assert check("yes", True, "does it win").correct and check("no", False).correct
    assert check("0", mj.Suit.DOT.dragon).correct and check("soap", mj.Tile.WHITE).correct
    assert check(mj.Tile.WHITE, mj.Suit.DOT.dragon).correct


def test_a_wrong_answer_never_shows_the_expected_one():
    expected = "3C 7C W"
    for answer in ["3C 7C", "3C 7C N", "N E S", "3C 7C W N"]:
        result = check(answer, expected, "the pass", tiles=True, hint="keep the bams")
        assert not result.correct and result.status == "wrong"
        assert expected not in result.text and "Hint: keep the bams" in result.text
    assert "308" not in check(300, 308, "count").text
    assert "308" not in check_count(300, 308, "count").text


def test_tile_answers_say_how_many_are_right():
    assert "(both of them right)" in check("3C 7C", "3C 7C W", tiles=True).text
    assert "1 of your 3 are right" in check("3C N E", "3C 7C W", tiles=True).text
    assert "None of yours is in it" in check("N E S", "3C 7C W", tiles=True).text


def test_several_good_answers_and_graders():
    assert check("E", "W", accept=["E"], tiles=True).correct
    assert check("9", accept=[9, 10]).correct and not check("8", accept=[9, 10]).correct
    assert check(4, grader=lambda a: a % 2 == 0).correct
    result = check(3, "even", "an even number", grader=lambda a: (a % 2 == 0, "3 is odd"))
    assert not result.correct and "3 is odd" in result.text
    assert check("x", grader=lambda a: read_number(a) > 1).status == "unreadable"
    choked = check("x", grader=lambda a: a % 2 == 0)  # the teacher's grader fails on text: no traceback
    assert choked.status == "unreadable" and "TypeError" in choked.text


def test_check_count_says_too_high_or_too_low():
    assert "too high" in check_count("310", 308).text and "too low" in check_count("three hundred", 308).text
    assert check_count("three hundred and eight", 308).status == "unreadable" or check_count("308", 308).correct


def test_check_has_a_status_colour_for_every_status():
    for status in ("right", "fine", "wrong", "unreadable", "missing"):
        html = Check(status in ("right", "fine"), status, "text")._repr_html_()
        assert "background:#" in html and "text" in html


def test_unreadable_answers_are_friendly():
    result = check("3X", "3C", "a tile", tiles=True)
    assert result.status == "unreadable" and not result.correct
    assert result.text.startswith("I could not read '3X' as tiles")
    assert check("many", 308).status == "unreadable"


# -- passes -------------------------------------------------------------------------------------------------------

def test_every_best_pass_is_right_and_the_others_graded():
    grades = grade_passes(card(), RACK)
    good = [notation(p) for p in grades.passes("good")]
    assert good == ["N S F"]
    assert check_pass("f n s", RACK, card()).grade == "good"
    fine = check_pass("N S 4B", RACK, card())
    assert fine.correct and fine.status == "fine" and "4B, which 2468 #1 needs" in fine.text
    costly = check_pass("2B 4B 6B", RACK, card())
    assert not costly.correct and costly.grade == "costly"
    assert "You passed 2B, 4B and 6B, which 2468 #1 needs" in costly.text
    assert "N S F" not in costly.text and "N S F" not in fine.text  # the best pass is never shown


def test_a_joker_rack_has_several_good_passes():
    grades = grade_passes(card(), JOKER_RACK)
    good = grades.passes("good")
    assert len(good) > 3
    for tiles in good[:5]:
        assert check_pass(tiles, JOKER_RACK, card()).correct


@pytest.mark.parametrize("answer, why", [
    ("N S J", "You passed a joker: jokers may never be passed"),
    ("N S", "A pass is 3 tiles; you gave 2"),
    ("N S 5D", "5D is not on the rack"),
    ("N N S", "You pass 2 N but the rack holds 1"),
    ("N S F F", "A pass is 3 tiles; you gave 4"),
])
def test_illegal_passes_name_the_rule(answer, why):
    result = check_pass(answer, "FF 222B 444B 666B N S J", card())
    assert not result.correct and why in result.text


def test_a_pass_of_flowers_names_both():
    assert "You passed FF" in check_pass("F F 1B", JOKER_RACK, card()).text


def test_courtesy_passes_of_fewer_tiles():
    assert check_pass("N", RACK, card(), count=1).correct
    assert "A pass is 1 tile; you gave 2" in check_pass("N S", RACK, card(), count=1).text
    with pytest.raises(mj.ArgumentError):
        PassGrade(card(), RACK, count=4)


# -- discards and lines --------------------------------------------------------------------------------------------

def test_discards_are_graded_by_the_coach():
    assert check_discard("n", RACK, card()).correct and check_discard("S", RACK, card()).correct
    wrong = check_discard("8B", RACK, card())
    assert not wrong.correct and "Throwing 8B" in wrong.text and "you would want the 8B back" in wrong.text
    assert "throw N" not in wrong.text and "Throwing N" not in wrong.text
    assert "J is not on the rack" in check_discard("joker", RACK, card()).text
    assert "Throw one tile; you gave 2" in check_discard("N S", RACK, card()).text


def test_throwing_a_joker_is_explained():
    rack = "FF 222B 444B 666B 8B N J"
    result = check_discard("J", rack, card())
    assert not result.correct and "throws away a joker" in result.text


def test_lines_at_the_nearest_distance_are_right():
    assert check_line("2468 #1", RACK, card()).correct
    assert check_line(card().line("2468", 1), RACK, card()).correct
    wrong = check_line("369 3", RACK, card())
    assert not wrong.correct and "369 #3 is 9 tiles away; the nearest live line is 2 tiles away" in wrong.text
    assert "2468" not in wrong.text
    assert check_line("Dragons 1", RACK, card()).status == "unreadable"


def test_a_tie_accepts_every_nearest_line():
    rack = "11B 22B 33B 44B 55B 66B N S"  # both Singles & Pairs 1-4 (bams) are as near as each other
    table = card().closest(rack, n=None)
    nearest = table[table["distance"] == table["distance"].min()]
    assert len(nearest) > 1
    for row in nearest.itertuples():
        assert check_line(f"{row.category} #{row.line}", rack, card()).correct


def test_checkers_wait_for_an_answer():
    for checker in (check_pass, check_discard, check_line):
        assert checker(..., RACK, card()).status == "missing"


# -- nothing escapes ----------------------------------------------------------------------------------------------

ANSWERS = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="123456789BCDbcdNEWSRGFJ0 ,;crakdotbamwest", max_size=20),
    st.integers(), st.floats(allow_nan=True), st.none(), st.booleans(), st.binary(max_size=5),
    st.lists(st.one_of(st.text(max_size=5), st.integers(), st.none()), max_size=5),
    st.tuples(st.text(max_size=8), st.integers()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sets(st.integers(), max_size=3), st.frozensets(st.text(max_size=3), max_size=3), st.complex_numbers(),
    st.builds(object), st.iterables(st.text(max_size=4), max_size=4), st.just(Ellipsis), st.just(float("inf")),
    st.recursive(st.text(max_size=3), lambda inner: st.lists(inner, max_size=3), max_leaves=8),
    st.sampled_from([mj.Tile.WEST, mj.Hand("3C 7C W"), mj.Suit.DOT, mj.load_card, 10**30, -5, "9" * 40]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANSWERS)
def test_no_exception_escapes_check(answer):
    for result in (check(answer, "3C 7C W", "q", tiles=True), check(answer, 308, "q"), check(answer, True),
                   check(answer, "West"), check(answer, ("2468", 1)), check_count(answer, 12)):
        assert isinstance(result, Check) and isinstance(result.text, str) and result.text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANSWERS)
def test_no_exception_escapes_the_graders(answer):
    for checker in (check_pass, check_discard, check_line):
        result = checker(answer, RACK, card())
        assert isinstance(result, Check) and result.text


def test_an_array_answer_is_a_check_not_a_traceback():
    """The old check compared with ``==`` and asked the result's truth: a numpy array raised ValueError."""
    import numpy as np

    result = check(np.array([1, 2]), 3, "a count")
    assert isinstance(result, Check) and not result.correct


def test_a_rack_far_from_every_line_is_graded_by_distance():
    rack = "1B 2B 4B 5B 8B 1C 3C 2D 3D 6D N S G"  # South's deal with seed 21: every pass keeps under 0.01%
    grades = grade_passes(card(), rack)
    assert grades.by_distance and grades.best < 1e-4
    best = grades.distance(grades.best_pass)
    for tiles in grades.passes("good"):
        assert grades.distance(tuple(sorted(int(t) for t in tiles))) == best
    assert check_pass("8B 1C 3C", rack, card()).correct
    fine = check_pass("N S G", rack, card())
    assert fine.status == "fine" and f"10 tiles from the nearest line (the best pass leaves {best}" in fine.text


def test_an_answer_that_fails_to_iterate_is_unreadable():
    """A generator that raises part-way used to escape read_tiles as its own RuntimeError."""

    def tiles():
        yield "3C"
        raise RuntimeError("boom")

    assert check(tiles(), "3C", tiles=True).status == "unreadable"
    assert check_pass(tiles(), RACK, card()).status == "unreadable"


def test_a_dead_line_is_not_the_answer_to_which_line_is_nearest():
    rack = "F 11B 22B 33B 44B 55B 66B"  # Singles & Pairs #1 lacks a flower, and the other seven are seen
    seen = "F F F F F F F"
    assert check_line("Singles & Pairs #1", rack, card()).correct
    dead = check_line("Singles & Pairs #1", rack, card(), visible=seen)
    assert not dead.correct and "dead: too few of the tiles it needs are left unseen" in dead.text
    good, _ = nearest_lines(card(), rack, visible=seen)
    assert not good["dead"].any()
    for row in good.itertuples():
        assert check_line(f"{row.category} #{row.line}", rack, card(), visible=seen).correct


def test_passes_under_mahjx_and_racks_the_charleston_cannot_hold():
    assert check_pass("N S F", RACK, card(), ruleset="MAHJ-X").correct
    with pytest.raises(mj.HandError, match="this needs 13 or 14"):
        check_pass("N S F", "FF N S", card())
    with pytest.raises(mj.ArgumentError):
        check_pass("N S F", RACK, card(), ruleset=3)
