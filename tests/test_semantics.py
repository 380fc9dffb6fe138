"""The acceptance vectors of mjcl-semantics.md: Basic1 and every worked example."""

import warnings

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
    assert "Any Like Nos" in line_notes(parse_line_spec("FFFF 1111 EE r1111 V"))
    assert not any("Consec" in note for note in line_notes(parse_line_spec("FFFF EEE 1111 WWW V")))
    assert "Any 5 Consec Nos" in line_notes(parse_line_spec("FF 1234 4444 r5555 V"))


# -- tile supply (mjcl-semantics.md, "Tile supply") --------------------------------
# An independent count: lines of sets with colour prefixes (g r b) or 'a' (any suit) and no
# expanders, expanded by brute force over every suit assignment, each hand kept as its groups of
# 3+ and the tiles of its singles and pairs, and judged against the set: 4 of each tile (8 flowers)
# and 8 jokers for whatever groups of 3+ lack.
_SUITS = "BCD"
_DRAGON_OF = {"B": "G", "C": "R", "D": "0"}


def _brute_force(text: str) -> tuple[set, set]:
    """The distinct hands of ``text`` a set can build, and those it cannot (each a (big, small) key)."""
    from collections import Counter
    from itertools import groupby, permutations, product

    sets = []  # (mode, colour, [(char, size)])
    colour = "g"
    for token in text.split():
        mode = "a" if token[0] == "a" else "c"
        if token[0] in "grb":
            colour = token[0]
        chars = token.lstrip("grba")
        sets.append((mode, colour, [(c, len(list(run))) for c, run in groupby(chars)]))
    suited = lambda groups: any(c in "123456789D" for c, _ in groups)  # noqa: E731
    colours = list(dict.fromkeys(col for mode, col, groups in sets if mode == "c" and suited(groups)))
    any_sets = [i for i, (mode, _, groups) in enumerate(sets) if mode == "a" and suited(groups)]
    good, bad = set(), set()
    for colour_suits in permutations(_SUITS, len(colours)):
        for any_suits in product(_SUITS, repeat=len(any_sets)):
            suit_of = {i: dict(zip(colours, colour_suits)).get(col) for i, (_, col, _) in enumerate(sets)}
            suit_of.update(zip(any_sets, any_suits))
            big, small = [], []
            for i, (_, _, groups) in enumerate(sets):
                for char, size in groups:
                    tile = (char + suit_of[i] if char in "123456789"
                            else _DRAGON_OF[suit_of[i]] if char == "D" else char)
                    if size >= 3:
                        big.append((tile, size))
                    else:
                        small.extend([tile] * size)
            key = (tuple(sorted(big)), tuple(sorted(small)))
            copies = lambda tile: 8 if tile == "F" else 4  # noqa: E731
            naturals = Counter(small)
            totals = Counter(small)
            for tile, size in big:
                totals[tile] += size
            jokers = sum(max(0, n - copies(tile)) for tile, n in totals.items())
            buildable = all(n <= copies(tile) for tile, n in naturals.items()) and jokers <= 8
            (good if buildable else bad).add(key)
    return good, bad


def _tiles_of(hand) -> tuple[tuple, tuple]:
    """A ConcreteHand as (big, small) in the brute force's spelling (3B, G, R, 0, F, N...)."""
    big = tuple(sorted((tile, size) for tile, size in hand.groups if size >= 3))
    small = tuple(sorted(tile for tile, size in hand.groups if size < 3 for _ in range(size)))
    return big, small


SUPPLY_LINES = [
    # where the green colour is dots, DD is a pair of white dragons besides three zeros: 5 whites
    ("2026 r2026 b2026 gDD", 2, 1),
    # three any-suit kongs of 1 and a pair of 1 in one suit: 14 of one tile needs 10 jokers
    ("a1111 a1111 a1111 11", 27, 3),
    # two any-suit pairs of 1 in the same suit as each other: six 1s in pairs
    ("11 r11 b11 a11 a11 2222", 9, 9),
    # nothing left out: a kong and a pair of one tile is fine (two naturals in the pair)
    ("FF 1111 11 r222 b222", 3, 0),
]


@pytest.mark.parametrize("text, kept, dropped", SUPPLY_LINES)
def test_a_line_counts_only_the_hands_a_set_can_build(text, kept, dropped):
    good, bad = _brute_force(text)
    assert (len(good), len(bad)) == (kept, dropped)  # the brute force agrees with the figures above
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mj.MJCLWarning)
        line = mj.parse_line(text)
    assert line.count_hands() == len(line.hands()) == len(line) == kept
    assert {_tiles_of(h) for h in line.hands()} == good
    assert {_tiles_of(d.hand) for d in line.dropped} == bad
    assert len(line.dropped) == dropped


def test_the_semantics_example_has_two_hands_and_names_the_five_white_dragons():
    with pytest.warns(mj.MJCLWarning) as caught:
        line = mj.parse_line("2026 r2026 b2026 gDD")
    assert [str(h) for h in line.hands()] == ["2B 0 26B 2C 0 26C 2D 0 26D GG", "2C 0 26C 2B 0 26B 2D 0 26D RR"]
    (dropped,) = line.dropped
    assert dropped.reason == "needs 5 natural 0 in singles and pairs; a set holds 4"
    (found,) = caught
    assert (found.message.line, found.message.column) == (1, 1)
    assert found.message.message == (
        "1 of 3 hands needs more tiles than a set holds and is left out:"
        " '2D 0 26D 2B 0 26B 2C 0 26C 00' (needs 5 natural 0 in singles and pairs; a set holds 4)"
    )
    assert found.filename == __file__  # the warning points at the caller, not inside mjlearn


def test_hands_needing_more_than_8_jokers_are_the_only_ones_left_out():
    with pytest.warns(mj.MJCLWarning, match="3 of 30 hands need more tiles than a set holds and are left out"):
        line = mj.parse_line("a1111 a1111 a1111 11")
    assert {d.reason for d in line.dropped} == {"needs 10 jokers; a set holds 8"}
    assert [str(d.hand) for d in line.dropped] == ["1111B 1111B 1111B 11B", "1111C 1111C 1111C 11C",
                                                   "1111D 1111D 1111D 11D"]
    # 12 of one tile in three kongs needs exactly 8 jokers: kept
    assert any(str(h) == "1111B 1111B 1111B 11C" for h in line.hands())


def test_a_line_whose_every_hand_lacks_tiles_is_still_refused():
    with pytest.raises(mj.MJCLError, match="natural"):
        mj.parse_line("11 11 11 FF 2222 33")


def test_a_warning_lists_three_left_out_hands_and_counts_the_rest():
    with pytest.warns(mj.MJCLWarning) as caught:
        mj.parse_line("11 r11 b11 a11 a11 2222")
    message = caught[0].message.message
    assert message.startswith("9 of 18 hands need more tiles than a set holds and are left out: '")
    assert message.count("needs 6 natural 1") == 3 and message.endswith(", and 6 more")


def test_lines_without_supply_problems_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for name in mj.list_cards():
            card = mj.load_card(name)
            assert all(line.dropped == () for line in card.lines)
        assert mj.parse_line("FF 1111 11 r222 b222").dropped == ()


def test_expand_line_gives_the_buildable_hands_and_line_expansion_the_rest():
    from mjlearn.mjcl import expand_line, line_expansion, parse_line_spec

    spec = parse_line_spec("2026 r2026 b2026 gDD")
    made = line_expansion(spec)
    assert list(made.hands) == expand_line(spec)
    assert len(made.hands) == 2 and len(made.dropped) == 1


def test_reverse_runs_leave_out_what_no_set_can_build_too():
    # 8 runs, each with its green suit (3) and the any-suit pairs' suits (6 multisets); where both
    # any-suit pairs take the green suit, six 1s (or 2s...) stand in pairs: 8 * (18 - 3) hands
    with pytest.warns(mj.MJCLWarning, match="24 of 144 hands"):
        line = mj.parse_line("111 11 a11 a11 22222 V")
    assert line.count_hands() == 120
    # mirrored, each run also goes down (222 22 a22 a22 11111): as many again, with the same hands left out
    reverse = line.hands(reverse_runs=True)
    assert len(reverse) == line.count_hands(reverse_runs=True) == 240
    for hand in reverse:
        assert max(hand.natural_counts()) <= 4 and hand.jokers_required() <= 8, str(hand)
