"""Reading pages: fences, blocks, inserts and what only looks like them; linear in the page.

The time budgets here are counts of the scanner's own Python steps, never seconds.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from halfmoon_mkdocs import blocks, inserts
from halfmoon_mkdocs.blocks import segments
from halfmoon_mkdocs.build import front_matter_lines
from halfmoon_mkdocs.errors import MAX_PAGE_ERRORS, SourceError
from halfmoon_mkdocs.examples import whole_number
from halfmoon_mkdocs.inserts import find_inserts
from halfmoon_mkdocs.render import BLOCKS
from hypothesis import given
from hypothesis import strategies as st

BLOCK = "```halfmoon\ncode: HM1-N-AAAAAAB\n```\n"


def kinds(page: str) -> list[str]:
    return [segment.kind for segment in segments(page, BLOCKS)]


def errors(page: str) -> list[SourceError]:
    found = [segment.error for segment in segments(page, BLOCKS) if segment.error]
    found += [f.error for s in segments(page, BLOCKS) if s.kind == "prose"
              for f in find_inserts(s.text, s.first_line) if f.error]
    return found


# --- blocks where Markdown puts them --------------------------------------------------------

@pytest.mark.parametrize("prefix", ["    ", "\t", "> ", ">     ", "        "])
def test_a_block_indented_or_quoted_is_still_a_block(prefix):
    page = "- item\n\n" + "".join(prefix + line + "\n" for line in BLOCK.splitlines())
    (block,) = [s.block for s in segments(page, BLOCKS) if s.block]
    assert block.prefix == prefix and block.line == 3
    assert block.options == {"code": "HM1-N-AAAAAAB"}


def test_a_block_shown_inside_a_longer_fence_is_code():
    assert kinds("text\n\n````markdown\n" + BLOCK + "````\nafter\n") == ["prose", "code", "prose"]


def test_only_a_line_feed_ends_a_line():
    page = "a\u2028b\x0cc\x85d\r\n\n" + BLOCK
    (block,) = [s.block for s in segments(page, BLOCKS) if s.block]
    assert block.line == 3


def test_every_character_of_the_page_is_kept_in_order():
    page = "# T\n\nA {{hm code}}\n\n" + BLOCK + "\n~~~\ncode\n~~~\nend"
    assert "".join(segment.text for segment in segments(page, BLOCKS)) == page


@pytest.mark.parametrize(
    "fence",
    ["```halfmoon-move", "```HalfMoon", "```half-moon", "```{.halfmoon}", "  ```Halfmoon-Moves",
     "~~~halfmoon_stepper", "```halfmoon title=x"],
)
def test_a_misspelt_block_is_an_error_at_its_fence(fence):
    page = f"# T\n\n{fence}\ncode: HM1-N-AAAAAAB\n```\n"
    (error,) = errors(page.replace("```\n", "~~~\n") if fence.startswith("~") else page)
    assert error.line == 3
    assert "block" in error.message


@pytest.mark.parametrize("fence", ["```python", "```", "~~~text", "```markdown"])
def test_other_code_is_not_an_error(fence):
    assert errors(f"{fence}\n{{{{HM nonsense}}}}\n```\n") == []


# --- inserts and near-inserts ------------------------------------------------------------

@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("see {{hm move 1} here", "not closed"),
        ("see {{HM move 1}} here", "misspelt"),
        ("see {{ hm move 1 }} here", "misspelt"),
        ("see {hm move 1}} here", "one brace"),
        ("see {{{hm move 1}}} here", "more than two"),
        ("see {{hm-move 1}} here", "misspelt"),
        ("see {{hmmove 1}} here", "misspelt"),
        ("see {{hm move 1", "not closed"),
        ("see {{hm move {{hm code}} 1}}", "not closed"),
    ],
)
def test_a_near_insert_is_an_error_with_its_line(text, words):
    found = list(find_inserts("first\n" + text, 7))
    assert found and found[0].error is not None, found
    assert found[0].line == 8
    assert words in found[0].error.message


def test_inserts_in_inline_code_are_skipped_and_lines_counted():
    text = "a `{{hm code}}` b ``x {{HM y}} ` z`` c\n\nd {{hm move 2}}\ne {{hm code}}"
    found = list(find_inserts(text, 10))
    assert [(f.body, f.line) for f in found] == [(" move 2", 12), (" code", 13)]


def test_an_unmatched_backtick_does_not_hide_the_next_paragraphs_inserts():
    found = list(find_inserts("one ` tick\n\ntwo {{hm code}} `", 1))
    assert [f.body for f in found] == [" code"]


@given(st.lists(st.sampled_from(["{{hm code}}", "`", "``", "{", "}", "\n", "\n\n", "x", " ",
                                 "{{HM", "{{hm", "}}"]), max_size=40))
def test_found_inserts_are_in_order_within_the_text(pieces):
    text = "".join(pieces)
    last = 0
    for found in find_inserts(text, 1):
        assert last <= found.start < found.end <= len(text)
        assert 1 <= found.line <= text.count("\n") + 1
        last = found.start


# --- numbers -------------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["²", "３", "٣", "-1", "+1", "1.5", "", "1_000", "9" * 5000,
                                  "1234567890"])
def test_only_ascii_digits_of_bounded_length_are_numbers(text):
    with pytest.raises(SourceError, match="whole number|too large"):
        whole_number(text, "count")


def test_leading_zeros_do_not_count_against_the_bound():
    assert whole_number("0000000000012", "count") == 12


# --- front matter -------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("source", "lines"),
    [("---\ntitle: T\n---\n\n# T\n", 4), ("# T\n", 0), ("title: T\nauthor: A\n\n# T\n", 3),
     ("---\r\ntitle: T\r\n---\r\n# T\r\n", 3), ("---\nnot: [closed\n---\n# T\n", 0)],
)
def test_front_matter_lines_are_those_mkdocs_strips(source, lines):
    assert front_matter_lines(source) == lines


# --- linear time, counted in steps ----------------------------------------------------------

SCANNERS = {blocks.__file__, inserts.__file__}


def steps(function, *args) -> int:
    """Python lines the scanner modules execute for ``function(*args)``."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if frame.f_code.co_filename not in SCANNERS:
            return None
        count += 1
        return trace

    sys.settrace(trace)
    try:
        function(*args)
    finally:
        sys.settrace(None)
    return count


def scan(page: str) -> None:
    for segment in segments(page, BLOCKS):
        if segment.kind == "prose":
            list(find_inserts(segment.text, segment.first_line))


HOSTILE = {
    "unclosed insert and spaces": lambda n: "{{hm" + " " * n,
    "many unclosed inserts": lambda n: "{{hm x " * n,
    "braces": lambda n: "{" * n + "hm",
    "backticks": lambda n: "` " * n + "{{hm code}}",
    "long fence line": lambda n: "```" + " \t" * n + "x\n",
    "unclosed fences": lambda n: "```\n" * n,
    "many inserts": lambda n: "{{hm code}} " * n,
    "long option line": lambda n: "```halfmoon\ncode:" + " " * n + "x\n```\n",
    "many blocks": lambda n: BLOCK * n,
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_scanning_is_linear_in_the_size_of_the_page(name):
    small, large = steps(scan, HOSTILE[name](300)), steps(scan, HOSTILE[name](2400))
    assert large <= 8 * small + 200, (small, large)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_large_pages_of_hostile_text_are_read(name):
    scan(HOSTILE[name](200_000))  # quadratic would take hours; linear takes seconds


# --- a page full of near-inserts: its errors capped, the whole page linear ------------------

ROOT = Path(__file__).resolve().parent.parent
NEAR_INSERTS = {
    "one brace": "{hm x\n",  # the example (one a line: the log repeats no line)
    "upper case": "{{HM card QH}}\n",
    "an insert that fails": "{{hm move 99}}\n",
    "misspelt blocks": "```halfmoon-x\n```\n",
    "one paragraph each": "a {{ hm x}}\n\n",
}
MARKDOWN_EXTENSIONS = ["attr_list", "admonition", "tables", "md_in_html", "pymdownx.superfences", "toc"]


def build_page(markdown_text: str) -> tuple[str, list[str]]:
    """The page's Markdown as the plugin hands it to MkDocs, and the lines the build logged."""
    import logging

    from halfmoon_mkdocs.build import Build, PageSource

    build = Build(ROOT / "docs", ROOT, "records/HM1-N-AAAAAAB.txt", "records/winnability.json")
    logger, seen = logging.getLogger("mkdocs.plugins.halfmoon_mkdocs.build"), []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(  # type: ignore[method-assign]
        record.getMessage().removeprefix("halfmoon_mkdocs: "))
    logger.addHandler(handler)
    try:
        page, _ = build.render_page(markdown_text, "en", PageSource("docs/en/near.md"))
    finally:
        logger.removeHandler(handler)
    return page, seen


def raw_html_work(markdown_text: str) -> int:
    """Characters Python-Markdown's raw-HTML reader has before it at each closing tag it meets
    (it copies the rest of the page there): the page's HTML paragraphs times its size."""
    import markdown
    from markdown import htmlparser

    work = 0
    original = htmlparser.HTMLExtractor.handle_endtag

    def counted(self, tag):  # type: ignore[no-untyped-def]
        nonlocal work
        work += len(self.rawdata) - (self.line_offset + self.offset)
        return original(self, tag)

    htmlparser.HTMLExtractor.handle_endtag = counted  # type: ignore[method-assign]
    try:
        markdown.markdown(markdown_text, extensions=MARKDOWN_EXTENSIONS)
    finally:
        htmlparser.HTMLExtractor.handle_endtag = original  # type: ignore[method-assign]
    return work


@pytest.mark.parametrize("name", sorted(NEAR_INSERTS))
def test_a_page_of_near_inserts_shows_its_first_errors_and_counts_the_rest(name):
    count = 500
    page, logged = build_page(NEAR_INSERTS[name] * count)
    errors = [line for line in logged if line.startswith("docs/en/near.md")]
    assert len(errors) == MAX_PAGE_ERRORS + 1 == page.count('<p class="hm-error">'), logged
    more = count - MAX_PAGE_ERRORS
    assert errors[-1] == (f"docs/en/near.md: {more} more errors on this page not shown: "
                          f"fix the {MAX_PAGE_ERRORS} above first")
    assert page.startswith(NEAR_INSERTS[name] * count)  # the text itself is kept as written


def test_one_error_past_the_cap_is_one_more_error():
    _, logged = build_page("{hm x\n" * (MAX_PAGE_ERRORS + 1))
    assert logged[-1].startswith("docs/en/near.md: 1 more error on this page not shown")
    _, logged = build_page("{hm x\n" * MAX_PAGE_ERRORS)
    assert len(logged) == MAX_PAGE_ERRORS and "more" not in logged[-1]


@pytest.mark.parametrize("name", sorted(NEAR_INSERTS))
def test_a_page_of_near_inserts_costs_markdown_work_linear_in_its_size(name):
    small, large = (raw_html_work(build_page(NEAR_INSERTS[name] * count)[0]) for count in (400, 800))
    assert small > 0 and large <= 2.2 * small, (small, large)


@pytest.mark.slow
@pytest.mark.parametrize("piece", ["{{HM x}} ", "{{hm code}} ", "{{hm move 99}}\n", BLOCK])
def test_a_large_page_of_inserts_or_blocks_is_rendered_with_every_error(tmp_path, piece):
    from halfmoon_mkdocs.context import Context
    from halfmoon_mkdocs.examples import ExampleLoader
    from halfmoon_mkdocs.page import render_markdown
    from halfmoon_mkdocs.stats import Stats

    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "game.txt").write_text("HM1-N-AAAAAAB\n")
    context = Context(ExampleLoader(tmp_path), "records/game.txt", Stats(tmp_path / "s.json"))
    count = 300 if piece == BLOCK else 20_000
    rendered = render_markdown(piece * count, context)
    failing = piece.startswith(("{{HM", "{{hm move"))
    assert len(rendered.errors) + rendered.errors.more == (count if failing else 0)
    assert len(rendered.errors) == (MAX_PAGE_ERRORS if failing else 0)
    assert len(rendered.slots) == (count if piece == BLOCK else 0)
