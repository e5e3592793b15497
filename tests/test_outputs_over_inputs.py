"""No command writes over a file it reads, nor over a run's results file; a refused results file
is left byte for byte as it was (the issue's hostile cases, with variants of our own)."""

from __future__ import annotations

import gzip
import json
import os
from dataclasses import asdict
from pathlib import Path

import pytest

from halfmoon.cli import main
from halfmoon.solver.results import RunHeader, header_line
from halfmoon.solver.strategy import PLAYERS_ID
from halfmoon.solver.strategy_run import StrategyHeader, games_line, play_deal
from halfmoon.solver.strategy_run import header_line as strategy_header_line

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / "docs" / "records" / "verdicts.gz"


@pytest.fixture
def strategy_results(tmp_path) -> Path:
    path = tmp_path / "R.jsonl"
    header = StrategyHeader("HM1-N-AAAAAAA", 3, PLAYERS_ID)
    path.write_text(strategy_header_line(header) + "".join(games_line(play_deal(n)) for n in range(3)),
                    encoding="utf-8")
    return path


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def _refused(capsys, folder: Path, argv: list[str], needle: str) -> None:
    before = _snapshot(folder)
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert needle in error, error
    assert _snapshot(folder) == before  # nothing changed, nothing added


def test_strategy_merge_over_its_own_input_is_refused(capsys, strategy_results):
    """The issue's case: --merge R.jsonl -o R.jsonl replaced the run with the figures."""
    _refused(capsys, strategy_results.parent,
             ["strategy", "--merge", str(strategy_results), "-o", str(strategy_results),
              "--verdicts", str(VERDICTS)], "the command reads that file (--merge")


def test_the_same_file_by_another_name_is_refused(capsys, strategy_results, monkeypatch):
    folder = strategy_results.parent
    (folder / "sub").mkdir()
    os.symlink(strategy_results, folder / "link.jsonl")
    os.link(strategy_results, folder / "hard.jsonl")
    monkeypatch.chdir(folder)
    base = ["strategy", "--verdicts", str(VERDICTS), "--merge", "R.jsonl", "-o"]
    for other in ("./sub/../R.jsonl", str(strategy_results), "link.jsonl", "hard.jsonl"):
        _refused(capsys, folder, [*base, other], "it would be written over")
    # the output's own link resolved: a link to the input under another name
    os.symlink("hard.jsonl", folder / "to-hard")
    _refused(capsys, folder, [*base, "to-hard"], "it would be written over")


def test_no_output_replaces_a_results_file(capsys, strategy_results, tmp_path):
    """A results file is told by its header, whatever its name and whether gzip or not."""
    other = tmp_path / "other-run.txt"
    other.write_text(header_line(RunHeader("HM1-N-AAAAAAA", 9, 5, "x")), encoding="utf-8")
    shard = tmp_path / "shard.jsonl.gz"
    shard.write_bytes(gzip.compress(strategy_results.read_bytes()))
    for target in (other, shard):
        _refused(capsys, tmp_path, ["strategy", "--merge", str(strategy_results), "--verdicts",
                                    str(VERDICTS), "-o", str(target)], "a run's results file")
        _refused(capsys, tmp_path, ["solve", "HM1-N-AAAAAAB", "-o", str(target)], "a run's results file")


def test_stats_outputs_over_inputs_or_each_other_are_refused(capsys, strategy_results, tmp_path):
    results = tmp_path / "run.jsonl"
    results.write_text(header_line(RunHeader("HM1-N-AAAAAAA", 2, 5, "x")), encoding="utf-8")
    for argv, needle in [
        (["stats", "--merge", str(results), "-o", str(results)], "the command reads that file"),
        (["stats", "--merge", str(results), "--verdicts", str(results)], "the command reads that file"),
        (["stats", "--merge", str(results), "--lost", str(results)], "the command reads that file"),
        (["stats", "--deals", "2", "--nodes", "5", "--results", str(results), "-o", str(results)],
         "the command reads that file (--results"),
        (["stats", "--merge", str(results), "--lost", str(tmp_path / "x"), "-o", str(tmp_path / "x")],
         "the command also writes that file (-o"),
    ]:
        _refused(capsys, tmp_path, argv, needle)


def test_a_record_drawn_over_itself_is_refused(capsys, tmp_path):
    record = tmp_path / "game.svg"
    record.write_text("HM1-N-AAAAAAB\n", encoding="utf-8")
    _refused(capsys, tmp_path, ["diagram", "--record", str(record), "-o", str(record)],
             "the command reads that file (--record")


def test_an_output_beside_the_inputs_is_still_written(capsys, strategy_results, tmp_path):
    out = tmp_path / "figures.json"
    assert main(["strategy", "--merge", str(strategy_results), "--verdicts", str(VERDICTS),
                 "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["deals"] == 3
    assert main(["strategy", "--merge", str(strategy_results), "--verdicts", str(VERDICTS),
                 "-o", str(out)]) == 0  # its own earlier figures are no results file: replaced


# --- a refused results file is never cut ---------------------------------------------------------

STATS = RunHeader("HM1-N-AAAAAAA", 4, 20000, "some-solver")


@pytest.mark.parametrize("tail", [
    '{"code": "HM1-N-AAAA',  # the issue's: a torn last line
    None,                    # a whole deal whose final newline is missing
])
def test_resuming_with_other_options_leaves_the_strategy_file_as_it_was(capsys, tmp_path, tail):
    path = tmp_path / "R.jsonl"
    header = StrategyHeader("HM1-N-AAAAAAA", 5, PLAYERS_ID)
    lines = [games_line(play_deal(n)) for n in range(3)]
    text = strategy_header_line(header) + "".join(lines)
    path.write_text(text[:-1] if tail is None else text + tail, encoding="utf-8")
    for options in (["--deals", "50"], ["--deals", "5", "--players", "search"],
                    ["--deals", "5", "--start", "HM1-N-AAAAAAB"]):
        _refused(capsys, tmp_path, ["strategy", *options, "--results", str(path)], "holds another run")


@pytest.mark.parametrize("tail", [b'{"code": "HM1-N-AAAA', b'{"code": "HM1-N-AAAAAAA", "verdict"'])
def test_resuming_with_other_options_leaves_the_stats_file_as_it_was(capsys, tmp_path, tail):
    path = tmp_path / "R.jsonl"
    path.write_bytes(header_line(STATS).encode() + tail)
    _refused(capsys, tmp_path, ["stats", "--deals", "3", "--nodes", "20000", "--results", str(path)],
             "holds another run")


# --- what a results file that cannot be read is called ------------------------------------------


@pytest.mark.parametrize("command", ["stats", "strategy"])
def test_a_merge_of_what_is_no_regular_file_says_what_it_is(capsys, tmp_path, command):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    for name, needle in [(str(fifo), "a named pipe, not a regular file"),
                         (str(tmp_path / "folder"), "a folder, not a results file"),
                         ("/dev/null", "a device, not a regular file"),
                         (str(tmp_path / "absent"), "no such results file")]:
        assert main([command, "--merge", name]) == 2
        error = capsys.readouterr().err
        assert needle in error and "no such" not in error.replace(
            "no such results file", "" if needle.startswith("no such") else "no such results file"), error


def test_dev_stdin_from_a_pipe_is_not_called_absent(tmp_path):
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "halfmoon", "strategy", "--merge", "/dev/stdin"],
                          input="", capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr, done.stderr
    assert "no such results file" not in done.stderr


@pytest.mark.parametrize("kind", ["stats", "strategy"])
def test_a_header_without_its_newline_is_called_unfinished(tmp_path, capsys, kind):
    path = tmp_path / "R.jsonl"
    header = STATS if kind == "stats" else StrategyHeader("HM1-N-AAAAAAA", 5, PLAYERS_ID)
    path.write_text(json.dumps(asdict(header)), encoding="utf-8")
    assert main([kind, "--merge", str(path)]) == 2
    error = capsys.readouterr().err
    assert "header line is not finished" in error and "no header line" not in error
