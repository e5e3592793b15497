"""runs/*/resume.sh and save.sh take the lock a running run holds on its shard file (an
exclusive flock on the file, halfmoon.files.lock_exclusively): a shard being written is
neither restored over nor given a second run, and save.sh never saves fewer lines than it has.

The scripts run from a copy of runs/ with a stand-in for halfmoon (HALFMOON), so no real run
starts and the repository's saved shards are never touched.
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from halfmoon import files
from halfmoon.files import FileInUseError, lock_exclusively, open_for_appending

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a script blocked for ever reaches it
SAVED = [f'{{"line": {n}}}\n' for n in range(12)]

pytestmark = pytest.mark.skipif(shutil.which("flock") is None, reason="flock(1) is not installed")


# Each run's two results files (OUT/NAME.jsonl, saved as NAME.jsonl.gz), and what the command
# that resumes each file says of it.
NAMES = {"strategy": ("rules", "search"), "winnability": ("shard-1-of-2", "shard-2-of-2")}
ASKS = {"strategy": ("--players rules", "--players search"), "winnability": ("--shard 1/2", "--shard 2/2")}


@pytest.fixture(params=["strategy", "winnability"])
def runs(request, tmp_path) -> tuple[Path, Path, str]:
    """A copy of runs/ whose saved results files hold SAVED (split in two), the OUT folder and the
    run's name."""
    copy = tmp_path / "runs"
    copy.mkdir()
    for shared in ("shards.sh", "save_shards.sh"):
        shutil.copy(ROOT / "runs" / shared, copy / shared)
    folder = copy / request.param
    folder.mkdir()
    for script in ("resume.sh", "save.sh"):
        shutil.copy(ROOT / "runs" / request.param / script, folder / script)
    for k, name in enumerate(NAMES[request.param]):
        (folder / f"{name}.jsonl.gz").write_bytes(gzip.compress("".join(SAVED[k::2]).encode()))
    stub = tmp_path / "halfmoon"
    stub.write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/launched.txt"\n')
    stub.chmod(0o755)
    out = tmp_path / "out"
    out.mkdir()
    return folder, out, request.param


def resume(folder: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", str(folder / "resume.sh"), str(out)], capture_output=True, text=True,
                          timeout=HANG, env={**os.environ, "HALFMOON": str(out.parent / "halfmoon")})


def held(path: Path) -> int:
    """A descriptor of ``path`` locked as a running run locks its results file."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND)
    lock_exclusively(descriptor, path)
    return descriptor


def launched(out: Path, count: int) -> list[str]:
    """The stand-in's command lines, once ``count`` of them are written (it runs in the background)."""
    record = out.parent / "launched.txt"
    for _ in range(HANG * 10):
        if record.exists() and record.read_text().count("\n") >= count:
            break
        time.sleep(0.1)
    return record.read_text().splitlines() if record.exists() else []


def test_resume_leaves_both_shards_a_run_is_writing_and_starts_no_second_run(runs):
    folder, out, run = runs
    shards = [out / f"{name}.jsonl" for name in NAMES[run]]
    for shard in shards:  # shorter than the saved copies: resume would restore them
        shard.write_text(SAVED[0] + '{"running": true}\n')
    locks = [held(shard) for shard in shards]
    try:
        result = resume(folder, out)
        assert [shard.read_text() for shard in shards] == [SAVED[0] + '{"running": true}\n'] * 2
    finally:
        for descriptor in locks:
            os.close(descriptor)
    assert result.returncode == 1 and "running as process" not in result.stdout
    for shard in shards:
        assert f"{shard} is being written by a running run" in result.stderr
    assert not list(out.glob("*.restoring.*"))


def test_resume_restores_and_starts_the_free_shard_beside_one_in_use(runs):
    folder, out, run = runs
    busy, free = (out / f"{name}.jsonl" for name in NAMES[run])
    busy.write_text(SAVED[0])
    free.write_text(SAVED[1])
    lock = held(busy)
    try:
        result = resume(folder, out)
        assert busy.read_text() == SAVED[0]  # no line added or lost
    finally:
        os.close(lock)
    assert result.returncode == 1 and f"{busy} is being written" in result.stderr
    assert free.read_text() == "".join(SAVED[1::2])  # restored whole from the saved copy
    (command,) = launched(out, 1)
    assert ASKS[run][1] in command and str(free) in command


def test_resume_with_no_run_restores_and_starts_both(runs):
    folder, out, run = runs
    result = resume(folder, out)
    assert result.returncode == 0, result.stderr
    assert [(out / f"{name}.jsonl").read_text() for name in NAMES[run]] == \
        ["".join(SAVED[0::2]), "".join(SAVED[1::2])]
    commands = launched(out, 2)
    assert len(commands) == 2
    assert all(sum(ask in command for command in commands) == 1 for ask in ASKS[run])


def test_save_keeps_whole_lines_and_never_saves_fewer_than_it_has(runs):
    folder, out, run = runs
    for k, name in enumerate(NAMES[run]):
        lines = "".join(SAVED[k::2])
        (out / f"{name}.jsonl").write_text(lines + SAVED[0] + '{"half a li')
    result = subprocess.run(["sh", str(folder / "save.sh"), str(out)], capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 0, result.stderr
    for k, name in enumerate(NAMES[run]):
        saved = gzip.decompress((folder / f"{name}.jsonl.gz").read_bytes()).decode()
        assert saved == "".join(SAVED[k::2]) + SAVED[0]
    before = {path.name: path.read_bytes() for path in folder.glob("*.gz")}
    (out / f"{NAMES[run][0]}.jsonl").write_text(SAVED[0])  # a file cut short, or another OUT
    result = subprocess.run(["sh", str(folder / "save.sh"), str(out)], capture_output=True, text=True,
                            timeout=HANG)
    assert result.returncode == 1 and "fewer than the 7 saved" in result.stderr
    assert {path.name: path.read_bytes() for path in folder.glob("*.gz")} == before
    assert not list(folder.glob(".*"))


def test_a_run_refuses_a_results_file_renamed_over_between_its_open_and_its_lock(tmp_path, monkeypatch):
    """What resume.sh's restore (a copy renamed over the shard) would do to a run starting just
    then: the run's lock and lines would go to a file no name leads to."""
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
