"""Chunked work on executors: same results here, in a process pool and on a Dask LocalCluster."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from mjlearn.errors import ArgumentError
from mjlearn.parallel import chunk_seeds, executor_argument, run_chunks


def _square_plus(x: int, y: int) -> int:
    return x * x + y


ARGS = [(i, 10 * i) for i in range(12)]
EXPECTED = [i * i + 10 * i for i in range(12)]


def test_run_chunks_keeps_order_without_an_executor():
    assert run_chunks(_square_plus, ARGS) == EXPECTED


def test_run_chunks_keeps_order_on_a_thread_and_a_process_pool():
    with ThreadPoolExecutor(3) as pool:
        assert run_chunks(_square_plus, ARGS, executor=pool) == EXPECTED
    with ProcessPoolExecutor(2) as pool:
        assert run_chunks(_square_plus, ARGS, executor=pool) == EXPECTED


def test_chunk_seeds_are_fixed_by_the_seed_and_differ_between_chunks():
    seeds = chunk_seeds(11, 50)
    assert seeds == chunk_seeds(11, 50)
    assert len(set(seeds)) == 50
    assert chunk_seeds(11, 10) == seeds[:10]  # a chunk's seed does not depend on how many chunks follow
    assert chunk_seeds(12, 3) != seeds[:3]


def test_executor_argument_refuses_what_cannot_submit():
    assert executor_argument(None) is None
    with pytest.raises(ArgumentError, match="executor must be None or a concurrent.futures.Executor"):
        executor_argument(4)
    with pytest.raises(ArgumentError):
        executor_argument("dask")


def test_a_failing_chunk_raises_its_own_error():
    def boom(x):
        raise KeyError(x)

    with ThreadPoolExecutor(2) as pool, pytest.raises(KeyError):
        run_chunks(boom, [(1,), (2,)], executor=pool)


def test_run_chunks_on_a_dask_local_cluster(dask_client):
    assert run_chunks(_square_plus, ARGS, executor=dask_client.get_executor()) == EXPECTED
