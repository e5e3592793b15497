// The Play page in a second browser engine: Debian's firefox-esr driven by puppeteer-core
// through WebDriver BiDi (nothing downloaded). Run by tests/test_firefox_browser.py, which
// builds the site and passes its folder in HALFMOON_SITE_DIR; this file serves it itself, so
// that it can stop serving to check offline play. Expected outcomes come from the site's own
// record of the example game, not from the game's code.

import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { readFile, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import puppeteer from "puppeteer-core";

const SITE = process.env.HALFMOON_SITE_DIR;
const FIREFOX = process.env.HALFMOON_FIREFOX ?? "/usr/bin/firefox-esr";
const RECORD = process.env.HALFMOON_RECORD;
const EXAMPLE = "HM1-N-AAAAAAB";
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json",
  ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json", ".txt": "text/plain", ".png": "image/png" };

let server, base, browser;

async function serveSite() {
  server = createServer(async (request, response) => {
    let path = normalize(decodeURIComponent(new URL(request.url, "http://x").pathname));
    let file = join(SITE, path);
    try {
      if ((await stat(file)).isDirectory()) file = join(file, "index.html");
      const body = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end("not found");
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}/`;
}

/** The moves of the example game, from the record the Examples page replays. */
async function exampleMoves() {
  const text = await readFile(RECORD, "utf8");
  return text.split("\n").filter((line) => line && !line.startsWith("#")).slice(1)
    .join(" ").split(/\s+/).filter(Boolean).map((move) => move.split("+"));
}

before(async () => {
  assert.ok(SITE, "HALFMOON_SITE_DIR names the built site");
  await serveSite();
  browser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX, headless: true });
});

after(async () => {
  await browser?.close();
  server?.close();
});

/** A fresh page at `path` in its own browser context, failing the test on any console or page error. */
async function openPage(t, path, { width = 1280, height = 720, scale = 1, touch = false, worker = true } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (!worker) {
    // For a test that leaps from page to page and is not about offline reading: each leap
    // cancels the loads the worker is still answering (a prefetched next page, an icon), and
    // Firefox reports every one as "A ServiceWorker intercepted the request and encountered
    // an unexpected error", a page error no reader sees.
    await page.evaluateOnNewDocument(() => {
      if (navigator.serviceWorker) navigator.serviceWorker.register = () => new Promise(() => {});
    });
  }
  const errors = [];
  page.on("console", (message) => { if (message.type() === "error") errors.push(message.text()); });
  page.on("pageerror", (error) => errors.push(String(error)));
  // The errors are read before the context closes: closing it cancels the loads still under
  // way, and Firefox reports each one the worker was answering as an error of the page.
  t.after(async () => {
    const seen = [...errors];
    await context.close();
    assert.deepEqual(seen, [], "no console error");
  });
  await page.setViewport({ width, height, deviceScaleFactor: scale, hasTouch: touch, isMobile: touch });
  await page.goto(`${base}${path}`);
  return page;
}

/** The Play page of the example deal (or of `fragment`), its board drawn. */
async function openPlay(t, { fragment = EXAMPLE, ...options } = {}) {
  const page = await openPage(t, `play/#${fragment}`, options);
  await page.waitForSelector(".hm-board [data-source='1']");
  return page;
}

const field = (page, name) => page.$eval(`.hm-game [data-field='${name}']`, (node) => node.textContent.trim());

async function tap(page, ...sources) {
  for (const source of sources) await page.click(`.hm-game [data-source='${source}']`);
}

/** A finger's tap at the middle of `selector`, as WebDriver BiDi input actions. Not puppeteer's
 * page.tap: its touch carries an altitude angle without an azimuth angle, which Firefox 153
 * refuses (NS_ERROR_ILLEGAL_VALUE from synthesizeTouchAtPoint); this one gives both, or
 * neither would do, and Firefox 140 and 153 accept it alike. */
async function touchTap(page, selector) {
  const element = await page.waitForSelector(selector);
  await element.scrollIntoView();
  const box = await element.boundingBox();
  const at = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  const finger = { width: 1, height: 1, pressure: 0.5, altitudeAngle: Math.PI / 2, azimuthAngle: 0 };
  await page.mainFrame().browsingContext.performActions([{
    type: "pointer", id: "finger", parameters: { pointerType: "touch" },
    actions: [{ type: "pointerMove", ...at }, { type: "pointerDown", button: 0, ...finger }, { type: "pointerUp", button: 0 }],
  }]);
}

const MEASURE = () => {
  const faces = [...document.querySelectorAll(".hm-game .hm-board .hm-face")];
  const board = document.querySelector(".hm-game .hm-board").getBoundingClientRect();
  return {
    card: Math.min(...faces.map((face) => face.getBoundingClientRect().width)),
    board: { x: board.x, y: board.y, right: board.right, bottom: board.bottom },
    scrollWidth: document.documentElement.scrollWidth,
    scrollY: window.scrollY,
    clipped: [...document.querySelectorAll(".hm-game .hm-face, .hm-game .hm-tag")]
      .filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
  };
};

test("a game of the example deal is won by clicks alone", async (t) => {
  const page = await openPlay(t);
  const moves = await exampleMoves();
  for (const move of moves) await tap(page, ...move);
  assert.equal(await field(page, "moves"), String(moves.length));
  assert.equal(await field(page, "score"), "520");
  await page.waitForSelector(".hm-game dialog[open]");
  assert.equal(await page.$$eval(".hm-game .hm-face", (faces) => faces.filter((f) => f.textContent).length), 0);
});

// [width, height, least card width, whole board on the first screen]
for (const [width, height, least, whole] of [
  [1366, 657, 70, true], [1280, 720, 70, true], [390, 844, 38, true], [844, 390, 40, true], [740, 360, 40, true],
  [320, 640, 30, false],
]) {
  test(`at ${width}×${height} the cards are at least ${least} px wide`, async (t) => {
    const page = await openPlay(t, { width, height });
    const sizes = await page.evaluate(MEASURE);
    assert.ok(sizes.card >= least, JSON.stringify(sizes));
    assert.ok(sizes.scrollWidth <= width, "no horizontal scroll");
    assert.deepEqual(sizes.clipped, []);
    if (whole) {
      const { board } = sizes;
      assert.equal(sizes.scrollY, 0);
      assert.ok(board.x >= 0 && board.right <= width && board.y >= 0 && board.bottom <= height, JSON.stringify(board));
    }
  });
}

test("zoomed to 150 % and 200 %, the cards are larger on the screen", async (t) => {
  const plain = await (await openPlay(t, { width: 1280, height: 800 })).evaluate(MEASURE);
  // At 640×400 the whole board on the screen leaves cards of 47 px (issue 40), 94 on the screen.
  for (const [width, height, scale, least] of [[853, 533, 1.5, 55], [640, 400, 2, 45]]) {
    const zoomed = await (await openPlay(t, { width, height, scale })).evaluate(MEASURE);
    assert.ok(zoomed.card >= least, JSON.stringify(zoomed));
    assert.ok(zoomed.card * scale > plain.card, `${zoomed.card} × ${scale} against ${plain.card}`);
    assert.ok(zoomed.scrollWidth <= width);
  }
});

test("the win dialog closes by touch and a deal changed through the address closes it", async (t) => {
  const page = await openPlay(t, { width: 390, height: 844, touch: true });
  const moves = await exampleMoves();
  for (const move of moves) await tap(page, ...move);
  await page.evaluate(() => {
    window.hmPointers = [];
    addEventListener("pointerup", (event) => window.hmPointers.push(event.pointerType), true);
  });
  await touchTap(page, ".hm-game dialog[open] .hm-dialog-close");
  await page.waitForFunction(() => !document.querySelector(".hm-game dialog[open]"));
  assert.deepEqual(await page.evaluate(() => window.hmPointers), ["touch"], "closed by a finger");
  await page.click(".hm-game [data-action='undo']");
  await tap(page, ...moves.at(-1));
  await page.waitForSelector(".hm-game dialog[open]");
  await page.evaluate(() => { location.hash = "#HM1-N-AAAAAAC"; });
  await page.waitForFunction(() => document.querySelector("[data-field=code]").textContent === "HM1-N-AAAAAAC");
  assert.equal(await page.$$eval(".hm-game dialog[open]", (open) => open.length), 0);
});

test("the theme's single-letter keys do nothing while the board has the focus", async (t) => {
  const page = await openPlay(t);
  // The theme starts at the first use of the page outside the game (a key pressed with the focus
  // on the page); it has when it takes off the page's early mark.
  await page.keyboard.press("Shift");
  await page.waitForFunction(() => !document.body.hasAttribute("data-md-color-switching"));
  const address = page.url();
  await page.focus(".hm-game [data-source='1']");
  for (const key of ["n", "p", "s", "f", ".", ","]) await page.keyboard.press(key);
  await new Promise((resolve) => setTimeout(resolve, 300)); // a navigation would have started by now
  assert.equal(page.url(), address);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.source), "1");
  assert.equal(await page.$$eval("[data-md-toggle=search]:checked", (on) => on.length), 0);
});

test("every cell's accessible name holds its pile and count once, its card in words", async (t) => {
  const page = await openPlay(t);
  const cells = await page.$$eval(".hm-game .hm-board [data-source]", (all) => all.map((cell) =>
    [cell.getAttribute("aria-label"), cell.querySelector(".hm-tag").innerText, cell.querySelector(".hm-face").textContent]));
  assert.equal(cells.length, 20);
  for (const [label, tag, face] of cells) {
    for (const part of tag.split(/\s+/).filter(Boolean)) assert.ok(label.includes(part), `${label} / ${tag}`);
    assert.ok(!face || !label.includes(face), `${label} / ${face}`);
  }
});

test("the code field reads codes as players type them", async (t) => {
  const page = await openPlay(t);
  for (const [typed, code] of [["hm1 n aaaaaae", "HM1-N-AAAAAAE"], ["HM1\u2013N\u2013AAAAAAC", "HM1-N-AAAAAAC"], ["AAAAAAF", "HM1-N-AAAAAAF"]]) {
    await page.$eval(".hm-game .hm-code-input", (input, text) => { input.value = text; }, typed);
    await page.click(".hm-game .hm-code-form button[type=submit]");
    await page.waitForFunction((want) => document.querySelector("[data-field=code]").textContent === want, {}, code);
  }
  await page.$eval(".hm-game .hm-code-input", (input) => { input.value = "HM1-N-AAA1AAB"; });
  await page.click(".hm-game .hm-code-form button[type=submit]");
  await page.waitForSelector(".hm-game .hm-error:not([hidden])");
  assert.notEqual(await page.$eval(".hm-game .hm-message", (m) => m.dataset.kind), "error"); // one place
});

/** Run `steps` with the server stopped, then serve the site again. */
async function offline(steps) {
  const closed = new Promise((resolve) => server.close(resolve)); // no server from here on
  server.closeAllConnections();
  await closed;
  try {
    await steps();
  } finally {
    await new Promise((resolve) => server.listen(Number(new URL(base).port), "127.0.0.1", resolve));
  }
}

/** Once the worker that `page` registered is ready, and it controls the page. */
async function workerReady(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 15000 });
}

/** Once the worker has kept the page at `url` (it does once the page's whole body has come). */
const kept = (page, url) => page.waitForFunction((address) => caches.match(address, { ignoreSearch: true })
  .then(Boolean), { polling: 100 }, url);

test("a game goes on offline once the page has been opened", async (t) => {
  const page = await openPlay(t);
  await workerReady(page);
  await offline(async () => {
    await page.reload();
    await page.waitForSelector(".hm-board [data-source='1']");
    const [first] = await exampleMoves();
    await tap(page, ...first);
    assert.equal(await field(page, "moves"), "1");
  });
});

for (const [lang, folder, direction] of [["en", "", "ltr"], ["he", "he/", "rtl"]]) {
  test(`offline, a page never read gets the offline page in ${lang}`, async (t) => {
    const page = await openPage(t, `${folder}play/`);
    await workerReady(page);
    await page.goto(`${base}${folder}`);
    await kept(page, `${base}${folder}`);
    const title = await page.$eval("[data-md-component=header-topic] .md-ellipsis", (topic) => topic.textContent.trim());
    await offline(async () => {
      // Not the next page of one read: Firefox fetches that ahead (<link rel="next">), and the
      // worker keeps it.
      await page.goto(`${base}${folder}strategy/`);
      await page.waitForSelector(".hm-kept[data-kept]");
      assert.equal(page.url().split("?")[0], `${base}${folder}offline/`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), direction);
      const links = await page.$$eval(".hm-kept li a", (all) => all.map((a) => [a.href, a.textContent]));
      assert.ok(links.some(([href, text]) => href === `${base}${folder}` && text === title), JSON.stringify(links));
      assert.ok(links.every(([href]) => href.startsWith(`${base}${folder}`) && !href.includes("/offline/")));
      assert.equal(await page.$eval("a.hm-retry", (a) => a.href), `${base}${folder}strategy/`);
    });
  });
}

test("offline, a page read before has its theme and its search", async (t) => {
  const page = await openPage(t, "play/");
  await workerReady(page);
  await page.goto(`${base}examples/`);
  await kept(page, `${base}examples/`);
  await offline(async () => {
    await page.reload();
    await page.click("label.md-search__icon"); // the first use, which starts the theme
    await page.waitForFunction(() => !document.body.hasAttribute("data-md-color-switching")); // it started
    await page.focus(".md-search__input");
    await page.keyboard.type("reserve");
    await page.waitForSelector(".md-search-result__item", { timeout: 15000 });
    const hrefs = await page.$$eval(".md-search-result a", (all) => all.map((a) => a.href));
    assert.ok(hrefs.length > 0 && hrefs.every((href) => href.startsWith(base) && !href.startsWith(`${base}he/`)));
  });
});

// --- issue 40: the whole board on one screen, the site around the game, the four-colour deck ---

/** What keeps the board from being whole on the first screen, inside its green table. */
const BOARD_FAULTS = () => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const board = document.querySelector(".hm-game .hm-board");
  const felt = box(board);
  const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
  const faults = [];
  if (felt[1] < header - 0.5 || felt[3] > innerHeight + 0.5 || felt[0] < -0.5 || felt[2] > innerWidth + 0.5) {
    faults.push(`table ${felt.map(Math.round)} not on the screen under the header (${header})`);
  }
  const parts = [...board.querySelectorAll(".hm-face, .hm-tag")];
  const where = (e) => e.closest("[data-source]").dataset.source;
  const outside = parts.filter((e) => { const [l, t, r, b] = box(e); return l < felt[0] - 0.5 || t < felt[1] - 0.5 || r > felt[2] + 0.5 || b > felt[3] + 0.5; });
  if (outside.length) faults.push(`off the table: ${outside.map(where)}`);
  const apart = (a, b) => a[2] <= b[0] + 0.5 || b[2] <= a[0] + 0.5 || a[3] <= b[1] + 0.5 || b[3] <= a[1] + 0.5;
  for (const tag of board.querySelectorAll(".hm-tag")) {
    for (const other of parts) if (other !== tag && !apart(box(tag), box(other))) faults.push(`${where(tag)} covers ${where(other)}`);
  }
  if (document.documentElement.scrollWidth > innerWidth) faults.push("scrolls sideways");
  return faults;
};

/** Window sizes from 320×320 to 2560×1440, drawn from a seed (mulberry32): the same every run. */
function drawnSizes(seed, count) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const width = 320 + Math.floor(next() * 2241);
    const ratio = [0.4, 0.6, 0.75, 1, 1.5, 2.2][Math.floor(next() * 6)];
    const height = Math.min(1440, Math.max(320, Math.round(320 + next() * (width * ratio - 320))));
    return [width, height];
  });
}

const twoFrames = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

for (const [lang, scale] of [["", 2], ["he/", 1], ["ar/", 3]]) {
  test(`the whole board is on the first screen, inside its table (${lang || "en/"} at ${scale}×)`, async (t) => {
    const page = await openPlay(t, { scale });
    await page.goto(`${base}${lang}play/#${EXAMPLE}`);
    await page.waitForSelector(".hm-board [data-source='1']");
    const sizes = [[683, 328], [667, 375], [640, 360], [568, 320], [1366, 657], [390, 844], [320, 320],
      ...drawnSizes(lang.length + scale * 40, 7)];
    const faults = {};
    for (const [width, height] of sizes) {
      await page.setViewport({ width, height, deviceScaleFactor: scale });
      await page.evaluate(() => scrollTo(0, 0));
      await twoFrames(page);
      const found = await page.evaluate(BOARD_FAULTS);
      if (found.length) faults[`${width}x${height}`] = found;
    }
    assert.deepEqual(faults, {});
  });
}

const CARDS_OUT_OF_VIEW = () => {
  const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
  return [...document.querySelectorAll(".hm-game .hm-board .hm-cell")]
    .filter((cell) => { const r = cell.getBoundingClientRect(); return r.top < header - 0.5 || r.bottom > innerHeight + 0.5; })
    .map((cell) => cell.dataset.source);
};

const CARDS_OUT_OF_VIEW_NONE = () => {
  const header = document.querySelector(".md-header").getBoundingClientRect().bottom;
  return [...document.querySelectorAll(".hm-game .hm-board .hm-cell")]
    .every((cell) => { const r = cell.getBoundingClientRect(); return r.top >= header - 0.5 && r.bottom <= innerHeight + 0.5; });
};

test("after a typed code and Enter every card is under the header and above the fold", async (t) => {
  for (const [width, height] of [[1366, 657], [683, 328], [390, 844]]) {
    const page = await openPlay(t, { width, height });
    await page.evaluate(() => document.querySelector(".hm-code-input").scrollIntoView({ block: "center" }));
    assert.notDeepEqual(await page.evaluate(CARDS_OUT_OF_VIEW), []);
    await page.type(".hm-game .hm-code-input", "HM1-N-AAAAAAE");
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.querySelector("[data-field=code]").textContent === "HM1-N-AAAAAAE");
    // Once the scrolls have ended (a scroll Firefox had under way for the field can end after ours).
    await page.waitForFunction(CARDS_OUT_OF_VIEW_NONE, { timeout: 2000 }).catch(() => {});
    assert.deepEqual(await page.evaluate(CARDS_OUT_OF_VIEW), [], `${width}x${height}`);
  }
});

test("a wide Play page reaches every page of the site, the board keeping its room", async (t) => {
  for (const [width, height] of [[1366, 657], [1920, 1080]]) {
    const page = await openPlay(t, { width, height });
    const links = await page.$$eval(".md-header a[href]", (all) => all
      .filter((a) => { const r = a.getBoundingClientRect(); return r.width > 0 && r.right <= innerWidth && r.bottom <= innerHeight; })
      .map((a) => new URL(a.href).pathname));
    for (const path of ["/", "/examples/", "/strategy/", "/deal-codes/"]) assert.ok(links.includes(path), `${path} in ${links}`);
    assert.deepEqual(await page.evaluate(BOARD_FAULTS), []);
  }
});

test("with four colours on, the diagrams of Rules, Examples and Strategy draw diamonds blue and clubs green", async (t) => {
  const page = await openPlay(t, { worker: false });
  await page.click(".hm-game input[data-setting='fourColour']");
  for (const path of ["", "examples/", "strategy/", "fr/", "he/examples/"]) {
    await page.goto(`${base}${path}`);
    const fills = await page.evaluate(() => {
      const seen = {};
      for (const use of document.querySelectorAll("svg.hm-diagram g.hm-card use")) {
        const suit = use.getAttribute("href").slice(-1);
        const fill = getComputedStyle(use.parentElement).fill;
        (seen[suit] ??= new Set()).add(fill);
      }
      return Object.fromEntries(Object.entries(seen).map(([suit, set]) => [suit, [...set]]));
    });
    assert.deepEqual(fills.D, ["rgb(0, 68, 204)"], path);
    assert.deepEqual(fills.C, ["rgb(0, 100, 0)"], path);
    assert.deepEqual(fills.H, ["rgb(198, 40, 40)"], path);
  }
  assert.equal(await page.evaluate(() => navigator.serviceWorker.controller), null, "read without the worker");
});
