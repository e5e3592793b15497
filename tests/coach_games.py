"""Games for the coach's tests and benchmark (issue 47): lost games of winnable deals whose
turning point halfmoon/solver/search.py names, built from the Python engine and solver alone, so
they check the JavaScript coach independently."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from halfmoon import DealCode, Move, Position
from halfmoon.solver.search import Verdict, solve
from halfmoon.solver.verdicts import read_verdicts

BUDGET = 200_000  # the coach's (docs/assets/game/coach.js COACH_BUDGET)
VERDICTS = read_verdicts(Path(__file__).resolve().parent.parent / "docs" / "records" / "verdicts.gz")


def first_deal(symbol: str) -> str:
    """The first deal of the published verdict file with `symbol` (W won, L lost, U undecided)."""
    return str(DealCode(VERDICTS.start.number + VERDICTS.symbols.index(symbol)))


def play_to_deadlock(position: Position) -> list[str]:
    """Play the first legal move each time until none is left; the moves played."""
    moves = []
    while not position.is_deadlocked():
        move = position.legal_moves()[0]
        position.push(move)
        moves.append(notation(move))
    return moves


def notation(move: Move) -> str:
    return "+".join(move.sources)


def verdict_after(code: str, moves: list[str], budget: int = BUDGET) -> Verdict:
    position = Position(DealCode.parse(code))
    for text in moves:
        position.push(Move.parse(text))
    return solve(position, node_budget=budget, method="search").status


@dataclass(frozen=True)
class LostGame:
    code: str
    moves: tuple[str, ...]  # the whole game, ending in a deadlock
    turn: int  # after this many moves a win still existed; moves[turn] left none


@cache
def lost_game(code: str = "HM1-N-AAAAAAB", keep: int = 20, budget: int = BUDGET) -> LostGame:
    """A game of the winnable deal `code` that follows the solver's winning line for `keep`
    moves, then makes a move after which the search proves no win is left, then the first legal
    move each time until the deadlock."""
    position = Position(DealCode.parse(code))
    line = solve(position, node_budget=budget, method="search")
    assert line.status == Verdict.WON, f"{code} is not won within {budget} positions"
    moves: list[str] = []
    for move in line.moves[:keep]:
        position.push(move)
        moves.append(notation(move))
    for move in position.legal_moves():
        position.push(move)
        if solve(position, node_budget=budget, method="search").status == Verdict.LOST:
            moves.append(notation(move))
            break
        position.pop()
    else:
        raise AssertionError(f"no losing move after {keep} moves of {code}'s winning line")
    moves += play_to_deadlock(position)
    return LostGame(code, tuple(moves), keep)
