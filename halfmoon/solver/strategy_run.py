"""The strategy runs: the players of ``strategy.RUNS`` on the same deals, and their figures.

Two runs: the rules of thumb (``PLAYERS``, a few milliseconds a deal) and the honest search
beside the best rule (``SEARCH_PLAYERS``, about a second a deal). A results file is JSON Lines
like the winnability run's: a header naming the run and its players, then one line a deal
with the cards each player left on the table (0: the player won). Lines are appended as deals
finish, so a run survives being stopped and resumes; the shards of both runs merge into the
figures of the Strategy page (``docs/records/strategy.json``). A search run not yet finished
merges as far as it went, and the figures say on how many deals.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ..dealcode import DealCode
from ..errors import HalfMoonError
from .figures import Z_95, Share
from .results import ResultsLines, ShardedRun, dumps, read_header
from .search import Verdict
from .strategy import (
    PLAYERS,
    PLAYERS_ID,
    RUNS,
    SEARCH_ID,
    SEARCH_PLAYERS,
    Player,
    TurningPoint,
    player,
    turning_point,
)
from .verdicts import Verdicts

FORMAT = "halfmoon-players/1"
SUMMARY_FORMAT = "halfmoon-strategy/2"
CARDS = 104
RULE_NAMES = tuple(one.name for one in PLAYERS)
EXAMPLE_TRIES = 400  # deals a tip's example is looked for in, each a player's win and its baseline's loss


class StrategyFileError(HalfMoonError):
    """A strategy results file that cannot be read, resumed or merged."""


@dataclass(frozen=True, slots=True)
class StrategyHeader(ShardedRun):
    start: str
    deals: int
    players: str
    shard: int = 1
    of: int = 1
    format: str = FORMAT

    @classmethod
    def from_json(cls, data: object, where: str) -> StrategyHeader:
        header = read_header(cls, data, where, "strategy", StrategyFileError)
        if header.players not in RUNS:
            raise StrategyFileError(f"{where}: results of other players ({header.players}; these are "
                                    f"{' and '.join(RUNS)}): run them again")
        return header

    def names(self) -> tuple[str, ...]:
        """The players of this run, in the order of each line's ``left``."""
        return tuple(one.name for one in RUNS[self.players])


@dataclass(frozen=True, slots=True)
class DealGames:
    """One deal: the cards each player of ``names`` left, in that order."""

    code: str
    left: tuple[int, ...]
    names: tuple[str, ...] = RULE_NAMES

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "left": dict(zip(self.names, self.left))}

    @classmethod
    def from_json(cls, data: object, names: tuple[str, ...] = RULE_NAMES) -> DealGames:
        if not isinstance(data, dict) or set(data) != {"code", "left"}:
            raise ValueError("a deal's line is an object with 'code' and 'left'")
        code, left = data["code"], data["left"]
        if not isinstance(code, str):
            raise ValueError("'code' is not a string")
        try:
            code = str(DealCode.parse(code))
        except HalfMoonError as error:
            raise ValueError(str(error)) from None
        if not isinstance(left, dict) or tuple(left) != names:
            raise ValueError(f"'left' must name the players {', '.join(names)}, in that order")
        counts = tuple(left.values())
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= CARDS
                   for n in counts):
            raise ValueError(f"'left' holds a count that is not a number of cards from 0 to {CARDS}")
        return cls(code, counts, names)

    def won(self, name: str) -> bool:
        return self.left[self.names.index(name)] == 0

    def cards_left(self, name: str) -> int:
        return self.left[self.names.index(name)]


def play_deal(number: int, players: tuple[Player, ...] = PLAYERS) -> DealGames:
    code = DealCode(number)
    return DealGames(str(code), tuple(one.play(code).cards_left() for one in players),
                     tuple(one.name for one in players))


def header_line(header: StrategyHeader) -> str:
    return dumps(asdict(header)) + "\n"


def games_line(games: DealGames) -> str:
    return dumps(games.to_json()) + "\n"


def read_games(path: Path, *, repair: bool = False,
               run: StrategyHeader | None = None) -> tuple[StrategyHeader, list[DealGames]]:
    """The header and deals of a results file, checked whole: every deal of the header's
    shard, each once, and with ``run`` that run's (a resumed run's options). A last line cut
    short is dropped (with ``repair``, cut off the file, once all of it has been accepted:
    a file refused for any reason is left byte for byte as it was)."""
    lines = ResultsLines(path, "strategy", StrategyFileError)
    header = StrategyHeader.from_json(lines.header(), f"{path}:1")
    if run is not None and header != run:
        raise StrategyFileError(f"{path} holds another run ({header.deals:,} deals from {header.start}, "
                                f"shard {header.shard}/{header.of}, {header.players}): give another "
                                "--results file or the same options")
    mine = set(header.numbers())
    seen: set[int] = set()
    games = []
    for number, data in lines.deals():
        try:
            deal = DealGames.from_json(data, header.names())
        except ValueError as error:
            raise StrategyFileError(f"{path}:{number}: {error}") from None
        index = DealCode.parse(deal.code).number
        if index not in mine:
            raise StrategyFileError(f"{path}:{number}: {deal.code} is not a deal of this file's shard "
                                    f"({header.shard}/{header.of} of {header.deals:,} from {header.start})")
        if index in seen:
            raise StrategyFileError(f"{path}:{number}: {deal.code} is here twice")
        seen.add(index)
        games.append(deal)
    if repair:
        lines.repair()
    return header, games


def merge_games(paths: Sequence[Path]) -> tuple[StrategyHeader, list[DealGames]]:
    """The deals of the shards of one run, in deal order; refuses files of other runs."""
    header: StrategyHeader | None = None
    found: dict[str, DealGames] = {}
    for path in paths:
        mine, games = read_games(path)
        _add(path, mine, games, header, found, paths)
        if header is None:
            header = mine
    assert header is not None
    return _whole(header, found)


def merge_runs(paths: Sequence[Path]) -> dict[str, tuple[StrategyHeader, list[DealGames]]]:
    """The shards of both runs, each run's deals in deal order, by the run's ``players``."""
    headers: dict[str, StrategyHeader] = {}
    found: dict[str, dict[str, DealGames]] = {}
    for path in paths:
        mine, games = read_games(path)
        _add(path, mine, games, headers.get(mine.players), found.setdefault(mine.players, {}), paths)
        headers.setdefault(mine.players, mine)
    return {run: _whole(header, found[run]) for run, header in headers.items()}


def _add(path: Path, mine: StrategyHeader, games: list[DealGames], header: StrategyHeader | None,
         found: dict[str, DealGames], paths: Sequence[Path]) -> None:
    if header is not None and (mine.start, mine.deals, mine.players, mine.of) != (
            header.start, header.deals, header.players, header.of):
        raise StrategyFileError(f"{path}: from another run than {paths[0]}")
    for deal in games:
        if deal.code in found:
            raise StrategyFileError(f"{path}: {deal.code} is also in another file (a shard given twice?)")
        found[deal.code] = deal


def _whole(header: StrategyHeader, found: dict[str, DealGames]) -> tuple[StrategyHeader, list[DealGames]]:
    ordered = sorted(found.values(), key=lambda deal: DealCode.parse(deal.code).number)
    return StrategyHeader(header.start, header.deals, header.players), ordered


def example_of(chosen: Player, games: Iterable[DealGames]) -> TurningPoint | None:
    """A turning point of ``chosen``'s tip (``Player.tip_roles``), on the first deal that has one."""
    if not chosen.baseline or player(chosen.baseline).seeded:
        return None
    right, tempting = chosen.tip_roles()
    tries = 0
    for deal in games:
        if deal.won(right.name) and not deal.won(tempting.name):
            point = turning_point(DealCode.parse(deal.code), right, tempting)
            if point is not None:
                return point
            tries += 1
            if tries == EXAMPLE_TRIES:
                break
    return None


def summarise_games(header: StrategyHeader, games: list[DealGames], verdicts: Verdicts,
                    command: str) -> dict[str, object]:
    """The figures of the Strategy page: each player's share with its interval, what it wins
    beyond greedy, its example; and perfect play's share on the same deals, from ``verdicts``."""
    if header.players != PLAYERS_ID:
        raise StrategyFileError(f"results of other players ({header.players}; these are {PLAYERS_ID}): "
                                "run them again")
    deals, perfect = _perfect(games, verdicts, "rules")
    players = []
    for one in PLAYERS:
        won = sum(deal.won(one.name) for deal in games)
        beyond = sum(deal.won(one.name) and not deal.won("greedy") for deal in games)
        point = example_of(one, games)
        gain = None
        if one.baseline:
            only_mine = sum(deal.won(one.name) and not deal.won(one.baseline) for deal in games)
            only_theirs = sum(deal.won(one.baseline) and not deal.won(one.name) for deal in games)
            gain = dict(zip(("share", "ci_low", "ci_high"), paired_gain(only_mine, only_theirs, deals)))
        players.append({
            "name": one.name, "rules": list(one.rules), "baseline": one.baseline,
            **asdict(Share.of(won, deals)), "beyond_greedy": beyond,
            "over_baseline": gain,
            "mean_left": _mean_left(games, one.name),
            "example": None if point is None else {
                "code": point.code, "before": [str(move) for move in point.before],
                "tempting": str(point.tempting), "right": str(point.right),
            },
        })
    return {
        "format": SUMMARY_FORMAT, "players_id": header.players, "deals": deals,
        "start": games[0].code, "last": games[-1].code, "complete": deals == header.deals,
        "perfect": perfect, "players": players, "search": None,
        "date": datetime.date.today().isoformat(), "command": command,
    }


def summarise_search(header: StrategyHeader, games: list[DealGames], verdicts: Verdicts) -> dict[str, object]:
    """The search run's figures, as far as it went: the search's share and the best rule's on the
    same deals, and what the search gains over the rule, deal by deal, with its interval."""
    deals, perfect = _perfect(games, verdicts, "search")
    rule, search = (one.name for one in SEARCH_PLAYERS[-2:])
    only_search = sum(deal.won(search) and not deal.won(rule) for deal in games)
    only_rule = sum(deal.won(rule) and not deal.won(search) for deal in games)
    return {
        "search_id": header.players, "deals": deals, "planned": header.deals,
        "start": games[0].code, "last": games[-1].code, "complete": deals == header.deals,
        "perfect": perfect,
        "players": [{"name": one.name, "rules": list(one.rules),
                     **asdict(Share.of(sum(deal.won(one.name) for deal in games), deals)),
                     "mean_left": _mean_left(games, one.name)} for one in SEARCH_PLAYERS],
        "gain": {"search_only": only_search, "rule_only": only_rule,
                 **dict(zip(("share", "ci_low", "ci_high"), paired_gain(only_search, only_rule, deals)))},
    }


def paired_gain(only_a: int, only_b: int, deals: int) -> tuple[float, float, float]:
    """How much more often A wins than B on the same deals, and its 95 % interval: the difference
    of paired shares, (a - b) / n, with the Wald interval of a paired difference."""
    difference = (only_a - only_b) / deals
    variance = ((only_a + only_b) / deals - difference ** 2) / deals
    half = Z_95 * math.sqrt(max(variance, 0.0))
    return round(difference, 6), round(difference - half, 6), round(difference + half, 6)


def summarise_runs(runs: dict[str, tuple[StrategyHeader, list[DealGames]]], verdicts: Verdicts,
                   command: str) -> dict[str, object]:
    """Both runs' figures in one file: the rules of thumb, and the search run as far as it went."""
    if PLAYERS_ID not in runs:
        raise StrategyFileError("no results of the rules of thumb among the files: give the rule run's "
                                "shards too")
    summary = summarise_games(*runs[PLAYERS_ID], verdicts, command)
    if SEARCH_ID in runs:
        summary["search"] = summarise_search(*runs[SEARCH_ID], verdicts)
    return summary


def _perfect(games: list[DealGames], verdicts: Verdicts, run: str) -> tuple[int, dict[str, object]]:
    if not games:
        raise StrategyFileError(f"no deals to summarise yet in the {run} run")
    perfect = [verdicts.of(DealCode.parse(deal.code)) for deal in games]
    if any(verdict is None for verdict in perfect):
        raise StrategyFileError(f"the verdict file ({verdicts.start} on, {len(verdicts.symbols):,} deals) "
                                f"does not cover every deal of the {run} run")
    return len(games), asdict(Share.of(sum(verdict == Verdict.WON for verdict in perfect), len(games)))


def _mean_left(games: list[DealGames], name: str) -> float:
    return round(sum(deal.cards_left(name) for deal in games) / len(games), 2)
