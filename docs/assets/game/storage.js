// What the Play page keeps in localStorage, per site: each deal's game under its code (the 20
// most recent; a game's one shape is GameState, below), the list of recent deals, the settings
// and the player's statistics. Every value carries a schema version; a saved game is trusted
// only after the engine replays it, anything unreadable is dropped quietly, except a value of a
// newer schema (a newer build of the site wrote it, this one may be an older cached copy): that
// is kept, never overwritten.

import { Game, parseDealCode, parseMove, UNDO_LIMIT } from "./engine.js";

const HERE = new URL(import.meta.url).pathname; // …/assets/game/[<hash>/]storage.js
const PREFIX = `halfmoon:${HERE.slice(0, HERE.lastIndexOf("/assets/game/") + 1)}:`; // per site root
export const KEEP_GAMES = 20;
export const MAX_PLAY_TIME = 1000 * 60 * 60 * 24 * 30; // longer than anyone plays one deal
// winnableOnly, coach and openCards are this site's additions to the seeds' app (issue 47), off
// by default.
export const DEFAULT_SETTINGS = Object.freeze({
  moveErrors: false, placementHelp: false, fourColour: false, winnableOnly: false, coach: false, openCards: false,
});
const EMPTY_STATS = Object.freeze({ played: 0, won: 0, streak: 0, bestStreak: 0, fastest: {} });

export const gameKey = (code) => `${PREFIX}game:${code}`;
export const RECENT_KEY = `${PREFIX}recent`;
export const SETTINGS_KEY = `${PREFIX}settings`;
export const STATS_KEY = `${PREFIX}stats`;
export const HINTED_KEY = `${PREFIX}hinted`; // games played with a hint, counted apart (issue 47)
// The open variant's statistics (a setting, off by default) are kept apart, under their own key:
// the standard game's stay where they always were.
export const OPEN_STATS_KEY = `${PREFIX}stats:open`;
/** Where the statistics of `variant` ("standard" or "open") are kept. */
export const statsKey = (variant = "standard") => (variant === "open" ? OPEN_STATS_KEY : STATS_KEY);
export const COUNTED_KEY = `${PREFIX}counted`; // the last events counted in the statistics
const COUNTED_KEEP = 60;
const STATS_LOCK = `${PREFIX}stats`; // navigator.locks: one tab at a time changes the statistics
const OLD_GAME_KEY = `${PREFIX}game`; // schema 1: one game for the whole site

function readText(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parse(text) {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

const read = (key) => parse(readText(key));

/** Store `value` under `key`; false when the storage is full or disabled (the game still
 * works, it just will not survive a reload: the caller tells the player). */
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Whether the value under `key` is of a schema newer than `version`: not ours to change. */
function newer(key, version) {
  const saved = read(key);
  return isObject(saved) && Number.isSafeInteger(saved.version) && saved.version > version;
}

function remove(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
export const playTime = (value) => (Number.isFinite(value) && value >= 0 && value <= MAX_PLAY_TIME ? value : 0);

export function loadSettings() {
  const saved = read(SETTINGS_KEY);
  const settings = { ...DEFAULT_SETTINGS };
  if (isObject(saved)) {
    for (const name of Object.keys(DEFAULT_SETTINGS)) {
      if (typeof saved[name] === "boolean") settings[name] = saved[name];
    }
  }
  return settings;
}

export function saveSettings(settings) {
  if (!newer(SETTINGS_KEY, 2)) write(SETTINGS_KEY, { version: 2, ...settings });
}

export function loadStats(variant = "standard") {
  const saved = read(statsKey(variant));
  if (!isObject(saved) || saved.version !== 1) return structuredClone(EMPTY_STATS);
  const fastest = {};
  if (isObject(saved.fastest)) {
    for (const [code, time] of Object.entries(saved.fastest)) if (playTime(time) > 0) fastest[code] = time;
  }
  return whole({ played: count(saved.played), won: count(saved.won), streak: count(saved.streak), bestStreak: count(saved.bestStreak), fastest });
}

/**
 * `stats` made whole as play makes them (backup.js's statsProblem finds none, so an export always
 * imports): games won at most those played, the current streak at most the best one, the best
 * one at most the games won. A count past Number.MAX_SAFE_INTEGER stays there: beyond it a
 * number no longer counts one by one, and stored it would read back as 0.
 */
function whole(stats) {
  for (const name of ["played", "won", "streak", "bestStreak"]) {
    if (!Number.isSafeInteger(stats[name])) stats[name] = stats[name] > 0 ? Number.MAX_SAFE_INTEGER : 0;
  }
  stats.won = Math.min(stats.won, stats.played);
  stats.bestStreak = Math.min(Math.max(stats.bestStreak, stats.streak), stats.won);
  stats.streak = Math.min(stats.streak, stats.bestStreak);
  return stats;
}

/** Change the statistics with `update(stats)`, reading them fresh so other tabs' counts stay. */
export function updateStats(update, variant = "standard") {
  const stats = loadStats(variant);
  update(stats);
  whole(stats);
  const key = statsKey(variant);
  if (!newer(key, 1) && !damagedStats(variant)) write(key, { version: 1, ...stats });
  return stats;
}

/**
 * Whether the stored statistics of `variant` are there but not what this game writes (not JSON,
 * not an object, a count that is no count): read as zero, they are never written over (that would
 * lose them); rescueStats() puts them aside.
 */
export function damagedStats(variant = "standard") {
  const text = readText(statsKey(variant));
  if (text === null) return false;
  const saved = parse(text);
  if (!isObject(saved) || !Number.isSafeInteger(saved.version) || saved.version < 1) return true;
  if (saved.version > 1) return false; // a newer build's: kept, not ours to judge
  return ["played", "won", "streak", "bestStreak"].some((name) => !(Number.isSafeInteger(saved[name]) && saved[name] >= 0))
    || (saved.fastest !== undefined && !isObject(saved.fastest));
}

/**
 * Damaged statistics (damagedStats) are copied, as they were, under a key of their own, and only
 * once the copy reads back are they taken away, so that counting starts again from zero and the
 * old text is still in the browser. Returns, for each variant found damaged, {variant, key} (key:
 * where the text now is; null when it could not be copied, and then it stays where it was).
 */
export function rescueStats() {
  const found = [];
  for (const variant of ["standard", "open"]) {
    if (!damagedStats(variant)) continue;
    const text = readText(statsKey(variant));
    const key = `${PREFIX}damaged:${statsKey(variant).slice(PREFIX.length)}:${Date.now()}`;
    let copied = false;
    try {
      localStorage.setItem(key, text);
      copied = localStorage.getItem(key) === text;
    } catch {
      // full: the damaged value stays where it is, unwritten
    }
    if (copied) remove(statsKey(variant));
    found.push({ variant, key: copied ? key : null });
  }
  return found;
}

/** A new game's id: kept with its saved game, so that every tab playing it counts it as one. */
export function newGameId() {
  return [...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function countedEvents() {
  const saved = read(COUNTED_KEY);
  return isObject(saved) && Array.isArray(saved.events) ? saved.events.filter((e) => typeof e === "string") : [];
}

/** Whether the statistics have counted `event` ("won:<game id>") already, in this tab or another. */
export const wasCounted = (event) => Boolean(event) && countedEvents().includes(event);

/** Note `event` as counted (the last COUNTED_KEEP are kept). */
const markCounted = (event) => write(COUNTED_KEY, { version: 1, events: [...countedEvents(), event].slice(-COUNTED_KEEP) });

/**
 * Run `task` while no other tab of this site runs one: navigator.locks where the browser has
 * it (a secure context). Without it the task runs at once, in one go: its reads and writes
 * then sit in one task of this tab, which narrows a clash with another tab to that moment.
 */
export function withStatsLock(task) {
  const locks = globalThis.navigator?.locks;
  if (typeof locks?.request === "function") return locks.request(STATS_LOCK, () => task());
  try {
    return Promise.resolve(task());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Count `event` of a game in the statistics once (`update(stats)`), however many tabs play the
 * game: two tabs winning one deal in the same frame count one win. The check and the write run
 * under the statistics lock. Resolves to the new statistics, or null when it was counted
 * already. An event of null is counted every time (still under the lock).
 */
export function countStats(event, update, variant = "standard") {
  return withStatsLock(() => {
    if (wasCounted(event)) return null;
    const stats = updateStats(update, variant);
    if (event) markCounted(event);
    return stats;
  });
}

/** The games played with a hint and those of them won: {played, won}, apart from loadStats'. */
export function loadHinted() {
  const saved = read(HINTED_KEY);
  if (!isObject(saved) || saved.version !== 1) return { played: 0, won: 0 };
  const played = count(saved.played);
  return { played, won: Math.min(count(saved.won), played) };
}

/** Count a game with a hint (`event` "played" or "won") once a game (`id`), however many tabs
 * play it, under the statistics lock. */
export function countHinted(event, id) {
  const key = `hinted-${event}:${id}`;
  return withStatsLock(() => {
    if (wasCounted(key) || newer(HINTED_KEY, 1)) return;
    const hinted = loadHinted();
    hinted[event]++;
    write(HINTED_KEY, { version: 1, ...hinted });
    markCounted(key);
  });
}

/**
 * Statistics from zero. The events counted so far go with them: a game under way is counted
 * again from its next move, so that its ending adds up (played 1, won 1 after a win).
 */
export function resetStats(variant = "standard") {
  const key = statsKey(variant);
  if (newer(key, 1) || damagedStats(variant)) return;
  write(key, { version: 1, ...EMPTY_STATS });
  write(COUNTED_KEY, { version: 1, events: [] });
  if (!newer(HINTED_KEY, 1)) remove(HINTED_KEY);
}

/** The codes of saved games, most recent first. */
export function recentCodes() {
  const saved = read(RECENT_KEY);
  return isObject(saved) && Array.isArray(saved.codes) ? saved.codes.filter((c) => typeof c === "string") : [];
}

// --- one deal's game: its state, as the Play page holds it and storage keeps it ---------------

const GAME_ID = /^[0-9a-f]{16}$/;
const RESULTS = [null, "won", "lost"];

const isBoolean = (value) => typeof value === "boolean";
// Each field of a game state (GameState): what it may hold, and that in words for an error.
const GAME_STATE_FIELDS = {
  game: [(game) => Boolean(game) && typeof game.code === "string" && Array.isArray(game.history)
    && Number.isSafeInteger(game.undoable), "the engine's Game"],
  elapsed: [(elapsed) => playTime(elapsed) === elapsed, `milliseconds from 0 to ${MAX_PLAY_TIME}`],
  result: [(result) => RESULTS.includes(result), '"won", "lost" or null'],
  counted: [isBoolean, "true or false"],
  revision: [(revision) => count(revision) === revision, "a whole number from 0"],
  id: [(id) => typeof id === "string" && GAME_ID.test(id), "16 hexadecimal digits"],
  hinted: [isBoolean, "true or false"],
  open: [isBoolean, "true or false"],
  openUnclear: [isBoolean, "true or false"],
};

/**
 * The first of `fields` (some or all of a GameState's, by name) that a game state cannot hold,
 * as [name, what it must be], or null: the one check of the saved game's shape, for the state the
 * page holds and for the games of a backup file (backup.js).
 */
export function gameStateProblem(fields) {
  for (const [name, value] of Object.entries(fields)) {
    const [holds, must] = GAME_STATE_FIELDS[name] ?? [() => false, "no field of a game state"];
    if (!holds(value)) return [name, must];
  }
  return null;
}

/**
 * One deal's game as the Play page holds it: the value saveGame stores, loadGame gives back,
 * backupData writes to a backup file and restoreBackup writes from one. Its fields (sealed: no
 * other can be added; each is checked as it is made: GAME_STATE_FIELDS, gameStateProblem):
 *   game         the engine's Game: the deal (game.code), its moves (game.history), game.undoable
 *   elapsed      milliseconds played, 0 to MAX_PLAY_TIME (a clock running since is the page's)
 *   result       "won" or "lost" once the game has ended that way, else null (kept after an undo)
 *   counted      in the statistics already (counted played at its first move)
 *   revision     the number of its latest save in any tab: a higher one stored is another tab's
 *   id           16 hexadecimal digits, the same in every tab: its ending is counted once
 *   hinted       a hint was asked (issue 47): counted apart, with the games played with a hint
 *   open         played with every card shown: counted in the open variant's statistics
 *   openUnclear  its stored open mark was neither true nor false: counted open, said once; not stored
 * Stored (schema 2, stored()) as {version: 2, code, moves: ["1+12", …], undoable, elapsed, result,
 * counted, revision, id, hinted?: true, open?: true}; in a backup file (record()) as {code, moves,
 * undoable, elapsed, result, counted, open?: true, hinted?: true}.
 */
export class GameState {
  constructor({
    game, elapsed = 0, result = null, counted = false, revision = 0, id = newGameId(), hinted = false, open = false,
    openUnclear = false,
  }) {
    const fields = { game, elapsed, result, counted, revision, id, hinted, open, openUnclear };
    const problem = gameStateProblem(fields);
    if (problem) throw new TypeError(`a game state's ${problem[0]} must be ${problem[1]}, not ${String(fields[problem[0]])}`);
    Object.assign(this, fields);
    Object.seal(this);
  }

  /** The game as a backup file holds it (backup.js). */
  record() {
    return {
      code: this.game.code, moves: this.game.history.map((m) => m.join("+")), undoable: this.game.undoable,
      elapsed: this.elapsed, result: this.result, counted: this.counted,
      ...(this.open ? { open: true } : {}), ...(this.hinted ? { hinted: true } : {}),
    };
  }

  /** The game as storage keeps it (schema 2). */
  stored() {
    const { code, moves, undoable, elapsed, result, counted } = this.record();
    return {
      version: 2, code, moves, undoable, elapsed, result, counted, revision: this.revision, id: this.id,
      ...(this.hinted ? { hinted: true } : {}),
      ...(this.open ? { open: true } : {}), // played with every card shown (a game saved before has none)
    };
  }
}

/**
 * The game state of a stored game or a backup file's (`saved`: its fields, as stored() or record()
 * writes them), its moves replayed by the engine; throws when they do not replay. Whatever else is
 * not as the game writes it is read as the game's start would have it, as it always was: a
 * time out of bounds as 0, a result unknown as none, a missing id as a new one.
 */
export function readGameState(saved) {
  if (!Array.isArray(saved.moves)) throw new Error("no moves");
  const game = new Game(parseDealCode(saved.code));
  for (const text of saved.moves) game.play(parseMove(String(text)));
  game.undoable = Number.isInteger(saved.undoable) && saved.undoable >= 0 ? Math.min(game.undoable, saved.undoable, UNDO_LIMIT) : 0;
  return new GameState({
    game,
    elapsed: playTime(saved.elapsed),
    result: RESULTS.includes(saved.result) ? saved.result : null,
    counted: saved.counted === true,
    revision: count(saved.revision),
    hinted: saved.hinted === true, // a hint was asked (issue 47): counted apart
    // Saved before games had ids (or restored from a file): this tab's id, until it saves it.
    id: typeof saved.id === "string" && GAME_ID.test(saved.id) ? saved.id : newGameId(),
    // Played with every card shown. Anything but true or nothing is unclear: such a game counts
    // with the open variant (a game whose cards may have been seen never counts as a standard
    // one), and the game says so (openUnclear).
    open: saved.open !== undefined && saved.open !== false,
    openUnclear: saved.open !== undefined && typeof saved.open !== "boolean",
  });
}

/**
 * Save one deal's game (`state`: a GameState, or the fields of one). Keeps the newest
 * KEEP_GAMES deals and forgets the rest. Returns false when the game could not be saved:
 * the storage is full even after this site's older games were let go (another site or app
 * on the origin may fill it), or a newer build keeps this deal in a schema of its own.
 */
export function saveGame(state) {
  const value = (state instanceof GameState ? state : new GameState(state)).stored();
  const { code } = value;
  const key = gameKey(code);
  if (newer(key, 2)) return false;
  let codes = [code, ...recentCodes().filter((c) => c !== code)];
  for (const old of codes.slice(KEEP_GAMES)) remove(gameKey(old));
  codes = codes.slice(0, KEEP_GAMES);
  let saved = write(key, value);
  while (!saved && codes.length > 1) { // full: this deal matters more than the oldest one
    remove(gameKey(codes.pop()));
    saved = write(key, value);
  }
  write(RECENT_KEY, { version: 2, codes });
  return saved;
}

/** The codes of every game in storage, in the recent list or not (null: cannot be listed). */
function storedGameCodes() {
  const stem = gameKey("");
  return siteKeys()?.filter((key) => key.startsWith(stem)).map((key) => key.slice(stem.length)) ?? null;
}

/** Every key this site keeps (null when the storage cannot be listed). */
function siteKeys() {
  try {
    return Object.keys(localStorage).filter((key) => key.startsWith(PREFIX));
  } catch {
    return null;
  }
}

/** The statistics and the saved games that replay (most recent first), for a backup file. */
export function backupData() {
  const games = [];
  for (const code of recentCodes()) {
    const saved = loadGame(code);
    if (saved) games.push(saved.record());
  }
  // The open variant's statistics only once it has some: a backup is otherwise as it always was.
  // The same for the games played with a hint (the coach's).
  return {
    stats: loadStats(), ...(readText(OPEN_STATS_KEY) === null ? {} : { openStats: loadStats("open") }),
    ...(readText(HINTED_KEY) === null ? {} : { hinted: loadHinted() }), games,
  };
}

/** Why a backup was not written (kind "storage_full" or "newer_here"); nothing was changed. */
export class RestoreError extends Error {
  constructor(kind) {
    super(kind);
    this.name = "RestoreError";
    this.kind = kind;
  }
}

/**
 * Write a backup's {stats, games} (read and checked by backup.js): "replace" makes them the
 * browser's statistics and saved games, "merge" combines them with what is here (`merge`:
 * {stats(here, file), games(here, file, keep)}). Each written game gets a newer revision, so
 * that other tabs take it, and an id of its own.
 *
 * All or nothing: every value is written, then read back; when one does not fit (storage
 * full) every value it touched is put back as it was and a RestoreError says so. A value of a
 * newer schema (a newer build of the site wrote it) is not ours to change: the import is
 * refused before anything is written.
 */
export function restoreBackup({ stats, openStats = null, hinted = null, games }, mode, merge) {
  const here = backupData();
  const newStats = mode === "merge" ? merge.stats(here.stats, stats) : stats;
  // A file without the open variant's statistics (written before it) leaves them as they are.
  const newOpenStats = openStats && (mode === "merge" && here.openStats ? merge.stats(here.openStats, openStats) : openStats);
  const newHinted = hinted && (mode === "merge" && here.hinted ? merge.hinted(here.hinted, hinted) : hinted);
  const newGames = mode === "merge" ? merge.games(here.games, games, KEEP_GAMES) : games.slice(0, KEEP_GAMES);
  const kept = newGames.map((record) => record.code);
  const others = mode === "replace" ? storedGameCodes() ?? recentCodes() : [...recentCodes(), ...kept];
  const writes = [
    [STATS_KEY, 1, { version: 1, ...newStats }],
    ...(newOpenStats ? [[OPEN_STATS_KEY, 1, { version: 1, ...newOpenStats }]] : []),
    ...(newHinted ? [[HINTED_KEY, 1, { version: 1, ...newHinted }]] : []),
    ...newGames.map((record) => [gameKey(record.code), 2, readGameState({
      ...record, revision: storedRevision(record.code) + 1, id: newGameId(),
    }).stored()]),
    [RECENT_KEY, 2, { version: 2, codes: kept }],
  ];
  const removes = [...new Set(others)].filter((code) => !kept.includes(code)).map((code) => [gameKey(code), 2]);
  if ([...writes, ...removes].some(([key, version]) => newer(key, version))) throw new RestoreError("newer_here");
  const touched = [...writes, ...removes].map(([key]) => key);
  const before = new Map(touched.map((key) => [key, readText(key)]));
  let done = writes.every(([key, , value]) => write(key, value));
  if (done) {
    for (const [key] of removes) remove(key);
    done = writes.every(([key, , value]) => readText(key) === JSON.stringify(value))
      && removes.every(([key]) => readText(key) === null);
  }
  if (!done) {
    // Back as it was: first every touched value goes (which frees the room), then the old ones
    // come back; they fitted before, so they fit again.
    for (const key of touched) remove(key);
    for (const [key, text] of before) {
      if (text === null) continue;
      try {
        localStorage.setItem(key, text);
      } catch {
        // cannot happen unless another tab filled the storage meanwhile
      }
    }
    throw new RestoreError("storage_full");
  }
  return {
    stats: newStats, ...(newOpenStats ? { openStats: newOpenStats } : {}), ...(newHinted ? { hinted: newHinted } : {}),
    games: newGames,
  };
}

let lastRevision = { text: null, revision: 0 }; // read at every tap: parsed only when it changed

/** The revision of the stored game of `code` (0 when none), to spot another tab's newer save. */
export function storedRevision(code) {
  const text = readText(gameKey(code));
  if (text !== lastRevision.text) {
    const saved = parse(text);
    lastRevision = { text, revision: isObject(saved) ? count(saved.revision) : 0 };
  }
  return lastRevision.revision;
}

/** Whether another tab has saved the deal of `state` (a GameState) since this one did: its game is newer. */
export const newerStored = (state) => storedRevision(state.game.code) > state.revision;

/** The saved game of `code` (a GameState), or null when there is none or it does not replay. */
export function loadGame(code) {
  const saved = read(gameKey(code));
  if (saved === null) return null;
  if (newer(gameKey(code), 2)) return null; // kept for the newer build that wrote it
  try {
    if (!isObject(saved) || saved.version !== 2 || saved.code !== code) throw new Error("not a saved game");
    return readGameState(saved);
  } catch {
    remove(gameKey(code));
    return null;
  }
}

/** Schema 1 kept one game for the whole site: move it under its code once. */
export function migrate() {
  const old = read(OLD_GAME_KEY);
  if (old === null) return;
  remove(OLD_GAME_KEY);
  try {
    if (!isObject(old) || old.version !== 1) return;
    const saved = readGameState({ ...old, elapsed: 0, result: null, counted: old.moves?.length > 0, revision: 1 });
    if (!read(gameKey(saved.game.code))) saveGame(saved);
  } catch {
    // an unreadable old game is dropped, as it always was
  }
}

/** Which stored value a storage event is about: "game" (with code), "stats", "settings" or null. */
export function storageTopic(key) {
  if (key === null) return { topic: "all" };
  if (key === STATS_KEY || key === HINTED_KEY || key === OPEN_STATS_KEY) return { topic: "stats" };
  if (key === SETTINGS_KEY) return { topic: "settings" };
  if (key?.startsWith(`${PREFIX}game:`)) return { topic: "game", code: key.slice(PREFIX.length + 5) };
  return { topic: null };
}
