"""Every file a page asks for is named by its content, so a host may cache it for ever (issue 25):
a new build that changes a file gives it a new address, and a page never gets a stale copy.

The site's own files carry the hash of their content: the game's modules, the joined
stylesheet and the catalogs in a folder named by the hash of them all (assets.py), the
worker's registering script and the icons in their names (offline.py). Material's files carry
Material's own hash (``main.ec1eaa64.min.css``; the edited bundle is renamed by its edited
content, search.py). A few addresses must stay as they are, each for a reason named below.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from halfmoon_mkdocs import assets

pytestmark = pytest.mark.slow

# Addresses that must not change between builds, and why.
FIXED = {
    "sw.js": "the worker: browsers look for its update at the address they registered",
    "manifest.webmanifest": "the installed app's manifest, checked for updates at its address",
    "assets/images/favicon.png": "the theme's favicon (theme.favicon), Material's file as it ships",
}
HASHED_FOLDER = re.compile(r"/[0-9a-f]{12}/")
HASHED_NAME = re.compile(r"\.([0-9a-f]{8})\.(?:min\.)?[a-z]+$")
NAMED = re.compile(r'<(?:link|script|img)\b[^>]*?\s(?:href|src)="([^"]+)"')


def _site_path(page: Path, site: Path, address: str) -> str:
    """The site-relative path of an address a page names (relative or from the root)."""
    if address.startswith("/"):
        return address.lstrip("/")
    return (page.parent / address).resolve().relative_to(site.resolve()).as_posix()


def _named_files(site: Path) -> dict[str, set[str]]:
    """Every local file named by a page's link, script or image tag, or by a manifest's
    icons: its site-relative path -> the files that name it."""
    named: dict[str, set[str]] = {}
    for page in site.rglob("*.html"):
        for address in NAMED.findall(page.read_text(encoding="utf-8")):
            if "://" in address or address.startswith(("data:", "#")):
                continue
            path = _site_path(page, site, address.split("#")[0].split("?")[0])
            if (site / path).is_file():
                named.setdefault(path, set()).add(page.relative_to(site).as_posix())
    for manifest in site.rglob("manifest.webmanifest"):
        for entry in json.loads(manifest.read_text(encoding="utf-8"))["icons"]:
            path = _site_path(manifest, site, entry["src"])
            named.setdefault(path, set()).add(manifest.relative_to(site).as_posix())
    return named


def test_every_file_a_page_names_is_named_by_its_content_or_must_keep_its_address(built_site):
    named = _named_files(built_site)
    assert len(named) > 20  # the pages' stylesheets, scripts, icons, manifests: not an empty scan
    unhashed = {
        path: sorted(pages)[:3] for path, pages in named.items()
        if not (HASHED_FOLDER.search("/" + path) or HASHED_NAME.search(path))
        and path.split("/")[-1] not in FIXED and path not in FIXED
    }
    assert not unhashed, f"files named by pages without a content hash: {unhashed}"


def test_a_hash_in_a_name_is_the_hash_of_that_files_content(built_site):
    own = [path for path in _named_files(built_site)
           if path.startswith("assets/offline/") and HASHED_NAME.search(path)]
    assert len(own) >= 4  # the registering script and three icons
    for path in own:
        digest = hashlib.sha256((built_site / path).read_bytes()).hexdigest()[:8]
        assert HASHED_NAME.search(path)[1] == digest, path


def test_pages_load_the_sites_own_stylesheets_as_one_hashed_file_in_their_order(built_site):
    page = (built_site / "he" / "play" / "index.html").read_text(encoding="utf-8")
    stylesheets = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    ours = [href for href in stylesheets if "/assets/stylesheets/" in href and ".min.css" not in href]
    assert len(ours) == 1 and HASHED_FOLDER.search(ours[0]), stylesheets
    joined = (built_site / "he" / "play" / ours[0]).resolve().read_text(encoding="utf-8")
    docs = Path(__file__).resolve().parent.parent / "docs"
    parts = [assets.compact((docs / name).read_text(encoding="utf-8"), ".css")
             for name in ("assets/stylesheets/halfmoon.css", "assets/game/game.css",
                          "assets/stylesheets/winnability.css")]
    assert joined == "".join(parts)
    # No page links the separate copies any more, and the worker does not precache them.
    separate = ("assets/stylesheets/halfmoon.css", "assets/stylesheets/winnability.css", "game.css")
    for html in built_site.rglob("*.html"):
        links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', html.read_text(encoding="utf-8"))
        assert not [href for href in links if href.endswith(separate)], html
    precached = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", (built_site / "sw.js").read_text(
        encoding="utf-8"), re.S)[1])
    assert not [url for url in precached if url.endswith(separate)]
