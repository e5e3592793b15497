"""The game's storage (docs/assets/game/storage.js) in Node against a small localStorage: a full
storage is said, not hidden; our older games give way; a newer build's values are kept."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_storage_js_keeps_what_it_cannot_read_and_reports_a_full_storage():
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not on the PATH: CI must check storage.js without a browser")
        pytest.skip("node is not on the PATH")
    result = subprocess.run([node, str(ROOT / "tests" / "js" / "run_storage.mjs")],
                            capture_output=True, text=True, timeout=600)
    outcome = json.loads(result.stdout)
    assert outcome["bad"] == [] and outcome["checks"] >= 10, result.stderr
    assert result.returncode == 0


def test_a_game_that_cannot_be_saved_is_said_in_every_language():
    from halfmoon.i18n import available_languages, catalog

    for lang in available_languages():
        assert catalog(lang).text("game.said.not_saved").strip()
    assert '"game.said.not_saved"' in (ROOT / "docs" / "assets" / "game" / "app.js").read_text()
