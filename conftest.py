"""pytest's set-up for the whole repository: notebooks run under nbval, and every test carries the marks
that let a quick loop leave out the slow parts (see DEVELOPERS.md, "Tests and speed").

- ``nbval``: each notebook cell. The notebooks run whenever the nbval plugin is there: ``-p no:nbval``
  leaves them out without loading Jupyter at all, ``-m "not nbval"`` deselects them.
- ``browser``: every test in ``tests/test_browser*.py`` (a real JupyterLab and Chromium).
- ``slow``: set by hand on a test that takes a second or more; each has a quicker sibling where one can
  be had (fewer games, fewer examples), which runs in the quick loop.

With ``MJLEARN_TEST_NUMBA=absent`` the run goes as if numba were not installed (the numpy engines), and
the test that numba is there checks that it is not.

The exercises' attempt records go to a temporary folder for the whole run (``MJLEARN_RECORD``, which the
notebooks' kernels inherit), so no test and no lesson reads or writes a real student's record, and no name
or release of answers set outside the run changes what an exercise shows.
"""

import os
import sys
from pathlib import Path

import pytest

if os.environ.get("MJLEARN_TEST_NUMBA") == "absent":  # tools/test_matrix.sh: run as if numba were not installed
    sys.modules["numba"] = None  # (import numba now raises ImportError, in this process)


def pytest_configure(config):
    import tempfile

    config._mjlearn_record = os.environ["MJLEARN_RECORD"] = tempfile.mkdtemp(prefix="mjlearn-record-")
    for name in ("MJLEARN_STUDENT", "MJLEARN_RELEASE", "JUPYTERHUB_USER"):
        os.environ.pop(name, None)
    # The same as giving --nbval, which cannot sit in the addopts: there, -p no:nbval would make it an
    # unknown option. --nbval-lax, given by hand, keeps its meaning.
    if config.pluginmanager.has_plugin("nbval") and not config.option.nbval_lax:
        config.option.nbval = True


def pytest_unconfigure(config):
    import shutil

    if getattr(config, "_mjlearn_record", None):
        shutil.rmtree(config._mjlearn_record, ignore_errors=True)


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        if path.suffix == ".ipynb":
            item.add_marker(pytest.mark.nbval)
        elif path.name.startswith("test_browser"):
            item.add_marker(pytest.mark.browser)


def pytest_collection_finish(session):
    """After collection, what it built (the parametrised cases, the cards the test modules load) is kept
    out of the garbage collector's full passes (``gc.freeze``), as mjlearn's engine does for numba's
    objects: thousands of tests otherwise each pay for walking them again."""
    import gc

    gc.collect()
    gc.freeze()
