"""The acceptance vectors of mjcl-semantics.md: Basic1 and every worked example."""

import pytest

import mjlearn as mj

BASIC1_COUNTS = {
    "2468": [3, 6, 6],
    "Like Numbers": [27, 27, 9],
    "Consecutive Run": [18, 36, 42],
    "13579": [3, 6, 6],
    "Winds/Dragons": [1, 27, 27, 3, 1],
    "369": [3, 6, 3],
    "Singles & Pairs": [12, 12, 12, 12],
}


def test_basic1_has_308_hands_with_the_semantics_page_counts_per_line():
    card = mj.load_card("basic1")
    assert card.name == "Basic1"
    assert {c.name: [line.count_hands() for line in c.lines] for c in card.categories} == BASIC1_COUNTS
    assert card.count_hands() == 308


def test_basic1_page_break_and_values():
    card = mj.load_card("basic1")
    assert [c.page_break for c in card.categories] == [False, False, False, False, True, False, False]
    assert card.line("Winds/Dragons", 5).concealed and card.line("Winds/Dragons", 5).value == 30
    assert card.line("Singles & Pairs", 1).value == 50
    assert card.line("2468", 3).value == 30
    assert not card.line("2468", 1).concealed


SEMANTICS_EXAMPLES = [
    ("FF 222 444 666 888", 3),
    ("FF 1111 NEWS DDDD INEWS", 12),
    ("FF 1111 NEWS DDDD L", 27),
    ("FF 11111 NN r22222 UQ12", 216),
    ("FF 11 333 r5555 b777 Vo", 12),
    ("FF 1111 a22 b1111 DD *2", 18),
    ("FFF NNNN EEEE DDD >2WS", 9),
    ("44 11 r11 b11 FFFF SS Ye", 12),
    ("11 3 5 7 9 1111 r1111 H01234", 30),
    ("333 6666 r666 9999 #", 36),
    ("NN EEE WWW SS 1111 L ~", 54),
    ("FF 1111 NN r11 b1111 !369 L", 9),
    ("FF 2222 4444 r6666 | FF 6666 8888 r2222", 12),
    ("22 444 r44 666 8888", 6),
    ("FF 1111 r1111 b1111 L", 9),
]


@pytest.mark.parametrize("text, count", SEMANTICS_EXAMPLES)
def test_semantics_page_examples(text, count):
    assert len(mj.parse_line(text).hands()) == count


def hands_of(text):
    return sorted(str(h) for h in mj.parse_line(text).hands())


def test_groups_are_runs_of_one_character():
    (hand,) = mj.parse_line("NEWS 2025 FF 2222").hands()[:1]
    assert hand.groups[:4] == [("N", 1), ("E", 1), ("W", 1), ("S", 1)]
    assert hand.groups[4:8] == [("2B", 1), ("0", 1), ("2B", 1), ("5B", 1)]
    assert hand.groups[8:] == [("F", 2), ("2B", 4)]


def test_separate_tokens_are_separate_groups_not_a_kong():
    hand = mj.parse_line("FF 11 11 333 444 55").hands()[0]
    assert hand.groups[1:3] == [("1B", 2), ("1B", 2)]
    # two pairs are four tiles that cannot take jokers: no group of 4 in the key
    big, small = hand.key
    assert all(size >= 3 for _, size in big) and ("1B" not in [mj.Tile(t).notation for t, _ in big])
    assert small.count(mj.Tile.B1) == 4


def test_suit_assignment_counts_one_two_three_colours():
    assert len(mj.parse_line("FF 222 444 666 888").hands()) == 3
    assert len(mj.parse_line("FF 222 444 r666 888").hands()) == 6
    assert len(mj.parse_line("FF 222 r444 b666 888").hands()) == 6


def test_colours_are_sticky_and_restart_green_in_a_second_pattern():
    line = mj.parse_line("FF 222 r444 666 888 | FF 222 444 666 r888")
    first, second = line.patterns
    assert [s.colour for s in first.sets] == ["g", "g", "r", "r", "r"]
    assert [s.colour for s in second.sets] == ["g", "g", "g", "g", "r"]


def test_matching_and_opposite_dragons():
    matching = hands_of("FF 1111 2222 DDDD")  # D in the numbers' colour: their own dragon
    assert matching == ["FF 1111B 2222B GGGG", "FF 1111C 2222C RRRR", "FF 1111D 2222D 0000"]
    opposite = mj.parse_line("FF 1111 2222 rDDDD").hands()
    for hand in opposite:
        groups = hand.tile_groups()
        number_suit = groups[1][0].suit
        dragon = groups[3][0]
        assert dragon.dragon_suit != number_suit


def test_zero_is_the_white_dragon_and_suitless():
    line = mj.parse_line("FF 2025 r2222 b5555")
    assert len(line.hands()) == 6
    for hand in line.hands():
        assert hand.counts[mj.Tile.WHITE] == 1
    # 0 and a dot-coloured D are the same tile
    assert mj.parse_line("d2222 dDDD 0 FF NNNN").hands()[0].key == mj.parse_line("d2222 000 0 FF NNNN").hands()[0].key


def test_fixed_suit_sets_stay_outside_the_colour_mapping():
    # m = bam, c = crak, d = dot: the fixed sets never move; the green numbers take the two other suits... or any
    hands = hands_of("FF m1111 c2222 d3333")
    assert hands == ["FF 1111B 2222C 3333D"]
    assert len(mj.parse_line("FF m1111 2222 3333").hands()) == 3


def test_any_suit_sets_take_every_suit_independently():
    assert len(mj.parse_line("FF a1111 a2222 a3333").hands()) == 27
    assert len(mj.parse_line("FF aDDDD NNNN EEEE").hands()) == 3


def test_two_identical_patterns_count_once():
    assert len(mj.parse_line("FF 222 444 666 888 | FF 222 444 666 888").hands()) == 3


def test_decorations_hold_no_tiles_and_separate_sets():
    line = mj.parse_line("FF 2222 + 4444 = 6666")
    assert len(line.hands()) == 3
    assert [s.text("g") for s in line.patterns[0].sets] == ["FF", "2222", "4444", "6666"]
    assert mj.parse_line("FF 2222+4444=6666").spec == line.spec


def test_lone_o_separates_patterns_like_the_bar():
    assert mj.parse_line("FF 2222 4444 r6666 o FF 6666 8888 r2222").spec == mj.parse_line(
        "FF 2222 4444 r6666 | FF 6666 8888 r2222"
    ).spec


def test_mark_and_value_forms():
    assert (mj.parse_line("FF 222 444 666 888").value, mj.parse_line("FF 222 444 666 888").concealed) == (25, False)
    assert mj.parse_line("FF 222 444 666 888 C50").concealed
    assert mj.parse_line("FF 222 444 666 888 C50").value == 50
    assert mj.parse_line("FF 222 444 666 888 X 35").value == 35
    assert mj.parse_line("FF 222 444 666 888 X").value == 25


def test_notes_are_kept_and_hold_no_tiles():
    line = mj.parse_line("FF 1111 NEWS DDDD L X25 (Any Like Nos)")
    assert line.notes == ("Any Like Nos",)
    assert line.mjcl == "FF 1111 NEWS DDDD L X25 (Any Like Nos)"


def test_like_numbers_variants():
    assert len(mj.parse_line("FFFF 1111 NN r1111 L").hands()) == 27
    assert len(mj.parse_line("FFFF 1111 NN r1111 Lo").hands()) == 15
    assert len(mj.parse_line("FFFF 2222 NN r2222 Le").hands()) == 12


def test_runs_shift_every_digit_but_never_zero():
    hands = hands_of("111 222 333 FF 000 Va")
    assert len(hands) == 7 * 3
    for text in hands:
        assert "000" in text
    assert "777B 888B 999B FF 000" in hands


def test_run_steps_of_two_for_odd_and_even():
    assert len(mj.parse_line("FF 22 444 r6666 b888 Ve").hands()) == 6
    assert len(mj.parse_line("FF 11 333 r5555 b777 Vo").hands()) == 12
    assert len(mj.parse_line("FF 11 333 r5555 b777 V").hands()) == 18


def test_restriction_limits_runs_and_unlike_numbers():
    # only runs wholly inside 3..6 remain: 333 444 555 666 with the pair's start at 3
    assert len(mj.parse_line("111 222 333 444 FF !3456 V").hands()) == 3
    assert len(mj.parse_line("FF 11111 NN r22222 !369 UQ12").hands()) == 3 * 2 * 6 // 2


def test_like_group_replacement_all_groups_together():
    hands = hands_of("FF 2222 4444 6666 K2468")
    # every kong of 2 becomes 2, 4, 6, 8 in turn: one variant each
    assert len(hands) == 4 * 3


def test_z_replaces_groups_of_any_size():
    assert len(mj.parse_line("FF EEE 1111 EEEE N ZENWS").hands()) == 4 * 3


# A size code acts on the patterns that hold its group; a pattern without one
# stays as it is (mjcl-semantics.md). Real annual cards rely on this.
SIZE_CODE_ONE_PATTERN = [
    ("FFF 111 r111 NNN EE | FFF 222 r222 SSS WW PNS", 9),  # 3 + 3 + 3: the second pattern has no pung of N
    ("FF 1111 EEEE DDDD | FF 2222 NNNN EEEE ZNWS", 3 + 9),  # the first as it is, 3 Z variants of the second
    ("FF 11 22 NN EE SSSS | FF 1111 2222 DDDD AEW", 6 + 3),  # a pair of E only in the first pattern
]


@pytest.mark.parametrize("text, count", SIZE_CODE_ONE_PATTERN)
def test_size_code_leaves_a_pattern_without_its_group_as_it_is(text, count):
    assert len(mj.parse_line(text).hands()) == count


def test_size_code_with_its_group_in_no_pattern_is_refused_at_its_column():
    text = "FFF 111 r111 SSS EE | FFF 222 r222 SSS WW PNS"
    with pytest.raises(mj.MJCLError, match="P finds no pung of 'N'") as info:
        mj.parse_line(text).hands()
    assert (info.value.line, info.value.column) == (1, text.index("PNS") + 1)


def test_y_gives_later_number_pairs_one_common_value():
    for hand in mj.parse_line("44 11 r11 b11 FFFF SS Ye").hands():
        digits = sorted({t.number for t, size in hand.tile_groups() if size == 2 and t.is_number} - {None})
        assert len(digits) <= 2


def test_h_rotates_the_pair_and_kongs_follow():
    hands = mj.parse_line("11 3 5 7 9 1111 r1111 H01234").hands()
    for hand in hands:
        groups = hand.tile_groups()
        pair = [t for t, size in groups if size == 2]
        kongs = [t for t, size in groups if size == 4]
        assert len(pair) == 1 and all(k.number == pair[0].number for k in kongs)


def test_hash_permutes_digits():
    # 24 orders of 1 2 3 4, but the three green pungs are one multiset whatever their order:
    # what differs is which digit makes the red kong (4) and the suits (6)
    assert len(mj.parse_line("F 111 222 333 r4444 #").hands()) == 4 * 6


def test_opposite_winds_swap():
    hands = hands_of("NN EEE WWW SS FFFF")
    swapped = hands_of("NN EEE WWW SS FFFF ~")
    assert len(swapped) == 2 * len(hands)
    assert "EE NNN SSS WW FFFF" in swapped


def test_set_values_expander():
    assert hands_of("FFF NNNN EEEE RRR >1ES") == ["FFF EEEE EEEE RRR", "FFF NNNN EEEE RRR", "FFF SSSS EEEE RRR"]


def test_expanders_apply_to_both_patterns():
    assert len(mj.parse_line("FF 1111 2222 NNNN | FF 1111 2222 SSSS V").hands()) == 2 * 8 * 3


def test_a_line_that_needs_too_many_naturals_is_refused():
    with pytest.raises(mj.MJCLError, match="natural"):
        mj.parse_line("11 11 11 FF 2222 33")


def test_hand_order_and_content_is_deterministic():
    first = [str(h) for h in mj.parse_line("FF 1111 NEWS DDDD L").hands()]
    second = [str(h) for h in mj.parse_line("FF 1111 NEWS DDDD L").hands()]
    assert first == second
    assert first[:3] == ["FF 1111B NEWS GGGG", "FF 1111C NEWS RRRR", "FF 1111D NEWS 0000"]


@pytest.mark.parametrize("name", mj.list_cards())
def test_expansion_keeps_the_first_layout_of_each_hand_in_order(name):
    """expand_line skips repeated layouts quickly (by their sorted groups): the hands and their order
    are those of making every layout into a hand and keeping the first of each."""
    from mjlearn.hands import ConcreteHand
    from mjlearn.mjcl.expansion import _Expansion, _suit_layouts, expand_patterns

    for line in mj.load_card(name).lines:
        for reverse in (False, True):
            every: dict[object, ConcreteHand] = {}
            for pattern in expand_patterns(line.spec, _Expansion(line.line_no, line.mjcl), reverse):
                for layout in _suit_layouts(pattern):
                    every.setdefault(ConcreteHand(layout).key, ConcreteHand(layout))
            made = mj.mjcl.expand_line(line.spec, reverse_runs=reverse)
            assert [h.layout for h in made] == [h.layout for h in every.values()], line.mjcl


def test_a_one_number_line_with_v_is_noted_as_like_numbers_not_a_run():
    """Issue 17: a line that uses one number throughout moves as like numbers; a printed card never calls it a run."""
    from mjlearn.mjcl import parse_line_spec
    from mjlearn.mjcl.notes import line_notes

    assert "Any Like Nos" in line_notes(parse_line_spec("FFFF EEE 1111 WWW V"))
    assert "Any Run" not in line_notes(parse_line_spec("FFFF EEE 1111 WWW V"))
    assert "Any Run" in line_notes(parse_line_spec("FF 1234 4444 r5555 V"))
