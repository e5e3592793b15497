// The game in progress and the settings, kept in localStorage under keys per site.
// A saved game is trusted only after the engine replays it; anything else is dropped quietly.

import { Game, parseDealCode, parseMove, UNDO_LIMIT } from "./engine.js";

const SITE = new URL("../../", import.meta.url).pathname; // the site's root: assets/game/ is two below
const GAME_KEY = `halfmoon:${SITE}:game`;
const SETTINGS_KEY = `halfmoon:${SITE}:settings`;
export const DEFAULT_SETTINGS = Object.freeze({ moveErrors: false, placementHelp: false });

function read(key) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the game still works, it just will not survive a reload.
  }
}

export function loadSettings() {
  const saved = read(SETTINGS_KEY);
  const settings = { ...DEFAULT_SETTINGS };
  if (saved && typeof saved === "object") {
    for (const name of Object.keys(DEFAULT_SETTINGS)) {
      if (typeof saved[name] === "boolean") settings[name] = saved[name];
    }
  }
  return settings;
}

export function saveSettings(settings) {
  write(SETTINGS_KEY, settings);
}

/** Save {game, startedAt, endedAt}: the code, the moves in notation and the undo allowance. */
export function saveGame({ game, startedAt, endedAt }) {
  write(GAME_KEY, {
    version: 1, code: game.code, moves: game.history.map((m) => m.join("+")),
    undoable: game.undoable, startedAt, endedAt,
  });
}

/** The saved game replayed by the engine, or null when there is none or it does not replay. */
export function loadGame() {
  const saved = read(GAME_KEY);
  try {
    if (!saved || saved.version !== 1 || !Array.isArray(saved.moves)) throw new Error("no saved game");
    const game = new Game(parseDealCode(saved.code));
    for (const text of saved.moves) game.play(parseMove(String(text)));
    if (Number.isInteger(saved.undoable) && saved.undoable >= 0) {
      game.undoable = Math.min(game.undoable, saved.undoable, UNDO_LIMIT);
    }
    const time = (value) => (Number.isFinite(value) && value <= Date.now() ? value : null);
    return { game, startedAt: time(saved.startedAt) ?? Date.now(), endedAt: time(saved.endedAt) };
  } catch {
    if (saved !== null) forgetGame();
    return null;
  }
}

export function forgetGame() {
  try {
    localStorage.removeItem(GAME_KEY);
  } catch {
    // nothing to forget
  }
}
