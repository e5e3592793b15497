"""The browser engine (docs/assets/game/engine.js) against the shared vectors, in Node.

No browser needed: where ``node`` is on the PATH this runs tests/js/run_vectors.mjs, which checks
every case of tests/data/*.jsonl and the record size bound. Under CI=true a missing ``node`` fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from halfmoon import corpus
from halfmoon.errors import RecordError
from halfmoon.record import RECORD_LIMIT, Record

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def outcome() -> dict:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not on the PATH: CI must check engine.js without a browser")
        pytest.skip("node is not on the PATH")
    run = subprocess.run(
        [NODE, str(ROOT / "tests" / "js" / "run_vectors.mjs"), str(DATA)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.stderr == ""
    return json.loads(run.stdout)


def test_engine_js_agrees_with_every_shared_vector(outcome):
    assert outcome["bad"] == []


def test_every_vector_was_checked(outcome):
    def cases(name: str, skip: tuple[str, ...] = ()) -> int:
        return sum(not any(key in case for key in skip) for case in corpus.load(DATA / f"{name}.jsonl"))

    assert outcome["counts"] == {
        "deals": cases("deals", ("splitmix64_from_0",)),
        "codes": cases("codes", ("trimmed", "look_alikes")),
        "taps": cases("taps", ("code",)),
        "records": cases("records"),
        "limits": 7,
    }


def _python_message(text: str, name: str = "<record>") -> str:
    with pytest.raises(RecordError) as caught:
        Record.parse(text, name)
    assert caught.value.kind == "size"
    return str(caught.value)


def test_a_record_over_the_bound_gets_the_message_python_gives(outcome):
    at_limit = "HM1-N-AAAAAAB" + " " * (RECORD_LIMIT - 13)
    assert outcome["messages"] == {
        "over": _python_message(at_limit + " "),
        "bom_over": _python_message("\ufeff" + at_limit + " "),
        "named": _python_message(at_limit + "  ", "game.txt"),
    }
