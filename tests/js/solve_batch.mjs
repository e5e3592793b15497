// Decide a batch of positions with docs/assets/game/solver.js in Node, for the tests and the bench:
//     node tests/js/solve_batch.mjs REQUESTS.json
// REQUESTS.json is [{code, moves, budget}, ...]; prints {results: [{verdict, nodes, line}, ...],
// seconds} as JSON, seconds being the time spent searching (the positions are built beforehand).

import { readFileSync } from "node:fs";

import { loadGameModule } from "./load_engine.mjs";

const solver = await loadGameModule("solver.js");
const requests = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const positions = requests.map(({ code, moves }) => solver.positionAfter(code, moves));
const started = process.hrtime.bigint();
const results = requests.map(({ budget }, i) => solver.solvePosition(positions[i], { budget }));
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(JSON.stringify({ results, seconds }) + "\n");
