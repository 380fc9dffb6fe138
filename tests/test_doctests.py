"""The examples in the package's docstrings run as doctests."""

import doctest
import importlib
import pkgutil

import pytest

import mjlearn

MODULES = sorted(
    name for _, name, _ in pkgutil.walk_packages(mjlearn.__path__, "mjlearn.") if not name.endswith("__main__")
)


SLOW = {"mjlearn.widgets.solo_drill"}
"""Modules whose examples play whole hands: run in the slow loop."""


@pytest.mark.parametrize("name", [pytest.param(name, marks=[pytest.mark.slow] if name in SLOW else []) for name in MODULES])
def test_docstring_examples(name):
    module = importlib.import_module(name)
    if module.__name__ != name:  # an old name kept as an alias: the moved module runs its examples as itself
        assert module.__name__ in MODULES
        return
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_import_mjlearn_stays_light():
    import subprocess
    import sys

    code = "import sys, mjlearn; print(','.join(m for m in ('pandas', 'numpy', 'IPython', 'PIL', 'anywidget', 'ipywidgets') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_the_teachers_toolkit_loads_on_first_use():
    import subprocess
    import sys

    code = ("import sys, mjlearn as mj; before = 'mjlearn.lessons' in sys.modules; "
            "import mjlearn.lessons.questions as t; print(before, mj.Question is t.Question, mj.Handout is t.Handout)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False True True"
