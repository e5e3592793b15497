#!/usr/bin/env python3
"""One entry point for every task, creating its own virtual environment first.

    python3 dev.py serve    build the rules website and serve it on http://127.0.0.1:8000
    python3 dev.py test     run every test
    python3 dev.py test fast    the inner loop: no browser, no whole-site builds, no Dask cluster
    python3 dev.py lint     ruff and mypy over the code
    python3 dev.py build    check the translations (halfmoon translation-status --strict),
                            then build the site into site/ (mkdocs build --strict)
    python3 dev.py bench    run every benchmark, print its figures, write bench/results/
    python3 dev.py bench --check    the same, exiting 1 when a target is missed
    python3 dev.py corpus   regenerate the shared test vectors in tests/data/
    python3 dev.py halfmoon ARGS...   the halfmoon command-line tool
    python3 dev.py mkdocs ARGS...     mkdocs itself

Only Python 3.11+ is needed: the environment lives in .venv/ and is refreshed
whenever pyproject.toml changes. Extra arguments go to the underlying tool.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed"

COMMANDS = {
    "serve": ["-m", "mkdocs", "serve"],
    "build": ["-m", "mkdocs", "build", "--strict"],
    "test": ["-m", "pytest"],
    "bench": [str(ROOT / "bench" / "run.py")],
    "corpus": ["-m", "halfmoon.corpus", str(ROOT / "tests" / "data")],
    "halfmoon": ["-m", "halfmoon"],
    "mkdocs": ["-m", "mkdocs"],
    "lint": ["-m", "ruff", "check", "."],  # then mypy, configured in pyproject.toml
}
FAST_TESTS = ["-m", "not browser and not slow and not cluster"]
# The tests run in two processes (pytest-xdist), each with its own browser and its own built
# site: the browser tests spend much of their time waiting on the browser, so two of them keep
# two cores busy. A file's tests stay in one process, so a module's fixture is made once.
# `-n 0` after the command runs them in this one process.
PARALLEL = ["-n", "2", "--dist", "loadfile"]


def _wanted_stamp() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    digest.update(sys.version.encode())
    return digest.hexdigest()


def ensure_environment() -> None:
    if not PYTHON.exists():
        print("dev.py: creating the virtual environment in .venv/", file=sys.stderr)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    wanted = _wanted_stamp()
    if STAMP.exists() and STAMP.read_text() == wanted:
        return
    print("dev.py: installing the project and its dependencies", file=sys.stderr)
    pip = [str(PYTHON), "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "install", "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "install", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(wanted)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    ensure_environment()
    name, extra = argv[0], argv[1:]
    if name == "test":
        if extra[:1] == ["fast"]:
            extra = [*FAST_TESTS, *extra[1:]]
        extra = [*PARALLEL, *extra]
    os.chdir(ROOT)
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    # Material's banner about a future MkDocs 2 is noise for this project (mkdocs is pinned <2).
    env.setdefault("NO_MKDOCS_2_WARNING", "1")
    if name == "build":  # untranslated text, or a page whose English changed since, fails it
        status = subprocess.call([str(PYTHON), "-m", "halfmoon", "translation-status", "--strict"],
                                 env=env)
        if status != 0:
            return status
    status = subprocess.call([str(PYTHON), *COMMANDS[name], *extra], env=env)
    if name == "lint":
        status = max(status, subprocess.call([str(PYTHON), "-m", "mypy"], env=env))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
