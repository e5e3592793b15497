// What tests/js/capture_saved_games.mjs writes down of a saved game, and run_saved_games.mjs
// compares: a loaded game state (storage.js loadGame) as plain JSON.

/** `state` (storage.js's game state, or null) as JSON: its game's moves and figures and every field. */
export const summary = (state) => state && {
  code: state.game.code, moves: state.game.history.map((m) => m.join("+")), undoable: state.game.undoable,
  moveCount: state.game.moveCount, score: state.game.score, won: state.game.won, deadlocked: state.game.deadlocked,
  elapsed: state.elapsed, result: state.result, counted: state.counted, revision: state.revision,
  id: /^[0-9a-f]{16}$/.test(state.id) ? state.id : "(not an id)", hinted: state.hinted, open: state.open, openUnclear: state.openUnclear,
};

/** The stored values of this site (`store`: storage.js) under their keys without the site's prefix. */
export function siteValues(store) {
  const stem = store.gameKey("").slice(0, -"game:".length);
  return Object.fromEntries(Object.entries(localStorage.dump())
    .filter(([key]) => key.startsWith(stem)).map(([key, text]) => [key.slice(stem.length), text]));
}

/** Put `values` (keys without the site's prefix, as siteValues gives them) in localStorage. */
export function putSiteValues(store, values) {
  const stem = store.gameKey("").slice(0, -"game:".length);
  for (const [key, text] of Object.entries(values)) localStorage.setItem(stem + key, text);
}
