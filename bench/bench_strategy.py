"""The Strategy page's players: CPU time a deal of the rule run (every rule of thumb) and of the
search run (two rules and the honest search), and the search's rollouts a second.

Targets: the rule run under 50 ms a deal (20,000 deals in minutes), the search run under 0.5 s
a deal (10,000 deals in about an hour on a quiet core), so that both runs stay practical.
"""

from __future__ import annotations

import time

from halfmoon import DealCode
from halfmoon.solver.rollouts import play_out
from halfmoon.solver.strategy import PLAYERS, SEARCH_PLAYERS, Player
from halfmoon.solver.strategy_run import play_deal

from targets import Figure

DEALS = 12


def _cpu_per_deal(players: tuple[Player, ...]) -> float:
    started = time.process_time()
    for number in range(DEALS):
        play_deal(number, players)
    return (time.process_time() - started) / DEALS


def _rollouts_per_second() -> float:
    worlds = []
    for number in range(200):
        layout = DealCode(number).layout()
        worlds.append(([[card.rank for card in pile] for pile in layout.piles],
                       [card.rank for card in layout.reserve]))
    started = time.process_time()
    for piles, reserve in worlds:
        play_out([list(pile) for pile in piles], list(reserve))
    return len(worlds) / (time.process_time() - started)


def main() -> list[Figure]:
    return [
        Figure("rule run, CPU a deal", 1000 * _cpu_per_deal(PLAYERS), "ms", 50, "lower"),
        Figure("search run, CPU a deal", _cpu_per_deal(SEARCH_PLAYERS), "s", 0.5, "lower"),
        Figure("rollouts (whole games from the deal) a second", _rollouts_per_second(), "/s"),
    ]
