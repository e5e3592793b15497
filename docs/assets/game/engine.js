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
const WORD = new RegExp(`[^${SPACE}]+`, "g");
// Python's str.splitlines() boundaries.
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

const pyStrip = (text) => text.replace(EDGE_SPACE, "");

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
const CARD_BY_TEXT = new Map(DECK.map((card) => [card.text, card]));

export function parseCard(text) {
  const card = CARD_BY_TEXT.get(String(text).trim().toUpperCase());
  if (!card) throw new Error(`${JSON.stringify(text)} is not a card`);
  return card;
}

// --- deal codes and the shuffle (§4.2) ---------------------------------------------------

const PREFIX = "HM";
const VERSION = "1";
const VARIANTS = ["N"];
const LETTERS = 7;
export const DEAL_COUNT = 26 ** LETTERS;
const MASK64 = (1n << 64n) - 1n;
const GOLDEN_GAMMA = 0x9e3779b97f4a7c15n;

/** A malformed deal code: `kind` names the fault, `position` is 1-based (or null). */
export class DealCodeError extends Error {
  constructor(input, kind, position, reason) {
    super(`invalid deal code ${JSON.stringify(input)}: ${reason}`);
    this.name = "DealCodeError";
    this.input = input;
    this.kind = kind;
    this.position = position;
    this.reason = reason;
  }
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

/** Read a deal code (case and surrounding white space ignored): {number, variant, code}. */
export function parseDealCode(text) {
  if (typeof text !== "string") {
    throw new DealCodeError(String(text), "empty", null, "a deal code is text");
  }
  const input = pyStrip(text);
  const code = Array.from(input.toUpperCase()); // code points, as Python counts them
  const fail = (kind, position, reason) => { throw new DealCodeError(input, kind, position, reason); };
  if (!code.length) fail("empty", null, "the code is empty; expected something like HM1-N-AAAAAAB");
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

export function isSource(text) {
  return SOURCE_INDEX.has(text);
}

/** Canonical source for "3", 3, "r3" or "R3"; null if it names none. */
export function parseSource(text) {
  const cleaned = pyStrip(String(text)).toUpperCase();
  return SOURCE_INDEX.has(cleaned) ? cleaned : null;
}

/** Read move notation "1+8", "8+5+3": the sources in tap order. */
export function parseMove(text) {
  const parts = text.split("+");
  if (parts.some((part) => !pyStrip(part))) throw new InvalidMoveError(`${text} is not a move`);
  return parts.map((part) => {
    const source = parseSource(part);
    if (source === null) throw new InvalidMoveError(`${text} is not a move: ${part} is not a source`);
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
  constructor(code) {
    const parsed = typeof code === "string" ? parseDealCode(code) : code;
    this.code = parsed.code;
    this.number = parsed.number;
    const layout = dealLayout(parsed.number);
    this.piles = layout.piles;
    this.reserve = layout.reserve;
    this.stack = []; // [sources, cards] per move, for exact undo
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
  get moveCount() { return this.stack.length; }
  get history() { return this.stack.map(([sources]) => sources); }

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
    this.stack.push([[...sources], cards]);
    return cards;
  }

  pop() {
    const [sources, cards] = this.stack.pop();
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

/** A deal being played tap by tap, with at most `undoLimit` moves of undo. */
export class Game {
  constructor(code, { undoLimit = UNDO_LIMIT } = {}) {
    this.position = new Position(code);
    this.undoLimit = undoLimit;
    this.selection = [];
    this.undoable = 0;
  }

  get code() { return this.position.code; }
  get score() { return this.position.score; }
  get moves() { return this.position.moveCount; }
  get won() { return this.position.isWon(); }
  get deadlocked() { return this.position.isDeadlocked(); }
  get canUndo() { return this.undoable > 0; }
  get history() { return this.position.history; }

  /** One tap on `source`: {removed: sources, cards, error, selection}. */
  tap(source) {
    const card = this.position.cardAt(source);
    const selection = this.selection;
    const result = (extra = {}) => ({ removed: [], cards: [], error: null, ...extra, selection: [...selection] });
    if (!card) return result();
    const at = selection.indexOf(source);
    if (at >= 0) {
      selection.splice(at, 1);
      return result();
    }
    if (!selection.length) {
      selection.push(source);
      return result();
    }
    const selected = selection.map((s) => this.position.cardAt(s));
    if (!selected[0].isFace) {
      if (!card.isFace && selected[0].rank + card.rank === PAIR_SUM) return this.remove([...selection, source]);
      return this.mismatch(SUM_MUST_BE_11, [...selection, source]);
    }
    if (!card.isFace) return this.mismatch(NEED_JQK, [...selection, source]);
    const same = selected.findIndex((other) => other.rank === card.rank);
    if (same >= 0) {
      // Same rank: the new card takes the old one's place, keeping tap order.
      selection.splice(same, 1);
      selection.push(source);
      return result({ replaced: true });
    }
    if (selection.length === 1) {
      selection.push(source);
      return result();
    }
    return this.remove([...selection, source]);
  }

  remove(sources) {
    const cards = this.play(sources);
    return { removed: sources, cards, error: null, selection: [] };
  }

  mismatch(error, tapped) {
    const cards = tapped.map((s) => this.position.cardAt(s));
    this.selection.length = 0;
    return { removed: [], cards: [], error, tapped, tappedCards: cards, selection: [] };
  }

  /** Apply a whole move (checked); clears the selection. */
  play(sources) {
    const cards = this.position.push(sources);
    this.selection.length = 0;
    this.undoable = Math.min(this.undoLimit, this.undoable + 1);
    return cards;
  }

  /** Take back the last move if the undo limit allows; clears the selection. Returns its sources. */
  undo() {
    this.selection.length = 0;
    if (!this.undoable) return null;
    this.undoable--;
    return this.position.pop();
  }

  /** Placement help: playable, unselected sources that cannot extend the selection. */
  dimmed() {
    if (!this.selection.length) return [];
    const selected = this.selection.map((s) => this.position.cardAt(s));
    let wanted;
    if (!selected[0].isFace) wanted = new Set([PAIR_SUM - selected[0].rank]);
    else {
      wanted = new Set([11, 12, 13]);
      for (const card of selected) wanted.delete(card.rank);
    }
    return this.position
      .playable()
      .filter(([source, card]) => !wanted.has(card.rank) && !this.selection.includes(source))
      .map(([source]) => source);
  }

  recordText() {
    return formatRecord(this.code, this.history);
  }
}

// --- game records (§4.3) -----------------------------------------------------------------------

/** A record that cannot be read or replayed; kind as in Python, line/column 1-based. */
export class RecordError extends Error {
  constructor(kind, { line = null, column = null, moveNumber = null, moveText = null, cause = null } = {}) {
    super(`record: ${kind}${line !== null ? ` at ${line}:${column}` : ""}`);
    this.kind = kind;
    this.line = line;
    this.column = column;
    this.moveNumber = moveNumber;
    this.moveText = moveText;
    this.detail = cause;
  }
}

function* tokens(text) {
  const lines = text.split(LINE_BREAK);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l].split("#", 1)[0];
    for (const match of line.matchAll(WORD)) {
      yield { word: match[0], line: l + 1, column: Array.from(line.slice(0, match.index)).length + 1 };
    }
  }
}

/** Read a record: {code, number, moves: [[sources]…], spans}; RecordError on bad syntax. */
export function parseRecord(text) {
  const words = [...tokens(text)];
  if (!words.length) throw new RecordError("empty");
  const [first, ...rest] = words;
  let code;
  try {
    code = parseDealCode(first.word);
  } catch (error) {
    throw new RecordError("code", { line: first.line, column: first.column, cause: error });
  }
  const moves = rest.map((token, i) => {
    try {
      return parseMove(token.word);
    } catch (error) {
      throw new RecordError("syntax", {
        line: token.line, column: token.column, moveNumber: i + 1, moveText: token.word, cause: error,
      });
    }
  });
  return { code: code.code, number: code.number, moves, spans: rest };
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
        line: span.line, column: span.column, moveNumber: i + 1, moveText: moveText(sources), cause: error,
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
