"""The Play page in Firefox: tests/firefox/play.test.mjs (Node's test runner, puppeteer-core
driving Debian's firefox-esr through WebDriver BiDi) against the site built for this session.
Skipped where Firefox or the npm packages are missing; under CI a skip is a failure
(conftest.py), and .ci/run installs both."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "tests" / "firefox"
FIREFOX = os.environ.get("HALFMOON_FIREFOX", "/usr/bin/firefox-esr")


def test_the_play_page_holds_in_firefox(built_site):
    if not os.path.exists(FIREFOX):
        pytest.skip(f"{FIREFOX} is not installed (apt-get install firefox-esr)")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    if not (SUITE / "node_modules" / "puppeteer-core").is_dir():
        pytest.skip("puppeteer-core is not installed (npm ci --prefix tests/firefox)")
    env = {
        **os.environ,
        "HALFMOON_SITE_DIR": str(built_site),
        "HALFMOON_FIREFOX": FIREFOX,
        "HALFMOON_RECORD": str(ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt"),
    }
    result = subprocess.run(
        [node, "--test", "--test-reporter=spec", str(SUITE / "play.test.mjs")],
        capture_output=True, text=True, env=env, cwd=SUITE, timeout=1800,
    )
    assert result.returncode == 0, f"{result.stdout}\n{result.stderr}"
