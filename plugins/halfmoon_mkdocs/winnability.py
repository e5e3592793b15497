"""The Deal codes page's winnability parts: the chart of perfect against simple play, the
mount of the lookup that reads the verdict file in the browser (``docs/assets/game/lookup.js``),
and the sentences that name the undecided deals and what was tried on them.

The chart is an SVG with no words in it (cairosvg and browsers alike would not reorder
right-to-left text there, SPEC §4.6): a dot for each player's share of deals won, a bar up to
it and a whisker for its 95% interval, on a logarithmic axis, so 97% and 0.2% both show. Its
colours are CSS custom properties (``winnability.css``), as the diagrams' are; the axis
labels, the legend and the figures are HTML in the page's language.
"""

from __future__ import annotations

import math
from html import escape
from itertools import groupby

from halfmoon.i18n import join_sentences
from halfmoon.solver.figures import UndecidedDeal

from .context import Context
from .errors import SourceError
from .stats import SHARE_DECIMALS, percent
from .words import Writer

WIDTH = 600
ROW = 34  # height of one player's row
PAD = 8  # above the first row and below the last, and beside the axis's ends (the dots' room)
BAR = 14  # the bar's thickness
CAP = 10  # the whisker's end caps
# Perfect play (the solver, whose low and high bounds count undecided deals as lost and won),
# then the greedy and the random player: (the figures' prefix, the catalog's name, the class).
SERIES = (("", "perfect", "hm-chart-perfect"),
          ("greedy_player.", "greedy", "hm-chart-greedy"),
          ("random_player.", "random", "hm-chart-random"))
_STYLE = (
    ".hm-chart-svg .hm-chart-grid{stroke:var(--hm-chart-grid,#bbb);stroke-width:1px}"
    ".hm-chart-svg .hm-chart-bar{fill:currentColor;opacity:.3}"
    ".hm-chart-svg .hm-chart-ci{stroke:currentColor;stroke-width:2px;fill:none}"
    ".hm-chart-svg .hm-chart-dot{fill:currentColor}"
    ".hm-chart-perfect{color:var(--hm-chart-perfect,#1e5bd8)}"
    ".hm-chart-greedy{color:var(--hm-chart-greedy,#b8590c)}"
    ".hm-chart-random{color:var(--hm-chart-random,#6b6b6b)}"
)


def _shares(context: Context, prefix: str) -> tuple[float, float, float]:
    share = "won_share" if not prefix else f"{prefix}share"
    return (context.stats.share(share), context.stats.share(f"{prefix}ci_low"),
            context.stats.share(f"{prefix}ci_high"))


def axis_decades(lowest: float) -> int:
    """How many powers of ten the axis spans below 100%: enough to show ``lowest`` (at least 2)."""
    if lowest <= 0:
        return 4
    return max(2, min(6, math.ceil(-math.log10(lowest))))


def axis_fraction(share: float, decades: int) -> float:
    """Where ``share`` lies across the drawing, from 0 (its left edge) to 1 (its right edge)."""
    # A share of 0 (no win at all) sits at the axis's start.
    along = 0.0 if share <= 0 else max(0.0, 1 + math.log10(share) / decades)
    return (PAD + along * (WIDTH - 2 * PAD)) / WIDTH


def chart_svg(rows: list[tuple[str, tuple[float, float, float]]], decades: int) -> str:
    """The drawing: for each (class, (share, low, high)) a bar, a whisker and a dot."""
    height = 2 * PAD + ROW * len(rows)

    def x(share: float) -> float:
        return round(WIDTH * axis_fraction(share, decades), 2)

    parts = [f'<line class="hm-chart-grid" x1="{x(10.0 ** -d)}" y1="0" x2="{x(10.0 ** -d)}" '
             f'y2="{height}"/>' for d in range(decades, -1, -1)]
    for index, (css, (share, low, high)) in enumerate(rows):
        middle = PAD + ROW * index + ROW / 2
        top, bottom = middle - CAP / 2, middle + CAP / 2
        parts.append(
            f'<g class="{css}">'
            f'<rect class="hm-chart-bar" x="{PAD}" y="{middle - BAR / 2}" '
            f'width="{round(x(share) - PAD, 2)}" height="{BAR}"/>'
            f'<path class="hm-chart-ci" d="M{x(low)} {top}V{bottom}M{x(low)} {middle}H{x(high)}'
            f'M{x(high)} {top}V{bottom}"/>'
            f'<circle class="hm-chart-dot" cx="{x(share)}" cy="{middle}" r="5"/></g>'
        )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="hm-chart-svg" viewBox="0 0 {WIDTH} '
            f'{height}" direction="ltr" aria-hidden="true" focusable="false">'
            f"<style>{_STYLE}</style>{''.join(parts)}</svg>")


def chart_html(context: Context) -> str:
    """The chart, its axis labels, caption and legend (with every figure) as one ``<figure>``."""
    writer = context.writer()
    locale = writer.catalog.locale
    rows = [(css, _shares(context, prefix)) for prefix, _, css in SERIES]
    decades = axis_decades(min(low for _, (_, low, _) in rows))
    ticks = "".join(
        f'<span style="left:{100 * axis_fraction(10.0 ** -d, decades):.3f}%">'
        f"{escape(percent(10.0 ** -d, locale, max(0, d - 2)))}</span>"
        for d in range(decades, -1, -1)
    )
    legend = []
    for (prefix, name, css), (_, (share, low, high)) in zip(SERIES, rows, strict=True):
        decimals = SHARE_DECIMALS if not prefix else None
        figures = writer.text(
            "docs.chart.figures",
            share=writer.insert(percent(share, locale, decimals)),
            low=writer.insert(percent(low, locale, decimals)),
            high=writer.insert(percent(high, locale, decimals)),
        )
        legend.append(f'<li><span class="hm-chart-key {css}" aria-hidden="true"></span>'
                      + writer.text("docs.label_value", label=writer.text(f"docs.chart.{name}"),
                                    value=figures) + "</li>")
    return (
        f'<figure class="hm-chart">\n<div class="hm-chart-plot" dir="ltr">'
        f'{chart_svg(rows, decades)}\n<div class="hm-chart-ticks" aria-hidden="true">{ticks}</div>'
        f"</div>\n<figcaption>{writer.text('docs.chart.caption')}</figcaption>\n"
        f'<ul class="hm-chart-legend">\n' + "\n".join(legend) + "\n</ul>\n</figure>"
    )


def lookup_html(context: Context, line: int) -> str:
    """The lookup's form, hidden until its script runs (without it the form could not answer),
    and what a browser without scripts shows instead."""
    if "verdicts" not in context.files:
        raise SourceError("halfmoon-lookup: the page has no address for the verdict file")
    context.stats.check_published(lookup=True)  # the lookup must not contradict the page's figures
    writer = context.writer()
    address = context.files["verdicts"]
    field = f"hm{line}-lookup-code"
    return (
        f'<form class="hm-lookup" data-verdicts="{escape(address)}" hidden>\n'
        f'<label for="{field}">{writer.text("docs.lookup.label")}</label>\n'
        f'<div class="hm-lookup-row"><input id="{field}" name="code" type="text" dir="ltr" '
        'autocomplete="off" autocapitalize="characters" spellcheck="false" '
        'placeholder="HM1-N-AAAAAAB">'
        f'<button type="submit" class="md-button">{writer.text("docs.lookup.button")}</button></div>\n'
        '<p class="hm-lookup-result" role="status"></p>\n</form>\n'
        f'<noscript><p>{writer.text("docs.lookup.needs_script")}</p></noscript>'
    )


# python-sat's names of its SAT solvers, written as their authors write them; another name
# is shown as it is.
SAT_SOLVER_NAMES = {"minisat22": "MiniSat 2.2", "minisatgh": "MiniSat", "glucose3": "Glucose 3",
                    "glucose4": "Glucose 4", "cadical153": "CaDiCaL 1.5.3", "lingeling": "Lingeling"}


def deal_link(writer: Writer, code: str) -> str:
    """A deal code that opens the deal in the game (Markdown, as inserts write links)."""
    return f"[{writer.code(code)}](play.md#{code})"


def undecided_sentences(writer: Writer, deals: list[UndecidedDeal]) -> str:
    """Which deals were left undecided and what was tried on each, or that none was.

    Deals given the same budget (every deal of one run) share a sentence.
    """
    if not deals:
        return writer.text("docs.undecided.none")

    def budget(deal: UndecidedDeal) -> tuple[int, str, int]:
        return deal.search_positions, deal.sat_solver, deal.sat_conflicts

    sentences = []
    for (positions, solver, conflicts), same in groupby(deals, key=budget):
        codes = [deal_link(writer, deal.code) for deal in same]
        sentences.append(writer.plural(
            "docs.undecided.deals", len(codes), codes=writer.join(codes),
            search=writer.plural("docs.undecided.search", positions),
            sat=writer.plural("docs.undecided.sat", conflicts,
                              solver=writer.insert(SAT_SOLVER_NAMES.get(solver, solver))),
        ))
    return join_sentences(sentences, writer.lang)
