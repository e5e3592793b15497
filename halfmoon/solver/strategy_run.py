"""The strategy run: every player of ``strategy.PLAYERS`` on the same deals, and its figures.

A results file is JSON Lines like the winnability run's: a header naming the run, then one
line a deal with the cards each player left on the table (0: the player won). Lines are
appended as deals finish, so a run survives being stopped and resumes; the shards of a
run merge into the figures of the Strategy page (``docs/records/strategy.json``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

from ..dealcode import DealCode
from ..errors import HalfMoonError
from .figures import ResultsLines, ShardedRun, Share, dumps, read_header
from .search import Verdict
from .strategy import PLAYER_NAMES, PLAYERS, PLAYERS_ID, Player, TurningPoint, player, turning_point
from .verdicts import Verdicts

FORMAT = "halfmoon-players/1"
SUMMARY_FORMAT = "halfmoon-strategy/1"
CARDS = 104
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
        return read_header(cls, data, where, "strategy", StrategyFileError)


@dataclass(frozen=True, slots=True)
class DealGames:
    """One deal: the cards each player left, in ``PLAYER_NAMES`` order."""

    code: str
    left: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        return {"code": self.code, "left": dict(zip(PLAYER_NAMES, self.left))}

    @classmethod
    def from_json(cls, data: object) -> DealGames:
        if not isinstance(data, dict) or set(data) != {"code", "left"}:
            raise ValueError("a deal's line is an object with 'code' and 'left'")
        code, left = data["code"], data["left"]
        if not isinstance(code, str):
            raise ValueError("'code' is not a string")
        try:
            code = str(DealCode.parse(code))
        except HalfMoonError as error:
            raise ValueError(str(error)) from None
        if not isinstance(left, dict) or tuple(left) != PLAYER_NAMES:
            raise ValueError(f"'left' must name the players {', '.join(PLAYER_NAMES)}, in that order")
        counts = tuple(left.values())
        if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= CARDS
                   for n in counts):
            raise ValueError(f"'left' holds a count that is not a number of cards from 0 to {CARDS}")
        return cls(code, counts)

    def won(self, name: str) -> bool:
        return self.left[PLAYER_NAMES.index(name)] == 0


def play_deal(number: int) -> DealGames:
    code = DealCode(number)
    return DealGames(str(code), tuple(one.play(code).cards_left() for one in PLAYERS))


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
            deal = DealGames.from_json(data)
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
        if header is None:
            header = mine
        elif (mine.start, mine.deals, mine.players, mine.of) != (header.start, header.deals,
                                                                header.players, header.of):
            raise StrategyFileError(f"{path}: from another run than {paths[0]}")
        for deal in games:
            if deal.code in found:
                raise StrategyFileError(f"{path}: {deal.code} is also in another file (a shard given twice?)")
            found[deal.code] = deal
    assert header is not None
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
    if not games:
        raise StrategyFileError("no deals to summarise yet")
    deals = len(games)
    perfect = [verdicts.of(DealCode.parse(deal.code)) for deal in games]
    if any(verdict is None for verdict in perfect):
        raise StrategyFileError(f"the verdict file ({verdicts.start} on, {len(verdicts.symbols):,} deals) "
                                "does not cover every deal of the run")
    players = []
    for one in PLAYERS:
        won = sum(deal.won(one.name) for deal in games)
        beyond = sum(deal.won(one.name) and not deal.won("greedy") for deal in games)
        point = example_of(one, games)
        players.append({
            "name": one.name, "rules": list(one.rules), "baseline": one.baseline,
            **asdict(Share.of(won, deals)), "beyond_greedy": beyond,
            "mean_left": round(sum(deal.left[PLAYER_NAMES.index(one.name)] for deal in games) / deals, 2),
            "example": None if point is None else {
                "code": point.code, "before": [str(move) for move in point.before],
                "tempting": str(point.tempting), "right": str(point.right),
            },
        })
    return {
        "format": SUMMARY_FORMAT, "players_id": header.players, "deals": deals,
        "start": games[0].code, "last": games[-1].code, "complete": deals == header.deals,
        "perfect": asdict(Share.of(sum(verdict == Verdict.WON for verdict in perfect), deals)),
        "players": players, "date": datetime.date.today().isoformat(), "command": command,
    }
