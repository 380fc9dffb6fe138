"""The readers of lessons.reading: whatever a student types, a value or an AnswerError with a sentence."""

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.errors import AnswerError
from mjlearn.lessons import (
    check,
    phrase,
    read_call,
    read_choice,
    read_line,
    read_number,
    read_seat,
    read_tiles,
    read_yes_no,
)

WORDS = ["no", "not", "yes", "North", "south", "pung", "kong", "joker", "jokers", "2", "two", "#", "line", "like",
         "numbers", "LN", "2468", "-", "$", "50", "points", "tiles", "or", "and", ",", ".", "(", ")", "my", "left",
         "let", "it", "go", "mah", "jongg", "a", "dispute", "caller", "dead", "x", "=", "minus", "¢", "²", "٣"]
TEXTS = st.one_of(st.text(max_size=40), st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join))
ANSWERS = st.one_of(TEXTS, st.integers(), st.none(), st.booleans(), st.floats(), st.binary(max_size=4),
                    st.lists(TEXTS, max_size=3), st.tuples(TEXTS, st.integers()), st.tuples(st.integers(), st.integers()),
                    st.sampled_from([mj.Tile.WEST, mj.Hand("3C 7C W"), ..., object(), {"a": 1}]))


@lru_cache(maxsize=None)
def card():
    return mj.load_card("basic1")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANSWERS, st.sampled_from([None, 0, 1, 2, 3]))
def test_every_reader_gives_a_value_or_a_sentence(answer, me):
    readers = [
        (read_number, int), (read_yes_no, bool), (lambda a: read_seat(a, me=me), int),
        (lambda a: read_line(a, card()), mj.Line), (lambda a: read_choice(a, ["a dispute", "caller dead"]), int),
        (read_call, tuple), (read_tiles, list),
    ]
    for reader, kind in readers:
        try:
            value = reader(answer)
        except AnswerError as error:
            assert str(error).startswith("I could not read") and str(error).strip()
        else:
            assert isinstance(value, kind)
    if isinstance(answer, str):
        assert isinstance(phrase(answer), tuple)


@pytest.mark.parametrize("reader", [read_number, read_yes_no, read_seat, read_call, read_tiles,
                                    lambda a: read_line(a, "basic1"), lambda a: read_choice(a, ["x y", "z"])])
def test_a_long_answer_is_refused_not_read_in_part(reader):
    """A "not" at the end of a long answer must not be cut off: the whole answer is refused."""
    with pytest.raises(AnswerError, match="characters long; write a short answer"):
        reader("North " + " " * 400 + " not")


def test_a_good_answer_is_not_hidden_by_one_the_answer_cannot_be_judged_against():
    """The answer holds the first good answer among other words (unreadable against it), and is the second."""
    assert check("dispute settled at the end", "dispute", accept=["dispute settled at the end"]).correct
    assert check("dispute, settled at the end", "dispute").status == "unreadable"


@pytest.mark.parametrize("answer, value", [
    ("fifteen hundred", 1500), ("a thousand", 1000), ("one hundred and eight", 108), ("twenty one", 21),
    ("99 (152 minus 53)", 99), ("50 (double)", 50), ("25 + 25", 50), ("$1.50", 150), ("$.50", 50), ("50c", 50),
    ("12 (twelve)", 12), ("3²", None), ("١٢", 12), ("1,5", None), ("2-3", None), ("twelve thirteen", None),
])
def test_numbers_in_words_and_working(answer, value):
    if value is None:
        with pytest.raises(AnswerError):
            read_number(answer)
    else:
        assert read_number(answer) == value


@pytest.mark.parametrize("answer, seat", [
    ("West, because East lets it go", None), ("the player on East's left", None), ("left of East", None),
    ("North, left of East", 3), ("anyone but East", None), ("the dealer", 0), ("Northern", 3), ("not East: West", 2),
])
def test_seats_named_for_where_they_sit_do_not_count(answer, seat):
    if seat is None:
        with pytest.raises(AnswerError):
            read_seat(answer)
    else:
        assert read_seat(answer) == seat


@pytest.mark.parametrize("answer, number", [
    ("ALN2", 2), ("LN2", 2), ("like numbers 2", 2), ("Any Like Numbers #2", 2), ("quints 1", 1), ("FB2", 2),
])
def test_line_names_on_a_card_whose_sections_differ(answer, number):
    assert read_line(answer, "practice_garden").number == number


def test_sections_that_two_names_fit_are_not_guessed():
    card_text = 'Twins\n"Like Numbers"\nFF 1111 NEWS DDDD L X25\n"Lucky Nines"\nFF 9999 NEWS DDDD X25\n'
    twins = mj.parse_card(card_text)
    with pytest.raises(AnswerError, match="it could be Like Numbers or Lucky Nines"):
        read_line("LN 1", twins)
    assert read_line("like numbers 1", twins).category == "Like Numbers"


@pytest.mark.parametrize("answer, value", [
    ("No doubt.", True), ("no doubt about it", True), ("No doubt not", False), ("no problem", True),
    ("Nope, it can", False), ("I don't think so", False), ("I think it does", True), ("only if it's a pung", None),
])
def test_yes_or_no_where_the_first_word_misleads(answer, value):
    if value is None:
        with pytest.raises(AnswerError):
            read_yes_no(answer)
    else:
        assert read_yes_no(answer) is value
