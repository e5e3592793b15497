// The documentation's depth-first search (halfmoon/solver/search.py) for the browser: a position,
// a budget of positions (nodes, never time) -> won (with a winning line), lost (proved) or
// undecided. No DOM here: solver_worker.js runs it off the page's thread.
//
// A faithful port, not a look-alike: the same reductions (transpositions, free-card symmetry,
// covering before free, safe moves, the pile-count bound, the optimistic peel, some kinds alone),
// the same move order, the same restarts (Luby lengths, Python's Mersenne Twister for the noise),
// so the same position and budget give the same verdict, node count and winning line as
// `solve(position, node_budget=budget, method="search")`. tests/data/solver.jsonl holds the cases
// both must agree on (python3 dev.py corpus writes it); read search.py's docstring for why each
// reduction is sound. Only the states' keys are encoded differently (mixed radix, within 2^53
// instead of 4 bits a pile; each smaller game counts its own cards): they are only ever
// compared, never ordered. Like search.py, a position with no card left is answered "lost"
// (no move to find); callers ask only of positions with cards.

import { JACK, PAIR_SUM, PILES, Position, RESERVE_SLOTS, SOURCES, parseMove } from "./engine.js";

export const WON = "won";
export const LOST = "lost";
export const UNDECIDED = "undecided";
/** Positions a search may expand unless told otherwise (bench/bench_solver_js.py measures it). */
export const DEFAULT_BUDGET = 200_000;

const QUEEN = 12;
const KING = 13;
const FACES = 0; // kind 0 is the triple J+Q+K; kinds 1..5 are the pairs A+10 .. 5+6
const RANKS = 14; // arrays by rank, index 0 unused
const RESTART_UNIT = 200;
const KIND_NODE_CAP = 20_000;
const DUO_NODE_CAP = 2_000;
const DUO_AFTER = 1_000;
const NOISE = 12.0;
// The ranks a card needs beside it: its pair's rank, or the two other face ranks.
const NEEDS = [[], ...Array.from({ length: 10 }, (_, i) => [PAIR_SUM - (i + 1)]),
  [QUEEN, KING], [JACK, KING], [JACK, QUEEN]];


const byNumber = (a, b) => a - b;

export const kindOf = (rank) => (rank >= JACK ? FACES : Math.min(rank, PAIR_SUM - rank));

/** The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (`index` from 1): restart lengths. */
export function luby(index) {
  let size = 1;
  while (size < index + 1) size = 2 * size + 1;
  while (size > 1) {
    const half = Math.floor(size / 2);
    if (index === size) return (size + 1) / 2;
    if (index > half) index -= half;
    size = half;
  }
  return 1;
}

/** Python's random.Random(seed).random() for a seed below 2^32: MT19937 seeded by init_by_array. */
export class PyRandom {
  #mt = new Uint32Array(624);
  #index = 624;

  constructor(seed) {
    const mt = this.#mt;
    mt[0] = 19650218;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = Math.imul(1812433253, prev) + i;
    }
    const key = [seed >>> 0];
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(prev, 1566083941)) - i;
      i++;
      if (i >= 624) { mt[0] = mt[623]; i = 1; }
    }
    mt[0] = 0x80000000;
  }

  #next() {
    const mt = this.#mt;
    if (this.#index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.#index = 0;
    }
    let y = mt[this.#index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A float in [0, 1), 53 bits, as Python's random() makes it. */
  random() {
    const a = this.#next() >>> 5;
    const b = this.#next() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

class OutOfBudget extends Error {}
const RESTART = Symbol("restart");
const KIND_CAP = Symbol("kind cap");

/**
 * A state's key: each pile's height and each filled slot, as one number. search.py packs 4 bits a
 * pile (56 bits in all, past what a double holds exactly); here pile p counts in base (its
 * starting height + 1), each slot that can hold a card one bit above the piles, so a key stays
 * below 2^53 (and a smaller game's, counting its own cards only, mostly below 2^30, where the
 * engine keeps numbers unboxed). A key is only ever compared, never ordered, so the encoding
 * changes nothing the search does. A move changes a key by the sum of its sources' units.
 */
class Keys {
  constructor(piles, slotRank) {
    this.radix = piles.map((pile) => pile.length + 1);
    this.unit = [];
    let place = 1;
    for (const radix of this.radix) {
      this.unit.push(place);
      place *= radix;
    }
    for (const rank of slotRank) {
      this.unit.push(rank ? place : 0);
      if (rank) place *= 2;
    }
    if (place > Number.MAX_SAFE_INTEGER) {
      throw new RangeError("the piles are too tall for the solver's key (a dealt pile holds 8 cards)");
    }
  }

  of(height, filled) {
    let key = 0;
    for (let p = 0; p < PILES; p++) key += height[p] * this.unit[p];
    for (let slot = 0; slot < RESERVE_SLOTS; slot++) if (filled[slot]) key += this.unit[PILES + slot];
    return key;
  }

  delta(move) {
    let delta = 0;
    for (const source of move) delta += this.unit[source];
    return delta;
  }

  /** The heights and filled slots of a key (a slot without a unit is empty). */
  read(key) {
    const height = this.radix.map((radix, p) => Math.floor(key / this.unit[p]) % radix);
    const filled = [];
    for (let slot = 0; slot < RESERVE_SLOTS; slot++) {
      const unit = this.unit[PILES + slot];
      filled.push(unit > 0 && Math.floor(key / unit) % 2 === 1);
    }
    return { height, filled };
  }
}

const MOST_SOURCES = PILES + 1; // of one rank, as reductions 2 and 3 leave them: piles and one slot

/** Reduction 7: the smaller game of some kinds' cards alone, with a memory of verdicts. */
class KindGame {
  constructor(kinds, piles, slotRank, cap = KIND_NODE_CAP) {
    this.kinds = kinds;
    this.cap = cap;
    this.groups = kinds.map((kind) => (kind === FACES ? [JACK, QUEEN, KING] : [kind, PAIR_SUM - kind]));
    this.piles = piles.map((pile) => pile.filter((rank) => kinds.includes(kindOf(rank))));
    this.slotRank = slotRank.map((rank) => (rank && kinds.includes(kindOf(rank)) ? rank : 0));
    this.keys = new Keys(this.piles, this.slotRank);
    this.memo = new Map();
    this.ranks = this.groups.flat();
    // #win's playable sources: rank r's are at [r * MOST_SOURCES, + count[r]), one list a depth.
    this.sourcesAt = [];
    this.countAt = [];
    this.height = [];
    this.filled = [];
    this.budget = 0;
  }

  /** This game's key for the main position (`piles` as given to the constructor). */
  keyOf(piles, height, filled) {
    let key = 0;
    for (let p = 0; p < PILES; p++) {
      let mine = 0;
      for (let i = 0; i < height[p]; i++) if (this.kinds.includes(kindOf(piles[p][i]))) mine++;
      key += mine * this.keys.unit[p];
    }
    for (let slot = 0; slot < RESERVE_SLOTS; slot++) {
      if (filled[slot] && this.slotRank[slot]) key += this.keys.unit[PILES + slot];
    }
    return key;
  }

  /** False only if these kinds' cards alone, as they lie now, cannot all be removed. */
  winnable(key) {
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    ({ height: this.height, filled: this.filled } = this.keys.read(key));
    this.budget = this.cap;
    try {
      return this.#win(key, 0);
    } catch (error) {
      if (error !== KIND_CAP) throw error;
      this.memo.set(key, true); // undecided: taken as winnable, which prunes nothing
      return true;
    }
  }

  #win(key, depth) {
    // No undo on KIND_CAP: winnable() rebuilds height and filled from the key each time.
    if (key === 0) return true;
    const memo = this.memo;
    const known = memo.get(key);
    if (known !== undefined) return known;
    this.budget--;
    if (this.budget < 0) throw KIND_CAP;
    const { height, filled, piles, slotRank } = this;
    const sources = (this.sourcesAt[depth] ??= new Int8Array(RANKS * MOST_SOURCES));
    const count = (this.countAt[depth] ??= new Int8Array(RANKS));
    for (const rank of this.ranks) count[rank] = 0;
    for (let p = 0; p < PILES; p++) {
      if (height[p]) {
        const rank = piles[p][height[p] - 1];
        sources[rank * MOST_SOURCES + count[rank]++] = p;
      }
    }
    for (let slot = 0; slot < RESERVE_SLOTS; slot++) {
      // Reductions 3 and 2: a pile card of the rank first, else only the lowest filled slot.
      const rank = slotRank[slot];
      if (filled[slot] && !count[rank]) sources[rank * MOST_SOURCES + count[rank]++] = PILES + slot;
    }
    let won = false;
    moves: for (const group of this.groups) {
      const [r1, r2] = group;
      const [b1, b2] = [r1 * MOST_SOURCES, r2 * MOST_SOURCES];
      if (group.length === 2) {
        for (let i = 0; i < count[r1]; i++) {
          for (let j = 0; j < count[r2]; j++) {
            const a = sources[b1 + i];
            const b = sources[b2 + j];
            const delta = this.#take(a) + this.#take(b);
            won = this.#win(key - delta, depth + 1);
            this.#put(a);
            this.#put(b);
            if (won) break moves;
          }
        }
      } else {
        const r3 = group[2];
        const b3 = r3 * MOST_SOURCES;
        for (let i = 0; i < count[r1]; i++) {
          for (let j = 0; j < count[r2]; j++) {
            for (let k = 0; k < count[r3]; k++) {
              const a = sources[b1 + i];
              const b = sources[b2 + j];
              const c = sources[b3 + k];
              const delta = this.#take(a) + this.#take(b) + this.#take(c);
              won = this.#win(key - delta, depth + 1);
              this.#put(a);
              this.#put(b);
              this.#put(c);
              if (won) break moves;
            }
          }
        }
      }
    }
    memo.set(key, won);
    return won;
  }

  #take(source) {
    if (source < PILES) this.height[source]--;
    else this.filled[source - PILES] = false;
    return this.keys.unit[source];
  }

  #put(source) {
    if (source < PILES) this.height[source]++;
    else this.filled[source - PILES] = true;
  }
}

/** The mutable compact state and the depth-first search over it (search.py's _Search). */
class Search {
  constructor(piles, reserve, budget) {
    if (piles.length !== PILES || reserve.length !== RESERVE_SLOTS) {
      throw new RangeError("a position has 12 piles and 8 reserve slots");
    }
    const ranks = [...piles.flat(), ...reserve.filter((rank) => rank !== null)];
    if (!ranks.every((rank) => Number.isInteger(rank) && rank >= 1 && rank <= 13)) {
      throw new RangeError("a card's rank is a whole number from 1 (ace) to 13 (king)");
    }
    this.piles = piles.map((pile) => [...pile]);
    this.height = this.piles.map((pile) => pile.length);
    this.slotRank = reserve.map((rank) => (rank === null ? 0 : rank));
    this.keys = new Keys(this.piles, this.slotRank);
    this.unit = this.keys.unit;
    this.filled = reserve.map((rank) => rank !== null);
    this.remaining = new Array(RANKS).fill(0);
    this.inReserve = new Array(RANKS).fill(0);
    for (const pile of this.piles) for (const rank of pile) this.remaining[rank]++;
    this.slotRank.forEach((rank, slot) => {
      if (this.filled[slot]) {
        this.remaining[rank]++;
        this.inReserve[rank]++;
      }
    });
    this.cardsLeft = this.remaining.reduce((a, b) => a + b, 0);
    // Slots of each rank, lowest first (reduction 2 plays the lowest filled one).
    this.slotsOf = Array.from({ length: RANKS }, (_, r) =>
      [...Array(RESERVE_SLOTS).keys()].filter((s) => this.slotRank[s] === r));
    // kindInPile[kind][pile][height]: cards of that kind among the pile's lowest `height`.
    this.kindInPile = Array.from({ length: 6 }, (_, kind) => this.piles.map((pile) => {
      const counts = [0];
      for (const rank of pile) counts.push(counts.at(-1) + (kindOf(rank) === kind ? 1 : 0));
      return counts;
    }));
    // below[pile][i * RANKS + rank]: cards of that rank among the pile's lowest i.
    this.below = this.piles.map((pile) => {
      const rows = new Int32Array((pile.length + 1) * RANKS);
      pile.forEach((rank, i) => {
        for (let r = 0; r < RANKS; r++) rows[(i + 1) * RANKS + r] = rows[i * RANKS + r];
        rows[(i + 1) * RANKS + rank]++;
      });
      return rows;
    });
    this.key = this.keys.of(this.height, this.filled);
    // Reduction 7's smaller games: each kind alone, then the faces with each pair's kind.
    this.games = [0, 1, 2, 3, 4, 5].map((kind) => new KindGame([kind], this.piles, this.slotRank));
    for (let low = 1; low <= 5; low++) {
      this.games.push(new KindGame([FACES, low], this.piles, this.slotRank, DUO_NODE_CAP));
    }
    this.gamesOf = [0, 1, 2, 3, 4, 5].map((kind) =>
      this.games.flatMap((game, g) => (game.kinds.includes(kind) ? [g] : [])));
    // The two-kind games are consulted only once DUO_AFTER positions have been expanded.
    this.checkedOf = [0, 1, 2, 3, 4, 5].map((kind) => [kind]);
    this.gameKeys = this.games.map((game) => game.keyOf(this.piles, this.height, this.filled));
    // moves()'s working lists, reused: it is done with them before the search goes deeper.
    this.front = new Int8Array(PILES); // canClear()'s working state
    this.seen = new Int8Array(RANKS);
    // Rank r's covering tops and choices are at [r * PILES, + their count[r]).
    this.topCount = new Int8Array(RANKS);
    this.firstTop = new Int8Array(RANKS);
    this.lone = new Int8Array(RANKS);
    this.covering = new Int8Array(RANKS * PILES);
    this.coveringCount = new Int8Array(RANKS);
    this.choices = new Int8Array(RANKS * PILES);
    this.choiceCount = new Int8Array(RANKS);
    this.lost = new Set();
    this.path = [];
    this.nodes = 0;
    this.restartAt = 0;
    this.noise = null;
    this.budget = budget;
  }

  // --- state changes ---------------------------------------------------------------------

  apply(move) {
    for (const source of move) {
      let rank;
      if (source < PILES) {
        this.height[source]--;
        rank = this.piles[source][this.height[source]];
      } else {
        const slot = source - PILES;
        this.filled[slot] = false;
        rank = this.slotRank[slot];
        this.inReserve[rank]--;
      }
      this.key -= this.unit[source];
      this.remaining[rank]--;
    }
    this.cardsLeft -= move.length;
  }

  undo(move) {
    for (const source of move) {
      let rank;
      if (source < PILES) {
        rank = this.piles[source][this.height[source]];
        this.height[source]++;
      } else {
        const slot = source - PILES;
        this.filled[slot] = true;
        rank = this.slotRank[slot];
        this.inReserve[rank]++;
      }
      this.key += this.unit[source];
      this.remaining[rank]++;
    }
    this.cardsLeft += move.length;
  }

  /** Reduction 5 for one kind: no pile holds more of it than moves of it are left. */
  withinBound(kind) {
    const left = this.remaining[kind === FACES ? JACK : kind];
    const counts = this.kindInPile[kind];
    for (let p = 0; p < PILES; p++) if (counts[p][this.height[p]] > left) return false;
    return true;
  }

  /** Every pair and triple needs its partners: equal counts of A and 10, J and Q and K... */
  balanced() {
    const r = this.remaining;
    for (let n = 1; n <= 5; n++) if (r[n] !== r[PAIR_SUM - n]) return false;
    return r[JACK] === r[QUEEN] && r[QUEEN] === r[KING];
  }

  /** Reduction 6: the optimistic peel, which forgets that partners get used up. */
  canClear() {
    const { piles, height, below } = this;
    const front = this.front;
    front.set(height);
    const seen = this.seen; // cards of each rank ever uncovered, reserve included
    seen.set(this.inReserve);
    for (let p = 0; p < PILES; p++) if (front[p]) seen[piles[p][front[p] - 1]]++;
    let progress = true;
    while (progress) {
      progress = false;
      for (let p = 0; p < PILES; p++) {
        let f = front[p];
        if (!f) continue;
        const pile = piles[p];
        const rows = below[p];
        const top = height[p] * RANKS;
        while (f) {
          const rank = pile[f - 1];
          const mine = (f - 1) * RANKS;
          let blocked = false;
          for (const need of NEEDS[rank]) {
            if (seen[need] - rows[top + need] + rows[mine + need] <= 0) {
              blocked = true;
              break;
            }
          }
          if (blocked) break;
          f--;
          if (f) seen[pile[f - 1]]++;
          progress = true;
        }
        front[p] = f;
      }
    }
    return front.every((f) => f === 0);
  }

  // --- the search --------------------------------------------------------------------------

  /** Search with restarts until decided; throws OutOfBudget when the budget runs out. */
  run() {
    if (!this.balanced() || ![0, 1, 2, 3, 4, 5].every((kind) => this.withinBound(kind))) return false;
    if (![0, 1, 2, 3, 4, 5].every((kind) => this.games[kind].winnable(this.gameKeys[kind]))) return false;
    const start = [[...this.height], [...this.filled], [...this.remaining], [...this.inReserve],
      this.cardsLeft, this.key, [...this.gameKeys]];
    let run = 0;
    for (;;) {
      run++;
      this.noise = run === 1 ? null : new PyRandom(run);
      this.restartAt = this.nodes + RESTART_UNIT * luby(run);
      try {
        return this.search();
      } catch (error) {
        if (error !== RESTART) throw error;
        const [height, filled, remaining, inReserve, cardsLeft, key, gameKeys] = start;
        this.cardsLeft = cardsLeft;
        this.key = key;
        this.gameKeys = [...gameKeys];
        this.height = [...height];
        this.filled = [...filled];
        this.remaining = [...remaining];
        this.inReserve = [...inReserve];
        this.path.length = 0;
      }
    }
  }

  search() {
    const key = this.key;
    this.nodes++;
    if (this.nodes > this.restartAt) throw RESTART;
    if (this.nodes === DUO_AFTER) this.checkedOf = this.gamesOf;
    if (this.nodes > this.budget) throw new OutOfBudget();
    if (!this.canClear()) {
      this.lost.add(key);
      return false;
    }
    const { lost, games } = this;
    for (const { move, kind, delta } of this.moves()) {
      if (lost.has(key - delta)) continue;
      this.apply(move);
      this.path.push(move);
      if (this.cardsLeft === 0) return true;
      const gameKeys = this.gameKeys;
      const mine = this.gamesOf[kind];
      for (const g of mine) gameKeys[g] -= games[g].keys.delta(move);
      if (this.withinBound(kind) && this.checkedOf[kind].every((g) => games[g].winnable(gameKeys[g]))
          && this.search()) {
        return true;
      }
      for (const g of mine) gameKeys[g] += games[g].keys.delta(move);
      this.path.pop();
      this.undo(move);
    }
    lost.add(key);
    return false;
  }

  /** The moves worth trying, best first, each {move, kind, delta} (its sources, its kind, the key's
   * change); a single safe move when there is one (reduction 4). */
  moves() {
    const { height, piles, topCount, firstTop, lone, covering, coveringCount, choices, choiceCount } = this;
    topCount.fill(0);
    lone.fill(0); // pile cards with nothing under them, by rank
    coveringCount.fill(0);
    for (let p = 0; p < PILES; p++) {
      const h = height[p];
      if (h) {
        const rank = piles[p][h - 1];
        if (!topCount[rank]++) firstTop[rank] = p;
        if (h === 1) lone[rank]++;
        else covering[rank * PILES + coveringCount[rank]++] = p;
      }
    }
    // Reductions 2 and 3: per rank, the tops that cover cards, else one card that covers nothing:
    // the first lone pile card (all tops of the rank are lone), else the lowest filled slot.
    for (let rank = 1; rank < RANKS; rank++) {
      const base = rank * PILES;
      if (coveringCount[rank]) {
        choices.set(covering.subarray(base, base + coveringCount[rank]), base);
        choiceCount[rank] = coveringCount[rank];
      } else if (topCount[rank]) {
        choices[base] = firstTop[rank];
        choiceCount[rank] = 1;
      } else if (this.inReserve[rank]) {
        choices[base] = PILES + this.slotsOf[rank].find((slot) => this.filled[slot]);
        choiceCount[rank] = 1;
      } else {
        choiceCount[rank] = 0;
      }
    }
    const safe = this.safeMove();
    if (safe !== null) return [{ move: safe[0], kind: safe[1], delta: this.keys.delta(safe[0]) }];
    const moves = [];
    for (let low = 1; low <= 5; low++) {
      const high = PAIR_SUM - low;
      for (let i = 0; i < choiceCount[low]; i++) {
        for (let j = 0; j < choiceCount[high]; j++) {
          const a = choices[low * PILES + i];
          const b = choices[high * PILES + j];
          moves.push({ move: a < b ? [a, b] : [b, a], kind: low });
        }
      }
    }
    for (let i = 0; i < choiceCount[JACK]; i++) {
      for (let j = 0; j < choiceCount[QUEEN]; j++) {
        for (let k = 0; k < choiceCount[KING]; k++) {
          const triple = [choices[JACK * PILES + i], choices[QUEEN * PILES + j], choices[KING * PILES + k]];
          moves.push({ move: triple.sort(byNumber), kind: FACES });
        }
      }
    }
    // Move ordering: the fewest reserve cards, then the tallest piles dug into; a later run adds
    // noise, drawn move by move in this order as Python's sorted() computes its keys.
    moves.forEach((entry, index) => {
      let reserveCards = 0;
      let dug = 0.0;
      for (const source of entry.move) {
        if (source < PILES) dug += height[source];
        else reserveCards++;
      }
      if (this.noise !== null) dug += NOISE * this.noise.random();
      Object.assign(entry, { reserveCards, dug, index, delta: this.keys.delta(entry.move) });
    });
    return moves.sort((a, b) => a.reserveCards - b.reserveCards || b.dug - a.dug || a.index - b.index);
  }

  /** Reduction 4a's test: every other card of `rank` covers nothing. */
  othersFree(rank) {
    const covers = this.remaining[rank] - this.inReserve[rank] - this.lone[rank];
    return covers === 0 || (covers === 1 && this.topCount[rank] - this.lone[rank] === 1);
  }

  allPlayable(rank) {
    return this.remaining[rank] === this.topCount[rank] + this.inReserve[rank];
  }

  /** Reduction 4: a move that cannot spoil a win, if the position has one. */
  safeMove() {
    const { choices, choiceCount } = this;
    for (let low = 1; low <= 5; low++) {
      const high = PAIR_SUM - low;
      if (!choiceCount[low] || !choiceCount[high]) continue;
      if (this.othersFree(low) || this.othersFree(high) || (this.allPlayable(low) && this.allPlayable(high))) {
        const a = choices[low * PILES];
        const b = choices[high * PILES];
        return [a < b ? [a, b] : [b, a], low];
      }
    }
    if (choiceCount[JACK] && choiceCount[QUEEN] && choiceCount[KING]) {
      const faces = [JACK, QUEEN, KING];
      const alone = faces.filter((rank) => this.othersFree(rank)).length;
      if (alone >= 2 || faces.every((rank) => this.allPlayable(rank))) {
        return [faces.map((rank) => choices[rank * PILES]).sort(byNumber), FACES];
      }
    }
    return null;
  }
}

/**
 * Decide a position given as ranks: 12 piles bottom to top (1 ace .. 13 king), 8 slots (null =
 * empty), expanding at most `budget` positions. Returns {verdict, nodes, line}: the line is the
 * winning moves in notation ("1+8", "R2+11"), empty unless won; nodes is what the search
 * expanded (the budget itself when it ran out).
 */
export function solveRanks(piles, reserve, { budget = DEFAULT_BUDGET } = {}) {
  if (!Number.isSafeInteger(budget) || budget < 0) {
    throw new RangeError(`the budget is a whole number of positions, not ${budget}`);
  }
  const search = new Search(piles, reserve, budget);
  let won;
  try {
    won = search.run();
  } catch (error) {
    if (!(error instanceof OutOfBudget)) throw error;
    return { verdict: UNDECIDED, nodes: Math.min(search.nodes, budget), line: [] };
  }
  const line = won ? search.path.map((move) => move.map((source) => SOURCES[source]).join("+")) : [];
  return { verdict: won ? WON : LOST, nodes: search.nodes, line };
}

/** The position after `moves` (texts "1+8" or arrays of sources) from the deal `code`; throws
 * the engine's errors (DealCodeError, InvalidMoveError, IllegalMoveError) on bad input. */
export function positionAfter(code, moves = []) {
  const position = new Position(code);
  for (const move of moves) position.push(typeof move === "string" ? parseMove(move) : move);
  return position;
}

/** Decide a Position of the engine (see solveRanks). */
export function solvePosition(position, options = {}) {
  const piles = position.piles.map((pile) => pile.map((card) => card.rank));
  const reserve = position.reserve.map((card) => (card ? card.rank : null));
  return solveRanks(piles, reserve, options);
}

/** Decide the position of deal `code` after `moves` (see positionAfter and solveRanks). */
export function solveGame(code, moves = [], options = {}) {
  return solvePosition(positionAfter(code, moves), options);
}
