"""The shared test vectors in tests/data are what the engine generates now, one case a line."""

from __future__ import annotations

from pathlib import Path

from halfmoon import corpus

DATA = Path(__file__).parent / "data"


def test_committed_vectors_match_a_fresh_generation(tmp_path):
    for path in corpus.write(tmp_path):
        committed = DATA / path.name
        assert committed.exists(), f"{committed} is missing: run python3 dev.py corpus"
        assert committed.read_text("utf-8") == path.read_text("utf-8"), (
            f"{committed.name} is stale: run python3 dev.py corpus"
        )


def test_generation_is_deterministic(tmp_path):
    first = [p.read_bytes() for p in corpus.write(tmp_path / "a")]
    second = [p.read_bytes() for p in corpus.write(tmp_path / "b")]
    assert first == second


def test_each_line_is_one_case_and_short_enough_to_read_in_a_diff():
    for path in DATA.glob("*.jsonl"):
        lines = path.read_text("utf-8").split("\n")
        assert lines[-1] == "" and all(lines[:-1]), path.name
        assert max(map(len, lines)) < 2_000, path.name
        assert len(corpus.load(path)) == len(lines) - 2  # minus the header and the final newline


def test_vectors_cover_every_tap_outcome_and_error_kind():
    steps = [s for s in corpus.load(DATA / "taps.jsonl") if "code" not in s]
    taps = [s for s in steps if "tap" in s and "raises" not in s]
    assert {s["error"] for s in taps} == {None, "sum_must_be_11", "need_jqk"}
    assert any(len(s["removed"]) == 2 for s in taps) and any(len(s["removed"]) == 3 for s in taps)
    assert any(s["replaced"] for s in taps)
    assert any(s.get("put_back") for s in steps) and any(s.get("undo") and not s["put_back"] for s in steps)
    assert any(s["deadlocked"] for s in steps)
    # Taps spelt other than canonically: read like parse_source, or refused.
    assert any(s.get("raises") == "InvalidSourceError" for s in steps)
    assert any(s["tap"] != s["tap"].strip().upper() for s in taps)
    records = corpus.load(DATA / "records.jsonl")
    kinds = {r["error"]["kind"] for r in records if "error" in r}
    assert {"blank", "code", "syntax", "count", "repeated", "empty", "sum", "face_pair", "not_jqk"} <= kinds
    codes = corpus.load(DATA / "codes.jsonl")
    assert {c["kind"] for c in codes if "kind" in c} >= {"character", "letter", "prefix", "length"}
    trimmed = next(c["trimmed"] for c in codes if "trimmed" in c)
    assert "U+FEFF" in trimmed and "U+0020" in trimmed
