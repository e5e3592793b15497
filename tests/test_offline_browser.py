"""The installable, offline game at work in Chromium: the service worker with the server stopped.

The tests stop the local server instead of using the browser's offline switch, which does not
cover a service worker's own requests.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from browser_helpers import EXAMPLE, PREFIXES, ROOT, example_moves, field, tap

from halfmoon.i18n import catalog

pytestmark = pytest.mark.browser


@pytest.fixture
def own_site(built_site, tmp_path):
    """A copy of the built site that a test may change and serve, stop and serve again."""
    return Path(shutil.copytree(built_site, tmp_path / "site"))


def wait_for_worker(page) -> None:
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")


def test_after_one_visit_the_game_plays_wins_and_resumes_with_the_server_stopped(
        page, own_site):
    from site_server import serve

    moves = example_moves()
    with serve(own_site) as url:
        page.goto(f"{url}play/#{EXAMPLE}")
        wait_for_worker(page)
        page.goto(url)  # a rules page, read while online
        page.wait_for_load_state("networkidle")
    rules_heading = page.locator("h1").first.inner_text()

    page.goto(f"{url}play/#{EXAMPLE}")
    page.wait_for_selector(".hm-board [data-source='1']")
    for move in moves[:5]:
        tap(page, *move)
    assert field(page, "moves") == "5"
    page.reload()
    page.wait_for_selector(".hm-board [data-source='1']")
    assert field(page, "moves") == "5"  # the saved game, resumed offline
    for move in moves[5:]:
        tap(page, *move)
    assert field(page, "score") == "520"
    assert field(page, "moves") == "48"

    page.goto(url)
    assert page.locator("h1").first.inner_text() == rules_heading
    # A query string (a link shared with tracking words) is the same page offline.
    page.goto(f"{url}play/?from=a-link#{EXAMPLE}")
    page.wait_for_selector(".hm-board [data-source='1']")
    page.goto(f"{url}?utm_source=x")
    assert page.locator("h1").first.inner_text() == rules_heading


def test_a_deal_codes_page_read_online_looks_deals_up_with_the_server_stopped(page, own_site):
    from site_server import reach, serve

    with serve(own_site) as url:
        page.goto(f"{url}play/")
        wait_for_worker(page)
        page.goto(f"{url}deal-codes/")  # read, no lookup made
        page.wait_for_load_state("networkidle")
    page.reload()
    reach(page, ".hm-lookup")  # the lookup starts when the reader comes near it
    form = page.locator(".hm-lookup")
    form.locator("input").fill(EXAMPLE)
    form.locator("button").click()
    page.wait_for_function("document.querySelector('.hm-lookup-result').dataset.verdict !== undefined")
    assert form.locator(".hm-lookup-result").get_attribute("data-verdict") == "won"


def test_a_new_build_is_offered_then_taken_whole_online_and_offline(page, own_site,
                                                                    tmp_path):
    from site_server import build_site, serve

    # The second build: the same site with one module changed.
    project = tmp_path / "project"
    shutil.copytree(ROOT / "docs", project / "docs")
    shutil.copytree(ROOT / "overrides", project / "overrides")
    shutil.copy(ROOT / "mkdocs.yml", project / "mkdocs.yml")
    boot = project / "docs" / "assets" / "game" / "boot.js"
    boot.write_text(boot.read_text() + '\ndocument.documentElement.dataset.build = "2";\n')
    second = build_site(tmp_path / "second", config=project / "mkdocs.yml")

    with serve(own_site) as url:
        page.goto(f"{url}play/")
        wait_for_worker(page)
        first_caches = page.evaluate("caches.keys()")
        assert len(first_caches) == 1
        assert page.locator(".hm-update").is_hidden()
        shutil.rmtree(own_site)
        shutil.copytree(second, own_site)
        page.reload()
        page.wait_for_selector(".hm-update:not([hidden])", timeout=30_000)
        assert page.locator(".hm-update").inner_text().startswith(
            catalog("en").text("offline.update_ready"))
        # The button lets the new worker take over, and the page then reloads itself: wait for
        # that reload, or the test's own reload below would cut it short (net::ERR_ABORTED).
        with page.expect_navigation():
            page.click(".hm-update button")
        page.wait_for_function("document.documentElement.dataset.build === '2'")
        page.wait_for_function(
            f"caches.keys().then(keys => keys.length === 1 && keys[0] !== {json.dumps(first_caches[0])})")

    page.reload()  # the server is stopped: the new build comes whole from the new cache
    page.wait_for_selector(".hm-board [data-source='1']")
    assert page.evaluate("document.documentElement.dataset.build") == "2"


def wait_until_kept(page, url: str) -> None:
    """Wait for the worker to have kept the page at ``url`` (it keeps a page once the page's whole
    body has come, beside the page's own load)."""
    page.wait_for_function("url => caches.match(url, { ignoreSearch: true }).then(Boolean)", arg=url)


def offline_page_words(built_site: Path, lang: str) -> tuple[str, str]:
    """The heading and the retry link's words of ``lang``'s offline page, as built."""
    html = (built_site / PREFIXES[lang] / "offline" / "index.html").read_text("utf-8")
    heading = re.search(r"<h1[^>]*>(.*?)<", html, re.S).group(1).strip()
    retry = re.search(r'class="hm-retry"[^>]*>(.*?)<', html, re.S).group(1).strip()
    return heading, retry


@pytest.mark.parametrize("lang", ["en", "he"])
def test_offline_a_page_never_read_gets_the_offline_page_of_its_language(page, own_site, lang):
    from site_server import serve

    heading, retry = offline_page_words(own_site, lang)
    with serve(own_site) as url:
        home = f"{url}{PREFIXES[lang]}"
        page.goto(f"{home}play/")
        wait_for_worker(page)
        page.goto(home)  # the rules page, read online
        wait_until_kept(page, home)
        rules_title = page.locator("[data-md-component=header-topic] .md-ellipsis").inner_text().strip()
    page.goto(f"{home}strategy/#a-part")  # never read: the server is stopped
    page.wait_for_selector(".hm-kept[data-kept]")
    assert page.url.split("?")[0] == f"{home}offline/"
    assert page.evaluate("document.querySelector('h1').firstChild.textContent.trim()") == heading
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("getComputedStyle(document.body).direction") == (
        "rtl" if lang == "he" else "ltr")
    kept = page.eval_on_selector_all(".hm-kept li a", "links => links.map(a => [a.href, a.textContent])")
    assert [home, rules_title] in kept
    assert f"{home}play/" in [href for href, _ in kept]
    assert all(href.startswith(home) and "/offline/" not in href for href, _ in kept)
    assert page.locator(".hm-kept-none").is_hidden()
    link = page.locator("a.hm-retry")
    assert link.inner_text() == retry
    assert link.get_attribute("href") == f"{home}strategy/"
    page.click(".hm-kept li a >> nth=0")  # a kept page opens from the list, offline
    page.wait_for_selector("h1")
    assert "/offline/" not in page.url


def test_offline_a_page_read_before_has_its_theme_and_its_search(page, own_site):
    from site_server import serve, theme_started

    with serve(own_site) as url:
        page.goto(f"{url}he/play/")
        wait_for_worker(page)
        page.goto(f"{url}he/")
        wait_until_kept(page, f"{url}he/")
    page.reload()
    theme_started(page)
    page.locator("label.md-search__icon, .md-search__input").first.click()
    page.locator(".md-search__input").focus()
    page.keyboard.insert_text("חלוקה")
    page.locator(".md-search__input").dispatch_event("keyup")
    page.locator(".md-search-result__item").first.wait_for(timeout=15_000)
    hrefs = page.eval_on_selector_all(".md-search-result a", "links => links.map(a => a.href)")
    assert hrefs and all(href.startswith(f"{url}he/") for href in hrefs)
