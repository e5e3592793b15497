"""Generate the shared test vectors in ``tests/data/`` from this engine.

    python -m halfmoon.corpus tests/data      (or: python3 dev.py corpus)

The browser game's engine is checked against these files, so Python and JavaScript
agree on deals, deal-code errors, every tap's outcome, undo and record replay.
Generation is deterministic: running it twice gives identical files.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from .dealcode import DEAL_COUNT, DealCode, splitmix64
from .errors import DealCodeError, RecordError
from .game import Game
from .moves import SOURCES
from .record import Record

SEED = 2026


def deals() -> dict[str, object]:
    rng = random.Random(SEED)
    numbers = [*range(20), DEAL_COUNT - 1, *(rng.randrange(DEAL_COUNT) for _ in range(30))]
    words = splitmix64(0)
    return {
        "splitmix64_from_0": [f"0x{next(words):016x}" for _ in range(5)],
        "deals": [
            {
                "code": str(code),
                "number": code.number,
                "piles": [[str(card) for card in pile] for pile in layout.piles],
                "reserve": [str(card) for card in layout.reserve],
            }
            for code in map(DealCode, numbers)
            for layout in [code.layout()]
        ],
    }


CODE_INPUTS = [
    "HM1-N-AAAAAAB", " hm1-n-aaaaaab ", "\tHM1-N-ZZZZZZZ\n", "hM1-n-AbCdEfG", "HM1-N-AAAAAAA",
    "", "   ", "XM1-N-AAAAAAB", "H", "HM", "HM2-N-AAAAAAB", "HM-N-AAAAAAB", "HM12-N-AAAAAAB",
    "HM1N-AAAAAAB", "HM1-X-AAAAAAB", "HM1-NN-AAAAAAB", "HM1-N-AAAAAA", "HM1-N-AAAAAABB",
    "HM1-N-AAAA1AB", "HM1-N-AAAAAA!", "HM1-N-ÀAAAAAB", "HM1-N", "HM1-N-", "HM1-N-AAAAAAB-C",
    "HM1--AAAAAAB", "<script>", "HM1-N-AAA AAAB", "HM1 -N-AAAAAAB", "hm1-n-zzzzzzz",
]


def codes() -> dict[str, object]:
    valid, invalid = [], []
    for text in CODE_INPUTS:
        try:
            code = DealCode.parse(text)
        except DealCodeError as error:
            invalid.append({"input": text, "kind": error.kind, "position": error.position})
        else:
            valid.append({"input": text, "code": str(code), "number": code.number})
    return {"valid": valid, "invalid": invalid}


def _state(game: Game, result: object | None = None) -> dict[str, object]:
    state: dict[str, object] = {
        "selection": list(game.selection),
        "dimmed": [s for s in SOURCES if s in game.dimmed()],
        "score": game.score,
        "moves": game.moves,
        "won": game.won,
        "deadlocked": game.deadlocked,
        "can_undo": game.can_undo,
    }
    if result is not None:
        state["removed"] = list(result.removed)  # type: ignore[attr-defined]
        state["error"] = result.error  # type: ignore[attr-defined]
    return state


def _tap_game(code: DealCode, rng: random.Random, steps: int, undo_limit: int) -> dict[str, object]:
    game = Game(code, undo_limit=undo_limit)
    record: list[dict[str, object]] = []
    planned: list[str] = []
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.08:
            game.undo()
            record.append({"undo": True, **_state(game)})
            planned.clear()
            continue
        if not planned and roll < 0.55:
            legal = game.position.legal_moves()
            if legal:
                move = rng.choice(legal)
                planned = list(move.sources)
                rng.shuffle(planned)
        source = planned.pop(0) if planned else rng.choice(SOURCES)
        result = game.tap(source)
        if result.removed or result.error:
            planned.clear()
        record.append({"tap": source, **_state(game, result)})
    return {"code": str(code), "undo_limit": undo_limit, "steps": record}


def taps() -> dict[str, object]:
    rng = random.Random(SEED + 1)
    games = [
        _tap_game(DealCode(n), rng, steps=160, undo_limit=3 if n % 4 == 3 else 100)
        for n in [1, 2, 3, 7, *(rng.randrange(DEAL_COUNT) for _ in range(8))]
    ]
    return {"games": games}


def records() -> dict[str, object]:
    rng = random.Random(SEED + 2)
    texts: list[tuple[str, str]] = []
    for n in range(6):
        game = Game(DealCode(rng.randrange(DEAL_COUNT)))
        while legal := game.position.legal_moves():
            move = rng.choice(legal)
            sources = list(move.sources)
            rng.shuffle(sources)
            game.play("+".join(sources))
        texts.append((f"random-{n}", f"# a random game\n{game.record_text()}"))
    base = Game(DealCode(1))
    legal = base.position.legal_moves()
    first = legal[0]
    texts += [
        ("empty", ""),
        ("comment-only", "# nothing here\n"),
        ("bad-code", "HM1-N-AAAA1AB 1+2"),
        ("bad-token", f"HM1-N-AAAAAAB\n{first} 1+\n"),
        ("unknown-source", "HM1-N-AAAAAAB 1+13"),
        ("one-card", "HM1-N-AAAAAAB R1"),
        ("four-cards", "HM1-N-AAAAAAB 1+2+3+4"),
        ("repeated", "HM1-N-AAAAAAB 3+3"),
        ("bad-sum", "HM1-N-AAAAAAB\n  # first move\n  1+2"),
        ("face-pair", "HM1-N-AAAAAAB 6+1"),
        ("not-jqk", "HM1-N-AAAAAAB 6+10+R2"),
        ("empty-slot", "HM1-N-AAAAAAB 3+R1 R7+R8 R1+R6"),
        ("lower-case", "hm1-n-aaaaaab r7+r8\tr1+3"),
    ]
    out = []
    for name, text in texts:
        entry: dict[str, object] = {"name": name, "text": text}
        try:
            position = Record.parse(text, name).replay()
        except RecordError as error:
            entry["error"] = {
                "move_number": error.move_number,
                "line": error.line,
                "column": error.column,
                "kind": error.kind,
            }
        else:
            entry["result"] = {
                **position.to_json(),
                "moves": position.move_count,
                "score": position.score,
                "won": position.is_won(),
                "deadlocked": position.is_deadlocked(),
                "legal": [str(move) for move in position.legal_moves()],
            }
        out.append(entry)
    return {"records": out}


GENERATORS = {"deals": deals, "codes": codes, "taps": taps, "records": records}


def write(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, generate in GENERATORS.items():
        path = directory / f"{name}.json"
        data = {"generated_by": "python -m halfmoon.corpus", **generate()}
        path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else Path("tests/data")
    for path in write(directory):
        print(f"wrote {path} ({path.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
