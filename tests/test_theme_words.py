"""The theme's own words in every language (issue 23): each heading's permanent link and the
page's description in the page's language, the site's one 404 page in every language, the
theme strings Material words wrongly for our readers mended, and the search's counts in every
plural form CLDR gives the language."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from babel import Locale

from halfmoon.cli.siteconfig import read_site
from halfmoon.i18n import catalog, text_direction

ROOT = Path(__file__).resolve().parent.parent
SITE = read_site(ROOT / "mkdocs.yml")
LANGUAGES = {lang.code: lang.prefix for lang in SITE.languages}
PAGES = tuple("" if page == "index.md" else page.removesuffix(".md") + "/"
              for page in SITE.translated_pages())
COUNTS = (0, 1, 2, 3, 5, 11, 22, 100)
NBSP = "\u00a0"


def page_html(site: Path, lang: str, page: str) -> str:
    return (site / LANGUAGES[lang] / page / "index.html").read_text(encoding="utf-8")


def search_counts(html: str) -> dict:
    """The counts the page's search box carries for the published bundle."""
    return json.loads(unescape(re.search(r'<div class="md-search"[^>]* data-halfmoon-counts="([^"]*)"',
                                         html).group(1)))


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_heading_link_and_the_description_are_in_the_page_language(built_site, lang):
    words = catalog(lang)
    for page in PAGES:
        html = page_html(built_site, lang, page)
        titles = [unescape(title) for title in
                  re.findall(r'<a class="headerlink" href="[^"]*" title="([^"]*)"', html)]
        assert titles and set(titles) == {words.text("docs.heading.permalink")}, (lang, page)
        descriptions = re.findall(r'<meta name="description" content="([^"]*)">', html)
        assert [unescape(text) for text in descriptions] == [words.text("docs.site.description")]


@pytest.mark.slow
def test_the_404_page_holds_every_language_in_its_own_direction(built_site):
    html = (built_site / "404.html").read_text(encoding="utf-8")
    sections = re.findall(r'<section lang="([^"]+)" dir="([^"]+)" data-folder="([^"]*)"'
                          r'(?: data-page="[^"]*")? data-title="[^"]*"><h1>([^<]*)</h1>'
                          r'<p>([^<]*)<a href="([^"]*)">([^<]*)</a>',
                          html)
    assert [section[0] for section in sections] == list(LANGUAGES)
    for lang, direction, folder, title, text, href, home in sections:
        words = catalog(lang)
        assert direction == text_direction(lang)
        assert folder == LANGUAGES[lang].strip("/")
        assert unescape(title) == words.text("docs.not_found.title")
        assert unescape(text).strip() == words.text("docs.not_found.text")
        assert unescape(home) == words.text("docs.not_found.home")
        assert href == "/" + LANGUAGES[lang] and (built_site / LANGUAGES[lang] / "index.html").exists()
    assert "<script>" in html[html.index('class="hm-not-found"'):]
    pages = re.findall(r'data-folder="([^"]*)" data-page="([^"]*)"', html)
    assert pages == [(folder.strip("/"), f"/{folder}404.html") for folder in LANGUAGES.values()
                     if folder]


# The theme's frame around a page: what a 404 page must word as every other page of its language.
FRAME = {
    "search box": r'<input type="text" class="md-search__input"[^>]*placeholder="([^"]*)"',
    "search status": r'<div class="md-search-result__meta">\s*([^<]*?)\s*</div>',
    "colour switch": r'<input class="md-option" data-md-color-media[^>]*aria-label="([^"]*)"',
    "navigation": r'<nav class="md-nav md-nav--primary" aria-label="([^"]*)"',
    "menu": r'<a href="[^"]*" class="md-nav__link">\s*<span class="md-ellipsis">\s*([^<]*?)\s*<',
    "footer": r'<div class="md-copyright">(.*?)</div>',
}
# ("Navigation" is French and German too: the frame's comparison above covers it.)
ENGLISH_FRAME = ("Search", "Initializing search", "Made with", "Dark mode", "Light mode",
                 "Back to top", "Skip to content", "Not found")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_404_page_framed_in_its_own_words(built_site, lang):
    """he/404.html (the root's for the default language): the theme's whole frame as on the
    language's home page, its title and direction, and its own section alone."""
    from site_footer import assert_footer_in_language

    html = (built_site / LANGUAGES[lang] / "404.html").read_text(encoding="utf-8")
    home = page_html(built_site, lang, "") + page_html(built_site, lang, "examples/")
    assert re.search(r'<html lang="([^"]+)"', html)[1] == lang
    assert re.search(r'<body dir="([^"]+)"', html)[1] == text_direction(lang)
    for part, pattern in FRAME.items():
        found, expected = re.findall(pattern, html, re.S), re.findall(pattern, home, re.S)
        # Two pages' menus with their contents: the 404 page's menu is among them.
        same = set(found) <= set(expected) if part == "menu" else found * 2 == expected
        assert found and same, (lang, part, found, expected)
    assert_footer_in_language(html, lang, f"{lang} 404.html")
    if lang != "en":
        shown = re.sub(r"<[^>]+>", " ", html[html.index("<body"):])
        words = " ".join(re.findall(r'(?:aria-label|placeholder|title)="([^"]*)"', html))
        left = [word for word in ENGLISH_FRAME if re.search(rf"\b{word}\b", shown + words)]
        assert not left, (lang, left)
    words = catalog(lang)
    title = unescape(re.search(r"<title>([^<]*)</title>", html)[1])
    assert title.startswith(words.text("docs.not_found.title")) and title.endswith("Half Moon")
    if LANGUAGES[lang]:
        assert re.findall(r'<section lang="([^"]+)"', html) == [lang]
        assert "data-page=" not in html


# Material's own strings that read wrongly in our languages, and what the pages say instead.
MENDED = {
    "he": ([], ["מסמך1 תואם"]),
    "ar": (['aria-label="اختر اللغة"', 'aria-label="بحث"', 'aria-label="تذييل الصفحة"'],
           ["إختر", "إبحث", "عنوان العارضة"]),
    "ru": (["Вперёд"], ["Вперед"]),
    "es": (["Saltar al contenido", 'aria-label="Pie de página"', 'placeholder="Buscar"',
            "Escribe para empezar a buscar"],
           ["Saltar a contenido", 'aria-label="Pie"', "Escriba"]),
    "fr": (["presse-papiers"], ["presse-papier\""]),
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", MENDED)
def test_the_theme_strings_material_words_wrongly_are_mended(built_site, lang):
    present, absent = MENDED[lang]
    home = page_html(built_site, lang, "")  # it has every string, "Next" too
    for text in present:
        assert text in home, (lang, text)
    for page in PAGES:
        html = page_html(built_site, lang, page)
        for text in absent:
            assert text not in html, (lang, page, text)


# What a reader of each language must read for a few counts (the forms of CLDR's categories).
EXPECTED_RESULTS = {
    "he": {1: "מסמך אחד תואם", 2: "שני מסמכים תואמים", 3: f"3{NBSP}מסמכים תואמים",
           22: f"22{NBSP}מסמכים תואמים"},
    "ar": {0: "لا توجد مستندات مطابقة", 1: "مستند واحد مطابق", 2: "مستندان مطابقان",
           3: f"3{NBSP}مستندات مطابقة", 11: f"11{NBSP}مستندًا مطابقًا",
           22: f"22{NBSP}مستندًا مطابقًا", 100: f"100{NBSP}مستند مطابق"},
    "ru": {1: f"Найден{NBSP}1{NBSP}документ", 3: f"Найдено{NBSP}3{NBSP}документа",
           5: f"Найдено{NBSP}5{NBSP}документов", 11: f"Найдено{NBSP}11{NBSP}документов",
           22: f"Найдено{NBSP}22{NBSP}документа", 100: f"Найдено{NBSP}100{NBSP}документов"},
    "pl": {0: f"Znaleziono{NBSP}0{NBSP}dokumentów", 1: f"Znaleziono{NBSP}1{NBSP}dokument",
           3: f"Znaleziono{NBSP}3{NBSP}dokumenty", 5: f"Znaleziono{NBSP}5{NBSP}dokumentów",
           22: f"Znaleziono{NBSP}22{NBSP}dokumenty", 100: f"Znaleziono{NBSP}100{NBSP}dokumentów"},
    "fr": {0: f"0{NBSP}document trouvé", 1: f"1{NBSP}document trouvé", 2: f"2{NBSP}documents trouvés"},
    "ja": {1: "1件見つかりました", 22: "22件見つかりました"},
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_search_counts_take_the_cldr_form_of_every_count(lang):
    words = catalog(lang)
    locale = Locale.parse(lang)
    for key in ("docs.search.results", "docs.search.more"):
        forms = words.messages[key]
        for count in COUNTS:
            category = locale.plural_form(count)
            assert category in forms, (lang, key, count)
            text = words.plural(key, count)
            assert text == forms[category].replace("{count}", str(count))
            assert str(count) in text or category in ("zero", "one", "two"), (lang, key, count)
    for count, text in EXPECTED_RESULTS.get(lang, {}).items():
        assert words.plural("docs.search.results", count) == text, (lang, count)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_gives_the_bundle_its_language_search_counts(built_site, lang):
    words = catalog(lang)
    for page in PAGES:
        counts = search_counts(page_html(built_site, lang, page))
        assert counts == {"results": words.messages["docs.search.results"],
                          "more": words.messages["docs.search.more"]}


@pytest.mark.slow
def test_the_published_bundle_counts_with_the_page_plural_rules(built_site):
    from halfmoon_mkdocs.search import SEARCH_COUNT

    (bundle,) = (built_site / "assets" / "javascripts").glob("bundle.*.min.js")
    text = bundle.read_text(encoding="utf-8")
    assert text.count(SEARCH_COUNT) == 2
    assert f'{SEARCH_COUNT}("results",' in text and f'{SEARCH_COUNT}("more",' in text
