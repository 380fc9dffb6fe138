"""The solitaire benchmark: mjlearn.analysis.solo, its players, its statistics."""

from __future__ import annotations

import math
import pickle
import random
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import solo as solo_function
from mjlearn.analysis.solo import (DRAWS, MAX_DRAWS, RandomDiscarder, RolloutPlayer, SoloComparison, deal_seed,
                                   play_solo, solo, solo_wall)
from mjlearn.analysis.stats import binomial_range, mcnemar_p, paired_interval, wilson
from mjlearn.errors import ArgumentError, RuleError, UnknownNameError
from mjlearn.hands import Hand
from mjlearn.rules import Bot, CoachBot
from mjlearn.tiles import TILE_SET, Tile, parse_tiles

CARD = mj.load_card("basic1")
JOKER = int(Tile.JOKER)


@pytest.fixture(scope="module")
def small():
    """Random, Bot and coach on 24 deals at three horizons."""
    return solo(CARD, players=("random", "bot", "coach"), deals=24, draws=(6, 12, 24), seed=3)


def _wall_starting_with(hand: str, then: str = "") -> list[Tile]:
    """A wall whose first tiles are ``hand`` then ``then``, the rest of the set after them."""
    first = list(parse_tiles(hand)) + list(parse_tiles(then))
    rest = list(TILE_SET)
    for tile in first:
        rest.remove(tile)
    return first + rest


# -- the deals ---------------------------------------------------------------------------

def test_each_deal_is_the_whole_set_shuffled_by_its_own_seed():
    walls = [solo_wall(0, i) for i in range(5)]
    assert all(sorted(w) == sorted(TILE_SET) for w in walls)
    assert len({tuple(w) for w in walls}) == 5
    assert solo_wall(0, 3) == solo_wall(0, 3) and solo_wall(0, 3) != solo_wall(1, 3)
    assert deal_seed(-4, 2) != deal_seed(4, 2)  # negative seeds are seeds too


def test_the_same_seed_gives_the_same_figures(small):
    again = solo(CARD, players=("random", "bot", "coach"), deals=24, draws=(6, 12, 24), seed=3)
    assert again.table().equals(small.table())
    assert np.array_equal(again.completed_at, small.completed_at) and np.array_equal(again.away, small.away)
    assert again.summary() == small.summary()
    other = solo(CARD, players=("random", "bot", "coach"), deals=24, draws=(6, 12, 24), seed=4)
    assert not np.array_equal(other.away, small.away)


def test_any_subset_of_deals_plays_the_same(small):
    part = solo(CARD, players=("random", "bot", "coach"), deals=[17, 2, 9], draws=(6, 12, 24), seed=3)
    assert part.deal_indices == (17, 2, 9)
    assert np.array_equal(part.completed_at, small.completed_at[:, [17, 2, 9]])
    assert np.array_equal(part.away, small.away[:, :, [17, 2, 9]])


def test_one_play_gives_every_horizon(small):
    """Each deal is played once to the longest horizon: shorter horizons read the same play."""
    longest = solo(CARD, players=("bot",), deals=24, draws=24, seed=3)
    assert np.array_equal(longest.completed_at[0], small.completed_at[1])
    assert np.array_equal(longest.away[0, 0], small.away[1, 2])
    table = small.table().set_index(["player", "draws"])
    for player in small.players:  # a hand completed by 12 draws is completed by 24; nearer, never further
        shares = [table.loc[(player, d), "share"] for d in (6, 12, 24)]
        assert shares == sorted(shares)


def test_the_table_counts_the_completed_hands(small):
    table = small.table()
    assert list(table.columns) == ["player", "draws", "completed", "share", "low", "high", "mean_draw", "away"]
    assert len(table) == 9
    for row in table.itertuples():
        at = small.completed_at[small.players.index(row.player)]
        done = (at > 0) & (at <= row.draws)
        assert row.completed == done.sum() and row.share == pytest.approx(done.mean())
        assert row.low <= row.share <= row.high
        assert (row.low, row.high) == wilson(row.completed, 24)
        if row.completed:
            assert row.mean_draw == pytest.approx(at[done].mean()) and row.mean_draw <= row.draws
        else:
            assert math.isnan(row.mean_draw)
    bot = table[table.player == "bot"].away.tolist()
    random_ = table[table.player == "random"].away.tolist()
    assert all(b < r for b, r in zip(bot, random_))  # the Bot gets nearer than chance


def test_the_bot_completes_more_than_a_random_player():
    result = solo(CARD, players=("random", "bot"), deals=300, draws=24, seed=0)
    assert result.share("random") < result.share("bot")
    assert result.share("bot") > 0.005


# -- one hand -------------------------------------------------------------------------------

def test_a_hand_that_wins_at_the_first_draw_is_completed_at_draw_1():
    judge = Bot(CARD)
    wall = _wall_starting_with("FF 222B 444B 666B 88B", "8B")  # the first draw completes the line
    at, away, decisions, _ = play_solo(RandomDiscarder(), wall, 24, judge, horizons=(1, 12, 24))
    assert (at, away, decisions) == (1, [0, 0, 0], 0)


def test_the_completing_draw_is_counted_at_its_horizon_and_not_before():
    keep = {int(Tile.from_notation(t)) for t in ("F", "2B", "4B", "6B", "8B")}

    class Keeper:  # throws whatever "FF 222B 444B 666B 888B" does not use
        def choose_discard(self, counts, exposures=(), visible=None):
            return Tile(next(k for k in range(36) if counts[k] and k not in keep))

    # the rack lacks one 8B; the draws are 5C, 5D, then the 8B
    wall = _wall_starting_with("FF 222B 444B 666B 88B", "5C 5D 8B")
    at, away, decisions, _ = play_solo(Keeper(), wall, 5, Bot(CARD), horizons=(2, 3, 5))
    assert (at, away, decisions) == (3, [1, 0, 0], 2)
    result_at, _, _, _ = play_solo(Keeper(), wall, 2, Bot(CARD))
    assert result_at == 0  # not within 2 draws


def test_a_player_is_told_the_draws_left_and_sees_its_own_discards():
    seen = []

    class Listener:
        def __init__(self):
            self.rng = random.Random(0)

        def choose_discard(self, counts, exposures=(), visible=None, draws=None):
            seen.append((draws, sum(visible), sum(counts), tuple(exposures)))
            return Tile(max(k for k in range(35) if counts[k]))

    at, _, decisions, _ = play_solo(Listener(), solo_wall(5, 0), 6, Bot(CARD))
    assert at == 0 and decisions == 5
    assert seen == [(5 - i, i, 14, ()) for i in range(5)]


def test_a_player_that_throws_a_tile_it_does_not_hold_is_refused():
    class Cheat:
        def choose_discard(self, counts, exposures=(), visible=None):
            return next(Tile(k) for k in range(35) if not counts[k])

    with pytest.raises(RuleError, match="Cheat.choose_discard threw .* not a tile of its rack"):
        play_solo(Cheat(), solo_wall(0, 0), 5, Bot(CARD))
    with pytest.raises(ArgumentError, match="judge"):
        play_solo(Cheat(), solo_wall(0, 0), 5)


def test_the_random_player_never_throws_a_joker_while_it_holds_a_natural():
    player = RandomDiscarder(seed=2)
    counts = Hand("J J J J 1B 2B 3B 4B 5B 6B 7B 8B 9B N").counts
    thrown = {player.choose_discard(counts) for _ in range(200)}
    assert Tile.JOKER not in thrown and len(thrown) == 10
    assert player.choose_discard(Hand("JJJJ").counts) == Tile.JOKER


def test_players_are_reseeded_at_every_deal():
    """A random player's deal plays the same alone or after other deals (its generator starts afresh)."""
    alone = solo(CARD, players=("random",), deals=[4], draws=24, seed=8)
    after = solo(CARD, players=("random",), deals=range(5), draws=24, seed=8)
    assert np.array_equal(alone.away[0, 0], after.away[0, 0, [4]])
    mine = RandomDiscarder(seed=123)
    given = solo(CARD, players=(mine,), deals=range(5), draws=24, seed=8)
    assert given.players == ("random",) and np.array_equal(given.away, after.away)


# -- the rollout -----------------------------------------------------------------------------

def test_the_rollout_throws_the_stray_tile_of_a_nearly_made_hand():
    player = RolloutPlayer(CARD, samples=4, seed=1)
    assert player.choose_discard(Hand("FF 222B 444B 666B 88B 3C").counts, draws=3) == Tile.from_notation("3C")
    assert repr(player) == "RolloutPlayer(base='perfect', samples=4, width=4)"


def test_the_rollout_takes_the_base_choice_when_nothing_can_complete():
    class Counting(Bot):
        calls = 0

        def choose_discard(self, counts, exposures=(), visible=None):
            Counting.calls += 1
            return super().choose_discard(counts, exposures, visible)

    base = Counting(CARD)
    player = RolloutPlayer(CARD, base=base, samples=8)
    rack = Hand("1B 3B 5B 7B 9B 1C 3C 5C 7C 9C N E W S").counts  # many tiles from any line
    choice = player.choose_discard(rack, draws=2)
    assert Counting.calls == 1 and choice == Bot(CARD).choose_discard(rack)


def test_the_rollout_looks_ahead_with_the_unseen_tiles_only():
    """Its continuations draw from what it has not seen: when every 8B is in its discards, no continuation
    can complete a hand that needs one, and it keeps what other lines need."""
    player = RolloutPlayer(CARD, samples=6, seed=0)
    rack = Hand("FF 222B 444B 666B 88B 3C").counts
    seen = [0] * 36
    eight = int(Tile.from_notation("8B"))
    seen[eight] = 2  # the two other 8B are gone
    choice = player.choose_discard(rack, visible=seen, draws=4)
    assert isinstance(choice, Tile) and rack[int(choice)] > 0


def test_a_perfectly_played_future_completes_when_a_hand_lies_in_the_tiles_held_and_drawn():
    """The rollout's perfect continuations, checked against the card's distances of each whole multiset."""
    from mjlearn.analysis.solo import _perfect_scores

    compiled = CARD.compiled()
    rng = random.Random(3)
    for deal in range(4):
        wall = [int(t) for t in solo_wall(11, deal)]
        rack = [0] * 36
        for tile in wall[:14]:
            rack[tile] += 1
        pool = wall[14:]
        orders = [rng.sample(pool, 20) for _ in range(12)]
        candidates = [k for k in range(36) if rack[k]]
        scores = _perfect_scores(compiled, rack, candidates, orders)
        for kind, (completions, minus_away) in zip(candidates, scores):
            held = np.array([[rack[k] - (k == kind) + order.count(k) for k in range(36)] for order in orders])
            away = compiled.hand_distances(held).min(axis=1)
            assert completions == int((away == 0).sum()) and -minus_away == int(away.sum())


def test_the_rollout_with_a_policy_playing_its_futures():
    rollout = RolloutPlayer(CARD, base="bot", samples=4, width=3)
    result = solo(CARD, players=("bot", rollout), deals=2, draws=12, seed=1)
    assert result.players == ("bot", "rollout") and all(n > 0 for n in result.decisions)
    again = solo(CARD, players=("bot", RolloutPlayer(CARD, base="bot", samples=4, width=3)), deals=2, draws=12, seed=1)
    assert np.array_equal(again.away, result.away)


def test_the_rollout_travels_and_refuses_exposures():
    player = RolloutPlayer(CARD, samples=2)
    player.choose_discard(Hand("FF 222B 444B 666B 88B 3C").counts, draws=2)
    copy = pickle.loads(pickle.dumps(player))
    assert copy.samples == 2 and copy._built is None
    assert copy.choose_discard(Hand("FF 222B 444B 666B 88B 3C").counts, draws=2) == Tile.from_notation("3C")
    with pytest.raises(ArgumentError, match="concealed"):
        player.choose_discard(Hand("FF 222B 444B 666B 88B 3C").counts, exposures=[object()])
    with pytest.raises(ArgumentError, match="base"):
        RolloutPlayer(CARD, base="wizard")
    with pytest.raises(ArgumentError, match="samples"):
        RolloutPlayer(CARD, samples=0)


@pytest.mark.parametrize("deals, samples", [pytest.param(40, 16, marks=pytest.mark.slow, id="40 deals"),
                                             pytest.param(6, 4, id="6 deals")])
def test_the_rollout_ends_about_as_near_as_its_base(deals, samples):
    rollout = RolloutPlayer(CARD, samples=samples)
    result = solo(CARD, players=("bot", rollout), deals=deals, draws=24, seed=0)
    assert result.players == ("bot", "rollout")
    assert result.share("rollout") >= result.share("bot") - 0.05
    away = result.table().set_index("player").away
    assert away["rollout"] <= away["bot"] + 0.5


# -- comparisons and statistics --------------------------------------------------------------

def test_compare_counts_the_paired_deals(small):
    comparison = small.compare("bot", "random", 24)
    bot, rnd = small.completed("bot", 24), small.completed("random", 24)
    assert comparison.both == (bot & rnd).sum() and comparison.only_a == (bot & ~rnd).sum()
    assert comparison.only_b == (~bot & rnd).sum() and comparison.deals == 24
    assert comparison.difference == pytest.approx(bot.mean() - rnd.mean())
    low, high = comparison.interval
    assert low <= comparison.difference <= high
    assert comparison.p_value == mcnemar_p(comparison.only_a, comparison.only_b)
    assert small.compare("bot", "random").draws == 24  # the longest horizon by default
    with pytest.raises(ArgumentError, match="horizons"):
        small.compare("bot", "random", 18)
    with pytest.raises(UnknownNameError, match="no player 'rollout'"):
        small.compare("rollout", "bot")


def test_ratio_and_text_of_a_comparison():
    c = SoloComparison("coach", "bot", 24, both=10, only_a=15, only_b=5, neither=970)
    assert c.share_a == 0.025 and c.share_b == 0.015 and c.ratio == pytest.approx(25 / 15)
    assert c.p_value == mcnemar_p(15, 5) < 0.05
    assert "ratio 1.67" in str(c) and "15 deals only coach completed, 5 only bot" in str(c)
    assert SoloComparison("a", "b", 24, 0, 3, 0, 7).ratio == math.inf
    assert math.isnan(SoloComparison("a", "b", 24, 0, 0, 0, 7).ratio)


@pytest.mark.parametrize("b, c", [(0, 0), (0, 1), (3, 9), (9, 3), (20, 31), (7, 7), (0, 30)])
def test_mcnemar_is_the_exact_binomial_test(b, c):
    n = b + c
    tails = [Fraction(sum(math.comb(n, k) for k in range(i + 1)), 2**n) for i in range(n + 1)]
    expected = 1.0 if n == 0 else float(min(Fraction(1), 2 * tails[min(b, c)]))
    assert mcnemar_p(b, c) == pytest.approx(expected, abs=1e-8)


def test_mcnemar_with_many_discordant_deals_stays_exact():
    assert 0 < mcnemar_p(1100, 1300) < 0.001 and mcnemar_p(1200, 1200) == 1.0


def test_wilson_matches_the_textbook_figures():
    low, high = wilson(81, 263)  # (Wilson 1927 as quoted by Newcombe 1998, Statistics in Medicine 17: 857)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_the_paired_interval_covers_the_true_difference_95_times_in_100():
    """Rare completions on the same deals (the benchmark's case): 4,000 seeded tables of 1,000 deals."""
    rng = np.random.default_rng(0)
    cells = [0.01, 0.02, 0.005, 0.965]  # both, only A, only B, neither: A 3%, B 1.5%
    covered = sum(low <= 0.015 <= high for low, high in
                  (paired_interval(*map(int, rng.multinomial(1000, cells))) for _ in range(4000)))
    assert 0.94 <= covered / 4000 <= 0.965


def test_the_paired_interval_narrows_when_the_players_complete_the_same_deals():
    together = paired_interval(both=40, only_a=10, only_b=2, neither=948)
    apart = paired_interval(both=0, only_a=50, only_b=42, neither=908)  # the same shares, on different deals
    assert together[1] - together[0] < apart[1] - apart[0]
    low, high = paired_interval(0, 0, 0, 10)
    assert low < 0 < high and low == -high


@pytest.mark.parametrize("n, p", [(40, 0.03), (40, 0.35), (100, 0.5), (25, 0.9), (1, 0.5)])
def test_binomial_range_is_the_central_80_percent(n, p):
    low, high = binomial_range(n, p)
    pmf = [math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]
    assert sum(pmf[low: high + 1]) >= 0.8 - 1e-9
    assert sum(pmf[:low]) < 0.1 + 1e-9 and sum(pmf[high + 1:]) <= 0.1 + 1e-9
    assert sum(pmf[: low + 1]) >= 0.1 - 1e-9  # and no narrower: low is the 10th percentile


# -- executors -------------------------------------------------------------------------------

def test_threads_give_the_same_result(small):
    with ThreadPoolExecutor(2) as pool:
        threaded = solo(CARD, players=("random", "bot", "coach"), deals=24, draws=(6, 12, 24), seed=3, executor=pool)
    assert np.array_equal(threaded.completed_at, small.completed_at) and np.array_equal(threaded.away, small.away)
    assert threaded.decisions == small.decisions


def test_a_process_pool_gives_the_same_result():
    from concurrent.futures import ProcessPoolExecutor

    here = solo(CARD, players=("bot", RandomDiscarder()), deals=6, draws=12, seed=9)
    with ProcessPoolExecutor(2) as pool:
        there = solo(CARD, players=("bot", RandomDiscarder()), deals=6, draws=12, seed=9, executor=pool)
    assert np.array_equal(there.completed_at, here.completed_at) and np.array_equal(there.away, here.away)


def test_a_dask_client_gives_the_same_result(dask_client):
    here = solo(CARD, players=("random", "bot"), deals=5, draws=12, seed=11)
    there = solo(CARD, players=("random", "bot"), deals=5, draws=12, seed=11, executor=dask_client)
    assert np.array_equal(there.away, here.away)


class _LockedPlayer:
    """A player that holds a lock: it cannot be pickled."""

    def __init__(self):
        import threading

        self.lock, self.bot = threading.Lock(), Bot(CARD)

    def choose_discard(self, counts, exposures=(), visible=None):
        return self.bot.choose_discard(counts, exposures, visible)


def test_a_player_that_cannot_travel_is_named():
    with ThreadPoolExecutor(1) as pool, pytest.raises(ArgumentError, match="player 'locked' cannot be sent"):
        solo(CARD, players={"locked": _LockedPlayer()}, deals=2, draws=6, executor=pool)


def test_bot_and_coach_objects_travel_to_a_pool():
    """A Bot or a CoachBot built with its own options goes to the executor as a pickled copy (it kept thread
    state it could not send) and plays the deals as it does here."""
    players = {"bot": Bot(CARD, lines=2), "worth": CoachBot(CARD, objective="worth", slack=1)}
    here = solo(CARD, players=players, deals=6, draws=12, seed=5)
    with ThreadPoolExecutor(2) as pool:
        there = solo(CARD, players=players, deals=6, draws=12, seed=5, executor=pool)
    assert np.array_equal(there.away, here.away) and np.array_equal(there.completed_at, here.completed_at)


# -- arguments -------------------------------------------------------------------------------

@pytest.mark.parametrize("arguments, error, words", [
    ({"players": ("bot", "wizard")}, UnknownNameError, "unknown player 'wizard'"),
    ({"players": ()}, ArgumentError, "at least one"),
    ({"players": ("bot", "bot")}, ArgumentError, "two players are called 'bot'"),
    ({"players": (object(),)}, ArgumentError, "no choose_discard"),
    ({"deals": -1}, ArgumentError, "0 or more"),
    ({"deals": True}, ArgumentError, "number of deals"),
    ({"deals": [1, 1]}, ArgumentError, "must not repeat"),
    ({"deals": [1, -2]}, ArgumentError, "deal numbers"),
    ({"draws": 0}, ArgumentError, f"1 to {MAX_DRAWS}"),
    ({"draws": (12, 140)}, ArgumentError, f"1 to {MAX_DRAWS}"),
    ({"draws": "24"}, ArgumentError, "draws"),
    ({"seed": "x"}, ArgumentError, "seed"),
    ({"executor": "pool"}, ArgumentError, "executor"),
    ({"ruleset": 3}, ArgumentError, "ruleset"),
])
def test_bad_arguments_are_named(arguments, error, words):
    with pytest.raises(error, match=words):
        solo(CARD, **{"deals": 2, **arguments})


def test_defaults_and_names():
    assert DRAWS == (12, 18, 24) and solo_function is solo
    result = solo("practice_harbor", players={"mine": RandomDiscarder(), "bot": "bot"}, deals=3, seed=None,
                  ruleset="MAHJ-X")
    assert result.players == ("mine", "bot") and result.draws == (12, 18, 24) and result.ruleset.name == "MAHJ-X"
    assert isinstance(result.seed, int) and result.deals == 3
    assert repr(result).startswith("SoloResult(card='Practice Harbor'") or "ruleset='MAHJ-X'" in repr(result)
    speed = result.speed()
    assert list(speed.columns) == ["player", "decisions", "seconds", "per_second"]
    assert speed.decisions.tolist() == list(result.decisions) and all(n > 0 for n in result.decisions)


# -- the benchmark script ------------------------------------------------------------------------

def _bench():
    from script_support import load_script

    return load_script("benchmarks/bench_solo.py")


def test_the_benchmark_prints_the_figures_of_solo_and_the_same_twice(capsys):
    bench = _bench()
    argv = ["--only", "basic1", "--deals", "12", "--rollout-deals", "1", "--samples", "4", "--seed", "5"]
    bench.main(argv)
    first = capsys.readouterr().out
    bench.main(argv)
    second = capsys.readouterr().out

    def figures(text):  # everything but the machine's speed and time
        return [line for line in text.splitlines() if not line.startswith(("speed", "time"))]

    assert figures(first) == figures(second)
    result = solo(CARD, players=("random", "bot", "coach"), deals=12, seed=5)
    for row in result.table().itertuples():  # every row of the table, as solo() measures it
        mean = "-" if math.isnan(row.mean_draw) else f"{row.mean_draw:.1f}"
        wanted = [row.player, str(row.draws), str(row.completed), f"{row.share:.2%}", f"{row.low:.2%}-{row.high:.2%}",
                  mean, f"{row.away:.2f}"]
        assert any(line.split() == wanted for line in figures(first)), wanted
    c = result.compare("coach", "bot")
    assert f"coach/bot at 24 draws: ratio {c.ratio:.2f}" in first or f"ratio {c.ratio:.2f}" in first
    assert f"McNemar p = {c.p_value:.3g} ({c.only_a} deals only coach completed, {c.only_b} only bot)" in first
    assert "speed, decisions a second: random" in first and "coach" in first.split("speed")[1]
    ceiling = solo(CARD, players=("bot", "coach", RolloutPlayer(CARD, samples=4)), deals=1, seed=5)
    row = ceiling.table().query("player == 'rollout' and draws == 24").iloc[0]
    assert any(line.split()[:4] == ["rollout", "24", str(row.completed), f"{row.share:.2%}"] for line in figures(first))


def test_the_benchmark_prints_the_bands_of_the_bundled_figures(capsys):
    from mjlearn.analysis.solo_score import strengths

    _bench().main(["--bands", "--only", "basic1"])
    text = capsys.readouterr().out
    coach = strengths(CARD, 24)["coach"]
    low, high, near, far = coach.band(40)
    row = next(line for line in text.split("**Basic1, 24 draws**")[1].splitlines() if line.startswith("| the coach"))
    assert f"{coach.share:.2%}" in row and f"{low}-{high} completed, {near:.1f}-{far:.1f} away" in row


def test_mj_analysis_solo_needs_no_import_of_its_own():
    import subprocess
    import sys

    code = ("import sys, mjlearn as mj; light = 'numpy' not in sys.modules; "
            "print(light, mj.analysis.solo.__name__, mj.analysis.SoloResult.__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "solo", "SoloResult"]


def test_the_solo_modules_players_are_named_beside_its_function():
    """mj.analysis.solo is the function and hides its module: the module's public players and helpers are
    in mjlearn.analysis as well (mjlearn.analysis.solo.RolloutPlayer failed)."""
    import importlib

    import mjlearn.analysis as analysis

    module = importlib.import_module("mjlearn.analysis.solo")
    for name in ("RolloutPlayer", "RandomDiscarder", "play_solo", "solo_wall", "deal_seed"):
        assert getattr(analysis, name) is getattr(module, name) and name in analysis.__all__
