"""Running long work in chunks, here or on any ``concurrent.futures.Executor``.

Long calls (:func:`~mjlearn.rules.simulate`, :func:`~mjlearn.analysis.odds`, the
batch calls) cut their work into chunks whose size does not depend on the
number of workers, give each chunk its own seeds (or its own stretch of the
seed's random stream), and combine the chunks'
results in chunk order. So a seed gives the same result whether the chunks run
in this process, in a process pool, or on a Dask cluster::

    from concurrent.futures import ProcessPoolExecutor
    from mjlearn.rules import simulate
    with ProcessPoolExecutor(2) as pool:
        report = simulate("basic1", games=10_000, executor=pool)

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")
    report = simulate("basic1", games=1_000_000, executor=client.get_executor())

>>> run_chunks(pow, [(2, 3), (3, 2)], progress=False)
[8, 9]
>>> chunk_seeds(7, 3) == chunk_seeds(7, 3), len(chunk_seeds(7, 3))
(True, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any

import numpy as np

from .errors import ArgumentError

__all__ = ["chunk_seeds", "executor_argument", "iter_chunks", "run_chunks"]


def executor_argument(executor) -> Executor | None:
    """``executor`` if it is ``None`` or has ``submit`` (a ``concurrent.futures.Executor``, Dask's too)."""
    if executor is None or callable(getattr(executor, "submit", None)):
        return executor
    raise ArgumentError(
        f"executor must be None or a concurrent.futures.Executor (a process pool, or Dask's"
        f" client.get_executor()), not {executor!r} ({type(executor).__name__})"
    )


def chunk_seeds(seed: int | None, chunks: int) -> list[int]:
    """One independent 64-bit seed per chunk, drawn from ``seed`` (fresh entropy when ``None``)."""
    sequence = np.random.SeedSequence(seed)
    return [int(child.generate_state(2, np.uint32).view(np.uint64)[0]) for child in sequence.spawn(chunks)]


def iter_chunks(
    function: Callable[..., Any],
    arguments: Sequence[tuple],
    executor: Executor | None = None,
    progress: bool = False,
    total: int | None = None,
    sizes: Sequence[int] | None = None,
    desc: str = "",
    unit: str = "it",
) -> Iterator[Any]:
    """``function(*args)`` for each tuple of ``arguments``, yielded in order.

    With an executor every chunk is submitted at once and the results are
    yielded in chunk order as they arrive; without one they run here, one by
    one. ``progress`` shows a tqdm bar (a notebook widget in Jupyter) that
    advances by ``sizes[i]`` (default 1) as chunk ``i`` finishes, out of ``total``.
    """
    executor = executor_argument(executor)
    sizes = list(sizes) if sizes is not None else [1] * len(arguments)
    from tqdm.auto import tqdm

    bar = tqdm(total=total if total is not None else sum(sizes), disable=not progress, desc=desc, unit=unit)
    try:
        if executor is None:
            for args, size in zip(arguments, sizes):
                result = function(*args)
                bar.update(size)
                yield result
        else:
            futures = [executor.submit(function, *args) for args in arguments]
            try:
                for future, size in zip(futures, sizes):
                    result = future.result()
                    bar.update(size)
                    yield result
            finally:
                for future in futures:
                    future.cancel()
    finally:
        bar.close()


def run_chunks(function: Callable[..., Any], arguments: Sequence[tuple], executor: Executor | None = None,
               progress: bool = False, **bar) -> list:
    """The results of :func:`iter_chunks` as a list."""
    return list(iter_chunks(function, arguments, executor, progress, **bar))
