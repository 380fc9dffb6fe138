"""The chances model (``mjlearn.analysis.chances``): exact values worked out by hand, a brute-force
enumeration of every draw checked with the slow reference, the simulation against the exact answer,
dead and ruled-out lines, determinism and bad input."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import Exposure
from mjlearn.analysis.closest import visible_counts
from mjlearn.analysis.chances import FAR, TOLERANCE, hand_chances, line_chances
from mjlearn.errors import ArgumentError, HandError
from mjlearn.tiles import COPIES, Tile

import analysis_reference as reference

CARD = mj.parse_card('''Coach test
"Pairs"
FF 11 22 33 44 55 66
"Kongs"
FF 2222 4444 6666
"Pungs"
FFF 222 444 666 88
''')
PAIRS, KONGS, PUNGS = 0, 1, 2


def counts(text: str) -> np.ndarray:
    return np.asarray(mj.Hand(text).counts, dtype=np.int16)


def unseen_after(rack: np.ndarray, exposures=(), visible: str = "") -> np.ndarray:
    pool = np.asarray(COPIES, dtype=np.int16) - rack - visible_counts(visible)
    for e in exposures:
        pool -= np.asarray(e.counts(), dtype=np.int16)
    return pool


def at_least(wanted: int, good: int, total: int, draws: int) -> float:
    """P(X >= wanted) for X hypergeometric: ``good`` of ``total`` tiles, ``draws`` drawn."""
    return sum(comb(good, x) * comb(total - good, draws - x) for x in range(wanted, draws + 1)) / comb(total, draws)


def chances(text: str, draws: int, exposures=(), visible: str = "", card=CARD, **options):
    rack = counts(text)
    exposures = tuple(Exposure.parse(e) for e in exposures)
    return line_chances(card.compiled(), rack, exposures, unseen_after(rack, exposures, visible), draws, **options)


# -- exact values worked out by hand -------------------------------------------------------------------

@pytest.mark.parametrize("draws", [1, 2, 5, 12])
def test_one_tile_missing_from_a_pair(draws):
    # 13 tiles: the 66B pair lacks a natural 6B; 3 of them hide among 139 unseen tiles, jokers cannot help
    result = chances("FF 11B 22B 33B 44B 55B 6B", draws)
    assert result.p_win[PAIRS] == pytest.approx(at_least(1, 3, 139, draws), abs=1e-12)
    assert result.exact[PAIRS] and result.p_win_se[PAIRS] == 0
    assert result.distance[PAIRS] == 1 and result.outs[PAIRS] == 3
    assert str(CARD.compiled().hands[result.best_hand[PAIRS]]) == "FF 11B 22B 33B 44B 55B 66B"


@pytest.mark.parametrize("draws", [1, 3, 8])
def test_one_tile_missing_from_a_kong_where_jokers_count(draws):
    # 6666B lacks one: the one 6B left or any of the 8 jokers completes it
    result = chances("FF 2222B 4444B 666B", draws)
    assert result.p_win[KONGS] == pytest.approx(at_least(1, 1 + 8, 139, draws), abs=1e-12)
    assert result.exact[KONGS] and result.outs[KONGS] == 9


def test_a_joker_on_the_rack_already_fills_a_slot():
    # 2222B 4444B 66B J: the joker is the third 6B, the kong lacks one more: 2 6B and 7 jokers unseen
    result = chances("FF 2222B 4444B 66B J", 4)
    assert result.distance[KONGS] == 1 and result.outs[KONGS] == 9
    assert result.p_win[KONGS] == pytest.approx(at_least(1, 9, 139, 4), abs=1e-12)


@pytest.mark.parametrize("draws", [2, 3, 6])
def test_two_tiles_missing(draws):
    # a pair missing altogether (13th tile useless): both 6B must come, from the 4 unseen
    result = chances("FF 11B 22B 33B 44B 55B N", draws)
    assert result.p_win[PAIRS] == pytest.approx(at_least(2, 4, 139, draws), abs=1e-12)
    assert result.distance[PAIRS] == 2 and result.exact[PAIRS]


def test_two_missing_in_a_pung_and_a_pair():
    # FFF 222B 444B 666B 88B lacking an F (group: a joker may stand) and an 8B (pair: natural only)
    rack = "FF 222B 444B 666B 8B N"  # 13 tiles: 139 unseen
    result = chances(rack, 3)
    flowers, eights, jokers, total = 8 - 2, 3, 8, 139
    # complete iff at least one 8B and at least one of (F or J) among 3 draws
    ways = sum(comb(eights, a) * comb(flowers + jokers, b) * comb(total - eights - flowers - jokers, 3 - a - b)
               for a in range(1, 4) for b in range(1, 4) if a + b <= 3)
    assert result.p_win[PUNGS] == pytest.approx(ways / comb(total, 3), abs=1e-12)


def test_too_few_draws_give_zero_and_a_complete_hand_gives_one():
    assert chances("FF 11B 22B 33B 44B 55B N", 1).p_win[PAIRS] == 0
    result = chances("FF 11B 22B 33B 44B 55B 66B", 0)
    assert result.p_win[PAIRS] == 1 and result.exact[PAIRS] and result.distance[PAIRS] == 0


def test_hand_chances_on_its_own():
    pool = np.zeros(36, dtype=np.int16)
    pool[[0, 1, 35]] = (2, 20, 3)
    ms, mg = np.zeros((2, 35), dtype=np.int16), np.zeros((2, 35), dtype=np.int16)
    ms[0, 0] = 1  # a single natural 1B: 2 of 25
    mg[1, 0] = 2  # two tiles of a group of 1B: 1B or joker, twice: 5 of 25
    got = hand_chances(ms, mg, pool, 0, 4)
    assert got[0] == pytest.approx(at_least(1, 2, 25, 4), abs=1e-12)
    assert got[1] == pytest.approx(at_least(2, 5, 25, 4), abs=1e-12)


# -- every draw enumerated, judged by the slow reference ----------------------------------------------

def enumerated(card, rack: np.ndarray, exposures, unseen: np.ndarray, draws: int) -> np.ndarray:
    """Exact P(line) by listing every multiset of ``draws`` tiles and asking the reference if a line is held."""
    kinds = np.flatnonzero(unseen).tolist()
    total = comb(int(unseen.sum()), draws)
    plain = [(int(e.tile), e.size, e.jokers) for e in exposures]
    p = np.zeros(len(card.lines))
    for combo in itertools.combinations_with_replacement(kinds, draws):
        drawn = np.bincount(combo, minlength=36) if combo else np.zeros(36, dtype=np.int64)
        weight = np.prod([comb(int(unseen[k]), int(drawn[k])) for k in set(combo)])
        if weight == 0:
            continue
        held = (rack + drawn).tolist()
        for i, line in enumerate(card.lines):
            found = reference.line_distance(line, held, plain)
            if found is not None and found[0] == 0:
                p[i] += weight / total
    return p


@pytest.mark.parametrize("rack, exposures, visible, draws", [
    ("FF 2222B 444B 66B J 88B", (), "6B 6B", 2),
    ("F 222B 44B 666B J J 88B 1C", (), "8B", 2),
    ("F 22B 4B 666B J 88B", ("FFF",), "2B", 2),
    ("1B 22B 33B 44B 55B 66B F", (), "F F F F", 3),
])
def test_exact_lines_agree_with_every_draw_enumerated(rack, exposures, visible, draws):
    exposures = tuple(Exposure.parse(e) for e in exposures)
    rack_counts = counts(rack)
    unseen = unseen_after(rack_counts, exposures, visible)
    result = line_chances(CARD.compiled(), rack_counts, exposures, unseen, draws, samples=4000, seed=3)
    truth = enumerated(CARD, rack_counts, exposures, unseen, draws)
    assert (truth <= result.p_win_upper + 1e-12).all()
    for line in range(len(CARD.lines)):
        if result.exact[line]:
            assert result.p_win[line] == pytest.approx(truth[line], abs=TOLERANCE + 1e-12)
        else:
            assert abs(result.p_win[line] - truth[line]) <= 3 * result.p_win_se[line]


KONGS_CARD = mj.parse_card('Kongs\n"Kongs"\nFF 2222 4444 6666')
KONGS_RACK = "FF JJJJJJJJ 2B 2C N"  # 3 tiles away in bams and in craks, 4 in dots
KONGS_POOL = "22B 44B 66B 22C 4C 66C 2D 4D NNN"  # every other tile is seen


def test_a_few_overlapping_hands_are_joined_exactly():
    # 6 draws from a small pool can complete two suits at once: the line's hands overlap
    rack, unseen = counts(KONGS_RACK), visible_counts(KONGS_POOL)
    truth = enumerated(KONGS_CARD, rack, (), unseen, 6)
    result = line_chances(KONGS_CARD.compiled(), rack, (), unseen, 6)
    assert result.exact[0] and not result.simulated[0]
    assert result.p_win[0] == pytest.approx(truth[0], abs=1e-12)
    assert result.p_best_hand[0] < truth[0] - 0.1  # the union is well above the likeliest hand alone


def test_three_hands_joined_by_inclusion_and_exclusion(monkeypatch):
    from mjlearn.analysis import chances

    monkeypatch.setattr(chances, "JOINED_MOST", 3)  # the joint chances of pairs and of the triple
    rack, unseen = counts("FF JJJJJJJJ 2B 2C 2D"), visible_counts("22B 44B 66B 22C 4C 66C 22D 44D 6D NN")
    truth = enumerated(KONGS_CARD, rack, (), unseen, 6)
    result = line_chances(KONGS_CARD.compiled(), rack, (), unseen, 6)
    assert result.exact[0] and result.p_win[0] == pytest.approx(truth[0], abs=1e-12)
    monkeypatch.setattr(chances, "JOINED_MOST", 2)
    assert not line_chances(KONGS_CARD.compiled(), rack, (), unseen, 6, samples=0).exact[0]  # three: bounded


def test_simulation_agrees_with_the_exact_answer(monkeypatch):
    from mjlearn.analysis import chances

    monkeypatch.setattr(chances, "JOINED_MOST", 1)  # simulate even a line of few likely hands
    rack, unseen = counts(KONGS_RACK), visible_counts(KONGS_POOL)
    truth = enumerated(KONGS_CARD, rack, (), unseen, 6)
    ses = []
    for seed in range(5):
        result = line_chances(KONGS_CARD.compiled(), rack, (), unseen, 6, samples=3000, seed=seed)
        assert result.simulated[0] and not result.exact[0] and result.p_win_se[0] > 0
        assert abs(result.p_win[0] - truth[0]) <= 3 * result.p_win_se[0]
        ses.append(result.p_win_se[0])
    assert 0.3 < truth[0] < 0.9 and max(ses) < 0.01


# -- dead lines, lines ruled out, determinism ------------------------------------------------------------

def test_a_line_whose_tiles_are_all_seen_is_dead():
    # every 6B is gone: the pairs line cannot be made in bams; in craks or dots it is too far for 6 draws
    result = chances("FF 11B 22B 33B 44B 55B N", 6, visible="6B 6B 6B 6B")
    assert result.p_win[PAIRS] == 0 and not result.dead[PAIRS] and result.distance[PAIRS] == 12  # craks or dots
    assert str(CARD.compiled().hands[result.best_hand[PAIRS]]).endswith("66C")  # the best live hand
    everything_gone = chances("FF 11B 22B 33B 44B 55B N", 6, visible="6B 6B 6B 6B 6C 6C 6C 6C 6D 6D 6D 6D")
    assert everything_gone.dead[PAIRS] and everything_gone.p_win[PAIRS] == 0 and everything_gone.outs[PAIRS] == 0


def test_exposures_rule_lines_out():
    result = chances("FF 2222B 4444B J", 4, exposures=["666B J"])
    assert not result.allowed[PAIRS] and result.distance[PAIRS] == FAR and result.best_hand[PAIRS] == -1
    assert result.p_win[PAIRS] == 0
    assert result.allowed[KONGS] and not result.allowed[PUNGS]  # 666B J is a kong, not a pung
    assert result.distance[KONGS] == 0 and result.p_win[KONGS] == 1


def test_the_same_seed_gives_the_same_answer():
    card = mj.load_card("practice_harbor")
    rack = np.asarray(mj.analysis.deal_racks(1, 13, rng=4)[0])
    unseen = unseen_after(rack)
    first = line_chances(card.compiled(), rack, (), unseen, 14, samples=500, seed=9)
    again = line_chances(card.compiled(), rack, (), unseen, 14, samples=500, seed=9)
    for name in ("p_win", "p_win_se", "exact", "distance", "outs", "dead", "best_hand"):
        assert np.array_equal(getattr(first, name), getattr(again, name), equal_nan=True), name
    assert not first.exact.all()  # the case does exercise the simulation


def test_no_samples_gives_the_middle_of_the_bounds():
    card = mj.load_card("practice_harbor")
    rack = np.asarray(mj.analysis.deal_racks(1, 13, rng=4)[0])
    result = line_chances(card.compiled(), rack, (), unseen_after(rack), 14, samples=0)
    bounded = ~result.exact
    assert bounded.any() and not result.simulated.any()
    assert np.allclose(result.p_win[bounded] - result.p_win_se[bounded], result.p_best_hand[bounded])
    assert np.allclose(result.p_win[bounded] + result.p_win_se[bounded], result.p_win_upper[bounded])


# -- bad input ---------------------------------------------------------------------------------------------

def test_bad_input_is_refused_clearly():
    compiled = CARD.compiled()
    rack = counts("FF 2222B 4444B 666B")
    unseen = unseen_after(rack)
    with pytest.raises(ArgumentError, match="draws"):
        line_chances(compiled, rack, (), unseen, -1)
    with pytest.raises(ArgumentError, match="unseen tiles"):
        line_chances(compiled, rack, (), unseen, 500)
    with pytest.raises(HandError, match="a set holds only"):
        line_chances(compiled, rack, (), unseen + (np.arange(36) == Tile.B2), 3)
    with pytest.raises(HandError, match="36 counts"):
        line_chances(compiled, rack[:10], (), unseen, 3)


def test_a_cache_kept_between_calls_changes_nothing_but_the_time():
    card = mj.load_card("practice_harbor")
    rack = np.asarray(mj.analysis.deal_racks(1, 14, rng=6)[0])
    unseen = unseen_after(rack)
    cache: dict = {}
    for kind in np.flatnonzero(rack)[:4]:
        thrown = rack.copy()
        thrown[kind] -= 1
        plain = line_chances(card.compiled(), thrown, (), unseen, 11, samples=300)
        cached = line_chances(card.compiled(), thrown, (), unseen, 11, samples=300, cache=cache)
        assert np.array_equal(plain.p_win, cached.p_win) and np.array_equal(plain.exact, cached.exact)
    assert len(cache[(int(unseen.sum()), int(unseen[Tile.JOKER]), int(rack[Tile.JOKER]), 11)]) > 0


def test_out_counts_name_the_tiles():
    result = chances("FF 2222B 4444B 666B", 2)
    tiles = {Tile(k).notation: int(n) for k, n in enumerate(result.out_counts[KONGS]) if n}
    assert tiles == {"6B": 1, "J": 8}
    assert chances("FF 11B 22B 33B 44B 55B 6B", 2).out_counts[PAIRS].sum() == 3  # a pair: no jokers


@pytest.mark.parametrize("seed", range(8))
def test_distance_and_dead_agree_with_closest(seed):
    card = mj.load_card(["basic1", "practice_harbor"][seed % 2])
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(36), COPIES)
    rng.shuffle(wall)
    rack = np.bincount(wall[:13], minlength=36).astype(np.int16)
    visible = [Tile(int(k)) for k in wall[13:73]]
    table = card.closest(mj.Hand.from_counts(rack.tolist()), n=None, visible=visible)
    unseen = unseen_after(rack) - visible_counts(visible)
    result = line_chances(card.compiled(), rack, (), unseen, 5, samples=0)
    index = {(line.category, line.number): i for i, line in enumerate(card.lines)}
    for row in table.itertuples():
        line = index[(row.category, row.line)]
        assert (result.distance[line], result.dead[line]) == (row.distance, row.dead)
        if not row.dead:
            assert str(card.compiled().hands[result.best_hand[line]]) == row.hand or result.p_win[line] > 0
