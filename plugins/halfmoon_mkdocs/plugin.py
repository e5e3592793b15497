"""MkDocs events wired to the Half Moon renderers: the plugin itself holds no logic.

mkdocs-static-i18n builds the site once per language and runs every event each time, so
``on_config`` is idempotent and the language is read from each page, never once.
"""

from __future__ import annotations

import json
import os
from html import escape
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

from halfmoon import i18n

from . import assets
from .blocks import Block, segments
from .cache import RenderCache, digest
from .config import HalfMoonConfig
from .errors import SourceError
from .examples import ExampleLoader
from .inline import InsertContext, replace_inserts
from .render import example_of, figure_html, moves_table_html, resolve_diagram, stepper_html
from .search import add_search_languages
from .stats import Stats
from .words import Writer

log = get_plugin_logger(__name__)


class HalfMoonPlugin(BasePlugin[HalfMoonConfig]):
    def __init__(self) -> None:
        self.cache = RenderCache()
        self.loader: ExampleLoader | None = None
        self.stats: Stats | None = None
        self._slots: dict[str, dict[str, str]] = {}
        self._stamp = ""
        self._catalogs: dict[str, bytes] = {}
        self._version = ""
        self.errors: list[str] = []

    # on_startup keeps this instance (and its cache) across `mkdocs serve` rebuilds.
    def on_startup(self, *, command: str, dirty: bool) -> None:
        pass

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        docs_dir = Path(config.docs_dir)
        if self.loader is None or self.loader.docs_dir != docs_dir:
            self.loader = ExampleLoader(docs_dir)
        self.stats = Stats(docs_dir / self.config.stats_file)
        self.cache.enabled = self.config.cache
        if self.config.search_languages:
            add_search_languages(config)
        return config

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        i18n_plugin = config.plugins.get("i18n")
        if not getattr(i18n_plugin, "building", False):  # first language of a whole build
            i18n.catalog.cache_clear()
            self.cache.start_build()
            self.errors = []
            self._stamp = _render_stamp()
            self._catalogs = _published_catalogs()
            self._version = assets.asset_version(Path(config.docs_dir), self._catalogs)

    def on_serve(self, server, *, config: MkDocsConfig, builder):  # type: ignore[no-untyped-def]
        docs_dir = Path(config.docs_dir).resolve()
        for path in (docs_dir / self.config.records_dir, i18n.catalog_dir()):
            if path.exists() and not path.resolve().is_relative_to(docs_dir):
                server.watch(str(path))
        return server

    # --- pages ------------------------------------------------------------------------

    def on_page_markdown(
        self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        lang = page_language(page, config)
        writer = Writer(lang, html=True)
        assert self.loader is not None and self.stats is not None
        context = InsertContext(self.loader, self.config.example_record, self.stats)
        slots: dict[str, str] = {}
        pieces: list[str] = []
        try:
            for segment in segments(markdown):
                if segment.kind == "prose":
                    pieces.append(self._prose(segment.text, segment.first_line, writer, context,
                                              page, config))
                elif segment.kind == "code":
                    pieces.append(segment.text)
                else:
                    assert segment.block is not None
                    token = f"hm-slot-{len(slots) + 1}"
                    slots[token] = self._block(segment.block, lang, context, token, page, config)
                    pieces.append(f'\n<div data-hm-slot="{token}"></div>\n\n')
        except SourceError as error:  # an unclosed fence: the page cannot be read further
            return markdown + self._fail(error, page, config)
        self._slots[_page_key(page, lang)] = slots
        return "".join(pieces)

    def on_page_content(
        self, html: str, *, page: Page, config: MkDocsConfig, files: Files
    ) -> str:
        slots = self._slots.pop(_page_key(page, page_language(page, config)), {})
        for token, rendered in slots.items():
            html = html.replace(f'<div data-hm-slot="{token}"></div>', rendered, 1)
        return html

    def _prose(self, text: str, first_line: int, writer: Writer, context: InsertContext,
               page: Page, config: MkDocsConfig) -> str:
        try:
            return replace_inserts(text, first_line, writer, context)
        except SourceError as error:
            return text + self._fail(error, page, config)

    def _block(self, block: Block, lang: str, context: InsertContext, token: str,
               page: Page, config: MkDocsConfig) -> str:
        try:
            assert self.loader is not None
            example = example_of(block, self.loader)
            source = (self.loader.record_text(block.options["record"])
                      if "record" in block.options else repr(sorted(block.options.items())))
            key = (block.kind, lang, digest(source), tuple(sorted(block.options.items())),
                   token, self._stamp)
            if block.kind == "halfmoon-moves":
                return self.cache.get(key, lambda: moves_table_html(example, lang))
            if block.kind == "halfmoon-stepper":
                return stepper_html(example, lang)
            diagram = resolve_diagram(block, self.loader)
            prefix = f"hm{token.rsplit('-', 1)[1]}"
            return self.cache.get(key, lambda: figure_html(
                diagram, lang, context, id_prefix=prefix, line=block.line_of("caption")))
        except SourceError as error:
            return self._fail(error.at(block.line), page, config)

    def _fail(self, error: SourceError, page: Page, config: MkDocsConfig) -> str:
        where = _relative_source(page, config)
        message = f"{where}:{error.line}: {error.message}" if error.line else f"{where}: {error}"
        self.errors.append(message)
        log.error(message)  # counted by --strict (even with -q), which then fails the build
        return f'\n<p class="hm-error"><strong>Half Moon:</strong> {escape(message)}</p>\n'

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Point the page at this build's content-hashed game files and catalogs."""
        return assets.point_page(output, self.config.catalogs_path, self._version)

    # --- site -------------------------------------------------------------------------

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Publish the game's files and catalogs under their hash (every build, never by hand)."""
        assets.publish(Path(config.site_dir), Path(config.docs_dir), self.config.catalogs_path,
                       self._version, self._catalogs)


def page_language(page: Page, config: MkDocsConfig) -> str:
    """The language of a page: its i18n folder, else the theme's language, else English."""
    lang = getattr(page.file, "locale", None) or config.theme.get("language") or "en"
    return lang.replace("-", "_").split("_")[0]


def _page_key(page: Page, lang: str) -> str:
    return f"{lang}:{page.file.src_uri}"


def _relative_source(page: Page, config: MkDocsConfig) -> str:
    path = page.file.abs_src_path or page.file.src_uri
    base = os.path.dirname(config.config_file_path or "") or os.getcwd()
    try:
        return os.path.relpath(path, base)
    except ValueError:
        return path


def _published_catalogs() -> dict[str, bytes]:
    """Each catalog as the browser game receives it (checked by load_messages)."""
    return {
        lang: (json.dumps(i18n.load_messages(i18n.catalog_dir() / f"{lang}.json"),
                          ensure_ascii=False, indent=1) + "\n").encode()
        for lang in i18n.available_languages()
    }


def _render_stamp() -> str:
    """Changes whenever the catalogs or the engine's code change (cache key part)."""
    import halfmoon

    package = Path(halfmoon.__file__).parent
    parts = [path.read_bytes() for path in sorted(i18n.catalog_dir().glob("*.json"))]
    parts += [path.read_bytes() for path in sorted(package.rglob("*.py"))]
    return digest(*parts)
