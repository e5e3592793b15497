"""Typography checked by ``translation-status --strict`` (halfmoon/typography.py): a slip planted
in a copy of the site's catalogs or pages fails it, with the file and line; the real tree passes."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from halfmoon import i18n, typography
from halfmoon.cli import main
from halfmoon.typography import NBSP, NNBSP, Words, findings, mended, rules

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de", "es", "fr", "he", "ru", "ar", "pl", "ja")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """docs/, mkdocs.yml and the catalogs copied; translation-status pointed at them."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("records"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(i18n.catalog_dir(), tmp_path / "catalogs")
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path / "catalogs")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def status(capsys) -> tuple[int, str]:
    code = main(["translation-status", "--strict"])
    return code, capsys.readouterr().out


def plant_message(project: Path, lang: str, key: str, text: str) -> str:
    """``key`` of ``lang``'s catalog set to ``text``; the "file:line" it is on."""
    path = project / "catalogs" / f"{lang}.json"
    lines = path.read_text(encoding="utf-8").split("\n")
    (number,) = [n for n, line in enumerate(lines) if line.lstrip().startswith(f'"{key}":')]
    lines[number] = f'  "{key}": {json.dumps(text, ensure_ascii=False)},'
    path.write_text("\n".join(lines), encoding="utf-8")
    return f"catalogs/{lang}.json:{number + 1}:"


def plant_line(project: Path, lang: str, text: str, page: str = "play.md") -> str:
    """``text`` as a paragraph at the end of one of ``lang``'s pages; the "file:line" it is on."""
    path = project / "docs" / lang / page
    old = path.read_text(encoding="utf-8")
    path.write_text(old.rstrip("\n") + "\n\n" + text + "\n", encoding="utf-8")
    return f"docs/{lang}/{page}:{len(old.rstrip(chr(10)).split(chr(10))) + 2}:"


def test_the_real_catalogs_and_pages_of_every_language_have_no_slip(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    for lang in LANGUAGES:
        assert typography.language_problems(i18n.catalog_dir(), ROOT / "docs", lang) == [], lang
    code, out = status(capsys)
    assert code == 0 and "typography" not in out.replace("typography right", ""), out


# --- French: marks, guillemets, apostrophe -------------------------------------------------

@pytest.mark.parametrize("mark", list(";:!?"))
@pytest.mark.parametrize("before, said", [(" ", "a plain space"), (NBSP, "a no-break space (U+00A0)"),
                                          ("", "nothing")])
def test_french_wants_a_narrow_no_break_space_before_each_high_mark(project, capsys, mark, before,
                                                                      said):
    where = plant_message(project, "fr", "game.said.cleared", f"Sélection effacée{before}{mark}")
    page = plant_line(project, "fr", f"Une phrase de plus{before}{mark} puis la suite.")
    code, out = status(capsys)
    assert code == 1
    for place in (where, page):
        line = next(line for line in out.splitlines() if place in line)
        assert f"{said} before {mark!r}: write a narrow no-break space (U+202F)" in line


def test_french_guillemets_take_narrow_no_break_spaces_inside(project, capsys):
    where = plant_message(project, "fr", "game.said.cleared", f"«{NNBSP}Sélection» effacée")
    page = plant_line(project, "fr", "Le jeu dit « ceci » en clair.")
    code, out = status(capsys)
    assert code == 1
    assert f"{where} game.said.cleared: nothing before '»'" in out
    assert f"{page} a plain space after '«'" in out and f"{page} a plain space before '»'" in out


def test_french_writes_the_typographic_apostrophe(project, capsys):
    where = plant_message(project, "fr", "game.said.cleared", "Plus rien n'est choisi")
    page = plant_line(project, "fr", "C'est la fin.")
    code, out = status(capsys)
    assert code == 1
    assert f"{where} game.said.cleared: a straight apostrophe" in out
    assert f"{page} a straight apostrophe in \"C'est la " in out and "write '’'" in out


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "fr"])
def test_other_languages_write_no_space_before_marks(lang):
    assert rules(lang).spaced_marks == "" and not findings("Fertig! Wirklich? Ja: gut; ja.", lang)


def test_the_label_value_joint_is_the_language_s(project, capsys):
    fr = plant_message(project, "fr", "docs.label_value", "{label}: {value}")
    ja = plant_message(project, "ja", "docs.label_value", "{label}: {value}")
    code, out = status(capsys)
    assert code == 1
    assert f"{fr} docs.label_value joins with ': '; fr's rule is '\\u202f: '" in out
    assert f"{ja} docs.label_value joins with ': '; ja's rule is '：'" in out


# --- every language: a number keeps to its word -------------------------------------------

SOURCE_WORDS = {  # a source word and its number, as a page writes them, with a plain space
    "en": "pile 11", "de": "Stapel 11", "es": "montón 11", "fr": "pile 11", "he": "ערימה 11",
    "ru": "стопка 11", "ar": "الكومة 12", "pl": "stos 11",
}
COUNTED_NOUNS = {  # a number and the noun it counts
    "en": "all 104 cards", "de": "alle 104 Karten", "es": "las 104 cartas",
    "fr": "les 104 cartes", "he": "כל 104 קלפים", "ru": "все 104 карты", "ar": "كل 10 أوراق",
    "pl": "wszystkie 104 karty",
}


@pytest.mark.parametrize("lang", list(SOURCE_WORDS))
def test_a_source_word_keeps_to_its_number(project, capsys, lang):
    page = plant_line(project, lang, f"{SOURCE_WORDS[lang]}.")
    where = plant_message(project, lang, "source.pile",
                          i18n.load_messages(i18n.catalog_dir() / f"{lang}.json")["source.pile"]
                          .replace(NBSP, " "))
    code, out = status(capsys)
    assert code == 1
    assert f"{page} a plain space in {SOURCE_WORDS[lang]!r}" in out
    assert f"{where} source.pile: a plain space beside {{pile}}" in out


@pytest.mark.parametrize("lang", list(COUNTED_NOUNS))
def test_a_count_keeps_to_its_noun(project, capsys, lang):
    page = plant_line(project, lang, f"{COUNTED_NOUNS[lang]}.")
    code, out = status(capsys)
    counted = COUNTED_NOUNS[lang].split(" ", 1)[1]
    assert code == 1 and f"{page} a plain space in {counted!r}" in out
    assert "the number keeps to its noun with a no-break space (U+00A0)" in out


@pytest.mark.parametrize("lang", list(COUNTED_NOUNS))
def test_a_count_placeholder_keeps_to_its_noun_in_the_catalog(project, capsys, lang):
    forms = dict(i18n.load_messages(i18n.catalog_dir() / f"{lang}.json")["docs.count.cards"])
    forms["other"] = forms["other"].replace(NBSP, " ")
    path = project / "catalogs" / f"{lang}.json"
    messages = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**messages, "docs.count.cards": forms}, ensure_ascii=False,
                               indent=2), encoding="utf-8")
    code, out = status(capsys)
    assert code == 1 and "docs.count.cards.other: a plain space beside {count}" in out


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "pl"])
def test_a_number_s_digit_groups_are_never_split_by_a_plain_space(lang):
    (found,) = findings("8 031 810", lang)[:1]
    assert "inside the number" in found.message


def test_the_number_rules_are_read_from_each_catalog():
    ru = Words.of(i18n.load_messages(i18n.catalog_dir() / "ru.json"))
    assert "стопка" in ru.before_number and {"карта", "карты", "карт"} <= ru.after_number
    ja = Words.of(i18n.load_messages(i18n.catalog_dir() / "ja.json"))
    assert ja == Words()  # no spaces in Japanese: nothing to keep together


# --- colons ----------------------------------------------------------------------------------

LOWER_AFTER_COLON = {"fr": f"Un mot{NNBSP}: La suite.", "es": "Una palabra: La continuación.",
                     "ru": "Одно слово: Продолжение.", "pl": "Jedno słowo: Dalszy ciąg."}


@pytest.mark.parametrize("lang", list(LOWER_AFTER_COLON))
def test_no_capital_after_a_colon_where_the_language_writes_lower_case(project, capsys, lang):
    page = plant_line(project, lang, LOWER_AFTER_COLON[lang])
    where = plant_message(project, lang, "game.said.cleared", LOWER_AFTER_COLON[lang])
    code, out = status(capsys)
    word = re.search(r": (\w+)", LOWER_AFTER_COLON[lang])[1]
    assert code == 1
    assert f"{page} {word!r} after a colon: {lang} writes lower case there" in out
    assert f"{where} game.said.cleared: {word!r} after a colon" in out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_english_and_german_keep_a_capital_after_a_colon(lang):
    assert not findings("Note: The rest follows.", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_is_never_joined_on_after_a_colon(project, capsys, lang):
    colon = "：" if lang == "ja" else NNBSP + ": " if lang == "fr" else ": "
    where = plant_message(project, lang, "game.said.mismatch", f"x{colon}{{reason}}")
    code, out = status(capsys)
    assert code == 1 and f"{where} game.said.mismatch: {{reason}} is a sentence joined on" in out


# --- what is not prose, and mending ---------------------------------------------------------

@pytest.mark.parametrize("text", [
    "`pile 11 ; x`", "```\npile 11 : x\n```", "[lien](https://example.org/?a=1)",
    "{{hm source 11}} et {{hm stat won}}", '<span title="pile 11 !">x</span>', "|---|:---:|",
    "![carte](carte.png)", "à 10:30", "&nbsp;",
])
def test_what_is_not_prose_is_not_checked(text):
    words = Words.of(i18n.load_messages(i18n.catalog_dir() / "fr.json"))
    assert [f for _, found in typography.page_findings(text + "\n", "fr", words) for f in found] == []


def test_the_title_in_front_matter_is_checked_and_the_rest_is_not(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("---\ntitle: Vraiment ?\ntranslated_from: x:y\n---\n\nTexte.\n", encoding="utf-8")
    (problem,) = typography.page_problems(page, "fr")
    assert problem.line == 2 and "before '?'" in problem.message


def test_mending_writes_the_one_right_spelling():
    text = "Quoi ? « Oui » : l'as de la pile 11, 18 031 cartes!"
    words = Words.of(i18n.load_messages(i18n.catalog_dir() / "fr.json"))
    fixed = mended(text, findings(text, "fr", words))
    assert fixed == (f"Quoi{NNBSP}? «{NNBSP}Oui{NNBSP}»{NNBSP}: l’as de la pile{NBSP}11, "
                     f"18{NNBSP}031{NBSP}cartes{NNBSP}!")
    assert findings(fixed, "fr", words) == []


# --- the built French pages ------------------------------------------------------------------

class _Text(HTMLParser):
    """A page's text outside code, scripts and styles."""

    SKIP = {"script", "style", "code", "pre", "kbd", "samp"}

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.depth += tag in self.SKIP

    def handle_endtag(self, tag):
        self.depth -= tag in self.SKIP and self.depth > 0

    def handle_data(self, data):
        if not self.depth:
            self.parts.append(data)


@pytest.mark.slow
def test_the_built_french_pages_have_no_plain_space_before_a_high_mark(built_site):
    pages = sorted((built_site / "fr").glob("**/index.html"))
    assert len(pages) >= 5
    for page in pages:
        reader = _Text()
        reader.feed(page.read_text(encoding="utf-8"))
        text = "".join(reader.parts)
        slips = [text[max(0, m.start() - 30):m.end()] for m in re.finditer(r"[ \u00a0][;:!?]", text)]
        assert not slips, (page, slips)
