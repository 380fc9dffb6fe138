"""simulate() on executors: the same records here, in a process pool, with workers=, and on a Dask LocalCluster."""

from __future__ import annotations

import importlib
import sys
from concurrent.futures import ProcessPoolExecutor

import pytest

import mjlearn as mj
from mjlearn.errors import ArgumentError
from mjlearn.rules import MAHJX, NMJL
from mjlearn.rules.simulate import chunk_games, simulate

simulate_module = importlib.import_module("mjlearn.rules.simulate")  # (mjlearn.rules.simulate is also the function)
CARD = mj.load_card("basic1")
GAMES = 10


@pytest.fixture(scope="module")
def here():
    """The reports of both rulesets played in this process, one chunk after another."""
    return {rules.name: simulate(CARD, GAMES, rules, seed=21, progress=False) for rules in (NMJL, MAHJX)}


def test_a_process_pool_gives_the_same_records(here):
    with ProcessPoolExecutor(2) as pool:
        for rules in (NMJL, MAHJX):
            report = simulate(CARD, GAMES, rules, seed=21, progress=False, executor=pool)
            assert report.records.equals(here[rules.name].records)


@pytest.mark.parametrize("games", [pytest.param(40, marks=pytest.mark.slow, id="40 games"), pytest.param(8, id="8 games")])
def test_threads_sharing_one_card_give_the_same_records(games):
    """Games played at once in threads of one process share the card's bot engine: each thread keeps
    its own liveness, so every game is the one its seed deals."""
    from concurrent.futures import ThreadPoolExecutor

    alone = simulate(CARD, games, NMJL, seed=5, progress=False)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads take turns often, as on a busy worker
    try:
        with ThreadPoolExecutor(4) as pool:
            threaded = simulate(CARD, games, NMJL, seed=5, progress=False, executor=pool)
    finally:
        sys.setswitchinterval(interval)
    assert threaded.records.equals(alone.records)


def test_workers_build_a_pool_and_give_the_same_records(here):
    report = simulate(CARD, GAMES, NMJL, seed=21, progress=False, workers=2)
    assert report.records.equals(here["NMJL"].records)


def test_a_dask_cluster_gives_the_same_records(here, dask_client):
    for rules in (NMJL, MAHJX):
        report = simulate(CARD, GAMES, rules, seed=21, progress=False, executor=dask_client.get_executor())
        assert report.records.equals(here[rules.name].records)
        assert report.summary(timing=False) == here[rules.name].summary(timing=False)


def test_chunks_depend_on_the_number_of_games_only():
    assert [chunk_games(n) for n in (0, 1, 31, 33, 1000, 8000, 10**6)] == [1, 1, 1, 2, 32, 250, 250]


def test_a_worker_reads_and_compiles_each_card_once(monkeypatch):
    monkeypatch.setattr(simulate_module, "_CARDS", {})
    text = CARD.to_mjcl()
    first = simulate_module._play_card_text(text, NMJL, [5])
    again = simulate_module._play_card_text(text, NMJL, [5])
    assert first == again and list(simulate_module._CARDS) == [text]
    card = simulate_module._CARDS[text]
    assert card.compiled(NMJL) is card.compiled(NMJL)


@pytest.mark.parametrize("executor, workers", [(4, 1), ("dask", 1), (None, 0), (None, 1.5), (None, True)])
def test_bad_executors_and_workers_are_refused(executor, workers):
    with pytest.raises(ArgumentError, match="executor must be|workers must be"):
        simulate(CARD, 2, executor=executor, workers=workers, progress=False)


def test_a_progress_bar_counts_games(capsys):
    simulate(CARD, 3, seed=1, progress=True)
    assert "3/3" in capsys.readouterr().err
