"""The project frame: the README's two commands and the CI rule for browser tests."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_starts_with_the_serve_and_test_commands():
    readme = (ROOT / "README.md").read_text()
    first_block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert first_block and readme.index("```sh") < readme.index("## ")
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands == ["python3 dev.py serve", "python3 dev.py test"]


def test_dev_script_knows_every_command_the_readme_mentions():
    import dev

    readme = (ROOT / "README.md").read_text()
    for command in set(re.findall(r"python3 dev\.py (\w+)", readme)):
        assert command in dev.COMMANDS


def _run_browser_test_without_chromium(tmp_path: Path, ci: str | None) -> int:
    shutil.copy(ROOT / "tests" / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_needs_browser.py").write_text(
        "import pytest\n\n@pytest.mark.browser\ndef test_x(chromium):\n    assert chromium\n"
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    browser: b\n")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["HALFMOON_CHROMIUM"] = str(tmp_path / "no-such-chromium")
    if ci is not None:
        env["CI"] = ci
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    return result.returncode


def test_a_skipped_browser_test_fails_the_run_under_ci(tmp_path):
    assert _run_browser_test_without_chromium(tmp_path, "true") != 0


def test_a_skipped_browser_test_is_only_a_skip_outside_ci(tmp_path):
    assert _run_browser_test_without_chromium(tmp_path, None) == 0


def test_ci_script_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in script and "chromium" in script


def test_the_python_code_passes_the_linter():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--output-format", "concise",
         "halfmoon", "plugins", "bench", "tests", "dev.py"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_type_hints_check_with_mypy():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary"],  # files and settings: pyproject.toml
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
