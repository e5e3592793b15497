"""Shared test settings: hypothesis profiles and the CI rule that browser tests never skip."""

from __future__ import annotations

import importlib
import os
import signal
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# A shell without job control starts a background command (`python3 dev.py test &`) with SIGINT
# ignored, and every process a test starts would inherit that: the tests that press Ctrl-C on
# a run (test_signals, test_stats) need SIGINT as a terminal gives it. A handler, unlike an
# ignored signal, is reset to the default in a started program.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "ci", deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "default")

ON_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
_skipped_browser_tests: set[str] = set()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    # Called where the run is reported: in the one process, or in pytest-xdist's controller with
    # each worker's reports (a test's markers travel in its report's keywords).
    if report.skipped and "browser" in report.keywords:
        _skipped_browser_tests.add(report.nodeid)


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


# --- Chromium through Playwright ------------------------------------------------------------

CHROMIUM = os.environ.get("HALFMOON_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


@pytest.fixture(scope="session")
def chromium():
    """A headless Debian Chromium driven by Playwright; skips (fails under CI) if absent."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def page(chromium):
    """A fresh browser page that fails the test on any console error or page error."""
    context = chromium.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("response", lambda r: errors.append(f"HTTP {r.status} {r.url}") if r.status >= 400 else None)
    page.console_errors = errors  # type: ignore[attr-defined]
    yield page
    context.close()
    assert not errors, f"console errors: {errors}"


@pytest.fixture
def context_for(chromium):
    """new(**options) -> a browser context closed at the end of the test."""
    contexts = []

    def new(**options):
        context = chromium.new_context(**options)
        contexts.append(context)
        return context

    yield new
    for context in contexts:
        context.close()


@pytest.fixture(scope="module")
def bench_module():
    """Import a module of bench/ (a folder of scripts, not a package) by its name, while the
    test module runs: ``bench_module("served")``."""
    folder = str(Path(__file__).resolve().parent.parent / "bench")
    sys.path.insert(0, folder)
    try:
        yield importlib.import_module
    finally:
        sys.path.remove(folder)


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site built once with ``mkdocs build --strict`` (a Path to its folder).

    HALFMOON_BUILT_SITE names a site already built from this very tree, used as it is: the
    add-language test builds its copy of the project by the guide, then runs the suite on it."""
    from site_server import build_site

    if os.environ.get("HALFMOON_BUILT_SITE"):
        return Path(os.environ["HALFMOON_BUILT_SITE"])
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="session")
def site_url(built_site):
    """Base URL (ending in /) of the built site served on localhost."""
    from site_server import serve

    with serve(built_site) as url:
        yield url


# --- Catalogs a test may edit ----------------------------------------------------------------


@pytest.fixture
def catalog_copy(tmp_path, monkeypatch):
    """A copy of the catalogs, which the engine and the plugin read during the test."""
    from plugin_project import copy_catalogs

    from halfmoon import i18n

    catalogs = copy_catalogs(tmp_path)
    i18n.catalog.cache_clear()
    monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    yield catalogs
    i18n.catalog.cache_clear()  # the tests after this one read the real catalogs again
