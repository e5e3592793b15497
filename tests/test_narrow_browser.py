"""No page of any language is wider than a narrow phone's screen (320 and 390 CSS pixels):
nothing makes the reader scroll sideways, in left-to-right and right-to-left languages alike.
Each overflow is named by the element that sticks out furthest."""

from __future__ import annotations

from pathlib import Path

import pytest
from site_server import show_whole_page

from halfmoon.cli.siteconfig import read_site

ROOT = Path(__file__).resolve().parent.parent
SITE = read_site(ROOT / "mkdocs.yml")
LANGUAGES = {lang.code: lang.prefix for lang in SITE.languages}
DEFAULT = next(lang.code for lang in SITE.languages if not lang.prefix)


def pages_of(lang: str) -> list[str]:
    """Every page the language has: the translated ones, and the default language's own."""
    names = list(SITE.translated_pages())
    if lang == DEFAULT:
        names += [name for name in SITE.default.nav if name not in names]
    # and the language's 404 page, as reached from a missing address in the language's folder
    return ["" if name == "index.md" else name.removesuffix(".md") + "/" for name in names] + [
        "no-such-page/"]


# The page's width and the viewport's, and the elements past either edge of the viewport that
# the page lays out (not in a fixed, hidden or closed part: the drawer, a dialog), the furthest
# first: what the message names when a page is too wide.
MEASURE = """() => {
  const apart = e => {
    for (; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.position === "fixed" || style.display === "none" || style.visibility === "hidden")
        return true;
    }
    return false;
  };
  const past = [];
  for (const element of document.body.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    const by = Math.max(box.right - innerWidth, -box.left);
    if (box.width && by > 0.5 && !apart(element))
      past.push([Math.round(by), `<${element.tagName.toLowerCase()} class="${element.className}">`,
                 (element.textContent || "").trim().slice(0, 60)]);
  }
  past.sort((a, b) => b[0] - a[0]);
  return {scroll: document.documentElement.scrollWidth, inner: innerWidth, past: past.slice(0, 4)};
}"""


@pytest.mark.browser
@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_is_wider_than_a_narrow_screen(context_for, site_url, lang, width):
    # Not a mobile emulation: a phone's browser widens its layout viewport to a page that is
    # too wide (innerWidth then grows with the page), which would hide the overflow measured.
    context = context_for(viewport={"width": width, "height": 800}, device_scale_factor=2)
    page = context.new_page()
    too_wide = {}
    for path in pages_of(lang):
        response = page.goto(site_url + LANGUAGES[lang] + path)
        assert response is not None and response.status == (404 if "no-such" in path else 200)
        if "no-such" in path and LANGUAGES[lang]:  # the root's 404 page sends it to its folder's
            page.wait_for_url(site_url + LANGUAGES[lang] + "404.html")
        page.wait_for_load_state("networkidle")
        show_whole_page(page)
        measured = page.evaluate(MEASURE)
        assert measured["inner"] == width
        if measured["scroll"] > width:
            too_wide[path or "/"] = measured
    assert not too_wide, too_wide
