"""The best honest player the project has: rollouts of the best rule of thumb (``rollouts.rule_key``:
the reserve, the single tallest pile, the tallest piles) in worlds sampled from what the
player sees (issue 46).

At a choice with at most ``SEARCH_FROM`` cards left on the table (before, the moves differ
little and the rule plays alone), the moves that look the same (``strategy.look``) count as
one. Each of the ``CANDIDATES`` moves the rule ranks highest is played in the same ``WORLDS``
sampled worlds (the unseen cards dealt at random beneath the tops) and the rule plays on;
the move that wins the most worlds is chosen. The rule's own move keeps its place unless
another wins at least ``MARGIN`` more of the same worlds: a few samples should not talk the
player out of a good rule on noise. The costs are counts (worlds, games), never seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..moves import SOURCE_INDEX, Move
from .rollouts import play_move, play_out, rule_key, sample_world, view_ranks
from .view import PlayerView

WORLDS = 48
CANDIDATES = 3
MARGIN = 4
SEARCH_FROM = 70


def search_choice(seed: int, worlds: int = WORLDS, candidates: int = CANDIDATES,
                  margin: int = MARGIN) -> Callable[[PlayerView, list[Move]], Move]:
    """A choice function: its random numbers come from ``seed`` alone, its cards from the view."""
    rng = random.Random(seed)

    def choose(view: PlayerView, moves: list[Move]) -> Move:
        tops, counts, unseen = view_ranks(view)
        indexed = [tuple(SOURCE_INDEX[s] for s in move.canonical()) for move in moves]
        # The rule's order: the highest key first, equals in the engine's order (a stable sort).
        order = sorted(range(len(moves)), key=lambda i: -rule_key(indexed[i], counts))
        if len(moves) == 1 or view.cards_left() > SEARCH_FROM:
            return moves[order[0]]
        from .strategy import look
        distinct: dict[tuple[tuple[int, int, bool], ...], int] = {}
        for i in order:
            distinct.setdefault(look(view, moves[i]), i)
        chosen = list(distinct.values())[:candidates]
        if len(chosen) == 1:
            return moves[chosen[0]]
        wins = [0] * len(chosen)
        for _ in range(worlds):
            piles, reserve = sample_world(tops, counts, unseen, rng)
            for k, i in enumerate(chosen):
                world = [list(pile) for pile in piles]
                slots = list(reserve)
                play_move(world, slots, indexed[i])
                wins[k] += play_out(world, slots) == 0
        best = max(range(len(chosen)), key=wins.__getitem__)  # the first of equals: the rule's order
        return moves[chosen[best]] if wins[best] - wins[0] >= margin else moves[chosen[0]]

    return choose
