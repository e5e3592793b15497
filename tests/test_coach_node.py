"""The coach's reasoning (docs/assets/game/coach_core.js, issue 47 items 2-4) in Node, with
solver.js as its solver, held to halfmoon/solver/search.py and the published verdict file: where a
lost game slipped away, a hint's move, a deal's verdict."""

from __future__ import annotations

from pathlib import Path

import pytest
from coach_games import BUDGET, first_deal, lost_game, play_to_deadlock, verdict_after
from node_script import NodeLines

from halfmoon import DealCode, Position
from halfmoon.solver.search import Verdict

ROOT = Path(__file__).resolve().parent.parent



@pytest.fixture(scope="module")
def coach():  # type: ignore[no-untyped-def]
    lines = NodeLines("run_coach.mjs")
    yield lines
    lines.close()


def test_where_a_lost_game_slipped_away_is_where_python_says(coach):
    game = lost_game()
    answer = coach.ask({"op": "where", "code": game.code, "moves": list(game.moves), "budget": BUDGET})
    assert answer["kind"] == "found"
    assert answer["index"] == game.turn
    assert answer["lost"] == game.moves[game.turn]
    assert answer["undecided"] == 0 and answer["later"] == len(game.moves) - 1 - game.turn
    # Python agrees: a win after `turn` moves, none after the next; the move offered instead keeps one.
    before = list(game.moves[:game.turn])
    assert verdict_after(game.code, before) == Verdict.WON
    assert verdict_after(game.code, [*before, answer["lost"]]) == Verdict.LOST
    assert verdict_after(game.code, [*before, answer["instead"]]) == Verdict.WON
    # Only the positions from the end back to the turning point were asked about.
    assert answer["asked"] == len(game.moves) - game.turn


def test_a_proved_lost_deal_is_never_winnable_and_says_so(coach):
    code = first_deal("L")
    moves = play_to_deadlock(Position(DealCode.parse(code)))
    answer = coach.ask({"op": "where", "code": code, "moves": moves, "budget": BUDGET})
    assert answer == {"kind": "never", "source": "file", "asked": 0}  # the file says so: nothing asked
    # Without the file, the solver goes back through every position, and finds no win in any.
    blind = coach.ask({"op": "where", "code": code, "moves": moves, "budget": BUDGET, "table": False})
    assert blind["kind"] in ("never", "none_found") and blind["asked"] == len(moves)
    assert coach.ask({"op": "verdict", "code": code, "budget": BUDGET})["verdict"] == "lost"


def test_without_the_verdict_file_the_solver_answers_and_says_what_it_did_not_decide(coach):
    won = first_deal("W")
    assert coach.ask({"op": "verdict", "code": won, "budget": BUDGET, "table": False})["source"] == "solver"
    undecided = coach.ask({"op": "verdict", "code": first_deal("L"), "budget": 10, "table": False})
    assert undecided == {"verdict": "undecided", "source": "solver", "nodes": 10, "asked": 1}
    game = lost_game()
    answer = coach.ask({"op": "where", "code": game.code, "moves": list(game.moves), "budget": 1,
                        "table": False})
    assert answer["kind"] == "none_found" and answer["later"] == len(game.moves)


@pytest.mark.parametrize("after", [0, 10, 20])
def test_a_hint_keeps_the_deal_winnable_as_python_sees_it(coach, after):
    game = lost_game()
    moves = list(game.moves[:after])
    answer = coach.ask({"op": "hint", "code": game.code, "moves": moves, "budget": BUDGET})
    assert answer["kind"] == "move"
    assert verdict_after(game.code, [*moves, answer["move"]]) == Verdict.WON


def test_no_winning_move_is_left_after_the_game_was_lost(coach):
    game = lost_game()
    moves = list(game.moves[:game.turn + 1])
    assert coach.ask({"op": "hint", "code": game.code, "moves": moves, "budget": BUDGET})["kind"] == "none"


def test_the_coach_asks_for_the_solver_s_default_budget():
    game = ROOT / "docs" / "assets" / "game"
    assert f"COACH_BUDGET = {BUDGET:_}" in (game / "coach.js").read_text("utf-8")
    assert f"DEFAULT_BUDGET = {BUDGET:_}" in (game / "solver.js").read_text("utf-8")
