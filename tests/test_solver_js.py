"""The browser's solver (docs/assets/game/solver.js) answers as halfmoon/solver/search.py does, in Node.

Same verdict, same count of positions expanded and the same winning line for the same position
and budget: over the shared vectors (tests/data/solver.jsonl, tests/js/run_solver.mjs), and over
positions hypothesis generates (random deals, random legal moves), sent in batches to one Node
process (tests/js/solve_batch.mjs). tests/test_solver_js_browser.py runs the vectors through the
worker in Chromium.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from node_script import NodeLines, node_outcome

from halfmoon import DealCode, corpus
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.position import Position
from halfmoon.solver.search import DUO_AFTER, RESTART_UNIT

ROOT = Path(__file__).resolve().parent.parent
CASES = corpus.load(ROOT / "tests" / "data" / "solver.jsonl")


def test_solver_js_agrees_with_every_vector():
    outcome = node_outcome("run_solver.mjs")
    assert outcome["bad"] == []
    assert outcome["count"] == len(CASES) and outcome["exit"] == 0


def test_the_vectors_reach_every_path_of_the_search():
    verdicts = [case["verdict"] for case in CASES]
    assert {verdicts.count(v) >= 5 for v in ("won", "lost", "undecided")} == {True}
    won = [case for case in CASES if case["verdict"] == "won"]
    assert all(len(case["moves"]) + len(case["line"]) == 48 for case in won)
    assert any(case["nodes"] > DUO_AFTER for case in won)  # after restarts and the two-kind games
    lost = [case["nodes"] for case in CASES if case["verdict"] == "lost"]
    assert 0 in lost and any(n > DUO_AFTER for n in lost) and any(RESTART_UNIT < n < DUO_AFTER for n in lost)
    undecided = [case for case in CASES if case["verdict"] == "undecided"]
    assert all(case["nodes"] == case["budget"] for case in undecided)
    assert {0, 1} <= {case["budget"] for case in undecided}
    middle = [case for case in CASES if case["moves"]]
    assert len({case["verdict"] for case in middle}) == 3 and len(middle) >= 30


# --- generated positions, answered by one Node process ------------------------------------------


class NodeSolver(NodeLines):
    """tests/js/solve_batch.mjs: a batch of positions in, their answers out."""

    def __init__(self) -> None:
        super().__init__("solve_batch.mjs")

    def solve(self, requests: list[dict]) -> list[dict]:
        return self.ask(requests)["results"]


@pytest.fixture(scope="module")
def node_solver():
    solver = NodeSolver()
    yield solver
    solver.close()


def _moves(number: int, picks: list[int]) -> list[str]:
    """Legal moves from the deal, the k-th chosen by picks[k] (stops early at a deadlock)."""
    position, moves = Position(DealCode(number)), []
    for pick in picks:
        legal = position.legal_moves()
        if not legal:
            break
        move = legal[pick % len(legal)]
        position.push(move)
        moves.append(str(move))
    return moves


def _request(number: int, picks: list[int], budget: int) -> dict:
    return {"code": str(DealCode(number)), "moves": _moves(number, picks), "budget": budget}


positions = st.builds(
    _request,
    number=st.integers(0, DEAL_COUNT - 1),
    # Few moves mostly: a random move soon spoils a deal, and lost positions are quickly proved.
    picks=st.one_of(st.lists(st.integers(0, 99), max_size=4), st.lists(st.integers(0, 99), max_size=40)),
    budget=st.sampled_from([0, 1, 60, 400, 1_500]),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(batch=st.lists(positions, min_size=1, max_size=4))
def test_solver_js_agrees_with_python_on_generated_positions(node_solver, batch):
    want = [corpus.solver_case(DealCode.parse(case["code"]), case["moves"], case["budget"]) for case in batch]
    got = node_solver.solve(batch)
    assert got == [{key: case[key] for key in ("verdict", "nodes", "line")} for case in want]


def test_bad_input_is_refused_with_the_engines_errors(node_solver):
    with pytest.raises(AssertionError, match="DealCodeError"):
        node_solver.solve([{"code": "HM1-N-AAAA1AB", "moves": [], "budget": 10}])
    with pytest.raises(AssertionError, match=r"illegal move 1\+2"):
        node_solver.solve([{"code": "HM1-N-AAAAAAB", "moves": ["1+2"], "budget": 10}])
    with pytest.raises(AssertionError, match="budget"):
        node_solver.solve([{"code": "HM1-N-AAAAAAB", "moves": [], "budget": -1}])
