"""Search in every language of the site, Hebrew included.

MkDocs' own ``search.lang`` validation knows only the lunr languages MkDocs ships, and
silently drops ``he``; Material ships ``lunr.he`` but never gets asked for it, so lunr's
English trimmer strips every Hebrew letter and no Hebrew word can be found. After
validation we put back each catalog language that Material's lunr supports.
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from halfmoon.i18n import available_languages


def material_lunr_languages() -> set[str]:
    try:
        import material
    except ImportError:
        return set()
    folder = Path(material.__file__).parent / "templates" / "assets" / "javascripts" / "lunr" / "min"
    return {path.name.split(".")[1] for path in folder.glob("lunr.*.min.js")} | {"en"}


def add_search_languages(config: MkDocsConfig) -> list[str]:
    """Add the site's languages to the search plugin's ``lang``; returns the ones added."""
    plugin = config.plugins.get("material/search") or config.plugins.get("search")
    if plugin is None or not hasattr(plugin, "config"):
        return []
    supported = material_lunr_languages()
    langs = list(plugin.config.lang or ["en"])
    added = [lang for lang in available_languages() if lang in supported and lang not in langs]
    plugin.config.lang = langs + added
    return added
