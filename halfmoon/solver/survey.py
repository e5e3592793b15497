"""One deal of a winnability run: the verdict, checked a second way, and the simple players.

The published winnability run (``runs/winnability/``) was decided by this solver as it
stands. Bump ``SOLVER_ID`` with any change here or in ``search.py`` / ``rounds.py``
(reductions, budgets, restart order, the SAT solvers) that could alter a verdict: a
results file of another ``SOLVER_ID`` is refused on resume and on merge, so a changed
solver means a new run.

Every verdict is decided by budgets in positions and conflicts, never seconds, so
a run gives the same answers on any machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, cast

from ..dealcode import DealCode
from ..errors import HalfMoonError
from ..position import Position
from ..record import Record
from .players import greedy_player_wins, random_player_wins
from .rounds import SAT_SOLVER, SECOND_SAT_SOLVER, RoundsProblem
from .search import SEARCH_FIRST_NODES, Solution, Verdict, solve

SOLVER_ID = "halfmoon-solver/2026-12-02"
CONFIRM_NODES = 10_000  # positions the search alone may expand to confirm a formula's lost verdict
CONFIRM_CONFLICTS_FACTOR = 10  # the second SAT solver gets this many times the run's conflicts


class SolverDisagreement(HalfMoonError):
    """Two deciders disagree on a deal, or a win does not replay: the run must stop."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal's line in a results file (JSON Lines)."""

    code: str
    verdict: Verdict
    by: str  # "search" or "rounds"; "" when undecided
    positions: int  # expanded by the search
    conflicts: int  # met by the SAT solver
    seconds: float  # CPU seconds for the verdict
    confirmed_by: str  # "replay" (won), "search" or the second SAT solver (lost), "" (undecided)
    random_won: bool
    greedy_won: bool
    total_seconds: float  # CPU seconds for everything on this deal
    tried: tuple[str, ...] = field(default=())  # for an undecided deal: what ran out

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "code": self.code, "verdict": str(self.verdict), "by": self.by,
            "positions": self.positions, "conflicts": self.conflicts,
            "seconds": round(self.seconds, 5), "confirmed_by": self.confirmed_by,
            "random_won": self.random_won, "greedy_won": self.greedy_won,
            "total_seconds": round(self.total_seconds, 5),
        }
        if self.tried:
            data["tried"] = list(self.tried)
        return data

    @classmethod
    def from_json(cls, data: object) -> DealResult:
        """Read one line's object; raises ValueError naming what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a result must be a JSON object")
        try:
            code = str(DealCode.parse(_typed(data, "code", str)))
            tried = data.get("tried", [])
            if not isinstance(tried, list) or not all(isinstance(t, str) for t in tried):
                raise ValueError("'tried' must be a list of strings")
            return cls(
                code=code, verdict=Verdict(_typed(data, "verdict", str)), by=_typed(data, "by", str),
                positions=_typed(data, "positions", int), conflicts=_typed(data, "conflicts", int),
                seconds=float(_typed(data, "seconds", (int, float))),
                confirmed_by=_typed(data, "confirmed_by", str),
                random_won=_typed(data, "random_won", bool), greedy_won=_typed(data, "greedy_won", bool),
                total_seconds=float(_typed(data, "total_seconds", (int, float))), tried=tuple(tried),
            )
        except HalfMoonError as error:
            raise ValueError(str(error)) from None


def _typed(data: dict, key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if kind is not bool and isinstance(value, bool) or not isinstance(value, kind):
        raise ValueError(f"{key!r} is missing or not {_kind_name(kind)}")
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        raise ValueError(f"{key!r} is not a finite number")
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        raise ValueError(f"{key!r} is negative")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "a string", int: "an integer", bool: "true or false"}
    return names.get(kind, "a number") if isinstance(kind, type) else "a number"


@dataclass(frozen=True, slots=True)
class Budget:
    """What a deal gets before it is left undecided, at a run's ``nodes``: the search's positions
    (``SEARCH_FIRST_NODES`` at most), then the conflicts of ``sat_solver`` on the rounds formula."""

    search_positions: int
    sat_solver: str
    sat_conflicts: int

    @classmethod
    def of(cls, nodes: int) -> Budget:
        return cls(min(nodes, SEARCH_FIRST_NODES), SAT_SOLVER, nodes)

    def tried(self) -> tuple[str, ...]:
        """The words of a results file's ``tried``."""
        return (f"search: {self.search_positions:,} positions",
                f"rounds formula with {self.sat_solver}: {self.sat_conflicts:,} conflicts")


def examine(number: int, nodes: int) -> DealResult:
    """Decide deal ``number`` at ``nodes`` positions and conflicts; check it; play it simply.

    Raises SolverDisagreement when a check contradicts the verdict.
    """
    started = time.process_time()
    code = DealCode(number)
    solution = solve(code, node_budget=nodes)
    seconds = time.process_time() - started
    confirmed_by, tried = "", cast(tuple[str, ...], ())
    if solution.status == Verdict.WON:
        final = Record(code, list(solution.moves)).replay()
        if not final.is_won():
            raise SolverDisagreement(f"{code}: the {solution.by}'s win does not clear the table on replay")
        confirmed_by = "replay"
    elif solution.status == Verdict.LOST:
        confirmed_by = confirm_lost(code, solution, nodes)
    else:
        tried = Budget.of(nodes).tried()
    return DealResult(
        code=str(code), verdict=solution.status, by=solution.by, positions=solution.nodes,
        conflicts=solution.conflicts, seconds=seconds, confirmed_by=confirmed_by,
        random_won=random_player_wins(code), greedy_won=greedy_player_wins(code),
        total_seconds=time.process_time() - started, tried=tried,
    )


def confirm_lost(code: DealCode, solution: Solution, nodes: int) -> str:
    """Prove a lost verdict a second way; the name of the way, or raise SolverDisagreement.

    A formula's verdict goes to the search alone (within ``CONFIRM_NODES``); what the
    search leaves, and the search's own verdicts, go to a second SAT solver on the formula.
    """
    if solution.by == "rounds":
        search = solve(code, node_budget=CONFIRM_NODES, method="search")
        if search.status == Verdict.LOST:
            return "search"
        if search.status == Verdict.WON:
            raise SolverDisagreement(f"{code}: the formula says lost, the search finds a win")
    position = Position(code)
    problem = RoundsProblem(
        [[card.rank for card in pile] for pile in position.piles],
        [None if card is None else card.rank for card in position.reserve],
    )
    try:
        verdict = problem.decide(conflicts=CONFIRM_CONFLICTS_FACTOR * nodes, sat_solver=SECOND_SAT_SOLVER)
    finally:
        problem.close()
    if verdict is True:
        raise SolverDisagreement(f"{code}: the {solution.by} says lost, {SECOND_SAT_SOLVER} finds a win")
    if verdict is None:
        raise SolverDisagreement(
            f"{code}: lost by the {solution.by}, but neither the search within {CONFIRM_NODES:,} positions "
            f"nor {SECOND_SAT_SOLVER} within {CONFIRM_CONFLICTS_FACTOR * nodes:,} conflicts confirms it"
        )
    return SECOND_SAT_SOLVER
