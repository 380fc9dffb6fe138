"""Shared pytest hooks and fixtures: each test's outcome is kept on its item, so fixtures can react to a
failure; one Dask LocalCluster serves every test that runs work on a cluster; every test keeps the attempt
records of its exercises in a temporary folder."""

import sys

import pytest


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture(scope="session")
def dask_client():
    """A client of a Dask LocalCluster of 2 worker processes, started once for the whole run."""
    import distributed  # in the test extras: the tests that use it must run, not skip

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.fixture(autouse=True)
def _no_record_outside_the_test(tmp_path_factory, monkeypatch):
    """Every test records its exercises' attempts in a folder of its own, never in the home folder, with no
    student name, release folder or earlier session's name carried in from outside or from another test."""
    monkeypatch.setenv("MJLEARN_RECORD", str(tmp_path_factory.mktemp("record")))
    for name in ("MJLEARN_STUDENT", "MJLEARN_RELEASE", "JUPYTERHUB_USER"):
        monkeypatch.delenv(name, raising=False)
    yield
    record = sys.modules.get("mjlearn.lessons.record")
    if record is not None:
        record._session_student = None
