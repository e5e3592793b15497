"""Generated pages, inserts and catalogs through a real MkDocs build of a small project.

Whatever an author writes, the build never raises: each problem is one logged line
``file:line: what``, naming the page and a line of the block or insert at fault (or the
catalog file and line), and nothing that looks like a block or an insert ships as raw
text without such a line.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from plugin_project import MESSAGE, build_here, copy_catalogs, first_moves, make_project, summary_json

from halfmoon import i18n

HOSTILE_NUMBERS = ["²", "３", "٣", "9" * 5000, "-1", "1.5", "0", "1", "2", "3", "end", "middle",
                   "", "  ", "1e3", "٠"]
RECORDS = ["records/game.txt", "records", "records/none.txt", "records/binary.txt",
           "records/empty.txt", "records/bom.txt", "../mkdocs.yml", "records/huge.txt"]
CODES = ["HM1-N-AAAAAAB", "HM1-X-AAAAAAB", "hm1-n-aaaaaaß", "HM1-N-AAAAAAB" + "A" * 300, "",
         "ＨＭ1-N-AAAAAAB"]
VALUES = {
    "record": st.sampled_from(RECORDS),
    "code": st.sampled_from(CODES),
    "moves": st.sampled_from([first_moves(2), "1+2", "R9+1", "1+1", "+", "9" * 4000 + "+1"]),
    "after": st.sampled_from(HOSTILE_NUMBERS),
    "mark": st.sampled_from(["next", "1 2", "R1,R8", "13", "R9", "²", "1" * 3000, ""]),
    "caption": st.sampled_from(["docs.caption.next_move", "docs.nope", "After {{hm after}}",
                                "{{hm marked}} {{hm stat won_share}}", "{{hm move ²}}",
                                "{{hm", "a {{HM code}}", "x" * 3000, "bell \x07 here",
                                "\u2028{{hm code}}"]),
    "colour": st.just("red"),
}
KINDS = ["halfmoon", "halfmoon-moves", "halfmoon-stepper", "halfmoon-move", "HalfMoon",
         "half-moon", "{.halfmoon}", "halfmoon title=x"]
PREFIXES = ["", "    ", "> ", "\t", "  "]
INSERT_NAMES = ["code", "move", "notation", "sum", "score", "moves", "pairs", "triples", "top",
                "size", "source", "card", "count", "tops", "reserve", "pile", "mismatch",
                "stat", "marked", "after", "MOVE", "nope"]
ARGUMENTS = st.sampled_from(HOSTILE_NUMBERS + ["QH", "R3", "cards", "deals", "nouns", "won_share",
                                               "NaN", "after=²", "after=1", "record=records",
                                               "record=records/binary.txt", "sum", "face",
                                               "rank", "=", "x="])
OPENINGS = ["{{hm ", "{{HM ", "{{ hm ", "{hm ", "{{{hm ", "{{hm"]
CLOSINGS = ["}}", "}", "", " }}", "}}}"]


@st.composite
def blocks(draw) -> str:
    prefix = draw(st.sampled_from(PREFIXES))
    keys = draw(st.lists(st.sampled_from(sorted(VALUES)), max_size=4))
    lines = [f"```{draw(st.sampled_from(KINDS))}"]
    lines += [f"{key}: {draw(VALUES[key])}" for key in keys]
    lines += draw(st.sampled_from([["```"], [], ["````"], ["~~~"]]))
    return "\n".join(prefix + line for line in lines)


@st.composite
def inserts(draw) -> str:
    words = [draw(st.sampled_from(INSERT_NAMES))] + draw(st.lists(ARGUMENTS, max_size=3))
    return (draw(st.sampled_from(OPENINGS)) + " ".join(words) + draw(st.sampled_from(CLOSINGS)))


@st.composite
def pages(draw) -> tuple[str, int, int]:
    """A page, and the first and last line of its one generated case."""
    front = draw(st.sampled_from(["", "---\ntitle: T\n---\n\n", "title: T\n\n"]))
    head = front + "# Page\n\n" + "Some words.\n" * draw(st.integers(0, 3)) + "\n"
    case = draw(st.one_of(blocks(), inserts(), st.builds(
        lambda a, b: f"Text {a} and `{b}` inline.", inserts(), inserts())))
    first = head.count("\n") + 1
    return head + case + "\n\nThe end.\n", first, first + case.count("\n")


def write_records(docs) -> None:
    records = docs / "records"
    (records / "binary.txt").write_bytes(b"\x00\xff\xfe" * 10)
    (records / "empty.txt").write_bytes(b"")
    (records / "bom.txt").write_bytes(b"\xef\xbb\xbfHM1-N-AAAAAAB\n")
    (records / "huge.txt").write_text("HM1-N-AAAAAAB\n" + "1+2 " * 300_000)
    (records / "winnability.json").write_text(summary_json(deals=10, won=5, won_share=0.5))


def check_build(project, generated: list[tuple[str, int, int]]) -> None:
    docs = project / "docs"
    for number, (text, _, _) in enumerate(generated):
        (docs / f"p{number}.md").write_text(text, encoding="utf-8")
    _, messages = build_here(project)  # raising here (a traceback) fails the test
    errors: dict[str, list[int]] = {}
    for message in messages:
        found = re.match(MESSAGE, message)
        assert found, f"not one 'file:line: what' line: {message!r}"
        if found["file"].startswith("docs/p"):
            assert found["line"], message
            errors.setdefault(found["file"], []).append(int(found["line"]))
    for number, (text, first, last) in enumerate(generated):
        name = f"docs/p{number}.md"
        for line in errors.get(name, []):
            assert first <= line <= last, (name, line, first, last, text)
        html = (project / "site" / f"p{number}" / "index.html").read_text(encoding="utf-8")
        if name not in errors:
            assert 'class="hm-error"' not in html, text
            assert not re.search(r"\{\{\s*hm", _outside_code(html), re.I), text


def _outside_code(html: str) -> str:
    return re.sub(r"<code>.*?</code>|<pre.*?</pre>", "", html, flags=re.S)


@pytest.fixture
def project(tmp_path):
    project = make_project(tmp_path / "project")
    write_records(project / "docs")
    return project


FUZZ = settings(max_examples=3, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@FUZZ
@given(st.lists(pages(), min_size=6, max_size=6))
def test_generated_pages_give_one_line_errors_at_their_lines(project, generated):
    for page in (project / "docs").glob("p*.md"):
        page.unlink()
    check_build(project, generated)


@pytest.mark.slow
@settings(FUZZ, max_examples=25)
@given(st.lists(pages(), min_size=20, max_size=20))
def test_many_generated_pages_give_one_line_errors_at_their_lines(project, generated):
    for page in (project / "docs").glob("p*.md"):
        page.unlink()
    check_build(project, generated)


# --- catalogs ---------------------------------------------------------------------------------

def _edited(key: str, value: object):  # type: ignore[no-untyped-def]
    def edit(text: str) -> str:
        messages = json.loads(text)
        messages[key] = value
        return json.dumps(messages, ensure_ascii=False, indent=1)

    return edit


CATALOG_EDITS = {
    "truncated": lambda text: text[: len(text) // 2],
    "empty": lambda text: "",
    "not an object": lambda text: "[1, 2]",
    "deeply nested": lambda text: "[" * 100_000 + "]" * 100_000,
    "binary": lambda text: "\x00\udcff",
    "message is a number": _edited("docs.list.separator", 5),
    "message is a list": _edited("source.pile", ["pile"]),
    "plural form is a number": _edited("docs.count.cards", {"one": 1, "other": "{count} cards"}),
    "unknown plural form": _edited("docs.count.cards", {"single": "x", "other": "{count} cards"}),
    "no other form": _edited("docs.count.cards", {"one": "{count} card"}),
    "placeholder typo": _edited("source.pile", "pile {pile_no}"),
    "caption placeholder typo": _edited("docs.caption.next_move", "{code} {marked_cards}"),
    "byte order mark": lambda text: "\ufeff" + text,
    "huge number": lambda text: text.replace("{", '{"n": ' + "9" * 5000 + ",", 1),
}


@pytest.mark.parametrize("edit", sorted(CATALOG_EDITS))
def test_a_broken_catalog_is_a_one_line_error_naming_where(project, catalog_copy, edit):
    english = catalog_copy / "en.json"
    english.write_bytes(CATALOG_EDITS[edit](english.read_text(encoding="utf-8")).encode(
        "utf-8", "surrogateescape"))
    page = ("# T\n\n{{hm move 1}}, {{hm count 3 cards}}, {{hm source 3}}.\n\n"
            "```halfmoon\nrecord: records/game.txt\nafter: 1\nmark: next\n"
            "caption: docs.caption.next_move\n```\n")
    (project / "docs" / "index.md").write_text(page)
    _, messages = build_here(project)
    for message in messages:
        assert re.match(MESSAGE, message), message
    located = [m for m in messages if re.match(r"^(\S*en\.json|docs/index\.md):\d+: ", m)]
    if edit != "byte order mark":  # a byte order mark is allowed
        assert located, messages
    shutil.rmtree(catalog_copy)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(alphabet="{}abc_ \n%", max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["one", "few", "other", "many", "zero", "x"]), inner, max_size=3),
    max_leaves=6,
)
USED_KEYS = ["source.pile", "source.slot", "docs.count.cards", "docs.count.moves",
             "docs.caption.next_move", "docs.list.separator", "docs.list.and",
             "docs.move.card_from_pile", "docs.diagram.description", "card.letter.Q",
             "card.suit_symbol.H", "diagram.summary", "diagram.item.pile", "diagram.title.after"]


@pytest.mark.slow
@settings(FUZZ, max_examples=20)
@given(st.dictionaries(st.sampled_from(USED_KEYS), JSON_VALUES, min_size=1, max_size=3))
# English's plural emptied: a language's case form of it (pl's locative) is English's error too.
@example({"source.pile": {}, "docs.count.moves": {}})
def test_generated_catalog_messages_give_one_line_errors(project, tmp_path_factory, monkeypatch,
                                                         edits):
    catalogs = copy_catalogs(tmp_path_factory.mktemp("catalogs"))
    monkeypatch.setattr(i18n, "catalog_dir", lambda: catalogs)
    english = catalogs / "en.json"
    messages = json.loads(english.read_text(encoding="utf-8"))
    english.write_text(json.dumps({**messages, **edits}, ensure_ascii=False), encoding="utf-8")
    (project / "docs" / "index.md").write_text(
        "# T\n\n{{hm move 1}}, {{hm count 3 cards}}, {{hm source R3}}.\n\n```halfmoon\n"
        "record: records/game.txt\nafter: 1\nmark: next\ncaption: docs.caption.next_move\n```\n")
    _, logged = build_here(project)  # raising here (a traceback) fails the test
    for message in logged:
        assert re.match(MESSAGE, message), message
        assert re.match(r"^(\S*en\.json|docs/index\.md):\d+: ", message), message
