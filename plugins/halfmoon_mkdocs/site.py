"""The languages of the site, as mkdocs-static-i18n is configured to build them: which there
are, the default one, each one's folder, a page's, and the ones search is given; and the
places in the site (or its docs) that the plugins' options name.

Both plugins read them here (as static-i18n's own ``reconfigure.py`` keeps them together), so
the page plugin and the offline plugin always agree on a language's folder. Without
static-i18n the site has one language, the theme's.

Search: MkDocs' own ``search.lang`` validation knows only the lunr languages MkDocs ships, and
silently drops ``he``; Material ships ``lunr.he`` but never gets asked for it, so lunr's
English trimmer strips every Hebrew letter and no Hebrew word can be found. After validation
``add_search_languages`` puts back each catalog language that Material's lunr supports.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import ValidationError
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.pages import Page

from halfmoon.i18n import available_languages


def page_language(page: Page, config: MkDocsConfig) -> str:
    """The language of a page: its i18n folder, else the theme's language, else English."""
    return _subtag(getattr(page.file, "locale", None) or site_language(config))


def site_language(config: MkDocsConfig) -> str:
    """The language being built: the theme's (static-i18n sets it per language), else English."""
    return _subtag(config.theme.get("language") or "en")


def _subtag(lang: str) -> str:
    return lang.replace("-", "_").split("_")[0]


def site_languages(config: MkDocsConfig) -> list[str]:
    """The site's languages as mkdocs-static-i18n is configured to build them."""
    i18n_plugin = config.plugins.get("i18n")
    if i18n_plugin is None:
        return [str(config.theme.get("language") or "en")]
    return [str(language.locale) for language in i18n_plugin.config.languages if language.build]


def default_language(config: MkDocsConfig) -> str:
    """The language built at the site's root."""
    i18n_plugin = config.plugins.get("i18n")
    if i18n_plugin is not None:
        for language in i18n_plugin.config.languages:
            if language.default:
                return str(language.locale)
    return str(config.theme.get("language") or "en")


def language_prefix(lang: str, config: MkDocsConfig) -> str:
    """The folder of ``lang`` in the site: "" for the default language, "he/" for Hebrew."""
    return "" if lang == default_language(config) else f"{lang}/"


def language_prefixes(config: MkDocsConfig) -> dict[str, str]:
    """Each language the site builds, with its folder ("" for the default one)."""
    return {lang: language_prefix(lang, config) for lang in site_languages(config)}


def _search_plugin(config: MkDocsConfig):  # type: ignore[no-untyped-def]
    return config.plugins.get("material/search") or config.plugins.get("search")


def search_languages(config: MkDocsConfig) -> list[str]:
    """The languages the search plugin indexes (its ``lang``), once ``on_config`` has run."""
    search = _search_plugin(config)
    langs = search.config.get("lang") if search is not None else None
    return list(langs or [])


def material_lunr_languages() -> set[str]:
    """The languages Material's lunr has a stemmer for (and English, lunr's own)."""
    try:
        import material
    except ImportError:
        return set()
    folder = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "lunr" / "min"
    return {path.name.split(".")[1] for path in folder.glob("lunr.*.min.js")} | {"en"}


def add_search_languages(config: MkDocsConfig) -> list[str]:
    """Add the site's languages to the search plugin's ``lang``; returns the ones added."""
    plugin = _search_plugin(config)
    if plugin is None or not hasattr(plugin, "config"):
        return []
    supported = material_lunr_languages()
    langs = list(plugin.config.lang or ["en"])
    added = [lang for lang in available_languages() if lang in supported and lang not in langs]
    plugin.config.lang = langs + added
    return added


class RelativePath(c.Type[str]):
    """An option naming a place inside a folder (``docs_dir``, or the built site): a relative
    path with "/" between its parts, which may go into a page's addresses as it is written."""

    def __init__(self, default: str, *, within: str) -> None:
        super().__init__(str, default=default)
        self.within = within

    def run_validation(self, value: object) -> str:
        text = super().run_validation(value)
        problem = path_problem(text)
        if problem:
            raise ValidationError(f"{text!r} is not a path inside {self.within}: {problem}")
        return text


def path_problem(text: str) -> str | None:
    """Why ``text`` cannot name a place inside a folder, or None."""
    parts = text.removesuffix("/").split("/")
    if not text.strip():
        return "it is empty"
    if text.startswith("/") or (len(text) > 1 and text[1] == ":"):
        return "it is absolute (write it relative to the folder)"
    if ".." in parts:
        return "'..' would leave the folder"
    if "" in parts:
        return "it has an empty part ('//')"
    odd = sorted({ch for ch in text if not (ch.isalnum() or ch in "._-~/")})
    if odd:
        return (f"{''.join(odd)!r} is not allowed (letters, digits, '.', '_', '-', '~', "
                "with '/' between folders)")
    return None
