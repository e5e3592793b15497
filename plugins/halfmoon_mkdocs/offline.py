"""The installable, offline game: web app manifests, icons and the service worker; and, last
of the build, the pre-compressed ``.br`` and ``.gz`` copies beside every text file.

A plugin of its own (``halfmoon-offline`` in ``mkdocs.yml``) so that it stays apart from
the page rendering. Every page links its language's manifest and loads its registering
script (``assets/offline/register.<hash>.js``), which registers the worker in a built site
and removes any worker under ``mkdocs serve`` (pages served there must never come from a cache).

The worker's cache name carries a hash of everything it precaches, so every build that
changes a file changes the worker, and the browser installs it as an update. The script and
the icons are published under their content's hash (``register.1a2b3c4d.js``), so a host may
cache them for ever; the worker and the manifests keep their addresses, which browsers
check for updates.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import posixpath
import re
from collections.abc import Callable, Iterable
from html import escape
from importlib import resources
from pathlib import Path
from typing import Protocol, runtime_checkable

import brotli
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.base import ValidationError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.pages import Page

from halfmoon import HalfMoonError, i18n

from .assets import hashed_name, superseded, write_file
from .catalogs import catalog_fault, checked_catalog
from .errors import SourceError
from .icons import BACKGROUND, SIZES, icon_png
from .site import RelativePath, language_prefix, page_language, search_languages, site_languages

WORKER = "sw.js"
ICONS = "assets/offline"  # the registering script and the icons
# What a player needs offline besides the Play pages: the theme, the game, the search.
# The verdict file is kept too: a Deal codes page read before looks deals up offline.
PRECACHE_PATTERNS = ("assets/**/*.css", "assets/**/*.js", "assets/**/*.json", "assets/images/*",
                     f"{ICONS}/*.png", "search/search_index.json", "*/search/search_index.json",
                     "**/manifest.webmanifest", "records/*.gz")
# Material ships stemmers for every language; only the site's own are fetched.
LUNR = "assets/javascripts/lunr/"
# The word segmenters Material's search worker loads before a language's lunr (its
# setupSearchLanguages): without its segmenter, a Japanese or Thai search fails offline.
SEGMENTERS = {"ja": "tinyseg.js", "hi": "wordcut.js", "th": "wordcut.js"}
NOTICE_KEYS = ("offline.update_ready", "offline.reload")
MANIFEST_KEYS = ("app.name", "app.short_name", "app.description")

log = get_plugin_logger(__name__)


COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


class Colour(c.Type[str]):
    """A colour for the browser's theme and splash screen, as a manifest takes it: #rgb or #rrggbb."""

    def __init__(self, default: str) -> None:
        super().__init__(str, default=default)

    def run_validation(self, value: object) -> str:
        text = super().run_validation(value)
        if not COLOUR.fullmatch(text):
            raise ValidationError(f"{text!r} is not a colour written #rgb or #rrggbb (such as "
                                  f"{BACKGROUND!r})")
        return text


class OfflineConfig(base.Config):
    """The offline plugin's options; a wrong one stops the build as a config error."""

    enabled = c.Type(bool, default=True)

    # Settings for the installed app: the page every language's app starts on (relative to
    # that language's root), and its colours.
    start_page = RelativePath("play/", within="each language's folder of the site")
    # The page a reader offline gets for a page this browser has not kept.
    offline_page = RelativePath("offline/", within="each language's folder of the site")
    theme_colour = Colour(BACKGROUND)
    background_colour = Colour("#ffffff")


class OfflinePlugin(BasePlugin[OfflineConfig]):
    def __init__(self) -> None:
        self.serving = False
        self._reported: set[str] = set()

    def texts(self, lang: str, keys: tuple[str, ...], config: MkDocsConfig) -> dict[str, str] | None:
        """The messages ``keys`` of ``lang``'s catalog, or None once the catalog's fault is logged
        as one ``file:line`` error (counted by --strict), as the rest of the plugin reports it."""
        try:
            messages = i18n.catalog(lang)
            return {key: messages.text(key) for key in keys}
        except (HalfMoonError, OSError) as error:
            try:
                checked_catalog(lang)
                problem = catalog_fault(lang, str(error))
            except SourceError as fault:
                problem = fault if fault.path else catalog_fault(lang, fault.message)
        build = _page_build(config)
        if build is not None:  # reported once with the page plugin's own errors
            build.report(problem, "")
            return None
        message = " ".join(str(problem).splitlines())
        if message not in self._reported:
            self._reported.add(message)
            log.error(message)
        return None

    def on_startup(self, *, command: str, dirty: bool) -> None:
        self.serving = command == "serve"

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if not self.config.enabled:
            return output
        lang = page_language(page, config)
        texts = self.texts(lang, NOTICE_KEYS, config)
        if texts is None:
            return output
        root = _relative_root(page.url)
        head = (
            f'<link rel="manifest" href="{root}{language_prefix(lang, config)}manifest.webmanifest">'
            f'<meta name="theme-color" content="{self.config.theme_colour}">'
            f'<link rel="apple-touch-icon" href="{root}{ICONS}/{icon(192)[0]}">'
        )
        notice = (
            '<div class="hm-update" role="status" hidden>'
            f'<span>{escape(texts["offline.update_ready"])}</span> '
            f'<button type="button">{escape(texts["offline.reload"])}</button></div>'
        )
        mode = "unregister" if self.serving else "register"
        script = (f'<script type="module" src="{root}{ICONS}/{register_script()[0]}" '
                  f'data-worker="{root}{WORKER}" data-mode="{mode}"></script>')
        output = output.replace("</head>", head + "</head>", 1)
        return output.replace("</body>", notice + script + "</body>", 1)

    # After mkdocs-static-i18n (-100) has built every language and merged the search
    # index: the last call sees the whole site.
    @event_priority(-200)
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:
            return
        site = Path(config.site_dir)
        for name, data in (register_script(), *(icon(size) for size in SIZES), icon(512, maskable=True)):
            write_file(site / ICONS / name, data)
        for lang in site_languages(config):
            prefix = language_prefix(lang, config)
            manifest = self.manifest(lang, prefix, config)
            if manifest is None:
                continue
            write_file(site / prefix / "manifest.webmanifest",
                       json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
        prefixes = [language_prefix(lang, config) for lang in site_languages(config)]
        start_pages = [prefix + self.config.start_page for prefix in prefixes]
        if self.serving:
            (site / WORKER).unlink(missing_ok=True)
        # mkdocs-static-i18n calls this once per language: the worker is written once
        # every language is there (and written again, the same or fuller, after that).
        elif all(_file_of(site, page).exists() for page in start_pages):
            # A site without an offline page still works offline; a page not kept then gets
            # the worker's one plain sentence.
            offline_pages = {prefix: prefix + self.config.offline_page for prefix in prefixes
                             if _file_of(site, prefix + self.config.offline_page).exists()}
            build = _page_build(config)
            unused = superseded(Path(config.docs_dir), build.stylesheets) if build else []
            write_worker(site, start_pages, search_languages(config), unused=unused,
                         offline_pages=offline_pages)
            # Last of every plugin's writing (this runs after them all): the .br and .gz copies.
            compress_site(site)

    def manifest(self, lang: str, prefix: str, config: MkDocsConfig) -> dict[str, object] | None:
        texts = self.texts(lang, MANIFEST_KEYS, config)
        if texts is None:
            return None
        up = "../" * prefix.count("/")
        return {
            "name": texts["app.name"],
            "short_name": texts["app.short_name"],
            "description": texts["app.description"],
            "lang": lang,
            "dir": i18n.text_direction(lang),
            "start_url": self.config.start_page,
            "scope": "./",
            "display": "standalone",
            "theme_color": self.config.theme_colour,
            "background_color": self.config.background_colour,
            "icons": [
                *({"src": f"{up}{ICONS}/{icon(size)[0]}", "sizes": f"{size}x{size}",
                   "type": "image/png", "purpose": "any"} for size in SIZES),
                {"src": f"{up}{ICONS}/{icon(512, maskable=True)[0]}", "sizes": "512x512",
                 "type": "image/png", "purpose": "maskable"},
            ],
        }


@runtime_checkable
class PageBuild(Protocol):
    """What this plugin uses of the ``halfmoon`` plugin's Build (build.py), which it does not
    import: the one place errors are reported, and the stylesheets joined under the hash."""

    stylesheets: list[str]

    def report(self, error: SourceError, where: str, *, offset: int = 0) -> str: ...


@runtime_checkable
class BuildingPlugin(Protocol):
    """The ``halfmoon`` plugin (plugin.py) as this one sees it: its Build while it builds."""

    build: PageBuild | None


def _page_build(config: MkDocsConfig) -> PageBuild | None:
    """The ``halfmoon`` plugin's Build of this site, when that plugin is there and building."""
    plugin = config.plugins.get("halfmoon")
    return plugin.build if isinstance(plugin, BuildingPlugin) else None


@functools.cache
def register_script() -> tuple[str, bytes]:
    """The script that registers the worker: its hashed name and its bytes."""
    data = _asset("register.js")
    return hashed_name("register.js", data), data


@functools.cache
def icon(size: int, *, maskable: bool = False) -> tuple[str, bytes]:
    """The app icon of ``size`` pixels: its hashed name and its PNG."""
    data = icon_png(size, maskable=maskable)
    return hashed_name(f"icon-{'maskable-' if maskable else ''}{size}.png", data), data


def write_worker(site: Path, start_pages: list[str], languages: list[str],
                 unused: Iterable[str] = (), offline_pages: dict[str, str] | None = None) -> str:
    """Write ``sw.js`` precaching ``start_pages``, the ``offline_pages`` (each language's
    folder with the page a reader offline gets there for a page not kept) and the assets they
    need, but not the ``unused`` files that no page asks for; returns its version."""
    offline_pages = offline_pages or {}
    urls = sorted({*start_pages, *offline_pages.values(), *_precached_files(site, languages)}
                  - set(unused))
    digest = hashlib.sha256()
    for url in urls:
        digest.update(url.encode() + b"\0")
        digest.update(_file_of(site, url).read_bytes())
    version = digest.hexdigest()[:16]
    worker = _asset("sw.js").decode().replace(
        "__VERSION__", version).replace("__PRECACHE__", json.dumps(urls, indent=1)).replace(
        "__OFFLINE_PAGES__", json.dumps(offline_pages, indent=1))
    write_file(site / WORKER, worker)
    return version


def _precached_files(site: Path, languages: list[str]) -> set[str]:
    found: set[str] = set()
    for pattern in PRECACHE_PATTERNS:
        for path in site.glob(pattern):
            url = path.relative_to(site).as_posix()
            if path.is_file() and (not url.startswith(LUNR) or _needed_stemmer(url, languages)):
                found.add(url)
    return found


def _needed_stemmer(url: str, languages: list[str]) -> bool:
    name = posixpath.basename(url)
    return name.startswith(("lunr.stemmer.support.", "lunr.multi.")) or any(
        name.startswith(f"lunr.{lang}.") or name == SEGMENTERS.get(lang) for lang in languages)


def _file_of(site: Path, url: str) -> Path:
    path = site / url
    return path / "index.html" if url.endswith("/") or path.is_dir() else path


# Pre-compressed copies beside the built files, for hosts that serve ``name.br`` or ``name.gz``
# themselves to a browser that accepts brotli or gzip: brotli at quality 10 (a little bigger than
# 11 over the site, in about a third of the time), gzip at level 9 with no name
# or time inside, so the same file always compresses to the same bytes. A copy that would not be
# smaller is not written, nor is a stale one left beside a file that changed; a copy newer than
# its file is kept as it is (the build calls this again once the last language is written). Only files
# whose own suffix is below are compressed: a file that is already compressed (the records'
# ``verdicts.gz``, a copy itself) gets no copy.
COMPRESSED = (".html", ".js", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".map")


def _brotli(data: bytes) -> bytes:
    return bytes(brotli.compress(data, quality=10))


def _gzip(data: bytes) -> bytes:
    return gzip.compress(data, compresslevel=9, mtime=0)


# Each copy's suffix and how it is made; a host picks the copy the browser accepts.
COPIES: dict[str, Callable[[bytes], bytes]] = {".br": _brotli, ".gz": _gzip}


def compress_site(site_dir: Path) -> int:
    """Write ``.br`` and ``.gz`` beside every text file of ``site_dir``; returns how many copies
    there are now."""
    copies = 0
    for path in sorted(site_dir.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSED:
            continue
        targets = {suffix: path.with_name(path.name + suffix) for suffix in COPIES}
        written = path.stat().st_mtime_ns
        if all(target.exists() and target.stat().st_mtime_ns >= written for target in targets.values()):
            copies += len(targets)
            continue
        data = path.read_bytes()
        for suffix, pack in COPIES.items():
            copies += _write_copy(targets[suffix], pack(data), len(data))
    return copies


def _write_copy(target: Path, packed: bytes, size: int) -> int:
    """Make ``packed`` the copy at ``target`` if it is smaller than the file's ``size`` (1: a copy
    is there, written now or already the same), else remove any copy there (0)."""
    if len(packed) >= size:
        target.unlink(missing_ok=True)
        return 0
    if not target.exists() or target.read_bytes() != packed:
        write_file(target, packed)
    return 1


def _relative_root(page_url: str) -> str:
    """The way from a page's URL (``he/play/``, ``index.html``…) back to the site root."""
    folder = page_url if page_url.endswith("/") else posixpath.dirname(page_url)
    depth = len([part for part in folder.split("/") if part])
    return "../" * depth or "./"


def _asset(name: str) -> bytes:
    return resources.files(__package__).joinpath("offline_assets", name).read_bytes()
