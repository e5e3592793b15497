"""The honest search player's engine: worlds sampled from what a player sees, and fast games
played in them by a rule of thumb (issue 46).

A player who sees only the tops cannot tell where the unseen cards lie: to them each unseen
card is as likely as the next to come up. A *world* deals the unseen cards (by rank: suits
never matter to a move) at random beneath the tops, keeping every count. A rule of thumb
that reads only the view plays a world as it would play the real deal, so its games in
sampled worlds estimate, without bias, how often it wins after each candidate move: the
rollouts of Bjarnason, Fern and Tadepalli (2009) and of Yan, Diaconis, Rusmevichientong and
Van Roy (2005). Choosing the move with the most wins improves on the rule, up to the noise of
the samples.

Everything here works on ranks, in lists, for speed: a world is ``piles`` (ranks bottom to
top) and ``reserve`` (0 for an empty slot). ``rule_key`` and ``play_out`` must choose as the
rule player ``tallest-pile`` of ``strategy.py`` does; the tests play both on the same deals
and compare the games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import JACK, KING, PAIR_SUM, QUEEN
from ..dealcode import PILES
from .view import PlayerView

SOURCES = PILES + 8
Sources = tuple[int, ...]
# Weights that make one number of the rule's three keys, in order: a pile holds at most 8 cards
# and a move takes three at most, so 24 < PILE_WEIGHT and 8 * PILE_WEIGHT + 24 < RESERVE_WEIGHT.
PILE_WEIGHT = 100
RESERVE_WEIGHT = 10_000


def rule_key(sources: Sources, counts: Sequence[int]) -> int:
    """The best rule of thumb, "keep the reserve, then the single tallest pile, then the tallest
    piles" (``strategy.PLAYERS``' ``tallest-pile``), as one number: fewer reserve cards first,
    then the tallest pile the move takes from, then the cards of all its piles together."""
    key = 0
    tallest = 0
    for s in sources:
        if s >= PILES:
            key -= RESERVE_WEIGHT
        else:
            key += counts[s]
            tallest = max(tallest, counts[s])
    return key + PILE_WEIGHT * tallest


def play_out(piles: list[list[int]], reserve: list[int]) -> int:
    """Play a world to the end by the rule (the lists are used up); the cards left, 0 for a win."""
    tops = [pile[-1] if pile else 0 for pile in piles] + reserve
    counts = [len(pile) for pile in piles] + [1 if rank else 0 for rank in reserve]
    while True:
        by: list[list[int]] = [[] for _ in range(14)]
        for index in range(SOURCES):
            rank = tops[index]
            if rank:
                by[rank].append(index)
        best: Sources | None = None
        best_key = -10**9
        for low in range(1, 6):
            highs = by[PAIR_SUM - low]
            if not highs:
                continue
            for a in by[low]:
                ka = -RESERVE_WEIGHT if a >= PILES else counts[a]
                ta = 0 if a >= PILES else counts[a]
                for b in highs:
                    if b >= PILES:
                        key = ka - RESERVE_WEIGHT + PILE_WEIGHT * ta
                    else:
                        key = ka + counts[b] + PILE_WEIGHT * max(ta, counts[b])
                    move: Sources = (a, b) if a < b else (b, a)
                    if key > best_key or (key == best_key and best is not None and move < best):
                        best, best_key = move, key
        if by[JACK] and by[QUEEN] and by[KING]:
            for a in by[JACK]:
                for b in by[QUEEN]:
                    for c in by[KING]:
                        triple: Sources = tuple(sorted((a, b, c)))
                        key = rule_key(triple, counts)
                        if key > best_key or (key == best_key and best is not None and triple < best):
                            best, best_key = triple, key
        if best is None:
            return sum(counts)
        for s in best:
            if s < PILES:
                pile = piles[s]
                pile.pop()
                counts[s] -= 1
                tops[s] = pile[-1] if pile else 0
            else:
                counts[s] = 0
                tops[s] = 0


def view_ranks(view: PlayerView) -> tuple[list[int], list[int], list[int]]:
    """The view in ranks: the tops (0: none), the counts, and the unseen ranks as a list."""
    tops = [card.rank if card is not None else 0 for card in view.tops]
    reserve = [card.rank if card is not None else 0 for card in view.reserve]
    unseen = sorted(card.rank for card, n in view.unseen().items() for _ in range(n))
    return tops + reserve, list(view.counts) + [1 if r else 0 for r in reserve], unseen


def sample_world(tops: Sequence[int], counts: Sequence[int], unseen: Sequence[int],
                 rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """A world consistent with the view: the unseen ranks shuffled beneath the tops."""
    cards = list(unseen)
    rng.shuffle(cards)
    piles = []
    at = 0
    for index in range(PILES):
        count = counts[index]
        if count:
            piles.append(cards[at:at + count - 1] + [tops[index]])
            at += count - 1
        else:
            piles.append([])
    assert at == len(cards), "the unseen cards do not fill the piles: a view of another game?"
    return piles, list(tops[PILES:])


def play_move(piles: list[list[int]], reserve: list[int], move: Sources) -> None:
    for s in move:
        if s < PILES:
            piles[s].pop()
        else:
            reserve[s - PILES] = 0
