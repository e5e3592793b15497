// The game's words layer (docs/assets/game/i18n.js) against the pages' (halfmoon/i18n.py), in
// Node, through tests/data/words.jsonl: each method the two Catalogs share, under its JavaScript
// name (join, card, cardWords, cardFrom, plural, number, joinSentences), in every language.
//     node tests/js/run_words.mjs tests/data CATALOG_FOLDER [GAME_FOLDER]
// Prints {bad, counts} as JSON (exit 1 when a check fails). tests/test_words_node.py runs it.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadGameModule } from "./load_engine.mjs";
import { parseLines } from "./vectors.mjs";

const [data, catalogs, game] = process.argv.slice(2);
const { Catalog, codeErrorText } = await loadGameModule("i18n.js", game);
const { parseDealCode } = await loadGameModule("engine.js", game);

const bad = [];
const counts = { languages: 0, lists: 0, cards: 0, card_from: 0, plurals: 0, sentences: 0, numbers: 0 };
const catalogOf = new Map();
const expect = (what, got, want) => {
  if (got !== want) bad.push(`${what}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};

for (const want of parseLines(readFileSync(join(data, "words.jsonl"), "utf8"))) {
  if (want.direction) {
    const messages = JSON.parse(readFileSync(join(catalogs, `${want.lang}.json`), "utf8"));
    catalogOf.set(want.lang, new Catalog(want.lang, messages, want.direction));
    counts.languages++;
    continue;
  }
  const catalog = catalogOf.get(want.lang);
  const at = `${want.lang} `;
  if (want.list) {
    counts.lists++;
    expect(`${at}list ${JSON.stringify(want.list)}`, catalog.join(want.list), want.text);
  } else if (want.numbers) {
    for (const [value, text] of want.numbers) {
      counts.numbers++;
      expect(`${at}number ${value}`, catalog.number(value), text);
    }
  } else if (want.sentences) {
    counts.sentences++;
    expect(`${at}sentences ${JSON.stringify(want.sentences)}`, catalog.joinSentences(want.sentences), want.text);
  } else if (want.from) {
    counts.card_from++;
    const [rankText, suit] = want.card;
    expect(`${at}${rankText}${suit} from ${want.from}`, catalog.cardFrom({ rankText, suit }, want.from), want.text);
  } else if (want.card) {
    counts.cards++;
    const [rankText, suit] = want.card;
    // "letters" as a sentence holds the card: isolated, as Python's isolate(card(…)) writes it.
    expect(`${at}card ${rankText}${suit}`, catalog.isolate(catalog.card({ rankText, suit })), want.letters);
    expect(`${at}card words ${rankText}${suit}`, catalog.cardWords({ rankText, suit }), want.words);
  } else if (want.plural) {
    for (const [count, text] of want.counts) {
      counts.plurals++;
      expect(`${at}${want.plural} ${count}`, catalog.plural(want.plural, count), text);
    }
  } else bad.push(`unknown case ${JSON.stringify(want)}`);
}
// The code field and the lookup name the character at fault as the Python engine does: an unseen
// one (an isolate, a control) by its code point, "U+2066" (codes.jsonl's "char").
counts.code_errors = 0;
for (const want of parseLines(readFileSync(join(data, "codes.jsonl"), "utf8"))) {
  if (want.kind !== "character" && want.kind !== "letter") continue;
  let error = null;
  try { parseDealCode(want.input); } catch (caught) { error = caught; }
  for (const [lang, catalog] of catalogOf) {
    counts.code_errors++;
    const text = error ? codeErrorText(catalog, error) : "(accepted)";
    if (!text.includes(want.char)) bad.push(`${lang} code error of ${JSON.stringify(want.input)}: ${JSON.stringify(text)} does not name ${want.char}`);
  }
}
console.log(JSON.stringify({ bad, counts }));
process.exitCode = bad.length ? 1 : 0;
