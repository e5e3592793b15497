// The coach's reasoning (issue 47, items 2-4), without the DOM: the verdict on a deal, where a lost
// game slipped away, and a hint. Every question goes to `solve(code, moves, budget)`, which
// resolves as solver.js's solveGame does ({verdict, nodes, line}): on the page that is the worker
// (solver_client.js), never the page's thread; in Node, solveGame itself. `table` is the verdict
// file as lookup.js's readVerdicts reads it, or null when it could not be read.
//
// Winnability along a player's own game only ever goes from "a win exists" to "none does": a
// position reached from a lost one is lost too. So the last position from which a win existed is
// found by asking from the end backwards, and the first "won" answer is it, as far as the answers
// after it decided (proved lost) rather than ran out of budget (undecided).

import { parseDealCode } from "./engine.js";
import { verdictOf } from "./lookup.js";

/** The verdict on the opening of deal `code`: {verdict: "won"|"lost"|"undecided", source:
 * "file"|"solver", nodes}. The file answers for the surveyed deals; the solver, within `budget`
 * positions, for any other (or for all when the file could not be read). */
export async function dealVerdict(code, table, solve, budget) {
  if (table) {
    const known = verdictOf(table, parseDealCode(code).number);
    if (known === "won" || known === "lost") return { verdict: known, source: "file", nodes: 0 };
  }
  const { verdict, nodes } = await solve(code, [], budget);
  return { verdict, source: "solver", nodes };
}

/**
 * Where the game `moves` (texts "1+8") of deal `code` was lost. Returns one of
 * - {kind: "found", index, lost, instead, later, undecided}: after the first `index` moves a win
 *   still existed (the solver found one within `budget`); move `lost` (moves[index]) left none,
 *   `instead` is the first move of the winning line the solver found there; of the `later`
 *   positions after it, `undecided` were not decided within `budget` (the others were proved lost);
 * - {kind: "never", source}: no position of the game could be won, the deal itself is lost
 *   (proved by the file or the solver);
 * - {kind: "none_found", later, undecided}: the solver found no win from any of the `later`
 *   positions of the game within `budget` each, and did not decide `undecided` of them.
 * `progress(done, total)` is called after each position asked; `stillWanted()` false stops early
 * (null is returned).
 */
export async function whereLost(code, moves, table, solve, budget, { progress = () => {}, stillWanted = () => true } = {}) {
  const total = moves.length;
  // A deal the file proves lost: so is every position of the game, nothing to ask.
  if (table && verdictOf(table, parseDealCode(code).number) === "lost") return { kind: "never", source: "file" };
  let undecided = 0;
  for (let index = total - 1; index >= 0; index--) {
    if (!stillWanted()) return null;
    // The opening's verdict from the file, when it has one, spares the longest search.
    const answer = index === 0 && table ? await openingAnswer(code, table, solve, budget) : await solve(code, moves.slice(0, index), budget);
    progress(total - index, total);
    if (answer.verdict === "won") {
      return { kind: "found", index, lost: moves[index], instead: answer.line[0] ?? null, later: total - 1 - index, undecided };
    }
    if (answer.verdict === "undecided") undecided++;
    else if (index === 0) return { kind: "never", source: answer.source ?? "solver" };
  }
  return stillWanted() ? { kind: "none_found", later: total, undecided } : null;
}

async function openingAnswer(code, table, solve, budget) {
  const known = verdictOf(table, parseDealCode(code).number);
  const answer = await solve(code, [], budget);
  // Known won, but no line within the budget: a win existed, its first move is not known.
  if (answer.verdict === "undecided" && known === "won") return { verdict: "won", source: "file", line: [] };
  return { ...answer, source: "solver" };
}

/** A hint after `moves`: {kind: "move", move} (a move from which the solver found a win within
 * `budget`), {kind: "none"} (no winning move is left: proved) or {kind: "undecided"}. */
export async function hint(code, moves, solve, budget) {
  const { verdict, line } = await solve(code, moves, budget);
  if (verdict === "won") return { kind: "move", move: line[0] };
  return { kind: verdict === "lost" ? "none" : "undecided" };
}
