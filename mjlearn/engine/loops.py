"""Which engine runs the innermost loops: numba's compiled loops (``pip install 'mjlearn[fast]'``) or numpy.

Both give the same numbers, so the same analysis and the same games; numba is
faster. :data:`engine` chooses for the bots' loops (a rack's distances, a
discard's ranking, the live hands); the batch kernel takes its own ``engine``
argument (:func:`mjlearn.engine.kernel.line_distances`). numba is imported the
first time a loop runs, never by ``import mjlearn``.

>>> set(engines()) <= {"numba", "numpy"} and engines()[-1] == "numpy"
True
"""

from __future__ import annotations

from types import ModuleType

__all__ = ["engine", "engines", "compiled_loops", "numba_loops"]

engine: str | None = None
"""The engine of the bots' loops: ``"numba"`` (when installed), ``"numpy"``, or ``None`` for the fastest
there is."""

_FOUND: list = []  # mjlearn.engine._numba, or None without numba, once looked for


def numba_loops() -> ModuleType | None:
    """The compiled loops (:mod:`mjlearn.engine._numba`), or ``None`` when numba is not installed."""
    if not _FOUND:
        try:
            from . import _numba as loops
        except ImportError:
            loops = None
        _FOUND.append(loops)
    return _FOUND[0]


def compiled_loops() -> ModuleType | None:
    """The compiled loops when :data:`engine` asks for them (or for the fastest) and numba is installed, else
    ``None`` (numpy)."""
    if engine == "numpy":
        return None
    return numba_loops()


def engines() -> list[str]:
    """The engines this installation has, fastest first: ``["numba", "numpy"]`` or ``["numpy"]``."""
    return ["numba", "numpy"] if numba_loops() is not None else ["numpy"]
