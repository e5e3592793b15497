"""The Rules and Strategy pages print: in Chromium's print media and PDF output, on A4 and
Letter, in a left-to-right and a right-to-left language, the site's chrome, the game and the
text alternatives are gone, every diagram is there whole, the page's address is printed, and
the page count stays bounded."""

from __future__ import annotations

import re

import pytest

from halfmoon.i18n import catalog

CHROME = (".md-header", ".md-sidebar", ".md-footer", ".md-search", ".md-button",
          ".hm-text-alternative", ".headerlink")
MAX_PAGES = {"": 7, "strategy/": 8}  # 5 and 6 pages on A4 and Letter in December 2026


def _pdf_pages(pdf: bytes) -> int:
    counts = re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", pdf)
    assert counts, "no page tree in the PDF"
    return max(int(a or b) for a, b in counts)


@pytest.mark.browser
@pytest.mark.parametrize("prefix", ["", "he/"])
@pytest.mark.parametrize("path", list(MAX_PAGES))
def test_a_page_prints_its_text_and_whole_diagrams_without_the_site(page, site_url, prefix, path):
    page.goto(site_url + prefix + path)
    assert page.locator(".hm-print-address").is_hidden()  # on screen the address bar says it
    page.emulate_media(media="print")
    address = page.locator(".hm-print-address")
    assert address.is_visible()
    assert address.locator("[data-hm-address]").inner_text() == site_url + prefix + path
    label = catalog(prefix.rstrip("/") or "en").messages["docs.print.address"].split("{address}")[0]
    assert address.inner_text().startswith(label.strip())
    diagrams = page.locator("svg.hm-diagram")
    assert diagrams.count() >= (1 if path == "" else 8)  # the Strategy page: four tips, two each
    hidden = page.eval_on_selector_all("svg.hm-diagram", "els => els.filter(e => !e.getClientRects().length"
                                       " || e.getBoundingClientRect().width < 200).length")
    assert hidden == 0, "a diagram does not print, or prints too small to read"
    for selector in CHROME:
        shown = page.eval_on_selector_all(
            selector, "els => els.filter(e => getComputedStyle(e).display !== 'none'"
            " && e.getClientRects().length > 0).length")
        assert shown == 0, f"{selector} prints"
    breaks = page.eval_on_selector_all(".hm-figure", "els => els.map(e => getComputedStyle(e).breakInside)")
    assert breaks and set(breaks) == {"avoid"}
    colours = page.eval_on_selector_all(
        "svg.hm-diagram", "els => els.map(e => getComputedStyle(e).getPropertyValue('--hm-red').trim())")
    assert set(colours) == {"#000"}  # suits by their symbols, not by colour
    for size in ("A4", "Letter"):
        pdf = page.pdf(format=size, print_background=False)
        assert 1 <= _pdf_pages(pdf) <= MAX_PAGES[path]
