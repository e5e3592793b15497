// Generated cases run in the browser engine: each function takes the engine module `E` and the
// arguments Python sent, and returns plain data that Python compares with its own engine
// (tests/engine_cases.py). Used in Node (serve_cases.mjs) and in Chromium.

export function parseCodes(E, texts) {
  return texts.map((text) => {
    try {
      const code = E.parseDealCode(text);
      return { code: code.code, number: code.number };
    } catch (error) {
      return { kind: error.kind, position: error.position, char: error.char };
    }
  });
}

export function playTaps(E, [code, undoLimit, steps]) {
  const game = new E.Game(code, { undoLimit });
  return steps.map((step) => {
    const undone = step === "undo" ? game.undo().map(String) : null;
    let result = null;
    if (step !== "undo") {
      try {
        result = game.tap(step);
      } catch (error) {
        return { raises: error.name };
      }
    }
    return {
      selection: game.selection, dimmed: game.dimmed(), score: game.score, move_count: game.moveCount,
      won: game.won, deadlocked: game.deadlocked, can_undo: game.canUndo,
      removed: result ? result.removed : undone, error: result ? result.error : null,
      cards: result ? result.cards.map(String) : null, replaced: result ? result.replaced : null,
    };
  });
}

export function replayRecords(E, texts) {
  return texts.map((text) => {
    try {
      const position = E.replayRecord(E.parseRecord(text));
      return { score: position.score, move_count: position.moveCount, ...position.toJSON() };
    } catch (error) {
      return { kind: error.kind, line: error.line, column: error.column, move: error.moveNumber };
    }
  });
}

export const CASES = { parseCodes, playTaps, replayRecords };
