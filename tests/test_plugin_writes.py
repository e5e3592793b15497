"""What the plugins write into the built site goes through one atomic writer: a full disk or a
file in the way stops the build with an error naming the file, and leaves every file whole."""

from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest
from halfmoon_mkdocs import assets
from halfmoon_mkdocs.assets import write_file
from halfmoon_mkdocs.offline import COPIES
from mkdocs.exceptions import Abort, PluginError
from plugin_project import build_here, make_project

from halfmoon import files

PLUGIN = Path(assets.__file__).parent


def test_every_write_of_the_plugins_goes_through_write_file():
    direct = re.compile(r"\.write_(?:text|bytes)\(|\bopen\([^)]*['\"][wax]|os\.write\(")
    found = [f"{path.name}:{number}" for path in sorted(PLUGIN.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if direct.search(line)]
    assert found == []


def test_write_file_makes_the_folder_and_writes_text_as_utf8(tmp_path):
    target = tmp_path / "a" / "b" / "c.json"
    write_file(target, "« ok »\n")
    assert target.read_bytes() == "« ok »\n".encode()
    write_file(target, b"\x00\x01")
    assert target.read_bytes() == b"\x00\x01" and os.listdir(target.parent) == ["c.json"]


def test_a_file_in_the_way_of_a_folder_is_an_error_naming_the_file(tmp_path):
    (tmp_path / "assets").write_text("not a folder")
    with pytest.raises(PluginError, match=r"cannot write .*assets/offline/sw\.js: cannot make its folder"):
        write_file(tmp_path / "assets" / "offline" / "sw.js", "x")


def test_a_named_pipe_in_the_site_is_refused_not_written_through(tmp_path):
    os.mkfifo(tmp_path / "sw.js")
    with pytest.raises(PluginError, match=r"sw\.js: a named pipe, not a regular file"):
        write_file(tmp_path / "sw.js", "x")


def _built(project: Path):  # type: ignore[no-untyped-def]
    """The project's config for `mkdocs build` (under serve no worker is written)."""
    from mkdocs.config import load_config

    config = load_config(str(project / "mkdocs.yml"), site_dir=str(project / "site"))
    config.plugins.on_startup(command="build", dirty=False)
    return config


def test_a_full_disk_stops_the_build_naming_the_file_and_leaves_each_file_whole(tmp_path, monkeypatch,
                                                                                caplog):
    project = make_project(tmp_path / "project")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "  - halfmoon-offline:\n      start_page: index.html\n",
                      encoding="utf-8")
    (project / "docs" / "index.md").write_text("# T\n\nText.\n", encoding="utf-8")
    site = project / "site"
    build_here(project, _built(project))
    before = {path: path.read_bytes() for path in site.rglob("*") if path.is_file()}
    assert (site / "sw.js") in before and any(path.name.startswith("icon-192.") for path in before)

    written = []

    def full_disk(descriptor: int, data: object) -> int:
        written.append(descriptor)
        if len(written) > 3:  # a few files fit, then the disk is full
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(descriptor, data)

    real_write = os.write
    monkeypatch.setattr(files.os, "write", full_disk)
    with pytest.raises(Abort):
        build_here(project, _built(project))
    monkeypatch.undo()
    errors = [record.getMessage() for record in caplog.records if record.levelname == "ERROR"]
    assert any(re.fullmatch(rf"cannot write {re.escape(str(site))}/\S+: No space left on device", m)
               for m in errors), errors
    after = {path: path.read_bytes() for path in site.rglob("*") if path.is_file()}
    assert not [path for path in after if path.name.startswith(".hm-")]  # no staging file left
    for path in set(before) & set(after):  # the plugins' files: as before, never cut short
        if path.suffix not in (".html", ".xml") and not path.name.endswith(
                tuple(kind + copy for kind in (".html", ".xml") for copy in COPIES)):
            assert after[path] == before[path], path


def test_a_full_disk_error_names_the_file(tmp_path, monkeypatch, caplog):
    def full_disk(descriptor: int, data: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "write", full_disk)
    target = tmp_path / "site" / "manifest.webmanifest"
    with pytest.raises(PluginError, match=rf"cannot write {re.escape(str(target))}: No space left"):
        write_file(target, "{}")
    assert os.listdir(target.parent) == []
