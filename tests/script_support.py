"""Loading the repository's scripts (``benchmarks/``, ``tools/``) as modules, for the tests that run them."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def load_script(relative: str) -> ModuleType:
    """The script at ``relative`` (a path below the repository's root, e.g. ``"benchmarks/bench_solo.py"``),
    loaded afresh as a module named after its file."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
