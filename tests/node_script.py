"""Running one of tests/js/*.mjs in Node: its JSON outcome, or a skip where there is no node
(a failure under CI=true, where the JavaScript must be checked); or one Node process answering
JSON requests a line at a time (``NodeLines``)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a hang reaches it


def node_for(script: str) -> str:
    """The path of ``node``; a skip without it (a failure under CI=true)."""
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"node is not on the PATH: CI must run tests/js/{script}")
        pytest.skip("node is not on the PATH")
    return node


class NodeLines:
    """tests/js/``script`` in one Node process: one JSON request a line in, one answer a line out;
    an answer with a "failure" fails the test with it."""

    def __init__(self, script: str) -> None:
        self.process = subprocess.Popen(
            [node_for(script), str(ROOT / "tests" / "js" / script)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
        )

    def ask(self, request: object) -> dict:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        assert "failure" not in answer, answer.get("failure")
        return answer

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait(timeout=60)


def node_outcome(script: str, *args: str) -> dict:
    node = node_for(script)
    result = subprocess.run([node, str(ROOT / "tests" / "js" / script), *args], capture_output=True,
                            text=True, timeout=HANG)
    try:
        outcome = json.loads(result.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"tests/js/{script} printed no outcome: {result.stderr[-2000:]}")
    outcome["exit"] = result.returncode
    return outcome
