// The browser engine (docs/assets/game/engine.js) against the shared vectors of tests/data/.
// Runs in Node (tests/js/run_vectors.mjs) and in Chromium (tests/test_game_engine_js_browser.py):
// `checkVectors(E, texts)` takes the engine module and the text of each .jsonl file and returns
// {bad: [every disagreement], counts: {cases checked per file}}.

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The cases of one JSON Lines vector file, without its header line. */
export function parseLines(text) {
  return text.split("\n").filter(Boolean).map((line) => JSON.parse(line)).filter((c) => !("generated_by" in c));
}

function checkDeals(E, cases, bad) {
  let count = 0;
  for (const deal of cases) {
    if (deal.splitmix64_from_0) {
      const next = E.splitmix64(0n);
      deal.splitmix64_from_0.forEach((hex, i) => {
        const got = "0x" + next().toString(16).padStart(16, "0");
        if (got !== hex) bad.push(`splitmix64 word ${i}: ${got} != ${hex}`);
      });
      continue;
    }
    count++;
    if (E.formatCode(deal.number) !== deal.code) bad.push(`code of ${deal.number}`);
    const layout = E.dealLayout(deal.number);
    if (!same(layout.piles.map((p) => p.map(String)), deal.piles)) bad.push(`piles of ${deal.code}`);
    if (!same(layout.reserve.map(String), deal.reserve)) bad.push(`reserve of ${deal.code}`);
  }
  return count;
}

function checkCodes(E, cases, bad) {
  let count = 0;
  for (const want of cases) {
    if (want.trimmed || want.look_alikes) continue; // spelled out for readers; the cases below use them
    count++;
    const shown = JSON.stringify(want.input).slice(0, 60);
    try {
      const got = E.parseDealCode(want.input);
      if (want.kind) bad.push(`invalid code ${shown} accepted`);
      else if (got.code !== want.code || got.number !== want.number) bad.push(`code ${shown}: ${got.code}`);
    } catch (error) {
      if (!want.kind) bad.push(`valid code ${shown} rejected: ${error.message}`);
      else if (!(error instanceof E.DealCodeError) || error.kind !== want.kind || error.position !== want.position) {
        bad.push(`code ${shown}: ${error.kind}@${error.position}, want ${want.kind}@${want.position}`);
      } else if (error.char !== want.char) {
        bad.push(`code ${shown}: the message names ${JSON.stringify(error.char)}, want ${JSON.stringify(want.char)}`);
      }
    }
  }
  return count;
}

const STATE_KEYS = ["selection", "dimmed", "score", "move_count", "won", "deadlocked", "can_undo"];

function gameState(game) {
  return {
    selection: game.selection, dimmed: game.dimmed(), score: game.score, move_count: game.moveCount,
    won: game.won, deadlocked: game.deadlocked, can_undo: game.canUndo,
  };
}

function checkTaps(E, cases, bad) {
  let game = null;
  let count = 0;
  for (const step of cases) {
    if (step.code) {
      game = new E.Game(step.code, { undoLimit: step.undo_limit });
      continue;
    }
    count++;
    const where = `game ${step.game} step ${count}`;
    const got = {};
    if (step.undo) {
      got.put_back = game.undo().map(String);
    } else {
      try {
        const result = game.tap(step.tap);
        Object.assign(got, {
          removed: result.removed, cards: result.cards.map(String), error: result.error,
          replaced: result.replaced, result_selection: result.selection,
        });
        if (!same(Object.keys(result).sort(), ["cards", "error", "removed", "replaced", "selection"])) {
          bad.push(`${where}: tap result fields ${Object.keys(result)}`);
        }
      } catch (error) {
        got.raises = error.name;
      }
    }
    Object.assign(got, gameState(game));
    for (const key of Object.keys(step)) {
      if (key === "game" || key === "tap" || key === "undo") continue;
      if (!same(got[key], step[key])) bad.push(`${where} ${key}: ${JSON.stringify(got[key])} != ${JSON.stringify(step[key])}`);
    }
    for (const key of STATE_KEYS) if (!(key in step)) bad.push(`${where}: the vector lacks ${key}`);
  }
  return count;
}

function checkRecords(E, cases, bad) {
  for (const want of cases) {
    let position;
    try {
      position = E.replayRecord(E.parseRecord(want.text, want.name));
    } catch (error) {
      if (!want.error) { bad.push(`record ${want.name} rejected: ${error.message}`); continue; }
      const got = { move_number: error.moveNumber, line: error.line, column: error.column, kind: error.kind };
      for (const key of Object.keys(got)) {
        if (got[key] !== want.error[key]) bad.push(`record ${want.name} ${key}: ${got[key]} != ${want.error[key]}`);
      }
      // Where and which move are said alike; the reasons of the deal-code and move errors are worded
      // per engine, those of the record itself (empty, too long) alike.
      const prefix = want.error.message.slice(0, want.error.message.length - want.error.reason.length);
      if (!error.message.startsWith(prefix)) bad.push(`record ${want.name} message: ${error.message}`);
      if (["blank", "size"].includes(want.error.kind) && error.message !== want.error.message) {
        bad.push(`record ${want.name} message: ${error.message}`);
      }
      continue;
    }
    if (want.error) { bad.push(`record ${want.name} accepted`); continue; }
    const got = {
      ...position.toJSON(), move_count: position.moveCount, score: position.score, won: position.isWon(),
      deadlocked: position.isDeadlocked(), legal: position.legalMoves().map(E.moveText),
    };
    for (const key of Object.keys(want.result)) {
      if (!same(got[key], want.result[key])) bad.push(`record ${want.name} ${key}`);
    }
  }
  return cases.length;
}

const CHECKS = { deals: checkDeals, codes: checkCodes, taps: checkTaps, records: checkRecords };

/** Check the engine module `E` against the vector files' texts: {bad, counts}. */
export function checkVectors(E, texts) {
  const bad = [];
  const counts = {};
  for (const [name, check] of Object.entries(CHECKS)) {
    if (!(name in texts)) { bad.push(`no vectors named ${name}`); continue; }
    counts[name] = check(E, parseLines(texts[name]), bad);
  }
  return { bad, counts };
}
