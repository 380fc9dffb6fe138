"""card.match, card.closest, dead lines, batch distances and odds."""

from math import comb

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks, odds
from mjlearn.analysis.odds import distance_counts

CARD = mj.parse_card(
    """Test card +10
"2468"
FF 222 444 666 888
222 4444 r666 8888 X30
"Runs"
11 2222 3333 4444 V (Any Run)
"Winds"
NNNN EEEE WWWW SS
FF NNN EEE WWW SSS C40
"Flowers"
FFFF 1111 NNNN DD L
FF 11 22 33 44 55 66 Va C50
"""
)


def lines_of(wins):
    return [(w.category, w.number) for w in wins]


# -- match ---------------------------------------------------------------------
def test_match_a_natural_win():
    wins = CARD.match("FF 222B 444B 666B 888B")
    assert lines_of(wins) == [("2468", 1)]
    assert wins[0] == CARD.line("2468", 1) and isinstance(wins[0], mj.Line)
    assert str(wins[0].realised) == "FF 222B 444B 666B 888B"
    assert wins[0].jokerless


def test_match_highest_value_first():
    # a rack that wins two lines at once: both winds lines need the same tiles? build one that does
    card = mj.parse_card('C\n"a"\nNNNN EEEE WWWW SS X25\n"b"\nNNNN EEEE WWWW SS X40\n')
    assert [w.value for w in card.match("NNNN EEEE WWWW SS")] == [40, 25]


def test_jokers_only_in_groups_of_three_or_more():
    assert lines_of(CARD.match("FF 222B 444B 666B 88B J")) == [("2468", 1)]
    assert CARD.match("F J 222B 444B 666B 888B") == []  # a joker cannot finish the flower pair
    win = CARD.match("FF 22B J 444B 666B 888B")[0]
    assert win.group_fills[0] == ("2B", 3, 1, False)
    assert win.jokers_used == 1 and not win.jokerless


def test_run_with_a_pair_not_a_kong():
    # 11 2222 3333 4444 as a run from 4: 44 5555 6666 7777 wins; 4444 5555 6666 77 does not
    assert lines_of(CARD.match("44B 5555B 6666B 7777B")) == [("Runs", 1)]
    assert CARD.match("4444B 5555B 6666B 77B") == []


def test_two_pairs_are_not_a_kong():
    card = mj.parse_card('C\n"p"\nFF 11 11 22 22 3333 (two pairs each)\n"k"\nFF 1111 2222 3333 X30\n')
    assert lines_of(card.match("FF 1111B 2222B 3333B")) == [("k", 1), ("p", 1)]
    assert lines_of(card.match("FF 11B JJ 2222B 3333B")) == [("k", 1)]  # jokers cannot make the pairs


def test_exposures_must_be_whole_groups():
    wins = CARD.match("FF 444B 666B 888B", ["222B"])
    assert lines_of(wins) == [("2468", 1)]
    assert wins[0].group_fills[0].exposed
    # a pung of flowers exposed plus a flower on the rack is not a kong of flowers
    assert CARD.match("F 2222B NNNN GG", ["FFF"]) == []
    assert lines_of(CARD.match("2222B NNNN GG", ["FFFF"])) == [("Flowers", 1)]
    assert lines_of(CARD.match("2222B NNNN GG", ["FFF J"])) == [("Flowers", 1)]


def test_concealed_lines_refuse_exposures():
    assert lines_of(CARD.match("FF NNN EEE WWW SSS")) == [("Winds", 2)]
    assert CARD.match("FF EEE WWW SSS", ["NNN"]) == []


def test_zero_is_the_white_dragon_and_dragons_follow_the_suit():
    assert lines_of(CARD.match("FFFF 2222D NNNN 00")) == [("Flowers", 1)]
    assert CARD.match("FFFF 2222D NNNN RR") == []  # an opposite dragon for a matching-dragon line


def test_match_needs_fourteen_tiles():
    with pytest.raises(mj.HandError, match="13 tiles; this needs 14"):
        CARD.match("FF 222B 444B 666B 88B")


# -- closest -----------------------------------------------------------------
def test_closest_columns_and_order():
    table = CARD.closest("FF 222B 444B 666B 88B")
    assert list(table.columns) == ["category", "line", "distance", "value", "concealed", "mjcl", "hand", "needs",
                                   "unused", "not_usable", "dead"]
    assert table.iloc[0][["category", "line", "distance", "needs", "unused"]].tolist() == ["2468", 1, 1, "8B", ""]
    assert table["distance"].is_monotonic_increasing
    assert len(CARD.closest("FF 222B 444B 666B 88B", n=None)) == len(CARD.lines)
    assert len(CARD.closest("FF 222B 444B 666B 88B", n=2)) == 2


def test_closest_counts_jokers_only_in_groups():
    row = CARD.closest("F J 222B 444B 666B 888B", n=1).iloc[0]
    # every group is full: the joker has no place in this line, and it is not a tile to pass either
    assert (row["category"], row["distance"], row["needs"], row["unused"], row["not_usable"]) == \
        ("2468", 1, "F", "", "J")


def test_a_joker_is_never_unused_where_the_line_cannot_use_it():
    # lesson 00 calls "unused" what you could pass or discard; a line of singles and pairs has no group for a joker
    table = CARD.closest("FF 22B 44B 66B 88B 11B JJ", n=None)
    assert not table["unused"].str.contains("J").any()
    singles = table.set_index(["category", "line"]).loc[("Flowers", 2)]  # FF 11 22 33 44 55 66: no group of 3+
    assert singles["not_usable"] == "JJ" and singles["unused"] == "88B"
    # a line with groups to fill takes the jokers: none is left over
    assert table.set_index(["category", "line"]).loc[("2468", 1), "not_usable"] == ""


def test_closest_needs_and_unused_add_up():
    rack = mj.Hand("FF 2B 44B 6C 888C NN J 3D 0")
    for _, row in CARD.closest(rack, n=None).iterrows():
        needs = mj.parse_tiles(row["needs"])
        unused = mj.parse_tiles(row["unused"])
        spare = mj.parse_tiles(row["not_usable"])
        assert len(needs) == row["distance"] and all(t == mj.Tile.JOKER for t in spare)
        assert mj.Tile.JOKER not in unused
        # what is used plus what is needed makes the hand
        assert len(rack) - len(unused) - len(spare) + len(needs) == 14


def test_closest_with_exposures_drops_lines_they_rule_out():
    table = CARD.closest("FF 444B 666B 88B", exposures=["222B"], n=None)
    assert set(zip(table["category"], table["line"])) == {("2468", 1), ("2468", 2)}  # the lines with a pung of 2s
    assert table.iloc[0][["line", "distance", "needs"]].tolist() == [1, 1, "8B"]


def test_closest_fourteen_tiles_at_a_win_is_zero():
    assert CARD.closest("FF 222B 444B 666B 888B", n=1).iloc[0]["distance"] == 0


def test_dead_lines_marked_or_dropped():
    # all four 5-dots, 5-craks and 5-bams gone: no run through 5 is possible
    rack = "11B 2222B 3333B 444B"
    visible = "5555B 5555C 5555D"
    table = CARD.closest(rack, n=None, visible=visible)
    runs = table[table["category"] == "Runs"].iloc[0]
    assert not runs["dead"]  # 11 2222 3333 4444 itself needs no 5
    assert runs["distance"] == 1
    # every run of pairs 1-6 .. 4-9 holds a pair of 5s, which jokers cannot make
    pairs = table.set_index(["category", "line"]).loc[("Flowers", 2)]
    assert pairs["dead"]
    dropped = CARD.closest(rack, n=None, visible=visible, dead="drop")
    assert ("Flowers", 2) not in set(zip(dropped["category"], dropped["line"]))
    assert len(dropped) == len(table) - 1
    # with every 2 gone, jokers can still make a pung of 2s: that line lives
    all_twos = "2222B 2222C 2222D"
    assert not CARD.closest("FF 444B 666B 888B NN", n=None, visible=all_twos).set_index(["category", "line"]).loc[
        ("2468", 1), "dead"]


def test_dead_when_jokers_cannot_cover():
    card = mj.parse_card('C\n"k"\nNNNN NNNN EEEE SS\n')
    assert not card.closest("NNNN EEEE SS 1B 2B 3B", n=1, visible="").iloc[0]["dead"]
    # eight norths need four jokers: with four jokers gone it still lives, with five it is dead
    assert not card.closest("NNNN EEEE SS 1B 2B 3B", n=1, visible="JJJJ").iloc[0]["dead"]
    assert card.closest("NNNN EEEE SS 1B 2B 3B", n=1, visible="JJJJJ").iloc[0]["dead"]


@pytest.mark.parametrize(
    "rack, exposures, message",
    [
        ("22222B", (), "5 natural 2B"),
        ("JJJJJ 1B", ["FF JJJJ"], "the rack and exposures hold 9 jokers"),
        ("FF 222B 444B 666B 88B", ["999B J"], "17 tiles"),
        ("FF 2222B 444B 666B", ["22B J"], "6 natural 2B"),
        ("FF 222B", (), "5 tiles; this needs 13 or 14"),
        ("FF 222B 444B 666B 8B", ["8B J"], "an exposure is a pung"),
        ("FF 222B 444B 666B", ["8B 9B J"], "an exposure is one group of one tile"),
    ],
)
def test_bad_racks_are_refused_with_the_reason(rack, exposures, message):
    with pytest.raises(mj.HandError, match=message):
        CARD.closest(rack, exposures=exposures)


def test_visible_tiles_beyond_the_set_are_refused():
    with pytest.raises(mj.HandError, match="visible tiles and the player's own hold 5 2B"):
        CARD.closest("FF 22B 444B 666B 888B", visible="222B")


# -- batch and odds ------------------------------------------------------------
def test_batch_distances_equal_closest():
    racks = deal_racks(50, rng=3)
    batch = batch_distances(CARD, racks)
    for row, counts in zip(batch, racks):
        table = CARD.closest(mj.Hand.from_counts(counts.tolist()), n=None)
        by_line = dict(zip(zip(table["category"], table["line"]), table["distance"]))
        assert row.tolist() == [by_line[(line.category, line.number)] for line in CARD.lines]


def test_batch_refuses_impossible_racks():
    racks = np.zeros((2, 36), dtype=int)
    racks[1, 0] = 5
    with pytest.raises(mj.HandError, match=r"racks\[1\]: counts\[0\] is 5 1B; the set holds only 4"):
        batch_distances(CARD, racks)


def test_deals_are_uniform_random_subsets():
    racks = deal_racks(20_000, tiles=13, rng=11)
    assert (racks.sum(axis=1) == 13).all()
    share = racks.sum(axis=0) / racks.sum()
    expected = np.array([t.copies for t in mj.Tile]) / 152
    assert np.abs(share - expected).max() < 0.003


def test_joker_chance_matches_the_exact_figure():
    exact = 1 - comb(144, 13) / comb(152, 13)
    assert round(exact, 3) == 0.520
    racks = deal_racks(100_000, tiles=13, rng=2026)
    observed = (racks[:, 35] > 0).mean()
    sigma = (exact * (1 - exact) / len(racks)) ** 0.5
    assert abs(observed - exact) < 4 * sigma


def test_odds_table_is_seeded_and_consistent():
    first = odds(CARD, deals=3000, seed=5, progress=False)
    second = odds(CARD, deals=3000, seed=5, progress=False)
    assert first.equals(second)
    at = first[[f"at {d}" for d in range(15)]].to_numpy()
    assert np.allclose(at.sum(axis=1), 1)
    assert np.allclose(first["within 3"], at[:, :4].sum(axis=1))
    assert (first["at 0"] == 0).all()
    assert (first["mean"] >= 1).all()
    counts = distance_counts(CARD, 3000, seed=5, progress=False)
    assert (counts.sum(axis=1) == 3000).all()


def test_compiled_card_is_small_and_cached():
    card = mj.load_card("practice_garden")
    compiled = card.compiled()
    assert card.compiled() is compiled
    assert compiled.nbytes / compiled.num_hands * 1000 < 5_000_000


def test_the_compiled_card_follows_its_lines():
    card = mj.load_card("basic1")
    compiled = card.compiled()
    first = card.categories[0]
    count = compiled.num_lines
    line = first.lines.pop()  # a line taken out in place: compiled afresh
    assert card.compiled() is not compiled and card.compiled().num_lines == count - 1
    fewer = card.compiled()
    first.lines.append(line)  # and put back
    assert card.compiled() is not fewer and card.compiled().lines == compiled.lines
    again = card.compiled()
    first.lines = tuple(first.lines)  # the same lines in the same order, held otherwise: kept
    assert card.compiled() is again and card.compiled() is again
    first.lines = list(first.lines)
    first.lines[0] = mj.parse_line(first.lines[0].mjcl)  # an equal line, but another object: compiled afresh
    assert card.compiled() is not again and card.compiled().lines[0] is first.lines[0]
    mahjx = card.compiled("MAHJ-X")
    card.categories[-1].lines.insert(0, card.categories[0].lines[0])  # a line shown twice
    assert card.compiled().num_lines == count + 1 and card.compiled("MAHJ-X") is not mahjx


def test_long_odds_runs_show_a_progress_bar(capsys):
    odds(CARD, deals=9000, seed=1, progress=True)
    err = capsys.readouterr().err
    assert "deals" in err and "9000/9000" in err  # deals counted as their chunks finish
    odds(CARD, deals=9000, seed=1, progress=False)
    assert capsys.readouterr().err == ""


def test_a_wild_exposure_stands_for_any_group_of_its_size():
    from mjlearn.analysis import Exposure

    wild = Exposure.parse("JJJ")
    assert wild.is_wild and (wild.size, wild.jokers) == (3, 3)
    wins = CARD.match("FF 444B 666B 888B", exposures=["JJJ"])  # JJJ as the 222B pung
    assert lines_of(wins) == [("2468", 1)]
    assert wins[0].group_fills[0] == ("2B", 3, 3, True)
    assert CARD.match("FF 444B 666B 88B N", exposures=["JJJ"]) == []
    table = CARD.closest("FF 444B 666B 88B N", exposures=["JJJ"], n=None)
    assert table.iloc[0][["category", "line", "distance"]].tolist() == ["2468", 1, 1]
    # a wild kong is no pung: it cannot stand for the 222B of that line
    assert CARD.match("FF 444B 666B 88B", exposures=["JJJJ"]) == []
    # concealed lines still refuse any exposure
    concealed = CARD.closest("FF EEE WWW SS 1B", exposures=["JJJ"], n=None)
    assert ("Winds", 2) not in set(zip(concealed["category"], concealed["line"]))


def test_an_exposure_lists_and_draws_its_tiles():
    from mjlearn.analysis import Exposure

    assert [t.notation for t in Exposure.parse("555C J").tiles()] == ["5C", "5C", "5C", "J"]
    assert [t.notation for t in Exposure.parse("JJJ").tiles()] == ["J", "J", "J"]
    html = Exposure.parse("555C J")._repr_html_()
    assert html.count("<img") == 4 and 'title="exposed"' in html


def test_a_wild_exposure_that_no_line_allows_gives_an_empty_table_not_an_index_error():
    # issue 12: no shown hand made the needs rows 1-D and format_count_rows raised IndexError
    table = mj.load_card("practice_garden").closest("8C", exposures=["JJJJJJ"], partial=True, ruleset="MAHJ-X")
    assert len(table) == 0
    assert list(table.columns)[:3] == ["category", "line", "distance"]
