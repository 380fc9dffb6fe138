"""Property tests: no input makes the MJCL parser or the tile notation fail other than
with a documented mjlearn error that points inside the text, and none is slow.

The inputs start from real card text (the bundled cards, the semantics page's
examples, concrete hands) and are mutated by the generators of
``tools/fuzz_mjcl.py``, fed here by hypothesis; other strategies add arbitrary
unicode (surrogates included), huge numbers and arguments that are not text.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from script_support import load_script

fuzz = load_script("tools/fuzz_mjcl.py")

LINES = fuzz.seed_lines()
CARDS = fuzz.seed_cards()
HANDS = fuzz.seed_hands()

# Each call must be quick: the deadline is generous for a loaded machine yet far
# below the seconds the old parser spent on 2,000 '#' codes or a 1-MB hand.
QUICK = settings(
    max_examples=200,
    deadline=timedelta(milliseconds=1500),
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

ANY_CHAR = st.characters(codec=None, exclude_categories=())  # every code point, lone surrogates included
WRONG_TYPES = st.one_of(
    st.none(), st.integers(), st.floats(allow_nan=True), st.binary(max_size=20), st.lists(st.text(max_size=5), max_size=3),
    st.sampled_from(fuzz.WRONG_TYPES),
)
HUGE = st.integers(min_value=100_001, max_value=10**3000).map(str)


def assert_documented(call, value):
    outcome, seconds, detail = fuzz.classify(call, value)
    assert outcome != "other", detail


@QUICK
@given(st.randoms(use_true_random=False))
def test_mutated_real_cards_and_lines(rng):
    assert_documented(fuzz.read_card_or_line, fuzz.card_input(rng, LINES, CARDS))


@QUICK
@given(st.sampled_from(LINES), st.integers(0, 100), st.text(ANY_CHAR, max_size=12))
def test_real_line_with_any_unicode_put_in(line, at, inserted):
    at = min(at, len(line))
    text = line[:at] + inserted + line[at:]
    assert_documented(fuzz.read_card_or_line, text)
    assert_documented(mj.check_card, f"Card\n\"Fuzz\"\n{text}")


@QUICK
@given(st.sampled_from(LINES), st.sampled_from([" X", " C", " X ", " C "]), HUGE)
def test_huge_values(line, mark, number):
    assert_documented(fuzz.read_card_or_line, line + mark + number)


@QUICK
@given(HUGE, st.sampled_from(LINES))
def test_huge_bonus(number, line):
    assert_documented(mj.parse_card, f"Card +{number}\n\"Fuzz\"\n{line}")


@QUICK
@given(st.sampled_from(LINES), st.sampled_from(["#", "~", "T", "L", "*0", ">2WS", "INEWS", "!369"]), st.integers(1, 2500), st.booleans())
def test_many_codes(line, code, times, apart):
    assert_documented(fuzz.read_card_or_line, line + " " + (" " if apart else "").join([code] * times))


@QUICK
@given(WRONG_TYPES)
def test_wrong_types(value):
    for call in (mj.parse_line, mj.parse_card, mj.check_card, mj.Hand):
        outcome, _, detail = fuzz.classify(call, value)
        if not isinstance(value, (str, list, tuple, dict)):  # iterables of tiles are read tile by tile
            assert outcome == "refused", detail
        assert outcome != "other", detail


@QUICK
@given(st.randoms(use_true_random=False))
def test_mutated_hand_notation(rng):
    assert_documented(mj.Hand, fuzz.hand_input(rng, HANDS))


@QUICK
@given(st.sampled_from(HANDS), st.integers(0, 60), st.text(ANY_CHAR, max_size=12))
def test_hand_notation_with_any_unicode_put_in(hand, at, inserted):
    assert_documented(mj.Hand, hand[:at] + inserted + hand[at:])


@pytest.mark.parametrize("size", [2_001, 1_000_000])
def test_absurd_hand_strings_are_refused_quickly(size):
    assert_documented(mj.Hand, "1" * size)
