"""One whole build of the site (every language of it): what it reads, and what went wrong.

A ``Build`` is made fresh when a build starts, so every record, the solver's figures and
every catalog are read again: an edit is always seen, however quickly it follows the
last one. Within the build each of them is read, parsed and replayed once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from markupsafe import Markup
from mkdocs.plugins import get_plugin_logger
from mkdocs.utils.meta import get_data

from halfmoon import HalfMoonError, i18n
from halfmoon.errors import shown_path

from . import assets
from .catalogs import catalog_fault, checked_catalog, published
from .context import Context
from .errors import SourceError
from .examples import ExampleLoader
from .page import render_markdown
from .stats import Stats
from .strategy import StrategyFigures
from .words import Writer

log = get_plugin_logger(__name__)

# The theme's footer line, "Made with Material for MkDocs", in the page's language: Material's
# partials/copyright.html hard-codes the English words; our override of it
# (overrides/partials/copyright.html) shows this line instead. The catalog gives the text; the
# link to Material is markup built here.
GENERATOR_KEY = "docs.footer.generator"
MATERIAL_NAME = "Material for MkDocs"
MATERIAL_URL = "https://squidfunk.github.io/mkdocs-material/"


@dataclass(frozen=True)
class PageSource:
    """Where a page's Markdown comes from: its file as the author names it, and how many
    lines of front matter MkDocs took off before the plugin sees the Markdown."""

    path: str
    offset: int = 0

    @classmethod
    def read(cls, abs_path: str | None, src_uri: str, project_dir: Path) -> PageSource:
        if not abs_path:
            return cls(src_uri)
        shown = shown_path(abs_path, project_dir)
        try:
            text = Path(abs_path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            return cls(shown)
        return cls(shown, front_matter_lines(text))


def front_matter_lines(source: str) -> int:
    """How many lines MkDocs strips from the top of ``source`` as its meta-data."""
    source = source.replace("\r\n", "\n").replace("\r", "\n")
    body, _ = get_data(source)
    return source.count("\n") - body.count("\n") if source.endswith(body) else 0


class Build:
    """Games, figures and catalogs as read for this build, and the errors reported."""

    def __init__(self, docs_dir: Path, project_dir: Path, default_record: str,
                 stats_file: str, strategy_file: str = "records/strategy.json", *,
                 verdicts_file: str | None = None, lost_file: str | None = None,
                 palette: str = "two", extra_css: Iterable[str] = ()) -> None:
        i18n.catalog.cache_clear()  # the catalogs, as they are now
        self.project_dir = project_dir
        self.loader = ExampleLoader(docs_dir, project_dir)
        # The verdict file and the lost deals' file are held to the figures (Stats.check_published).
        self.stats = Stats(docs_dir / stats_file,
                           verdicts=None if verdicts_file is None else docs_dir / verdicts_file,
                           lost=None if lost_file is None else docs_dir / lost_file)
        self.strategy = StrategyFigures(docs_dir / strategy_file)
        self.default_record = default_record
        self.palette = palette  # the diagrams' suit colours for a reader who has chosen none
        self.errors: dict[str, None] = {}  # each line reported, in order
        self._checked: dict[str, SourceError | None] = {}
        # The game's files and catalogs, published once under one content hash.
        self.catalogs, broken = published(i18n.available_languages())
        self.stylesheets = assets.own_stylesheets(docs_dir, extra_css)  # joined into one, hashed
        self.asset_version = assets.asset_version(docs_dir, self.catalogs, self.stylesheets)
        self.preloaded_modules = assets.preloaded_modules(docs_dir)  # for the Play page's <head>
        self._generator_lines: dict[str, str] = {}
        for error in broken:
            self.report(error, "")

    def render_page(self, markdown: str, lang: str, source: PageSource,
                    files: dict[str, str] | None = None) -> tuple[str, dict[str, str]]:
        """The page's Markdown with its inserts and block placeholders, and the blocks' HTML."""
        broken = self._catalog_problem(lang)
        if broken is not None:
            return markdown + self.report(broken, source.path), {}
        context = Context(self.loader, self.default_record, self.stats, lang, files or {},
                          strategy=self.strategy, palette=self.palette)
        rendered = render_markdown(markdown, context)
        shown = [self.report(error, source.path, offset=source.offset) for error in rendered.errors]
        more = rendered.errors.more_line()
        if more is not None:
            shown.append(self.report(more, source.path))
        return rendered.markdown + "".join(shown), rendered.slots

    def generator_line(self, lang: str) -> str:
        """The theme footer's "Made with…" in ``lang``. If the catalog cannot give it, the line
        is left out and one error names the catalog (every page shares the line, written once
        a build for each language)."""
        if lang not in self._generator_lines:
            self._generator_lines[lang] = self._generator_line(lang)
        return self._generator_lines[lang]

    def _generator_line(self, lang: str) -> str:
        problem = self._catalog_problem(lang)
        if problem is None:
            try:
                return generator_line(lang)
            except (SourceError, HalfMoonError) as error:
                problem = SourceError(f"{error} (the footer of every page)")
        self.report(problem if problem.path else catalog_fault(lang, problem.message), "")
        return ""

    def print_address(self, lang: str, path: str) -> str:
        """The printed page's "This page online: …" line (shown in print only), or "" when
        the catalog cannot give it: a catalog that cannot be read is the footer's error, a
        message of its own that cannot be filled is reported here (each line once a build)."""
        if self._catalog_problem(lang) is not None:
            return ""
        try:
            return print_address_line(lang, path)
        except (SourceError, HalfMoonError) as error:
            self.report(catalog_fault(lang, f"{error} (the printed page's address)"), "")
            return ""

    def _catalog_problem(self, lang: str) -> SourceError | None:
        """Why the catalog of ``lang`` cannot be used, or None (checked once a build)."""
        if lang not in self._checked:
            try:
                checked_catalog(lang)
                self._checked[lang] = None
            except SourceError as error:
                self._checked[lang] = error
        return self._checked[lang]

    def report(self, error: SourceError, where: str, *, offset: int = 0) -> str:
        """Log ``file:line: what`` (counted by ``--strict``); the same as HTML for the page.

        ``where`` is the page; an error about another file (a catalog) names that file. The
        same line is logged once a build, however many languages or pages meet it.
        """
        if error.path is not None:
            message = str(error)
        elif error.line is not None:
            message = f"{where}:{error.line + offset}: {error.message}"
        else:
            message = f"{where}: {error.message}"
        message = " ".join(message.splitlines())
        if message not in self.errors:
            self.errors[message] = None
            log.error(message)
        return f'\n\n<p class="hm-error"><strong>Half Moon:</strong> {escape(message)}</p>\n'


def generator_line(lang: str) -> Markup:
    """The catalog's sentence with its ``{tool}`` a link to Material (isolated on RTL pages)."""
    writer = Writer(lang, html=True)
    link = (f'<a href="{MATERIAL_URL}" target="_blank" rel="noopener">'
            f"{writer.insert(MATERIAL_NAME)}</a>")
    return Markup(writer.text(GENERATOR_KEY, tool=link))


PRINT_ADDRESS_KEY = "docs.print.address"


def print_address_line(lang: str, path: str) -> str:
    """A paper copy says where the page lives. The site has no ``site_url``, so the build
    writes the page's path and the page's script puts its whole address in its place
    (``data-hm-address``, read by boot.js)."""
    writer = Writer(lang, html=True)
    address = f'<bdi dir="ltr" data-hm-address>{escape(path)}</bdi>'
    return f'<p class="hm-print-address">{writer.text(PRINT_ADDRESS_KEY, address=address)}</p>'
