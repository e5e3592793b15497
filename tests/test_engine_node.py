"""The browser engine (docs/assets/game/engine.js) against the Python engine, in Node.

No browser needed: where ``node`` is on the PATH this runs tests/js/run_vectors.mjs, which checks
every case of tests/data/*.jsonl and the record size bound, and sends generated cases
(tests/engine_cases.py) to one Node process (tests/js/serve_cases.mjs). Under CI=true a missing
``node`` fails.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from engine_cases import code_texts, python_codes, python_records, python_taps, record_texts, tap_steps
from hypothesis import given, settings
from hypothesis import strategies as st
from node_script import NodeLines

from halfmoon import DealCode, corpus
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import RecordError
from halfmoon.record import RECORD_LIMIT, Record

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
NODE = shutil.which("node")


def _node() -> str:
    if NODE is None:
        if os.environ.get("CI") == "true":
            pytest.fail("node is not on the PATH: CI must check engine.js without a browser")
        pytest.skip("node is not on the PATH")
    return NODE


@pytest.fixture(scope="module")
def outcome() -> dict:
    run = subprocess.run(
        [_node(), str(ROOT / "tests" / "js" / "run_vectors.mjs"), str(DATA)],
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


# --- generated cases, answered by one Node process -----------------------------------------------


class NodeEngine(NodeLines):
    """tests/js/serve_cases.mjs: {"case", "args"} in, {"result"} out."""

    def __init__(self) -> None:
        super().__init__("serve_cases.mjs")

    def run(self, case: str, args: object) -> object:
        return self.ask({"case": case, "args": args})["result"]


@pytest.fixture(scope="module")
def node_engine():
    engine = NodeEngine()
    yield engine
    engine.close()


@settings(max_examples=100)
@given(texts=st.lists(code_texts, min_size=1, max_size=10))
def test_deal_code_parsing_agrees_with_python_on_any_text(node_engine, texts):
    assert node_engine.run("parseCodes", texts) == python_codes(texts)


@settings(max_examples=60)
@given(number=st.integers(0, DEAL_COUNT - 1), undo_limit=st.sampled_from([1, 2, 100]), steps=tap_steps)
def test_a_game_follows_the_python_game_tap_by_tap(node_engine, number, undo_limit, steps):
    code = str(DealCode(number))
    assert node_engine.run("playTaps", [code, undo_limit, steps]) == python_taps(code, undo_limit, steps)


@settings(max_examples=60)
@given(texts=st.lists(record_texts(), min_size=1, max_size=4))
def test_record_replay_agrees_with_python(node_engine, texts):
    assert node_engine.run("replayRecords", texts) == python_records(texts)
