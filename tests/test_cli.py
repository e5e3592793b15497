"""The ``halfmoon`` command line: deal and replay, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from halfmoon import DealCode, Game
from halfmoon.cli import main


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_json_lists_piles_bottom_to_top_and_the_reserve(capsys):
    code, out, _ = run(capsys, "deal", " hm1-n-aaaaaab", "--json")
    data = json.loads(out)
    layout = DealCode(1).layout()
    assert code == 0 and data["code"] == "HM1-N-AAAAAAB"
    assert data["piles"] == [[str(c) for c in pile] for pile in layout.piles]
    assert data["reserve"] == [str(c) for c in layout.reserve]


def test_deal_prints_a_readable_layout(capsys):
    code, out, _ = run(capsys, "deal", "HM1-N-AAAAAAB")
    assert code == 0 and "pile  1 (8): 6♦ K♥ 5♣ A♣ 2♥ 5♠ 4♠ 5♥" in out


def test_replay_json_reports_the_final_state(tmp_path, capsys):
    game = Game("HM1-N-AAAAAAB")
    game.play("R7+R8")
    game.play("3+R1")
    path = tmp_path / "game.txt"
    path.write_text(game.record_text())
    code, out, _ = run(capsys, "replay", str(path), "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["move_count"], data["score"], data["status"]) == (2, 20, "in play")
    assert data["reserve"][0] is None and data["reserve"][6] is None
    assert data["piles"][2] == [str(c) for c in game.position.piles[2]]


def test_replay_reads_standard_input():
    result = subprocess.run(
        [sys.executable, "-m", "halfmoon", "replay", "-"],
        input="HM1-N-AAAAAAB R7+R8\n", capture_output=True, text=True,
    )
    assert result.returncode == 0 and "HM1-N-AAAAAAB: in play, 1 move, 10 points" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deal", "HM1-N-AAA"], "expected 7 letters"),
        (["replay", "/nonexistent/game.txt"], "cannot read record"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(capsys, args, message):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_illegal_record_names_file_line_and_move(tmp_path, capsys):
    path = tmp_path / "bad.txt"
    path.write_text("HM1-N-AAAAAAB\nR7+R8 1+2\n")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2
    assert f"{path}:2:7: move 2 (1+2): 5♥ + 5♦ = 10, not 11" in err


def test_the_installed_console_script_runs():
    result = subprocess.run(
        [sys.executable, "-m", "halfmoon", "deal", "HM1-N-AAAAAAB", "--json"],
        capture_output=True, text=True,
    )
    assert result.returncode == 0 and json.loads(result.stdout)["code"] == "HM1-N-AAAAAAB"


@pytest.mark.parametrize(
    "command", ["deal", "replay", "diagram", "diagrams", "solve", "stats", "check-catalogs"]
)
def test_every_command_explains_itself(capsys, command):
    assert main([command, "--help"]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"usage: halfmoon {command}")
    assert "%%" not in text and "%(" not in text
