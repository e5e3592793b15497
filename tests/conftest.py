"""Shared test settings: hypothesis profiles and the CI rule that browser tests never skip."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "default")

ON_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
_skipped_browser_tests: list[str] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    outcome = yield
    report = outcome.get_result()
    if report.skipped and item.get_closest_marker("browser") is not None:
        _skipped_browser_tests.append(item.nodeid)
    return report


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if ON_CI and _skipped_browser_tests:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is not None:
            reporter.write_line(
                f"CI: {len(_skipped_browser_tests)} browser test(s) were skipped; "
                "under CI that is a failure",
                red=True,
            )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
