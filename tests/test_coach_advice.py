"""The coach's public tables: card.win_chances, card.outs, card.discard_advice, and the joker-aware
Charleston pass (suggest_pass, pass_lines)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.analysis.advice import nearest_lines_pass, pass_lines, suggest_pass
from mjlearn.analysis.chances import line_chances
from mjlearn.analysis.closest import seen_and_unseen
from mjlearn.errors import ArgumentError, HandError
from mjlearn.tiles import COPIES, Tile

BASIC = mj.load_card("basic1")
CARD = mj.parse_card('''Coach test
"Pairs"
FF 11 22 33 44 55 66
"Kongs"
FF 2222 4444 6666
"Pungs"
FFF 222 444 666 88
''')


# -- win_chances ----------------------------------------------------------------------------------------

def test_win_chances_has_one_row_per_allowed_line_most_likely_first():
    table = BASIC.win_chances("FF 222B 444B 666B 8B J", draws=6)
    assert len(table) == len(BASIC.lines)
    for column in ("category", "line", "value", "distance", "outs", "needs", "dead", "p_win", "p_win_se", "method"):
        assert column in table.columns
    keys = list(zip(-table["p_win"], -table["value"]))
    assert keys == sorted(keys)
    first = table.iloc[0]
    assert (first["category"], first["line"], first["needs"], first["method"]) == ("2468", 1, "8B", "exact")
    # one more 8B (3 unseen) or a joker (7 unseen) among 6 draws from 139
    assert first["p_win"] == pytest.approx(1 - comb(129, 6) / comb(139, 6), abs=1e-12)
    assert set(table["method"]) <= {"exact", "simulated"}
    assert (table.loc[table["method"] == "exact", "p_win_se"] == 0).all()


def test_win_chances_with_exposures_and_visible_tiles():
    table = CARD.win_chances("FF 2222B 4444B", draws=3, exposures=["666B J"], visible="6B")
    assert table["category"].tolist() == ["Kongs"]  # a kong exposed: no pairs, no pungs of 6B
    assert table.iloc[0]["p_win"] == 1 and table.iloc[0]["distance"] == 0
    table = CARD.win_chances("FF 2222B 444B N", draws=3, exposures=["666B J"], visible="4B")
    # the kong of 4B lacks one: no 4B is left, so one of the 7 unseen jokers must come, in 3 draws of 137
    assert table.iloc[0]["p_win"] == pytest.approx(1 - comb(130, 3) / comb(137, 3), abs=1e-12)


def test_win_chances_is_deterministic_and_simulates_where_it_must():
    rack = mj.Hand.from_counts(deal_racks(1, 13, rng=4)[0].tolist())
    card = mj.load_card("practice_harbor")
    first = card.win_chances(rack, draws=14, seed=5)
    assert first.equals(card.win_chances(rack, draws=14, seed=5))
    simulated = first[first["method"] == "simulated"]
    assert len(simulated) and (simulated["p_win_se"] > 0).all()


# -- outs -------------------------------------------------------------------------------------------------

def test_outs_counts_the_unseen_copies_of_each_needed_tile():
    table = BASIC.outs("FF 222B 444B 666B 8B N", visible="8B 8B")
    row = table.iloc[0]
    assert (row["category"], row["line"], row["needs"]) == ("2468", 1, "88B")
    assert row["out_tiles"] == "8B ×1, J ×8" and row["outs"] == 9 and not row["dead"]
    pairs = CARD.outs("FF 11B 22B 33B 44B 55B N", visible="6B 6B")
    assert pairs.iloc[0]["out_tiles"] == "6B ×2"  # a pair: jokers do not count


def test_outs_marks_dead_lines_with_no_outs():
    table = CARD.outs("FF 11B 22B 33B 44B 55B N", visible="6B 6B 6B 6B 6C 6C 6C 6C 6D 6D 6D 6D")
    pairs = table[table["category"] == "Pairs"].iloc[0]
    assert pairs["dead"] and pairs["outs"] == 0 and pairs["out_tiles"] == ""


# -- discard_advice ------------------------------------------------------------------------------------------

def test_discard_advice_has_one_row_per_distinct_tile_best_first():
    table = BASIC.discard_advice("FF 222B 444B 666B 88B N", draws=3)
    assert sorted(table["tile"]) == sorted(["F", "2B", "4B", "6B", "8B", "N"])
    assert table.iloc[0]["tile"] == "N"
    keys = list(zip(-table["ev"], -table["p_win"]))
    assert keys == sorted(keys)
    assert np.allclose(table["ev"], table["p_win"] * table["value"])
    assert "FF 222B 444B 666B 888B has no N" in table.iloc[0]["reason"]
    assert "want the 8B back" in table.set_index("tile").loc["8B", "reason"]


def test_discard_reasons_speak_of_jokers():
    table = BASIC.discard_advice("FF 222B 444B 666B 8B N J", draws=4)
    best = table.iloc[0]
    assert best["tile"] == "N" and "1 joker working in its groups" in best["reason"]
    assert "throws away a joker" in table.set_index("tile").loc["J", "reason"]


def test_discard_advice_names_a_tempting_dead_line():
    # the pairs line is one tile away in bams, but the 6s of every suit are seen: it is dead
    table = CARD.discard_advice("FF 11B 22B 33B 44B 55B 6B N", draws=10, visible="6B 6B 6B 6C 6C 6C 6C 6D 6D 6D 6D")
    assert "Pairs" not in set(table["category"])
    best = table.iloc[0]
    assert best["p_win"] > 0 and best["category"] in ("Kongs", "Pungs")
    assert "Pairs #1 is nearer but dead: too few 6B are left" in best["reason"]


@pytest.mark.parametrize("seed", range(6))
def test_discard_advice_never_prefers_a_dead_line(seed):
    rng = np.random.default_rng(seed)
    tiles = np.repeat(np.arange(36), COPIES)
    rng.shuffle(tiles)  # 14 for the rack, the next 40 seen on the table
    rack = mj.Hand.from_counts(np.bincount(tiles[:14], minlength=36).tolist())
    visible = [Tile(int(k)) for k in tiles[14:54]]
    table = BASIC.discard_advice(rack, draws=8, visible=visible, samples=200)
    compiled = BASIC.compiled()
    counts = np.asarray(rack.counts, dtype=np.int16)
    _, unseen = seen_and_unseen(visible, counts, ())
    for row in table.itertuples():
        thrown = counts.copy()
        thrown[Tile.from_notation(row.tile)] -= 1
        result = line_chances(compiled, thrown, (), unseen, 8, samples=0)
        line = next(i for i, x in enumerate(compiled.lines) if (x.category, x.number) == (row.category, row.line))
        assert not result.dead[line] or result.dead.all()
        assert row.p_win == pytest.approx(result.p_win.max(), abs=0.05) or row.value < compiled.line_value.max()


# -- the Charleston pass -----------------------------------------------------------------------------------

def _racks_that_got_singles_and_pairs(count: int) -> list[mj.Hand]:
    """Dealt racks holding a joker, whose nearest line (what the old pass aimed at) is Singles and Pairs."""
    found = []
    for counts in deal_racks(2000, 13, rng=21):
        if counts[Tile.JOKER] and BASIC.closest(mj.Hand.from_counts(counts.tolist()), n=1).iloc[0]["category"] \
                == "Singles & Pairs":
            found.append(mj.Hand.from_counts(counts.tolist()))
            if len(found) == count:
                break
    return found


def test_the_pass_keeps_jokers_working_on_racks_that_used_to_get_singles_and_pairs():
    racks = _racks_that_got_singles_and_pairs(25)
    assert len(racks) == 25
    aimed = [pass_lines(BASIC, rack, 1)[0][0].category for rack in racks]
    assert aimed.count("Singles & Pairs") <= 2  # they now aim at lines where the jokers stand
    changed = sum(suggest_pass(BASIC, rack) != nearest_lines_pass(BASIC, rack) for rack in racks)
    assert changed >= 15
    for rack in racks:
        assert Tile.JOKER not in suggest_pass(BASIC, rack)


def test_the_joker_example():
    rack = "FF 1B 4C 5C 6C 7C 8C 9C 6D S JJ"
    assert BASIC.closest(rack, n=1).iloc[0]["category"] == "Singles & Pairs"
    line, p, distance, _ = pass_lines(BASIC, rack, 1)[0]
    assert (line.category, line.number) == ("2468", 1) and p > 0
    assert [t.notation for t in suggest_pass(BASIC, rack)] == ["9C", "1B", "5C"]


def test_singles_and_pairs_when_it_really_is_best():
    # pairs of bams, no joker: the pairs line is the best chance and the pass keeps the pairs
    rack = "FF 11B 22B 33B 44B 5B 9C"
    line, _, _, _ = pass_lines(CARD, rack, 1)[0]
    assert line.category == "Pairs"
    assert [t.notation for t in suggest_pass(CARD, rack, count=1)] == ["9C"]


# -- bad arguments -------------------------------------------------------------------------------------------

def test_bad_arguments_are_refused_clearly():
    with pytest.raises(ArgumentError, match="draws"):
        BASIC.win_chances("FF 222B 444B 666B 8B J", draws=-2)
    with pytest.raises(ArgumentError, match="draws"):
        BASIC.win_chances("FF 222B 444B 666B 8B J", draws="3")
    with pytest.raises(ArgumentError, match="draws"):
        BASIC.win_chances("FF 222B 444B 666B 8B J", draws=1000)
    with pytest.raises(ArgumentError, match="samples"):
        BASIC.win_chances("FF 222B 444B 666B 8B J", samples=2.5)
    with pytest.raises(ArgumentError, match="hand"):
        BASIC.win_chances(42)
    with pytest.raises(HandError, match="14"):
        BASIC.discard_advice("FF 222B 444B 666B 8B J", draws=3)
    with pytest.raises(HandError, match="a set holds only"):
        BASIC.outs("FF 222B 444B 666B 8B J", visible="2B 2B")
    with pytest.raises(ArgumentError, match="visible"):
        BASIC.outs("FF 222B 444B 666B 8B J", visible=5)
    with pytest.raises(ArgumentError, match="ruleset"):
        BASIC.discard_advice("FF 222B 444B 666B 88B N", ruleset=3)
