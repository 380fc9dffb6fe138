"""MAHJ-X rule 7: runs may also go downwards (and only under MAHJ-X)."""

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks
from mjlearn.rules import MAHJX, NMJL

CARD = mj.parse_card(
    """Runs
"Consecutive Run"
1 22 333 4444 r5555 V (Any Run)
FF 1111 22 3333 44 T (These Nos Only)
"^Winds - Dragons"
NNN SSS 11 22 3333 V
"""
)


def lines(wins):
    return [(w.category, w.number) for w in wins]


def test_the_seed_example_7_66_555_4444_3333():
    hand = "7B 66B 555B 4444B 3333C"
    assert CARD.match(hand) == []
    assert CARD.match(hand, ruleset=NMJL) == []
    assert lines(CARD.match(hand, ruleset=MAHJX)) == [("Consecutive Run", 1)]
    assert lines(CARD.match(hand, ruleset="MAHJ-X")) == [("Consecutive Run", 1)]


def test_the_seed_winds_example_nnn_sss_44_33_2222():
    hand = "NNN SSS 44B 33B 2222B"
    assert CARD.match(hand) == []
    assert lines(CARD.match(hand, ruleset=MAHJX)) == [("Winds - Dragons", 1)]


def test_upward_runs_still_count_and_fixed_lines_do_not_reverse():
    assert lines(CARD.match("3B 44B 555B 6666B 7777C", ruleset=MAHJX)) == [("Consecutive Run", 1)]
    # a "these numbers only" line has no V: 4444 33 2222 11 is not it, under either ruleset
    assert CARD.match("FF 4444B 33B 2222B 11B", ruleset=MAHJX) == []
    assert lines(CARD.match("FF 1111B 22B 3333B 44B", ruleset=MAHJX)) == [("Consecutive Run", 2)]


def test_reverse_runs_double_a_run_line_and_leave_others_alone():
    run, fixed, winds = CARD.lines
    assert run.count_hands(reverse_runs=True) == 2 * run.count_hands()
    assert fixed.count_hands(reverse_runs=True) == fixed.count_hands()
    assert set(run.hands()) <= set(run.hands(reverse_runs=True))


def test_closest_and_batch_follow_the_ruleset():
    rack = "7B 66B 555B 4444B 333C"
    assert CARD.closest(rack, n=1, ruleset=MAHJX).iloc[0]["distance"] == 1
    assert CARD.closest(rack, n=1).iloc[0]["distance"] > 1
    racks = deal_racks(200, rng=5)
    both = batch_distances(CARD, racks, ruleset=MAHJX)
    nmjl = batch_distances(CARD, racks)
    assert (both <= nmjl).all() and (both < nmjl).any()
