// Write the saved-games fixture (tests/js/fixtures/saved_games.json) with the game's modules of a
// given folder (default: this tree's docs/assets/game):
//     node tests/js/capture_saved_games.mjs [GAME_FOLDER] > tests/js/fixtures/saved_games.json
// The fixture is what players' browsers hold: run_saved_games.mjs checks that the game of today
// loads it as the code that wrote it did. It was written once, by the code of commit f99701f (the
// last before the saved game had a declared shape); written again by a later build it would only
// check that build against itself, so it is not regenerated.

import { readFileSync } from "node:fs";
import { join } from "node:path";

import { ROOT, loadGameModule } from "./load_engine.mjs";
import { memoryStorage } from "./memory_storage.mjs";
import { putSiteValues, siteValues, summary } from "./saved_games.mjs";

const folder = process.argv[2] ?? join(ROOT, "docs", "assets", "game");
const store = await loadGameModule("storage.js", folder);
const backup = await loadGameModule("backup.js", folder);
const engine = await loadGameModule("engine.js", folder);
const { Game, parseDealCode, formatCode } = engine;

globalThis.localStorage = memoryStorage();

/** A game of deal `code` after `moves` (texts "1+12") with `undos` undone at the end. */
function gameOf(code, moves, undos = 0) {
  const game = new Game(parseDealCode(code));
  for (const move of moves) game.play(engine.parseMove(move));
  for (let i = 0; i < undos; i += 1) game.undo();
  return game;
}

/** The first legal move each time, from deal `number`, until none is left. */
function firstMoves(number) {
  const game = new Game(parseDealCode(formatCode(number)));
  for (let moves = game.position.legalMoves(); moves.length; moves = game.position.legalMoves()) game.play(moves[0]);
  return game;
}

// A won game's record: comment lines, the deal code, then the moves.
const [wonCode, ...wonMoves] = readFileSync(join(ROOT, "docs", "records", "HM1-N-AAAAAAB.txt"), "utf-8")
  .split("\n").filter((line) => !line.startsWith("#")).join(" ").split(/\s+/).filter(Boolean);
const won = { code: wonCode, moves: wonMoves };
let lost = null;
for (let number = 2; !lost; number += 1) {
  const game = firstMoves(number);
  if (game.deadlocked && !game.won && game.moveCount >= 3) lost = game;
}

const id = (n) => `${n}`.repeat(16).slice(0, 16).replace(/[^0-9a-f]/g, "a");
const states = [
  { game: gameOf(formatCode(10), firstMoves(10).history.slice(0, 3).map((m) => m.join("+")), 1), elapsed: 61_000, result: null, counted: true, revision: 4, id: id(1) },
  { game: gameOf(won.code, won.moves), elapsed: 300_000, result: "won", counted: true, revision: 60, id: id(2) },
  { game: gameOf(lost.code, lost.history.map((m) => m.join("+"))), elapsed: 45_500, result: "lost", counted: true, revision: 9, id: id(3) },
  { game: gameOf(formatCode(5), []), elapsed: 0, result: null, counted: false, revision: 1, id: id(4) },
  { game: gameOf(formatCode(6), firstMoves(6).history.slice(0, 4).map((m) => m.join("+")), 2), elapsed: 12_345.5, result: null,
    counted: true, revision: 12, id: id(5), open: true },
  { game: gameOf(formatCode(7), firstMoves(7).history.slice(0, 3).map((m) => m.join("+"))), elapsed: 9_000, result: null,
    counted: true, revision: 3, id: id(6), hinted: true },
  { game: gameOf(formatCode(8), firstMoves(8).history.slice(0, 2).map((m) => m.join("+"))), elapsed: 1_000, result: null,
    counted: true, revision: 2, id: id(7), open: true, hinted: true },
];
for (const state of states) store.saveGame(state);
await store.countStats("played:x", (s) => { s.played += 3; s.won += 1; s.streak = 1; s.bestStreak = 1; s.fastest[won.code] = 300_000; });
await store.countStats("played:open:y", (s) => { s.played += 1; }, "open");
await store.countHinted("played", id(6));

const saved = siteValues(store);
const loaded = Object.fromEntries(store.recentCodes().map((code) => [code, summary(store.loadGame(code))]));
const exported = backup.writeBackup(store.backupData(), new Date("2026-12-06T12:00:00.000Z"));

// The file imported into an empty browser: the games written by restoreBackup, with fresh ids.
globalThis.localStorage = memoryStorage();
store.restoreBackup(backup.readBackup(exported), "replace", { stats: backup.mergeStats, games: backup.mergeGames, hinted: backup.mergeCounts });
const restored = Object.fromEntries(Object.entries(siteValues(store)).map(([key, text]) => {
  const value = JSON.parse(text);
  return [key, typeof value.id === "string" ? { ...value, id: "(fresh)" } : value];
}));
const restoredLoaded = Object.fromEntries(store.recentCodes().map((code) => {
  const { id: fresh, ...rest } = summary(store.loadGame(code));
  return [code, { ...rest, id: fresh === "(not an id)" ? fresh : "(fresh)" }];
}));

// Values of older builds the game still reads: a game saved before ids and the open mark, an
// unclear open mark, a game of schema 1 (one game for the whole site, moved under its code).
globalThis.localStorage = memoryStorage();
const older = {
  [`game:${formatCode(9)}`]: JSON.stringify({ version: 2, code: formatCode(9), moves: won.moves.slice(0, 0), undoable: 0, elapsed: 0,
    result: null, counted: false, revision: 1 }),
  [`game:${won.code}`]: JSON.stringify({ version: 2, code: won.code, moves: won.moves.slice(0, 5), undoable: 7, elapsed: -3,
    result: "maybe", counted: "yes", revision: 2.5, id: "XYZ", open: "yes", hinted: 1 }),
  game: JSON.stringify({ version: 1, code: lost.code, moves: lost.history.slice(0, 3).map((m) => m.join("+")), undoable: 2 }),
};
putSiteValues(store, older);
const olderLoaded = {
  [formatCode(9)]: { ...summary(store.loadGame(formatCode(9))), id: "(fresh)" },
  [won.code]: { ...summary(store.loadGame(won.code)), id: "(fresh)" },
};
store.migrate();
const migrated = JSON.parse(localStorage.getItem(store.gameKey(lost.code)));
olderLoaded[`${lost.code} (schema 1)`] = { ...summary(store.loadGame(lost.code)), id: "(fresh)" };

process.stdout.write(`${JSON.stringify({
  about: "Saved games as the game's code of commit f99701f wrote and read them (tests/js/capture_saved_games.mjs); not to be regenerated.",
  saved, loaded, exported, restored, restoredLoaded, older, olderLoaded, migrated: { ...migrated, id: "(fresh)" },
}, null, 1)}\n`);
