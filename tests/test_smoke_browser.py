import pytest


@pytest.mark.browser
def test_home_page_opens_in_every_language(page, site_url):
    for lang, direction in (("", "ltr"), ("he/", "rtl"), ("ru/", "ltr"), ("fr/", "ltr")):
        page.goto(site_url + lang)
        assert (page.locator("html").get_attribute("dir") or "ltr") == direction
        assert page.locator("h1").first.inner_text().strip() == "Half Moon"
