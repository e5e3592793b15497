"""runs/*/run.sh and save.sh: a run by one command, on this machine or a cluster (issue 43).

run.sh restores a results file from the copy saved in the repository when that has more lines,
never over a file a running run holds locked (an exclusive flock on the file,
halfmoon.files.lock_exclusively), then runs halfmoon in the foreground with the options given
(--scheduler ADDRESS for a cluster); its folder is an argument, by default inside the
repository's ignored out/. save.sh never saves fewer lines than it has. No file of the
repository names a path of one machine.

The scripts run from a copy of runs/ with a stand-in for halfmoon (HALFMOON), so no real run
starts and the repository's saved results are never touched.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from halfmoon import files
from halfmoon.files import FileInUseError, lock_exclusively, open_for_appending

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a script blocked for ever reaches it
SAVED = [f'{{"line": {n}}}\n' for n in range(12)]

pytestmark = pytest.mark.skipif(shutil.which("flock") is None, reason="flock(1) is not installed")

# Each run's script arguments, the results file it writes in OUT and what its command asks.
RUNS = {
    "strategy": (["search"], "search", "strategy --players search --deals 10000"),
    "winnability": ([], "run", "stats --deals 250000"),
}


@pytest.fixture(params=sorted(RUNS))
def runs(request, tmp_path) -> tuple[Path, Path, str]:
    """A copy of the repository's runs/ (in REPO/runs) whose saved results file holds SAVED, the
    OUT folder and the run's name."""
    copy = tmp_path / "repo" / "runs"
    copy.mkdir(parents=True)
    shutil.copy(ROOT / "runs" / "results.sh", copy / "results.sh")
    folder = copy / request.param
    folder.mkdir()
    for script in ("run.sh", "save.sh"):
        shutil.copy(ROOT / "runs" / request.param / script, folder / script)
    name = RUNS[request.param][1]
    (folder / f"{name}.jsonl.gz").write_bytes(gzip.compress("".join(SAVED).encode()))
    stub = tmp_path / "halfmoon"
    stub.write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/launched.txt"\n')
    stub.chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    return folder, out, request.param


def run_script(folder: Path, run: str, *args: str) -> subprocess.CompletedProcess:
    stub = folder.parent.parent.parent / "halfmoon"
    return subprocess.run(["sh", str(folder / "run.sh"), *RUNS[run][0], *args], capture_output=True,
                          text=True, timeout=HANG, env={**os.environ, "HALFMOON": str(stub)})


def launched(folder: Path) -> list[str]:
    record = folder.parent.parent.parent / "launched.txt"
    return record.read_text().splitlines() if record.exists() else []


def held(path: Path) -> int:
    """A descriptor of ``path`` locked as a running run locks its results file."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND)
    lock_exclusively(descriptor, path)
    return descriptor


def test_run_restores_a_shorter_file_and_runs_on_the_cluster_asked(runs):
    folder, out, run = runs
    results = out / f"{RUNS[run][1]}.jsonl"
    results.write_text(SAVED[0])
    done = run_script(folder, run, str(out), "--scheduler", "tcp://scheduler.example:8786")
    assert done.returncode == 0, done.stderr
    assert results.read_text() == "".join(SAVED)  # restored whole from the saved copy
    (command,) = launched(folder)
    assert RUNS[run][2] in command and f"--results {results}" in command
    assert command.endswith("--scheduler tcp://scheduler.example:8786")
    assert not list(out.glob("*.restoring.*"))


def test_run_leaves_a_file_a_run_is_writing_and_starts_no_second_run(runs):
    folder, out, run = runs
    results = out / f"{RUNS[run][1]}.jsonl"
    results.write_text(SAVED[0] + '{"running": true}\n')  # shorter than the saved copy
    lock = held(results)
    try:
        done = run_script(folder, run, str(out))
        assert results.read_text() == SAVED[0] + '{"running": true}\n'
    finally:
        os.close(lock)
    assert done.returncode == 75 and f"{results} is being written by a running run" in done.stderr
    assert launched(folder) == []


def test_run_writes_in_the_repositorys_ignored_out_folder_by_default(runs):
    folder, _, run = runs
    done = run_script(folder, run, "--workers", "2")  # an option first is not a folder
    assert done.returncode == 0, done.stderr
    default = folder.parent.parent / "out" / run
    assert (default / f"{RUNS[run][1]}.jsonl").read_text() == "".join(SAVED)
    (command,) = launched(folder)
    assert f"--results {default / RUNS[run][1]}.jsonl" in command and command.endswith("--workers 2")
    ignored = subprocess.run(["git", "check-ignore", "-q", f"out/{run}/{RUNS[run][1]}.jsonl"], cwd=ROOT)
    assert ignored.returncode == 0, "out/ is not ignored by git"


def test_save_keeps_whole_lines_and_never_saves_fewer_than_it_has(runs):
    folder, out, run = runs
    name = RUNS[run][1]
    (out / f"{name}.jsonl").write_text("".join(SAVED) + SAVED[0] + '{"half a li')
    result = subprocess.run(["sh", str(folder / "save.sh"), str(out)], capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 0, result.stderr
    saved = gzip.decompress((folder / f"{name}.jsonl.gz").read_bytes()).decode()
    assert saved == "".join(SAVED) + SAVED[0]
    before = {path.name: path.read_bytes() for path in folder.glob("*.gz")}
    (out / f"{name}.jsonl").write_text(SAVED[0])  # a file cut short, or another OUT
    result = subprocess.run(["sh", str(folder / "save.sh"), str(out)], capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 1 and "fewer than the 13 saved" in result.stderr
    assert {path.name: path.read_bytes() for path in folder.glob("*.gz")} == before
    assert not list(folder.glob(".*"))


# A path that names one machine's folders: only this machine has it.
MACHINE_PATH = re.compile(r"(?<![\w.~-])/(?:work|home|tmp|Users|root|mnt|srv)/[\w.-]")


def test_no_file_of_the_repository_names_a_path_of_one_machine():
    """Published files (the figures' commands) and the runs' scripts and READMEs name folders
    relative to the repository; tests name their own temporary folders only through pytest."""
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    found = []
    for name in tracked.decode().split("\0"):
        path = ROOT / name
        if not name or name.startswith("tests/") or not path.is_file():
            continue
        data = gzip.decompress(path.read_bytes()) if name.endswith(".gz") else path.read_bytes()
        text = data.decode(errors="replace")
        found += [f"{name}: {match.group()}" for match in MACHINE_PATH.finditer(text)]
    assert found == []


def test_a_run_refuses_a_results_file_renamed_over_between_its_open_and_its_lock(tmp_path, monkeypatch):
    """What run.sh's restore (a copy renamed over the results file) would do to a run starting
    just then: the run's lock and lines would go to a file no name leads to."""
    path = tmp_path / "shard.jsonl"
    path.write_text("header\n")
    replacement = tmp_path / "copy"
    replacement.write_text("header\nrestored\n")
    real_lock = files.lock_exclusively

    def lock_after_the_rename(descriptor: int, name) -> None:  # type: ignore[no-untyped-def]
        os.replace(replacement, path)
        real_lock(descriptor, name)

    monkeypatch.setattr(files, "lock_exclusively", lock_after_the_rename)
    with pytest.raises(FileInUseError, match="replaced by another process"):
        open_for_appending(path, "header\n", lambda p: p.read_text())
    assert path.read_text() == "header\nrestored\n"
