"""What the theme's footer says on a built page: Material's "Made with…" in the page's language."""

from __future__ import annotations

import json
import re
from html import unescape

from halfmoon.i18n import catalog_dir, text_direction

MATERIAL = "Material for MkDocs"
MATERIAL_LINK = '<a href="https://squidfunk.github.io/mkdocs-material/" target="_blank" rel="noopener">'


def footer(html: str) -> str:
    """The markup of the footer's copyright block (without a ``config.copyright`` in it)."""
    match = re.search(r'<div class="md-copyright">(.*?)</div>', html, re.S)
    assert match, "the page has no footer copyright block"
    return match.group(1)


def page_language(html: str) -> str:
    match = re.search(r'<html lang="([^"]+)"', html)
    assert match, "the page names no language"
    return match.group(1)


def assert_footer_in_language(html: str, lang: str, where: str) -> None:
    """The footer reads the catalog's sentence, with Material's name a link (isolated on
    right-to-left pages), and no English "Made with" is left on a page of another language."""
    if lang != "en":
        assert "Made with" not in html, f"{where}: English footer on a {lang!r} page"
    messages = json.loads((catalog_dir() / f"{lang}.json").read_text(encoding="utf-8"))
    sentence = messages.get("docs.footer.generator")
    assert isinstance(sentence, str), f"the {lang!r} catalog has no footer sentence"
    block = footer(html)
    shown = " ".join(unescape(re.sub(r"<[^>]+>", "", block)).split())
    assert shown == sentence.replace("{tool}", MATERIAL), f"{where}: footer reads {shown!r}"
    link = re.search(re.escape(MATERIAL_LINK) + r"(.*?)</a>", block, re.S)
    assert link, f"{where}: no link to Material in the footer: {block!r}"
    name = f'<bdi dir="ltr">{MATERIAL}</bdi>' if text_direction(lang) == "rtl" else MATERIAL
    assert link.group(1) == name, f"{where}: the link reads {link.group(1)!r}"
