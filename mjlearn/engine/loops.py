"""Which engine runs the innermost loops: numba's compiled loops (``pip install 'mjlearn[fast]'``) or numpy.

Both give the same numbers, so the same analysis and the same games; numba is
faster. :data:`engine` chooses for the bots' loops (a rack's distances, a
discard's ranking, the live hands); the batch kernel takes its own ``engine``
argument (:func:`mjlearn.engine.kernel.line_distances`). numba is imported the
first time a loop runs, never by ``import mjlearn``.

**numba's objects and Python's garbage collector.** Loading numba and its compiled loops leaves some 80,000
long-lived Python objects (its typing registries, overloads, intrinsics): more than the rest of mjlearn,
numpy and the game state of a hundred games together. Python's cyclic garbage collector walks every one of
them at each full collection, which, in a run of bot games, cost about a fifth of the time. So when the
compiled loops are first loaded, :func:`numba_loops` gets numba's code generator ready (what its first call
would do anyway), collects the garbage there is, and moves every object then alive to the collector's
permanent generation (:func:`gc.freeze`), once per process (:data:`FREEZE_HEAP`). Objects made later are
collected as usual; objects alive at that moment that later become unreachable in a reference cycle are not
freed (:func:`gc.unfreeze` gives them back to the collector). Set :data:`FREEZE_HEAP` to ``False`` before
the first loop runs to leave the collector alone.

>>> set(engines()) <= {"numba", "numpy"} and engines()[-1] == "numpy"
True
"""

from __future__ import annotations

from types import ModuleType

import gc

__all__ = ["FREEZE_HEAP", "engine", "engines", "compiled_loops", "numba_loops"]

engine: str | None = None
"""The engine of the bots' loops: ``"numba"`` (when installed), ``"numpy"``, or ``None`` for the fastest
there is."""

FREEZE_HEAP: bool = True
"""Whether loading the compiled loops moves the objects then alive out of the garbage collector's way (see the
module's docstring); read once, when :func:`numba_loops` first loads them."""

_FOUND: list = []  # mjlearn.engine._numba, or None without numba, once looked for


def numba_loops() -> ModuleType | None:
    """The compiled loops (:mod:`mjlearn.engine._numba`), or ``None`` when numba is not installed."""
    if not _FOUND:
        try:
            from . import _numba as loops
        except ImportError:
            loops = None
        if loops is not None and FREEZE_HEAP:
            _freeze_heap()
        _FOUND.append(loops)
    return _FOUND[0]


def _freeze_heap() -> None:
    """numba's code generator made ready (its registries loaded, as the first compiled call would), the garbage
    collected, and every object alive moved to the collector's permanent generation (:func:`gc.freeze`)."""
    try:
        from numba.core.registry import cpu_target

        cpu_target.target_context.refresh()  # (numba's own first call does this; here, before the freeze)
    except (ImportError, AttributeError):  # pragma: no cover - another numba layout: freeze what there is
        pass
    gc.collect()
    gc.freeze()


def compiled_loops() -> ModuleType | None:
    """The compiled loops when :data:`engine` asks for them (or for the fastest) and numba is installed, else
    ``None`` (numpy)."""
    if engine == "numpy":
        return None
    return _FOUND[0] if _FOUND else numba_loops()


def engines() -> list[str]:
    """The engines this installation has, fastest first: ``["numba", "numpy"]`` or ``["numpy"]``."""
    return ["numba", "numpy"] if numba_loops() is not None else ["numpy"]
