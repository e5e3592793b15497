"""Game records (SPEC §4.3): parse, write, replay, and errors with line and column."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Game, HalfMoonError, Record, RecordError
from halfmoon.errors import MoveNumberError, RecordFileError
from halfmoon.record import MOVE_NUMBER_DIGITS, RECORD_LIMIT, parse_move_number, read_record


def random_game_record(number: int, seed: int) -> Game:
    rng = random.Random(seed)
    game = Game(DealCode(number))
    while legal := game.position.legal_moves():
        sources = list(rng.choice(legal).sources)
        rng.shuffle(sources)
        game.play("+".join(sources))
    return game


@settings(max_examples=50)
@given(st.integers(0, 26**7 - 1), st.integers(0, 2**32))
def test_written_records_replay_to_the_same_game(number, seed):
    game = random_game_record(number, seed)
    record = Record.parse(game.record_text())
    position = record.replay()
    assert position == game.position
    assert (position.score, position.move_count) == (game.score, game.move_count)
    assert [str(m) for m in record.moves] == [str(m) for m in game.history]
    assert Record.parse(record.format()).format() == record.format()


def test_comments_blank_lines_and_case_are_ignored():
    text = "# example\n\n  hm1-n-aaaaaab   # the code\nr7+r8 # a pair\n\n3+R1\n"
    record = Record.parse(text)
    assert str(record.code) == "HM1-N-AAAAAAB"
    assert [str(m) for m in record.moves] == ["R7+R8", "3+R1"]
    assert record.replay().score == 20


def test_replay_can_stop_after_any_move():
    record = Record.parse("HM1-N-AAAAAAB R7+R8 3+R1")
    assert record.replay(1).move_count == 1
    assert record.replay(0).move_count == 0
    with pytest.raises(RecordError, match="has 2 moves") as caught:
        record.replay(3)
    assert caught.value.kind == "after"


@settings(max_examples=30)
@given(st.integers(0, 26**7 - 1), st.integers(0, 2**32))
def test_positions_are_the_positions_replay_stops_at(number, seed):
    record = Record.parse(random_game_record(number, seed).record_text())
    positions = record.positions()
    assert len(positions) == len(record.moves) + 1
    for after, position in enumerate(positions):
        expected = record.replay(after)
        assert position == expected and position.history == expected.history
    assert len({id(position) for position in positions}) == len(positions)  # no shared state


def test_positions_replay_once_and_report_an_illegal_move_as_replay_does(monkeypatch):
    from halfmoon.position import Position

    record = Record.parse(random_game_record(1, 1).record_text())
    pushes = []
    push = Position.push
    monkeypatch.setattr(Position, "push", lambda self, move: pushes.append(move) or push(self, move))
    record.positions()
    assert len(pushes) == len(record.moves)
    bad = Record.parse("HM1-N-AAAAAAB\nR7+R8\n   3+R1  1+2\n", "game.txt")
    with pytest.raises(RecordError) as by_replay:
        bad.replay()
    with pytest.raises(RecordError) as by_positions:
        bad.positions()
    assert str(by_positions.value) == str(by_replay.value)


@pytest.mark.parametrize("text", ["0", "7", "0048", "9" * MOVE_NUMBER_DIGITS, "0" * 50 + "12"])
def test_move_numbers_are_ascii_digits(text):
    assert parse_move_number(text) == int(text)


@pytest.mark.parametrize(("text", "kind"), [
    ("", "digits"), ("²", "digits"), ("３", "digits"), ("٣", "digits"), ("-1", "digits"),
    ("+1", "digits"), ("1.0", "digits"), (" 1", "digits"), ("1_0", "digits"),
    ("1" + "0" * MOVE_NUMBER_DIGITS, "size"), ("9" * 5000, "size"),
])
def test_anything_else_is_no_move_number(text, kind):
    with pytest.raises(MoveNumberError) as caught:
        parse_move_number(text)
    assert caught.value.kind == kind


def test_no_record_can_hold_a_move_number_longer_than_the_bound():
    """The shortest move and its separator ("1+2 ") take four characters."""
    assert len(str(RECORD_LIMIT // 4)) <= MOVE_NUMBER_DIGITS


def test_an_illegal_move_gives_number_reason_line_and_column():
    text = "HM1-N-AAAAAAB\nR7+R8\n   3+R1  1+2\n"
    with pytest.raises(RecordError) as caught:
        Record.parse(text, "game.txt").replay()
    error = caught.value
    assert (error.move_number, error.line, error.column) == (3, 3, 10)
    assert error.reason == "5♥ + 5♦ = 10, not 11"
    assert str(error) == "game.txt:3:10: move 3 (1+2): 5♥ + 5♦ = 10, not 11"


def test_moving_from_an_emptied_slot_is_reported():
    with pytest.raises(RecordError, match=r"move 2 \(R7\+3\): R7 is empty"):
        Record.parse("HM1-N-AAAAAAB R7+R8 R7+3").replay()


@pytest.mark.parametrize(
    ("text", "kind", "line", "column"),
    [
        ("", "blank", None, None),
        ("# only a comment", "blank", None, None),
        ("HM1-N-AAAA!AB 1+2", "code", 1, 1),
        ("HM1-N-AAAAAAB\n 1+", "syntax", 2, 2),
        ("HM1-N-AAAAAAB 1+13", "syntax", 1, 15),
        ("HM1-N-AAAAAAB 1++2", "syntax", 1, 15),
    ],
)
def test_unreadable_records_say_where(text, kind, line, column):
    with pytest.raises(RecordError) as caught:
        Record.parse(text).replay()
    assert (caught.value.kind, caught.value.line, caught.value.column) == (kind, line, column)


@settings(max_examples=300)
@given(st.text(alphabet="HM1-NAB+R0123456789 \n#x", max_size=60))
def test_fuzzed_records_raise_only_record_errors(text):
    try:
        Record.parse("HM1-N-AAAAAAB\n" + text).replay()
    except RecordError as error:
        assert error.line is None or error.line >= 1
    try:
        Record.parse(text).replay()
    except HalfMoonError as error:
        assert isinstance(error, RecordError)


def test_a_byte_order_mark_before_the_record_is_skipped():
    position = Record.parse("\ufeffHM1-N-AAAAAAB R7+R8").replay()
    assert position.move_count == 1


def test_a_record_at_the_bound_is_read_and_one_character_more_is_refused():
    at_limit = "HM1-N-AAAAAAB" + " " * (RECORD_LIMIT - 13)
    assert Record.parse(at_limit).moves == []
    with pytest.raises(RecordError) as caught:
        Record.parse(at_limit + "\n", "big.txt")
    assert caught.value.kind == "size"
    assert str(caught.value) == "big.txt: the record is too long: 1,000,001 characters, at most 1,000,000"


def test_a_long_token_is_echoed_cut_short():
    token = "1+" + "9" * 1_000
    with pytest.raises(RecordError) as caught:
        Record.parse(f"HM1-N-AAAAAAB {token}")
    assert len(str(caught.value)) < 300 and (caught.value.line, caught.value.column) == (1, 15)


def test_reading_a_record_file_stops_at_the_bound(tmp_path):
    path = tmp_path / "zeros.txt"
    path.write_bytes(b"\0" * (4 * RECORD_LIMIT + 10))
    with pytest.raises(RecordError, match="too long: more than 1,000,000 characters$") as caught:
        read_record(str(path))
    assert caught.value.name == str(path)


def test_reading_a_record_file_that_is_not_utf8_names_the_file_and_byte(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes("HM1-N-AAAAAAB # é".encode("latin-1"))
    with pytest.raises(HalfMoonError, match=r"latin1.txt: not UTF-8 text \(byte 17 is 0xe9\)"):
        read_record(str(path))


def test_reading_a_record_file_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbfHM1-N-AAAAAAB R7+R8\n")
    assert read_record(str(path)).replay().move_count == 1


def test_reading_a_closed_standard_input_is_a_clear_error(monkeypatch):
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(HalfMoonError, match="standard input is closed"):
        read_record("-")


def test_standard_input_replaced_by_a_text_stream_is_read_and_bounded(monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("HM1-N-AAAAAAB R7+R8\n"))
    assert read_record("-").replay().move_count == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("HM1-N-AAAAAAB" + " " * RECORD_LIMIT))
    with pytest.raises(RecordError, match="too long"):
        read_record("-")


@pytest.mark.parametrize("name", ["a-folder", "missing.txt", "latin1.txt"])
def test_a_record_file_that_cannot_be_read_is_a_record_file_error(tmp_path, name):
    (tmp_path / "a-folder").mkdir()
    (tmp_path / "latin1.txt").write_bytes("HM1-N-AAAAAAB # caf\u00e9".encode("latin-1"))
    with pytest.raises(RecordFileError, match="cannot read record"):
        read_record(str(tmp_path / name))
