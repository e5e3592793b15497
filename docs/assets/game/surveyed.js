// New game's deal drawn from the surveyed deals (issue 47, item 1): the deals whose verdicts the
// site publishes (docs/records/verdicts.gz, read by lookup.js's readVerdicts into {start, symbols}),
// so that every new game's fate is known; or, with "only deals that can be won", from the won
// ones alone. No DOM here. A deal code typed in still plays any of the 8 billion.

const WON = "W";
/** The range of the published verdict file (docs/records/verdicts.gz's header: start, deals), so
 * that New game draws a surveyed deal at once, without the file. tests/test_surveyed_node.py
 * holds it to the file. Only "only deals that can be won" needs the file's verdicts. */
export const SURVEYED = Object.freeze({ start: 0, deals: 250_000 });
const wonIndexes = new WeakMap(); // table -> Int32Array of the indexes of its won deals

/** A uniform whole number in [0, n), n at most 2^32, from `word()` (uniform 32-bit words): words
 * past the last whole multiple of n are drawn again, so no number is likelier than another. */
export function randomBelow(n, word = cryptoWord) {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`no whole number below ${n} to draw`);
  const limit = 2 ** 32 - (2 ** 32 % n);
  for (;;) {
    const value = word();
    if (value < limit) return value % n;
  }
}

function cryptoWord() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

function wonOf(table) {
  let indexes = wonIndexes.get(table);
  if (!indexes) {
    let count = 0;
    for (let i = 0; i < table.symbols.length; i++) if (table.symbols[i] === WON) count++;
    indexes = new Int32Array(count);
    for (let i = 0, k = 0; i < table.symbols.length; i++) if (table.symbols[i] === WON) indexes[k++] = i;
    wonIndexes.set(table, indexes);
  }
  return indexes;
}

/** The number of a deal drawn uniformly from the table's deals, or from its won deals alone when
 * `winnable`; null when the table has none such. `word` draws uniform 32-bit words (crypto's). */
export function surveyedNumber(table, { winnable = false, word = cryptoWord } = {}) {
  if (!winnable) return table.symbols.length ? table.start + randomBelow(table.symbols.length, word) : null;
  const won = wonOf(table);
  return won.length ? table.start + won[randomBelow(won.length, word)] : null;
}

/** The number of a deal drawn uniformly from the SURVEYED range, without its file. */
export function surveyedRangeNumber(word = cryptoWord) {
  return SURVEYED.start + randomBelow(SURVEYED.deals, word);
}
