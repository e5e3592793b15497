// The solver (solver.js) off the page's thread: a module worker answering one request at a time.
// Request {id, code, moves, budget}: a deal code, the moves played from it ("1+8" texts), and the
// positions the search may expand. Answer {id, verdict, nodes, line}, or {id, error} on bad input.
// solver_client.js is the page's side of it.

import { solveGame } from "./solver.js";

self.addEventListener("message", (event) => {
  const { id, code, moves, budget } = event.data ?? {};
  let answer;
  try {
    answer = { id, ...solveGame(code, moves ?? [], budget === undefined ? {} : { budget }) };
  } catch (error) {
    answer = { id, error: `${error?.name ?? "Error"}: ${error?.message ?? error}` };
  }
  self.postMessage(answer);
});
