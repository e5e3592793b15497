"""The project frame: the README's two commands, its map of the modules, and the CI rule for browser tests."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


def _run_browser_test_without_chromium(tmp_path: Path, ci: str | None, *options: str) -> int:
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
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True,
    )
    return result.returncode


# In one process, and in the two of the README's command (dev.py PARALLEL): there the tests
# run in pytest-xdist's workers, and the rule is kept where their reports come together.
IN_ONE_OR_TWO = pytest.mark.parametrize("options", [(), ("-n", "2")], ids=["one process", "two"])


@IN_ONE_OR_TWO
def test_a_skipped_browser_test_fails_the_run_under_ci(tmp_path, options):
    assert _run_browser_test_without_chromium(tmp_path, "true", *options) != 0


@IN_ONE_OR_TWO
def test_a_skipped_browser_test_is_only_a_skip_outside_ci(tmp_path, options):
    assert _run_browser_test_without_chromium(tmp_path, None, *options) == 0


def test_ci_script_runs_the_readme_test_command():
    script = (ROOT / ".ci" / "run").read_text()
    assert "python3 dev.py test" in script and "chromium" in script and "nodejs" in script


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


def test_dev_script_has_the_inner_loop_commands():
    import dev

    assert dev.PARALLEL[:2] == ["-n", "2"]
    assert dev.COMMANDS["lint"][:3] == ["-m", "ruff", "check"]
    assert dev.FAST_TESTS == ["-m", "not browser and not slow and not cluster"]
    assert "python3 dev.py test fast" in (ROOT / "README.md").read_text()


BENCHMARK = '''"""A benchmark for the test."""
from targets import Figure


def main():
    return [Figure("speed", {speed}, "things/s", 10), Figure("size", 5, "bytes")]
'''


@pytest.mark.parametrize(("speed", "status"), [(12, 0), (3, 1)])
def test_bench_check_fails_exactly_when_a_target_is_missed(tmp_path, capsys, speed, status):
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import run
    finally:
        sys.path.remove(str(ROOT / "bench"))
    (tmp_path / "bench_thing.py").write_text(BENCHMARK.format(speed=speed))
    assert run.main(["--check"], tmp_path) == status
    assert run.main([], tmp_path) == 0  # without --check a miss is reported, not an error
    report = json.loads((tmp_path / "results" / "bench_thing.json").read_text())
    assert [figure["met"] for figure in report["figures"]] == [speed >= 10, None]
    assert report["all_met"] == (speed >= 10)
    assert ("MISSED  speed" in capsys.readouterr().out) == (speed < 10)


def test_benchmarks_use_no_test_helper_and_nothing_private():
    for path in (ROOT / "bench").glob("*.py"):
        source = path.read_text()
        imports = re.findall(r"^\s*(?:from\s+(\S+)\s+)?import\s+([^\n]+)", source, re.M)
        for module, names in imports:
            assert not module.startswith(("tests", "conftest", "engine_helpers", "site_server")), path.name
            assert "conftest" not in names and "engine_helpers" not in names, path.name
            assert not re.search(r"(^|[\s,])_\w+", names.replace("__future__", "")), (path.name, names)
            assert "._" not in module, (path.name, module)


def test_the_readmes_map_names_every_module_of_the_engine_the_plugins_and_the_game():
    """The layout in README.md is the map a new engineer reads first: a module it does not name
    is a module no one finds. Each is named by its file name (``svg.py``, ``board.js``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(?:[\w/]*/)?(\w+\.(?:py|js))\b", readme))
    modules = [*ROOT.glob("halfmoon/**/*.py"), *ROOT.glob("plugins/halfmoon_mkdocs/*.py"),
               *ROOT.glob("docs/assets/game/*.js")]
    missing = sorted(str(path.relative_to(ROOT)) for path in modules
                     if path.name not in named and path.name not in ("__init__.py", "__main__.py"))
    assert missing == []
    for folder in ("overrides/", "runs/", "tests/js/", "tests/firefox/", "SPEC.md"):
        assert folder.rstrip("/") in readme, folder
