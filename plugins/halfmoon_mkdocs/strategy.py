"""The Strategy page's parts, from the strategy run's figures (``docs/records/strategy.json``).

The table of the players (each a rule of thumb, in words of the page's language) with their
measured share of wins, its interval and the deals each wins that greedy play does not; the
``{{hm strategy …}}`` inserts of running text; and each tip's pair of diagrams (the tempting
move, the right one) at the position where the tip decides the game. Every figure and every
example is read from the published file and checked against the engine, never typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from halfmoon import DealCode, HalfMoonError, Move, Position
from halfmoon.dealcode import DEAL_COUNT
from halfmoon.errors import echoed, shorten
from halfmoon.solver.figures import SHARE_PLACES, dumps, share_problems, strict_json
from halfmoon.solver.strategy import PLAYER_NAMES, PLAYERS_ID, player, wins_after

from .errors import SourceError
from .stats import percent
from .tables import boxed_table
from .words import Writer

FORMAT = "halfmoon-strategy/1"
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


class StrategyFigures:
    """Reads and checks the figures once, when first asked for; one per build."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._read: tuple[int, Share, dict[str, PlayerFigures]] | None = None

    def _figures(self) -> tuple[int, Share, dict[str, PlayerFigures]]:
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

    def _load(self) -> tuple[int, Share, dict[str, PlayerFigures]]:
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
                                                   _example(entry.get("example"), entry["name"], where))
        return deals, _share(data.get("perfect"), deals, f"{name}: perfect"), players


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
        for move, wins in ((example.tempting, False), (example.right, True)):
            position.check(move)
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


def table_html(figures: StrategyFigures, writer: Writer) -> str:
    """Perfect play, then each player: its rules in words, its wins, what it wins beyond greedy."""
    head = "".join(f'<th scope="col">{writer.text(f"docs.strategy.column.{column}")}</th>'
                   for column in ("player", "won", "beyond"))
    rows = [f'<tr><th scope="row">{writer.text("docs.strategy.player.perfect")}</th>'
            f"<td>{share_words(figures.perfect, writer)}</td><td></td></tr>"]
    for one in reversed(figures.players()):
        rows.append(f'<tr><th scope="row">{writer.text(f"docs.strategy.player.{one.name}")}</th>'
                    f"<td>{share_words(one.share, writer)}</td>"
                    f"<td>{writer.count(one.beyond_greedy, 'deals')}</td></tr>")
    caption = writer.plural("docs.strategy.caption", figures.deals)
    return boxed_table(f'<table class="hm-strategy">\n<caption>{caption}</caption>\n'
                       f"<thead><tr>{head}</tr></thead>\n<tbody>\n" + "\n".join(rows)
                       + "\n</tbody>\n</table>")


def insert_words(figures: StrategyFigures, name: str, writer: Writer) -> str:
    """``{{hm strategy NAME}}``: a player's share, ``perfect``'s, or ``deals``."""
    if name == "deals":
        return writer.count(figures.deals, "deals")
    share = figures.perfect if name == "perfect" else figures.player(name).share
    return writer.insert(percent(share.share, writer.catalog.locale))
