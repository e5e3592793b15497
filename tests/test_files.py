"""Every file the tools write is written whole or not at all; only regular files are read."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import files
from halfmoon.cli import main
from halfmoon.files import FileWriteError, NotAFileError, read_regular, write_atomic

ROOT = Path(__file__).resolve().parent.parent
HANG = 600  # only a process blocked for ever reaches it


def _full_disk(monkeypatch, after: int = 4096) -> None:
    """Writes fail with ENOSPC once ``after`` bytes are written (a full disk, fault-injected)."""
    real_write = os.write
    written = {"bytes": 0}

    def write(descriptor: int, data: bytes) -> int:
        if written["bytes"] + len(data) > after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written["bytes"] += len(data)
        return real_write(descriptor, data)

    monkeypatch.setattr(os, "write", write)
    real_fsync = os.fsync

    def fsync(descriptor: int) -> None:
        if written["bytes"] >= after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_fsync(descriptor)

    monkeypatch.setattr(os, "fsync", fsync)


def _fsync_fails(monkeypatch) -> None:
    def fsync(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", fsync)


@given(old=st.binary(max_size=300), new=st.one_of(st.binary(max_size=300), st.text(max_size=100)))
@settings(max_examples=40, deadline=None)
def test_a_write_replaces_the_file_whole_and_leaves_nothing_beside_it(tmp_path_factory, old, new):
    folder = tmp_path_factory.mktemp("w")
    path = folder / "out.bin"
    path.write_bytes(old)
    write_atomic(path, new)
    assert path.read_bytes() == (new.encode("utf-8", "surrogatepass") if isinstance(new, str) else new)
    assert [p.name for p in folder.iterdir()] == ["out.bin"]


def test_a_failed_write_leaves_the_old_file_and_names_the_new_one(tmp_path, monkeypatch):
    path = tmp_path / "figures.json"
    path.write_text('{"old": true}\n')
    _fsync_fails(monkeypatch)
    with pytest.raises(FileWriteError, match=r"cannot write .*figures\.json: No space left on device"):
        write_atomic(path, "x" * 100_000)
    assert path.read_text() == '{"old": true}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["figures.json"]


def test_a_write_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "script.sh"
    path.write_text("old")
    path.chmod(0o751)
    write_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o751
    fresh = tmp_path / "fresh.txt"
    write_atomic(fresh, "new")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask


def test_a_name_as_long_as_the_file_system_allows_can_be_written(tmp_path):
    longest = tmp_path / ("d" * (os.pathconf(tmp_path, "PC_NAME_MAX") - 4) + ".svg")
    write_atomic(longest, "<svg/>")
    assert longest.read_text() == "<svg/>"


def test_a_text_that_is_not_unicode_is_refused_before_anything_is_written(tmp_path):
    path = tmp_path / "out.txt"
    path.write_text("kept")
    with pytest.raises(UnicodeEncodeError):
        write_atomic(path, "half a pair \ud800")
    assert path.read_text() == "kept" and [p.name for p in tmp_path.iterdir()] == ["out.txt"]


# --- named pipes and devices ---------------------------------------------------------------


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_reading_a_named_pipe_or_a_device_is_refused_at_once(fifo):
    for path, kind in ((fifo, "a named pipe"), (Path("/dev/zero"), "a device")):
        with pytest.raises(NotAFileError, match=f"{path}: {kind}, not a regular file"):
            read_regular(path)


def test_writing_over_a_named_pipe_is_refused(fifo):
    with pytest.raises(NotAFileError, match="a named pipe"):
        write_atomic(fifo, "data")
    assert stat.S_ISFIFO(fifo.stat().st_mode)


def _pipe_commands(fifo: Path, tmp_path: Path) -> list[list[str]]:
    catalogs = tmp_path / "catalogs"
    catalogs.mkdir()
    for source in (ROOT / "halfmoon" / "catalogs").glob("*.json"):
        (catalogs / source.name).write_bytes(source.read_bytes())
    (catalogs / "fr.json").unlink()
    os.mkfifo(catalogs / "fr.json")
    return [
        ["replay", str(fifo)],
        ["diagram", "--record", str(fifo)],
        ["diagrams", "--out-dir", str(tmp_path / "out"), "--list", str(fifo)],
        ["stats", "--deals", "2", "--results", str(fifo)],
        ["stats", "--merge", str(fifo)],
        ["check-catalogs", "--dir", str(catalogs)],
    ]


def test_every_command_refuses_a_named_pipe_instead_of_waiting_on_it(fifo, tmp_path):
    """A regression would block on the pipe for ever: each command runs as a process, bounded."""
    for argv in _pipe_commands(fifo, tmp_path):
        result = subprocess.run([sys.executable, "-m", "halfmoon", *argv], capture_output=True,
                                timeout=HANG, text=True, cwd=tmp_path)
        said = result.stdout if argv[0] == "check-catalogs" else result.stderr  # its report
        assert result.returncode == (1 if argv[0] == "check-catalogs" else 2), (argv, said)
        assert "named pipe, not a regular file" in said and "Traceback" not in result.stderr


TRANSLATOR_COMMANDS = (["translation-status"], ["new-language", "it"],
                       ["mark-translated", "docs/fr/index.md"])


def _limited_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))  # a regression fails, not the machine


@pytest.mark.parametrize("command", TRANSLATOR_COMMANDS, ids=lambda argv: argv[0])
@pytest.mark.parametrize("config", ["pipe", "/dev/zero"])
def test_the_translators_commands_refuse_a_pipe_or_a_device_as_their_configuration(
        fifo, tmp_path, command, config):
    """A regression would block on the pipe, or read /dev/zero until the memory is gone: each
    runs as a process, bounded in time and memory."""
    path = fifo if config == "pipe" else Path(config)
    result = subprocess.run([sys.executable, "-m", "halfmoon", *command, "--config", str(path)],
                            capture_output=True, timeout=HANG, text=True, cwd=tmp_path,
                            preexec_fn=_limited_memory)
    kind = "a named pipe" if config == "pipe" else "a device"
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (f"halfmoon: error: cannot read the site configuration {path}: {kind}, "
                             "not a regular file\n")


@pytest.mark.parametrize("command", TRANSLATOR_COMMANDS, ids=lambda argv: argv[0])
@pytest.mark.parametrize(
    ("content", "words"),
    [(None, "Is a directory"), (b"site_name: x\n" + b"#" * 2**20, "larger than 1,048,576 bytes"),
     (b"site_name: caf\xe9\n", "not UTF-8 text (line 1, byte 15 is 0xe9)"),
     ("absent", "No such file or directory")],
)
def test_the_translators_commands_refuse_a_configuration_that_is_no_text_file(
        tmp_path, capsys, monkeypatch, command, content, words):
    monkeypatch.chdir(tmp_path)
    config = tmp_path / "site.yml"
    if content is None:
        config.mkdir()
    elif isinstance(content, bytes):
        config.write_bytes(content)
    assert main([*command, "--config", str(config)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"halfmoon: error: cannot read the site configuration {config}: {words}"), err


@pytest.mark.parametrize("which", ["fr", "en"])
def test_mark_translated_names_a_page_that_is_a_pipe(tmp_path, which):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    (tmp_path / "docs" / which / "play.md").unlink()
    os.mkfifo(tmp_path / "docs" / which / "play.md")
    result = subprocess.run([sys.executable, "-m", "halfmoon", "mark-translated", "docs/fr/play.md"],
                            capture_output=True, timeout=HANG, text=True, cwd=tmp_path)
    assert result.returncode == 2 and result.stderr == (
        f"halfmoon: error: cannot read the page docs/{which}/play.md: a named pipe, not a regular file\n")


def test_a_page_that_is_a_pipe_is_named_by_translation_status_not_waited_on(tmp_path):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    (tmp_path / "docs" / "fr" / "play.md").unlink()
    os.mkfifo(tmp_path / "docs" / "fr" / "play.md")
    result = subprocess.run([sys.executable, "-m", "halfmoon", "translation-status"],
                            capture_output=True, timeout=HANG, text=True, cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "cannot read the page docs/fr/play.md: a named pipe, not a regular file" in result.stderr


# --- what the commands write ---------------------------------------------------------------


def test_a_full_disk_leaves_the_published_figures_as_they_were(tmp_path, capsys, monkeypatch):
    results = tmp_path / "run.jsonl"
    assert main(["stats", "--deals", "3", "--nodes", "20000", "--serial", "--results", str(results)]) == 0
    published = tmp_path / "winnability.json"
    published.write_text('{"published": true}\n')
    capsys.readouterr()
    _full_disk(monkeypatch, after=100)
    assert main(["stats", "--merge", str(results), "--json", "-o", str(published)]) == 2
    err = capsys.readouterr().err
    assert f"cannot write {published}: No space left on device" in err and err.count("\n") == 1
    assert published.read_text() == '{"published": true}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.jsonl", "winnability.json"]


def test_a_merge_that_cannot_be_summarised_writes_no_file(tmp_path, capsys):
    results = tmp_path / "run.jsonl"
    results.write_text(json.dumps({"format": "halfmoon-stats/1", "start": "HM1-N-AAAAAAA", "deals": 4,
                                   "nodes": 20000, "solver": "x", "shard": 1, "of": 1}) + "\n")
    outputs = {name: tmp_path / name for name in ("verdicts.gz", "lost.txt", "winnability.json")}
    for path in outputs.values():
        path.write_bytes(b"published\n")
    from halfmoon.solver.survey import SOLVER_ID

    results.write_text(results.read_text().replace('"x"', json.dumps(SOLVER_ID)))
    assert main(["stats", "--merge", str(results), "--verdicts", str(outputs["verdicts.gz"]),
                 "--lost", str(outputs["lost.txt"]), "-o", str(outputs["winnability.json"])]) == 2
    assert "no deals to summarise" in capsys.readouterr().err
    assert all(path.read_bytes() == b"published\n" for path in outputs.values())


def test_mark_translated_on_a_full_disk_keeps_the_page(tmp_path, capsys, monkeypatch):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    monkeypatch.chdir(tmp_path)
    page = Path("docs/fr/index.md")
    before = page.read_bytes()
    _fsync_fails(monkeypatch)
    assert main(["mark-translated", str(page)]) == 2
    assert f"cannot write {page}: No space left on device" in capsys.readouterr().err
    assert page.read_bytes() == before
    assert sorted(p.name for p in page.parent.iterdir()) == sorted(
        p.name for p in (ROOT / "docs" / "fr").iterdir())


def test_a_diagram_over_an_existing_one_on_a_full_disk_keeps_the_old_one(tmp_path, capsys, monkeypatch):
    out = tmp_path / "deal.svg"
    out.write_text("<svg>old</svg>")
    _fsync_fails(monkeypatch)
    assert main(["diagram", "HM1-N-AAAAAAB", "-o", str(out)]) == 2
    assert f"cannot write {out}" in capsys.readouterr().err
    assert out.read_text() == "<svg>old</svg>"
    assert files._STAGING_PREFIX not in " ".join(p.name for p in tmp_path.iterdir())


# --- diagrams: one file name, one picture ----------------------------------------------------


def _record(folder: Path, name: str, moves: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"HM1-N-AAAAAAB\n{moves}\n", encoding="utf-8")
    return path


def test_two_records_with_one_file_name_are_refused_not_drawn_once(tmp_path, capsys):
    first = _record(tmp_path / "a", "game.txt", "")
    second = _record(tmp_path / "b", "game.txt", "")
    out = tmp_path / "out"
    assert main(["diagrams", "--out-dir", str(out), str(first), str(second)]) == 2
    err = capsys.readouterr().err
    assert "would take the file name" in err and str(second) in err and err.count("\n") == 1
    assert not out.exists() or list(out.iterdir()) == []
    # One record given twice (or as FILE and FILE@N of one position) is still drawn once.
    assert main(["diagrams", "--out-dir", str(out), str(first), str(first), str(first) + "@0"]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["game-000.svg", "game.svg"]


def test_a_folder_in_the_way_of_one_diagram_leaves_every_file_as_it_was(tmp_path, capsys):
    out = tmp_path / "out"
    out.mkdir()
    (out / "HM1-N-AAAAAAB.svg").write_text("old")
    (out / "HM1-N-AAAAAAC.svg").mkdir()
    assert main(["diagrams", "--out-dir", str(out), "HM1-N-AAAAAAB", "HM1-N-AAAAAAC"]) == 2
    assert "a folder of that name is in the way" in capsys.readouterr().err
    assert (out / "HM1-N-AAAAAAB.svg").read_text() == "old"
    assert sorted(p.name for p in out.iterdir()) == ["HM1-N-AAAAAAB.svg", "HM1-N-AAAAAAC.svg"]


def test_a_diagram_with_the_longest_name_the_file_system_allows_is_written(tmp_path, capsys):
    out = tmp_path / ("d" * (os.pathconf(tmp_path, "PC_NAME_MAX") - 4) + ".svg")
    assert main(["diagram", "HM1-N-AAAAAAB", "-o", str(out)]) == 0
    assert out.read_text().startswith("<svg")
