"""The coach's look-ahead (mjlearn.rules.coach_policy): its futures and its chances against an independent
count (every 14 of the 13 + d tiles judged by the Bot's engine), and its determinism from a seed."""

import itertools
from math import comb

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.engine import Position, engine_for
from mjlearn.errors import ArgumentError
from mjlearn.hands import Hand
from mjlearn.rules import Bot, CoachBot
from mjlearn.rules.coach_policy import draw_futures, keep_scores, near_hands
from mjlearn.tiles import COPIES, Tile

CARD = mj.load_card("basic1")
JUDGE = Bot(CARD)
VIEW = engine_for(CARD).view(())


def unseen_of(rack, seen=None):
    unseen = np.asarray(COPIES, dtype=np.int64) - np.asarray(rack)
    return unseen if seen is None else unseen - np.asarray(seen)


def completes(rack13, future) -> bool:
    """Whether some 14 of the 13 tiles and the future's tiles make a hand of the card, by the Bot's engine."""
    tiles = np.asarray(rack13) + np.asarray(future)
    extra = int(tiles.sum()) - 14
    kinds = [k for k in range(36) for _ in range(int(tiles[k]))]
    for out in set(itertools.combinations(kinds, extra)):
        held = tiles.copy()
        for k in out:
            held[k] -= 1
        if JUDGE.best_distance(tuple(int(c) for c in held)) == 0:
            return True
    return False


def brute_chances(rack14, futures, weights):
    kinds = [k for k in range(36) if rack14[k]]
    chances = []
    for kind in kinds:
        rack13 = np.asarray(rack14).copy()
        rack13[kind] -= 1
        chances.append(sum(w for f, w in zip(futures, weights) if completes(rack13, f)))
    return kinds, np.array(chances)


def test_one_or_two_draws_are_listed_exactly_with_hypergeometric_weights():
    unseen = np.zeros(36, dtype=np.int64)
    unseen[[0, 5, 35]] = [3, 1, 2]  # 6 tiles: three of a kind, one of another, two jokers
    futures, weights = draw_futures(unseen, 1, 10, np.random.default_rng(0))
    assert {(int(np.flatnonzero(f)[0]), w) for f, w in zip(futures, weights)} == {(0, 0.5), (5, 1 / 6), (35, 1 / 3)}
    futures, weights = draw_futures(unseen, 2, 10, np.random.default_rng(0))
    assert weights.sum() == pytest.approx(1.0) and (futures.sum(axis=1) == 2).all()
    found = {tuple(np.repeat(np.arange(36), f)): w for f, w in zip(futures, weights)}
    assert found[(0, 0)] == pytest.approx(comb(3, 2) / comb(6, 2))
    assert found[(0, 5)] == pytest.approx(3 / comb(6, 2))
    assert found[(35, 35)] == pytest.approx(1 / comb(6, 2))
    assert (5, 5) not in found  # only one copy unseen


def test_sampled_futures_draw_from_the_unseen_tiles_only_and_repeat_from_a_seed():
    unseen = unseen_of(Hand("FF 222B 444B 666B 88B 3C").counts)
    futures, weights = draw_futures(unseen, 10, 50, np.random.default_rng(7))
    assert futures.shape == (50, 36) and (futures.sum(axis=1) == 10).all() and (futures <= unseen).all()
    assert weights.sum() == pytest.approx(1.0)
    again, _ = draw_futures(unseen, 10, 50, np.random.default_rng(7))
    other, _ = draw_futures(unseen, 10, 50, np.random.default_rng(8))
    assert (again == futures).all() and (other != futures).any()
    assert draw_futures(np.zeros(36, dtype=np.int64), 5, 3, np.random.default_rng(0))[0].sum() == 0  # nothing left
    with pytest.raises(ArgumentError, match="36 counts"):
        draw_futures([1] * 35, 2, 3, np.random.default_rng(0))


@pytest.mark.parametrize("notation, draws", [
    ("FF 222B 444B 666B 88B 3C", 1),   # a pung lacks its third tile: 8B or a joker
    ("FF 222B 444B 666B 88B 3C", 2),
    ("FF 222B 444B 666B 8B J 3C", 2),  # a joker already stands in a pung
    ("F 222B 444B 666B 888B 3C", 2),  # the pair of flowers lacks a natural: no joker can help
])
def test_exact_chances_match_an_independent_count(notation, draws):
    rack = Hand(notation).counts
    futures, weights = draw_futures(unseen_of(rack), draws, 1, np.random.default_rng(0))
    kinds, chance, _, now = keep_scores(Position(VIEW, rack), futures, weights, near=np.arange(VIEW.n))
    expected_kinds, expected = brute_chances(rack, futures, weights)
    assert kinds == expected_kinds
    assert chance == pytest.approx(expected)
    assert chance.max() > 0
    for kind, distance in zip(kinds, now):  # before any draw: the Bot's distance of the 13 tiles left
        left = list(rack)
        left[kind] -= 1
        assert distance == JUDGE.best_distance(tuple(left))


def test_sampled_chances_match_an_independent_count_on_the_same_futures():
    rack = Hand("FF 222B 444B 66B J 3C 7D 9D").counts  # 3 away; jokers may stand in the pungs
    futures, weights = draw_futures(unseen_of(rack), 3, 40, np.random.default_rng(3))
    lucky = np.zeros((1, 36), dtype=np.int64)
    lucky[0, [int(Tile.from_notation("6B")), int(Tile.from_notation("8B")), 35]] = 1  # and a future that completes
    futures = np.concatenate([futures, lucky])
    weights = np.full(len(futures), 1 / len(futures))
    kinds, chance, away, now = keep_scores(Position(VIEW, rack), futures, weights, near=np.arange(VIEW.n))
    expected_kinds, expected = brute_chances(rack, futures, weights)
    assert kinds == expected_kinds and chance == pytest.approx(expected)
    assert chance.max() >= 1 / len(futures)
    assert (away >= 0).all()


def test_near_hands_are_those_that_can_still_complete():
    position = Position(VIEW, Hand("FF 222B 444B 666B 88B 3C").counts)
    assert near_hands(position, 0, 5).tolist() == []  # one tile away: nothing without a draw
    one = near_hands(position, 1, 5)
    assert (position.distance[one] <= 1).all() and len(one) == 1
    dead = np.zeros(VIEW.n, dtype=np.int16)
    dead[one] = 64
    assert one[0] not in near_hands(position, 14, 3, dead)  # a dead hand is left out
    assert len(near_hands(position, 14, 3, np.full(VIEW.n, 64, dtype=np.int16))) == 0


def test_the_objective_must_be_known():
    position = Position(VIEW, Hand("FF 222B 444B 666B 88B 3C").counts)
    futures, weights = draw_futures(unseen_of(position.counts), 1, 1, np.random.default_rng(0))
    with pytest.raises(ArgumentError, match="objective"):
        keep_scores(position, futures, weights, objective="luck")
    with pytest.raises(ArgumentError, match="values"):
        keep_scores(position, futures, weights, objective="value")
    with pytest.raises(ArgumentError, match="objective"):
        CoachBot(CARD, objective="luck")


def test_the_coach_throws_the_stray_tile_and_repeats_itself_from_a_seed():
    rack = Hand("FF 222B 444B 666B 88B 3C").counts
    assert CoachBot(CARD, seed=1).choose_discard(rack, draws=1).notation == "3C"
    rack = Hand("FF 222B 44B 66B 8B 3C 5D 7D 9D").counts
    runs = [[CoachBot(CARD, seed=s).choose_discard(rack, draws=d).notation for d in (3, 8, 15)] for s in (4, 4)]
    assert runs[0] == runs[1]


def test_the_single_objective_is_the_likeliest_hand_and_the_value_objective_weighs_each_hand():
    rack = Hand("FF 1111B NEWS 11C J 3C").counts  # 1 from three Like Numbers hands; a joker for the kongs
    position = Position(VIEW, rack)
    futures, weights = draw_futures(unseen_of(rack), 4, 200, np.random.default_rng(5))
    near = near_hands(position, 4, 3)
    assert len(near) > 1
    union = keep_scores(position, futures, weights, near=near)
    single = keep_scores(position, futures, weights, near=near, objective="single")
    # per hand, one at a time: the likeliest one is the single objective's chance
    each = np.array([keep_scores(position, futures, weights, near=near[[h]]).score for h in range(len(near))])
    assert single.score == pytest.approx(each.max(axis=0) + 0.01 * union.score)
    assert (each.max(axis=0) <= union.score + 1e-12).all() and union.score.max() > 0
    values = np.full(VIEW.n, 25.0)
    values[near[0]] = 50.0
    value = keep_scores(position, futures, weights, near=near, objective="value", values=values)
    assert (value.score >= 25 * union.score - 1e-9).all() and (value.score <= 50 * union.score + 1e-9).all()
    flat = keep_scores(position, futures, weights, near=near, objective="value", values=np.full(VIEW.n, 25.0))
    assert flat.score == pytest.approx(25 * union.score)


@pytest.mark.parametrize("objective", ["completion", "single", "value"])
def test_the_look_ahead_coach_throws_the_safe_one_of_two_useless_tiles(objective):
    bot = CoachBot(CARD, seed=2, objective=objective)
    rack = Hand("FF 222B 444B 666B 8B 3C 7D").counts  # 3C and 7D: neither helps 2468 #1
    for hot, safe in (("3C", "7D"), ("7D", "3C")):
        cost = np.zeros(36)
        cost[int(Tile.from_notation(hot))] = 5.0
        assert bot.choose_discard(rack, draws=6, dangers=cost).notation == safe
    assert bot.choose_discard(rack, draws=6).notation in ("3C", "7D")  # the hand comes first
    assert CoachBot(CARD).table_objective == "worth"  # the table's default model (the rack's is "draw")


def test_a_joker_is_kept_by_the_look_ahead():
    bot = CoachBot(CARD, seed=0, objective="single")
    rack = Hand("FF 222B 444B 66B J 3C 5D 7D").counts
    assert bot.choose_discard(rack, draws=10).notation != "J"


def test_the_look_ahead_coach_plays_the_same_solitaire_deals_the_same_way():
    from mjlearn.analysis.solo import solo

    def run():
        players = {"bot": "bot", "single": CoachBot(CARD, seed=0, objective="single", samples=32)}
        return solo(CARD, players=players, deals=[0, 5, 9], draws=(12, 24), seed=1, progress=False)

    first, again = run(), run()
    assert (first.completed_at == again.completed_at).all() and (first.away == again.away).all()
    assert first.decisions[1] > 0 and (first.away[1] >= 0).all()


def test_the_coach_games_benchmark_prints_a_ratio_per_ruleset(capsys):
    from script_support import load_script

    module = load_script("benchmarks/bench_coach_games.py")
    module.main(["--games", "1"])
    lines = capsys.readouterr().out.splitlines()
    ratios = [line for line in lines if "four-coach game" in line]
    assert [line.split(":")[0] for line in ratios] == ["NMJL", "MAHJ-X"]
    assert all("ratio" in line and "target 3" in line and "on CPU time" in line for line in ratios)
