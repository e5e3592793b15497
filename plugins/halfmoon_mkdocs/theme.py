"""The theme's own words in every language, from the catalogs: what MkDocs and Material would
otherwise write in English, or in a form the language does not use, around every page.

- the title of each heading's permanent link (Python-Markdown's toc, ``permalink_title``) and
  the site's description (``<meta name="description">``) of the language being built;
- the search's counts ("22 matching documents", "3 more on this page") in each plural form of
  the page's language: given to the page's search box (an attribute, data, never a script),
  where the published bundle's count (search.py) picks the form with the browser's
  ``Intl.PluralRules`` and formats the number in the page's language;
- the table of contents with the headings' own no-break spaces (see the end);
- the 404 pages: each language's build writes its own (``he/404.html``), the theme's whole
  frame in that language (navigation, search, colour switch, footer), for hosts that serve the
  nearest ``404.html``; the site's root ``404.html``, which other hosts serve for every missing
  address, is the default language's, holds a section per language (each with its ``lang`` and
  ``dir``), and a small inline script sends a reader who asked for an address in another
  language's folder (``/he/…``) to that language's page. Without JavaScript every language's
  section shows.

The theme's fixed strings (skip link, footer, language selector…) that Material words wrongly
in one of our languages are mended in ``overrides/partials/theme-words.html``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from html import escape, unescape

from markupsafe import Markup
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.toc import AnchorLink

from halfmoon import HalfMoonError
from halfmoon.i18n import Catalog, text_direction
from halfmoon.typography import rules

from .catalogs import checked_catalog
from .errors import SourceError

PERMALINK_KEY = "docs.heading.permalink"
DESCRIPTION_KEY = "docs.site.description"
NOT_FOUND_KEYS = ("docs.not_found.title", "docs.not_found.text", "docs.not_found.home")
# The search's counts: the catalog key of each, and its name in the search box's
# data-halfmoon-counts (overrides/partials/search.html), where the published bundle reads it.
SEARCH_COUNTS = {"docs.search.results": "results", "docs.search.more": "more"}


def configure_language(config: MkDocsConfig, lang: str) -> SourceError | None:
    """Give the language being built its permalink title and site description (static-i18n
    builds each language in turn, each with its own ``on_config``). A catalog that cannot
    give them is returned, for the build to report; the config is then left as it is."""
    try:
        messages = checked_catalog(lang)
        permalink, description = messages.text(PERMALINK_KEY), messages.text(DESCRIPTION_KEY)
    except SourceError as error:
        return error
    except HalfMoonError as error:
        return SourceError(f"{error} (the theme's words)")
    config.mdx_configs.setdefault("toc", {})["permalink_title"] = permalink
    # MkDocs' templates do not escape: the text goes into an attribute as HTML.
    config.site_description = Markup(escape(description))
    return None


def search_counts(messages: Catalog) -> str:
    """The search's counts of one language as the page carries them (JSON, for the search
    box's ``data-halfmoon-counts``): each plural form with ``{count}`` where the number goes."""
    counts: dict[str, dict[str, str]] = {}
    for key, name in SEARCH_COUNTS.items():
        forms = messages.messages.get(key)
        if not isinstance(forms, Mapping):
            raise HalfMoonError(f"catalog {messages.lang!r} has no plural message {key!r}")
        counts[name] = {form: str(text) for form, text in forms.items()}
    return json.dumps(counts, ensure_ascii=False, separators=(",", ":"))


# The 404 page's script: the first folder of the address asked for, read after the site's own
# base path, names the language (any other address is the default language's). A language with
# a page of its own (data-page: the root page's other languages) is sent there, the frame and
# all in its words; otherwise the script keeps that language's section and gives the page its
# language, direction and title. Inline (the page is served at any address, so a script file's
# address could not be relative), and short.
NOT_FOUND_SCRIPT = (
    "(()=>{let r=document.currentScript.previousElementSibling,b=r.dataset.base,"
    "p=location.pathname,f=(p.startsWith(b)?p.slice(b.length):p).split(\"/\")[0],"
    "s=[...r.children],k=s.find(e=>e.dataset.folder===f)||s.find(e=>!e.dataset.folder);"
    "if(!k)return;if(k.dataset.page&&k.dataset.page!==p){location.replace(k.dataset.page);"
    "return}s.forEach(e=>e.hidden=e!==k);"
    "let h=document.documentElement;h.lang=k.lang;document.body.dir=k.dir;"
    "document.title=k.dataset.title})()"
)


def not_found_html(languages: Mapping[str, str], base_url: str, site_name: str,
                   own_pages: bool = False) -> Markup:
    """The 404 page's content: a section for each language (``languages`` maps each to its
    folder, "" for the default one), its title, a sentence and a link to its home page. With
    ``own_pages``, each language with a folder has its own 404 page there (``he/404.html``),
    where the script sends a reader of that folder.

    Raises ``SourceError`` for a catalog that cannot give the words."""
    base = base_url.rstrip("/") + "/"
    sections = []
    for lang, prefix in languages.items():
        try:
            messages = checked_catalog(lang)
            title, text, home = (messages.text(key) for key in NOT_FOUND_KEYS)
        except HalfMoonError as error:
            raise SourceError(f"{error} (the 404 page)") from None
        folder = prefix.strip("/")
        direction = text_direction(lang)
        page = f' data-page="{escape(base + prefix)}404.html"' if own_pages and folder else ""
        sections.append(
            f'<section lang="{escape(lang)}" dir="{direction}" data-folder="{escape(folder)}"'
            f'{page} data-title="{escape(not_found_title(lang, site_name))}">'
            f"<h1>{escape(title)}</h1>"
            f'<p>{escape(text)}{_space_after(text)}'
            f'<a href="{escape(base + prefix)}">{escape(home)}</a></p>'
            "</section>")
    return Markup(f'<div class="hm-not-found" data-base="{escape(base)}">{"".join(sections)}</div>'
                  f"<script>{NOT_FOUND_SCRIPT}</script>")


def not_found_title(lang: str, site_name: str) -> str:
    """The 404 page's title in ``lang``, with the language's dash before the site's name."""
    try:
        title = checked_catalog(lang).text(NOT_FOUND_KEYS[0])
    except HalfMoonError as error:
        raise SourceError(f"{error} (the 404 page)") from None
    return title + rules(lang).title_separator + site_name


def _space_after(sentence: str) -> str:
    """A space after a sentence, but after a full stop of a script written without spaces."""
    return "" if sentence.endswith(("\u3002", "\uff01", "\uff1f")) else " "


# --- The table of contents keeps the headings' no-break spaces ---------------------------------
#
# Python-Markdown's toc collapses every white space of a heading's text into a plain space,
# the narrow no-break space of "gagner ?" too: the contents then break the line before the
# question mark that the heading keeps to its word. Each entry takes its heading's own text back
# when the two differ in nothing but those spaces.
_HEADING = r'<h[1-6] id="{id}"[^>]*>(.*?)(?:<a class="headerlink"|</h[1-6]>)'


def keep_no_break_spaces(toc: Iterable[AnchorLink], html: str) -> None:
    """Give each entry of ``toc`` its heading's no-break spaces back (from the page's HTML)."""
    entries = list(toc)
    while entries:
        entry = entries.pop()
        entries.extend(entry.children)
        match = re.search(_HEADING.format(id=re.escape(entry.id)), html, re.S)
        if match is None:
            continue
        text = _folded(_without_tags(match.group(1))).strip()
        if text != entry.title and " ".join(text.split()) == entry.title:
            entry.title = text


def text_of(html: str) -> str:
    """The text of ``html`` for an attribute or a title: Jinja's ``striptags`` without its
    folding of every space into a plain one, which took the no-break spaces out of a heading
    ("Combien de donnes peut-on gagner ?" with U+202F; "95 %"). Only a run of ASCII white space
    becomes one space."""
    return _folded(unescape(_without_tags(str(html)))).strip(" ")


def _without_tags(html: str) -> str:
    return re.sub(r"<!--.*?-->|<[^>]*>", "", html, flags=re.S)


def _folded(text: str) -> str:
    """Each run of ASCII white space as one space; a no-break space stays what it is."""
    return re.sub(r"[ \t\n\r\f\v]+", " ", text)
