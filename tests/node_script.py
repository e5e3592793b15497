"""Running one of tests/js/*.mjs in Node: its JSON outcome, or a skip where there is no node
(a failure under CI=true, where the JavaScript must be checked)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a hang reaches it


def node_outcome(script: str, *args: str) -> dict:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"node is not on the PATH: CI must run tests/js/{script}")
        pytest.skip("node is not on the PATH")
    result = subprocess.run([node, str(ROOT / "tests" / "js" / script), *args], capture_output=True,
                            text=True, timeout=HANG)
    try:
        outcome = json.loads(result.stdout)
    except json.JSONDecodeError:
        pytest.fail(f"tests/js/{script} printed no outcome: {result.stderr[-2000:]}")
    outcome["exit"] = result.returncode
    return outcome
