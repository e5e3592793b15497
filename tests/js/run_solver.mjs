// Check docs/assets/game/solver.js against tests/data/solver.jsonl in Node, without a browser:
//     node tests/js/run_solver.mjs [tests/data]
// Prints {bad, count, verdicts} as JSON (exit 1 when anything disagrees). tests/test_solver_js.py runs it.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { loadGameModule, ROOT } from "./load_engine.mjs";
import { checkSolverVectors } from "./solver_vectors.mjs";

const data = resolve(process.argv[2] ?? join(ROOT, "tests", "data"));
const solver = await loadGameModule("solver.js");
const text = readFileSync(join(data, "solver.jsonl"), "utf-8");
const outcome = await checkSolverVectors(async (code, moves, budget) => solver.solveGame(code, moves, { budget }), text);
process.stdout.write(JSON.stringify(outcome) + "\n");
process.exitCode = outcome.bad.length ? 1 : 0;
