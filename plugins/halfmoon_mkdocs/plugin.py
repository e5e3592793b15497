"""MkDocs events wired to the Half Moon renderers: the plugin itself holds no logic.

mkdocs-static-i18n builds the first language, then the others from its own
``on_post_build``, each time running every event. A whole build therefore starts at the
outermost ``on_pre_build`` and ends at the outermost ``on_post_build``, which runs after
static-i18n's (``event_priority``), once every language is built.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url
from mkdocs.utils.templates import TemplateContext

from halfmoon import HalfMoonError, i18n, typography

from . import assets
from .build import Build, PageSource
from .catalogs import catalog_fault, checked_catalog
from .errors import SourceError
from .page import fill_slots, focusable_code_blocks, game_anchors, keep_codes_whole
from .search import defer_search, point_search_at_language, split_search_index
from .site import (
    RelativePath,
    add_search_languages,
    default_language,
    language_prefixes,
    page_language,
    site_language,
)
from .tables import box_tables
from .theme import (
    configure_language,
    keep_no_break_spaces,
    not_found_html,
    not_found_title,
    search_counts,
    text_of,
)

# The footer's "Made with Material for MkDocs" in the page's language, for copyright.html.
GENERATOR_LINE = "halfmoon_generator_line"
# The 404 page's sections, one per language, for overrides/404.html.
NOT_FOUND = "halfmoon_not_found"
# The 404 page's title in the language built, for overrides/404.html.
NOT_FOUND_TITLE = "halfmoon_not_found_title"
# The search's counts in the page's language, for overrides/partials/search.html.
SEARCH_COUNTS = "halfmoon_search_counts"
# What joins a page's title to the site's name in the language (overrides/main.html).
TITLE_SEPARATOR = "halfmoon_title_separator"
LABEL_SEPARATOR = "halfmoon_label_separator"
AFTER_I18N = -110  # mkdocs-static-i18n runs its per-language work at priority -100


class HalfMoonConfig(base.Config):
    """The plugin's options in ``mkdocs.yml``; a wrong one stops the build as a config error."""

    enabled = c.Type(bool, default=True)

    # Settings for the pages' sources, all relative to docs_dir:
    # the record the {{hm …}} inserts use when they name none;
    example_record = RelativePath("records/HM1-N-AAAAAAB.txt", within="docs_dir")
    # where records live (watched by `mkdocs serve`);
    records_dir = RelativePath("records", within="docs_dir")
    # the solver's measured figures, for {{hm stat …}};
    stats_file = RelativePath("records/winnability.json", within="docs_dir")
    # the strategy run's figures (halfmoon strategy --merge), for the Strategy page;
    strategy_file = RelativePath("records/strategy.json", within="docs_dir")
    # the solver's verdict of each deal (halfmoon stats --verdicts), for the lookup block;
    verdicts_file = RelativePath("records/verdicts.gz", within="docs_dir")
    # the lost deals' codes (halfmoon stats --lost), for {{hm lost_list}}.
    lost_file = RelativePath("records/lost-deals.txt", within="docs_dir")

    # Settings for the built site: where the catalogs are published, for the browser game.
    catalogs_path = RelativePath("assets/halfmoon/catalogs", within="the built site")

    # Settings for the diagrams: their suit colours, "two" (red and black) or "four" (the
    # four-colour deck: diamonds blue, clubs green), for a reader who has not chosen: the game's
    # Four-colour deck setting, once set, is every page's (halfmoon.css, overrides/main.html).
    palette = c.Choice(("two", "four"), default="two")

    # Settings for search: give the search plugin every catalog language Material's lunr
    # knows (Hebrew too).
    search_languages = c.Type(bool, default=True)


class HalfMoonPlugin(BasePlugin[HalfMoonConfig]):
    def __init__(self) -> None:
        self.build: Build | None = None
        self._depth = 0  # nesting of builds: static-i18n builds languages inside a build
        self._slots: dict[str, dict[str, str]] = {}
        self._not_found: str | None = None  # the default language's 404.html
        self._theme_problem: SourceError | None = None  # a catalog without the theme's words

    @event_priority(AFTER_I18N)  # static-i18n has set this language's search options
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        if self.config.enabled and self.config.search_languages:
            add_search_languages(config)
        if self.config.enabled:  # the permalink title and site description of this language
            if self._depth == 0:
                i18n.catalog.cache_clear()  # the catalogs as they are now (mkdocs serve)
            self._theme_problem = configure_language(config, site_language(config))
        return config

    def on_env(self, env, *, config: MkDocsConfig, files: Files):  # type: ignore[no-untyped-def]
        """The templates' ``text_of`` filter (theme.text_of): a heading's text that keeps its
        no-break spaces, for the table of contents' labels and the page's title."""
        env.filters["text_of"] = text_of
        return env

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        if not self.config.enabled:  # every other event then leaves the site as MkDocs makes it
            return
        if self._depth == 0:
            self.build = Build(Path(config.docs_dir), _project_dir(config),
                               self.config.example_record, self.config.stats_file,
                               self.config.strategy_file, verdicts_file=self.config.verdicts_file,
                               lost_file=self.config.lost_file, palette=self.config.palette,
                               extra_css=[str(name) for name in config.extra_css])
        self._depth += 1
        if self._theme_problem is not None and self.build is not None:
            self.build.report(self._theme_problem, "")

    def on_serve(self, server, *, config: MkDocsConfig, builder):  # type: ignore[no-untyped-def]
        if not self.config.enabled:
            return server
        docs_dir = Path(config.docs_dir).resolve()
        stats = (docs_dir / self.config.stats_file).parent
        for path in (docs_dir / self.config.records_dir, stats, i18n.catalog_dir()):
            if path.exists() and not path.resolve().is_relative_to(docs_dir):
                server.watch(str(path))
        return server

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str:
        if not self.config.enabled:
            return markdown
        assert self.build is not None
        source = PageSource.read(page.file.abs_src_path, page.file.src_uri, self.build.project_dir)
        lang = page_language(page, config)
        # Addresses from the page, not Markdown links: static-i18n's other languages do not
        # list the shared records among their files, so MkDocs could not resolve those.
        published = {"verdicts": get_relative_url(self.config.verdicts_file, page.url),
                     "lost": get_relative_url(self.config.lost_file, page.url)}
        markdown, self._slots[_page_key(page, lang)] = self.build.render_page(markdown, lang,
                                                                              source, published)
        return markdown

    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str:
        if not self.config.enabled:
            return html
        html = fill_slots(html, self._slots.pop(_page_key(page, page_language(page, config)), {}))
        page.present_anchor_ids = game_anchors(html, page.present_anchor_ids)  # deal links
        keep_no_break_spaces(page.toc, html)
        return box_tables(focusable_code_blocks(keep_codes_whole(html)))

    def on_page_context(self, context: TemplateContext, *, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        """The footer's generator line in the page's language (static-i18n builds each
        language in turn, so the language is read here, page by page)."""
        if not self.config.enabled:
            return context
        assert self.build is not None
        lang = page_language(page, config)
        try:
            cast(dict[str, object], context)[SEARCH_COUNTS] = search_counts(checked_catalog(lang))
        except SourceError:
            pass  # a catalog that cannot be read is reported with the page's own text
        except HalfMoonError as error:
            self.build.report(catalog_fault(lang, f"{error} (the search's counts)"), "")
        return _with_generator_line(context, self.build.generator_line(lang), lang)

    def on_template_context(self, context: TemplateContext, *, template_name: str,
                            config: MkDocsConfig) -> TemplateContext:
        """The same for the pages that are only a template, such as 404.html; and 404.html's
        sections, one per language (written once, by the default language's build)."""
        if not self.config.enabled:
            return context
        assert self.build is not None
        if template_name == "404.html":
            languages = language_prefixes(config)
            first = default_language(config)
            if self._depth == 1:  # the root page: every language, each sent to its own page
                ordered = {first: languages.pop(first, ""), **languages}
            else:  # this language's own page
                lang = site_language(config)
                ordered = {lang: languages.get(lang, f"{lang}/")}
            try:
                cast(dict[str, object], context)[NOT_FOUND] = not_found_html(
                    ordered, str(context.get("base_url") or "/"), config.site_name,
                    own_pages=self._depth == 1)
                cast(dict[str, object], context)[NOT_FOUND_TITLE] = not_found_title(
                    next(iter(ordered)), config.site_name)
            except SourceError as error:
                self.build.report(error, "404.html")
        return _with_generator_line(context, self.build.generator_line(site_language(config)),
                                    site_language(config))

    def on_post_template(self, output_content: str, *, template_name: str,
                         config: MkDocsConfig) -> str:
        """Keep the default language's 404.html at the root, and write every other language's
        into its folder (``he/404.html``): static-i18n writes the one 404.html of the site once
        per language, so without this every reader would get the last language's."""
        if template_name != "404.html" or not self.config.enabled:
            return output_content
        if self._depth == 1 and self.build is not None:  # the outermost build is the default language's
            self._not_found = self._pointed(output_content)
        elif self.build is not None:
            prefix = language_prefixes(config).get(site_language(config), "")
            if prefix:
                assets.write_file(Path(config.site_dir) / prefix / "404.html",
                                  self._pointed(output_content))
        return self._not_found or output_content

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Point the page at this build's content-hashed game files and catalogs."""
        if not self.config.enabled:
            return output
        assert self.build is not None
        lang = page_language(page, config)
        prefix = language_prefixes(config).get(lang, "")
        output = point_search_at_language(output, prefix)
        output = _with_print_address(output, self.build.print_address(lang, "/" + page.url))
        return self._pointed(output)

    def _pointed(self, html: str) -> str:
        """The page loading this build's content-hashed files (assets.point_page)."""
        assert self.build is not None
        return assets.point_page(html, self.config.catalogs_path, self.build.asset_version,
                                 self.build.preloaded_modules, self.build.catalogs,
                                 self.build.stylesheets)

    @event_priority(AFTER_I18N)  # after static-i18n has built the other languages
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Publish the game's files and catalogs under their hash (every build, never by hand)."""
        if not self.config.enabled:
            return
        self._depth -= 1
        if self._depth == 0 and self.build is not None:
            site = Path(config.site_dir)
            if (site / "search" / "search_index.json").exists():
                split_search_index(site, language_prefixes(config))
                defer_search(site)
            assets.publish(Path(config.site_dir), Path(config.docs_dir), self.config.catalogs_path,
                           self.build.asset_version, self.build.catalogs, self.build.stylesheets)

    def on_build_error(self, *, error: Exception) -> None:
        self._depth = 0
        self._slots.clear()
        self._not_found = None


def _with_generator_line(context: TemplateContext, line: str, lang: str) -> TemplateContext:
    """The footer's line, the title's separator and the label's colon of ``lang``."""
    # TemplateContext names MkDocs's own keys only; a theme reads any key a plugin adds.
    rules = typography.rules(lang)
    cast(dict[str, object], context)[GENERATOR_LINE] = line
    cast(dict[str, object], context)[TITLE_SEPARATOR] = rules.title_separator
    cast(dict[str, object], context)[LABEL_SEPARATOR] = rules.label_separator
    return context


def _with_print_address(output: str, line: str) -> str:
    """``line`` at the end of the page's article, where the printed text ends."""
    end = output.rfind("</article>")
    return output if end < 0 or not line else output[:end] + line + output[end:]


def _page_key(page: Page, lang: str) -> str:
    return f"{lang}:{page.file.src_uri}"


def _project_dir(config: MkDocsConfig) -> Path:
    if config.config_file_path:
        return Path(config.config_file_path).resolve().parent
    return Path.cwd()
