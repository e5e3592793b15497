// Decide batches of positions with docs/assets/game/solver.js in Node, for the tests and the bench:
//     node tests/js/solve_batch.mjs REQUESTS.json [ROUNDS]   one batch from a file (ROUNDS times over)
//     node tests/js/solve_batch.mjs                   one batch a line on standard input, an answer a line out
// A batch is [{code, moves, budget}, ...] (no budget: solver.js's default); the answer
// {results: [{verdict, nodes, line}, ...], cpu} as JSON, cpu being the CPU seconds this process
// spent searching (the positions are built first; the JIT compiler's threads count, as they would
// on a phone), and with ROUNDS, rounds: the CPU seconds of each round, the compiler warmer each time.

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
  const requests = JSON.parse(readFileSync(process.argv[2], "utf-8"));
  const first = answer(requests);
  const rounds = [first.cpu];
  for (let round = 1; round < Number(process.argv[3] ?? 1); round++) rounds.push(answer(requests).cpu);
  process.stdout.write(JSON.stringify({ ...first, rounds }) + "\n");
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
