// Half Moon rules for the browser: a mirror of the Python engine (halfmoon/). No DOM here.
// Deal codes and the shuffle (SPEC §4.2), removals and scoring, the tap table (§4.4),
// undo, placement help and game records (§4.3). Checked against tests/data/ in Chromium.

export const SUITS = ["S", "H", "D", "C"];
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const JACK = 11;
export const PAIR_SUM = 11;
export const PILES = 12;
export const PILE_HEIGHT = 8;
export const RESERVE_SLOTS = 8;
export const PAIR_POINTS = 10;
export const TRIPLE_POINTS = 15;
export const UNDO_LIMIT = 100;
export const SUM_MUST_BE_11 = "sum_must_be_11";
export const NEED_JQK = "need_jqk";

export const PILE_SOURCES = Array.from({ length: PILES }, (_, i) => String(i + 1));
export const RESERVE_SOURCES = Array.from({ length: RESERVE_SLOTS }, (_, i) => `R${i + 1}`);
export const SOURCES = [...PILE_SOURCES, ...RESERVE_SOURCES];
const SOURCE_INDEX = new Map(SOURCES.map((source, index) => [source, index]));

// Python's str.isspace() set, so that strip() and split() agree with the reference engine.
const SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const EDGE_SPACE = new RegExp(`^[${SPACE}]+|[${SPACE}]+$`, "g");
// Trimmed around a deal code (dealcode.TRIMMED): white space, the byte order mark, the zero-width space.
const CODE_EDGE = new RegExp(`^[${SPACE}\\u200b\\ufeff]+|[${SPACE}\\u200b\\ufeff]+$`, "g");
const WORD = new RegExp(`[^${SPACE}]+`, "g");
// Python's str.splitlines() boundaries.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

const pyStrip = (text) => text.replace(EDGE_SPACE, "");

/** `text` cut to 40 characters for echoing in a message (halfmoon.errors.shorten). */
function shorten(text, limit = 40) {
  const chars = Array.from(text.slice(0, 2 * limit));
  return chars.length <= limit && text.length <= 2 * limit ? text : chars.slice(0, limit - 1).join("") + "…";
}

// --- cards ------------------------------------------------------------------------------

/** A card: rank 1 (ace) … 13 (king), suit S H D C; `text` is machine notation ("10H"). */
class Card {
  constructor(rank, suit) {
    this.rank = rank;
    this.suit = suit;
    this.text = RANKS[rank - 1] + suit;
    Object.freeze(this);
  }
  get isFace() { return this.rank >= JACK; }
  get isRed() { return this.suit === "H" || this.suit === "D"; }
  get rankText() { return RANKS[this.rank - 1]; }
  toString() { return this.text; }
}

const DECK = SUITS.flatMap((suit) => RANKS.map((_, i) => new Card(i + 1, suit)));

// --- deal codes and the shuffle (§4.2) ---------------------------------------------------

const PREFIX = "HM";
const VERSION = "1";
const VARIANTS = ["N"];
const LETTERS = 7;
export const DEAL_COUNT = 26 ** LETTERS;
// SPEC §4.2: Cyrillic and Greek capitals that look like Latin ones, and their small forms.
const LOOK_ALIKES = new Map();
for (const [from, to] of [["АВЕКМНОРСТХУ", "ABEKMHOPCTXY"], ["ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX"]]) {
  Array.from(from).forEach((char, i) => {
    LOOK_ALIKES.set(char, to[i]);
    LOOK_ALIKES.set(char.toLowerCase(), to[i]);
  });
}
// SPEC §4.2: between the parts a dash of any kind with spaces around it, or spaces alone
// (dealcode.SEPARATOR); seven letters alone mean HM1-N- and them.
const SEPARATOR = new RegExp(`[${SPACE}]*[\\-\u2010-\u2015\u2212][${SPACE}]*|[${SPACE}]+`, "gu");
const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** A malformed deal code: `kind` names the fault, `position` is 1-based (or null). */
export class DealCodeError extends Error {
  constructor(input, kind, position, reason) {
    super(`invalid deal code ${JSON.stringify(shorten(input))}: ${reason}`);
    this.name = "DealCodeError";
    this.input = input;
    this.kind = kind;
    this.position = position;
    this.reason = reason;
  }

  /** The character at `position` as the message names it (shownChar), or null (errors.DealCodeError.char). */
  get char() {
    const char = this.position ? Array.from(this.input)[this.position - 1] : undefined;
    return char === undefined ? null : shownChar(char);
  }
}

// What Python's str.isprintable() refuses (controls, format characters, surrogates, private and
// unassigned code points, every separator but the space), combining marks alone, and the letters
// drawn as nothing (halfmoon.errors.BLANK_LETTERS: Hangul fillers, the braille blank).
const UNSEEN = /^[\p{C}\p{Z}\p{Mn}\p{Me}\u115f\u1160\u3164\uffa0\u2800]$/u;

/**
 * One character as a message names it: itself when it can be seen, else its code point ("U+2066"),
 * as halfmoon.errors.shown_char does (tests/data/codes.jsonl holds both to one answer).
 */
export function shownChar(char) {
  if (char === " " || !UNSEEN.test(char)) return char;
  return `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** SplitMix64 seeded with `state` (a BigInt): returns next() giving 64-bit BigInts. */
export function splitmix64(state) {
  let x = BigInt(state) & MASK64;
  return () => {
    x = (x + GOLDEN_GAMMA) & MASK64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  };
}

/** Unbiased number in [0, k): draws until the word is at least 2^64 mod k. */
export function below(next, k) {
  const bigK = BigInt(k);
  const threshold = (1n << 64n) % bigK;
  for (;;) {
    const word = next();
    if (word >= threshold) return Number(word % bigK);
  }
}

export function shuffledDeck(number) {
  const cards = [...DECK, ...DECK];
  const next = splitmix64(number);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = below(next, i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

/** The fresh deal: piles (bottom to top) of piles 1…12, and reserve R1…R8. */
export function dealLayout(number) {
  const cards = shuffledDeck(number);
  const dealt = PILES * PILE_HEIGHT;
  const piles = Array.from({ length: PILES }, () => []);
  for (let k = 0; k < dealt; k++) piles[k % PILES].push(cards[k]);
  return { piles, reserve: cards.slice(dealt) };
}

export function formatCode(number, variant = "N") {
  let n = number;
  const letters = [];
  for (let i = 0; i < LETTERS; i++) {
    letters.push(String.fromCharCode(65 + (n % 26)));
    n = Math.floor(n / 26);
  }
  return `${PREFIX}${VERSION}-${variant}-${letters.reverse().join("")}`;
}

/**
 * `text` with its first two separators (those between the three parts) as "-": {chars, places},
 * each char's 1-based code-point place in `text`. Later ones stay as typed (dealcode._separated).
 */
function separated(text) {
  const chars = [];
  const places = [];
  let done = 0; // in code points
  let doneUnits = 0;
  for (const match of Array.from(text.matchAll(SEPARATOR)).slice(0, 2)) {
    const before = Array.from(text.slice(doneUnits, match.index));
    before.forEach((char, i) => { chars.push(char); places.push(done + i + 1); });
    chars.push("-");
    places.push(done + before.length + 1);
    done += before.length + Array.from(match[0]).length;
    doneUnits = match.index + match[0].length;
  }
  Array.from(text.slice(doneUnits)).forEach((char, i) => { chars.push(char); places.push(done + i + 1); });
  return { chars, places };
}

/**
 * Read a deal code: {number, variant, code}. Surrounding white space and the case of ASCII letters are
 * ignored, any separator between the parts reads as "-", seven letters alone mean HM1-N- and them,
 * look-alike Cyrillic and Greek letters read as their Latin twins, and any other non-ASCII
 * character is an error at its position (code points, as Python counts them).
 */
export function parseDealCode(text) {
  if (typeof text !== "string") {
    throw new DealCodeError(String(text), "empty", null, "a deal code is text");
  }
  const input = text.replace(CODE_EDGE, "");
  const typed = Array.from(input).length;
  if (!input) throw new DealCodeError(input, "empty", null, "the code is empty; expected something like HM1-N-AAAAAAB");
  let { chars: code, places } = separated(Array.from(input, (char) => LOOK_ALIKES.get(char) ?? char).join(""));
  // A place in `code`, told as one in what was typed (code points, as Python counts them).
  const fail = (kind, position, reason) => {
    const where = position === null ? null : position <= places.length ? places[position - 1] : typed + 1;
    throw new DealCodeError(input, kind, where, reason);
  };
  code.forEach((char, offset) => {
    if (char.codePointAt(0) > 0x7f) fail("character", offset + 1, `${char} is not an ASCII character`);
  });
  // ASCII only by now: upper-casing cannot fold one letter into another.
  code.forEach((char, offset) => { code[offset] = char.toUpperCase(); });
  if (code.length === LETTERS && code.every((char) => /^[A-Z]$/.test(char))) {
    const head = Array.from(`${PREFIX}${VERSION}-${VARIANTS[0]}-`);
    places = [...head.map(() => 1), ...places];
    code = [...head, ...code];
  }
  if (code.slice(0, PREFIX.length).join("") !== PREFIX) fail("prefix", 1, `it must start with ${PREFIX}`);
  let digits = 0;
  while (/^[0-9]$/.test(code[PREFIX.length + digits] ?? "")) digits++;
  const version = code.slice(PREFIX.length, PREFIX.length + digits).join("");
  if (version !== VERSION) {
    fail("version", 3, version ? `unknown algorithm version ${version}` : "the version is missing");
  }
  const parts = code.join("").split("-").map((part) => Array.from(part));
  if (parts[0].join("") !== PREFIX + VERSION) fail("separator", PREFIX.length + VERSION.length + 1, "expected '-'");
  if (parts.length !== 3) fail("parts", null, `expected three parts separated by '-', found ${parts.length}`);
  const [first, variantChars, letters] = parts;
  const variant = variantChars.join("");
  if (!VARIANTS.includes(variant)) fail("variant", first.length + 2, `unknown variant ${variant}`);
  const start = first.length + variantChars.length + 3;
  letters.forEach((char, offset) => {
    if (!/^[A-Z]$/.test(char)) fail("letter", start + offset, `${char} is not a letter A–Z`);
  });
  if (letters.length !== LETTERS) fail("length", start, `expected ${LETTERS} letters, found ${letters.length}`);
  const number = letters.reduce((n, char) => n * 26 + char.charCodeAt(0) - 65, 0);
  return { number, variant, code: formatCode(number, variant) };
}

// --- sources and moves (§4.3) ------------------------------------------------------------

export class InvalidMoveError extends Error {}

/** Text that names no pile or reserve slot. */
export class InvalidSourceError extends Error {
  constructor(text) {
    super(`${JSON.stringify(shorten(String(text)))} is not a source: piles are 1 to 12, reserve slots R1 to R8`);
    this.name = "InvalidSourceError";
    this.text = String(text);
  }
}

/** Canonical source for "3", 3, "r3" or "R3"; null if it names none. */
export function parseSource(text) {
  if (SOURCE_INDEX.has(text)) return text; // the board's own names, at every tap
  const cleaned = pyStrip(String(text)).toUpperCase();
  return SOURCE_INDEX.has(cleaned) ? cleaned : null;
}

/** Read move notation "1+8", "8+5+3": the sources in tap order. */
export function parseMove(text) {
  const parts = text.split("+");
  if (parts.some((part) => !pyStrip(part))) throw new InvalidMoveError(`${shorten(text)} is not a move`);
  return parts.map((part) => {
    const source = parseSource(part);
    if (source === null) throw new InvalidMoveError(`${shorten(text)} is not a move: ${shorten(part)} is not a source`);
    return source;
  });
}

const byBoardOrder = (a, b) => SOURCE_INDEX.get(a) - SOURCE_INDEX.get(b);
export const canonicalMove = (sources) => [...sources].sort(byBoardOrder);
export const moveText = (sources) => sources.join("+");

// --- positions ---------------------------------------------------------------------------

/** A move the position does not allow; kind: count, repeated, empty, sum, face_pair, not_jqk. */
export class IllegalMoveError extends Error {
  constructor(sources, kind, params = {}) {
    super(`illegal move ${moveText(sources)}: ${kind}`);
    this.sources = sources;
    this.kind = kind;
    this.params = params;
  }
}

export class Position {
  #stack = []; // [sources, cards] per move, for exact undo

  constructor(code) {
    const parsed = typeof code === "string" ? parseDealCode(code) : code;
    this.code = parsed.code;
    this.number = parsed.number;
    const layout = dealLayout(parsed.number);
    this.piles = layout.piles;
    this.reserve = layout.reserve;
    this.pairs = 0;
    this.triples = 0;
  }

  cardAt(source) {
    const index = SOURCE_INDEX.get(source);
    if (index < PILES) {
      const pile = this.piles[index];
      return pile.length ? pile[pile.length - 1] : null;
    }
    return this.reserve[index - PILES];
  }

  count(source) {
    const index = SOURCE_INDEX.get(source);
    if (index < PILES) return this.piles[index].length;
    return this.reserve[index - PILES] ? 1 : 0;
  }

  /** Every source that has a card, in board order: [[source, card], …]. */
  playable() {
    const found = [];
    for (const source of SOURCES) {
      const card = this.cardAt(source);
      if (card) found.push([source, card]);
    }
    return found;
  }

  cardsLeft() {
    return this.piles.reduce((n, pile) => n + pile.length, 0) + this.reserve.filter(Boolean).length;
  }

  /** Every removal, each once, sources in board order, sorted by board order. */
  legalMoves() {
    const byRank = new Map();
    for (const [source, card] of this.playable()) {
      if (!byRank.has(card.rank)) byRank.set(card.rank, []);
      byRank.get(card.rank).push(source);
    }
    const get = (rank) => byRank.get(rank) ?? [];
    const moves = [];
    for (let low = 1; low <= 5; low++) {
      for (const a of get(low)) for (const b of get(PAIR_SUM - low)) moves.push([a, b]);
    }
    for (const j of get(11)) for (const q of get(12)) for (const k of get(13)) moves.push([j, q, k]);
    const keyed = moves.map((move) => canonicalMove(move));
    keyed.sort((a, b) => {
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const d = SOURCE_INDEX.get(a[i]) - SOURCE_INDEX.get(b[i]);
        if (d) return d;
      }
      return a.length - b.length;
    });
    return keyed;
  }

  hasLegalMove() {
    const ranks = new Set(this.playable().map(([, card]) => card.rank));
    if (ranks.has(11) && ranks.has(12) && ranks.has(13)) return true;
    for (let n = 1; n <= 5; n++) if (ranks.has(n) && ranks.has(PAIR_SUM - n)) return true;
    return false;
  }

  isWon() { return this.cardsLeft() === 0; }
  isDeadlocked() { return this.cardsLeft() > 0 && !this.hasLegalMove(); }
  get score() { return this.pairs * PAIR_POINTS + this.triples * TRIPLE_POINTS; }
  get moveCount() { return this.#stack.length; }
  get history() { return this.#stack.map(([sources]) => [...sources]); }

  /** The last move played and the cards it removed (tap order): {sources, cards}, or null. */
  lastRemoval() {
    const last = this.#stack.at(-1);
    return last ? { sources: [...last[0]], cards: [...last[1]] } : null;
  }

  /** The cards `sources` would remove; throws IllegalMoveError saying why it cannot. */
  check(sources) {
    if (sources.length !== 2 && sources.length !== 3) {
      throw new IllegalMoveError(sources, "count", { count: sources.length });
    }
    const seen = new Set();
    const cards = [];
    for (const source of sources) {
      if (seen.has(source)) throw new IllegalMoveError(sources, "repeated", { source });
      seen.add(source);
      const card = this.cardAt(source);
      if (!card) throw new IllegalMoveError(sources, "empty", { source });
      cards.push(card);
    }
    if (cards.length === 2) {
      const [a, b] = cards;
      if (a.isFace || b.isFace) throw new IllegalMoveError(sources, "face_pair", { cards });
      if (a.rank + b.rank !== PAIR_SUM) {
        throw new IllegalMoveError(sources, "sum", { cards, total: a.rank + b.rank });
      }
    } else {
      const ranks = new Set(cards.map((card) => card.rank));
      if (!(ranks.size === 3 && ranks.has(11) && ranks.has(12) && ranks.has(13))) {
        throw new IllegalMoveError(sources, "not_jqk", { cards });
      }
    }
    return cards;
  }

  push(sources) {
    const cards = this.check(sources);
    for (const source of sources) {
      const index = SOURCE_INDEX.get(source);
      if (index < PILES) this.piles[index].pop();
      else this.reserve[index - PILES] = null;
    }
    if (cards.length === 2) this.pairs++;
    else this.triples++;
    this.#stack.push([[...sources], cards]);
    return cards;
  }

  /** Take back the last move, restoring the position exactly; returns its sources. */
  pop() {
    const [sources, cards] = this.#stack.pop();
    sources.forEach((source, i) => {
      const index = SOURCE_INDEX.get(source);
      if (index < PILES) this.piles[index].push(cards[i]);
      else this.reserve[index - PILES] = cards[i];
    });
    if (cards.length === 2) this.pairs--;
    else this.triples--;
    return sources;
  }

  toJSON() {
    return {
      code: this.code,
      piles: this.piles.map((pile) => pile.map(String)),
      reserve: this.reserve.map((card) => (card ? card.text : null)),
    };
  }
}

// --- the game tap by tap (§4.4) ------------------------------------------------------------

/**
 * A deal being played tap by tap, with at most `undoLimit` moves of undo (halfmoon/game.py).
 * `tap` returns {removed, cards, error, replaced, selection}, the fields of Python's TapResult.
 */
export class Game {
  #selection = [];

  constructor(code, { undoLimit = UNDO_LIMIT } = {}) {
    this.position = new Position(code);
    this.undoLimit = undoLimit;
    this.undoable = 0;
  }

  get code() { return this.position.code; }
  get selection() { return [...this.#selection]; }
  get score() { return this.position.score; }
  get moveCount() { return this.position.moveCount; }
  get won() { return this.position.isWon(); }
  get deadlocked() { return this.position.isDeadlocked(); }
  get canUndo() { return this.undoable > 0; }
  get history() { return this.position.history; }

  /**
   * One tap on `source` (§4.4). Read as parseSource reads it ("r1" is R1, 3 is pile 3); text that
   * names no source throws InvalidSourceError, as Game.tap does in Python.
   */
  tap(source) {
    const tapped = parseSource(source);
    if (tapped === null) throw new InvalidSourceError(source);
    const card = this.position.cardAt(tapped);
    const selection = this.#selection;
    const result = (extra = {}) => ({
      removed: [], cards: [], error: null, replaced: null, ...extra, selection: [...selection],
    });
    if (!card) return result();
    const at = selection.indexOf(tapped);
    if (at >= 0) {
      selection.splice(at, 1);
      return result();
    }
    if (!selection.length) {
      selection.push(tapped);
      return result();
    }
    const selected = selection.map((s) => this.position.cardAt(s));
    if (!selected[0].isFace) {
      if (!card.isFace && selected[0].rank + card.rank === PAIR_SUM) return this.#remove([...selection, tapped]);
      return this.#mismatch(SUM_MUST_BE_11);
    }
    if (!card.isFace) return this.#mismatch(NEED_JQK);
    const same = selected.findIndex((other) => other.rank === card.rank);
    if (same >= 0) {
      // Same rank: the new card takes the old one's place, keeping tap order.
      const [replaced] = selection.splice(same, 1);
      selection.push(tapped);
      return result({ replaced });
    }
    if (selection.length === 1) {
      selection.push(tapped);
      return result();
    }
    return this.#remove([...selection, tapped]);
  }

  #remove(sources) {
    const cards = this.play(sources);
    return { removed: sources, cards, error: null, replaced: null, selection: [] };
  }

  #mismatch(error) {
    this.#selection.length = 0;
    return { removed: [], cards: [], error, replaced: null, selection: [] };
  }

  /** Drop the selection; returns what was selected. */
  clearSelection() {
    const dropped = [...this.#selection];
    this.#selection.length = 0;
    return dropped;
  }

  /** Apply a whole move (checked); clears the selection. Returns the removed cards. */
  play(sources) {
    const cards = this.position.push(sources);
    this.#selection.length = 0;
    this.undoable = Math.min(this.undoLimit, this.undoable + 1);
    return cards;
  }

  /** Take back the last move if the undo limit allows; clears the selection. Returns the cards put back ([] if none). */
  undo() {
    this.#selection.length = 0;
    if (!this.undoable) return [];
    this.undoable--;
    const { cards } = this.position.lastRemoval();
    this.position.pop();
    return cards;
  }

  /** Placement help: playable, unselected sources that cannot extend the selection. */
  dimmed() {
    const selection = this.#selection;
    if (!selection.length) return [];
    const selected = selection.map((s) => this.position.cardAt(s));
    let wanted;
    if (!selected[0].isFace) wanted = new Set([PAIR_SUM - selected[0].rank]);
    else {
      wanted = new Set([11, 12, 13]);
      for (const card of selected) wanted.delete(card.rank);
    }
    return this.position
      .playable()
      .filter(([source, card]) => !wanted.has(card.rank) && !selection.includes(source))
      .map(([source]) => source);
  }

  recordText() {
    return formatRecord(this.code, this.history);
  }
}

// --- game records (§4.3) -----------------------------------------------------------------------

/** The longest record read, in characters (code points): halfmoon.record.RECORD_LIMIT. */
export const RECORD_LIMIT = 1_000_000;

const thousands = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * A record that cannot be read or replayed; kind as in Python, line/column 1-based. The message has
 * Python's form, `name:line:column: move N (text): reason`.
 */
export class RecordError extends Error {
  constructor(kind, {
    name = "<record>", line = null, column = null, moveNumber = null, moveText = null, cause = null, reason = null,
  } = {}) {
    const why = reason ?? cause?.message ?? kind;
    const where = line !== null ? `${name}:${line}:${column}` : name;
    const what = moveNumber !== null ? `move ${moveNumber} (${shorten(moveText ?? "")}): ` : "";
    super(`${where}: ${what}${why}`);
    this.name = "RecordError";
    this.kind = kind;
    this.line = line;
    this.column = column;
    this.moveNumber = moveNumber;
    this.moveText = moveText;
    this.reason = why;
    this.detail = cause;
  }
}

function* tokens(text) {
  const lines = text.split(LINE_BREAK);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l].split("#", 1)[0];
    // Columns count code points, as Python does; counted as the scan moves on, so a line is read once.
    let column = 1;
    let scanned = 0;
    for (const match of line.matchAll(WORD)) {
      for (let i = scanned; i < match.index; i++) {
        const unit = line.charCodeAt(i);
        if (unit < 0xdc00 || unit > 0xdfff) column++; // a low surrogate belongs to the code point before it
      }
      scanned = match.index;
      yield { word: match[0], line: l + 1, column };
    }
  }
}

function codePointLength(text) {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) count++;
  }
  return count;
}

/**
 * Read a record: {code, number, moves: [[sources]…], spans}; RecordError on bad syntax. A leading byte
 * order mark is skipped; records over RECORD_LIMIT characters are refused with Python's message.
 */
export function parseRecord(text, name = "<record>") {
  if (text.startsWith("\ufeff")) text = text.slice(1);
  if (text.length > RECORD_LIMIT) {
    const size = codePointLength(text);
    if (size > RECORD_LIMIT) {
      throw new RecordError("size", {
        name, reason: `the record is too long: ${thousands(size)} characters, at most ${thousands(RECORD_LIMIT)}`,
      });
    }
  }
  const words = [...tokens(text)];
  if (!words.length) {
    throw new RecordError("blank", { name, reason: "the record is empty: it must start with a deal code" });
  }
  const [first, ...rest] = words;
  let code;
  try {
    code = parseDealCode(first.word);
  } catch (error) {
    throw new RecordError("code", { name, line: first.line, column: first.column, cause: error });
  }
  const moves = rest.map((token, i) => {
    try {
      return parseMove(token.word);
    } catch (error) {
      throw new RecordError("syntax", {
        name, line: token.line, column: token.column, moveNumber: i + 1, moveText: token.word, cause: error,
      });
    }
  });
  return { code: code.code, number: code.number, moves, spans: rest, name };
}

/** Replay the first `upto` moves of a parsed record (all by default): the Position. */
export function replayRecord(record, upto = record.moves.length) {
  const position = new Position({ code: record.code, number: record.number });
  record.moves.slice(0, upto).forEach((sources, i) => {
    try {
      position.push(sources);
    } catch (error) {
      if (!(error instanceof IllegalMoveError)) throw error;
      const span = record.spans[i];
      throw new RecordError(error.kind, {
        name: record.name, line: span.line, column: span.column, moveNumber: i + 1, moveText: moveText(sources),
        cause: error,
      });
    }
  });
  return position;
}

export function formatRecord(code, moves, perLine = 8) {
  const lines = [code];
  for (let i = 0; i < moves.length; i += perLine) {
    lines.push(moves.slice(i, i + perLine).map(moveText).join(" "));
  }
  return lines.join("\n") + "\n";
}
