"""One term for one thing (issue 41): each language's glossary, kept with the catalogs, and the
typography pass that reports a ruled-out variant on a page or in a catalog with its file, line
and the term to write instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_typography import plant_line, plant_message, project, status  # noqa: F401

from halfmoon import i18n
from halfmoon.cli.siteconfig import read_site
from halfmoon.typography import GLOSSARY_DIR, Glossary, Term, _variant_pattern, glossary_of

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = [lang.code for lang in read_site(ROOT / "mkdocs.yml").languages]
# A ruled-out variant of each language, planted, and the term the report must name.
PLANTED = {
    "en": ("The list of lost deals grows.", "lost deals", "unwinnable deal"),
    "fr": ("Voici des donnes perdues.", "donnes perdues", "donne impossible à gagner"),
    "de": ("Verlorene Spiele zum Üben.", "Verlorene Spiele", "unlösbares Spiel"),
    "es": ("Escriba un código.", "Escriba", "tú: escribe"),
    "pl": ("Brak ruchów: koniec gry.", "Brak ruchów", "impas"),
    "ru": ("Стол — одна остановка клавиши Tab.", "одна остановка", "одно нажатие Tab"),
    "he": ("השולחן הוא עצירה אחת.", "עצירה אחת", "מקש Tab מעביר אל השולחן"),
    "ar": ("الطاولة محطة واحدة.", "محطة واحدة", "ضغطة واحدة على Tab"),
    "ja": ("ブラウザで開きます。", "ブラウザ", "ブラウザー"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_a_glossary_that_reads_without_a_problem(lang):
    glossary, problems = glossary_of(i18n.catalog_dir(), lang)
    assert glossary is not None and problems == [], (lang, problems)
    data = json.loads((i18n.catalog_dir() / GLOSSARY_DIR / f"{lang}.json").read_text("utf-8"))
    things = {thing for thing in data if not thing.startswith("_")}
    # The things the issue names, in every language.
    assert {"deal", "pile", "reserve", "slot", "pair", "triple", "deadlock", "undo", "hint",
            "tip", "win rate", "interval", "browser"} <= things, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_planted_variant_is_reported_with_its_file_line_and_the_term(project, capsys, lang):  # noqa: F811
    text, variant, term = PLANTED[lang]
    page = plant_line(project, lang, text)
    where = plant_message(project, lang, "game.said.cleared", text)
    code, out = status(capsys)
    assert code == 1
    for place in (page, where):
        line = next((line for line in out.splitlines() if place in line and "glossary" in line), "")
        assert repr(variant) in line and term in line, (lang, place, out[-2000:])


def test_the_real_pages_and_catalogs_use_no_ruled_out_variant():
    from halfmoon.typography import language_problems
    for lang in LANGUAGES:
        found = [str(problem) for problem in language_problems(i18n.catalog_dir(), ROOT / "docs", lang)
                 if "glossary" in problem.message]
        assert found == [], found


def glossary(lang: str, data: object, tmp_path: Path) -> tuple[Glossary, list]:
    path = tmp_path / f"{lang}.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return Glossary.read(path, lang)


def test_a_variant_matches_from_a_word_s_start_with_any_ending(tmp_path):
    words, problems = glossary("pl", {"pile": {"use": "stos", "not": ["kupk"]}}, tmp_path)
    assert problems == []
    assert [f.index for f in words.findings("Dwie kupki i kupka.")] == [5, 13]
    assert [f.index for f in words.findings("Zakupki to nie kupki?")] == [15]  # not inside "Zakupki"


def test_a_placeholder_is_not_prose():
    words = Glossary("de", ())
    assert words.findings("{triples}") == []
    planted, _ = Glossary.read(ROOT / "halfmoon" / "catalogs" / GLOSSARY_DIR / "de.json", "de")
    assert planted.findings("{moves}: {pairs} und {triples}") == []
    assert planted.findings("ein Triple")  # the word itself is


def test_in_japanese_a_variant_matches_anywhere_and_a_pattern_can_exclude():
    words, _ = Glossary.read(ROOT / "halfmoon" / "catalogs" / GLOSSARY_DIR / "ja.json", "ja")
    assert words.findings("このブラウザで遊ぶ") and not words.findings("このブラウザーで遊ぶ")
    assert words.findings("結果は95%区間で") and not words.findings("95%信頼区間")
    assert not words.findings("有効なディールを指していません")  # "points to", not a move


@given(st.lists(st.sampled_from(["kupka", "kupki", "Kupkę", "KUPKI", "stos", "zakupki",
                                  "ko\u00a0kupkom", "(kupka)"]), max_size=8))
def test_every_word_starting_with_the_variant_is_found_and_no_other(words):
    pile = Glossary("pl", (Term("pile", "stos", "kupk", _variant_pattern("kupk", "pl")),))
    text = " ".join(words)
    expected = sum(1 for word in text.replace("\u00a0", " ").replace("(", " ").split()
                   if word.lower().startswith("kupk"))
    assert len(pile.findings(text)) == expected
    assert all(finding.message.endswith("write 'stos'") for finding in pile.findings(text))


@pytest.mark.parametrize(("data", "said"), [
    ([], "a glossary is an object"),
    ({"deal": "donne"}, "'deal': write"),
    ({"deal": {"use": "donne", "not": ["re:("]}}, "is not a regular expression"),
    ({"deal": {"use": "donne", "not": ["donne"]}}, "rules out the term 'donne' itself"),
])
def test_a_bad_glossary_is_a_problem_with_its_line(tmp_path, data, said):
    _, problems = glossary("fr", data, tmp_path)
    assert len(problems) == 1 and said in problems[0].message
    assert problems[0].line == (1 if isinstance(data, list) else 2)


def test_a_glossary_that_is_not_json_names_its_line(tmp_path):
    path = tmp_path / "fr.json"
    path.write_text('{\n "deal": {"use": "donne",\n}', encoding="utf-8")
    _, problems = Glossary.read(path, "fr")
    assert len(problems) == 1 and problems[0].line == 3 and "not JSON" in problems[0].message
