// Decide batches of positions with docs/assets/game/solver.js in Node, for the tests and the bench:
//     node tests/js/solve_batch.mjs REQUESTS.json     one batch from a file
//     node tests/js/solve_batch.mjs                   one batch a line on standard input, an answer a line out
// A batch is [{code, moves, budget}, ...]; the answer {results: [{verdict, nodes, line}, ...], cpu}
// as JSON, cpu being the CPU seconds this process spent searching (the positions are built first;
// the JIT compiler's threads count, as they would on a phone).

import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

import { loadGameModule } from "./load_engine.mjs";

const solver = await loadGameModule("solver.js");

function answer(requests) {
  const positions = requests.map(({ code, moves }) => solver.positionAfter(code, moves));
  const started = process.cpuUsage();
  const results = requests.map(({ budget }, i) => solver.solvePosition(positions[i], { budget }));
  const spent = process.cpuUsage(started);
  return { results, cpu: (spent.user + spent.system) / 1e6 };
}

if (process.argv[2]) {
  process.stdout.write(JSON.stringify(answer(JSON.parse(readFileSync(process.argv[2], "utf-8")))) + "\n");
} else {
  for await (const line of createInterface({ input: process.stdin })) {
    let reply;
    try {
      reply = answer(JSON.parse(line));
    } catch (error) {
      reply = { failure: String(error?.stack ?? error) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
}
