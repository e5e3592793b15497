"""Every page of the built site in every language of mkdocs.yml, in Chromium: no console
error, no HTTP error, no request to another host; the direction CLDR gives the language;
search in each language through the real search box; the language switcher; axe-core with
no serious or critical issue; cards, codes and sums as left-to-right units on right-to-left
pages; plural categories in the browser as in Babel."""

from __future__ import annotations

import json
import re
import unicodedata
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from site_server import reach, run_before_theme, show_whole_page, theme_started

from halfmoon.cli.siteconfig import read_site
from halfmoon.i18n import PLACEHOLDER, catalog, text_direction

ROOT = Path(__file__).resolve().parent.parent
SITE = read_site(ROOT / "mkdocs.yml")
LANGUAGES = {lang.code: lang.prefix for lang in SITE.languages}
RIGHT_TO_LEFT = [lang for lang in LANGUAGES if text_direction(lang) == "rtl"]


def addresses(pages: tuple[str, ...]) -> tuple[str, ...]:
    return tuple("" if page == "index.md" else page.removesuffix(".md") + "/" for page in pages)


PAGES = addresses(SITE.translated_pages())
# Every page of a language's own navigation: the default language's has the pages for authors
# and translators too.
OWN_PAGES = {lang.code: addresses(lang.nav) if lang.nav else PAGES for lang in SITE.languages}


def only_local_requests(page, site_url: str) -> list[str]:
    foreign: list[str] = []
    page.on("request", lambda request: foreign.append(request.url)
            if not request.url.startswith((site_url, "data:", "blob:")) else None)
    return foreign


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_opens_without_errors_or_foreign_requests(page, site_url, lang):
    foreign = only_local_requests(page, site_url)
    for path in PAGES:
        page.goto(site_url + LANGUAGES[lang] + path)
        page.wait_for_load_state("networkidle")
        assert page.locator("html").get_attribute("lang") == lang
        direction = page.locator("body").get_attribute("dir")
        assert direction == text_direction(lang)
        assert page.locator("h1").first.inner_text().strip()
    assert not foreign


def prose_of(html: str) -> str:
    """The paragraphs of a page's article: no diagram (its inline CSS), code or script."""
    article = html[html.index("<article"): html.index("</article>")]
    article = re.sub(r"<(svg|style|script|pre|code|figure)\b.*?</\1>", " ", article, flags=re.S)
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", paragraph))
                    for paragraph in re.findall(r"<p>(.*?)</p>", article, re.S))


def letters_of(lang: str) -> set[str]:
    """The letters the language's catalog writes with (its script, not chosen by hand)."""
    texts = [form for message in catalog(lang).messages.values()
             for form in ([message] if isinstance(message, str) else message.values())]
    return {char.lower() for text in texts for char in PLACEHOLDER.sub("", text)
            if char.isalpha() or unicodedata.category(char).startswith("M")}


# A word: letters with their combining marks (Thai and Devanagari vowel signs and tone marks
# are marks, which \w leaves out, cutting "ไพ่ทุกใบ" into pieces no search would be typed as).
MARKS = "".join(chr(code) for code in range(0x300, 0x10000)
                if unicodedata.category(chr(code)).startswith("M"))
WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|[" + re.escape(MARKS) + "])*")


def script_of(char: str) -> str:
    """The Unicode script a letter is written in, as its name begins (LATIN, HIRAGANA…)."""
    name = unicodedata.name(char, "")
    return "KANA" if "KATAKANA-HIRAGANA" in name else name.split(" ")[0]


# Scripts written without spaces between words: a run of one of them is cut where the script
# changes (kanji, then kana: 最初 | から), and a shorter run already makes a word.
WITHOUT_SPACES = {"CJK", "HIRAGANA", "KATAKANA", "THAI"}


def words_of(text: str) -> list[str]:
    """The words of a text: runs of letters with their marks, cut where the script changes."""
    words = []
    for run in WORD.findall(text):
        word = run[0]
        for char in run[1:]:
            if char.isalpha() and script_of(char) not in (script_of(word[-1]), "KANA") \
                    and script_of(word[-1]) != "KANA":
                words.append(word)
                word = ""
            word += char
        words.append(word)
    return words


def a_word_of(built_site, lang: str) -> str:
    """The most frequent long word of the home page's prose, in the language's own letters;
    one with a letter English does not use, if there is such a word (Polish "dwóch")."""
    html = (built_site / LANGUAGES[lang] / "index.html").read_text(encoding="utf-8")
    letters = letters_of(lang)
    words = [word for word in words_of(prose_of(html))
             if len(word) >= (3 if script_of(word[0]) in WITHOUT_SPACES else 5)
             and set(word.lower()) <= letters]
    assert words, f"no long word on the {lang} home page"
    english = letters_of("en")
    own = [word for word in words if set(word.lower()) - english] or words
    return max(sorted(set(own)), key=own.count)


def type_like_a_person(page, text: str) -> None:
    """Each character as a key of the reader's own keyboard: keydown with its text, keyup.

    Playwright's own typing sends no key events for letters a US keyboard lacks (Hebrew,
    Cyrillic, Arabic, ä, é), and Material reads the query on keyup."""
    cdp = page.context.new_cdp_session(page)
    for char in text:
        cdp.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": char, "text": char,
                                            "unmodifiedText": char})
        cdp.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": char})
    cdp.detach()


def language_of(url: str, site_url: str) -> str:
    """The site language whose folder holds the address."""
    path = url.removeprefix(site_url)
    return next((code for code, prefix in LANGUAGES.items() if prefix and path.startswith(prefix)),
                next(code for code, prefix in LANGUAGES.items() if not prefix))


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_finds_a_word_of_the_language_and_only_pages_in_that_language(
        page, site_url, built_site, lang):
    word = a_word_of(built_site, lang)
    fetched: list[str] = []  # by the page, not the offline worker precaching after the load
    page.on("request", lambda request: None if request.service_worker else
            fetched.append(request.url.removeprefix(site_url)))
    page.goto(site_url + LANGUAGES[lang] + "play/")
    page.wait_for_load_state("networkidle")
    assert not [url for url in fetched if "search_index" in url or "/lunr/" in url
                or "/workers/search." in url], "search is fetched before the reader goes to it"
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").focus()
    type_like_a_person(page, word)
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=10_000)
    # Read in one step: the list re-renders as the worker answers, and links read one by one
    # can be gone by the time they are asked for.
    hrefs = page.eval_on_selector_all(".md-search-result a",
                                      "links => links.map(a => a.getAttribute('href'))")
    assert hrefs
    assert {language_of(href, site_url) for href in hrefs} == {lang}, (word, hrefs)
    # The count above the results, in the form the language's plural rules give that number
    # (read with the list in one step, until the worker's last answer is shown).
    words = catalog(lang)
    for _ in range(50):
        count, meta = page.evaluate("""() => [
            document.querySelectorAll(".md-search-result__item").length,
            document.querySelector(".md-search-result__meta").textContent.trim()]""")
        if meta == words.plural("docs.search.results", count):
            break
        page.wait_for_timeout(100)
    assert meta == words.plural("docs.search.results", count), (word, count, meta)
    indexes = [url for url in fetched if "search_index" in url]
    assert indexes == [LANGUAGES[lang] + "search/search_index.json"]
    assert len([url for url in fetched if "/workers/search." in url]) == 1  # started once opened
    # lunr's support and the language's own stemmer (and segmenter: tinyseg.js for Japanese),
    # never another language's, nor lunr.multi, which only several languages at once need
    scripts = {url.rsplit("/", 1)[1] for url in fetched if "/lunr/" in url}
    stemmers = {name for name in scripts if name.startswith("lunr.")}
    assert stemmers <= {"lunr.stemmer.support.min.js", f"lunr.{lang}.min.js"}, scripts


@pytest.mark.browser
def test_the_language_switcher_goes_to_the_same_page(page, site_url):
    page.goto(site_url + "ru/examples/")
    link = page.locator('.md-select a[hreflang="fr"]').first
    page.goto(link.evaluate("a => a.href"))
    assert page.url == site_url + "fr/examples/"
    page.goto(site_url + "he/deal-codes/")
    page.goto(page.locator('.md-select a[hreflang="en"]').first.evaluate("a => a.href"))
    assert page.url == site_url + "deal-codes/"


@pytest.mark.browser
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_diagrams_are_visible_in_light_and_dark_palettes(page, site_url, scheme):
    page.goto(site_url)
    theme_started(page)  # which sets the palette
    page.evaluate("s => document.body.setAttribute('data-md-color-scheme', s)", scheme)
    colours = page.evaluate("""() => {
        const card = document.querySelector('.hm-figure .hm-card use, .hm-figure use');
        const label = document.querySelector('.hm-figure .hm-label text, .hm-figure .hm-label');
        const page = getComputedStyle(document.body).backgroundColor;
        return {card: getComputedStyle(card).fill, label: getComputedStyle(label).fill, page};
    }""")
    assert colours["label"] != colours["page"]
    assert colours["card"] != "none"


# The properties by which a table looks like the theme's: its box, its cells, its rows.
TABLE_LOOK = """() => {
    const ours = document.querySelector("article table.hm-table");
    const theirs = ours.cloneNode(true);
    theirs.removeAttribute("class");  // the theme styles table:not([class]) as its own
    ours.after(theirs);
    const properties = ["display", "font-size", "max-width", "overflow-x", "background-color",
        "border-top", "border-right", "border-bottom", "border-left", "border-radius",
        "padding-top", "padding-left", "padding-right", "text-align", "vertical-align",
        "min-width", "font-weight", "touch-action", "transition"];
    const look = (table) => ["table", "th", "td", "tbody tr", "td code", "a"].map((part) => {
        const element = part === "table" ? table : table.querySelector(part);
        if (!element) return null;
        const style = getComputedStyle(element);
        return [part, properties.map((name) => style.getPropertyValue(name))];
    });
    const result = {ours: look(ours), theirs: look(theirs)};
    theirs.remove();
    return result;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("path", ["authors/", "deal-codes/", "he/deal-codes/"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tables_stay_where_the_page_put_them_and_look_as_the_themes_do(page, site_url, path,
                                                                        scheme):
    page.emulate_media(color_scheme=scheme)  # the palette from the start: no colour in transition
    served = page.goto(site_url + path).text()
    page.wait_for_load_state("networkidle")
    assert page.locator("body").get_attribute("data-md-color-scheme") == (
        "slate" if scheme == "dark" else "default")
    boxes = page.locator("article .md-typeset__scrollwrap")
    assert boxes.count() == served.count('class="md-typeset__scrollwrap') > 0  # the theme added none
    assert page.locator(".md-typeset__scrollwrap .md-typeset__scrollwrap").count() == 0
    look = page.evaluate(TABLE_LOOK)
    assert look["ours"] == look["theirs"]


# Each shift's sources by class, those of the theme's language menu (its button's header option
# and what is in it) marked as such.
RECORD_SHIFTS = """window.hmShifts = [];
const inLanguageMenu = (node) => Boolean(node?.closest?.('.md-header__option')?.querySelector('.md-select'));
new PerformanceObserver((list) => list.getEntries().forEach((entry) => window.hmShifts.push({
    value: entry.value, sources: entry.sources.map((source) =>
        (inLanguageMenu(source.node) ? "language menu: " : "") + (source.node?.className ?? ""))}))
).observe({type: "layout-shift", buffered: true});"""


@pytest.mark.browser
@pytest.mark.parametrize(("path", "width", "height"), [
    ("examples/", 1024, 1366), ("examples/", 820, 1180), ("ru/examples/", 2560, 1440),
    ("ja/deal-codes/", 1024, 1366), ("strategy/", 1280, 800), ("authors/", 1024, 1366),
    ("he/", 820, 1180), ("ar/strategy/", 1024, 1366)])
def test_the_first_screen_does_not_move_while_the_page_loads(page, site_url, path, width,
                                                             height):
    """Where a diagram or a code block is on the first screen (these sizes), nothing under it
    moves: a box the browser skips off screen is painted at its stand-in size first. A box with
    a wrong stand-in moved the first screen by 0.007 to 0.009 here (0.15 with a code block high
    on a phone); a page settling by itself, as the Strategy page did once in a dozen loads,
    moves it by 0.002 at most."""
    shifts = shifts_while_loading(page, site_url + path, width, height)
    assert sum(shift["value"] for shift in shifts) < 0.005, shifts


def shifts_while_loading(page, url: str, width: int, height: int) -> list[dict]:
    """The layout shifts of loading `url` at width×height, once it has settled, without the
    theme's language menu's (not ours). That menu moves when the browser paints the header
    before it has parsed the search box after it (the header's title then takes the box's room):
    seen under load, 1 load in 25 of he/play/ at 1024×1366 with both cores busy."""
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(RECORD_SHIFTS)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))")
    return [shift for shift in page.evaluate("window.hmShifts")
            if not all(source.startswith("language menu: ") for source in shift["sources"])]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "width", "height"), [
    ("play/", 1024, 1366), ("ja/play/", 1024, 1366), ("he/play/", 1024, 1366),
    ("fr/play/", 820, 1180)])
def test_the_game_keeps_the_first_screen_so_nothing_after_it_moves_as_it_is_drawn(
        page, site_url, path, width, height):
    """On a tablet held upright the drawn game is shorter than the window its stand-in kept:
    unless it keeps that height, the text after it comes up into view as it is drawn (0.0024 to
    0.0138 at 1024×1366 before it did, by language and fonts)."""
    shifts = shifts_while_loading(page, site_url + path, width, height)
    assert sum(shift["value"] for shift in shifts) < 0.001, shifts


# Every change of <html>'s class and of <body>'s colour-switching mark, in order, and whether the
# page's header had been parsed by then (the theme's script runs after it, ours before).
RECORD_THEME_MARKS = """window.hmMarks = [];
new MutationObserver((records) => records.forEach((record) => window.hmMarks.push({
    element: record.target.localName, name: record.attributeName, old: record.oldValue,
    late: Boolean(document.querySelector("[data-md-component=header]"))}))
).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                     attributeFilter: ["class", "data-md-color-switching"]});"""


def marks_with_new_values(records: list[dict], now: dict[tuple[str, str], str | None]) -> list[dict]:
    """Each record with the value it set: the old value of the next record of the same element
    and attribute, or for the last one the value the element has now."""
    for index, record in enumerate(records):
        key = (record["element"], record["name"])
        following = [later for later in records[index + 1:]
                     if (later["element"], later["name"]) == key]
        record["new"] = following[0]["old"] if following else now[key]
    return records


@pytest.mark.browser
@pytest.mark.parametrize("path", ["play/", "authors/", "he/"])
def test_the_theme_starting_up_restyles_nothing_the_page_already_had(page, site_url, path):
    """Material's script, once the page is on the screen, adds a class to <html> (its
    focus-visible polyfill) and marks <body> while it sets the colours: either made Chromium
    restyle every element of the page, 25 to 35 % of its restyling after the first paint. The
    page now has both from the start, so the script's additions change nothing; only its
    removal of the mark remains, which gives transitions back."""
    page.add_init_script(RECORD_THEME_MARKS)
    page.goto(site_url + path)
    page.wait_for_load_state("networkidle")
    theme_started(page)
    page.wait_for_function("() => document.documentElement.classList.contains('js-focus-visible')"
                           " && document.querySelector('.md-search__output')")
    now = page.evaluate("""() => ({
        class: document.documentElement.getAttribute("class"),
        mark: document.body.getAttribute("data-md-color-switching")})""")
    values_now = {("html", "class"): now["class"], ("body", "data-md-color-switching"): now["mark"]}
    records = [record for record in page.evaluate("window.hmMarks")
               if (record["element"], record["name"]) in values_now]
    marks = marks_with_new_values(records, values_now)
    late = [mark for mark in marks if mark["late"]]
    tokens = lambda value: set((value or "").split())  # noqa: E731
    assert not [mark for mark in late if mark["element"] == "html"
                and tokens(mark["old"]) != tokens(mark["new"])], late
    switching = [mark for mark in late if mark["name"] == "data-md-color-switching"]
    assert not [mark for mark in switching if mark["old"] is None and mark["new"] is not None], late
    assert any(mark["old"] is not None and mark["new"] is None for mark in switching), late
    # The theme's transitions (a link's colour) are back once it has set the colours.
    assert page.evaluate("""() => getComputedStyle(document.querySelector('.md-typeset a'))
        .transitionDuration.split(',').some((duration) => parseFloat(duration) > 0)""")


THEME_REQUESTED = """() => performance.getEntriesByType('resource')
    .some((entry) => /bundle\\.\\w+\\.min\\.js$/.test(entry.name))"""


def settled_unused(page: Any, url: str) -> None:
    """Load ``url`` and let it settle (loaded, no requests for a while, two frames drawn), with
    no use of the page: no pointer, key, touch or scroll."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@pytest.mark.browser
@pytest.mark.parametrize(("path", "use"), [
    ("", "key /"), ("deal-codes/", "wheel"), ("authors/", "pointer"), ("he/play/", "key /"),
    ("ja/examples/", "touch")])
def test_the_theme_script_waits_for_the_reader_s_first_use_and_then_starts_whole(
        page, site_url, path, use):
    """Material's script is fetched and run only once the reader uses the page (assets.
    theme_at_first_use): a page that is only loaded never asks for it. Its first use starts it,
    and it starts whole: it sets the colours, its header follows the scroll, its search opens
    from its key."""
    settled_unused(page, site_url + path)
    assert not page.evaluate(THEME_REQUESTED)
    assert page.evaluate("document.body.hasAttribute('data-md-color-switching')")  # not started
    if use == "key /":
        page.keyboard.press("/")
        assert page.evaluate("document.activeElement.matches('.md-search__input')")  # at once
    elif use == "wheel":
        page.mouse.wheel(0, 300)
    elif use == "pointer":
        page.mouse.move(200, 300)
    else:
        page.dispatch_event("article", "touchstart")
    theme_started(page)  # it set the colours
    assert page.evaluate(THEME_REQUESTED)
    page.keyboard.press("Escape")  # the theme's search closes on Escape
    page.mouse.wheel(0, 2000)
    page.wait_for_function("document.querySelector('.md-header').classList.contains('md-header--shadow')")
    page.keyboard.press("/")
    page.wait_for_function("document.activeElement.matches('.md-search__input')")


@pytest.mark.browser
@pytest.mark.parametrize("path", ["he/play/", "deal-codes/"])
def test_a_scroll_or_a_focus_the_page_makes_itself_does_not_start_the_theme(page, site_url, path):
    """A right-to-left page scrolls itself as the game is drawn, and a script may focus: no use
    of the reader's, so the theme's script still waits."""
    settled_unused(page, site_url + path)
    page.evaluate("""() => { scrollTo(0, 400); document.dispatchEvent(new Event('scroll'));
        document.querySelector('article a').focus(); }""")
    page.wait_for_load_state("networkidle")
    assert not page.evaluate(THEME_REQUESTED)


@pytest.mark.browser
def test_a_search_typed_before_the_theme_starts_is_searched_once_it_has(page, site_url):
    """The search key focuses the box at once; what the reader types before the theme has
    started is what it searches."""
    settled_unused(page, site_url)
    page.keyboard.press("/")
    page.keyboard.type("triple", delay=0)
    page.wait_for_selector(".md-search-result__item")
    assert page.evaluate("document.querySelector('.md-search__input').value") == "triple"


@pytest.mark.browser
@pytest.mark.parametrize(("scheme", "shown"), [("light", "default"), ("dark", "slate")])
def test_the_page_has_its_colours_and_its_switch_before_the_theme_starts(page, site_url, scheme, shown):
    """A first visit takes the palette of the reader's system, and shows the switch to the
    other, before any use of the page; the first click on the switch switches, once the theme
    has started, and is kept."""
    page.emulate_media(color_scheme=scheme)
    settled_unused(page, site_url + "he/")
    assert not page.evaluate(THEME_REQUESTED)
    assert page.evaluate("document.body.dataset.mdColorScheme") == shown
    switch = page.locator("[data-md-component=palette] label:not([hidden])")
    assert switch.count() == 1 and switch.is_visible()
    switch.click()
    other = {"default": "slate", "slate": "default"}[shown]
    page.wait_for_function(f"() => document.body.dataset.mdColorScheme === '{other}'")
    page.reload()
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.body.dataset.mdColorScheme") == other
    assert not page.evaluate(THEME_REQUESTED)


@pytest.mark.browser
def test_a_keyboard_focus_before_the_theme_starts_is_shown(page, site_url):
    """The theme hides the outline of a focus it did not mark as the keyboard's; a reader who
    tabs before it runs (here: never, its script is held back) sees where the focus is."""
    page.route(re.compile(r".*/assets/javascripts/bundle\.\w+\.min\.js$"), lambda route: None)  # held
    settled_unused(page, site_url + "deal-codes/")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    focused = page.evaluate("""() => ({marked: document.activeElement.classList.contains('focus-visible'),
        outline: getComputedStyle(document.activeElement).outlineStyle,
        link: document.activeElement.matches('.md-header a')})""")
    assert focused == {"marked": True, "outline": focused["outline"], "link": True}
    assert focused["outline"] != "none"
    page.mouse.click(5, 400)  # a pointer's focus is not the keyboard's
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('focus-visible')")


@pytest.mark.browser
def test_a_page_reached_from_a_search_shows_it_with_no_use_of_the_page(page, site_url):
    """A search result's address (?h=) highlights the words searched, and a search's address
    (?q=) opens the search with its words: the theme starts for them by itself."""
    page.goto(site_url + "?h=triple")
    page.wait_for_selector("article mark[data-md-highlight]")
    assert page.locator("article mark[data-md-highlight]").first.inner_text().lower().startswith("triple")
    page.goto(site_url + "strategy/?q=deadlock")
    page.wait_for_selector(".md-search-result__item")
    assert page.evaluate("document.querySelector('.md-search__input').value") == "deadlock"


@pytest.mark.browser
@pytest.mark.parametrize("path", ["", "he/play/"])
def test_the_theme_starts_in_a_task_after_the_one_its_script_runs_in(page, site_url, path):
    """Its script's evaluation and its start (the DOMContentLoaded the loader repeats for it) are
    two tasks, not one long one: a timer set as the script begins has fired when it starts."""
    run_before_theme(page, "window.hmTaskEnded = false; setTimeout(() => { window.hmTaskEnded = true; });"
                     "document.addEventListener('DOMContentLoaded', () => {"
                     " window.hmStartedLater = window.hmTaskEnded; }, {once: true});")
    page.goto(site_url + path)
    theme_started(page)
    page.wait_for_function("window.hmStartedLater !== undefined")
    assert page.evaluate("window.hmStartedLater") is True


@pytest.mark.browser
def test_the_focus_visible_polyfill_still_marks_keyboard_focus_only(page, site_url):
    """The page adds the polyfill's class to <html> before the polyfill runs; the polyfill still
    marks an element focused from the keyboard, and not one clicked."""
    page.goto(site_url + "deal-codes/")
    theme_started(page)
    page.evaluate("""() => {
        for (const name of ["first", "second"]) {
            const button = document.createElement("button");
            button.id = button.textContent = name;
            document.querySelector("article").prepend(button);
        }}""")
    page.locator("#second").click()
    assert page.evaluate("document.activeElement.id") == "second"
    assert not page.evaluate("document.activeElement.classList.contains('focus-visible')")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "first"
    assert page.evaluate("document.activeElement.classList.contains('focus-visible')")


@pytest.mark.browser
def test_the_colour_toggle_still_switches_the_palette(page, site_url):
    """The mark the page sets early is the theme's own: its toggle still switches the colours,
    and leaves the mark off afterwards, as after loading."""
    page.emulate_media(color_scheme="light")
    page.goto(site_url + "he/")
    theme_started(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
    page.locator("[data-md-component=palette] label:not([hidden])").click()
    page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
    page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")  # switched
    page.reload()
    theme_started(page)
    assert page.evaluate("document.body.dataset.mdColorScheme") == "slate"


@pytest.mark.browser
@pytest.mark.parametrize("path", ["", "examples/", "strategy/", "he/strategy/"])
def test_a_diagram_off_screen_holds_the_height_it_will_have(page, site_url, path):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + path)
    page.wait_for_load_state("networkidle")
    heights = """() => [...document.querySelectorAll('.hm-diagram-box')]
        .map((box) => box.getBoundingClientRect().height)"""
    skipped = page.evaluate(heights)
    assert len(skipped) >= 2
    page.add_style_tag(content="* { content-visibility: visible !important; }")
    assert page.evaluate(heights) == pytest.approx(skipped, abs=0.5)


def axe_violations(page, tags: list[str] | None = None) -> list[tuple[str, str]]:
    """axe-core's violations on the page as it is now (its default rules, or those of ``tags``):
    each as (impact, "rule (impact): the first node's selector")."""
    from axe_playwright_python.sync_playwright import Axe

    run = {"options": {"resultTypes": ["violations"],
                       "runOnly": {"type": "tag", "values": tags}}} if tags else {}
    return [(found["impact"], f"{found['id']} ({found['impact']}): {found['nodes'][0]['target']}")
            for found in Axe().run(page, **run).response["violations"]]


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_serious_or_critical_accessibility_violations(page, site_url, lang):
    problems = []
    for path in OWN_PAGES[lang]:
        page.goto(site_url + LANGUAGES[lang] + path)
        page.wait_for_load_state("networkidle")
        show_whole_page(page)
        problems += [f"{lang}/{path}: {problem}" for impact, problem in axe_violations(page)
                     if impact in ("serious", "critical")]
    assert not problems


@pytest.mark.browser
@pytest.mark.parametrize("path", ["strategy/", "authors/", "ar/strategy/", "he/examples/"])
def test_the_long_pages_as_loaded_on_a_phone_have_no_accessibility_violation(page, site_url, path):
    """As Lighthouse checks a page: at a phone's size, as loaded, nothing scrolled into view.
    Whatever the page skips off screen must still read right to axe: text that a block skipped
    at its stand-in size lets overflow onto the dark footer reads as low contrast, and covers
    the footer's links (content-visibility on every block after the first heading did both)."""
    page.set_viewport_size({"width": 412, "height": 823})
    page.goto(site_url + path)
    page.wait_for_load_state("networkidle")
    assert not axe_violations(page, tags=["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"])


# --- right-to-left pages: cards, codes and sums stay left-to-right units -------------------

MEASURE_INSERTS = """() => [...document.querySelectorAll('article bdi')].map(bdi => {
    const walker = document.createTreeWalker(bdi, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (walker.currentNode.length) texts.push(walker.currentNode);
    const range = document.createRange();
    const left = (node, start) => { range.setStart(node, start); range.setEnd(node, start + 1);
                                    return range.getBoundingClientRect().left; };
    const last = texts[texts.length - 1];
    return {text: bdi.textContent, first: left(texts[0], 0), last: left(last, last.length - 1),
            lines: bdi.getClientRects().length};
})"""
SUM = re.compile(r"\d+(?:\s\+\s\d+)+\s=\s\d+")
CODE = re.compile(r"HM1-N-[A-Z]{7}")


@pytest.mark.browser
@pytest.mark.parametrize("lang", RIGHT_TO_LEFT)
@pytest.mark.parametrize("width", [768, 1000, 1280])
def test_cards_codes_and_sums_read_left_to_right_on_one_line(page, site_url, lang, width):
    """Measured in the page: a card's rank is left of its suit, a sum's first number left of
    its total, and no insert breaks across lines."""
    page.set_viewport_size({"width": width, "height": 900})
    checked = {"card": 0, "sum": 0, "code": 0}
    for path in PAGES:
        page.goto(site_url + LANGUAGES[lang] + path)
        for insert in page.evaluate(MEASURE_INSERTS):
            text = insert["text"]
            if len(text) > 1 and text[-1] in "♠♥♦♣":
                checked["card"] += 1
            elif SUM.fullmatch(text):
                checked["sum"] += 1
            elif CODE.fullmatch(text):
                checked["code"] += 1
            else:
                continue  # a formula typed in the page may wrap
            if insert["lines"] == 0:
                continue  # not shown (the Play page's notice for browsers without JavaScript)
            assert insert["lines"] == 1, f"{lang}/{path}: {text!r} breaks across lines"
            assert insert["first"] < insert["last"], f"{lang}/{path}: {text!r} reads right to left"
    assert checked["card"] >= 4 and checked["sum"] >= 2 and checked["code"] >= 2, checked


# --- plurals in the browser ------------------------------------------------------------------


@pytest.mark.browser
def test_the_browser_picks_the_plural_form_babel_picks_for_every_count(page, site_url):
    """Intl.PluralRules (the game) and Babel (the docs) agree for 0…104 in every language."""
    page.goto(site_url)
    categories = page.evaluate("""langs => Object.fromEntries(langs.map(lang => {
        const rules = new Intl.PluralRules(lang);
        return [lang, Array.from({length: 105}, (_, n) => rules.select(n))];
    }))""", list(LANGUAGES))
    for lang, chosen in categories.items():
        locale = Locale.parse(lang)
        assert chosen == [locale.plural_form(n) for n in range(105)], lang
        forms = json.loads((ROOT / "halfmoon" / "catalogs" / f"{lang}.json").read_text("utf-8"))
        for key, message in forms.items():
            if isinstance(message, dict):
                assert set(chosen) <= set(message), (lang, key)


# --- the step viewer joins lists as the pages do ----------------------------------------------


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_step_viewer_lists_a_triple_as_the_catalog_joins_lists(page, site_url, lang):
    """No serial comma ("A, B, and C") and no "ו-" of Intl.ListFormat: the catalog's own
    docs.list messages, as in the pages, with each card a left-to-right unit."""
    from halfmoon import Record

    record = Record.parse((ROOT / "docs" / "records" / "HM1-N-AAAAAAB.txt").read_text("utf-8"))
    number = next(n for n, move in enumerate(record.moves, 1) if len(move.sources) == 3)
    before = record.replay(number - 1)
    cat = catalog(lang)
    parts = [cat.card_from(before.card_at(source), source)
             for source in record.moves[number - 1].sources]
    page.goto(site_url + LANGUAGES[lang] + "examples/")
    reach(page, ".hm-stepper")
    status = page.locator(".hm-stepper-status")
    for _ in range(number):
        page.click(".hm-stepper button[data-step='next']")
    assert cat.join(parts) in status.inner_text()


@pytest.mark.browser
@pytest.mark.parametrize("lang", LANGUAGES)
def test_codes_cards_and_sources_never_break_inside_on_a_narrow_phone(page, site_url, lang):
    """On a 320 px phone every deal code, card, move and source of the text stays on one line
    (a code broke at its hyphens, "HM1-N-" / "AAAAAAB", on Japanese pages)."""
    page.set_viewport_size({"width": 320, "height": 640})
    units = 0
    for path in PAGES:
        page.goto(site_url + LANGUAGES[lang] + path)
        broken = page.eval_on_selector_all(
            "article .hm-unit",
            """els => els.filter(e => !e.closest('.hm-text-alternative, details:not([open])'))
                      .map(e => [e.textContent, new Set([...e.getClientRects()]
                                 .filter(r => r.width > 0).map(r => Math.round(r.top))).size])""")
        units += len(broken)
        assert [text for text, lines in broken if lines > 1] == [], path
    assert units >= 20  # the Rules, Examples and Deal codes pages name many cards and codes
