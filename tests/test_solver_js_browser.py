"""The solver in Chromium, through its worker (docs/assets/game/solver_client.js and solver_worker.js).

Every case of tests/data/solver.jsonl is asked of the worker as a page would ask it, and must come
back as halfmoon/solver/search.py answered it (tests/test_solver_js.py checks the same in Node).
The page's thread stays free while the worker searches, and bad input comes back as an error.
On the built site, the published copies (hashed, compacted) answer from the Play page, which
fetches none of the solver as the game opens.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from halfmoon import corpus

ROOT = Path(__file__).resolve().parent.parent
CASES = corpus.load(ROOT / "tests" / "data" / "solver.jsonl")

pytestmark = pytest.mark.browser

CHECK_VECTORS = """
async () => {
  const { checkSolverVectors } = await import("/tests/js/solver_vectors.mjs");
  const text = await (await fetch("/tests/data/solver.jsonl")).text();
  return checkSolverVectors((code, moves, budget) => window.solver.solve(code, moves, budget), text);
}
"""

# A proved-lost deal the search leaves undecided after many positions: long enough that a timer
# set after asking is due long before the answer, however fast the machine.
WHILE_SEARCHING = """
async () => {
  let answered = false;
  const asked = window.solver.solve("HM1-N-AAAAADF", [], 300000)
    .then((result) => { answered = true; return result; });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const answeredBeforeTimer = answered;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const answeredBeforeFrame = answered;
  const result = await asked;
  return { answeredBeforeTimer, answeredBeforeFrame, verdict: result.verdict, nodes: result.nodes };
}
"""


@pytest.fixture(scope="module")
def solver_page(chromium):
    """A page served from the repository with a solver client as ``window.solver``."""
    from site_server import repository_page

    setup = ("async () => { const client = await import('/docs/assets/game/solver_client.js');"
             " window.solver = client.createSolver(); }")
    with repository_page(chromium, setup) as page:
        yield page


def test_the_worker_answers_every_vector_as_python_does(solver_page):
    outcome = solver_page.evaluate(CHECK_VECTORS)
    assert outcome["bad"] == []
    assert outcome["count"] == len(CASES)
    verdicts = ("won", "lost", "undecided")
    assert outcome["verdicts"] == {v: sum(case["verdict"] == v for case in CASES) for v in verdicts}


def test_the_page_thread_runs_timers_and_frames_while_the_worker_searches(solver_page):
    outcome = solver_page.evaluate(WHILE_SEARCHING)
    assert outcome == {"answeredBeforeTimer": False, "answeredBeforeFrame": False,
                       "verdict": "undecided", "nodes": 300000}


def test_bad_input_comes_back_as_an_error_and_the_worker_answers_on(solver_page):
    errors = solver_page.evaluate("""async () => {
      const error = (promise) => promise.then(() => null, (e) => e.message);
      return [await error(window.solver.solve("HM1-N-AAAA1AB", [], 10)),
              await error(window.solver.solve("HM1-N-AAAAAAB", ["1+2"], 10)),
              await error(window.solver.solve("HM1-N-AAAAAAB", [], -1)),
              (await window.solver.solve("HM1-N-AAAAAAB", [], 1)).verdict];
    }""")
    assert "AAAA1AB" in errors[0] or "character" in errors[0]
    assert "illegal move 1+2" in errors[1]
    assert "budget" in errors[2]
    assert errors[3] == "undecided"


# --- the built site ---------------------------------------------------------------------------

PUBLISHED = """
async (vector) => {
  const boot = document.querySelector('script[src$="/boot.js"]').src;
  const before = performance.getEntriesByType("resource").map((entry) => entry.name);
  const client = await import(new URL("solver_client.js", boot).href);
  const solver = client.createSolver();
  const got = await solver.solve(vector.code, vector.moves, vector.budget);
  solver.terminate();
  return { got, before: before.filter((name) => /solver/.test(name)) };
}
"""


def test_the_published_worker_answers_from_the_play_page_which_loads_none_of_it_itself(site_url, page):
    page.goto(site_url + "play/")
    page.wait_for_selector(".hm-board [data-source='1']")
    vector = max((case for case in CASES if case["verdict"] == "won"), key=lambda case: case["nodes"])
    outcome = page.evaluate(PUBLISHED, vector)
    assert outcome["before"] == []  # the game as it opens fetched nothing of the solver
    assert outcome["got"] == {key: vector[key] for key in ("verdict", "nodes", "line")}
