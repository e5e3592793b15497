"""The Rules page's quick facts: the game's numbers from the engine, its odds from the figures.

Nothing here is typed on a page: the deck, the layout and a won game's length come from the
engine's constants, the winnable share and the players' from ``winnability.json``, the best
honest play's from ``strategy.json``; the
words are the catalog's, in the page's language.
"""

from __future__ import annotations

from halfmoon import WINNING_MOVES, WINNING_SCORE
from halfmoon.cards import DECK
from halfmoon.dealcode import PILE_HEIGHT, PILES, RESERVE_SLOTS

from .context import Context
from .stats import SHARE_DECIMALS, percent

DECKS = 2
TRIPLES = 8  # every jack, queen and king leaves in a triple: 8 of each in two decks
PAIRS = WINNING_MOVES - TRIPLES


def facts_html(context: Context) -> str:
    writer = context.writer()
    stats = context.stats
    locale = writer.catalog.locale

    def share(name: str, decimals: int | None = None) -> str:
        return writer.insert(percent(stats.share(name), locale, decimals))

    rows = {
        "cards": writer.text("docs.facts.cards_value", cards=writer.count(DECKS * len(DECK), "cards")),
        "layout": writer.text("docs.facts.layout_value", piles=writer.number(PILES),
                              height=writer.number(PILE_HEIGHT), reserve=writer.number(RESERVE_SLOTS)),
        "playable": writer.text("docs.facts.playable_value"),
        "removals": writer.text("docs.facts.removals_value"),
        "length": writer.text("docs.facts.length_value", moves=writer.count(WINNING_MOVES, "moves"),
                              pairs=writer.count(PAIRS, "pairs"), triples=writer.count(TRIPLES, "triples"),
                              points=writer.count(WINNING_SCORE, "points")),
        "winnable": writer.text("docs.facts.winnable_value", share=share("won_share", SHARE_DECIMALS),
                                low=share("ci_low", SHARE_DECIMALS), high=share("ci_high", SHARE_DECIMALS),
                                deals=stats.render("deals", writer)),
        "skill": writer.text("docs.facts.skill_value", perfect=share("won_share", SHARE_DECIMALS),
                             honest=writer.insert(percent(context.strategy_figures().honest_best().share,
                                                          locale)),
                             greedy=share("greedy_player.share"), random=share("random_player.share")),
        "name": writer.text("docs.facts.name_value"),
    }
    items = "\n".join(f"<dt>{writer.text(f'docs.facts.{key}')}</dt>\n<dd>{value}</dd>"
                      for key, value in rows.items())
    title = writer.text("docs.facts.caption")
    return ('<section class="hm-facts" aria-labelledby="hm-facts-title">\n'
            f'<p class="hm-facts-title" id="hm-facts-title">{title}</p>\n<dl>\n{items}\n</dl>\n</section>')
