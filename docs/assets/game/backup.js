// The backup file: the player's statistics and saved games as one small JSON file that can
// leave the browser and come back (Statistics: Export, Import). DOM-free, so Node checks it.
//
// {"format": "halfmoon-backup", "version": 1, "exported": "<ISO time>",
//  "stats": {"played", "won", "streak", "bestStreak", "fastest": {"<code>": ms}},
//  "games": [{"code", "moves": ["1+10", …], "undoable", "elapsed", "result", "counted"}, …]}
// and, from the open variant (Open cards): "openStats" as "stats", and "open": true on its games;
// from the coach's hints: "hinted": {"played", "won"}, and "hinted": true on a game a hint helped;
// a file without them (written before) is read as it always was. A game is a saved game's state
// (storage.js GameState) as its record() writes it, checked by the same rules (gameStateProblem).
//
// A file is read whole and checked whole before anything is written: a file too large, not
// JSON, not ours, from a newer version or with one bad value is refused with its reason.

import { Game, parseDealCode, parseMove, UNDO_LIMIT } from "./engine.js";
import { MAX_PLAY_TIME, gameStateProblem } from "./storage.js";

export const BACKUP_FORMAT = "halfmoon-backup";
export const BACKUP_VERSION = 1;
// Our own files are a few kilobytes (20 games, a best time per won deal); 256 KiB holds best
// times for thousands of deals and keeps a wrong file (a photo, a video) from being read at all.
export const MAX_BACKUP_BYTES = 256 * 1024;
export const MAX_BACKUP_GAMES = 20;
const MAX_MOVES = 52; // each move takes at least two of the 104 cards

/**
 * Why a file is refused: kind is "too_large", "not_json", "foreign", "newer" or "damaged"; or,
 * for a merge, "too_many" (the counts together would pass Number.MAX_SAFE_INTEGER, which a
 * number no longer holds exactly: stored, it would read back as 0).
 */
export class BackupError extends Error {
  constructor(kind, detail = "") {
    super(detail ? `${kind}: ${detail}` : kind);
    this.name = "BackupError";
    this.kind = kind;
    this.detail = detail;
  }
}

const isObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isTime = (value) => Number.isFinite(value) && value > 0 && value <= MAX_PLAY_TIME;

function damaged(detail) {
  throw new BackupError("damaged", detail);
}

function isDealCode(text) {
  try {
    return parseDealCode(String(text)).code === text;
  } catch {
    return false;
  }
}

/** `text` when it is a deal code as the game writes it, else a "damaged" error. */
const dealCode = (text, where) => (isDealCode(text) ? text : damaged(`${where}: not a deal code`));

/** The backup file's text for {stats, games} (games most recent first). */
export function writeBackup({ stats, openStats = null, hinted = null, games }, exported = new Date()) {
  const written = (figures) => ({
    played: figures.played, won: figures.won, streak: figures.streak, bestStreak: figures.bestStreak,
    fastest: Object.fromEntries(Object.entries(figures.fastest).filter(([code, time]) => isDealCode(code) && isTime(time))),
  });
  const backup = {
    format: BACKUP_FORMAT, version: BACKUP_VERSION, exported: exported.toISOString(),
    stats: written(stats),
    ...(openStats ? { openStats: written(openStats) } : {}),
    ...(hinted ? { hinted: { played: hinted.played, won: hinted.won } } : {}),
    games: games.slice(0, MAX_BACKUP_GAMES).map(({ code, moves, undoable, elapsed, result, counted, open, hinted: helped }) => ({
      code, moves: [...moves], undoable, elapsed, result, counted, ...(open ? { open: true } : {}),
      ...(helped ? { hinted: true } : {}),
    })),
  };
  return `${JSON.stringify(backup, null, 1)}\n`;
}

/**
 * Read a backup file's text: {stats, games}, each game replayed by the engine. Throws a
 * BackupError naming what is wrong; nothing is half-read.
 */
export function readBackup(text) {
  if (typeof text !== "string") throw new BackupError("not_json");
  if (new TextEncoder().encode(text).length > MAX_BACKUP_BYTES) throw new BackupError("too_large");
  let backup;
  try {
    backup = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new BackupError("not_json");
  }
  if (!isObject(backup) || backup.format !== BACKUP_FORMAT) throw new BackupError("foreign");
  if (!Number.isSafeInteger(backup.version) || backup.version < 1) throw new BackupError("foreign", "version");
  if (backup.version > BACKUP_VERSION) throw new BackupError("newer", String(backup.version));
  return {
    stats: readStats(backup.stats),
    ...(backup.openStats === undefined ? {} : { openStats: readStats(backup.openStats, "openStats") }),
    ...(backup.hinted === undefined ? {} : { hinted: readHinted(backup.hinted) }),
    games: readGames(backup.games),
  };
}

/** The games played with a hint and those of them won: {played, won}. */
function readHinted(hinted) {
  if (!isObject(hinted)) damaged("hinted");
  for (const name of ["played", "won"]) if (!isCount(hinted[name])) damaged(`hinted.${name}`);
  if (hinted.won > hinted.played) damaged("hinted.won > hinted.played");
  return { played: hinted.played, won: hinted.won };
}

function readStats(stats, where = "stats") {
  if (!isObject(stats)) damaged(where);
  for (const name of ["played", "won", "streak", "bestStreak"]) {
    if (!isCount(stats[name])) damaged(`${where}.${name}`);
  }
  const problem = statsProblem(stats);
  if (problem) damaged(problem.replaceAll("stats.", `${where}.`));
  if (!isObject(stats.fastest)) damaged(`${where}.fastest`);
  const fastest = {};
  for (const [code, time] of Object.entries(stats.fastest)) {
    if (!isTime(time)) damaged(`${where}.fastest.${code}`);
    fastest[dealCode(code, `${where}.fastest`)] = time;
  }
  const { played, won, streak, bestStreak } = stats;
  return { played, won, streak, bestStreak, fastest };
}

/**
 * What makes `stats` (whole-number counts) statistics no play could give, as a whole: more
 * games won than played, a current streak longer than the best one, a best streak longer than
 * the games won (a streak is games won one after another). Null when they can be.
 */
export function statsProblem({ played, won, streak, bestStreak }) {
  if (won > played) return "stats.won > stats.played";
  if (streak > bestStreak) return "stats.streak > stats.bestStreak";
  if (bestStreak > won) return "stats.bestStreak > stats.won";
  return null;
}

function readGames(games) {
  if (!Array.isArray(games) || games.length > MAX_BACKUP_GAMES) damaged("games");
  const seen = new Set();
  return games.map((saved, index) => {
    const where = `games[${index}]`;
    if (!isObject(saved)) damaged(where);
    const code = dealCode(saved.code, `${where}.code`);
    if (seen.has(code)) damaged(`${where}: ${code} twice`);
    seen.add(code);
    if (!Array.isArray(saved.moves) || saved.moves.length > MAX_MOVES) damaged(`${where}.moves`);
    const game = new Game(parseDealCode(code));
    try {
      for (const move of saved.moves) {
        if (typeof move !== "string") throw new Error("not a move");
        game.play(parseMove(move));
      }
    } catch {
      damaged(`${where}.moves: the game does not replay`);
    }
    if (!Number.isSafeInteger(saved.undoable) || saved.undoable < 0 || saved.undoable > Math.min(UNDO_LIMIT, game.undoable)) {
      damaged(`${where}.undoable`);
    }
    // The result is kept after an undo; a file written before the open variant and the hints has
    // no open or hinted mark.
    const { elapsed, result, counted, open, hinted } = saved;
    const problem = gameStateProblem({
      elapsed, result, counted, ...(open === undefined ? {} : { open }), ...(hinted === undefined ? {} : { hinted }),
    });
    if (problem) damaged(`${where}.${problem[0]}`);
    return {
      code, moves: [...saved.moves], undoable: saved.undoable, elapsed, result, counted,
      ...(saved.open ? { open: true } : {}), ...(saved.hinted ? { hinted: true } : {}),
    };
  });
}

/**
 * The statistics of two browsers together: games played and won and the best streak add up
 * as two separate histories would (played and won are sums, the best streak the larger one),
 * the current streak is the larger one, and each deal keeps its faster best time.
 */
export function mergeStats(here, file) {
  const fastest = { ...here.fastest };
  for (const [code, time] of Object.entries(file.fastest)) {
    if (!(code in fastest) || time < fastest[code]) fastest[code] = time;
  }
  const { played, won } = mergeCounts(here, file);
  const streak = Math.max(here.streak, file.streak);
  return {
    played, won, streak,
    bestStreak: Math.max(here.bestStreak, file.bestStreak, streak), fastest,
  };
}

/**
 * Games played and won in two browsers together, as two separate histories add up: the
 * statistics' and those played with a hint alike.
 */
export function mergeCounts(here, file) {
  const played = here.played + file.played;
  // Past 2^53 - 1 a number no longer counts one by one: refused, before anything is written.
  if (!Number.isSafeInteger(played)) throw new BackupError("too_many", String(Number.MAX_SAFE_INTEGER));
  return { played, won: Math.min(played, here.won + file.won) };
}

/**
 * Saved games together, most recent first and at most `keep`: this browser's games first, then
 * the file's other deals; a deal saved in both keeps the game that is further on (more moves;
 * this browser's on a tie).
 */
export function mergeGames(here, file, keep = MAX_BACKUP_GAMES) {
  const fromFile = new Map(file.map((saved) => [saved.code, saved]));
  const merged = here.map((saved) => {
    const other = fromFile.get(saved.code);
    fromFile.delete(saved.code);
    return other && other.moves.length > saved.moves.length ? other : saved;
  });
  return [...merged, ...fromFile.values()].slice(0, keep);
}
