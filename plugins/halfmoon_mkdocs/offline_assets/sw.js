// Half Moon's service worker, written by the halfmoon-offline plugin at build time.
// Network first, so that an online visitor always gets the newest build; the cache answers
// only when the network does not. One cache per build: its name carries the hash of every
// precached file, and activating a new build deletes the caches of the old ones.

const VERSION = "__VERSION__";
const CACHE = `halfmoon-${VERSION}`;
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((url) => new Request(new URL(url, self.registration.scope), { cache: "reload" }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith("halfmoon-") && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
    // Pages open since before the worker existed are kept too, so they read offline.
    const cache = await caches.open(CACHE);
    const windows = await self.clients.matchAll({ type: "window" });
    await Promise.all(windows.map((client) => cache.add(new Request(client.url.split("#")[0], { cache: "no-cache" }))
      .catch(() => undefined)));
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "skip-waiting") self.skipWaiting();
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    // Revalidated with the server, never taken from the browser's own HTTP cache. A
    // navigation's request cannot be copied with new options, so its URL is fetched.
    const fresh = request.mode === "navigate"
      ? new Request(request.url, { cache: "no-cache", credentials: "same-origin" })
      : new Request(request, { cache: "no-cache" });
    const response = await fetch(fresh);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    // A page's query string changes nothing in a static site (the game reads its deal from
    // the fragment): offline, play/?x=1 is play/ as it was cached.
    const cached = (await cache.match(request)) ?? (await cache.match(request, { ignoreSearch: true }));
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkFirst(request));
});
