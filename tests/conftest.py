"""Shared pytest hooks and fixtures: each test's outcome is kept on its item, so fixtures can react to a
failure; one Dask LocalCluster serves every test that runs work on a cluster."""

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
