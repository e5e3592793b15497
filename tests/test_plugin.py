"""The MkDocs plugin's parts without MkDocs: blocks, inserts, words, plurals, figures, CLI."""

from __future__ import annotations

import json
import re

import pytest
from halfmoon_mkdocs.blocks import segments
from halfmoon_mkdocs.context import Context
from halfmoon_mkdocs.errors import SourceError
from halfmoon_mkdocs.examples import ExampleLoader
from halfmoon_mkdocs.inline import replace_inserts
from halfmoon_mkdocs.render import BLOCKS
from halfmoon_mkdocs.stats import Stats
from halfmoon_mkdocs.words import Writer
from hypothesis import given, settings
from hypothesis import strategies as st
from plugin_project import summary_json

from halfmoon import Move, Position
from halfmoon.cli import main as cli_main
from halfmoon.i18n import LRI, PDI, Catalog, catalog
from halfmoon.solver.figures import MAX_BUDGET

CODE = "HM1-N-AAAAAAB"
BUDGET = f"{MAX_BUDGET:,}"  # the most positions or conflicts a figure may hold


def random_game(data, code: str, length: int) -> str:
    """Moves of a random legal game of ``code``, at most ``length`` long."""
    position = Position(code)
    moves = []
    for _ in range(length):
        legal = position.legal_moves()
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        position.push(move)
        moves.append(str(move))
    return " ".join(moves)


@pytest.fixture
def docs(tmp_path):
    (tmp_path / "records").mkdir()
    return tmp_path


def context_for(docs, record_text: str, lang: str = "en") -> Context:
    (docs / "records" / "game.txt").write_text(record_text, encoding="utf-8")
    return Context(ExampleLoader(docs), "records/game.txt", Stats(docs / "stats.json"), lang)


# --- blocks ---------------------------------------------------------------------------

def test_a_block_shown_inside_a_longer_fence_is_code_not_a_block():
    page = "text\n\n````markdown\n```halfmoon\ncode: HM1-N-AAAAAAB\n```\n````\n"
    kinds = [segment.kind for segment in segments(page, BLOCKS)]
    assert kinds == ["prose", "code"]


def test_block_options_are_read_with_their_lines():
    page = "# Title\n\n```halfmoon\nrecord: records/x.txt\nafter: 3\nmark: next\n```\n"
    (block,) = [s.block for s in segments(page, BLOCKS) if s.kind == "block"]
    assert block.line == 3
    assert block.options == {"record": "records/x.txt", "after": "3", "mark": "next"}
    assert block.line_of("after") == 5


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        ("code: HM1-N-AAAAAAB\ncolour: red\n", 5, "unknown key 'colour'"),
        ("code: HM1-N-AAAAAAB\ncode: HM1-N-AAAAAAC\n", 5, "given twice"),
        ("after: 2\n", 3, "needs a 'record' or a 'code'"),
        ("code: HM1-N-AAAAAAB\njust words\n", 5, "expected 'key: value'"),
    ],
)
def test_a_malformed_block_names_its_line_and_problem(body, line, words):
    page = f"# Title\n\n```halfmoon\n{body}```\n"
    (error,) = errors_of(page)
    assert error.line == line
    assert words in error.message


def test_an_unclosed_block_is_an_error_at_its_fence():
    (error,) = errors_of("intro\n\n```halfmoon\ncode: HM1-N-AAAAAAB\n")
    assert error.line == 3 and "never closed" in error.message


def errors_of(page: str) -> list[SourceError]:
    return [segment.error for segment in segments(page, BLOCKS) if segment.error is not None]


# --- inserts --------------------------------------------------------------------------

def test_inserts_inside_inline_code_are_left_alone(docs):
    context = context_for(docs, f"{CODE}\n")
    text = "Write `{{hm code}}` to get {{hm code}}."
    out = replace_inserts(text, 1, Writer("en", html=True), context)
    assert out == f'Write `{{{{hm code}}}}` to get <span class="hm-unit">{CODE}</span>.'


def test_an_unknown_insert_names_its_line(docs):
    context = context_for(docs, f"{CODE}\n")
    with pytest.raises(SourceError) as caught:
        replace_inserts("one\ntwo {{hm nonsense}}\n", 10, Writer("en", html=True), context)
    assert caught.value.line == 11
    assert "nonsense" in caught.value.message


def test_a_move_number_past_the_end_of_the_game_is_an_error(docs):
    context = context_for(docs, f"{CODE}\n")
    with pytest.raises(SourceError, match="out of range"):
        replace_inserts("{{hm move 1}}", 1, Writer("en", html=True), context)


@settings(max_examples=25)
@given(st.data(), st.integers(0, 26**7 - 1), st.sampled_from(["en", "he", "ru", "fr"]))
def test_a_move_in_words_names_every_card_and_source_of_that_move(data, number, lang):
    from halfmoon import DealCode

    code = str(DealCode(number))
    moves = random_game(data, code, 6)
    if not moves:
        return
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        docs = Path(folder)
        (docs / "records").mkdir()
        context = context_for(docs, f"{code}\n{moves}\n")
        count = len(moves.split())
        which = data.draw(st.integers(1, count))
        words = replace_inserts(f"{{{{hm move {which}}}}}", 1, Writer(lang, html=False), context)
    # Replay independently and look for each card in this language's letters.
    position = Position(code)
    parsed = moves.split()
    for text in parsed[: which - 1]:
        from halfmoon import Move

        position.push(Move.parse(text))
    cat = catalog(lang)
    for source in parsed[which - 1].split("+"):
        card = position.card_at(source)
        assert cat.isolate(cat.card(card)) in words
        assert re.search(rf"(?<![\dR]){re.escape(source)}(?!\d)", words)


def russian_form(n: int) -> str:
    """Russian plural category, written from the grammar (not from Babel)."""
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


@given(st.integers(0, 10_000))
def test_russian_counts_take_the_plural_form_of_the_grammar(n):
    writer = Writer("ru", html=False)
    expected = {"one": "карта", "few": "карты", "many": "карт"}[russian_form(n)]
    assert writer.count(n, "cards").endswith("\u00a0" + expected)  # no line break before it


@pytest.mark.parametrize(
    ("n", "words"), [(1, "קלף אחד"), (2, "2\u00a0קלפים"), (5, "5\u00a0קלפים"), (21, "21\u00a0קלפים")]
)
def test_hebrew_counts_never_say_one_cards(n, words):
    assert Writer("he", html=False).count(n, "cards") == words


@given(st.integers(0, 5000))
def test_english_and_french_counts_agree_with_their_grammar(n):
    assert Writer("en", html=False).count(n, "moves").endswith("move" if n == 1 else "moves")
    assert Writer("fr", html=False).count(n, "moves").endswith("coup" if n in (0, 1) else "coups")


def test_hebrew_inserts_are_isolated_in_html_and_in_plain_text(docs):
    context = context_for(docs, f"{CODE}\n{Position(CODE).legal_moves()[0]}\n")
    html = replace_inserts("{{hm code}} {{hm sum 1}}", 1, Writer("he", html=True), context)
    assert html.startswith(f'<span class="hm-unit"><bdi dir="ltr">{CODE}</bdi></span> <bdi dir="ltr">')
    plain = replace_inserts("{{hm code}}", 1, Writer("he", html=False), context)
    assert plain == f"{LRI}{CODE}{PDI}"
    english = replace_inserts("{{hm code}}", 1, Writer("en", html=True), context)
    assert english == f'<span class="hm-unit">{CODE}</span>'  # a code never breaks at its hyphens


def test_a_case_form_of_a_count_noun_is_used_where_the_page_asks_for_it(docs):
    """German "nach 48 Zügen": a language adds docs.count.moves.dative, a page says case=."""
    context = context_for(docs, f"{CODE}\n{Position(CODE).legal_moves()[0]}\n")
    writer = Writer("en", html=True)
    dative = {"one": "{count} Zug", "other": "{count} Zügen"}
    writer.catalog = Catalog("en", {**catalog("en").messages, "docs.count.moves.dative": dative})
    assert replace_inserts("nach {{hm moves 1 case=dative}}", 1, writer, context) == "nach 1 Zug"
    assert replace_inserts("{{hm count 48 moves case=dative}}", 1, writer, context) == "48 Zügen"
    assert replace_inserts("{{hm moves 1}}", 1, writer, context) == "1\u00a0move"
    with pytest.raises(SourceError, match="no case form 'docs.count.moves.genitive'"):
        replace_inserts("{{hm moves 1 case=genitive}}", 1, writer, context)
    with pytest.raises(SourceError, match="takes no case"):
        replace_inserts("{{hm stat won case=dative}}", 1, writer, context)


def test_a_hebrew_prefix_is_joined_to_a_hebrew_insert_and_keeps_its_maqaf_before_a_digit(docs):
    """"ו־{{hm count 1 triples}}" is "ושלישייה אחת"; before a number or a code the maqaf stays."""
    context = context_for(docs, f"{CODE}\n")
    writer = Writer("he", html=True)
    assert replace_inserts("ו־{{hm count 1 triples}}", 1, writer, context) == "ושלישייה אחת"
    assert replace_inserts("ו־{{hm count 3 triples}}", 1, writer, context) == "ו־3\u00a0שלישיות"
    assert replace_inserts("ב־{{hm code}}", 1, writer, context) == \
        f'ב־<span class="hm-unit"><bdi dir="ltr">{CODE}</bdi></span>'
    assert replace_inserts("ו־{{hm count 1 triples}}", 1, Writer("he", html=False), context) \
        == "ושלישייה אחת"


def test_an_insert_that_ends_with_a_point_ends_the_sentence_with_one_stop(docs):
    """Russian long dates end in "г." (год): "на 3 декабря 2026 г.", never a second stop."""
    (docs / "stats.json").write_text(summary_json(date="2026-12-03"))
    context = context_for(docs, f"{CODE}\n", "ru")
    text = replace_inserts("Данные приведены на {{hm stat date}}. Дальше", 1, Writer("ru", html=True),
                           context)
    assert text == "Данные приведены на 3\u00a0декабря 2026\u202fг. Дальше"
    english = replace_inserts("As of {{hm stat date}}.", 1, Writer("en", html=True), context)
    assert english == "As of December 3, 2026."


def test_the_mismatch_examples_really_do_not_combine(docs):
    context = context_for(docs, f"{CODE}\n")
    start = Position(CODE)
    for kind in ("sum", "face", "rank"):
        words = replace_inserts(f"{{{{hm mismatch {kind}}}}}", 1, Writer("en", html=False), context)
        sources = re.findall(r"from (?:pile|slot)\u00a0(R?\d+)", words)
        assert len(sources) == 2
        first, second = (start.card_at(source) for source in sources)
        if kind == "sum":
            assert not first.is_face and not second.is_face and first.rank + second.rank != 11
        elif kind == "face":
            assert first.is_face != second.is_face
        else:
            assert first.is_face and first.rank == second.rank


def test_stats_give_counts_and_a_share(docs):
    (docs / "stats.json").write_text(summary_json(deals=200, won=150, won_share=0.75))
    context = context_for(docs, f"{CODE}\n")
    text = replace_inserts("{{hm stat deals}}: {{hm stat won_share}}", 1,
                           Writer("en", html=False), context)
    assert text == "200\u00a0deals: 75.00%"  # two decimals: the interval is a few tenths wide


# --- check-catalogs -------------------------------------------------------------------

def test_check_catalogs_passes_on_the_project_catalogs(capsys):
    assert cli_main(["check-catalogs"]) == 0


def test_check_catalogs_lists_a_missing_message_and_a_wrong_placeholder(tmp_path, capsys):
    (tmp_path / "en.json").write_text(json.dumps({"a": "x {card}", "b": "y"}))
    (tmp_path / "fr.json").write_text(json.dumps({"a": "x {carte}"}))
    assert cli_main(["check-catalogs", "--dir", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "missing message 'b'" in out
    assert "'a' has placeholders ['carte']" in out


def test_stats_say_how_the_share_was_measured(docs):
    (docs / "stats.json").write_text(summary_json(
        deals=1000, won=955, lost=20, undecided=25, won_share=0.955,  # its interval: Wilson's
        start="HM1-N-AAAAAAA", nodes=200000,
        undecided_deals=json.loads(summary_json())["undecided_deals"] * 25,
    ))
    context = context_for(docs, f"{CODE}\n")
    inserts = "{{hm stat won_share}} {{hm stat ci_low}}–{{hm stat ci_high}} {{hm stat lost}} " \
              "{{hm stat undecided}} {{hm stat nodes}} {{hm stat start}}"
    en = Writer("en", html=False)
    counts = " ".join(en.plural(f"docs.stat.{name}", value)  # counts carry their noun (issue 23)
                      for name, value in (("lost", 20), ("undecided", 25), ("nodes", 200000)))
    assert replace_inserts(inserts, 1, en, context) == f"95.50% 94.03%–98.70% {counts} HM1-N-AAAAAAA"
    assert "200,000" in counts
    # One no-break space in French numbers, the narrow one (issue 41).
    assert replace_inserts("{{hm stat won_share}}", 1, Writer("fr", html=False), context) == "95,50\u202f%"


@pytest.mark.parametrize("bad", ["NaN", "Infinity", "1.5", "-0.5", '"97%"', "1e999"])
def test_a_share_that_is_not_a_share_is_refused(docs, bad):
    share = json.loads(summary_json())["won_share"]
    (docs / "stats.json").write_text(summary_json().replace(f'"won_share": {share}', f'"won_share": {bad}'))
    context = context_for(docs, f"{CODE}\n")
    with pytest.raises(SourceError, match="won_share|NaN|Infinity|1e999") as caught:
        replace_inserts("{{hm stat won_share}}", 1, Writer("en", html=False), context)
    assert caught.value.line == 1


def test_an_unknown_or_missing_figure_names_the_known_ones(docs):
    (docs / "stats.json").write_text(summary_json("won"))
    context = context_for(docs, f"{CODE}\n")
    for insert, words in (("{{hm stat nope}}", "figures: deals, won"),
                          ("{{hm stat won}}", "'won' is missing"),
                          ("{{hm stat deals}}", "'won' is missing")):  # a file that is no summary
        with pytest.raises(SourceError, match=words) as caught:
            replace_inserts(insert, 1, Writer("en", html=False), context)
        assert caught.value.line == 1


def test_the_budget_figures_are_numbers_in_the_page_language(docs):
    (docs / "stats.json").write_text(summary_json(nodes=200000, search_positions=5000,
                                                  confirm_positions=10000))
    context = context_for(docs, f"{CODE}\n")
    inserts = "{{hm stat search_positions}} {{hm stat nodes}} {{hm stat confirm_positions}}"
    for lang, numbers in (("en", ("5,000", "200,000", "10,000")), ("de", ("5.000", "200.000", "10.000"))):
        writer = Writer(lang, html=False)
        expected = " ".join(writer.plural(f"docs.stat.{name}", value) for name, value in (
            ("search_positions", 5000), ("nodes", 200000), ("confirm_positions", 10000)))
        assert replace_inserts(inserts, 1, writer, context) == expected
        assert all(number in expected for number in numbers)


@pytest.mark.parametrize("figures, words", [
    (None, "stats.json: 'search_positions' is missing: figures of an older halfmoon? Merge the run again"),
    ("5k", "stats.json: 'search_positions' must be a whole number from 0 to " + BUDGET + ", not \"5k\""),
    (5000.0, "'search_positions' must be a whole number from 0 to " + BUDGET + ", not 5000.0"),
    (True, "'search_positions' must be a whole number from 0 to " + BUDGET + ", not true"),
    (-1, "stats.json: 'search_positions' must be a whole number from 0 to " + BUDGET + ", not -1"),
])
def test_a_missing_or_malformed_budget_figure_is_an_error_at_its_insert(docs, figures, words):
    (docs / "stats.json").write_text(summary_json("search_positions") if figures is None
                                     else summary_json(search_positions=figures))
    context = context_for(docs, f"{CODE}\n")
    with pytest.raises(SourceError) as caught:
        replace_inserts("Measured:\n{{hm stat search_positions}} positions", 4,
                        Writer("en", html=False), context)
    assert caught.value.line == 5 and words in caught.value.message, caught.value.message


def test_uncovered_and_the_worked_triple_come_from_the_game(docs):
    """{{hm uncovered 1}} names the new tops of move 1's piles; 'triple' is the first triple
    that takes one of them, 'before-triple' the move before it."""
    record = "HM1-N-AAAAAAB\n9+11 8+12 1+12 3+4 1+11 5+11 5+11 8+9+R3 8+9\n"
    context = context_for(docs, record)
    writer = Writer("en", html=False)
    after_one = Position(CODE)
    after_one.push(Move.parse("9+11"))
    expected = [f"{catalog('en').card(after_one.card_at(pile))} (pile\u00a0{pile})" for pile in ("9", "11")]
    assert replace_inserts("{{hm uncovered 1}}", 1, writer, context) == " and ".join(expected)
    assert replace_inserts("{{hm notation triple}}", 1, writer, context) == "8+9+R3"
    assert replace_inserts("{{hm moves before-triple}}", 1, writer, context) == "7\u00a0moves"
    with pytest.raises(SourceError, match="uncovers no card"):
        replace_inserts("{{hm uncovered 1}}", 1, writer,
                        context_for(docs, f"{CODE}\nR7+R8\n"))
    with pytest.raises(SourceError, match="no triple in"):
        replace_inserts("{{hm move triple}}", 1, writer, context_for(docs, f"{CODE}\n9+11 8+12\n"))
