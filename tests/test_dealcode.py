"""Deal codes and the deal algorithm of SPEC §4.2."""

from __future__ import annotations

import re
import string
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from halfmoon import DECK, DealCode, DealCodeError
from halfmoon.dealcode import DEAL_COUNT, LOOK_ALIKES, TRIMMED, below, shuffled_deck, splitmix64


def test_splitmix64_matches_the_check_values_of_the_spec():
    words = splitmix64(0)
    assert next(words) == 0xE220A8397B1DCDAF
    assert next(words) == 0x6E789E6AA1B965F4


def test_example_deal_matches_the_spec():
    layout = DealCode.parse("HM1-N-AAAAAAB").layout()
    assert [str(pile[-1]) for pile in layout.piles] == (
        "5H 5D AH 10C 2H KD QH 3D 8C QS 3H 8H".split()
    )
    assert [str(card) for card in layout.reserve] == "10H KH JH 10S JH AS 4D 7C".split()
    assert [str(card) for card in layout.piles[0]] == "6D KH 5C AC 2H 5S 4S 5H".split()


def test_deal_number_one_is_the_letters_aaaaaab():
    assert DealCode.parse("HM1-N-AAAAAAB").number == 1
    assert str(DealCode(0)) == "HM1-N-AAAAAAA"
    assert str(DealCode(DEAL_COUNT - 1)) == "HM1-N-ZZZZZZZ"


@pytest.mark.parametrize("text", [" hm1-n-aaaaaab ", "HM1-n-AaAaAaB", "\tHM1-N-AAAAAAB\n"])
def test_input_ignores_case_and_surrounding_space(text):
    assert str(DealCode.parse(text)) == "HM1-N-AAAAAAB"


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_code_text_round_trips(number):
    code = DealCode(number)
    assert DealCode.parse(str(code)) == code
    assert DealCode.parse(str(code).lower()) == code


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_every_deal_holds_each_card_exactly_twice(number):
    layout = DealCode(number).layout()
    cards = [card for pile in layout.piles for card in pile] + list(layout.reserve)
    assert len(layout.piles) == 12 and all(len(pile) == 8 for pile in layout.piles)
    assert len(layout.reserve) == 8
    assert Counter(cards) == Counter(list(DECK) * 2)


def test_dealing_order_puts_card_k_on_pile_k_mod_12():
    number = 12345
    cards = shuffled_deck(number)
    layout = DealCode(number).layout()
    for k in range(96):
        assert layout.piles[k % 12][k // 12] == cards[k]
    assert list(layout.reserve) == cards[96:]


def test_below_rejects_words_under_the_threshold():
    # 2^64 mod 3 == 1, so the word 0 must be rejected and the next one used.
    assert (1 << 64) % 3 == 1
    assert below(iter([0, 5]), 3) == 2
    assert below(iter([1, 5]), 3) == 1


@pytest.mark.parametrize(
    ("text", "kind", "position"),
    [
        ("", "empty", None),
        ("XM1-N-AAAAAAB", "prefix", 1),
        ("HM2-N-AAAAAAB", "version", 3),
        ("HM1N-AAAAAAB", "separator", 4),
        ("HM1-Q-AAAAAAB", "variant", 5),
        ("HM1-N-AAAAAA", "length", 7),
        ("HM1-N-AAAAAAAB", "length", 7),
        ("HM1-N-AAA7AAB", "letter", 10),
        ("HM1-N-AAAAAAB-X", "parts", None),
    ],
)
def test_malformed_codes_say_what_and_where(text, kind, position):
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(text)
    assert caught.value.kind == kind
    assert caught.value.position == position
    assert repr(text.strip()) in str(caught.value)
    if position is not None:
        assert f"position {position}" in str(caught.value)


def test_offending_character_is_quoted():
    with pytest.raises(DealCodeError, match="'7' is not a letter"):
        DealCode.parse("HM1-N-AAA7AAB")


KINDS = {"empty", "character", "prefix", "version", "separator", "parts", "variant", "letter", "length"}


def _ascii_upper(text: str) -> str:
    return "".join(chr(ord(c) - 32) if "a" <= c <= "z" else c for c in text)


def _reading(trimmed: str) -> str:
    """SPEC §4.2's reading of ASCII input, spelled out apart from the parser: the first two runs of
    spaces, or a dash with spaces around it, are the separators; seven letters alone get HM1-N-."""
    upper = _ascii_upper(trimmed)
    if re.fullmatch("[A-Z]{7}", upper):
        return "HM1-N-" + upper
    return re.sub(r"\s*-\s*|\s+", "-", upper, count=2)


@given(st.text(alphabet=string.printable + "ÀßЖא-ſıﬀＡ", max_size=20))
def test_fuzzed_codes_are_read_exactly_or_refused_with_a_position(text):
    trimmed = text.strip(TRIMMED)
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        assert error.kind in KINDS
        assert error.position is None or 1 <= error.position <= len(trimmed) + 1  # past the end: missing
        if error.kind == "character":
            assert not trimmed[error.position - 1].isascii()
        return
    assert str(code) == _reading(trimmed)


@given(st.text(alphabet="HMN1-ABCZhmnabz ", max_size=16))
def test_near_miss_codes_are_read_exactly_or_refused_with_a_position(text):
    trimmed = text.strip()
    try:
        code = DealCode.parse(text)
    except DealCodeError as error:
        assert error.kind in KINDS - {"character"}
        assert error.position is None or 1 <= error.position <= len(trimmed) + 1  # past the end: missing
        if error.position is not None:
            assert f"(position {error.position})" in str(error)
        return
    assert str(code) == _reading(trimmed)


@pytest.mark.parametrize(
    "text",
    ["hm1 n aaaaaae", "HM1\u2013N\u2013AAAAAAE", "HM1 \u2014 N \u2014 AAAAAAE", "HM1\u2212N\u2011AAAAAAE",
     "AAAAAAE", " aaaaaae\n", "HM1\u00a0-\u00a0N-AAAAAAE", "НМ1-N-ААААААЕ"],
)
def test_codes_as_players_type_them_are_read(text):
    assert str(DealCode.parse(text)) == "HM1-N-AAAAAAE"


SEPARATORS = st.sampled_from(["-", " ", "  ", " - ", "\u2010", "\u2011", "\u2012", "\u2013", "\u2014",
                              "\u2015", "\u2212", "\u00a0", "\u3000", "\t", " \u2013 "])


@given(st.integers(0, DEAL_COUNT - 1), SEPARATORS, SEPARATORS)
def test_any_separators_between_the_parts_read_as_the_canonical_code(number, first, second):
    code = DealCode(number)
    assert DealCode.parse(f"HM1{first}N{second}{code.letters}") == code
    assert DealCode.parse(code.letters.lower()) == code


@pytest.mark.parametrize(
    ("text", "kind", "position"),
    [("HM1-N-AAA AAAB", "letter", 10), ("HM1 N AAA\u00a0AAAB", "character", 10),
     ("HM1--N-AAAAAAB", "parts", None), ("HM 1 N AAAAAAB", "version", 3), ("HM1 N AAAAA!B", "letter", 12),
     ("HM1 \u2013 X-AAAAAAB", "variant", 7), ("AAAAAA", "prefix", 1), ("HM1_N-AAAAAAB", "separator", 4)],
)
def test_a_misread_lenient_code_names_the_place_as_typed(text, kind, position):
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(text)
    assert (caught.value.kind, caught.value.position) == (kind, position)


@pytest.mark.parametrize(
    ("text", "position", "char"),
    [
        ("hm1-n-aaaaaß", 12, "ß"), ("HM1-N-AAAAAAſ", 13, "ſ"), ("hm1-n-aaaaaaı", 13, "ı"),
        ("HM1-N-AAAAAﬀ", 12, "ﬀ"), ("ＨＭ1-N-AAAAAAB", 1, "Ｈ"), (" HM1-N-AAAAAAЖ", 13, "Ж"),
        ("HM1-N-AAAA\U0001d538AB", 11, "\U0001d538"),
    ],
)
def test_non_ascii_that_case_folding_would_accept_is_refused_naming_it(text, position, char):
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(text)
    assert (caught.value.kind, caught.value.position) == ("character", position)
    assert repr(char) in str(caught.value) and f"position {position}" in str(caught.value)


@pytest.mark.parametrize(
    "text", ["НМ1-N-ААААААВ", "нм1-N-ааааааВ", "ΗΜ1-Ν-ΑΑΑΑΑΑΒ", "ημ1-ν-ααααααβ", "HM1-N-AAAAAAΒ"]
)
def test_cyrillic_and_greek_look_alikes_read_as_their_latin_twins(text):
    assert str(DealCode.parse(text)) == "HM1-N-AAAAAAB"


def test_the_look_alike_table_is_the_one_of_the_spec():
    capitals = "АВЕКМНОРСТХУ" + "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ"
    twins = "ABEKMHOPCTXY" + "ABEZHIKMNOPTYX"
    expected = {**dict(zip(capitals, twins)), **dict(zip(capitals.lower(), twins))}
    assert {chr(k): chr(v) for k, v in LOOK_ALIKES.items()} == expected


@pytest.mark.parametrize("char", list(TRIMMED))
def test_each_trimmed_character_is_ignored_around_a_code_and_refused_inside(char):
    assert str(DealCode.parse(f"{char}{char}HM1-N-AAAAAAB{char}")) == "HM1-N-AAAAAAB"
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse(f"HM1-N-AAA{char}AAAB")
    assert caught.value.position == 10


def test_the_trimmed_characters_are_white_space_the_byte_order_mark_and_the_zero_width_space():
    spaces = {chr(c) for c in range(0x110000) if chr(c).isspace()}
    assert set(TRIMMED) == spaces | {"\ufeff", "\u200b"}


def test_a_long_code_is_echoed_cut_short():
    with pytest.raises(DealCodeError) as caught:
        DealCode.parse("HM1-N-" + "A" * 10_000_000)
    assert len(str(caught.value)) < 200 and caught.value.kind == "length"


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_the_fast_shuffle_agrees_with_the_plain_reference(number):
    from halfmoon.dealcode import reference_shuffled_deck

    assert shuffled_deck(number) == reference_shuffled_deck(number)


@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_the_fast_shuffle_rejects_words_as_the_reference_does(number):
    # Real thresholds (2^64 mod k < 104) are almost never hit; raise them so that about
    # a quarter of all words are rejected and both shuffles must redraw alike.
    from unittest import mock

    from halfmoon import dealcode

    raised = tuple(1 << 62 for _ in dealcode._REJECT_BELOW)
    with mock.patch.object(dealcode, "_REJECT_BELOW", raised):
        fast = shuffled_deck(number)
        assert fast == dealcode.reference_shuffled_deck(number)
    assert fast != shuffled_deck(number)
