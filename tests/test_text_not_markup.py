"""Every value from a catalog, a language's name or mkdocs.yml reaches a page as text (issue 39,
the two paths that still wrote HTML): the search's further-results count, which Material's h()
adds as HTML, and the theme's language switcher and colour switch, which MkDocs' templates write
unescaped. Each path is tried with the issue's payload and with variants of our own."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from halfmoon_mkdocs.search import SEARCH_COUNT, point_search_at_language
from jinja2 import Environment, FileSystemLoader
from node_script import node_outcome

from halfmoon.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAYLOADS = (
    '<img src=x onerror="alert(1)">',           # the issue's
    '"><svg onload=alert(2)>',                   # out of an attribute first
    "</summary></details><script>alert(3)</script>",
    "&lt;b&gt;bold&lt;/b&gt;",                    # references that would become markup
    "l'autre « x » & $& $1 $$",                  # quotes, an ampersand, replacement patterns
)


def _count(tmp_path: Path, forms: dict[str, str], calls: list[list[object]]) -> list[object]:
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"expression": SEARCH_COUNT, "lang": "fr",
                                 "counts": {"results": forms, "more": forms}, "calls": calls}),
                     encoding="utf-8")
    return node_outcome("search_count.mjs", str(cases))["answers"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_further_results_count_is_given_to_material_as_escaped_html(tmp_path, payload):
    forms = {"one": f"{payload} {{count}} one", "other": f"{{count}} {payload}"}
    more, more_one, results = _count(tmp_path, forms, [["more", 1234, 1], ["more", 1, 1],
                                                       ["results", 1234, 0]])
    for shown, form, n in ((more, "other", "1\u202f234"), (more_one, "one", "1")):
        assert not re.search(r"[<>\"']|&(?!#\d+;)", shown), shown  # nothing HTML would read as markup
        assert html.unescape(shown) == forms[form].replace("{count}", n)  # and the words are all there
    assert results == forms["other"].replace("{count}", "1\u202f234")  # set as textContent: as is


def test_a_page_without_counts_keeps_materials_words(tmp_path):
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"expression": SEARCH_COUNT, "lang": "fr", "counts": {},
                                 "calls": [["more", 2, 1], ["results", 2, 0]]}), encoding="utf-8")
    assert node_outcome("search_count.mjs", str(cases))["answers"] == [None, None]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_page_config_script_holds_no_markup(payload):
    page = ('<script id="__config" type="application/json">'
            # as Material's tojson writes it: no "<" (the page's own reading of the config
            # writes it again, and must not bring one back)
            + json.dumps({"base": ".", "translations": {"x": payload + "<!--<script>"}}).replace(
                "<", "\\u003c")
            + "</script>")
    pointed = point_search_at_language(page, "fr/")
    inner = pointed.removeprefix('<script id="__config" type="application/json">').removesuffix("</script>")
    assert "<" not in inner
    assert json.loads(inner)["translations"]["x"] == payload + "<!--<script>"


# --- the theme's templates: the language switcher, the colour switch, the description --------


def _render(template: str, **context: object) -> str:
    material = Path(__import__("material").__file__).parent / "templates"
    environment = Environment(loader=FileSystemLoader([str(ROOT / "overrides"), str(material)]))
    environment.filters["url"] = lambda value: value  # MkDocs' (a page-relative address)
    return environment.get_template(template).render(**context)


class _Lang:
    @staticmethod
    def t(key: str) -> str:
        return key


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_language_switcher_writes_each_name_as_text(payload):
    config = {"theme": {"icon": {}}, "extra": {"alternate": [
        {"name": "English", "link": "/", "lang": "en"},
        {"name": payload, "link": "/fr/", "lang": 'fr"><b>'},
    ]}}
    out = _render("partials/alternate.html", config=config, lang=_Lang())
    names = re.findall(r'class="md-select__link">\s*(.*?)\s*</a>', out, re.S)
    assert [html.unescape(name) for name in names] == ["English", payload]
    listed = out.split('<ul class="md-select__list">')[1]  # after the theme's own icon
    assert not re.search(r"<(img|svg|script|b)\b", listed)
    assert re.findall(r"<(\w+)", listed) == ["li", "a", "li", "a"]


@pytest.mark.parametrize("payload", PAYLOADS)
def test_the_colour_switch_writes_its_labels_as_text(payload):
    config = {"theme": {"palette": [
        {"media": "(prefers-color-scheme: light)", "scheme": "default",
         "toggle": {"icon": "material/weather-night", "name": payload}},
        {"media": "(prefers-color-scheme: dark)", "scheme": "slate",
         "toggle": {"icon": "material/weather-sunny", "name": "Light " + payload}},
    ]}}
    out = _render("partials/palette.html", config=config)
    labels = re.findall(r'title="([^"]*)"', out)
    assert [html.unescape(label) for label in labels] == [payload, "Light " + payload]
    elements = re.findall(r"<(\w+)", re.sub(r"<svg.*?</svg>", "", out, flags=re.S))  # but its icons
    # and the page's own script that sets the colours and shows the switch, which reads no label
    assert elements == ["form", "input", "label", "input", "label", "script"]
    assert payload not in out.split("<script>")[1]


# --- new-language refuses markup in a name ---------------------------------------------------


@pytest.mark.parametrize("name", ['<img src=x onerror="alert(1)">', "Ital<b>iano</b>",
                                  "Fran&ccedil;ais", "A > B"])
def test_new_language_refuses_markup_in_the_name_and_writes_nothing(tmp_path, capsys, monkeypatch,
                                                                     name):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    assert main(["new-language", "it", "--name", name]) == 2
    error = capsys.readouterr().err
    assert "shown as text in the language menu" in error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mkdocs.yml"]
