// The Deal codes page's lookup: type a deal code, learn whether that deal can be won, from the
// verdict file of the solver's run (halfmoon stats --merge ... --verdicts; halfmoon/solver/verdicts.py):
// gzip of one JSON header line and one symbol per deal from the header's start. The game itself
// never uses this (SPEC §3): only a page with a .hm-lookup mount point loads it (boot.js).

import { codeErrorText } from "./app.js";
import { DealCodeError, formatCode, parseDealCode } from "./engine.js";
import { loadCatalog } from "./i18n.js";

const FORMAT = "halfmoon-verdicts/1";
const ANSWER = { W: "lookup.won", L: "lookup.lost", U: "lookup.undecided" };

/** The verdict file's text, gunzipped here unless the server already did (a gzip Content-Encoding). */
async function fetchVerdicts(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const body = gzipped
    ? await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text()
    : new TextDecoder().decode(bytes);
  const newline = body.indexOf("\n");
  const header = JSON.parse(body.slice(0, newline));
  const symbols = body.slice(newline + 1);
  if (header.format !== FORMAT || header.deals !== symbols.length) throw new Error(`${url}: not a verdict file`);
  return { start: parseDealCode(header.start).number, symbols };
}

/** The answer for the typed text: {key, params} of a catalog message, or {error} for a bad code. */
export function answer(verdicts, text, catalog) {
  let code;
  try {
    code = parseDealCode(text);
  } catch (error) {
    if (!(error instanceof DealCodeError)) throw error;
    return { error: codeErrorText(catalog, error) };
  }
  const index = code.number - verdicts.start;
  const symbol = index >= 0 && index < verdicts.symbols.length ? verdicts.symbols[index] : undefined;
  const params = { code: catalog.isolate(code.code) };
  if (symbol in ANSWER) return { key: ANSWER[symbol], params };
  return {
    key: "lookup.outside",
    params: {
      ...params,
      first: catalog.isolate(formatCode(verdicts.start)),
      last: catalog.isolate(formatCode(verdicts.start + verdicts.symbols.length - 1)),
    },
  };
}

export async function mountLookup(element) {
  const { catalog } = await loadCatalog(element);
  // The page's fallback text links the verdict file: its address, right for the page's language.
  const url = element.querySelector("a")?.href;
  let verdicts = null;
  const form = document.createElement("form");
  form.className = "hm-code-form";
  const input = document.createElement("input");
  Object.assign(input, { id: "hm-lookup-code", type: "text", spellcheck: false, autocomplete: "off",
    className: "hm-code-input", placeholder: "HM1-N-AAAAAAB" });
  input.setAttribute("dir", "ltr");
  const label = document.createElement("label");
  label.htmlFor = input.id;
  label.textContent = catalog.text("game.code.label");
  const button = document.createElement("button");
  button.type = "submit";
  button.className = "md-button md-button--primary";
  button.textContent = catalog.text("lookup.check");
  const output = document.createElement("p");
  output.className = "hm-lookup-answer";
  output.setAttribute("role", "status");
  output.setAttribute("aria-live", "polite");
  form.append(label, input, button);
  element.replaceChildren(form, output);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      verdicts ??= await fetchVerdicts(url);
    } catch {
      output.className = "hm-lookup-answer hm-error";
      output.textContent = catalog.text("lookup.unavailable");
      return;
    }
    const result = answer(verdicts, input.value, catalog);
    output.className = result.error ? "hm-lookup-answer hm-error" : "hm-lookup-answer";
    output.textContent = result.error ?? catalog.text(result.key, result.params);
  });
}
