// The offline page (the service worker sends a reader there, offline, for a page this browser
// has not kept): it lists the pages of its language that the worker's cache holds, in the
// site's order, and links the page asked for, to open again once the network is back.

/** A page's title without the site's name after it ("Rules - Half Moon": "Rules"). */
function withoutSiteName(title) {
  const site = document.querySelector(".md-header__topic .md-ellipsis")?.textContent.trim();
  if (!site || title === site || !title.endsWith(site)) return title;
  return title.slice(0, -site.length).replace(/\s*[-–—|]\s*$/, "") || title;
}

/** Every kept page of `lang`: its address and its title, read from the cached page itself. */
async function keptPages(lang) {
  const pages = new Map();
  for (const name of (await caches.keys()).filter((key) => key.startsWith("halfmoon-"))) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      if (url.origin !== location.origin || pages.has(url.pathname)) continue;
      const response = await cache.match(request);
      if (!response?.headers.get("content-type")?.startsWith("text/html")) continue;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      // Another language's page, or an offline page (which is never asked for by a reader).
      if (page.documentElement.lang !== lang || page.querySelector(".hm-kept")) continue;
      pages.set(url.pathname, withoutSiteName(page.title));
    }
  }
  return pages;
}

/** Where `path` stands in the site's navigation (the theme's menu on this page); pages it does
 * not list come after, by title. */
function siteOrder() {
  const links = [...document.querySelectorAll(".md-nav--primary a.md-nav__link[href]")];
  const order = links.map((link) => new URL(link.href, location.href).pathname);
  return (path) => {
    const index = order.indexOf(path);
    return index < 0 ? order.length : index;
  };
}

/** The page asked for, when it is one of this site's: `?page=/he/deal-codes/`. */
function askedFor() {
  const page = new URLSearchParams(location.search).get("page");
  if (!page || !page.startsWith("/") || page.startsWith("//")) return null;
  const url = new URL(page, location.origin);
  return url.origin === location.origin ? url : null;
}

export async function mountKept(element) {
  const lang = document.documentElement.lang;
  const pages = "caches" in window ? await keptPages(lang) : new Map();
  const rank = siteOrder();
  const sorted = [...pages].sort(([a, titleA], [b, titleB]) => rank(a) - rank(b) || titleA.localeCompare(titleB, lang));
  const list = document.createElement("ul");
  for (const [path, title] of sorted) {
    const item = list.appendChild(document.createElement("li"));
    const link = item.appendChild(document.createElement("a"));
    link.href = path;
    link.textContent = title;
  }
  element.querySelector(".hm-kept-some").hidden = sorted.length === 0;
  element.querySelector(".hm-kept-none").hidden = sorted.length > 0;
  if (sorted.length) element.querySelector(".hm-kept-some").after(list);
  element.dataset.kept = String(sorted.length);
  const asked = askedFor();
  const retry = document.querySelector(".hm-retry");
  if (retry) {
    retry.closest("p").hidden = asked === null;
    if (asked) retry.href = asked.href;
  }
}
