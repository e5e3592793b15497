// docs/assets/game/storage.js against a localStorage of a few kilobytes, in Node:
//     node tests/js/run_storage.mjs
// Prints {bad, checks} as JSON (exit 1 when a check fails). tests/test_storage_node.py runs it.

import { loadGameModule } from "./load_engine.mjs";

/** localStorage as the browsers keep it: strings, with a quota shared with other apps. */
class Storage {
  constructor(quota) {
    this.quota = quota;
    this.items = new Map();
  }
  get used() {
    let size = 0;
    for (const [key, value] of this.items) size += key.length + value.length;
    return size;
  }
  getItem(key) {
    return this.items.has(key) ? this.items.get(key) : null;
  }
  setItem(key, value) {
    const before = this.items.get(key);
    this.items.set(key, String(value));
    if (this.used > this.quota) {
      if (before === undefined) this.items.delete(key);
      else this.items.set(key, before);
      throw new DOMException("quota", "QuotaExceededError");
    }
  }
  removeItem(key) {
    this.items.delete(key);
  }
}

const store = await loadGameModule("storage.js");
const engine = await loadGameModule("engine.js");

const bad = [];
let checks = 0;
const check = (name, ok, detail = null) => {
  checks += 1;
  if (!ok) bad.push({ name, detail });
};
const played = (number, moves) => {
  const game = new engine.Game(engine.parseDealCode(engine.formatCode(number)));
  for (let i = 0; i < moves; i += 1) {
    const legal = game.legalMoves?.() ?? [];
    if (!legal.length) break;
    game.play(legal[0]);
  }
  return { game, elapsed: 1000, result: null, counted: false, revision: 1 };
};

// Another app on the origin has filled the storage: our game cannot be saved, and we say so.
globalThis.localStorage = new Storage(4000);
localStorage.setItem("another-app", "x".repeat(3900));
check("full storage: not saved", store.saveGame(played(1, 3)) === false);
check("full storage: nothing of ours left half written",
  store.loadGame(engine.formatCode(1)) === null);

// Full because of our own older games: they give way to the deal being played.
globalThis.localStorage = new Storage(6000);
let saved = 0;
for (let number = 10; number < 30; number += 1) saved += store.saveGame(played(number, 2)) ? 1 : 0;
check("own games give way: every save succeeds", saved === 20, saved);
check("own games give way: the newest is kept", store.loadGame(engine.formatCode(29)) !== null);
check("own games give way: the storage stays within its quota", localStorage.used <= 6000);

// A newer build saved this deal (schema 3): an older cached build keeps it and never writes over it.
globalThis.localStorage = new Storage(1e6);
const code = engine.formatCode(5);
const future = JSON.stringify({ version: 3, code, anything: ["new"] });
localStorage.setItem(store.gameKey(code), future);
check("newer schema: not read", store.loadGame(code) === null);
check("newer schema: kept after reading", localStorage.getItem(store.gameKey(code)) === future);
check("newer schema: not overwritten", store.saveGame(played(5, 2)) === false
  && localStorage.getItem(store.gameKey(code)) === future);
const stats = JSON.stringify({ version: 2, played: 9, whatever: true });
localStorage.setItem(store.STATS_KEY, stats);
store.updateStats((s) => { s.played += 1; });
store.resetStats();
check("newer statistics: kept", localStorage.getItem(store.STATS_KEY) === stats);

// An older schema or rubbish is still dropped, as before.
localStorage.setItem(store.gameKey(engine.formatCode(6)), JSON.stringify({ version: 1, code: "x" }));
store.loadGame(engine.formatCode(6));
check("older or broken: dropped", localStorage.getItem(store.gameKey(engine.formatCode(6))) === null);

// Two tabs finishing one game in the same frame (issue 21): each counts the win, the statistics
// take it once. Without navigator.locks (Node, an insecure context) and with one: a lock of the
// browsers' kind, granted in turn, each task after the previous one is done.
const win = (s) => { s.played = Math.max(s.played, s.won + 1); s.won += 1; s.streak += 1; };
for (const locks of [null, "locks"]) {
  globalThis.localStorage = new Storage(1e6);
  const asked = [];
  if (locks) {
    let queue = Promise.resolve();
    const request = (name, task) => {
      asked.push(name);
      const turn = queue.then(() => new Promise((resolve) => setTimeout(resolve, 0))).then(task);
      queue = turn.catch(() => {});
      return turn;
    };
    Object.defineProperty(globalThis, "navigator", { value: { locks: { request } }, configurable: true, writable: true });
  }
  const [first, second] = await Promise.all([store.countStats("won:g1", win), store.countStats("won:g1", win)]);
  const after = store.loadStats();
  check(`${locks ?? "no locks"}: one game won in two tabs is one win`, after.won === 1 && after.streak === 1, after);
  check(`${locks ?? "no locks"}: the second tab is told it was counted`, first?.won === 1 && second === null);
  check(`${locks ?? "no locks"}: seen as counted`, store.wasCounted("won:g1") && !store.wasCounted("won:g2"));
  await store.countStats("won:g2", win);
  await store.countStats(null, (s) => { s.streak = 0; });
  await store.countStats(null, (s) => { s.streak = 0; });
  const later = store.loadStats();
  check(`${locks ?? "no locks"}: another game counts again`, later.won === 2 && later.streak === 0, later);
  if (locks) check("the statistics are changed under one lock", asked.length === 5 && new Set(asked).size === 1, asked);
}
// A reset forgets what was counted: the game under way counts its ending again, once.
store.resetStats();
check("reset: nothing counted any more", !store.wasCounted("won:g1") && store.loadStats().played === 0);
await store.countStats("played:g3", (s) => { s.played += 1; });
await store.countStats("won:g3", win);
await store.countStats("won:g3", win);
const reset = store.loadStats();
check("reset: the game under way adds up after it", reset.played === 1 && reset.won === 1 && reset.streak === 1, reset);
// The list of counted events stays small.
for (let i = 0; i < 200; i += 1) await store.countStats(`won:x${i}`, win);
check("counted events: only the last ones kept", localStorage.getItem(store.COUNTED_KEY).length < 2000
  && store.wasCounted("won:x199") && !store.wasCounted("won:x0"));
// A game keeps its id through a save, so that another tab loading it counts it as the same game.
globalThis.localStorage = new Storage(1e6);
const playing = { ...played(7, 2), id: store.newGameId() };
store.saveGame(playing);
check("a saved game keeps its id", store.loadGame(engine.formatCode(7))?.id === playing.id);
check("game ids differ", store.newGameId() !== store.newGameId() && /^[0-9a-f]{16}$/.test(store.newGameId()));

// The open variant (issue 47 item 5): its statistics apart, its games marked, a game saved
// before it loads as a standard one, an unclear mark counts as open.
globalThis.localStorage = new Storage(1e6);
await store.countStats("played:open:g9", (s) => { s.played += 1; }, "open");
check("open statistics apart: the open ones counted", store.loadStats("open").played === 1);
check("open statistics apart: the standard ones untouched", store.loadStats().played === 0
  && localStorage.getItem(store.STATS_KEY) === null);
store.resetStats("open");
check("open statistics reset alone", store.loadStats("open").played === 0);
check("the open statistics' key is a statistics topic", store.storageTopic(store.OPEN_STATS_KEY).topic === "stats");
const openGame = { ...played(8, 2), id: store.newGameId(), open: true };
store.saveGame(openGame);
check("an open game stays open", store.loadGame(engine.formatCode(8))?.open === true);
const standardGame = { ...played(9, 0), id: store.newGameId() };
for (const move of standardGame.game.position.legalMoves().slice(0, 1)) standardGame.game.play(move);
check("the standard game has a move", standardGame.game.moveCount === 1);
store.saveGame(standardGame);
const standardText = localStorage.getItem(store.gameKey(engine.formatCode(9)));
check("a standard game is saved as before (no open field)", !("open" in JSON.parse(standardText)));
check("a game saved before loads as a standard one", store.loadGame(engine.formatCode(9))?.open === false
  && store.loadGame(engine.formatCode(9))?.game.moveCount === standardGame.game.moveCount);
localStorage.setItem(store.gameKey(engine.formatCode(9)), JSON.stringify({ ...JSON.parse(standardText), open: "yes" }));
const unclear = store.loadGame(engine.formatCode(9));
check("an unclear mark: loaded, counted as open, said", unclear?.game.moveCount === standardGame.game.moveCount && unclear.open && unclear.openUnclear);
// Damaged statistics: read as zero, never written over, set aside with their text.
for (const [variant, key] of [["standard", store.STATS_KEY], ["open", store.OPEN_STATS_KEY]]) {
  for (const text of ["{not json", "[1, 2]", JSON.stringify({ version: 1, played: "7", won: 0, streak: 0, bestStreak: 0 }),
    JSON.stringify({ version: 0, played: 1 }), JSON.stringify({ version: 1, played: 3, won: 1, streak: 1, bestStreak: 1, fastest: [] })]) {
    globalThis.localStorage = new Storage(1e6);
    localStorage.setItem(key, text);
    check(`${variant} ${text}: damaged`, store.damagedStats(variant) && !store.damagedStats(variant === "open" ? "standard" : "open"));
    store.updateStats((s) => { s.played += 1; }, variant);
    store.resetStats(variant);
    check(`${variant} ${text}: not written over`, localStorage.getItem(key) === text);
    const [found] = store.rescueStats();
    check(`${variant} ${text}: set aside`, found?.variant === variant && localStorage.getItem(found.key) === text
      && localStorage.getItem(key) === null, found);
    store.updateStats((s) => { s.played += 1; }, variant);
    check(`${variant} ${text}: counted again from zero`, store.loadStats(variant).played === 1 && localStorage.getItem(found.key) === text);
  }
  // No room to set them aside: left where they are, said (key null), still not written over.
  globalThis.localStorage = new Storage(40 + key.length);
  localStorage.setItem(key, "{broken");
  const [left] = store.rescueStats();
  check(`${variant}: no room, left in place`, left?.key === null && localStorage.getItem(key) === "{broken");
}
globalThis.localStorage = new Storage(1e6);
localStorage.setItem(store.STATS_KEY, JSON.stringify({ version: 1, played: 2, won: 1, streak: 0, bestStreak: 1, fastest: {} }));
check("sound statistics are not damaged", !store.damagedStats() && store.rescueStats().length === 0 && store.loadStats().played === 2);
check("the settings know Open cards, off by default", store.loadSettings().openCards === false);

// A backup carries the open variant: its statistics and the open mark of its games; a file
// written before (without them) leaves the open statistics as they are.
{
  const backup = await loadGameModule("backup.js");
  globalThis.localStorage = new Storage(1e6);
  await store.countStats("played:open:b1", (s) => { s.played += 1; }, "open");
  await store.countStats("played:b2", (s) => { s.played += 2; });
  store.saveGame({ ...played(11, 0), id: store.newGameId(), open: true });
  const text = backup.writeBackup(store.backupData());
  const read = backup.readBackup(text);
  check("backup: open statistics written and read", read.openStats?.played === 1 && read.stats.played === 2, read.openStats);
  check("backup: an open game stays open", read.games[0]?.open === true);
  globalThis.localStorage = new Storage(1e6);
  store.restoreBackup(read, "replace", { stats: backup.mergeStats, games: backup.mergeGames });
  check("backup restored: open statistics apart", store.loadStats("open").played === 1 && store.loadStats().played === 2);
  check("backup restored: the open game is open", store.loadGame(engine.formatCode(11))?.open === true);
  const old = JSON.parse(text);
  delete old.openStats;
  store.restoreBackup(backup.readBackup(JSON.stringify(old)), "replace", { stats: backup.mergeStats, games: backup.mergeGames });
  check("a file from before leaves the open statistics", store.loadStats("open").played === 1);
  const bent = { ...JSON.parse(text), openStats: { ...JSON.parse(text).openStats, won: 5 } };
  let kind = null;
  try {
    backup.readBackup(JSON.stringify(bent));
  } catch (error) {
    kind = `${error.kind} ${error.detail}`;
  }
  check("a file's damaged open statistics are named", kind === "damaged openStats.won > openStats.played", kind);
}

// A backup carries the games played with a hint (the coach's) and the hint mark of a game;
// a merge adds both browsers' counts, a file written before leaves them as they are.
{
  const backup = await loadGameModule("backup.js");
  const merge = { stats: backup.mergeStats, games: backup.mergeGames, hinted: backup.mergeCounts };
  globalThis.localStorage = new Storage(1e6);
  check("no hint, no hinted figures in a backup", !("hinted" in JSON.parse(backup.writeBackup(store.backupData()))));
  await store.countHinted("played", "h1");
  await store.countHinted("played", "h2");
  await store.countHinted("won", "h2");
  store.saveGame({ ...played(12, 0), id: store.newGameId(), hinted: true });
  const text = backup.writeBackup(store.backupData());
  const read = backup.readBackup(text);
  check("backup: hinted figures written and read", read.hinted?.played === 2 && read.hinted?.won === 1, read.hinted);
  check("backup: a hinted game keeps its mark", read.games[0]?.hinted === true);
  globalThis.localStorage = new Storage(1e6);
  store.restoreBackup(read, "replace", merge);
  const restored = store.loadHinted();
  check("backup restored: hinted figures", restored.played === 2 && restored.won === 1, restored);
  check("backup restored: the hinted game is marked", store.loadGame(engine.formatCode(12))?.hinted === true);
  store.restoreBackup(read, "merge", merge);
  const merged = store.loadHinted();
  check("backup merged: hinted figures add up", merged.played === 4 && merged.won === 2, merged);
  const old = JSON.parse(text);
  delete old.hinted;
  store.restoreBackup(backup.readBackup(JSON.stringify(old)), "replace", merge);
  check("a file from before leaves the hinted figures", store.loadHinted().played === 4);
  for (const [bent, named] of [[{ played: 1, won: 2 }, "hinted.won > hinted.played"], [{ played: -1, won: 0 }, "hinted.played"],
    ["many", "hinted"]]) {
    let kind = null;
    try {
      backup.readBackup(JSON.stringify({ ...JSON.parse(text), hinted: bent }));
    } catch (error) {
      kind = `${error.kind} ${error.detail}`;
    }
    check(`a file's damaged hinted figures are named (${named})`, kind === `damaged ${named}`, kind);
  }
  let kind = null;
  try {
    backup.mergeCounts({ played: Number.MAX_SAFE_INTEGER, won: 0 }, { played: 1, won: 0 });
  } catch (error) {
    kind = error.kind;
  }
  check("hinted counts past 2^53 - 1 are refused", kind === "too_many", kind);
}

// The game's state (GameState): one shape, checked as it is made; a field out of it is named.
{
  const fields = played(13, 2);
  const state = new store.GameState(fields);
  check("a game state takes its defaults", state.hinted === false && state.open === false && state.openUnclear === false
    && /^[0-9a-f]{16}$/.test(state.id));
  for (const [name, value] of [["elapsed", -1], ["elapsed", store.MAX_PLAY_TIME + 1], ["elapsed", Number.NaN],
    ["result", "draw"], ["counted", 1], ["revision", 1.5], ["revision", -1], ["id", "XYZ"], ["hinted", null],
    ["open", "yes"], ["openUnclear", 0], ["game", { code: 1 }]]) {
    let message = null;
    try {
      new store.GameState({ ...fields, [name]: value });
    } catch (error) {
      message = error instanceof TypeError ? error.message : String(error);
    }
    check(`a game state's ${name} of ${String(value)} is refused, named`, message?.startsWith(`a game state's ${name} must be`), message);
  }
  let added = false;
  try {
    state.hint = true; // a field of no game state (strict mode: modules are)
    added = "hint" in state;
  } catch {
    added = false;
  }
  check("a game state has no other field", !added && Object.isSealed(state));
  check("the backup file's fields are checked by the same rules", store.gameStateProblem({ elapsed: 0, result: "won", counted: true }) === null
    && store.gameStateProblem({ elapsed: 0, open: "yes" })?.[0] === "open"
    && store.gameStateProblem({ unknown: 1 })?.[0] === "unknown");
  globalThis.localStorage = new Storage(1e6);
  store.saveGame(state);
  const loaded = store.loadGame(engine.formatCode(13));
  check("a saved game state loads as one", loaded instanceof store.GameState
    && JSON.stringify(loaded.stored()) === JSON.stringify(state.stored()) && JSON.stringify(loaded.record()) === JSON.stringify(state.record()));
  check("a stored game is its record with the revision and the id", JSON.stringify(state.stored())
    === JSON.stringify({ version: 2, ...state.record(), revision: state.revision, id: state.id }));
  check("another tab's newer save is seen", !store.newerStored(loaded)
    && (store.saveGame(new store.GameState({ ...fields, revision: loaded.revision + 1 })), store.newerStored(loaded)));
}

process.stdout.write(JSON.stringify({ bad, checks }) + "\n");
process.exitCode = bad.length ? 1 : 0;
