"""Saved games already in players' browsers load after a change of the game's code: values the
code of commit f99701f wrote (tests/js/fixtures/saved_games.json) load with every field as that
code read them, are saved again to the same text, export to the same backup file and import as
they did. A fixture of today's code would check it against itself: it is not regenerated."""

from __future__ import annotations

import json
from pathlib import Path

from node_script import node_outcome

FIXTURE = Path(__file__).resolve().parent / "js" / "fixtures" / "saved_games.json"


def test_saved_games_of_an_earlier_build_load_and_save_as_they_did():
    outcome = node_outcome("run_saved_games.mjs")
    assert outcome["bad"] == [] and outcome["checks"] >= 25 and outcome["exit"] == 0


def test_the_fixture_holds_every_kind_of_saved_game():
    fixture = json.loads(FIXTURE.read_text("utf-8"))
    loaded = fixture["loaded"].values()
    assert {game["result"] for game in loaded} == {None, "won", "lost"}
    assert any(game["open"] and game["hinted"] for game in loaded)
    assert any(game["open"] and not game["hinted"] for game in loaded)
    assert any(game["hinted"] and not game["open"] for game in loaded)
    assert any(not game["counted"] for game in loaded)
    assert any(game["openUnclear"] for game in fixture["olderLoaded"].values())
