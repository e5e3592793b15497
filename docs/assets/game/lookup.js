// The Deal codes page's lookup: whether one deal can be won, read from the solver's verdict file.
// The game reads the same file through this module only behind its settings that are off by
// default (coach.js: "only deals that can be won", the coach), never as it opens (SPEC §3).
//
// The verdict file (halfmoon/solver/verdicts.py) is gzip of one JSON header line, a newline,
// then one symbol per deal from the header's start: W won, L lost (proved), U undecided.
// Nothing in it is trusted: it is read by the rules of halfmoon/solver/verdicts.py, which refuses
// exactly what this module refuses (the cases both agree on, texts and whole files' bytes, are
// tests/data/verdicts.jsonl): one gzip member and nothing after it (or the text itself, as a
// server that decompressed it gives it), ASCII text, a header object nested at most MAX_NESTING
// deep; and never more than MAX_TEXT bytes are inflated.

import { DEAL_COUNT, DealCodeError, formatCode, parseDealCode } from "./engine.js";
import { codeErrorText, loadCatalog } from "./i18n.js";

const FORMAT = "halfmoon-verdicts/1";
const ANSWERS = { W: "won", L: "lost", U: "undecided" };
const MAX_DEALS = 10_000_000; // as verdicts.py: a few MB at most, the file is for a web page
const MAX_HEADER = 4096;
const MAX_TEXT = MAX_HEADER + 1 + MAX_DEALS;
const MAX_NESTING = 8; // levels of the header's JSON, the header itself one (as verdicts.py)
// A UTF-8 decoder that keeps a byte-order mark (then refused as not ASCII, as verdicts.py does).
const DECODER = new TextDecoder("utf-8", { ignoreBOM: true });

let crcTable = null;

/** CRC-32 of `bytes`, as gzip's trailer holds it. */
function crc32(bytes) {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The file's text: gunzipped here, unless the server already did it (Content-Encoding: gzip).
 * Inflating stops past MAX_TEXT bytes: a small gzip can hold gigabytes. The file must be one
 * gzip member with nothing after it: browsers' inflaters differ on a second member (one joins
 * it, another refuses) and on trailing zeros, so the text must be what the file's own last
 * eight bytes (the member's trailer: CRC-32 and length) say it is. */
export async function verdictText(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
    if (bytes.length > MAX_TEXT) throw new Error(`more than ${MAX_DEALS} deals`);
    return DECODER.decode(bytes);
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_TEXT) {
      await reader.cancel();
      throw new Error(`more than ${MAX_DEALS} deals`);
    }
    parts.push(value);
  }
  const text = new Uint8Array(await new Blob(parts).arrayBuffer());
  const trailer = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 18 || trailer.getUint32(bytes.length - 4, true) !== text.length % 2 ** 32
      || trailer.getUint32(bytes.length - 8, true) !== crc32(text)) {
    throw new Error("not one gzip member: bytes after its compressed data");
  }
  return DECODER.decode(text);
}

function nesting(value) {
  if (value === null || typeof value !== "object") return 0;
  return 1 + Math.max(0, ...Object.values(value).map(nesting));
}

/** {start, symbols} of a verdict file's text; throws on anything else (as verdicts.parse). */
export function readVerdicts(text) {
  if (/[^\x00-\x7f]/.test(text)) throw new Error(`not a ${FORMAT} file: its text is not ASCII`);
  const newline = text.indexOf("\n");
  if (newline < 0 || newline > MAX_HEADER) throw new Error(`not a ${FORMAT} file: no header line`);
  const header = JSON.parse(text.slice(0, newline));
  const symbols = text.slice(newline + 1);
  const deals = header?.deals;
  if (header === null || typeof header !== "object" || Array.isArray(header) || header.format !== FORMAT
      || !Number.isInteger(deals) || deals < 1 || deals > MAX_DEALS || deals !== symbols.length
      || typeof header.start !== "string" || nesting(header) > MAX_NESTING) {
    throw new Error(`not a ${FORMAT} file`);
  }
  const start = parseDealCode(header.start).number;
  if (start + deals > DEAL_COUNT) throw new Error(`${FORMAT}: the range runs past the last deal code`);
  if (!/^[WLU]*$/.test(symbols)) throw new Error(`${FORMAT}: a symbol other than W, L and U`);
  return { start, symbols };
}

/** "won", "lost", "undecided", or "outside" the computed range, for deal `number`. */
export function verdictOf(verdicts, number) {
  const index = number - verdicts.start;
  if (!Number.isInteger(index) || index < 0 || index >= verdicts.symbols.length) return "outside";
  return ANSWERS[verdicts.symbols[index]];
}

/** The verdict file at `url`, read ({start, symbols}); throws on a failed fetch or a bad file. */
export async function fetchVerdicts(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return readVerdicts(await verdictText(new Uint8Array(await response.arrayBuffer())));
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
