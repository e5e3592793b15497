"""Browser solver: positions a second of solver.js against search.py, and the surveyed deals it decides.

Two figures of docs/assets/game/solver.js (issue 47), the port of halfmoon/solver/search.py:

1. Speed. The same positions -- openings of surveyed deals and positions part-way through their
   won games -- are decided by both searches within the same budget of positions, Python in this
   process, JavaScript in one Node process (tests/js/solve_batch.mjs), and both must expand the same
   positions and give the same answers. The figure is positions a CPU second of the JavaScript
   over those of Python, in one run, so a busy machine slows both alike. Node's CPU time includes
   its compiler's threads and its warm-up, as a phone's would. Two figures: the first pass over
   the positions, the compiler cold (a worker's first question), and the third pass over the same
   positions in the same process, warm (a worker kept and asked again); the target is the warm one.
2. Reach. A sample of the deals whose verdicts the site publishes (docs/records/verdicts.gz, read
   by halfmoon.solver.verdicts) is decided from its opening by solver.js within its default budget
   (DEFAULT_BUDGET positions): the share decided, and of the won and of the lost deals. The search
   is deterministic and a budget only cuts it short, so the same run also gives the share for any
   smaller budget (printed for a few). A verdict contrary to the file's would be a bug: target 0.

    python3 bench/bench_solver_js.py [--deals 1000] [--compare 40] [--budget 5000]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from halfmoon import DealCode
from halfmoon.corpus import solver_case
from halfmoon.solver.verdicts import read_verdicts

sys.path.insert(0, str(Path(__file__).resolve().parent))
from targets import Figure  # noqa: E402 - bench/ is not a package

ROOT = Path(__file__).resolve().parent.parent
BATCH = ROOT / "tests" / "js" / "solve_batch.mjs"
VERDICTS = ROOT / "docs" / "records" / "verdicts.gz"
SOLVER_JS = ROOT / "docs" / "assets" / "game" / "solver.js"
SEED = 47
TARGET_RATIO = 3.0  # JavaScript positions a second over Python's, warm (a worker kept and asked again)
WARM_ROUNDS = 3
SHORTER_BUDGETS = (5_000, 20_000, 50_000, 100_000)


def default_budget() -> int:
    found = re.search(r"export const DEFAULT_BUDGET = ([\d_]+);", SOLVER_JS.read_text("utf-8"))
    if not found:
        raise SystemExit(f"{SOLVER_JS}: no DEFAULT_BUDGET found")
    return int(found.group(1).replace("_", ""))


def node_solve(requests: list[dict], rounds: int = 1) -> dict:
    """solver.js's answers and CPU seconds for a batch, in one Node process."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not on the PATH: the benchmark runs solver.js in Node")
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "requests.json"
        path.write_text(json.dumps(requests), encoding="utf-8")
        run = subprocess.run([node, str(BATCH), str(path), str(rounds)], capture_output=True, text=True,
                             check=False)
    if run.returncode:
        raise SystemExit(f"{BATCH.name} failed: {run.stderr[-2000:]}")
    return json.loads(run.stdout)


def compared_positions(numbers: list[int], budget: int, rng: random.Random) -> list[dict]:
    """Each deal's opening, and a position part-way through the win Python finds for it."""
    requests = []
    for number in numbers:
        code = DealCode(number)
        requests.append({"code": str(code), "moves": [], "budget": budget})
        line = solver_case(code, [], budget)["line"]
        assert isinstance(line, list)
        if line:
            requests.append({"code": str(code), "moves": line[: rng.randrange(4, 24)], "budget": budget})
    return requests


@dataclass(frozen=True)
class Speed:
    positions: int  # asked of both
    nodes: int  # expanded by each
    python: float  # positions a CPU second
    cold: float  # JavaScript's, first pass
    warm: float  # JavaScript's, last pass
    differ: int  # answers that differ


def speed(numbers: list[int], budget: int, rng: random.Random) -> Speed:
    requests = compared_positions(numbers, budget, rng)
    started = time.process_time()
    python = [solver_case(DealCode.parse(r["code"]), r["moves"], r["budget"]) for r in requests]
    python_seconds = time.process_time() - started
    answer = node_solve(requests, WARM_ROUNDS)
    want = [{key: case[key] for key in ("verdict", "nodes", "line")} for case in python]
    differ = sum(a != b for a, b in zip(want, answer["results"], strict=True))
    nodes = sum(int(case["nodes"]) for case in python)  # type: ignore[call-overload]
    return Speed(len(requests), nodes, nodes / python_seconds, nodes / answer["rounds"][0],
                 nodes / answer["rounds"][-1], differ)


def main(argv: list[str] | None = None) -> list[Figure]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000,
                        help="surveyed deals decided by solver.js (default 1000)")
    parser.add_argument("--compare", type=int, default=40,
                        help="deals whose positions both searches decide (default 40)")
    parser.add_argument("--budget", type=int, default=5_000,
                        help="positions a search in the comparison (default 5,000)")
    args = parser.parse_args(sys.argv[1:] if argv is None and __name__ == "__main__" else argv or [])
    rng = random.Random(SEED)
    table = read_verdicts(VERDICTS)
    first, size = table.start.number, len(table.symbols)

    pace = speed(sorted(rng.sample(range(first, first + size), args.compare)), args.budget, rng)
    print(f"   speed: {pace.positions} positions ({args.compare} deals' openings and positions of their "
          f"wins), budget {args.budget:,}, {pace.nodes:,} positions expanded by each")
    print(f"   positions a CPU second: Python {pace.python:,.0f}, JavaScript {pace.cold:,.0f} cold "
          f"({pace.cold / pace.python:.1f}x), {pace.warm:,.0f} warm ({pace.warm / pace.python:.1f}x, "
          f"pass {WARM_ROUNDS} over the same positions)")

    budget = default_budget()
    numbers = sorted(rng.sample(range(first, first + size), args.deals))
    results = node_solve([{"code": str(DealCode(n)), "moves": []} for n in numbers])["results"]
    known = [str(table.of(DealCode(n))) for n in numbers]
    contrary = sum(r["verdict"] not in ("undecided", k) for r, k in zip(results, known, strict=True))
    decided = [r["nodes"] if r["verdict"] != "undecided" else None for r in results]

    def share(within: int, verdict: str | None = None) -> float:
        chosen = [d for d, k in zip(decided, known, strict=True) if verdict is None or k == verdict]
        return sum(d is not None and d <= within for d in chosen) / max(1, len(chosen))

    won, lost = known.count("won"), known.count("lost")
    print(f"   reach: {args.deals:,} surveyed deals ({won} won, {lost} lost, "
          f"{known.count('undecided')} undecided in the file), from {table.start}, budget {budget:,}")
    for within in (*(b for b in SHORTER_BUDGETS if b < budget), budget):
        print(f"     within {within:>9,} positions: {share(within):.1%} decided "
              f"(won deals {share(within, 'won'):.1%}, lost deals {share(within, 'lost'):.1%})")
    return [
        Figure("positions a second, JavaScript over Python (warm)", pace.warm / pace.python, "times",
               TARGET_RATIO),
        Figure("positions a second, JavaScript over Python (cold)", pace.cold / pace.python, "times"),
        Figure("Python positions a CPU second", pace.python, "positions/s"),
        Figure("JavaScript positions a CPU second (cold)", pace.cold, "positions/s"),
        Figure("answers that differ from Python's", pace.differ, "positions", 0, "lower"),
        Figure(f"surveyed deals decided within {budget:,} positions", share(budget), "share"),
        Figure("won deals found won", share(budget, "won"), "share"),
        Figure("lost deals proved lost", share(budget, "lost"), "share"),
        Figure("verdicts contrary to the published file", contrary, "deals", 0, "lower"),
    ]


if __name__ == "__main__":
    for figure in main():
        print(figure.line())
