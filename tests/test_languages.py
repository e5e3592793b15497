"""The translator's tools: ``new-language``, ``mark-translated`` and ``translation-status``,
run in a copy of the site's pages, configuration and catalogs."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from halfmoon import i18n
from halfmoon.cli import main
from halfmoon.cli.languages import UNTRANSLATED, git_blob_hash, translated_from
from halfmoon.cli.siteconfig import read_site
from halfmoon.files import FileWriteError
from halfmoon.i18n import plural_categories

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path, monkeypatch):
    """docs/, mkdocs.yml and the catalogs copied; the tools pointed at them."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(i18n.catalog_dir(), tmp_path / "catalogs")
    monkeypatch.setattr(i18n, "catalog_dir", lambda: tmp_path / "catalogs")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_new_language_marks_everything_untranslated_with_the_cldr_plural_forms(project, capsys):
    code, out, _ = run(capsys, "new-language", "it", "--name", "Italiano")
    assert code == 0 and "Italiano (it) added" in out
    messages = json.loads((project / "catalogs" / "it.json").read_text(encoding="utf-8"))
    english = json.loads((project / "catalogs" / "en.json").read_text(encoding="utf-8"))
    assert messages.keys() == english.keys()
    for key, message in messages.items():
        forms = [message] if isinstance(message, str) else list(message.values())
        assert all(form.startswith(UNTRANSLATED) for form in forms), key
        if isinstance(message, dict):
            assert tuple(message) == plural_categories("it") == ("one", "many", "other")
    site = read_site(project / "mkdocs.yml")
    italian = site.language("it")
    assert italian is not None and italian.name == "Italiano"
    # Its menu is the other translations'; its pages are those and the pages no menu lists.
    navs = {page for lang in site.languages for page in lang.nav}
    assert site.translated_pages() == (*italian.nav, *sorted(set(site.translated_pages()) - navs))
    assert italian.palette_labels == tuple(UNTRANSLATED + label
                                           for label in site.default.palette_labels)
    for page in site.translated_pages():
        copied = (project / "docs" / "it" / page).read_text(encoding="utf-8")
        assert translated_from(copied) == "untranslated"
        assert copied.endswith((project / "docs" / "en" / page).read_text(encoding="utf-8")
                               .split("---\n", 2)[-1])
    # The check that the catalogs are complete passes at once: the site builds.
    assert run(capsys, "check-catalogs", "--dir", str(project / "catalogs"))[0] == 0


def test_a_language_with_six_plural_forms_gets_all_six(project, capsys):
    assert run(capsys, "new-language", "cy")[0] == 0  # Welsh, as Arabic: six categories
    messages = json.loads((project / "catalogs" / "cy.json").read_text(encoding="utf-8"))
    assert set(messages["docs.count.cards"]) == {"zero", "one", "two", "few", "many", "other"}
    assert read_site(project / "mkdocs.yml").language("cy").name == "Cymraeg"


@pytest.mark.parametrize(
    ("code", "needle"),
    [("zz", "not a language code"), ("und", "not a language code"),
     ("../catalogs/en", "not a language code"), ("IT", "not a language code"),
     ("he", "already has the language 'he'")],
)
def test_new_language_refuses_and_writes_nothing(project, capsys, code, needle):
    before = tree(project)
    exit_code, out, err = run(capsys, "new-language", code)
    assert exit_code == 2 and out == ""
    assert err.startswith("halfmoon: error: ") and err.count("\n") == 1 and needle in err
    assert tree(project) == before


def test_new_language_never_overwrites_a_catalog_or_pages_already_there(project, capsys):
    (project / "docs" / "it").mkdir()
    (project / "docs" / "it" / "index.md").write_text("mine", encoding="utf-8")
    before = tree(project)
    code, _, err = run(capsys, "new-language", "it")
    assert code == 2 and "already exists" in err and tree(project) == before


def test_translation_status_lists_the_work_left_and_fails_only_under_strict(project, capsys):
    run(capsys, "new-language", "it")
    code, out, _ = run(capsys, "translation-status")
    assert code == 0
    section = out[out.index("it (Italiano)"):]
    assert "message 'card.words' is still marked untranslated" in section
    assert "page docs/it/index.md is untranslated" in section
    assert "palette label '[untranslated] Dark mode'" in section
    assert run(capsys, "translation-status", "--strict")[0] == 1


def test_a_translated_page_records_its_english_source_and_goes_stale_when_english_changes(
    project, capsys
):
    run(capsys, "new-language", "it")
    catalog = project / "catalogs" / "it.json"
    messages = json.loads(catalog.read_text(encoding="utf-8"))
    done = {key: (value.removeprefix(UNTRANSLATED) if isinstance(value, str) else
                  {k: v.removeprefix(UNTRANSLATED) for k, v in value.items()})
            for key, value in messages.items()}
    del done["card.words"]
    catalog.write_text(json.dumps(done, ensure_ascii=False), encoding="utf-8")
    config = project / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(UNTRANSLATED, ""),
                      encoding="utf-8")
    pages = [f"docs/it/{page}" for page in read_site(config).translated_pages()]
    assert run(capsys, "mark-translated", *pages)[0] == 0

    code, out, _ = run(capsys, "translation-status", "--strict")
    section = out[out.index("it (Italiano)"):]
    assert code == 1 and "message 'card.words' is missing" in section
    assert "page " not in section

    english = project / "docs" / "en" / "play.md"
    old = git_blob_hash(english.read_bytes())
    english.write_text(english.read_text(encoding="utf-8") + "\nOne more sentence.\n",
                       encoding="utf-8")
    _, out, _ = run(capsys, "translation-status")
    new = git_blob_hash(english.read_bytes())
    assert f"docs/en/play.md changed since it was translated (see: git diff {old[:12]} {new[:12]}" \
        in out[out.index("it (Italiano)"):]


def test_the_recorded_hash_is_the_one_git_gives_the_english_page(project):
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed")
    page = project / "docs" / "en" / "index.md"
    result = subprocess.run([git, "hash-object", str(page)], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == git_blob_hash(page.read_bytes())


@pytest.mark.parametrize("page", ["docs/en/index.md", "docs/it/index.md", "mkdocs.yml"])
def test_mark_translated_takes_only_pages_of_a_translated_language(project, capsys, page):
    code, _, err = run(capsys, "mark-translated", page)
    assert code == 2 and err.count("\n") == 1 and page in err


def test_the_shipped_site_is_completely_translated(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, _ = run(capsys, "translation-status", "--strict")
    assert code == 0, out
    assert out.count(": complete") == len(read_site(ROOT / "mkdocs.yml").translations)


# --- pages of every line ending; a damaged front matter is work to do -----------------------


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
@pytest.mark.parametrize("bom", ["", "\ufeff"])
def test_mark_translated_keeps_a_pages_line_endings_and_translation_status_accepts_it(
        project, capsys, newline, bom):
    page = project / "docs" / "he" / "index.md"
    text = page.read_text(encoding="utf-8")
    page.write_bytes((bom + text.replace("\n", newline)).encode("utf-8"))
    assert run(capsys, "mark-translated", "docs/he/index.md")[0] == 0
    marked = page.read_bytes().decode("utf-8")
    assert marked.startswith(bom) and marked.count("---") == 2 and "\n" not in marked.replace(newline, "")
    assert marked.replace(newline, "\n").removeprefix(bom) == text  # the same hash: nothing changed
    code, out, _ = run(capsys, "translation-status", "--strict")
    assert code == 0 and "he (עברית): complete" in out, out


@pytest.mark.parametrize("damage", ["second", "unclosed"])
def test_translation_status_finds_a_damaged_front_matter_instead_of_saying_complete(
        project, capsys, damage):
    page = project / "docs" / "he" / "index.md"
    text = page.read_text(encoding="utf-8")
    if damage == "second":  # what mark-translated used to write over a CRLF page
        english = git_blob_hash((project / "docs" / "en" / "index.md").read_bytes())
        damaged = f"---\ntranslated_from: {english}\n---\n\n" + text.replace("\n", "\r\n")
    else:
        damaged = text.replace("\n---\n", "\n", 1)
    page.write_bytes(damaged.encode("utf-8"))
    code, out, _ = run(capsys, "translation-status", "--strict")
    words = ("a second front matter follows the first" if damage == "second" else
             "it opens a front matter ('---') that no '---' or '...' line closes")
    assert code == 1 and f"page docs/he/index.md: {words}" in out, out
    code, _, err = run(capsys, "mark-translated", "docs/he/index.md")
    assert code == 2 and words in err and page.read_bytes() == damaged.encode("utf-8")


# --- a dropped placeholder ------------------------------------------------------------------


@pytest.mark.parametrize(("key", "dropped"), [("docs.print.address", "address"),
                                               ("docs.count.cards", "count")])
def test_a_translation_without_a_placeholder_fails_translation_status(project, capsys, key, dropped):
    catalog = project / "catalogs" / "fr.json"
    messages = json.loads(catalog.read_text(encoding="utf-8"))
    message = messages[key]
    messages[key] = (message.replace("{" + dropped + "}", "") if isinstance(message, str) else
                     {form: text.replace("{" + dropped + "}", "") for form, text in message.items()})
    catalog.write_text(json.dumps(messages, ensure_ascii=False, indent=2), encoding="utf-8")
    line = catalog.read_text(encoding="utf-8").split("\n").index(
        next(text for text in catalog.read_text(encoding="utf-8").split("\n") if f'"{key}"' in text)) + 1
    code, out, _ = run(capsys, "translation-status", "--strict")
    assert code == 1
    assert (f"catalogs/fr.json:{line}: message {key!r} lacks the placeholder {{{dropped}}} that "
            "en.json has") in out


# --- new-language: all or nothing ------------------------------------------------------------


@pytest.mark.parametrize("failing", range(4))
def test_a_new_language_that_fails_to_be_written_leaves_nothing_and_can_be_retried(
        project, capsys, monkeypatch, failing):
    from halfmoon.cli import languages

    before = tree(project)
    real = languages.write_atomic
    calls = {"count": 0}
    pages = len(read_site(project / "mkdocs.yml").translated_pages())
    fail_at = [0, pages - 1, pages, pages + 1][failing]  # a page, the last page, catalog, config

    def write(path, data):  # type: ignore[no-untyped-def]
        if calls["count"] == fail_at:
            calls["count"] += 1
            raise FileWriteError(f"cannot write {path}: No space left on device")
        calls["count"] += 1
        real(path, data)

    monkeypatch.setattr(languages, "write_atomic", write)
    code, out, err = run(capsys, "new-language", "it")
    assert code == 2 and out == "" and "No space left on device" in err and "nothing was added" in err
    assert tree(project) == before
    assert not [p for p in (project / "docs").iterdir() if p.name.startswith(".")]
    monkeypatch.setattr(languages, "write_atomic", real)
    assert run(capsys, "new-language", "it")[0] == 0  # the retry is not blocked by leftovers


def test_a_new_language_interrupted_leaves_nothing(project, capsys, monkeypatch):
    from halfmoon.cli import languages

    before = tree(project)
    monkeypatch.setattr(languages.os, "rename", lambda *args: (_ for _ in ()).throw(KeyboardInterrupt))
    assert main(["new-language", "it"]) == 130
    assert tree(project) == before
