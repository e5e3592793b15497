// Half Moon's service worker, written by the halfmoon-offline plugin at build time.
// Network first, so that an online visitor always gets the newest build; the cache answers
// only when the network does not. One cache per build: its name carries the hash of every
// precached file, and activating a new build deletes the caches of the old ones.
//
// Everything is cached while the worker installs, before it is activated: the precached
// files (every asset a page loads, every search index, every Play page, every language's
// offline page) and the pages already open. So once `navigator.serviceWorker.ready` has a
// worker, a page read before reads offline as it did online, search included.

const VERSION = "__VERSION__";
const CACHE = `halfmoon-${VERSION}`;
const PRECACHE = __PRECACHE__;
// Each language's folder ("" for the default language) and its offline page.
const OFFLINE_PAGES = __OFFLINE_PAGES__;

const inScope = (url) => new URL(url, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((url) => new Request(inScope(url), { cache: "reload" })));
    // Pages open since before the worker existed are kept too, so they read offline.
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    await Promise.all(windows.map((client) => cache.add(new Request(client.url.split("#")[0], { cache: "no-cache" }))
      .catch(() => undefined)));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("halfmoon-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

/** Keep `response` for `request`, once its whole body has arrived: a body cut short (the
 * network lost in the middle) is never put over what the cache held. */
async function keep(cache, request, response) {
  const body = await response.arrayBuffer();
  const { status, statusText, headers } = response;
  await cache.put(request, new Response(body, { status, statusText, headers }));
}

/** The offline page in the language of the address asked for, which it names (null for a
 * site without offline pages). */
function offlinePage(url) {
  const path = url.href.slice(self.registration.scope.length);
  const folder = Object.keys(OFFLINE_PAGES).filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  if (folder === undefined) return null;
  const page = new URL(OFFLINE_PAGES[folder], self.registration.scope);
  page.searchParams.set("page", url.pathname + url.search);
  return page.href;
}

// Said when not even the offline page is there, which a whole install never leaves.
const UNREACHABLE = "Offline: this page has not been kept on this device.";

async function networkFirst(event) {
  const { request } = event;
  const cache = await caches.open(CACHE);
  try {
    // Revalidated with the server, never taken from the browser's own HTTP cache. A
    // navigation's request cannot be copied with new options, so its URL is fetched.
    const fresh = request.mode === "navigate"
      ? new Request(request.url, { cache: "no-cache", credentials: "same-origin" })
      : new Request(request, { cache: "no-cache" });
    const response = await fetch(fresh);
    if (response.ok && response.type === "basic") {
      event.waitUntil(keep(cache, request, response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    // A page's query string changes nothing in a static site (the game reads its deal from
    // the fragment): offline, play/?x=1 is play/ as it was cached.
    const cached = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    if (request.mode === "navigate") {
      const page = offlinePage(new URL(request.url));
      if (page && await cache.match(page, { ignoreSearch: true })) return Response.redirect(page, 302);
      return new Response(UNREACHABLE, { status: 503, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    // A page the browser fetches ahead (Firefox follows <link rel="next">), or any other
    // file not kept: a plain answer that it is not there, never a failed promise.
    return new Response(null, { status: 504, statusText: "Offline" });
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(event));
});
