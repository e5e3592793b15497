// The Deal codes page's lookup: whether one deal can be won, read from the solver's verdict file.
// Documentation, not the game: the game never imports this module and never links to it (SPEC §3).
//
// The verdict file (halfmoon/solver/verdicts.py) is gzip of one JSON header line, a newline,
// then one symbol per deal from the header's start: W won, L lost (proved), U undecided,
// ? not computed yet.

import { DealCodeError, formatCode, parseDealCode } from "./engine.js";
import { codeErrorText, loadCatalog } from "./i18n.js";

const FORMAT = "halfmoon-verdicts/1";
const ANSWERS = { W: "won", L: "lost", U: "undecided" };

/** The file's text: gunzipped here, unless the server already did it (Content-Encoding: gzip). */
async function verdictText(response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

/** {start, symbols} of a verdict file's text; throws on anything else. */
export function readVerdicts(text) {
  const newline = text.indexOf("\n");
  const header = newline > 0 ? JSON.parse(text.slice(0, newline)) : null;
  const symbols = text.slice(newline + 1);
  if (header?.format !== FORMAT || header.deals !== symbols.length) {
    throw new Error(`not a ${FORMAT} file`);
  }
  return { start: parseDealCode(header.start).number, symbols };
}

/** "won", "lost", "undecided", or "outside" the computed range, for deal `number`. */
export function verdictOf(verdicts, number) {
  return ANSWERS[verdicts.symbols[number - verdicts.start]] ?? "outside";
}

async function fetchVerdicts(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return readVerdicts(await verdictText(response));
}

export async function mountLookup(form) {
  const { catalog } = await loadCatalog(form);
  const input = form.querySelector("input");
  const result = form.querySelector(".hm-lookup-result");
  const url = new URL(form.dataset.verdicts, document.baseURI);
  let verdicts = null; // a promise, made on first use and again after a failure

  const load = () => {
    verdicts ??= fetchVerdicts(url).catch((error) => {
      verdicts = null;
      throw error;
    });
    return verdicts;
  };
  const show = (text, kind) => {
    result.textContent = text;
    result.dataset.verdict = kind;
  };

  // Fetched once the page is idle, not at the first lookup: a page read online then answers
  // offline too (the service worker keeps what the page fetched), and at once.
  const idle = window.requestIdleCallback ?? ((task) => setTimeout(task, 200));
  idle(() => load().catch(() => {}));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    let code;
    try {
      code = parseDealCode(input.value);
    } catch (error) {
      if (!(error instanceof DealCodeError)) throw error;
      input.setAttribute("aria-invalid", "true");
      return show(codeErrorText(catalog, error), "error");
    }
    input.removeAttribute("aria-invalid");
    let table;
    try {
      table = await load();
    } catch {
      return show(catalog.text("docs.lookup.failed"), "error");
    }
    const kind = verdictOf(table, code.number);
    show(catalog.text(`docs.lookup.${kind}`, {
      code: catalog.isolate(code.code),
      first: catalog.isolate(formatCode(table.start)),
      last: catalog.isolate(formatCode(table.start + table.symbols.length - 1)),
    }), kind);
  });
  form.hidden = false;
}
