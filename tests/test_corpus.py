"""The shared test vectors in tests/data are what the engine generates now."""

from __future__ import annotations

import json
from pathlib import Path

from halfmoon import corpus

DATA = Path(__file__).parent / "data"


def test_committed_vectors_match_a_fresh_generation(tmp_path):
    for path in corpus.write(tmp_path):
        committed = DATA / path.name
        assert committed.exists(), f"{committed} is missing: run python3 dev.py corpus"
        assert json.loads(committed.read_text()) == json.loads(path.read_text()), (
            f"{committed.name} is stale: run python3 dev.py corpus"
        )


def test_generation_is_deterministic(tmp_path):
    first = [p.read_bytes() for p in corpus.write(tmp_path / "a")]
    second = [p.read_bytes() for p in corpus.write(tmp_path / "b")]
    assert first == second


def test_vectors_cover_every_tap_outcome_and_error_kind():
    taps = json.loads((DATA / "taps.json").read_text())
    steps = [s for g in taps["games"] for s in g["steps"]]
    assert {s.get("error") for s in steps if "tap" in s} == {None, "sum_must_be_11", "need_jqk"}
    assert any(len(s.get("removed", [])) == 2 for s in steps)
    assert any(len(s.get("removed", [])) == 3 for s in steps)
    assert any(s.get("undo") for s in steps)
    assert any(s["deadlocked"] for s in steps)
    records = json.loads((DATA / "records.json").read_text())["records"]
    kinds = {r["error"]["kind"] for r in records if "error" in r}
    assert {"empty", "code", "syntax", "count", "repeated", "sum", "face_pair", "not_jqk"} <= kinds
