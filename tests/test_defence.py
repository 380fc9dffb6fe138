"""Defence: which opponents a discard could feed, how likely, and the tournament's hot-tile flag,
on hand-built tables (mjlearn.analysis.defence)."""

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis.defence import CALIBRATED_WAITING, WAITING, danger, danger_table, hot_row, tile_dangers, waiting_chance
from mjlearn.analysis.position import Exposure
from mjlearn.errors import ArgumentError, HandError, NotationError
from mjlearn.tiles import COPIES, Tile

CARD = mj.load_card("basic1")
RACK = "FF 66B 8B 3C 5C 7C 5D 6D 7D N"  # 12 tiles; the table below is built around it


def row(table, name):
    return table[table.opponent == name].iloc[0]


def test_a_tile_that_completes_a_hand_with_two_exposures_is_hot():
    # South's 222B and 44B J allow only 2468 #1 (FF 222B 444B 666B 888B) and Consecutive Run #1 (222B 333B 444B 55B GGG)
    table = danger(CARD, "8B", {"South": ["222B", "44B J"], "West": []}, hand=RACK)
    south = row(table, "South")
    assert south.could_win and south.could_call and south.hot and south.hot_row == "hot_tile_two"
    assert south.completes == "2468 #1" and south.lines == 2
    assert not row(table, "West").hot  # West could use it too, but shows no exposures


def test_a_tile_no_possible_line_uses_is_safe_and_not_hot():
    table = danger(CARD, "9D", {"South": ["222B", "44B J"]}, hand=RACK)
    south = row(table, "South")
    assert not south.could_win and not south.could_call and not south.hot
    assert south.danger == 0 and south.share == 0 and south.completes == ""


def test_a_line_made_dead_by_the_seen_tiles_is_not_threatened():
    # Consecutive Run #1 needs the pair 55B: with three 5B discarded and the fourth thrown, South cannot make it
    alive = danger(CARD, "5B", {"South": ["222B", "44B J"]}, discards="5B 5B", hand=RACK + " 5B")
    dead = danger(CARD, "5B", {"South": ["222B", "44B J"]}, discards="5B 5B 5B", hand=RACK + " 5B")
    assert row(alive, "South").could_win and row(alive, "South").completes == "Consecutive Run #1"
    assert not row(dead, "South").could_win and row(dead, "South").danger == 0
    assert row(dead, "South").lines == 1  # only 2468 #1 is still possible


def test_the_share_and_danger_of_a_single_possible_hand_are_exact():
    # NNNN EEEE WWWW leave one hand (NNNN EEEE WWWW SS): the two tiles it lacks are both S
    opponents = {"North": ["NNNN", "EEEE", "WWWW"]}
    table = danger(CARD, "S", opponents, wall_left=20, hand="S 1B")
    north = row(table, "North")
    assert north.share == 1.0 and north.waiting == CALIBRATED_WAITING[3][2]
    assert north.danger == pytest.approx(CALIBRATED_WAITING[3][2])
    assert north.hot and north.hot_row == "hot_tile_three" and north.completes == "Winds/Dragons #1"
    assert not north.could_call  # a pair is only ever called for Mah Jongg


def test_a_quint_makes_two_exposures_the_larger_penalty():
    groups = [Exposure.parse(g) for g in ("NNN", "1111B J", "222C", "333D")]
    assert hot_row(groups[:1]) == ""
    assert hot_row([groups[0], groups[2]]) == "hot_tile_two"
    assert hot_row(groups[:2]) == "hot_tile_three"  # two exposures, one of them a quint
    assert hot_row([groups[0], groups[2], groups[3]]) == "hot_tile_three"


def test_jokers_and_dead_hands_are_never_dangerous():
    opponents = {"South": ["222B", "44B J"], "West": ["NNNN", "EEEE", "WWWW"]}
    joker = danger(CARD, "J", opponents, hand="J 1B 2C")
    assert (joker.danger == 0).all() and not joker.hot.any() and not joker.could_win.any()
    dead = danger(CARD, "S", opponents, dead=["West"])
    assert row(dead, "West").danger == 0 and not row(dead, "West").hot


def test_danger_grows_as_the_wall_runs_down():
    opponents = {"South": ["222B", "44B J"]}
    early, late = (row(danger(CARD, "8B", opponents, hand=RACK, wall_left=w), "South").danger for w in (90, 10))
    assert 0 < early < late
    assert [waiting_chance(2, w) for w in (90, 50, 10)] == list(CALIBRATED_WAITING[2])
    assert [waiting_chance(2, w, WAITING) for w in (90, 50, 10)] == list(WAITING[2])


def test_the_learner_s_danger_is_the_one_the_coach_plays_by():
    """The tables a learner is shown weigh a hand's chance of waiting as the coach bot does
    (CALIBRATED_WAITING); the first table, WAITING, is still there to compare."""
    from mjlearn.rules import CoachBot

    assert CoachBot(CARD).waiting is CALIBRATED_WAITING
    opponents = {"South": ["222B", "44B J"], "West": []}
    calibrated = danger_table(CARD, RACK, opponents, wall_left=30)
    first = danger_table(CARD, RACK, opponents, wall_left=30, waiting=WAITING)
    south = row(danger(CARD, "8B", opponents, hand=RACK, wall_left=30), "South")
    assert south.waiting == CALIBRATED_WAITING[2][2] != WAITING[2][2]
    eight = calibrated.set_index("tile").danger["8B"]
    assert eight > first.set_index("tile").danger["8B"] > 0  # two exposures late: 44.8% waiting against 30.4%


@pytest.mark.parametrize("waiting", [[(0.1, 0.2, 0.3)] * 3, [(0.1, 0.2)] * 4, [(0.1, 0.2, 1.5)] * 4, "high", None])
def test_a_waiting_table_that_is_not_one_says_so(waiting):
    with pytest.raises(ArgumentError, match="waiting must be a table of 4 rows"):
        danger_table(CARD, RACK, {"South": ["222B", "44B J"]}, waiting=waiting)
    with pytest.raises(ArgumentError, match="waiting must be a table of 4 rows"):
        danger(CARD, "8B", {"South": ["222B", "44B J"]}, waiting=waiting)


def test_the_rack_table_is_safest_first_and_agrees_with_the_fast_form():
    opponents = [["222B", "44B J"], [], ["EEEE"]]
    table = danger_table(CARD, RACK + " J", opponents, discards="1C 9D", wall_left=30)
    assert table.tile.iloc[0] == "J" and table.danger.is_monotonic_increasing
    assert sorted(table.tile) == sorted(["F", "6B", "8B", "3C", "5C", "7C", "5D", "6D", "7D", "N", "J"])
    assert table.set_index("tile").loc["8B", "hot"] and table.set_index("tile").loc["8B", "threatens"].startswith("opponent 1 (hot)")
    for tile in table.tile:
        one = danger(CARD, tile, opponents, discards="1C 9D", hand=RACK + " J", wall_left=30)
        combined = 1 - np.prod(1 - one.danger.to_numpy())
        assert table.set_index("tile").loc[tile, "danger"] == pytest.approx(combined)
        assert table.set_index("tile").loc[tile, "hot"] == one.hot.any()
    # the array form, as a bot calls it
    seen = np.zeros(36, dtype=np.int16)
    for part in (RACK + " J", "1C 9D", "222B", "44B J", "EEEE"):
        seen += np.asarray(mj.Hand(part).counts, dtype=np.int16)
    found = tile_dangers(CARD.compiled(), [tuple(Exposure.parse(e) for e in o) for o in opponents],
                         np.asarray(COPIES) - seen, 30)
    assert found.danger[Tile.JOKER] == 0 and found.hot[int(Tile.from_notation("8B"))]
    assert found.danger[int(Tile.from_notation("8B"))] == pytest.approx(table.set_index("tile").loc["8B", "danger"])


def test_bad_tables_are_refused_with_the_documented_errors():
    with pytest.raises(HandError, match="6 of 8B"):
        danger(CARD, "8B", [["888B"]], discards="8B", hand=RACK + " 8B")
    with pytest.raises(ArgumentError, match="1 to 3 opponents"):
        danger(CARD, "8B", [[], [], [], []])
    with pytest.raises(ArgumentError, match="opponents must be"):
        danger(CARD, "8B", "222B")
    with pytest.raises(ArgumentError, match="dead names no opponent"):
        danger(CARD, "8B", {"South": []}, dead=["North"])
    with pytest.raises(ArgumentError, match="dead names no opponent"):
        danger(CARD, "8B", [[]], dead=5)
    with pytest.raises(ArgumentError, match="card must be a Card, a bundled card's name"):
        danger(5, "8B", [[]])
    with pytest.raises(ArgumentError, match="wall_left"):
        danger(CARD, "8B", [[]], wall_left=-1)
    with pytest.raises(NotationError):
        danger(CARD, "8X", [[]])
    with pytest.raises(HandError):
        danger(CARD, "8B", [["22B"]])  # not an exposure


def test_any_argument_gives_a_table_or_a_documented_error():
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from mjlearn.errors import MjlearnError

    wrong = st.one_of(
        st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-(10**30), 10**30), st.text(max_size=12),
        st.lists(st.one_of(st.none(), st.text(max_size=6), st.lists(st.text(max_size=5), max_size=3)), max_size=4),
        st.dictionaries(st.text(max_size=6), st.one_of(st.none(), st.lists(st.text(max_size=5), max_size=2)), max_size=3),
        st.sampled_from(["8B", "J", "222B", "FF 66B 8B 3C 5C", "\ud800", ["NNN", "EEE"], [["222B"], []], "South"]),
    )

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(tile=wrong, hand=wrong, opponents=wrong, keywords=st.dictionaries(
        st.sampled_from(["discards", "exposures", "wall_left", "dead", "ruleset"]), wrong, max_size=3))
    def check(tile, hand, opponents, keywords):
        for call in (lambda: danger(CARD, tile, opponents, hand=hand, **keywords),
                     lambda: danger_table(CARD, hand, opponents, **keywords)):
            try:
                call()
            except MjlearnError:
                pass

    check()


# -- reading the table: how freely the others throw dangerous tiles -------------------------------------------

UNSEEN = sum(COPIES[:35])  # every natural tile unseen: 144


def _reading_with_a_look(west_danger=0.3, kind=4):
    """A reading from East's seat after one look: West (its second row) may wait on ``kind``."""
    from mjlearn.analysis.defence import TableReading

    reading = TableReading(seat=0)
    each = np.zeros((3, 36))
    each[1, kind] = west_danger
    reading.observe([])
    reading.look(each, np.array(COPIES, dtype=np.int16))
    return reading


def test_a_hot_throw_counts_against_what_a_thrower_blind_to_danger_would_make():
    from mjlearn.analysis.defence import TABLE_PRIOR

    reading = _reading_with_a_look()
    discards = [(1, Tile(4))]  # South throws West's tile: the only hot kind, 4 of the 144 naturals unseen
    reading.observe(discards)
    prior, weight = TABLE_PRIOR
    assert reading.rate == pytest.approx((1 + prior * weight) / (4 / UNSEEN + weight))
    assert reading.hot_throws == 1 and reading.expected == pytest.approx(4 / UNSEEN)
    discards += [(3, Tile(10))]  # North throws a tile nobody waits on: not hot, but a blind thrower's chance counts
    reading.observe(discards)
    assert reading.hot_throws == 1 and reading.expected == pytest.approx(2 * 4 / UNSEEN)


def test_the_readers_own_throws_jokers_and_the_throwers_own_danger_are_not_judged():
    from mjlearn.analysis.defence import TABLE_PRIOR

    reading = _reading_with_a_look()
    reading.observe([(0, Tile(4)), (3, Tile.JOKER), (2, Tile(4))])  # East's own; a joker; West's own danger
    assert reading.hot_throws == 0 and reading.expected == 0  # (West's tile is no danger to the others)
    assert reading.rate == pytest.approx(TABLE_PRIOR[0]) and reading.holds_back()


def test_throws_before_the_first_look_and_a_discard_called_away_are_handled():
    from mjlearn.analysis.defence import TableReading

    reading = TableReading(seat=2)
    reading.observe([(0, Tile(4)), (1, Tile(4))])  # nothing weighed yet: nothing to judge them by
    each = np.zeros((3, 36))
    each[0, 4] = 0.3  # North (West's next) may wait on 5B
    reading.look(each, np.array(COPIES, dtype=np.int16))
    reading.observe([(0, Tile(4))])  # the list is shorter: South's 5B was called away
    reading.observe([(0, Tile(4)), (1, Tile(4))])  # South throws 5B again: hot
    assert reading.hot_throws == 1
    assert TableReading(seat=0).holds_back()  # before any throw: the prior, a table that holds back
