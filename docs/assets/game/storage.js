// What the Play page keeps in localStorage, per site: each deal's game under its code (the 20
// most recent), the list of recent deals, the settings and the player's statistics. Every
// value carries a schema version; a saved game is trusted only after the engine replays it,
// anything unreadable is dropped quietly.

import { Game, parseDealCode, parseMove, UNDO_LIMIT } from "./engine.js";

const HERE = new URL(import.meta.url).pathname; // …/assets/game/[<hash>/]storage.js
const PREFIX = `halfmoon:${HERE.slice(0, HERE.lastIndexOf("/assets/game/") + 1)}:`; // per site root
export const KEEP_GAMES = 20;
export const MAX_PLAY_TIME = 1000 * 60 * 60 * 24 * 30; // longer than anyone plays one deal
export const DEFAULT_SETTINGS = Object.freeze({ moveErrors: false, placementHelp: false });
const EMPTY_STATS = Object.freeze({ played: 0, won: 0, streak: 0, bestStreak: 0, fastest: {} });

export const gameKey = (code) => `${PREFIX}game:${code}`;
export const RECENT_KEY = `${PREFIX}recent`;
export const SETTINGS_KEY = `${PREFIX}settings`;
export const STATS_KEY = `${PREFIX}stats`;
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

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the game still works, it just will not survive a reload.
  }
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
  write(SETTINGS_KEY, { version: 2, ...settings });
}

export function loadStats() {
  const saved = read(STATS_KEY);
  if (!isObject(saved) || saved.version !== 1) return structuredClone(EMPTY_STATS);
  const fastest = {};
  if (isObject(saved.fastest)) {
    for (const [code, time] of Object.entries(saved.fastest)) if (playTime(time) > 0) fastest[code] = time;
  }
  const stats = { played: count(saved.played), won: count(saved.won), streak: count(saved.streak), bestStreak: count(saved.bestStreak), fastest };
  stats.won = Math.min(stats.won, stats.played);
  stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
  return stats;
}

/** Change the statistics with `update(stats)`, reading them fresh so other tabs' counts stay. */
export function updateStats(update) {
  const stats = loadStats();
  update(stats);
  write(STATS_KEY, { version: 1, ...stats });
  return stats;
}

export function resetStats() {
  write(STATS_KEY, { version: 1, ...EMPTY_STATS });
}

/** The codes of saved games, most recent first. */
export function recentCodes() {
  const saved = read(RECENT_KEY);
  return isObject(saved) && Array.isArray(saved.codes) ? saved.codes.filter((c) => typeof c === "string") : [];
}

/**
 * Save one deal's game: {game, elapsed, result, counted, revision}. Keeps the newest
 * KEEP_GAMES deals and forgets the rest.
 */
export function saveGame({ game, elapsed, result, counted, revision }) {
  write(gameKey(game.code), {
    version: 2, code: game.code, moves: game.history.map((m) => m.join("+")),
    undoable: game.undoable, elapsed, result, counted, revision,
  });
  const codes = [game.code, ...recentCodes().filter((c) => c !== game.code)];
  for (const old of codes.slice(KEEP_GAMES)) remove(gameKey(old));
  write(RECENT_KEY, { version: 2, codes: codes.slice(0, KEEP_GAMES) });
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

/** The saved game of `code` replayed by the engine, or null when there is none or it does not replay. */
export function loadGame(code) {
  const saved = read(gameKey(code));
  if (saved === null) return null;
  try {
    if (!isObject(saved) || saved.version !== 2 || saved.code !== code) throw new Error("not a saved game");
    return replay(saved);
  } catch {
    remove(gameKey(code));
    return null;
  }
}

function replay(saved) {
  if (!Array.isArray(saved.moves)) throw new Error("no moves");
  const game = new Game(parseDealCode(saved.code));
  for (const text of saved.moves) game.play(parseMove(String(text)));
  game.undoable = Number.isInteger(saved.undoable) && saved.undoable >= 0 ? Math.min(game.undoable, saved.undoable, UNDO_LIMIT) : 0;
  return {
    game,
    elapsed: playTime(saved.elapsed),
    result: ["won", "lost"].includes(saved.result) ? saved.result : null,
    counted: saved.counted === true,
    revision: count(saved.revision),
  };
}

/** Schema 1 kept one game for the whole site: move it under its code once. */
export function migrate() {
  const old = read(OLD_GAME_KEY);
  if (old === null) return;
  remove(OLD_GAME_KEY);
  try {
    if (!isObject(old) || old.version !== 1) return;
    const saved = replay({ ...old, elapsed: 0, result: null, counted: old.moves?.length > 0, revision: 1 });
    if (!read(gameKey(saved.game.code))) saveGame(saved);
  } catch {
    // an unreadable old game is dropped, as it always was
  }
}

/** Which stored value a storage event is about: "game" (with code), "stats", "settings" or null. */
export function storageTopic(key) {
  if (key === null) return { topic: "all" };
  if (key === STATS_KEY) return { topic: "stats" };
  if (key === SETTINGS_KEY) return { topic: "settings" };
  if (key?.startsWith(`${PREFIX}game:`)) return { topic: "game", code: key.slice(PREFIX.length + 5) };
  return { topic: null };
}
