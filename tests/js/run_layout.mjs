// The game's board (docs/assets/game/board.js) and its arrow keys (input.js) against the board's
// geometry in Python (halfmoon/layout.py, through tests/data/layout.jsonl), in Node:
//     node tests/js/run_layout.mjs tests/data [GAME_FOLDER]
// Prints {bad, counts} as JSON (exit 1 when a check fails). tests/test_layout_node.py runs it.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadGameModule } from "./load_engine.mjs";
import { parseLines } from "./vectors.mjs";

// board.js asks once, when loaded, whether the reader wants less motion; nothing else of the DOM
// is touched before a board is built.
globalThis.matchMedia ??= () => ({ matches: false });

const game = process.argv[3]; // a changed copy of docs/assets/game, to show the checks catch it
const { placeOf } = await loadGameModule("board.js", game);
const { KEY_MAP } = await loadGameModule("input.js", game);
const { SOURCES } = await loadGameModule("engine.js", game);

const [header, ...places] = parseLines(readFileSync(join(process.argv[2], "layout.jsonl"), "utf8"));
const bad = [];
const counts = { places: 0, keys: 0 };
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

if (!same(places.map((place) => place.source), SOURCES)) bad.push(`sources ${places.map((p) => p.source)} != engine's ${SOURCES}`);
if (!same(Object.keys(KEY_MAP), header.keys)) bad.push(`keys ${Object.keys(KEY_MAP)} != ${header.keys}`);
for (const place of places) {
  counts.places++;
  let got;
  try {
    got = placeOf(place.source);
  } catch (error) {
    got = String(error);
  }
  if (!same(got, place.grid)) bad.push(`place of ${place.source}: ${JSON.stringify(got)}, want ${JSON.stringify(place.grid)}`);
  for (const [key, want] of Object.entries(place.keys)) {
    counts.keys++;
    const to = KEY_MAP[key]?.[place.source] ?? null;
    if (to !== want) bad.push(`${key} from ${place.source}: ${to}, want ${want}`);
  }
}
// A key that leads from a place the board does not have would never be used: a typo.
for (const [key, moves] of Object.entries(KEY_MAP)) {
  for (const source of Object.keys(moves)) if (!SOURCES.includes(source)) bad.push(`${key} from unknown ${source}`);
}
console.log(JSON.stringify({ bad, counts }));
process.exitCode = bad.length ? 1 : 0;
