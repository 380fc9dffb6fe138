"""Batch analysis on executors: a seed gives the same numbers here, on threads, on processes and on Dask."""

from __future__ import annotations

import importlib
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

import mjlearn as mj
from mjlearn.analysis import batch_distances, deal_racks, kernel, odds
from mjlearn.analysis.odds import distance_counts
from mjlearn.errors import ArgumentError

from matrix_reference import matrix_line_distances

odds_module = importlib.import_module("mjlearn.analysis.odds")  # the package's ``odds`` is the function
CARD = mj.load_card("basic1")
DEALS = 3000


@pytest.fixture
def small_chunks(monkeypatch):
    """Chunks of 700 deals or racks, so that 3,000 make five, the last one short."""
    monkeypatch.setattr(odds_module, "CHUNK", 700)
    monkeypatch.setattr(kernel, "CHUNK", 700)


@pytest.fixture
def executors(dask_client):  # noqa: F811
    with ThreadPoolExecutor(3) as threads, ProcessPoolExecutor(2) as processes:
        yield {"threads": threads, "processes": processes, "dask": dask_client.get_executor()}


def one_long_deal_counts(seed: int) -> np.ndarray:
    """The distance counts of ``deal_racks(DEALS, rng=seed)`` measured by the old formula, in one piece."""
    distances = matrix_line_distances(CARD.compiled(), deal_racks(DEALS, rng=seed))
    return np.array([np.bincount(column, minlength=15) for column in distances.T])


def test_distance_counts_are_the_same_on_every_executor(small_chunks, executors):
    expected = one_long_deal_counts(9)
    assert np.array_equal(distance_counts(CARD, DEALS, seed=9, progress=False), expected)
    for name, executor in executors.items():
        got = distance_counts(CARD, DEALS, seed=9, progress=False, executor=executor)
        assert np.array_equal(got, expected), name


@pytest.mark.slow
def test_odds_and_racks_are_the_same_on_every_executor(small_chunks, executors):
    table = odds(CARD, deals=DEALS, seed=4, progress=False)
    racks = deal_racks(DEALS, rng=4)
    distances = batch_distances(CARD, racks)
    for name, executor in executors.items():
        assert odds(CARD, deals=DEALS, seed=4, progress=False, executor=executor).equals(table), name
        assert np.array_equal(deal_racks(DEALS, rng=4, executor=executor), racks), name
        assert np.array_equal(batch_distances(CARD, racks, executor=executor), distances), name


def test_a_deal_is_one_stream_however_it_is_cut(small_chunks):
    # a chunk jumps ahead in the seed's stream: the racks are those of one generator dealt block by block
    from_a_generator = deal_racks(DEALS, rng=np.random.default_rng(6))
    assert np.array_equal(deal_racks(DEALS, rng=6), from_a_generator)
    assert np.array_equal(deal_racks(DEALS + 5, rng=6)[:DEALS], from_a_generator)


def test_executor_arguments_are_checked():
    with pytest.raises(ArgumentError, match="executor must be None"):
        odds(CARD, deals=10, executor="dask")
    with pytest.raises(ArgumentError, match="executor must be None"):
        batch_distances(CARD, deal_racks(2, rng=1), executor=2)
    with ThreadPoolExecutor(1) as pool, pytest.raises(ArgumentError, match="only from a seed"):
        deal_racks(5, rng=np.random.default_rng(1), executor=pool)
