"""SPEC.md, the binding description, stays true: every "SPEC §x.y" in the source names one of its
sections, and the numbers it states (the deal algorithm's constants and check values, the counts
of the rules, the look-alike letters, the layout's rows) are the code's.

The numbers are read from SPEC.md's text here, so a change on either side fails."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from halfmoon import UNDO_LIMIT, DealCode, Position
from halfmoon.cards import DECK, FACE_RANKS, PAIR_SUM, Card
from halfmoon.dealcode import (
    DASHES,
    DEAL_COUNT,
    LOOK_ALIKES,
    PILE_HEIGHT,
    PILES,
    RESERVE_SLOTS,
    splitmix64,
)
from halfmoon.i18n import catalog
from halfmoon.layout import ARC
from halfmoon.position import PAIR_POINTS, TRIPLE_POINTS, WINNING_MOVES, WINNING_SCORE

ROOT = Path(__file__).resolve().parents[1]
SPEC = (ROOT / "SPEC.md").read_text(encoding="utf-8")
SECTIONS = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", SPEC, flags=re.M))
# Where the source may cite the spec: everything of the project's own but the built site.
CITING = ["halfmoon", "plugins", "docs/assets", "tests", "bench", "README.md", "dev.py"]
SUFFIXES = {".py", ".js", ".mjs", ".css", ".md", ".html"}
# "SPEC §4.2" anywhere; a bare "§4.4" only in a file that also says SPEC (engine.js's headings).
CITED = re.compile(r"SPEC(?:\.md)?\s+§(\d+(?:\.\d+)?)")
BARE = re.compile(r"§(\d+(?:\.\d+)?)")


def cited_sections() -> list[tuple[str, int, str]]:
    found = []
    for root in CITING:
        path = ROOT / root
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in files:
            if file.suffix not in SUFFIXES or "node_modules" in file.parts or not file.is_file():
                continue
            text = file.read_text(encoding="utf-8", errors="replace")
            if "SPEC" not in text or file.name == "SPEC.md":
                continue
            pattern = BARE if file.suffix in (".js", ".css") else CITED
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append((str(file.relative_to(ROOT)), line, match[1]))
    return found


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def spec_section(number: str) -> str:
    """The text of one section of SPEC.md, its heading to the next heading."""
    start = re.search(rf"^#{{2,3}} {re.escape(number)}\.? .*$", SPEC, flags=re.M)
    assert start, f"SPEC.md has no section {number}"
    end = re.compile(r"^#{2,3} ", re.M).search(SPEC, start.end())
    return SPEC[start.end():end.start() if end else len(SPEC)]


def test_every_spec_reference_in_the_source_names_a_section_of_spec_md():
    cited = cited_sections()
    assert len(cited) >= 20  # the check reads what it should (about thirty references today)
    wrong = [f"{path}:{line}: §{number}" for path, line, number in cited if number not in SECTIONS]
    assert wrong == [], f"sections SPEC.md does not have: {wrong}"


def test_the_reference_check_catches_a_section_that_does_not_exist():
    assert "4.9" not in SECTIONS and "4.2" in SECTIONS
    # (split in two, or this very line would be a reference to a missing section)
    assert CITED.findall("the shuffle of SPEC " "§4.9 and SPEC.md §4.2") == ["4.9", "4.2"]


# --- §4.2, the deal code and the deal -----------------------------------------------------------

DEAL = spec_section("4.2")


def spec_splitmix64(state: int):
    """SplitMix64 as SPEC.md §4.2 writes it, its three constants read from the spec's text."""
    gamma, mix1, mix2 = (int(h, 16) for h in re.findall(r"0x[0-9A-F]{16}", DEAL)[:3])
    mask = (1 << 64) - 1
    x = state
    while True:
        x = (x + gamma) & mask
        z = x
        z = ((z ^ (z >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        yield z ^ (z >> 31)


@pytest.mark.parametrize("state", [0, 1, 2**63, 2**64 - 1, 12345678901234567])
def test_the_generator_the_spec_writes_is_the_engines(state):
    ours, spec = splitmix64(state), spec_splitmix64(state)
    assert [next(ours) for _ in range(8)] == [next(spec) for _ in range(8)]


def test_the_generators_check_values_are_the_engines():
    check = re.search(r"x = 0 gives (0x[0-9A-F]+), then (0x[0-9A-F]+)", DEAL)
    assert check
    words = splitmix64(0)
    assert [next(words), next(words)] == [int(check[1], 16), int(check[2], 16)]


def test_the_example_deals_tops_reserve_and_first_pile_are_the_spec_s():
    def cards(label: str) -> list[Card]:
        found = re.search(label + r"[^`]*`([^`]+)`", flat(DEAL))
        assert found, label
        return [Card.parse(text) for text in found[1].split()]

    position = Position(DealCode.parse("HM1-N-AAAAAAB"))
    assert [pile[-1] for pile in position.piles] == cards(r"pile tops \(1…12\)")
    assert list(position.reserve) == cards(r"reserve \(R1…R8\)")
    assert list(position.piles[0]) == cards("pile 1 from bottom to top")


def test_the_code_counts_and_letters_are_the_spec_s():
    letters = int(re.search(r"then (\d+) letters A–Z", DEAL)[1])
    assert DEAL_COUNT == 26**letters and re.search(rf"0 to 26\^{letters} − 1", DEAL)
    assert DealCode(1) == DealCode.parse("HM1-N-AAAAAAB") and "`HM1-N-AAAAAAB` is deal number 1" in DEAL
    cyrillic, greek = re.search(r"— (А В .*?), (Α Β .*?) —", flat(DEAL)).groups()
    for twins in (cyrillic.split(), greek.split()):
        for letter in twins:
            assert letter.translate(LOOK_ALIKES) in "ABCDEFGHIJKLMNOPQRSTUVWXYZ", letter
            assert letter.lower().translate(LOOK_ALIKES) == letter.translate(LOOK_ALIKES), letter
    dashes = re.search(r"any dash \(([^)]*) as well as -\)", flat(DEAL))[1].split()
    assert set(dashes) <= set(DASHES)


# --- §2, §3 and §4.4: the counts of the rules ---------------------------------------------------

RULES = flat(spec_section("2"))


def numbers(pattern: str, text: str) -> tuple[int, ...]:
    found = re.search(pattern, text)
    assert found, f"SPEC.md no longer says {pattern!r}"
    return tuple(map(int, found.groups()))


def test_the_rules_counts_are_the_engines():
    assert numbers(r"(\d+) cards, every card twice", RULES) == (len(DECK) * 2,)
    dealt, piles, height = numbers(r"(\d+) cards are dealt face up into (\d+) piles of (\d+)", RULES)
    assert (piles, height, dealt) == (PILES, PILE_HEIGHT, PILES * PILE_HEIGHT)
    assert numbers(r"the last (\d+) cards form the reserve", RULES) == (RESERVE_SLOTS,)
    assert numbers(r"sum to (\d+)", RULES) == (PAIR_SUM,)
    assert numbers(r"\+(\d+) per pair, \+(\d+) per triple", RULES) == (PAIR_POINTS, TRIPLE_POINTS)
    pairs, triples, moves, points = numbers(
        r"always (\d+) pairs and (\d+) triples: (\d+) moves, (\d+) points", RULES)
    assert (moves, points) == (WINNING_MOVES, WINNING_SCORE)
    assert (moves, points) == (pairs + triples, pairs * PAIR_POINTS + triples * TRIPLE_POINTS)
    assert pairs * 2 + triples * 3 == len(DECK) * 2 and triples * 3 == len(FACE_RANKS) * 4 * 2
    assert numbers(r"Undo: the last (\d+) moves", flat(spec_section("3"))) == (UNDO_LIMIT,)


# --- §4.5 and §4.6 ------------------------------------------------------------------------------


def test_the_layout_picture_of_the_spec_is_the_boards_arc():
    """The rows of §4.5's picture, left to right, are the board's rows in layout.ARC."""
    picture = re.search(r"```\n(.*?)```", spec_section("4.5"), flags=re.S)[1]
    spec_rows = [line.split() for line in picture.splitlines() if line.strip()]
    rows: dict[float, list[tuple[float, str]]] = {}
    for source, (x, y) in ARC.items():
        rows.setdefault(y, []).append((x, source))
    board_rows = [[source for _, source in sorted(row)] for _, row in sorted(rows.items())]
    assert board_rows == spec_rows


@pytest.mark.parametrize(("lang", "letters"), re.findall(
    r"(English|French|Russian|Hebrew|German) (\S \S \S \S)[;.]",
    flat(spec_section("4.6"))))
def test_the_card_letters_of_the_spec_are_the_catalogs(lang, letters):
    code = {"English": "en", "French": "fr", "Russian": "ru", "Hebrew": "he", "German": "de"}[lang]
    texts = catalog(code)
    drawn = [texts.card(Card(rank, "S")).rstrip("♠") for rank in (1, 11, 12, 13)]
    assert drawn == letters.split()
