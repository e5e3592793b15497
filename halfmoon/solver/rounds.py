"""The exact half of the solver: a position decided as a satisfiability problem.

The depth-first search in ``search.py`` finds most wins in milliseconds, but proving
that a deal cannot be won can take it millions of positions. This module states
"this position can be cleared" as a propositional formula and hands it to a SAT
solver (MiniSat 2.2 through python-sat; Glucose confirms), which settles those deals in a fraction
of a second. The search tries first; this module takes what it leaves.

The formula: play in rounds 0, 1, ..., T-1. Every remaining card leaves in one
round, r(card). A card directly under another in a pile leaves in a later round
(r(under) >= r(over) + 1). In every round, of each pair's kind as many cards of
one rank leave as of the other, and as many jacks as queens as kings.

- A win gives such rounds: its k-th move is round k (T = the moves left).
- Such rounds give a win: in round t, every card leaving has all the cards above
  it gone in earlier rounds, so all are playable at once; pair them by kind in any
  way and play the groups one after another (removing cards never covers any).
So the formula is satisfiable exactly when the position can be won, and T = the
number of groups left is enough rounds. Variables: o(c, t) = "r(c) <= t" (the
order encoding); the counts per kind are compared through totalizers on the
prefixes "left by round t", which is the same as comparing each round's counts.
Reserve cards of one rank are interchangeable, so their rounds are ordered by slot.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from ..cards import JACK, KING, PAIR_SUM, QUEEN
from ..dealcode import PILES
from .interrupt import interrupted_by_signals

SAT_SOLVER = "minisat22"  # decides: another one needs a new SOLVER_ID (solver/survey.py)
# confirms lost verdicts on the same formula (CaDiCaL in python-sat takes no conflict budget)
SECOND_SAT_SOLVER = "glucose4"
_GROUPS = (*((low, PAIR_SUM - low) for low in range(1, 6)), (JACK, QUEEN, KING))


class _Formula:
    """Clauses in DIMACS form, with fresh variables on demand."""

    def __init__(self) -> None:
        self.count = 1
        self.clauses: list[list[int]] = [[1]]  # variable 1 is the constant true
        self.true = 1

    def fresh(self) -> int:
        self.count += 1
        return self.count

    def same(self, a: int, b: int) -> None:
        self.clauses += ([-a, b], [a, -b])

    def counter(self, inputs: Sequence[int]) -> list[int]:
        """A totalizer: outputs u[k-1] true exactly when at least k inputs are true."""
        if len(inputs) <= 1:
            return list(inputs)
        half = len(inputs) // 2
        left, right = self.counter(inputs[:half]), self.counter(inputs[half:])
        out = [self.fresh() for _ in range(len(left) + len(right))]
        for i in range(len(left) + 1):
            for j in range(len(right) + 1):
                if i + j:  # i of the left and j of the right: at least i + j
                    self.clauses.append(
                        [out[i + j - 1]] + ([-left[i - 1]] if i else []) + ([-right[j - 1]] if j else [])
                    )
                if i + j < len(out):  # at most i and at most j: at most i + j
                    self.clauses.append(
                        [-out[i + j]] + ([left[i]] if i < len(left) else [])
                        + ([right[j]] if j < len(right) else [])
                    )
        return out


class RoundsProblem:
    """The formula of one position; ``decide`` may be called again with more budget."""

    def __init__(self, piles: Sequence[Sequence[int]], reserve: Sequence[int | None]) -> None:
        # cards: (rank, source, depth), source 0..11 a pile, 12.. a reserve slot
        self.cards: list[tuple[int, int, int]] = []
        for p, pile in enumerate(piles):
            self.cards += [(rank, p, len(pile) - 1 - i) for i, rank in enumerate(pile)]
        self.cards += [(rank, PILES + s, 0) for s, rank in enumerate(reserve) if rank]
        ranks = [0] * 14
        for rank, _, _ in self.cards:
            ranks[rank] += 1
        balanced = all(ranks[low] == ranks[PAIR_SUM - low] for low in range(1, 6)) and (
            ranks[JACK] == ranks[QUEEN] == ranks[KING]
        )
        self.rounds = sum(ranks[1:11]) // 2 + ranks[JACK]
        # A card under d others leaves in round d at the earliest; so does a pile of d + 1
        # cards need d + 1 groups at least.
        self.possible = balanced and all(depth < self.rounds for _, _, depth in self.cards)
        self.formula = _Formula()
        self.order: list[list[int]] = []
        self._solver: Any = None  # a pysat Solver, made on first use (pysat has no type hints)
        self.conflicts = 0  # met by the SAT solver over every ``decide`` so far
        if self.possible:
            self._encode()

    def _encode(self) -> None:
        f, rounds = self.formula, self.rounds
        for _, _, depth in self.cards:
            # a card with d cards above it cannot leave before round d
            row = [-f.true if t < depth else f.true if t == rounds - 1 else f.fresh() for t in range(rounds)]
            f.clauses += ([-row[t], row[t + 1]] for t in range(rounds - 1))
            self.order.append(row)
        at = {(source, depth): c for c, (_, source, depth) in enumerate(self.cards) if source < PILES}
        for (source, depth), under in at.items():
            over = at.get((source, depth - 1))
            if over is not None:
                f.clauses.append([-self.order[under][0]])
                f.clauses += ([-self.order[under][t], self.order[over][t - 1]] for t in range(1, rounds))
        by_rank: dict[int, list[int]] = {}
        for c, (rank, _, _) in enumerate(self.cards):
            by_rank.setdefault(rank, []).append(c)
        for cards in by_rank.values():
            kept = [c for c in cards if self.cards[c][1] >= PILES]
            for first, second in zip(kept, kept[1:]):  # slot order breaks the reserve's symmetry
                f.clauses += ([-self.order[second][t], self.order[first][t]] for t in range(rounds))
        for t in range(rounds - 1):
            for group in _GROUPS:
                counts = [f.counter([self.order[c][t] for c in by_rank.get(rank, ())]) for rank in group]
                for k in range(max(len(count) for count in counts)):
                    outputs = [count[k] if k < len(count) else -f.true for count in counts]
                    for a, b in zip(outputs, outputs[1:]):
                        f.same(a, b)

    def decide(
        self, conflicts: int | None = None, seconds: float | None = None, sat_solver: str = SAT_SOLVER
    ) -> bool | None:
        """True (winnable), False (lost), or None when the budget ran out first.

        ``sat_solver`` names a python-sat solver: MiniSat 2.2 normally; another one
        (``SECOND_SAT_SOLVER``) confirms a verdict on the same formula.
        """
        if not self.cards:
            return True
        if not self.possible:
            return False
        if self._solver is None:
            from pysat.solvers import Solver

            self._solver = Solver(name=sat_solver, bootstrap_with=self.formula.clauses)
        solver = self._solver
        if conflicts is not None:
            solver.conf_budget(max(1, conflicts))
        timer = None
        if seconds is not None:
            timer = threading.Timer(max(0.0, seconds), solver.interrupt)
            timer.start()
        try:
            with interrupted_by_signals(solver.interrupt) as watch:
                while True:
                    verdict = solver.solve_limited(expect_interrupt=watch.active or seconds is not None)
                    # A signal that interrupted the call has raised by now (its handler runs at
                    # the first bytecode after the call) unless its handler lets the program go
                    # on: then so does the solver, within what is left of its budget.
                    if not watch.fired.is_set() or (timer is not None and timer.finished.is_set()):
                        break
                    watch.fired.clear()
                    solver.clear_interrupt()
        finally:
            if timer is not None:
                timer.cancel()
            solver.clear_interrupt()
            self.conflicts = solver.accum_stats().get("conflicts", 0)
        return verdict

    def moves(self) -> list[tuple[int, ...]]:
        """The winning moves of the last satisfiable ``decide``, round by round."""
        if not self.cards:
            return []
        assert self._solver is not None
        true = {lit for lit in self._solver.get_model() or () if lit > 0}
        true.add(self.formula.true)

        def holds(literal: int) -> bool:
            return literal in true if literal > 0 else -literal not in true

        leaving: dict[tuple[int, int], list[int]] = {}  # (round, rank): sources
        for (rank, source, _), row in zip(self.cards, self.order):
            t = next(t for t, literal in enumerate(row) if holds(literal))
            leaving.setdefault((t, rank), []).append(source)
        moves: list[tuple[int, ...]] = []
        for t in range(self.rounds):
            for group in _GROUPS:
                columns = [sorted(leaving.get((t, rank), ())) for rank in group]
                moves += [tuple(sorted(cards)) for cards in zip(*columns, strict=True)]
        return moves

    def close(self) -> None:
        if self._solver is not None:
            self._solver.delete()
            self._solver = None
