// The site's message catalogs in the browser: the same JSON files the docs are built from
// (published by the MkDocs plugin at assets/halfmoon/catalogs/{lang}.json), with plural
// forms chosen by Intl.PluralRules and inserts isolated on right-to-left pages.

const RTL_LANGUAGES = new Set(["ar", "fa", "he", "ur", "yi"]);
const FSI = "\u2068";
const PDI = "\u2069";

export function catalogUrl(lang) {
  return new URL(`../halfmoon/catalogs/${encodeURIComponent(lang)}.json`, import.meta.url);
}

/** The language of a mount point: its data-lang, else the page's <html lang>. */
export function pageLanguage(element) {
  const lang = element.closest("[data-lang]")?.dataset.lang || document.documentElement.lang || "en";
  return lang.toLowerCase().split("-")[0];
}

export async function loadCatalog(lang) {
  let response = await fetch(catalogUrl(lang));
  if (!response.ok && lang !== "en") {
    lang = "en";
    response = await fetch(catalogUrl(lang));
  }
  return new Catalog(lang, await response.json());
}

export class Catalog {
  constructor(lang, messages) {
    this.lang = lang;
    this.messages = messages;
    this.rtl = RTL_LANGUAGES.has(lang);
    this.plurals = new Intl.PluralRules(lang);
    this.lists = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
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
    const form = forms[this.plurals.select(count)] ?? forms.other;
    return fill(form, { count: count.toLocaleString(this.lang), ...params });
  }

  /** Wrap an insert (card, code, slot name) so right-to-left text does not reorder it. */
  isolate(text) {
    return this.rtl ? FSI + text + PDI : String(text);
  }

  list(items) {
    return this.lists.format(items);
  }

  /** Short card with this language's letters, e.g. "V♣" in French. */
  card(card) {
    return this.isolate(this.text(`card.letter.${card.rankText}`) + this.text(`card.suit_symbol.${card.suit}`));
  }

  cardWords(card) {
    return this.text("card.words", {
      rank: this.text(`card.rank_name.${card.rankText}`),
      suit: this.text(`card.suit_name.${card.suit}`),
    });
  }

  /** "5♠ from pile 1" / "6♦ from slot R8" in this language. */
  cardFrom(card, source) {
    if (source.startsWith("R")) return this.text("game.said.from_slot", { card: this.card(card), slot: this.isolate(source) });
    return this.text("game.said.from_pile", { card: this.card(card), pile: source });
  }
}

function fill(message, params) {
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
