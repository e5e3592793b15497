"""The installable, offline game: manifests, icons, the service worker, the compressed copies.

The worker at work in Chromium, with the server stopped: test_offline_browser.py.
"""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import brotli
import pytest
from halfmoon_mkdocs import offline
from halfmoon_mkdocs.icons import BACKGROUND, icon_png
from halfmoon_mkdocs.offline import COMPRESSED, COPIES, OfflinePlugin, write_worker
from PIL import Image

from halfmoon.i18n import catalog

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = "HM1-N-AAAAAAB"


def site_languages() -> list[str]:
    """The languages mkdocs.yml builds, default first, read from the file itself."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    return re.findall(r"^\s*- locale: (\S+)", text, flags=re.M)


def prefix(lang: str) -> str:
    return "" if lang == site_languages()[0] else f"{lang}/"


# --- icons ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [192, 512])
def test_icons_are_drawn_at_their_size(size):
    image = Image.open(io.BytesIO(icon_png(size)))
    assert image.size == (size, size)


def test_the_maskable_icon_fills_its_square_and_the_plain_one_has_round_corners():
    maskable = Image.open(io.BytesIO(icon_png(192, maskable=True))).convert("RGBA")
    plain = Image.open(io.BytesIO(icon_png(192))).convert("RGBA")
    indigo = tuple(int(BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    assert maskable.getpixel((0, 0))[:3] == indigo and maskable.getpixel((0, 0))[3] == 255
    assert plain.getpixel((0, 0))[3] == 0
    assert plain.getpixel((96, 2))[:3] == indigo


def test_the_maskable_icon_keeps_its_artwork_inside_the_safe_circle():
    """Launchers may crop a maskable icon to the circle of 80 % of its side."""
    image = Image.open(io.BytesIO(icon_png(200, maskable=True))).convert("RGB")
    indigo = tuple(int(BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    for x in range(200):
        for y in range(200):
            if (x - 99.5) ** 2 + (y - 99.5) ** 2 > 80 ** 2:
                assert image.getpixel((x, y)) == indigo, (x, y)


# --- the pages' links and the serve mode ----------------------------------------------------


def _page(url: str, lang: str) -> SimpleNamespace:
    return SimpleNamespace(url=url, file=SimpleNamespace(locale=lang))


def _config() -> SimpleNamespace:
    return SimpleNamespace(plugins={}, theme={"language": "en"})


@pytest.mark.parametrize("command, mode", [("build", "register"), ("serve", "unregister")])
def test_built_pages_register_the_worker_and_served_pages_remove_it(command, mode):
    plugin = OfflinePlugin()
    plugin.load_config({})
    plugin.on_startup(command=command, dirty=False)
    html = plugin.on_post_page("<html><head></head><body><p>x</p></body></html>",
                               page=_page("play/", "en"), config=_config())
    assert f'data-mode="{mode}"' in html
    assert 'data-worker="../sw.js"' in html
    assert re.search(r'src="\.\./assets/offline/register\.[0-9a-f]{8}\.js"', html)
    assert '<link rel="manifest" href="../manifest.webmanifest">' in html
    assert catalog("en").text("offline.update_ready") in html


def test_the_worker_version_follows_every_precached_file(tmp_path):
    (tmp_path / "play").mkdir()
    (tmp_path / "play" / "index.html").write_text("<h1>Play</h1>")
    (tmp_path / "assets" / "game").mkdir(parents=True)
    module = tmp_path / "assets" / "game" / "app.js"
    module.write_text("export const a = 1;")
    first = write_worker(tmp_path, ["play/"], [])
    assert write_worker(tmp_path, ["play/"], []) == first
    worker = (tmp_path / "sw.js").read_text()
    assert f'const VERSION = "{first}";' in worker
    assert '"assets/game/app.js"' in worker and '"play/"' in worker
    module.write_text("export const a = 2;")
    assert write_worker(tmp_path, ["play/"], []) != first


# --- the built site -------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("lang", site_languages())
def test_every_language_has_a_valid_manifest_with_its_icons(built_site, lang):
    manifest_path = built_site / prefix(lang) / "manifest.webmanifest"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    texts = catalog(lang)
    assert manifest["name"] == texts.text("app.name")
    assert manifest["short_name"] == texts.text("app.short_name")
    assert len(manifest["short_name"]) <= 12  # what a home screen shows under the icon
    assert manifest["lang"] == lang and manifest["dir"] == texts.direction
    assert manifest["display"] == "standalone"
    assert (manifest_path.parent / manifest["start_url"] / "index.html").is_file()
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    purposes = set()
    for icon in manifest["icons"]:
        image = Image.open(manifest_path.parent / icon["src"])
        assert f"{image.width}x{image.height}" == icon["sizes"] and icon["type"] == "image/png"
        purposes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= purposes


@pytest.mark.slow
def test_every_page_links_its_language_manifest_and_the_worker(built_site):
    pages = list(built_site.rglob("index.html"))
    assert len(pages) >= 4 * len(site_languages())
    for page in pages:
        html = page.read_text(encoding="utf-8")
        link = re.search(r'<link rel="manifest" href="([^"]+)">', html)
        assert link, page
        manifest = json.loads((page.parent / link.group(1)).read_text(encoding="utf-8"))
        lang = re.search(r'<html lang="([^"]+)"', html).group(1)
        assert manifest["lang"] == lang, page
        worker = re.search(r'data-worker="([^"]+)" data-mode="register"', html)
        assert worker and (page.parent / worker.group(1)).resolve() == (built_site / "sw.js").resolve()


@pytest.mark.slow
def test_the_worker_precaches_every_play_page_and_only_files_that_exist(built_site):
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, flags=re.S).group(1))
    offline_pages = json.loads(re.search(r"const OFFLINE_PAGES = (\{.*?\});", worker, flags=re.S).group(1))
    assert offline_pages == {prefix(lang): f"{prefix(lang)}offline/" for lang in site_languages()}
    for lang in site_languages():
        assert f"{prefix(lang)}play/" in urls
        assert f"{prefix(lang)}offline/" in urls  # what a reader offline gets for a page not kept
        assert any(url.endswith(f"catalogs/{lang}.json") for url in urls)
    assert "records/verdicts.gz" in urls  # a Deal codes page read before looks deals up offline
    for url in urls:
        assert (built_site / url / "index.html" if url.endswith("/") else built_site / url).is_file()
    game = [url for url in urls if url.startswith("assets/game/")]
    assert game and all(re.fullmatch(r"assets/game/[0-9a-f]{12}/[\w.]+", url) for url in game)
    # The solver is not on the Play page, but a feature may ask for it offline.
    assert {"solver.js", "solver_worker.js", "solver_client.js"} <= {url.rsplit("/", 1)[1] for url in game}
    play = (built_site / "play" / "index.html").read_text(encoding="utf-8")
    boot = re.search(r'src="[./]*(assets/game/[^"]+/boot\.js)"', play).group(1)
    assert boot in urls
    assert any(re.match(r"assets/stylesheets/main\..*\.css", url) for url in urls)


def scripts_material_loads_for(lang: str, site: Path) -> list[str]:
    """What Material's search worker imports for an index naming ``lang``, read from the
    worker itself (its switch of segmenters, then the language's lunr)."""
    worker = next((site / "assets/javascripts/workers").glob("search.*.min.js"))
    switch = re.search(r"switch\(\w+\)\{(case.*?)\}\w+!==\"en\"", worker.read_text("utf-8"))
    assert switch, "Material's worker no longer reads as this test expects"
    scripts = []
    for branch in switch.group(1).split("break;"):
        if f'case"{lang}":' in branch:
            scripts += re.findall(r"\}/([\w.]+\.js)`", branch)
    if lang != "en":
        scripts += ["min/lunr.stemmer.support.min.js", f"min/lunr.{lang}.min.js"]
    return ["assets/javascripts/lunr/" + script for script in scripts]


def test_the_worker_precaches_what_each_languages_search_loads(built_site):
    """Every language's index, its stemmer and its word segmenter (tinyseg.js for
    Japanese): search works offline in every language."""
    worker = (built_site / "sw.js").read_text(encoding="utf-8")
    urls = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", worker, flags=re.S).group(1))
    segmenters = set()
    for lang in site_languages():
        index = f"{prefix(lang)}search/search_index.json"
        assert index in urls
        for name in json.loads((built_site / index).read_text("utf-8"))["config"]["lang"]:
            needed = scripts_material_loads_for(name, built_site)
            assert set(needed) <= set(urls), (lang, set(needed) - set(urls))
            segmenters.update(url for url in needed if "/min/" not in url)
    if "ja" in site_languages():
        assert segmenters


# --- the pre-compressed copies -------------------------------------------------------------

UNPACK = {".br": brotli.decompress, ".gz": gzip.decompress}
PROSE = "".join(f"<p>Deal {n}: the moon rises over pile {n % 13}, card {n % 7}.</p>\n" for n in range(300))


def site_texts(site: Path) -> list[Path]:
    return sorted(path for path in site.rglob("*") if path.is_file() and path.suffix in COMPRESSED)


def test_every_text_file_of_the_site_has_its_brotli_and_gzip_copies_beside_it(built_site):
    """For hosts that serve name.br or name.gz: the same bytes as the file, and smaller."""
    assert set(UNPACK) == set(COPIES)
    texts = site_texts(built_site)
    for suffix, pack in COPIES.items():
        copies = [path.with_name(path.name + suffix) for path in texts]
        assert any(copy.exists() for copy in copies)
        for path, copy in zip(texts, copies):
            if copy.exists():
                assert UNPACK[suffix](copy.read_bytes()) == path.read_bytes(), copy
                assert copy.stat().st_size < path.stat().st_size, copy
            else:  # written only where it saves bytes
                assert len(pack(path.read_bytes())) >= path.stat().st_size, copy
        for name in ("play/index.html", "he/search/search_index.json", "sw.js"):
            assert (built_site / (name + suffix)).exists(), name + suffix


def test_every_copy_has_its_file_and_no_copy_or_data_file_is_compressed_again(built_site):
    """records/verdicts.gz is the lookup's data, gzip of its own: it is published as it is."""
    copies = [path for path in built_site.rglob("*") if path.suffix in COPIES]
    assert (built_site / "records" / "verdicts.gz") in copies
    assert [copy for copy in copies if not copy.with_suffix("").is_file()] == [
        built_site / "records" / "verdicts.gz"]  # a renamed bundle's copies go with it
    assert [copy for copy in copies if copy.with_suffix("").suffix in COPIES] == []


def test_the_brotli_copy_is_smaller_than_the_gzip_one_for_every_big_file(built_site):
    """Brotli is worth sending: every file of 10 KB or more (pages, the bundle, the indexes)."""
    big = [path for path in site_texts(built_site) if path.stat().st_size >= 10 * 1024]
    names = {path.relative_to(built_site).as_posix() for path in big}
    assert {"play/index.html", "he/play/index.html", "he/search/search_index.json"} <= names
    assert any(name.startswith("assets/javascripts/bundle.") and name.endswith(".min.js") for name in names)
    sizes = {path: [path.with_name(path.name + suffix).stat().st_size for suffix in (".br", ".gz")]
             for path in big}
    assert [(path, br, gz) for path, (br, gz) in sizes.items() if br >= gz] == []


def test_copies_are_the_same_bytes_every_build_and_unchanged_ones_are_not_written_again(tmp_path,
                                                                                       monkeypatch):
    for folder in ("one", "two"):
        (tmp_path / folder / "play").mkdir(parents=True)
        (tmp_path / folder / "play" / "index.html").write_text(PROSE, encoding="utf-8")
        (tmp_path / folder / "sw.js").write_text(PROSE.replace("<p>", "// "), encoding="utf-8")
        assert offline.compress_site(tmp_path / folder) == 4
    files = {path.relative_to(tmp_path / "one"): path.read_bytes()
             for path in (tmp_path / "one").rglob("*") if path.is_file()}
    assert {path.as_posix() for path in files} == {
        "play/index.html", "play/index.html.br", "play/index.html.gz", "sw.js", "sw.js.br", "sw.js.gz"}
    assert all((tmp_path / "two" / path).read_bytes() == data for path, data in files.items())
    written: list[Path] = []
    monkeypatch.setattr(offline, "write_file", lambda path, data: written.append(path))
    assert offline.compress_site(tmp_path / "one") == 4  # a rebuild: the same copies, kept
    assert written == []


def test_a_file_that_shrinks_loses_its_copies_and_one_that_changes_gets_new_ones(tmp_path):
    page = tmp_path / "index.html"
    page.write_text(PROSE, encoding="utf-8")
    (tmp_path / "records").mkdir()
    verdicts = tmp_path / "records" / "verdicts.gz"
    verdicts.write_bytes(gzip.compress(PROSE.encode(), mtime=0))
    assert offline.compress_site(tmp_path) == 2

    page.write_text("<p>", encoding="utf-8")  # no copy of 3 bytes is smaller
    assert offline.compress_site(tmp_path) == 0
    assert sorted(path.name for path in tmp_path.rglob("*") if path.is_file()) == ["index.html",
                                                                                   "verdicts.gz"]
    for text in (PROSE * 2, PROSE.upper()):  # it grows, then changes
        page.write_text(text, encoding="utf-8")
        assert offline.compress_site(tmp_path) == 2
        for suffix, unpack in UNPACK.items():
            assert unpack(page.with_name("index.html" + suffix).read_bytes()) == text.encode()
    assert verdicts.read_bytes() == gzip.compress(PROSE.encode(), mtime=0)
    assert sorted(path.name for path in verdicts.parent.iterdir()) == ["verdicts.gz"]
