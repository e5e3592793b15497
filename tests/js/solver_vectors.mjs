// The browser's solver (docs/assets/game/solver.js) against tests/data/solver.jsonl, the answers of
// halfmoon/solver/search.py. Runs in Node (tests/js/run_solver.mjs: the module itself) and in
// Chromium (tests/test_solver_js_browser.py: through the worker). `checkSolverVectors(solve, text)`
// takes an async solve(code, moves, budget) -> {verdict, nodes, line} and the file's text, and
// returns {bad: [every disagreement], count, verdicts: {won, lost, undecided}}.

import { parseLines } from "./vectors.mjs";

export async function checkSolverVectors(solve, text) {
  const bad = [];
  const verdicts = { won: 0, lost: 0, undecided: 0 };
  const cases = parseLines(text);
  for (const [index, want] of cases.entries()) {
    let got;
    try {
      got = await solve(want.code, want.moves, want.budget);
    } catch (error) {
      bad.push({ index, code: want.code, error: String(error?.message ?? error) });
      continue;
    }
    verdicts[got.verdict] = (verdicts[got.verdict] ?? 0) + 1;
    const same = got.verdict === want.verdict && got.nodes === want.nodes
      && JSON.stringify(got.line) === JSON.stringify(want.line);
    if (!same) {
      bad.push({ index, code: want.code, moves: want.moves.length, budget: want.budget,
        want: [want.verdict, want.nodes, want.line.join(" ")], got: [got.verdict, got.nodes, got.line.join(" ")] });
    }
  }
  return { bad, count: cases.length, verdicts };
}
