"""The Strategy page's parts, from the strategy runs' figures (``docs/records/strategy.json``).

The table of the players (each a rule of thumb, in words of the page's language, and the
honest search) ordered by their measured share of wins, each with its interval and a bar on
the scale of perfect play; the ``{{hm strategy …}}`` inserts of running text; and each tip's
pair of diagrams (the tempting move, the right one) at the position where the tip decides
the game. Every figure and every example is read from the published file and checked
against the engine, never typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from halfmoon import DealCode, HalfMoonError, Move, Position
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import echoed, shorten
from halfmoon.i18n import join_sentences
from halfmoon.solver.figures import SHARE_PLACES, share_problems
from halfmoon.solver.honest_search import CANDIDATES, MARGIN, SEARCH_FROM, WORLDS
from halfmoon.solver.results import dumps, strict_json
from halfmoon.solver.strategy import (
    PLAYER_NAMES,
    PLAYERS_ID,
    SEARCH_ID,
    SEARCH_NAMES,
    look,
    player,
    wins_after,
)
from halfmoon.solver.view import PlayerView

from .errors import SourceError
from .stats import percent
from .tables import boxed_table
from .words import Writer

FORMAT = "halfmoon-strategy/2"
FIELDS = ("won", "share", "ci_low", "ci_high")


@dataclass(frozen=True)
class Share:
    won: int
    share: float
    ci_low: float
    ci_high: float


@dataclass(frozen=True)
class TipExample:
    code: DealCode
    before: tuple[Move, ...]
    tempting: Move
    right: Move


@dataclass(frozen=True)
class PlayerFigures:
    name: str
    share: Share
    beyond_greedy: int
    example: TipExample | None
    # What the player wins beyond its baseline on the same deals, and its 95% interval
    # (a difference of shares, negative where it loses more); None without a baseline.
    over_baseline: tuple[float, float, float] | None = None


@dataclass(frozen=True)
class SearchFigures:
    """The search run as far as it went: ``deals`` of ``planned``, the best rule and the search
    on those deals, and the search's gain over the rule, deal by deal (a difference of shares)."""

    deals: int
    planned: int
    perfect: Share
    rule: Share
    search: Share
    search_only: int
    rule_only: int
    gain: tuple[float, float, float]


class StrategyFigures:
    """Reads and checks the figures once, when first asked for; one per build."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._read: tuple[int, Share, dict[str, PlayerFigures], SearchFigures | None] | None = None

    def _figures(self) -> tuple[int, Share, dict[str, PlayerFigures], SearchFigures | None]:
        if self._read is None:
            self._read = self._load()
        return self._read

    @property
    def deals(self) -> int:
        return self._figures()[0]

    @property
    def perfect(self) -> Share:
        return self._figures()[1]

    def player(self, name: str) -> PlayerFigures:
        players = self._figures()[2]
        if name not in players:
            raise SourceError(f"no player {echoed(name)} in {self.path.name} (players: {', '.join(players)})")
        return players[name]

    def players(self) -> list[PlayerFigures]:
        return list(self._figures()[2].values())

    @property
    def search(self) -> SearchFigures | None:
        return self._figures()[3]

    def honest_best(self) -> Share:
        """The best measured share of a player who sees only what the game shows: the best rule
        of thumb's, on the rule run's deals; the search's, on its own deals, only where it beats
        the rule it plays on by more than its interval (else its edge may be the luck of fewer
        deals)."""
        best = max((one.share for one in self.players()), key=lambda share: share.share)
        search = self.search
        if search is not None and search.gain[1] > 0 and search.search.share > best.share:
            return search.search
        return best

    def _load(self) -> tuple[int, Share, dict[str, PlayerFigures], SearchFigures | None]:
        name = self.path.name
        if not self.path.is_file():
            raise SourceError(f"the strategy figures {self.path} do not exist yet (runs/strategy/README.md)")
        try:
            data = strict_json(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError) as error:
            raise SourceError(f"cannot read {self.path}: {error}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SourceError(f"{name}: not the strategy figures (no {FORMAT!r} format)")
        if data.get("players_id") != PLAYERS_ID:
            theirs = shorten(str(data.get("players_id")))
            raise SourceError(f"{name}: figures of other players ({theirs}; these are {PLAYERS_ID}): "
                              "merge the strategy run again")
        deals = data.get("deals")
        if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= DEAL_COUNT:
            raise SourceError(f"{name}: 'deals' must be a whole number from 1 to {DEAL_COUNT:,}, "
                              f"not {shorten(dumps(deals))}")
        entries = data.get("players")
        if not isinstance(entries, list) or [_get(e, "name") for e in entries] != list(PLAYER_NAMES):
            raise SourceError(f"{name}: 'players' must list {', '.join(PLAYER_NAMES)}, in that order")
        players = {}
        for entry in entries:
            where = f"{name}: player {entry['name']}"
            share = _share(entry, deals, where)
            beyond = entry.get("beyond_greedy")
            if not isinstance(beyond, int) or isinstance(beyond, bool) or not 0 <= beyond <= share.won:
                raise SourceError(f"{where}: 'beyond_greedy' must be a count of deals from 0 to the "
                                  f"player's 'won' ({share.won:,}), not {shorten(dumps(beyond))}")
            players[entry["name"]] = PlayerFigures(entry["name"], share, beyond,
                                                   _example(entry.get("example"), entry["name"], where),
                                                   _gain(entry.get("over_baseline"),
                                                         f"{where}: over_baseline"))
        return (deals, _share(data.get("perfect"), deals, f"{name}: perfect"), players,
                _search(data.get("search"), f"{name}: search"))


def _count(entry: dict[str, object], key: str, high: int, where: str) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise SourceError(f"{where}: {key!r} must be a count of deals from 0 to {high:,}")
    return value


def _search(entry: object, where: str) -> SearchFigures | None:
    """The search run's figures, or None when the file has none (the search run not merged)."""
    if entry is None:
        return None
    if not isinstance(entry, dict):
        raise SourceError(f"{where}: must be an object or null")
    if entry.get("search_id") != SEARCH_ID:
        raise SourceError(f"{where}: figures of another search ({shorten(str(entry.get('search_id')))}; "
                          f"this is {SEARCH_ID}): merge the search run again")
    planned = _count(entry, "planned", 10**9, where)
    deals = _count(entry, "deals", planned, where)
    if deals < 1:
        raise SourceError(f"{where}: 'deals' must be at least 1")
    players = entry.get("players")
    if not isinstance(players, list) or [_get(e, "name") for e in players] != list(SEARCH_NAMES):
        raise SourceError(f"{where}: 'players' must list {', '.join(SEARCH_NAMES)}, in that order")
    shares = [_share(e, deals, f"{where}: {e['name']}") for e in players]
    rule, search = shares[-2:]  # the best rule, and the search that plays it on
    gain = entry.get("gain")
    if not isinstance(gain, dict):
        raise SourceError(f"{where}: 'gain' must be an object")
    only_search = _count(gain, "search_only", deals, where)
    only_rule = _count(gain, "rule_only", deals, where)
    if only_search - only_rule != search.won - rule.won:
        raise SourceError(f"{where}: the deals only one player won do not add up to their wins")
    low_high = _gain(gain, f"{where}: gain")
    assert low_high is not None
    return SearchFigures(deals, planned, _share(entry.get("perfect"), deals, f"{where}: perfect"),
                         rule, search, only_search, only_rule, low_high)


def _gain(entry: object, where: str) -> tuple[float, float, float] | None:
    """A difference of two players' shares on the same deals, with its interval (or None)."""
    if entry is None:
        return None
    if not isinstance(entry, dict):
        raise SourceError(f"{where}: must be an object")
    bounds = [entry.get(key) for key in ("share", "ci_low", "ci_high")]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and -1 <= v <= 1 for v in bounds):
        raise SourceError(f"{where}: 'share', 'ci_low' and 'ci_high' must be from -1 to 1")
    gain = (float(bounds[0]), float(bounds[1]), float(bounds[2]))  # type: ignore[arg-type]
    if not gain[1] <= gain[0] <= gain[2]:
        raise SourceError(f"{where}: the difference must lie within its interval")
    return gain


def _get(entry: object, key: str) -> object:
    return entry.get(key) if isinstance(entry, dict) else None


def _share(entry: object, deals: int, where: str) -> Share:
    if not isinstance(entry, dict):
        raise SourceError(f"{where}: the figures must be an object")
    won = entry.get("won")
    if not isinstance(won, int) or isinstance(won, bool) or not 0 <= won <= deals:
        raise SourceError(f"{where}: 'won' must be a count of deals from 0 to 'deals' ({deals:,}), "
                          f"not {shorten(dumps(won))}")
    shares = [entry.get(key) for key in FIELDS[1:]]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 1
               and round(v, SHARE_PLACES) == v for v in shares):
        raise SourceError(f"{where}: 'share', 'ci_low' and 'ci_high' must be shares from 0 to 1 with "
                          f"at most {SHARE_PLACES} decimal places, not "
                          f"{shorten(', '.join(dumps(v) for v in shares))}")
    share, low, high = (float(v) for v in shares)  # type: ignore[arg-type]
    problems = share_problems(won, deals, share, low, high)
    if problems:  # the share and its interval are what the counts give, or nothing is published
        raise SourceError(f"{where}: {'; '.join(problems)}")
    return Share(won, share, low, high)


def _example(entry: object, name: str, where: str) -> TipExample | None:
    """A tip's example, replayed: the moves before it legal, and the claim of its captions true —
    the tip's player, going on after the tempting move, loses; after the right one, wins."""
    if entry is None:
        return None
    try:
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str)
                                                  for k in ("code", "tempting", "right")):
            raise SourceError("the example needs 'code', 'tempting' and 'right'")
        before = entry.get("before")
        if not isinstance(before, list) or not all(isinstance(m, str) for m in before):
            raise SourceError("the example's 'before' must be a list of moves")
        example = TipExample(DealCode.parse(entry["code"]), tuple(Move.parse(m) for m in before),
                             Move.parse(entry["tempting"]), Move.parse(entry["right"]))
        position = Position(example.code)
        for move in example.before:
            position.push(move)
        view = PlayerView.of(position)
        for move in (example.tempting, example.right):
            position.check(move)
        if look(view, example.tempting) == look(view, example.right):
            raise SourceError("the tempting move and the tip's move look the same to a player: "
                              "the example shows nothing a reader can see")
        for move, wins in ((example.tempting, False), (example.right, True)):
            if wins_after(example.code, example.before, move, player(name).tip_roles()[0]) != wins:
                raise SourceError(f"the {name} tip's player {'loses' if wins else 'wins'} after {move}, "
                                  f"not as the example says: figures of other players?")
    except (HalfMoonError, SourceError) as error:
        raise SourceError(f"{where}: example: {error}") from None
    return example


def share_words(share: Share, writer: Writer) -> str:
    locale = writer.catalog.locale
    return writer.text("docs.chart.figures", share=writer.insert(percent(share.share, locale)),
                       low=writer.insert(percent(share.ci_low, locale)),
                       high=writer.insert(percent(share.ci_high, locale)))


def _row(label: str, share: Share, scale: float, writer: Writer, css: str = "") -> str:
    """One player: the words, the share (its interval beside it, smaller) and a bar whose full
    length is perfect play's share. The bar is drawn for the eye; the figures say it in text."""
    locale = writer.catalog.locale
    interval = writer.text("docs.strategy.interval", low=writer.insert(percent(share.ci_low, locale)),
                           high=writer.insert(percent(share.ci_high, locale)))
    width = min(100.0, 100 * share.share / scale) if scale > 0 else 0.0
    attribute = f' class="{css}"' if css else ""
    return (f'<tr{attribute}><th scope="row">{label}</th>'
            f'<td class="hm-share">{writer.insert(percent(share.share, locale))}</td>'
            f'<td class="hm-interval">{interval}</td>'
            f'<td class="hm-bar-cell"><span class="hm-bar" aria-hidden="true">'
            f'<span style="width: {width:.2f}%"></span></span></td></tr>')


def table_html(figures: StrategyFigures, writer: Writer) -> str:
    """Perfect play, then every honest player, the search among them, by share of deals won."""
    head = (f'<th scope="col">{writer.text("docs.strategy.column.player")}</th>'
            f'<th scope="col" class="hm-share">{writer.text("docs.strategy.column.won")}</th>'
            f'<th scope="col" class="hm-interval">{writer.text("docs.strategy.column.interval")}</th>'
            f'<th scope="col" class="hm-bar-cell">{writer.text("docs.strategy.column.bar")}</th>')
    scale = figures.perfect.share
    entries = [(one.share.share, writer.text(f"docs.strategy.player.{one.name}"), one.share, "")
               for one in figures.players()]
    search = figures.search
    if search is not None:
        label = writer.text("docs.strategy.player.search")
        entries.append((search.search.share, label, search.search, "hm-search"))
    entries.sort(key=lambda entry: -entry[0])  # a stable sort: equal shares keep the players' order
    rows = [_row(writer.text("docs.strategy.player.perfect"), figures.perfect, scale, writer, "hm-perfect")]
    rows += [_row(label, share, scale, writer, css) for _, label, share, css in entries]
    caption = writer.plural("docs.strategy.caption", figures.deals)
    if search is not None:
        caption = join_sentences([caption, writer.plural("docs.strategy.caption_search",
                                                         search.deals)], writer.lang)
    return boxed_table(f'<table class="hm-table hm-strategy">\n<caption>{caption}</caption>\n'
                       f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows)
                       + "\n</tbody>\n</table>")


def insert_words(figures: StrategyFigures, name: str, writer: Writer) -> str:
    """``{{hm strategy NAME}}``: a player's share, ``perfect``'s, ``honest`` (the best honest
    share), ``deals``; ``NAME-gain`` (``-low``, ``-high``): what a player wins beyond its
    baseline on the same deals, with its interval; of the search run: ``search``,
    ``search-rule`` (the best rule on the same deals), ``search-deals``, ``search-only``,
    ``rule-only``, ``search-gain`` and its ``search-gain-low`` and ``search-gain-high``; the
    search's settings, from the code: ``search-from`` (cards left), ``search-worlds``,
    ``search-candidates``, ``search-margin``."""
    locale = writer.catalog.locale
    if name == "deals":
        return writer.count(figures.deals, "deals")
    settings = {"search-from": None, "search-worlds": WORLDS, "search-margin": MARGIN,
                "search-candidates": CANDIDATES}
    if name in settings:
        value = settings[name]
        return writer.count(SEARCH_FROM, "cards") if value is None else writer.number(value)
    if name.startswith("search") or name == "rule-only":
        search = figures.search
        if search is None:
            raise SourceError(f"{{{{hm strategy {name}}}}}: the figures hold no search run: merge it "
                              "(runs/strategy/README.md)")
        counts = {"search-deals": search.deals, "search-only": search.search_only,
                  "rule-only": search.rule_only}
        if name in counts:
            return writer.count(counts[name], "deals")
        gains = dict(zip(("search-gain", "search-gain-low", "search-gain-high"), search.gain))
        if name in gains:
            return writer.insert(percent(gains[name], locale, 1))
        shares = {"search": search.search, "search-rule": search.rule}
        if name not in shares:
            raise SourceError(f"no strategy figure {name!r}")
        return writer.insert(percent(shares[name].share, locale))
    for suffix, index in (("-gain", 0), ("-gain-low", 1), ("-gain-high", 2)):
        if name.endswith(suffix) and not name.startswith("search"):
            gain = figures.player(name.removesuffix(suffix)).over_baseline
            if gain is None:
                raise SourceError(f"{{{{hm strategy {name}}}}}: that player has no baseline to gain over")
            return writer.insert(percent(gain[index], locale, 1))
    if name == "honest":
        share = figures.honest_best()
    else:
        share = figures.perfect if name == "perfect" else figures.player(name).share
    return writer.insert(percent(share.share, locale))
