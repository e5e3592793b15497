"""Decide a Half Moon position: a winning line, a proof that none exists, or "undecided".

A change here that can alter a verdict, the positions or the conflicts needs a new
``SOLVER_ID`` and a new winnability run (see halfmoon/solver/survey.py and
runs/winnability/README.md).

For documentation work only (SPEC §3: the game never uses it). Two deciders that
share no code: a depth-first search with the reductions below, which finds most
wins within a few thousand positions, and the rounds formula of
``halfmoon.solver.rounds`` (a SAT problem), which settles what the search leaves --
chiefly deals that cannot be won, where a proof by search can take millions of
positions. ``solve`` runs the search first, briefly, then the formula; the tests
check each one alone against a plain exhaustive search and against each other.

The search is a depth-first search over a compact state -- the twelve pile heights and the filled
reserve slots, which identify a position within its deal (``Position.key()``) --
with these reductions. Each one is sound: if the position before it can be won,
the search still finds a win. ``tests/test_solver.py`` checks the verdicts against
a plain exhaustive search.

1. Transpositions. The same state reached by moves in another order is searched
   once: a state whose whole (reduced) subtree failed is remembered as lost.
   Nothing is remembered when a budget cuts a subtree short.

2. Free-card symmetry. Call a card free when it covers nothing and can be played
   now: a reserve card, or the last card left in a pile (it stays on top until it
   is removed). Two free cards of one rank are interchangeable: exchanging them
   maps every line of play onto another. Of the free cards of a rank, only one is
   played: the last card of the lowest-numbered pile, else the lowest filled slot.

3. Covering card before free card. If a pile top that covers other cards and a free
   card have the same rank, a move with the free card is never needed: after the
   same move with the pile card instead, the free card stays available for ever
   and the card under the pile card is uncovered, so any win after the first move
   can be replayed after the second, the free card standing in where the pile card
   was used.

4. Safe moves. A move is played with no alternative tried when it cannot spoil a
   win. Take a winning line W and the candidate move m. Rebuild W with m first;
   every other card must then still be removed no later than in W unless it is a
   free card (uncovering a pile card earlier never hurts; a free card covers
   nothing, so its timing does not matter). Two cases allow that:

   a. For all of m's ranks but one, every other remaining card of that rank is
      free. A pair (a, b) with the other rank-a cards free: in W, a goes with some
      b' and b with some a'; give b' the free card a' at b''s own turn in W and drop
      b's old move (b and a' left earlier or later: b is gone already, a' is free).
      Triples likewise: the jacks, queens or kings whose others are all free are
      handed out to W's other triples at their own turns.
   b. Every remaining card of m's ranks is playable now, so stays playable until
      removed. Replace the k-th of W's moves of that kind by the k cards of each
      rank that W removes earliest and m did not: no card leaves later than in W.

5. Pile-count bound. Two cards in one pile never leave together (one covers the
   other), and each pair or triple takes at most one card from a pile. With n
   pairs (or triples) of a kind left to make, a pile holding more than n cards of
   that kind can never be cleared: the position is lost. Only the kind of the
   last move can newly break this, so only it is checked after each move.

6. Optimistic peel. Pretend partners are never used up: a pile card can go once
   every card above it has gone and, for each rank it needs (its pair's, or the
   two other face ranks), some card of that rank outside its own pile is in the
   reserve or has been uncovered. Peel the piles so until nothing changes. In a
   real win every card leaves with partners that are uncovered at that moment,
   so every card a win removes is peeled; a card never peeled means a lost
   position. This catches a card whose partners all lie under it, and cycles such
   as a 5 over a jack in one pile, waiting for a 6 under the last king elsewhere.

7. Some kinds alone. Delete every card of the other kinds: what is left of one kind
   (say the aces and tens), or of two kinds, is a smaller game of its own, and a win
   of the whole game, keeping only its moves of those kinds, wins it -- each of
   those moves is legal there, since fewer cards cover each card. So if the smaller
   game cannot be won, neither can the position. Its states are few and are decided
   once and remembered for the whole search; only the kind of the last move changes
   the games holding that kind, so only those are checked after a move. One kind
   catches counting dead ends that 5 and 6 miss: two aces over a ten in one pile,
   with one ten and one ace over a ten elsewhere. Two kinds (the faces with one
   pair's kind) catch such counts mixed with cycles between the kinds; they are
   consulted only after ``DUO_AFTER`` positions. A smaller game too big to decide
   within its cap (``KIND_NODE_CAP``, ``DUO_NODE_CAP`` positions) is taken as
   winnable, which prunes nothing.

The order in which moves are tried never changes the verdict, only the time and
which win is found; restarts (see ``_Search.run``) vary it to escape the long
fruitless subtrees that a depth-first search otherwise gets stuck in.

The browser has a port of this search, ``docs/assets/game/solver.js`` (run off the page's
thread by ``solver_worker.js``): the same reductions, move order, restarts and noise, so the
same position and node budget give the same verdict, node count and winning line as
``solve(position, node_budget=..., method="search")``. The shared vectors
``tests/data/solver.jsonl`` (written by ``halfmoon/corpus.py``) and a generated comparison
(``tests/test_solver_js.py``) keep the two equal: a change to the search here is made there
too, and ``python3 dev.py corpus`` rewrites the vectors.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..cards import JACK, KING, PAIR_SUM, QUEEN
from ..dealcode import DealCode, as_code
from ..moves import SOURCES, Move
from ..position import Position
from .rounds import RoundsProblem


class Verdict(StrEnum):
    """What the solver says of a position (equal to its lower-case name as a string)."""

    WON = "won"
    LOST = "lost"
    UNDECIDED = "undecided"


WON, LOST, UNDECIDED = Verdict.WON, Verdict.LOST, Verdict.UNDECIDED
PILE_COUNT = 12
SLOT_COUNT = 8
FACES = 0  # kind 0 is the triple J+Q+K; kinds 1..5 are the pairs A+10 .. 5+6
_HEIGHT_BITS = 4
_TIME_CHECK_EVERY = 256
_SOURCE_BIT = tuple(1 << (_HEIGHT_BITS * s) for s in range(PILE_COUNT)) + tuple(
    1 << (_HEIGHT_BITS * PILE_COUNT + s) for s in range(SLOT_COUNT)
)
# The ranks a card needs beside it: its pair's rank, or the two other face ranks.
_NEEDS = (
    (), *((PAIR_SUM - rank,) for rank in range(1, 11)),
    (QUEEN, KING), (JACK, KING), (JACK, QUEEN),
)
SEARCH_FIRST_NODES = 5_000  # positions the search may expand before the rounds formula takes over
SEARCH_FIRST_SHARE = 0.2  # the share of a time budget the search may use before that
RESTART_UNIT = 200  # positions expanded in the first runs of the search
KIND_NODE_CAP = 20_000  # positions one kind's smaller game (reduction 7) may expand
DUO_NODE_CAP = 2_000  # the same for a game of two kinds
DUO_AFTER = 1_000  # positions the main search expands before it consults the two-kind games
NOISE = 12.0  # how far, in pile heights, a later run may reorder the heuristic's choices


@dataclass(frozen=True, slots=True)
class Solution:
    """The verdict on a position, and the winning moves from it when there is one."""

    status: Verdict
    moves: tuple[Move, ...] = ()
    nodes: int = 0  # positions the search expanded
    seconds: float = 0.0
    by: str = ""  # what decided it: "search" or "rounds" (the formula); "" when undecided
    conflicts: int = 0  # conflicts the formula's SAT solver met

    @property
    def won(self) -> bool:
        return self.status == WON

    @property
    def decided(self) -> bool:
        return self.status != UNDECIDED


class _OutOfBudget(Exception):
    pass


def kind_of(rank: int) -> int:
    """0 for a face card, else the lower rank of its pair (A+10 is 1, 5+6 is 5)."""
    return FACES if rank >= JACK else min(rank, PAIR_SUM - rank)


METHODS = ("both", "search", "rounds")


def solve(
    target: Position | DealCode | str,
    *,
    node_budget: int | None = None,
    time_budget: float | None = None,
    method: str = "both",
) -> Solution:
    """Decide ``target`` (a deal code, or a position part-way through a game).

    ``node_budget`` bounds the positions the search expands and the conflicts the
    rounds formula meets; ``time_budget`` bounds the seconds. When either runs out
    the verdict is UNDECIDED. ``method`` is "both" (the search first, then the
    formula), or "search" or "rounds" alone, which the tests play off against each
    other. The same input always gives the same verdict and moves (a time budget
    aside, which depends on the machine).
    """
    position = target if isinstance(target, Position) else Position(as_code(target))
    piles = [[card.rank for card in pile] for pile in position.piles]
    reserve = [None if card is None else card.rank for card in position.reserve]
    return solve_ranks(piles, reserve, node_budget=node_budget, time_budget=time_budget, method=method)


def solve_ranks(
    piles: Sequence[Sequence[int]],
    reserve: Sequence[int | None],
    *,
    node_budget: int | None = None,
    time_budget: float | None = None,
    method: str = "both",
) -> Solution:
    """Decide a position given as ranks: 12 piles bottom to top, 8 slots (None = empty).

    With "both", the depth-first search may expand ``SEARCH_FIRST_NODES`` positions
    in ``SEARCH_FIRST_SHARE`` of the time; what it leaves goes to the rounds formula
    (``halfmoon.solver.rounds``) for the rest of the time.
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}, not {method!r}")
    started = time.perf_counter()
    deadline = None if time_budget is None else started + time_budget
    nodes = 0
    if method != "rounds":
        search_nodes, search_deadline = node_budget, deadline
        if method == "both":
            search_nodes = SEARCH_FIRST_NODES if node_budget is None else min(node_budget, SEARCH_FIRST_NODES)
            if time_budget is not None:
                search_deadline = started + SEARCH_FIRST_SHARE * time_budget
        search = _Search(piles, reserve, search_nodes, search_deadline)
        try:
            won = search.run()
        except _OutOfBudget:
            nodes = search.nodes if search_nodes is None else min(search.nodes, search_nodes)
        else:
            moves, seconds = _moves_of(search.path) if won else (), time.perf_counter() - started
            return Solution(WON if won else LOST, moves, search.nodes, seconds, "search")
        if method == "search":
            return Solution(UNDECIDED, (), nodes, time.perf_counter() - started)
    problem = RoundsProblem(piles, reserve)
    try:
        left = None if deadline is None else deadline - time.perf_counter()
        verdict = problem.decide(conflicts=node_budget, seconds=left)
        found = problem.moves() if verdict else []
    finally:
        problem.close()
    if verdict is None:
        return Solution(UNDECIDED, (), nodes, time.perf_counter() - started, conflicts=problem.conflicts)
    seconds = time.perf_counter() - started
    return Solution(WON if verdict else LOST, _moves_of(found), nodes, seconds, "rounds", problem.conflicts)


def _moves_of(path: Sequence[tuple[int, ...]]) -> tuple[Move, ...]:
    return tuple(Move(tuple(SOURCES[s] for s in move)) for move in path)


def luby(index: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (``index`` from 1): restart lengths."""
    size = 1
    while size < index + 1:
        size = 2 * size + 1
    while size > 1:
        half = size // 2
        if index == size:
            return (size + 1) // 2
        if index > half:
            index -= half
        size = half
    return 1


class _KindCap(Exception):
    pass


class _KindGame:
    """Reduction 7: the smaller game of some kinds' cards alone, with a memory of verdicts.

    Its state is keyed like the main search's (4 bits of height per pile, then one
    bit per filled reserve slot, by slot number), counting only these kinds' cards,
    so a move of one of these kinds changes both keys by the same amount. The memory
    holds won and lost states alike: a state of the smaller game is the whole of that
    game, so its verdict never depends on how it was reached.
    """

    def __init__(
        self, kinds: tuple[int, ...], piles: Sequence[tuple[int, ...]], slot_rank: Sequence[int],
        cap: int = KIND_NODE_CAP,
    ) -> None:
        self.kinds = kinds
        self.cap = cap
        self.groups = [(JACK, QUEEN, KING) if kind == FACES else (kind, PAIR_SUM - kind) for kind in kinds]
        self.piles = [tuple(rank for rank in pile if kind_of(rank) in kinds) for pile in piles]
        self.slot_rank = [rank if rank and kind_of(rank) in kinds else 0 for rank in slot_rank]
        self.memo: dict[int, bool] = {}
        self.deadline: float | None = None  # the main search's: past it, _OutOfBudget
        self.height: list[int] = []
        self.filled: list[bool] = []
        self.budget = 0

    def key_of(self, piles: Sequence[tuple[int, ...]], height: Sequence[int], filled: Sequence[bool]) -> int:
        """This game's key for the main position (``piles`` as given to the constructor)."""
        key = 0
        for p in range(PILE_COUNT):
            mine = sum(kind_of(rank) in self.kinds for rank in piles[p][: height[p]])
            key |= mine << (_HEIGHT_BITS * p)
        for slot in range(SLOT_COUNT):
            if filled[slot] and self.slot_rank[slot]:
                key |= 1 << (_HEIGHT_BITS * PILE_COUNT + slot)
        return key

    def winnable(self, key: int) -> bool:
        """False only if these kinds' cards alone, as they lie now, cannot all be removed."""
        known = self.memo.get(key)
        if known is not None:
            return known
        mask = (1 << _HEIGHT_BITS) - 1
        self.height = [(key >> (_HEIGHT_BITS * p)) & mask for p in range(PILE_COUNT)]
        self.filled = [bool(key >> (_HEIGHT_BITS * PILE_COUNT + s) & 1) for s in range(SLOT_COUNT)]
        self.budget = self.cap
        try:
            return self._win(key)
        except _KindCap:
            self.memo[key] = True  # undecided: taken as winnable, which prunes nothing
            return True

    def _win(self, key: int) -> bool:
        # No undo on _KindCap: winnable() rebuilds height and filled from the key each time.
        if key == 0:
            return True
        memo = self.memo
        known = memo.get(key)
        if known is not None:
            return known
        self.budget -= 1
        if self.budget < 0:
            raise _KindCap
        if self.deadline is not None and self.budget % _TIME_CHECK_EVERY == 0:
            if time.perf_counter() > self.deadline:
                raise _OutOfBudget
        height, filled, piles, slot_rank = self.height, self.filled, self.piles, self.slot_rank
        sources: list[list[int]] = [[] for _ in range(14)]
        for p in range(PILE_COUNT):
            if height[p]:
                sources[piles[p][height[p] - 1]].append(p)
        for slot in range(SLOT_COUNT):
            # Reductions 3 and 2, which hold in any game of this shape: a pile card of the
            # rank first, else only the lowest filled slot of the rank.
            if filled[slot] and not sources[slot_rank[slot]]:
                sources[slot_rank[slot]].append(PILE_COUNT + slot)
        moves: list[tuple[int, ...]] = []
        for group in self.groups:
            if len(group) == 2:
                moves += [(a, b) for a in sources[group[0]] for b in sources[group[1]]]
            else:
                moves += [(a, b, c) for a in sources[group[0]] for b in sources[group[1]]
                          for c in sources[group[2]]]
        won = False
        for move in moves:
            delta = 0
            for source in move:
                delta += _SOURCE_BIT[source]
                if source < PILE_COUNT:
                    height[source] -= 1
                else:
                    filled[source - PILE_COUNT] = False
            won = self._win(key - delta)
            for source in move:
                if source < PILE_COUNT:
                    height[source] += 1
                else:
                    filled[source - PILE_COUNT] = True
            if won:
                break
        memo[key] = won
        return won


class _Restart(Exception):
    pass


class _Search:
    """The mutable compact state and the depth-first search over it."""

    def __init__(
        self,
        piles: Sequence[Sequence[int]],
        reserve: Sequence[int | None],
        node_budget: int | None,
        deadline: float | None,
    ) -> None:
        if len(piles) != PILE_COUNT or len(reserve) != SLOT_COUNT:
            raise ValueError("a position has 12 piles and 8 reserve slots")
        self.piles = [tuple(pile) for pile in piles]
        if any(len(pile) >= 1 << _HEIGHT_BITS for pile in self.piles):
            raise ValueError("a pile holds at most 15 cards here")
        self.height = [len(pile) for pile in self.piles]
        self.slot_rank = [0 if rank is None else rank for rank in reserve]
        self.filled = [rank is not None for rank in reserve]
        self.remaining = [0] * 14  # by rank
        self.in_reserve = [0] * 14
        for pile in self.piles:
            for rank in pile:
                self.remaining[rank] += 1
        for slot, rank in enumerate(self.slot_rank):
            if self.filled[slot]:
                self.remaining[rank] += 1
                self.in_reserve[rank] += 1
        self.cards_left = sum(self.remaining)
        # Slots of each rank, lowest first (reduction 2 plays the lowest filled one).
        self.slots_of = [[s for s in range(SLOT_COUNT) if self.slot_rank[s] == r] for r in range(14)]
        # kind_in_pile[kind][pile][height]: cards of that kind among the pile's lowest `height`.
        self.kind_in_pile = [[self._prefix(pile, kind) for pile in self.piles] for kind in range(6)]
        # ranks_below[pile][i][rank]: cards of that rank among the pile's lowest i.
        self.ranks_below = []
        for pile in self.piles:
            rows, row = [], [0] * 14
            rows.append(tuple(row))
            for rank in pile:
                row[rank] += 1
                rows.append(tuple(row))
            self.ranks_below.append(rows)
        self.key = sum(h << (_HEIGHT_BITS * p) for p, h in enumerate(self.height))
        self.key += sum(1 << (_HEIGHT_BITS * PILE_COUNT + s) for s in range(SLOT_COUNT) if self.filled[s])
        # Reduction 7's smaller games: each kind alone, then the faces with each pair's kind.
        # (Two pairs' kinds together were measured to prune almost nothing the others miss.)
        self.games = [_KindGame((kind,), self.piles, self.slot_rank) for kind in range(6)]
        self.games += [
            _KindGame((FACES, low), self.piles, self.slot_rank, DUO_NODE_CAP) for low in range(1, 6)
        ]
        for game in self.games:
            game.deadline = deadline
        self.games_of = [[g for g, game in enumerate(self.games) if kind in game.kinds] for kind in range(6)]
        # The two-kind games cost more than they save on easy deals: consulted only once
        # the search has expanded DUO_AFTER positions (their keys are kept up all along).
        self.checked_of = [[kind] for kind in range(6)]
        self.game_keys = [game.key_of(self.piles, self.height, self.filled) for game in self.games]
        self.lost: set[int] = set()
        self.path: list[tuple[int, ...]] = []
        self.nodes = 0
        self.restart_at = 0
        self.noise: random.Random | None = None
        self.node_budget = node_budget
        self.deadline = deadline

    @staticmethod
    def _prefix(pile: tuple[int, ...], kind: int) -> list[int]:
        counts = [0]
        for rank in pile:
            counts.append(counts[-1] + (kind_of(rank) == kind))
        return counts

    # --- state changes ---------------------------------------------------------------

    def _apply(self, move: tuple[int, ...]) -> None:
        for source in move:
            if source < PILE_COUNT:
                self.height[source] -= 1
                rank = self.piles[source][self.height[source]]
                self.key -= 1 << (_HEIGHT_BITS * source)
            else:
                slot = source - PILE_COUNT
                self.filled[slot] = False
                rank = self.slot_rank[slot]
                self.in_reserve[rank] -= 1
                self.key -= 1 << (_HEIGHT_BITS * PILE_COUNT + slot)
            self.remaining[rank] -= 1
        self.cards_left -= len(move)

    def _undo(self, move: tuple[int, ...]) -> None:
        for source in move:
            if source < PILE_COUNT:
                rank = self.piles[source][self.height[source]]
                self.height[source] += 1
                self.key += 1 << (_HEIGHT_BITS * source)
            else:
                slot = source - PILE_COUNT
                self.filled[slot] = True
                rank = self.slot_rank[slot]
                self.in_reserve[rank] += 1
                self.key += 1 << (_HEIGHT_BITS * PILE_COUNT + slot)
            self.remaining[rank] += 1
        self.cards_left += len(move)

    def _within_bound(self, kind: int) -> bool:
        """Reduction 5 for one kind: no pile holds more of it than moves of it are left."""
        left = self.remaining[JACK if kind == FACES else kind]
        counts = self.kind_in_pile[kind]
        height = self.height
        return all(counts[p][height[p]] <= left for p in range(PILE_COUNT))

    def _balanced(self) -> bool:
        """Every pair and triple needs its partners: equal counts of A and 10, J and Q and K..."""
        r = self.remaining
        return all(r[n] == r[PAIR_SUM - n] for n in range(1, 6)) and r[JACK] == r[QUEEN] == r[KING]

    def _can_clear(self) -> bool:
        """Reduction 6: the optimistic peel, which forgets that partners get used up."""
        piles, height, below = self.piles, self.height, self.ranks_below
        front = list(height)
        seen = list(self.in_reserve)  # cards of each rank ever uncovered, reserve included
        for p in range(PILE_COUNT):
            if front[p]:
                seen[piles[p][front[p] - 1]] += 1
        progress = True
        while progress:
            progress = False
            for p in range(PILE_COUNT):
                f = front[p]
                if not f:
                    continue
                pile, top, mine = piles[p], below[p][height[p]], None
                while f:
                    rank = pile[f - 1]
                    mine = below[p][f - 1]
                    blocked = False
                    for need in _NEEDS[rank]:
                        if seen[need] - top[need] + mine[need] <= 0:
                            blocked = True
                            break
                    if blocked:
                        break
                    f -= 1
                    if f:
                        seen[pile[f - 1]] += 1
                    progress = True
                front[p] = f
        return not any(front)

    # --- the search ------------------------------------------------------------------

    def run(self) -> bool:
        """Search with restarts until decided; raises _OutOfBudget when a budget runs out.

        Run k (k = 1, 2, ...) may expand RESTART_UNIT * luby(k) positions. Run 1 orders
        moves by the plain heuristic; later runs break its ties and near-ties with a
        pseudo-random number seeded by k, so the result stays deterministic. A lost
        subtree is remembered only once fully searched, so the memory carries over
        from run to run, and the lengths grow without bound: the search is complete.
        """
        if not self._balanced() or not all(self._within_bound(kind) for kind in range(6)):
            return False
        if not all(self.games[kind].winnable(self.game_keys[kind]) for kind in range(6)):
            return False
        start = (list(self.height), list(self.filled), list(self.remaining),
                 list(self.in_reserve), self.cards_left, self.key, list(self.game_keys))
        run = 0
        while True:
            run += 1
            self.noise = None if run == 1 else random.Random(run)
            self.restart_at = self.nodes + RESTART_UNIT * luby(run)
            try:
                return self._search()
            except _Restart:
                height, filled, remaining, in_reserve, self.cards_left, self.key, game_keys = start
                self.game_keys = list(game_keys)
                self.height, self.filled = list(height), list(filled)
                self.remaining, self.in_reserve = list(remaining), list(in_reserve)
                self.path.clear()

    def _search(self) -> bool:
        key = self.key
        self.nodes += 1
        if self.nodes > self.restart_at:
            raise _Restart
        if self.nodes == DUO_AFTER:
            self.checked_of = self.games_of
        if self.node_budget is not None and self.nodes > self.node_budget:
            raise _OutOfBudget
        if self.deadline is not None and self.nodes % _TIME_CHECK_EVERY == 0:
            if time.perf_counter() > self.deadline:
                raise _OutOfBudget
        if not self._can_clear():
            self.lost.add(key)
            return False
        lost, games, game_keys = self.lost, self.games, self.game_keys
        for move, kind, delta in self._moves():
            if key - delta in lost:
                continue
            self._apply(move)
            self.path.append(move)
            if self.cards_left == 0:
                return True
            mine = self.games_of[kind]
            for g in mine:
                game_keys[g] -= delta
            if (
                self._within_bound(kind)
                and all(games[g].winnable(game_keys[g]) for g in self.checked_of[kind])
                and self._search()
            ):
                return True
            for g in mine:
                game_keys[g] += delta
            self.path.pop()
            self._undo(move)
        lost.add(key)
        return False

    def _moves(self) -> list[tuple[tuple[int, ...], int, int]]:
        """The moves worth trying, best first, with their kinds and key changes.

        A single safe move when there is one (reduction 4).
        """
        height, piles = self.height, self.piles
        tops: list[list[int]] = [[] for _ in range(14)]
        lone = [0] * 14  # pile cards with nothing under them, by rank
        covering: list[list[int]] = [[] for _ in range(14)]
        for p in range(PILE_COUNT):
            h = height[p]
            if h:
                rank = piles[p][h - 1]
                tops[rank].append(p)
                if h == 1:
                    lone[rank] += 1
                else:
                    covering[rank].append(p)
        # Reductions 2 and 3: per rank, the tops that cover cards, else one card that covers
        # nothing: the first lone pile card (all tops of the rank are lone), else the lowest
        # filled slot.
        choices = [list(sources) for sources in covering]
        for rank in range(1, 14):
            if not choices[rank]:
                if tops[rank]:
                    choices[rank] = [tops[rank][0]]
                elif self.in_reserve[rank]:
                    slot = next(s for s in self.slots_of[rank] if self.filled[s])
                    choices[rank] = [PILE_COUNT + slot]
        safe = self._safe_move(choices, tops, lone)
        if safe is not None:
            return [(safe[0], safe[1], self._delta(safe[0]))]
        moves: list[tuple[tuple[int, ...], int]] = []
        for low in range(1, 6):
            for a in choices[low]:
                for b in choices[PAIR_SUM - low]:
                    moves.append(((a, b) if a < b else (b, a), low))
        for j in choices[JACK]:
            for q in choices[QUEEN]:
                for k in choices[KING]:
                    moves.append((tuple(sorted((j, q, k))), FACES))
        ranked = sorted(moves, key=self._order)
        return [(move, kind, self._delta(move)) for move, kind in ranked]

    @staticmethod
    def _delta(move: tuple[int, ...]) -> int:
        return sum(_SOURCE_BIT[source] for source in move)

    def _order(self, entry: tuple[tuple[int, ...], int]) -> tuple[int, float]:
        """Move ordering: the fewest reserve cards, then the tallest piles dug into.

        Only the order changes from run to run, never the set of moves tried.
        """
        move = entry[0]
        reserve_cards = 0
        dug = 0.0
        for source in move:
            if source < PILE_COUNT:
                dug += self.height[source]
            else:
                reserve_cards += 1
        if self.noise is not None:
            dug += NOISE * self.noise.random()
        return (reserve_cards, -dug)

    def _others_free(self, rank: int, tops: list[list[int]], lone: list[int]) -> bool:
        """Reduction 4a's test: every other card of ``rank`` covers nothing."""
        covers = self.remaining[rank] - self.in_reserve[rank] - lone[rank]
        return covers == 0 or (covers == 1 and len(tops[rank]) - lone[rank] == 1)

    def _all_playable(self, rank: int, tops: list[list[int]]) -> bool:
        return self.remaining[rank] == len(tops[rank]) + self.in_reserve[rank]

    def _safe_move(
        self, choices: list[list[int]], tops: list[list[int]], lone: list[int]
    ) -> tuple[tuple[int, ...], int] | None:
        """Reduction 4: a move that cannot spoil a win, if the position has one."""
        for low in range(1, 6):
            high = PAIR_SUM - low
            if not choices[low] or not choices[high]:
                continue
            if (
                self._others_free(low, tops, lone)
                or self._others_free(high, tops, lone)
                or (self._all_playable(low, tops) and self._all_playable(high, tops))
            ):
                a, b = choices[low][0], choices[high][0]
                return ((a, b) if a < b else (b, a)), low
        if choices[JACK] and choices[QUEEN] and choices[KING]:
            faces = (JACK, QUEEN, KING)
            alone = sum(self._others_free(rank, tops, lone) for rank in faces)
            if alone >= 2 or all(self._all_playable(rank, tops) for rank in faces):
                return tuple(sorted(choices[rank][0] for rank in faces)), FACES
        return None
