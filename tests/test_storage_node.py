"""The game's storage (docs/assets/game/storage.js) in Node against a small localStorage: a full
storage is said, not hidden; our older games give way; a newer build's values are kept."""

from __future__ import annotations

from pathlib import Path

from node_script import node_outcome

ROOT = Path(__file__).resolve().parent.parent


def test_storage_js_keeps_what_it_cannot_read_and_reports_a_full_storage():
    outcome = node_outcome("run_storage.mjs")
    assert outcome["bad"] == [] and outcome["checks"] >= 10 and outcome["exit"] == 0


def test_a_game_that_cannot_be_saved_is_said_in_every_language():
    from halfmoon.i18n import available_languages, catalog

    for lang in available_languages():
        assert catalog(lang).text("game.said.not_saved").strip()
    assert '"game.said.not_saved"' in (ROOT / "docs" / "assets" / "game" / "app.js").read_text()
