"""The coach's public tables: card.win_chances, card.outs, card.discard_advice, and the joker-aware
Charleston pass (suggest_pass, pass_lines)."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjlearn as mj
from mjlearn.analysis import deal_racks
from mjlearn.analysis.advice import nearest_lines_pass, pass_lines, suggest_pass
from mjlearn.analysis.chances import line_chances
from mjlearn.analysis.closest import seen_and_unseen
from mjlearn.errors import ArgumentError, HandError, MjlearnError
from mjlearn.tiles import COPIES, Tile

from test_chances import CARD  # the small card of the hand-worked cases

BASIC = mj.load_card("basic1")


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
    assert set(table["method"]) <= {"exact", "simulated", "bounded"}
    assert (table.loc[table["method"] == "exact", "p_win_se"] == 0).all()


def test_win_chances_with_exposures_and_visible_tiles():
    table = CARD.win_chances("FF 2222B 4444B", draws=3, exposures=["666B J"], visible="6B")
    assert table["category"].tolist() == ["Kongs"]  # a kong exposed: no pairs, no pungs of 6B
    assert table.iloc[0]["p_win"] == 1 and table.iloc[0]["distance"] == 0
    table = CARD.win_chances("FF 2222B 444B N", draws=3, exposures=["666B J"], visible="4B")
    # the kong of 4B lacks one: no 4B is left, so one of the 7 unseen jokers must come, in 3 draws of 137
    assert table.iloc[0]["p_win"] == pytest.approx(1 - comb(130, 3) / comb(137, 3), abs=1e-12)


def test_a_wild_exposure_stands_for_the_group_that_helps_most():
    # MAHJ-X: JJJ exposed may be any pung; read as 888B it leaves the 666B pung one tile short
    table = BASIC.win_chances("FF 222B 444B 66B", draws=1, exposures=["JJJ"], ruleset="MAHJ-X")
    first = table.iloc[0]
    assert (first["category"], first["line"], first["needs"], first["outs"]) == ("2468", 1, "6B", 7)
    assert first["p_win"] == pytest.approx(7 / 139, abs=1e-12)  # 2 6B and 5 jokers among 139 unseen
    assert BASIC.win_chances("FF 222B 444B 666B", draws=0, exposures=["JJJ"], ruleset="MAHJ-X").iloc[0]["p_win"] == 1


def test_win_chances_is_deterministic_and_simulates_where_it_must():
    rack = mj.Hand.from_counts(deal_racks(1, 13, rng=4)[0].tolist())
    card = mj.load_card("practice_harbor")
    first = card.win_chances(rack, draws=18, seed=5)
    assert first.equals(card.win_chances(rack, draws=18, seed=5))
    simulated = first[first["method"] == "simulated"]
    assert len(simulated) and (simulated["p_win_se"] > 0).all()
    bounded = first[first["method"] == "bounded"]
    assert len(bounded) and (bounded["p_win_se"] <= 0.5e-4 + 1e-12).all()  # their other hands add <= 1e-4


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

BASIC_RACK = "FF 222B 444B 666B 8B J"


@pytest.mark.parametrize("call, error, message", [
    (lambda: BASIC.win_chances(BASIC_RACK, draws=-2), ArgumentError, "draws"),
    (lambda: BASIC.win_chances(BASIC_RACK, draws="3"), ArgumentError, "draws"),
    (lambda: BASIC.win_chances(BASIC_RACK, draws=1000), ArgumentError, "draws"),
    (lambda: BASIC.win_chances(BASIC_RACK, samples=2.5), ArgumentError, "samples"),
    (lambda: BASIC.win_chances(42), ArgumentError, "hand"),
    (lambda: BASIC.discard_advice(BASIC_RACK, draws=3), HandError, "14"),
    (lambda: BASIC.outs(BASIC_RACK, visible="2B 2B"), HandError, "a set holds only"),
    (lambda: BASIC.outs(BASIC_RACK, visible=5), ArgumentError, "visible"),
    (lambda: BASIC.discard_advice("FF 222B 444B 666B 88B N", ruleset=3), ArgumentError, "ruleset"),
])
def test_bad_arguments_are_refused_clearly(call, error, message):
    with pytest.raises(error, match=message):
        call()


# -- the tables printed in docs/analysis.md ----------------------------------------------------------------

def documented_coach_tables():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "analysis.md").read_text(encoding="utf-8")
    found = []
    pattern = r">>> (card\.(?:win_chances|outs|discard_advice)\(.*?\))\n```\n\n((?:\|.*\|\n)+)"
    for match in re.finditer(pattern, text):
        rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in match.group(2).splitlines()]
        found.append(pytest.param(match.group(1), rows[0], rows[2:], id=match.group(1)[:40]))
    return found


@pytest.mark.parametrize("call, header, rows", documented_coach_tables())
def test_documented_coach_tables(call, header, rows):
    table = eval(call, {"card": BASIC})  # the call as printed in the document
    shown = [[f"{v:.4f}" if isinstance(v, float) else str(v) for v in row] for row in table[header].head(len(rows))
             .astype(object).values.tolist()]
    assert shown == rows


def test_the_document_shows_the_three_tables():
    assert len(documented_coach_tables()) == 3


# -- any argument: a table or a documented error ------------------------------------------------------------

_values = st.one_of(
    st.none(), st.booleans(), st.floats(allow_nan=True), st.integers(-(10**12), 10**12), st.integers(0, 30),
    st.text(max_size=12), st.sampled_from(["8B 8B", "JJJ", "555C", "FFF", "MAHJ-X", "NMJL", "\ud800"]),
    st.lists(st.sampled_from(["1B", "J", "F", None]), max_size=3), st.integers(0, 5).map(np.int64),
)
_racks = st.tuples(st.integers(0, 10**6), st.sampled_from([13, 14])).map(
    lambda t: str(mj.Hand.from_counts(deal_racks(1, t[1], rng=t[0])[0].tolist())))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(call=st.sampled_from(["win_chances", "outs", "discard_advice"]), rack=st.one_of(_racks, _values),
       keywords=st.dictionaries(st.sampled_from(["draws", "exposures", "visible", "ruleset", "samples", "seed"]),
                                _values, max_size=3))
def test_the_coach_gives_a_table_or_a_documented_error(call, rack, keywords):
    if call == "outs":
        keywords = {k: v for k, v in keywords.items() if k in ("exposures", "visible", "ruleset")}
    try:
        table = getattr(BASIC, call)(rack, **keywords)
    except MjlearnError:
        pass  # a documented error is one of the two answers allowed
    else:
        assert len(table.columns) >= 5


def test_the_card_methods_default_as_the_functions_do():
    import inspect

    from mjlearn.analysis import coach_advice

    for name in ("win_chances", "outs", "discard_advice"):
        method = inspect.signature(getattr(mj.Card, name)).parameters
        function = inspect.signature(getattr(coach_advice, name)).parameters
        assert [(p.name, p.default) for p in list(method.values())[1:]] == \
            [(p.name, p.default) for p in list(function.values())[1:]], name


def _singles_and_pairs_racks(count: int, seed: int = 7) -> list[np.ndarray]:
    """14-tile racks that chase Singles & Pairs, where jokers cannot stand: 4 or 5 pairs of 1 to 6 in one
    suit (flowers with 4), a joker or two, and two or more single 7s, 8s or 9s, which no Singles & Pairs line uses."""
    rng = np.random.default_rng(seed)
    racks = []
    while len(racks) < count:
        counts = np.zeros(36, dtype=np.int16)
        pairs = int(rng.integers(4, 6))
        for kind in rng.choice(6, size=pairs, replace=False) + 9 * int(rng.integers(3)):
            counts[kind] += 2
        counts[Tile.FLOWER] = 2 if pairs == 4 else 0
        counts[Tile.JOKER] = rng.integers(1, 3)
        odd = [9 * suit + number for suit in range(3) for number in (6, 7, 8)]  # 7s, 8s, 9s: no pair line's
        while counts.sum() < 14:
            kind = odd[int(rng.integers(len(odd)))]
            counts[kind] += counts[kind] == 0
        racks.append(counts)
    return racks


def test_a_joker_is_never_advised_first_when_a_natural_throw_ties_with_it():
    chased = 0
    for number, counts in enumerate(_singles_and_pairs_racks(40)):
        rack = mj.hands.Hand.from_counts(counts)
        table = BASIC.discard_advice(rack, draws=6 + number % 12)
        chased += "Singles & Pairs" in set(table.category.head(3))
        assert table.iloc[0].tile != "J", (rack, table.head(3).to_dict("records"))
    assert chased >= 16  # many of them chase Singles & Pairs, where a joker is no use


def test_ties_with_reads_the_error_of_both_chances():
    from mjlearn.analysis.coach_advice import ties_with

    row = {"ev": 0.50, "p_win_se": 0.01, "value": 25, "distance": 2}
    assert ties_with(row, {**row, "ev": 0.74})        # 0.24 apart, within 0.25 + 0.25 of error
    assert not ties_with(row, {**row, "ev": 1.01, "p_win_se": 0.0})
    assert ties_with({**row, "ev": 0.0, "p_win_se": 0.0}, {**row, "ev": 0.0, "p_win_se": 0.0})


def test_exposures_no_line_can_use_give_empty_tables_not_an_error():
    exposures = ["NNN", "5555B"]  # no line of Basic1 holds both
    rack13, rack14 = "FF 1B 2B 3C 4D", "FF 1B 2B 3C 4D E"
    assert not BASIC.compiled().allowed(mj.analysis.read_position(rack13, exposures)[1]).any()
    assert len(BASIC.win_chances(rack13, draws=10, exposures=exposures)) == 0
    table = BASIC.discard_advice(rack14, draws=10, exposures=exposures)
    assert len(table) == 0 and "reason" in table.columns
    hand, parsed = mj.analysis.read_position(rack13, exposures)
    counts = np.asarray(hand.counts, dtype=np.int16)
    _, unseen = seen_and_unseen(None, counts, parsed)
    result = line_chances(BASIC.compiled(), counts, parsed, unseen, 10)
    assert not result.allowed.any() and (result.p_win == 0).all() and len(result.p_win) == BASIC.compiled().num_lines


def test_a_discard_question_with_exposures_no_line_can_use_takes_any_throw():
    from mjlearn.lessons.graded import check_discard

    check = check_discard("1B", "FF 1B 9B 3C 4D 6D", BASIC, exposures=["222B", "5555B"])
    assert check and check.status == "right" and "no throw can win" in check.text
