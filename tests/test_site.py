"""The built site (``mkdocs build --strict``): every page in every language, examples from the
engine, plurals, right-to-left isolation, no request to another host."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from site_footer import assert_footer_in_language, page_language

from halfmoon import Position, Record
from halfmoon.cli.siteconfig import read_site
from halfmoon.i18n import catalog, text_direction

ROOT = Path(__file__).resolve().parent.parent
SITE = read_site(ROOT / "mkdocs.yml")
LANGUAGES = {lang.code: lang.prefix for lang in SITE.languages}
# Every page every language has, as the built site names it ("index.md" -> "").
PAGES = tuple("" if page == "index.md" else page.removesuffix(".md") + "/"
              for page in SITE.translated_pages())
RECORD = ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt"

pytestmark = pytest.mark.slow


def page_html(site: Path, lang: str, page: str) -> str:
    return (site / LANGUAGES[lang] / page / "index.html").read_text(encoding="utf-8")


def article(html: str) -> str:
    return html[html.index("<article"): html.index("</article>")]


def visible_text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", article(html)))


@pytest.fixture(scope="module")
def record() -> Record:
    return Record.parse(RECORD.read_text(encoding="utf-8"), RECORD.name)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_every_page_exists_in_every_language_and_is_in_that_language(built_site, lang, page):
    html = page_html(built_site, lang, page)
    assert f'<html lang="{lang}"' in html
    assert ('dir="rtl"' in html) == (text_direction(lang) == "rtl")
    assert "data-hm-slot" not in html and "{{hm" not in visible_text(html)
    assert 'class="hm-error"' not in html


@pytest.mark.parametrize("page", ["authors", "translators"])
def test_the_pages_for_authors_and_translators_are_english_only(built_site, page):
    assert (built_site / page / "index.html").exists()
    assert f"{page}/" not in PAGES and len(LANGUAGES) > 1
    for lang in SITE.translations:
        assert not (built_site / lang.prefix / page).exists()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_names_the_first_two_moves_from_the_engine(built_site, record, lang):
    """The cards of moves 1 and 2, replayed here, appear in the page's own letters."""
    cat = catalog(lang)
    html = page_html(built_site, lang, "")
    text = visible_text(html)
    position = Position(record.code)
    for move in record.moves[:2]:
        for source in move.sources:
            assert cat.card(position.card_at(source)) in text
        position.push(move)
    # The diagram after move 1 marks the next move's sources.
    figures = re.findall(r'<figure class="hm-figure".*?</figure>', html, re.S)
    assert len(figures) >= 2
    caption = re.search(r"<figcaption>(.*?)</figcaption>", figures[1], re.S).group(1)
    before_two = Position(record.code)
    before_two.push(record.moves[0])
    for source in record.moves[1].sources:
        assert cat.card(before_two.card_at(source)) in unescape(re.sub("<[^>]+>", "", caption))
    assert "hm-marked" in figures[1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examples_page_lists_every_move_with_its_score(built_site, record, lang):
    html = page_html(built_site, lang, "examples/")
    table = re.search(r'<table class="hm-moves">.*?</table>', html, re.S).group(0)
    rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", table, re.S)
    assert len(rows) == len(record.moves)
    position = Position(record.code)
    for move, row in zip(record.moves, rows):
        position.push(move)
        cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        assert unescape(re.sub("<[^>]+>", "", cells[1])) == str(move)
        assert re.sub(r"\D", "", cells[3]) == str(position.score)
        assert re.sub(r"\D", "", cells[4]) == str(position.cards_left())
    assert position.is_won()
    assert html.count('class="hm-diagram"') >= 4  # start, first move, midway, end
    stepper = re.search(r'<div class="hm-stepper"[^>]*>', html).group(0)
    assert 'data-code="HM1-N-AAAAAAB"' in stepper
    assert " ".join(map(str, record.moves)) in stepper


@pytest.mark.parametrize(
    ("lang", "words"),
    # the count keeps to its noun with a no-break space (halfmoon.typography)
    [("en", "48\u00a0moves"), ("ru", "48\u00a0ходов"), ("fr", "48\u00a0coups"),
     ("he", "48\u00a0מהלכים")],
)
def test_counts_use_the_plural_form_of_the_language(built_site, lang, words):
    text = visible_text(page_html(built_site, lang, "examples/"))
    assert words in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_counts_the_won_game_in_its_own_plural(built_site, lang):
    text = visible_text(page_html(built_site, lang, "examples/"))
    assert catalog(lang).plural("docs.count.moves", 48) in text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if text_direction(lang) == "rtl"])
def test_right_to_left_inserts_are_left_to_right_units(built_site, record, lang):
    html = page_html(built_site, lang, "")
    first = Position(record.code).card_at(record.moves[0].sources[0])
    assert f'<bdi dir="ltr">{catalog(lang).card(first)}</bdi>' in html
    assert '<bdi dir="ltr">HM1-N-AAAAAAB</bdi>' in html
    assert "<bdi>" not in html  # every isolate says its direction


EXTERNAL = re.compile(
    r"""<(?:script|img|iframe|source|audio|video|embed)\b[^>]*\bsrc=["']?(https?:)?//"""
    r"""|<link\b[^>]*\bhref=["']?(https?:)?//"""
    r"""|url\(["']?(https?:)?//""",
    re.I,
)


def test_no_page_loads_anything_from_another_host(built_site):
    offenders = []
    for path in built_site.rglob("*"):
        if path.suffix in (".html", ".css") and path.is_file():
            text = path.read_text(encoding="utf-8", errors="replace")
            if EXTERNAL.search(text):
                offenders.append(str(path.relative_to(built_site)))
    assert not offenders


def test_every_table_comes_in_the_box_the_theme_would_move_it_into(built_site):
    """The theme's script boxes each ``table:not([class])`` once the page has loaded, and the
    moved table is styled and laid out again (tables.py): every table of every page comes
    boxed, with a class, so the script finds none."""
    markdown_tables = 0
    for path in sorted(built_site.rglob("index.html")):
        html = path.read_text("utf-8")
        if "<article" not in html:
            continue
        text = article(html)
        for table in re.finditer(r"<table\b[^>]*>", text):
            where = f"{path.relative_to(built_site)}: {table.group()}"
            assert re.search(r"""\sclass=["'][^"']""", table.group()), where
            assert text[:table.start()].endswith('<div class="md-typeset__table">'), where
            markdown_tables += 'class="hm-table"' in table.group()
    assert markdown_tables >= len(LANGUAGES)  # the Deal codes page has one in every language


def test_every_page_has_the_theme_s_start_up_marks_before_anything_is_styled(built_site):
    """The theme's script adds a class to <html> and marks <body> while it sets the colours;
    either, made after the first paint, restyled the whole page. Every page (the 404 page too)
    sets both itself: the class in <head>, the mark as <body> begins, before its header, and the
    page has the palette toggle whose script takes the mark off again."""
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > len(LANGUAGES)
    for path in pages:
        html = path.read_text("utf-8")
        where = str(path.relative_to(built_site))
        head, _, body = html.partition("</head>")
        assert 'classList.add("js-focus-visible")' in head, where
        mark = body.find('document.body.setAttribute("data-md-color-switching", "")')
        assert 0 < mark < body.find('data-md-component="header"'), where
        assert 'data-md-component="palette"' in body, where


def test_every_page_ends_with_the_theme_footer_in_its_own_language(built_site):
    built = sorted(built_site.rglob("*.html"))
    assert {page_language(path.read_text("utf-8")) for path in built} == set(LANGUAGES)
    for path in built:
        html = path.read_text("utf-8")
        assert_footer_in_language(html, page_language(html), str(path.relative_to(built_site)))


def test_the_catalogs_reach_the_built_site(built_site):
    for lang in LANGUAGES:
        assert (built_site / "assets" / "halfmoon" / "catalogs" / f"{lang}.json").is_file()


def test_every_page_loads_the_game_from_one_hashed_folder_that_exists(built_site):
    import re

    versions = set()
    for page in built_site.rglob("index.html"):
        html = page.read_text("utf-8")
        boot = re.search(r'src="([^"]*)assets/game/([0-9a-f]{12})/boot\.js"', html)
        meta = re.search(
            r'<meta name="halfmoon:catalogs" content="([^"]*)assets/halfmoon/catalogs/([0-9a-f]{12})/">', html
        )
        assert boot and meta, page
        assert boot[1] == meta[1] and boot[2] == meta[2]
        versions.add(boot[2])
        assert (page.parent / boot[1] / "assets/game" / boot[2] / "app.js").resolve().is_file()
        assert (page.parent / meta[1] / "assets/halfmoon/catalogs" / meta[2] / "en.json").resolve().is_file()
    assert len(versions) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_and_examples_offer_to_play_the_example_deal_and_codes_link_to_the_game(built_site, lang):
    for name in ("", "examples"):  # the Rules page is the language's home page
        html = article(page_html(built_site, lang, name))
        assert re.search(r'<a class="md-button" href="[./]*play/#HM1-N-AAAAAAB">', html), (lang, name)
    codes = re.findall(r'<a href="[./]*play/#HM1-N-AAAAAAB"><span class="hm-unit">'
                       r'(?:<bdi[^>]*>)?HM1-N-AAAAAAB', article(
        page_html(built_site, lang, "deal-codes")))
    assert len(codes) >= 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_page_works_a_triple_with_a_card_the_first_move_uncovered(built_site, record,
                                                                            lang):
    """SPEC §5: what the first move uncovers, then a triple that takes one of those cards,
    its diagram before the move with the three cards marked and named in the caption."""
    cat = catalog(lang)
    html = page_html(built_site, lang, "")
    text = visible_text(html)
    after_one = record.replay(1)
    uncovered = {source: after_one.card_at(source) for source in record.moves[0].sources
                 if not source.startswith("R") and after_one.card_at(source) is not None}
    assert uncovered and all(cat.card(card) in text for card in uncovered.values())
    triple = None
    for number, move in enumerate(record.moves[1:], start=2):
        before = record.replay(number - 1)
        cards = [before.card_at(source) for source in move.sources]
        if any(uncovered.get(source) == card for source, card in zip(move.sources, cards)):
            if len(cards) == 3:
                triple = (number, cards)
                break
            uncovered = {s: c for s, c in uncovered.items() if s not in move.sources}
    assert triple is not None, "the example game has no such triple"
    number, cards = triple
    assert sorted(card.rank for card in cards) == [11, 12, 13]
    captions = [unescape(re.sub("<[^>]+>", "", caption)) for caption in
                re.findall(r'<figure class="hm-figure".*?<figcaption>(.*?)</figcaption>', html, re.S)]
    before_triple = [caption for caption in captions
                     if all(cat.card(card) in caption for card in cards)]
    assert before_triple, "no diagram caption names the triple's three cards"
    assert str(number - 1) in before_triple[0]  # the position just before the triple


def _excluded_from_search(page: Path) -> bool:
    """Whether the page's front matter asks Material's search to leave it out, as MkDocs reads it."""
    from mkdocs.utils.meta import get_data

    search = get_data(page.read_text("utf-8"))[1].get("search")
    return isinstance(search, dict) and search.get("exclude") is True


def test_every_language_has_its_own_search_index_of_its_own_pages(built_site):
    """One index per language in its folder, naming only its own lunr language, of pages in
    that folder; each page's Material config points at its language's folder."""
    from halfmoon_mkdocs.site import material_lunr_languages

    site = read_site(Path(__file__).resolve().parent.parent / "mkdocs.yml")
    lunr = material_lunr_languages()
    for lang in site.languages:
        index = json.loads((built_site / lang.prefix / "search/search_index.json")
                           .read_text("utf-8"))
        # A language Material's lunr has no support for (Polish) is searched as written.
        assert index["config"]["lang"] == ([lang.code] if lang.code in lunr else ["en"])
        assert (index["config"]["pipeline"] == []) == (lang.code not in lunr)
        pages = {doc["location"].split("#")[0] for doc in index["docs"]}
        searched = [page for page in site.translated_pages()  # the offline page asks not to be
                    if not _excluded_from_search(site.docs_dir / site.default.code / page)]
        assert len(pages) >= len(searched) and "offline/" not in pages
        for page in pages:
            assert (built_site / lang.prefix / page / "index.html").is_file(), (lang.code, page)
        html = (built_site / lang.prefix / "play/index.html").read_text("utf-8")
        assert re.search(r'"base": "\.\./?\.\./' + re.escape(lang.prefix) + '"', html) or (
            not lang.prefix and '"base": ".."' in html), lang.code


def test_a_language_without_a_stemmer_finds_every_word_of_its_pages_as_written(built_site,
                                                                               tmp_path):
    """Material's own worker (in Node) on the index of each language searched as written:
    every word of its pages, typed as it is written, finds a page holding it; words that
    begin or end with a letter outside ASCII too, which lunr's English trimmer would strip."""
    from halfmoon_mkdocs.site import material_lunr_languages
    from node_script import node_outcome

    lunr = material_lunr_languages()
    queries: dict[str, list[str]] = {}
    texts: dict[str, dict[str, str]] = {}
    for lang in read_site(ROOT / "mkdocs.yml").languages:
        if lang.code in lunr:
            continue
        path = lang.prefix + "search/search_index.json"
        index = json.loads((built_site / path).read_text("utf-8"))
        texts[path] = {doc["location"]: unescape(re.sub(r"<[^>]+>", " ", doc["text"])).lower()
                       for doc in index["docs"]}
        # Words as the index's own separator cuts them (the diagrams' labels run together).
        words = sorted({word for text in texts[path].values()
                        for word in re.split(index["config"]["separator"], text)
                        if re.fullmatch(r"[^\W\d_](?:[^\W\d_]|['’])*[^\W\d_]", word)})
        edged = [word for word in words if not (word[0].isascii() and word[-1].isascii())]
        queries[path] = edged[:60] + words[::max(1, len(words) // 60)]
    if not queries:
        pytest.skip("every site language has a stemmer of Material's")
    file = tmp_path / "queries.json"
    file.write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    results = node_outcome("material_search.mjs", str(built_site), str(file))["results"]
    for path, asked in queries.items():
        assert any(not word.isascii() for word in asked), path
        for word in asked:
            found = results[path][word]
            assert any(word in texts[path][location] for location in found), (path, word, found)
