// The coach's reasoning (docs/assets/game/coach_core.js) in Node, with solver.js's solveGame as
// its solver and the published verdict file as its table: one JSON request a line in
// ({op: "verdict" | "where" | "hint", code, moves, budget, table: true|false}), one answer a line
// out. tests/test_coach_node.py holds the answers to halfmoon/solver/search.py's.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

import { loadGameModule, ROOT } from "./load_engine.mjs";

const lookup = await loadGameModule("lookup.js");
const solver = await loadGameModule("solver.js");
const coach = await loadGameModule("coach_core.js");
const file = lookup.readVerdicts(await lookup.verdictText(new Uint8Array(readFileSync(join(ROOT, "docs", "records", "verdicts.gz")))));

let asked = 0; // positions the solver was asked about
const solve = async (code, moves, budget) => {
  asked++;
  return solver.solveGame(code, moves, { budget });
};

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  let answer;
  try {
    const { op, code, moves = [], budget, table = true } = JSON.parse(line);
    const verdicts = table ? file : null;
    asked = 0;
    if (op === "verdict") answer = await coach.dealVerdict(code, verdicts, solve, budget);
    else if (op === "where") answer = await coach.whereLost(code, moves, verdicts, solve, budget);
    else if (op === "hint") answer = await coach.hint(code, moves, solve, budget);
    else throw new Error(`no such op: ${op}`);
    answer = { ...answer, asked };
  } catch (error) {
    answer = { failure: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
