"""The duplicate arena (mjlearn.rules.arena): pairing, figures, determinism, bad input."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError
from mjlearn.rules import Bot, CoachBot, arena_markdown, duplicate_arena, run_game
from mjlearn.rules.arena import ArenaReport


@pytest.fixture(scope="module")
def card():
    return mj.load_card("basic1")


def outcome(game):
    payout = game.result.payout
    winner = -1 if game.result.winner is None else game.result.winner
    return winner, tuple(payout.payments) if payout is not None else (0, 0, 0, 0)


@pytest.fixture(scope="module")
def small(card):
    return duplicate_arena(card, "MAHJ-X", deals=3, player=CoachBot, base=Bot, seed=5)


def test_baseline_games_are_run_game_with_the_same_seeds(card, small):
    for d, deal in enumerate(range(5, 8)):
        winner, points = outcome(run_game(card, "MAHJ-X", seed=deal))
        assert small.base_winner[d] == winner
        assert tuple(small.base_points[d]) == points


def test_duplicate_games_change_only_the_tested_seat(card, small):
    deal = 6
    for seat in range(4):
        bots = [CoachBot(card, "MAHJ-X", seed=deal * 4 + s) if s == seat else Bot(card, "MAHJ-X", seed=deal * 4 + s)
                for s in range(4)]
        winner, points = outcome(run_game(card, "MAHJ-X", seed=deal, bots=bots))
        assert small.player_winner[1, seat] == winner
        assert tuple(small.player_points[1, seat]) == points
    bots = [CoachBot(card, "MAHJ-X", seed=deal * 4 + s) for s in range(4)]
    winner, points = outcome(run_game(card, "MAHJ-X", seed=deal, bots=bots))
    assert small.team_winner[1] == winner and tuple(small.team_points[1]) == points


def test_a_player_identical_to_the_base_differs_by_exactly_nothing(card):
    report = duplicate_arena(card, "NMJL", deals=4, player=Bot, base=Bot, seed=0, team=False)
    both, only_player, only_base, neither = report.cells
    assert only_player == only_base == 0 and both + neither == 16
    assert report.difference == 0.0 and report.points_difference == 0.0
    assert (report.player_winner == report.base_winner[:, None]).all()
    assert report.player_share == report.base_share
    low, high = report.difference_interval
    assert low < 0 < high
    assert len(report.team_winner) == 0 and np.isnan(report.team_walls)


def test_the_same_seed_gives_the_same_report_however_it_runs(card, small):
    again = duplicate_arena(card, "MAHJ-X", deals=3, player=CoachBot, base=Bot, seed=5)
    with ThreadPoolExecutor(2) as pool:  # (the executor's path: the card travels as MJCL text)
        pooled = duplicate_arena(card, "MAHJ-X", deals=3, player=CoachBot, base=Bot, seed=5, executor=pool)
    for report in (again, pooled):
        for name in ("base_winner", "base_points", "player_winner", "player_points", "team_winner", "team_points"):
            assert np.array_equal(getattr(report, name), getattr(small, name)), name
    assert small.summary(timing=False) == again.summary(timing=False)


def made(base_winner, player_winner, base_points=None, player_points=None):
    """An ArenaReport from chosen outcomes (points 0 unless given)."""
    deals = len(base_winner)
    return ArenaReport(
        card=mj.load_card("basic1"), ruleset=mj.rules.MAHJX, seed=0, player_name="P", base_name="B",
        base_winner=np.array(base_winner), player_winner=np.array(player_winner).reshape(deals, 4),
        base_points=np.zeros((deals, 4), int) if base_points is None else np.array(base_points),
        player_points=np.zeros((deals, 4, 4), int) if player_points is None else np.array(player_points),
        team_winner=np.array([-1, 2]), team_points=np.array([[10, 10, 10, 10], [0, 0, 40, 0]]))


def test_the_figures_pair_each_seat_with_the_same_seat_of_the_baseline():
    # deal 0: the base bot won from seat 1; the player won from seat 1 too, and from seat 3 (where the
    # baseline's seat 3 lost). Deal 1: a wall game in the baseline; the player won from no seat.
    report = made([1, -1], [[2, 1, 1, 3], [1, 0, 0, -1]])
    assert report.cells == (1, 1, 0, 6)
    assert report.player_share == 2 / 8 and report.base_share == 1 / 8
    assert report.ratio == 2.0 and report.difference == 1 / 8
    assert report.base_walls == 0.5 and report.duplicate_walls == 1 / 8
    assert report.team_walls == 0.5 and report.team_points_per_seat == 10.0


def test_points_are_those_of_the_tested_seat():
    player_points = np.zeros((1, 4, 4), int)
    player_points[0, 2] = [10, 10, 30, 10]  # the player in seat 2 scored 30, the Bots around it 10 each
    player_points[0, 0] = [0, 40, 0, 0]  # the player in seat 0 scored nothing
    report = made([2], [[1, -1, 2, -1]], base_points=[[0, 0, 50, 0]], player_points=player_points)
    assert report.player_points_per_game == 30 / 4
    assert report.base_points_per_game == 50 / 4
    assert report.points_difference == -20 / 4


def test_markdown_and_table_show_every_row(small):
    text = arena_markdown([small, small])
    assert text.splitlines()[0] == "| | Basic1, MAHJ-X | Basic1, MAHJ-X |"
    assert len(text.splitlines()) == 2 + len(small.rows())
    assert "4 CoachBots: wall games" in text
    assert list(small.table().columns) == ["what", "value"]


def test_options_of_the_bots_travel_in_a_partial(card):
    timid = partial(CoachBot, call_margin=5.0)
    report = duplicate_arena(card, "NMJL", deals=1, player=timid, seed=2, team=False)
    assert report.player_name == "CoachBot"


@pytest.mark.parametrize("arguments, words", [
    ({"deals": 0}, "deals must be"),
    ({"deals": True}, "deals must be"),
    ({"seed": -1}, "seed must be"),
    ({"player": "CoachBot"}, "player must be"),
    ({"executor": 2}, "executor must be"),
])
def test_bad_input_is_named(card, arguments, words):
    with pytest.raises(ArgumentError, match=words):
        duplicate_arena(card, "NMJL", **{"deals": 1, **arguments})
    with pytest.raises(ArgumentError, match="at least one"):
        arena_markdown([])


def test_the_arena_benchmark_measures_the_table_readings(capsys):
    """``bench_arena.py --table-reading`` prints, per ruleset, a coach's readings among three Bots and among three
    coaches, with their quartiles and the share that holds back."""
    from script_support import load_script

    load_script("benchmarks/bench_arena.py").main(["--table-reading", "--games", "6", "--rulesets", "NMJL"])
    lines = [line for line in capsys.readouterr().out.splitlines() if "readings" in line]
    assert [line.split(",")[1].strip().split(":")[0] for line in lines] == ["a coach among three Bots",
                                                                             "a coach among three coaches"]
    for line in lines:
        count = int(line.split(": ")[1].split()[0])
        assert count > 0 and "quartiles" in line and "hold back (at most 0.35)" in line
