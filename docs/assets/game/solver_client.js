// The page's side of the solver worker (solver_worker.js): `createSolver()` starts the worker, and
// `solve(code, moves, budget)` resolves with {verdict, nodes, line} (see solver.js) or rejects with
// the worker's error. The search never runs on the page's thread. Load this module only when a
// feature asks for the solver: the Play page does not preload it.

let lastId = 0;

export function createSolver(url = new URL("./solver_worker.js", import.meta.url)) {
  const worker = new Worker(url, { type: "module" });
  const waiting = new Map(); // request id -> {resolve, reject}
  const failAll = (message) => {
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  };
  worker.addEventListener("message", (event) => {
    const { id, error, ...result } = event.data;
    const pending = waiting.get(id);
    if (!pending) return;
    waiting.delete(id);
    if (error) pending.reject(new Error(error));
    else pending.resolve(result);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    failAll(`the solver's worker failed: ${event.message ?? "it could not start"}`);
  });
  return {
    /** The verdict on deal `code` after `moves` ("1+8" texts), expanding at most `budget` positions
     * (solver.js's DEFAULT_BUDGET when undefined). */
    solve(code, moves = [], budget = undefined) {
      const id = ++lastId;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, code, moves: [...moves], budget });
      });
    },
    /** Stop the worker; every answer still awaited is rejected. */
    terminate() {
      worker.terminate();
      failAll("the solver was stopped");
    },
  };
}
