"""The one home of what every error message does: echo a text, show a path, say ``file:line``."""

from __future__ import annotations

import os

from hypothesis import given
from hypothesis import strategies as st

from halfmoon.errors import ECHO_LIMIT, echoed, located, quoted, shorten, shown_path


@given(st.text(max_size=200))
def test_an_echoed_text_is_cut_to_the_limit_and_quoted(text):
    cut = shorten(text)
    assert len(cut) <= ECHO_LIMIT and (cut == text) == (len(text) <= ECHO_LIMIT)
    assert quoted(text) == repr(cut)
    assert echoed(text) == (repr(cut) if cut == text else f"{cut!r} ({len(text):,} characters)")
    if cut != text:
        assert cut.endswith("…") and text.startswith(cut[:-1])


def test_a_path_is_shown_relative_to_its_folder_when_inside_it(tmp_path, monkeypatch):
    inside = tmp_path / "docs" / "index.md"
    assert shown_path(inside, tmp_path) == os.path.join("docs", "index.md")
    assert shown_path(tmp_path / "a" / ".." / "b.txt", tmp_path) == "b.txt"
    assert shown_path("/elsewhere/x.json", tmp_path) == "/elsewhere/x.json"  # whole, never ../..
    monkeypatch.chdir(tmp_path)
    assert shown_path(inside) == os.path.join("docs", "index.md")


def test_a_place_is_said_as_file_line():
    assert located("bad", "docs/index.md", 4) == "docs/index.md:4: bad"
    assert located("bad", "en.json") == "en.json: bad"
    assert located("bad", line=3) == "3: bad"
    assert located("bad") == "bad"
