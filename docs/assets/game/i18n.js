// The site's message catalogs in the browser: the same JSON files the docs are built from.
// The page says everything: its language (<html lang>), its direction (dir) and where the
// build published the catalogs (<meta name="halfmoon:catalogs">, written by the MkDocs plugin).
// Plural forms come from Intl.PluralRules; inserts are isolated on right-to-left pages.
// Catalog is halfmoon/i18n.py's Catalog in the browser: the same methods under the same names
// (camelCased), checked against it in every language through tests/data/words.jsonl.

// LRI…PDI: a card, code or slot name is one left-to-right unit whatever its letters, as in
// halfmoon/i18n.py (an Arabic-letter card still reads rank first).
const LRI = "\u2066";
// Languages with no space between sentences (halfmoon/numerals.py, UNSPACED_SENTENCES).
const UNSPACED = new Set(["ja", "zh"]);
const PDI = "\u2069";
// Hebrew writes a one-letter prefix (ו "and", ב, ל, מ…) joined to the next word; a maqaf
// separates it only from a digit, a Latin letter or a sign: "ו־5♠" but "וערימה 3". As in
// halfmoon/i18n.py (joined_before), the value after "ו־{last}" decides.
const HEBREW_PREFIX = /(?<![\u05d0-\u05ea])[\u05d5\u05d1\u05dc\u05de\u05d4\u05e9\u05db]{1,2}\u05be$/;
const LEADING_MARKUP = /^(?:<[^>]*>|[\u2066-\u2069\u200e\u200f])*/;

/** The language of the page, e.g. "he" for <html lang="he-IL">. */
export function pageLanguage() {
  return (document.documentElement.lang || "en").toLowerCase().split("-")[0];
}

/** The direction the page gives `element` (Material sets dir on <body>). */
export function pageDirection(element = document.body) {
  return element.closest("[dir]")?.getAttribute("dir") === "rtl" ? "rtl" : "ltr";
}

/** Where the catalogs of this build are, or null when the page does not say. */
export function catalogUrl(lang) {
  const base = document.querySelector('meta[name="halfmoon:catalogs"]')?.content;
  return base ? new URL(`${encodeURIComponent(lang)}.json`, new URL(base, document.baseURI)) : null;
}

const isCatalog = (messages) => Boolean(messages) && typeof messages === "object" && !Array.isArray(messages);

async function fetchMessages(lang) {
  const url = catalogUrl(lang);
  if (!url) throw new Error("the page does not say where the catalogs are");
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  const messages = await response.json();
  if (!isCatalog(messages)) throw new Error(`${url.pathname}: not a catalog`);
  return messages;
}

/**
 * The catalog of the page's language that the page itself carries (the Play page's
 * <script type="application/json" data-hm-catalog>, written by the MkDocs plugin), for
 * `element`; null when the page has none, or none that reads as a catalog.
 */
export function pageCatalog(element) {
  const lang = pageLanguage();
  const carried = document.querySelector(`script[data-hm-catalog="${CSS.escape(lang)}"]`);
  if (!carried) return null;
  let messages;
  try {
    messages = JSON.parse(carried.textContent);
  } catch {
    return null;
  }
  return isCatalog(messages) ? new Catalog(lang, messages, pageDirection(element)) : null;
}

/**
 * The catalog of the page's language for `element`; English when that one cannot be loaded
 * ({catalog, failed: reason}); throws when no catalog loads at all.
 */
export async function loadCatalog(element) {
  const lang = pageLanguage();
  const direction = pageDirection(element);
  try {
    return { catalog: new Catalog(lang, await fetchMessages(lang), direction) };
  } catch (error) {
    if (lang === "en") throw error;
    return { catalog: new Catalog("en", await fetchMessages("en"), "ltr"), failed: String(error.message ?? error) };
  }
}

/** The message for a DealCodeError (engine.js), in the catalog's language. */
export function codeErrorText(catalog, error) {
  // An invisible character (an isolate, a control) is named by its code point: "U+2066".
  return catalog.text(`game.code_error.${error.kind}`, {
    position: error.position ?? "", char: catalog.isolate(error.char ?? ""),
  });
}

// Where a language's norm groups digits otherwise than CLDR (halfmoon/numerals.py, NUMBER_OVERRIDES):
// Russian and French split no four-digit number in running text (Intl's options); Spanish groups
// with a no-break space, as the Spanish Academy writes it ("200 000"), not CLDR's point (the
// group separator put in place of Intl's).
const NUMBER_RULES = {
  ru: { options: { useGrouping: "min2" } },
  fr: { options: { useGrouping: "min2" } },
  es: { group: "\u00a0" },
};

export class Catalog {
  constructor(lang, messages, direction = "ltr") {
    this.lang = lang;
    this.messages = messages;
    this.rtl = direction === "rtl";
    this.plurals = new Intl.PluralRules(lang);
    const rules = NUMBER_RULES[lang] ?? {};
    // made once: a tap formats several numbers
    this.numbers = new Intl.NumberFormat(lang, rules.options);
    this.group = rules.group;
    this.percents = new Intl.NumberFormat(lang, { style: "percent" });
  }

  /** `value` with this language's digits and grouping. */
  number(value) {
    if (!this.group) return this.numbers.format(value);
    return this.numbers.formatToParts(value).map((part) => (part.type === "group" ? this.group : part.value)).join("");
  }

  get direction() { return this.rtl ? "rtl" : "ltr"; }

  text(key, params = {}) {
    const message = this.messages[key];
    if (typeof message !== "string") return key;
    return fill(message, params);
  }

  plural(key, count, params = {}) {
    const forms = this.messages[key];
    if (!forms || typeof forms !== "object") return key;
    // "=1": a form for exactly that count (as halfmoon/i18n.py's exact_form), then CLDR's.
    const form = forms[`=${count}`] ?? forms[this.plurals.select(count)] ?? forms.other;
    return fill(form, { count: this.number(count), ...params });
  }

  /** Wrap an insert (card, code, slot name) so right-to-left text does not reorder it. */
  isolate(text) {
    return this.rtl ? LRI + text + PDI : String(text);
  }

  /** Sentences one after another: a space between them, none in a language written without
   *  spaces (halfmoon/i18n.py's join_sentences). */
  joinSentences(items) {
    return items.join(UNSPACED.has(this.lang.split("-")[0]) ? "" : " ");
  }

  /** "A, B and C" as the catalog joins lists, like the pages (no serial comma, Hebrew "ו־"). */
  join(items) {
    if (items.length < 2) return items.join("");
    const separator = this.text("docs.list.separator");
    return this.text("docs.list.and", { items: items.slice(0, -1).join(separator), last: items[items.length - 1] });
  }

  /** Short card with this language's letters, e.g. "V♣" in French: the card's face (not
   *  isolated: a sentence isolates it where it stands). */
  card(card) {
    return this.text(`card.letter.${card.rankText}`) + this.text(`card.suit_symbol.${card.suit}`);
  }

  /** The card in words; a rank name's construct form where the catalog gives one (Hebrew מלכת). */
  cardWords(card) {
    const rank = `card.rank_name.${card.rankText}`;
    return this.text("card.words", {
      rank: this.text(typeof this.messages[`${rank}.construct`] === "string" ? `${rank}.construct` : rank),
      suit: this.text(`card.suit_name.${card.suit}`),
    });
  }

  /** "5♠ from pile 1" / "6♦ from slot R8" in this language, as halfmoon/i18n.py's card_from. */
  cardFrom(card, source) {
    const written = this.isolate(this.card(card));
    if (source.startsWith("R")) return this.text("docs.move.card_from_slot", { card: written, slot: this.isolate(source) });
    return this.text("docs.move.card_from_pile", { card: written, pile: source });
  }
}

function fill(message, params) {
  let filled = "";
  let last = 0;
  for (const match of message.matchAll(/\{(\w+)\}/g)) {
    const name = match[1];
    const value = name in params ? String(params[name]) : match[0];
    filled += joinedBefore(message.slice(last, match.index), value) + value;
    last = match.index + match[0].length;
  }
  return filled + message.slice(last);
}

/** `text` as it stands before `value`: a Hebrew prefix keeps its maqaf only before a non-Hebrew letter. */
export function joinedBefore(text, value) {
  if (!text.endsWith("\u05be") || !HEBREW_PREFIX.test(text)) return text;
  const first = value.slice(value.match(LEADING_MARKUP)[0].length, value.length).charAt(0);
  return first >= "\u05d0" && first <= "\u05ea" ? text.slice(0, -1) : text;
}
