"""The Play page's first visit in bytes (issue 25's budget: 200 KB compressed, in every
language): every file the page itself asks for until the network is idle, counted at the size
of the copy beside it that a compressing host sends, or its own size where it has none. The
budget holds with the .gz copies alone (a host that serves only gzip); the .br copies, which a
host serves to a browser that accepts brotli (Chromium, Firefox, Safari do), weigh less still.
The offline worker's precaching after the load is not the page's first-visit transfer."""

from __future__ import annotations

import pytest
from browser_helpers import PREFIXES

BUDGET = 200 * 1024


def sent_size(site, address: str, copy_suffix: str) -> int:
    """The bytes a host sends for ``address``: its copy ending in ``copy_suffix``, else the file."""
    path = site / address
    if not address or address.endswith("/"):
        path = path / "index.html"
    assert path.is_file(), f"the page asked for {address!r}, which the site does not have"
    copy = path.with_name(path.name + copy_suffix)
    return (copy if copy.exists() else path).stat().st_size


@pytest.mark.browser
@pytest.mark.parametrize("lang", PREFIXES)
def test_the_play_page_first_visit_fits_the_byte_budget(page, site_url, built_site, lang):
    asked: list[str] = []
    page.on("request", lambda request: None if request.service_worker else
            asked.append(request.url.removeprefix(site_url).split("#")[0].split("?")[0]))
    page.goto(site_url + PREFIXES[lang] + "play/")
    page.wait_for_load_state("networkidle")
    addresses = list(dict.fromkeys(asked))
    assert not [address for address in addresses
                if "search_index" in address or "/lunr/" in address or "/workers/search." in address]
    gzipped = {address: sent_size(built_site, address, ".gz") for address in addresses}
    brotli = {address: sent_size(built_site, address, ".br") for address in addresses}
    assert sum(gzipped.values()) <= BUDGET, sorted(gzipped.items(), key=lambda item: -item[1])
    assert sum(brotli.values()) < sum(gzipped.values()), (brotli, gzipped)
