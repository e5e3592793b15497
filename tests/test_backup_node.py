"""The backup file of statistics and saved games (docs/assets/game/backup.js and storage.js), in Node.

No browser needed: tests/js/serve_backup.mjs answers cases over a localStorage kept in a Map. The
games come from the Python engine, so a saved game's moves are legal (or not) independently of the
JavaScript under test.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from halfmoon import DealCode, Game, IllegalMoveError, Move, Record

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
EXAMPLE = "HM1-N-AAAAAAB"
OTHER = "HM1-N-AAAAAAC"


@pytest.fixture(scope="module")
def node():
    if NODE is None:
        pytest.skip("node is not on the PATH")
    process = subprocess.Popen(
        [NODE, str(ROOT / "tests" / "js" / "serve_backup.mjs")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
    )

    def ask(case: str, args: object = None) -> object:
        assert process.stdin and process.stdout
        process.stdin.write(json.dumps({"case": case, "args": args}) + "\n")
        process.stdin.flush()
        answer = json.loads(process.stdout.readline())
        assert "failure" not in answer, answer.get("failure")
        return answer["result"]

    yield ask
    assert process.stdin
    process.stdin.close()
    process.wait()


def example_moves(count: int) -> list[str]:
    text = (ROOT / "docs" / "records" / f"{EXAMPLE}.txt").read_text("utf-8")
    return ["+".join(move.sources) for move in Record.parse(text).moves[:count]]


def saved(code: str = EXAMPLE, moves: int = 3, **fields: object) -> dict:
    game = {"code": code, "moves": example_moves(moves) if code == EXAMPLE else [], "undoable": 0,
            "elapsed": 61_000, "result": None, "counted": True}
    game["undoable"] = len(game["moves"])
    return {**game, **fields}


STATS = {"played": 7, "won": 3, "streak": 2, "bestStreak": 2, "fastest": {EXAMPLE: 300_000}}
STATE = {"stats": STATS, "games": [saved(), saved(OTHER, counted=False, elapsed=0)]}
EMPTY = {"stats": {"played": 0, "won": 0, "streak": 0, "bestStreak": 0, "fastest": {}}, "games": []}


def backup_text(**changes: object) -> str:
    backup = {"format": "halfmoon-backup", "version": 1, "exported": "2026-01-01T00:00:00.000Z", **STATE}
    backup.update(changes)
    return json.dumps(backup)


def test_export_then_restore_into_an_empty_browser_gives_the_same_state(node):
    text = node("export", STATE)
    assert json.loads(text)["format"] == "halfmoon-backup"
    for mode in ("replace", "merge"):
        restored = node("restore", {"here": EMPTY, "text": text, "mode": mode})
        assert restored["refused"] is None
        assert restored["after"] == STATE


def test_a_won_game_and_a_lost_game_kept_after_an_undo_travel_too(node):
    record = Record.parse((ROOT / "docs" / "records" / f"{EXAMPLE}.txt").read_text("utf-8"))
    game = Game(DealCode.parse(EXAMPLE))
    for move in record.moves:
        game.play(move)
    assert game.position.is_won()
    won = saved(moves=len(record.moves), result="won", undoable=0)
    lost_then_undone = saved(moves=5, result="lost")
    for state in ({"stats": STATS, "games": [won]}, {"stats": STATS, "games": [lost_then_undone]}):
        assert node("read", node("export", state)) == {"backup": state}


def broken_files() -> dict[str, tuple[str, str]]:
    """Each kind of bad file: its text and the reason the game must give."""
    big = backup_text(padding="x" * (256 * 1024))
    return {
        "empty": ("", "not_json"),
        "cut off": (backup_text()[:-20], "not_json"),
        "a record file": ((ROOT / "docs" / "records" / f"{EXAMPLE}.txt").read_text("utf-8"), "not_json"),
        "other JSON": (json.dumps({"played": 3, "won": 1}), "foreign"),
        "a list": ("[]", "foreign"),
        "no version": (json.dumps({"format": "halfmoon-backup", **STATE}), "foreign"),
        "newer version": (backup_text(version=2), "newer"),
        "too large": (big, "too_large"),
        "won above played": (backup_text(stats={**STATS, "won": 8}), "damaged"),
        "negative count": (backup_text(stats={**STATS, "played": -1}), "damaged"),
        "streak above best": (backup_text(stats={**STATS, "streak": 3}), "damaged"),
        # Statistics checked as a whole: no play gives a best streak of 7 with no game played.
        "best streak, no game": (backup_text(stats={**STATS, "played": 0, "won": 0, "streak": 0,
                                                    "bestStreak": 7, "fastest": {}}), "damaged"),
        "best streak above won": (backup_text(stats={**STATS, "won": 1, "streak": 1, "bestStreak": 2}),
                                  "damaged"),
        "streak, no win": (backup_text(stats={**STATS, "won": 0, "streak": 1, "bestStreak": 1}), "damaged"),
        "past 2^53 - 1": (backup_text(stats={**STATS, "played": 2**53}), "damaged"),
        "bad best time": (backup_text(stats={**STATS, "fastest": {EXAMPLE: -5}}), "damaged"),
        "bad code in best times": (backup_text(stats={**STATS, "fastest": {"<b>x</b>": 5000}}), "damaged"),
        "illegal move": (backup_text(games=[saved(moves=2) | {"moves": ["1+2"]}]), "damaged"),
        "bad game code": (backup_text(games=[saved(code="HM1-N-aaaaaab")]), "damaged"),
        "a deal twice": (backup_text(games=[saved(), saved()]), "damaged"),
        "undo beyond the moves": (backup_text(games=[saved(undoable=9)]), "damaged"),
        "unknown result": (backup_text(games=[saved(result="draw")]), "damaged"),
        "too many games": (
            backup_text(games=[saved(f"HM1-N-AAAAA{a}{b}") for a in "AB" for b in "ABCDEFGHIJK"]), "damaged"),
    }


@pytest.mark.parametrize("name", list(broken_files()))
@pytest.mark.parametrize("mode", ["replace", "merge"])
def test_a_bad_file_is_refused_with_its_reason_and_changes_nothing(node, name, mode):
    text, reason = broken_files()[name]
    restored = node("restore", {"here": STATE, "text": text, "mode": mode})
    assert restored["refused"] == reason
    assert restored["unchanged"] and restored["after"] == STATE


MANY = {"stats": {**STATS, "fastest": {}},
        "games": [saved(f"HM1-N-AAAAA{a}{b}") for a in "AB" for b in "ABCDEFGHIJ"]}


@pytest.mark.parametrize("mode", ["replace", "merge"])
@pytest.mark.parametrize("room", [0, 300, 1200])
def test_a_storage_full_midway_puts_everything_back_and_says_so(node, mode, room):
    """The file needs some 2,000 characters more than this browser holds: with less room, some
    writes fit and a later one does not. Every value is put back as it was."""
    text = node("write", MANY)
    restored = node("restore", {"here": STATE, "text": text, "mode": mode, "room": room})
    assert restored["refused"] == "storage_full"
    assert restored["unchanged"] and restored["after"] == STATE


def test_with_room_enough_the_same_file_is_written_whole(node):
    text = node("write", MANY)
    restored = node("restore", {"here": STATE, "text": text, "mode": "replace", "room": 40_000})
    assert restored["refused"] is None and restored["after"] == MANY


NEWER_STATS = json.dumps({"version": 2, "played": 90, "won": 40, "anything": ["new"]})
NEWER_GAME = json.dumps({"version": 3, "code": OTHER, "anything": ["new"]})


@pytest.mark.parametrize("mode", ["replace", "merge"])
@pytest.mark.parametrize("raw", [{"stats": NEWER_STATS}, {"games": {OTHER: NEWER_GAME}}],
                         ids=["stats", "game"])
def test_an_import_never_writes_over_what_a_newer_version_saved(node, mode, raw):
    """Statistics or a game of a newer schema (a newer build of the site wrote them, this page may be
    an older cached copy) are kept: the import is refused before anything is written."""
    file = {"stats": STATS, "games": [saved(), saved(OTHER)]}
    restored = node("restore", {"here": STATE, "text": node("write", file), "mode": mode, "raw": raw})
    assert restored["refused"] == "newer_here" and restored["unchanged"]


def test_every_refusal_of_the_storage_is_said_in_every_language():
    from halfmoon.i18n import available_languages, catalog

    flow = (ROOT / "docs" / "assets" / "game" / "backup_flow.js").read_text("utf-8")
    storage = (ROOT / "docs" / "assets" / "game" / "storage.js").read_text("utf-8")
    for kind in ("storage_full", "newer_here"):
        assert f'RestoreError("{kind}")' in storage
        for lang in available_languages():
            assert catalog(lang).text(f"game.backup.error.{kind}").strip()
    assert "game.backup.error.${error.kind}" in flow


def test_the_illegal_move_is_illegal_for_the_python_engine_too():
    game = Game(DealCode.parse(EXAMPLE))
    with pytest.raises(IllegalMoveError):
        game.play(Move.parse("1+2"))


def test_the_limits_are_the_documented_ones(node):
    assert node("limits") == {"bytes": 256 * 1024, "games": 20, "keep": 20, "version": 1}


def test_replace_drops_this_browsers_games_and_statistics(node):
    here = {"stats": {**STATS, "played": 50, "won": 9, "bestStreak": 5},
            "games": [saved(OTHER)]}
    file = {"stats": STATS, "games": [saved()]}
    restored = node("restore", {"here": here, "text": node("write", file), "mode": "replace"})
    assert restored["after"] == file


def test_merge_adds_counts_keeps_the_better_bests_and_the_further_game(node):
    here = {
        "stats": {"played": 10, "won": 4, "streak": 0, "bestStreak": 3,
                  "fastest": {EXAMPLE: 200_000, OTHER: 90_000}},
        "games": [saved(moves=2), saved(OTHER)],
    }
    third = "HM1-N-AAAAAAD"
    file = {"stats": STATS, "games": [saved(moves=4), saved(third)]}
    restored = node("restore", {"here": here, "text": node("write", file), "mode": "merge"})
    assert restored["after"]["stats"] == {
        "played": 17, "won": 7, "streak": 2, "bestStreak": 3, "fastest": {EXAMPLE: 200_000, OTHER: 90_000},
    }
    games = [(g["code"], len(g["moves"])) for g in restored["after"]["games"]]
    assert games == [(EXAMPLE, 4), (OTHER, 0), (third, 0)]


counts = st.integers(0, 10**6)


@st.composite
def statistics(draw) -> dict:
    played = draw(counts)
    won = draw(st.integers(0, played))
    best = draw(st.integers(0, won))
    codes = st.sampled_from([EXAMPLE, OTHER, "HM1-N-AAAAAAD", "HM1-N-ZZZZZZZ"])
    fastest = draw(st.dictionaries(codes, st.integers(1, 10**8)))
    streak = draw(st.integers(0, best))
    return {"played": played, "won": won, "streak": streak, "bestStreak": best, "fastest": fastest}


@settings(max_examples=60)
@given(here=statistics(), file=statistics())
def test_merged_statistics_add_up_and_keep_each_best(node, here, file):
    merged = node("mergeStats", {"here": here, "file": file})
    assert merged["played"] == here["played"] + file["played"]
    assert merged["won"] == here["won"] + file["won"]
    assert merged["streak"] == max(here["streak"], file["streak"])
    assert merged["bestStreak"] == max(here["bestStreak"], file["bestStreak"])
    assert merged["fastest"] == {
        code: min(t for t in (here["fastest"].get(code), file["fastest"].get(code)) if t is not None)
        for code in here["fastest"].keys() | file["fastest"].keys()
    }
    assert node("mergeStats", {"here": here, "file": EMPTY["stats"]}) == here
    assert node("read", node("write", {"stats": merged, "games": []}))["backup"]["stats"] == merged


@settings(max_examples=40)
@given(here=st.lists(st.integers(0, 30), unique=True, max_size=20),
       file=st.lists(st.integers(0, 30), unique=True, max_size=20), keep=st.integers(1, 20))
def test_merged_games_keep_this_browsers_order_then_the_files_new_deals(node, here, file, keep):
    def games(numbers: list[int], moves: int) -> list[dict]:
        return [{"code": f"HM1-N-AAAAA{chr(65 + n // 26)}{chr(65 + n % 26)}", "moves": ["x"] * moves}
                for n in numbers]

    merged = node("mergeGames", {"here": games(here, 1), "file": games(file, 2), "keep": keep})
    order = here + [n for n in file if n not in here]
    assert [g["code"] for g in merged] == [g["code"] for g in games(order, 0)][:keep]
    assert all(len(g["moves"]) == (2 if n in file else 1) for g, n in zip(merged, order))


MOST = 2**53 - 1  # Number.MAX_SAFE_INTEGER: beyond it a number no longer counts one by one


@pytest.mark.parametrize(("here", "file"), [(MOST - 3, 7), (7, MOST), (MOST, MOST)])
def test_a_merge_whose_games_played_would_pass_2_53_is_refused_and_changes_nothing(node, here, file):
    state = {"stats": {**STATS, "played": here}, "games": [saved()]}
    text = node("write", {"stats": {**STATS, "played": file}, "games": []})
    restored = node("restore", {"here": state, "text": text, "mode": "merge"})
    assert restored["refused"] == "too_many" and restored["unchanged"]
    assert restored["after"]["stats"]["played"] == here  # not 0, as a number past 2^53 - 1 read back


def test_a_merge_up_to_2_53_minus_1_is_kept_exactly(node):
    state = {"stats": {**STATS, "played": MOST - 7}, "games": []}
    text = node("write", {"stats": STATS, "games": []})
    restored = node("restore", {"here": state, "text": text, "mode": "merge"})
    assert restored["refused"] is None and restored["after"]["stats"]["played"] == MOST


def test_a_game_played_at_2_53_minus_1_keeps_the_count_there(node):
    stats = node("win", {"stats": {**STATS, "played": MOST, "won": MOST - 1}, "games": []})
    assert stats["played"] == MOST and stats["won"] == MOST


def test_too_many_is_said_in_every_language():
    from halfmoon.i18n import available_languages, catalog

    backup = (ROOT / "docs" / "assets" / "game" / "backup.js").read_text("utf-8")
    assert 'BackupError("too_many"' in backup
    for lang in available_languages():
        assert "9" in catalog(lang).text("game.backup.error.too_many", most="9")


raw_counts = st.one_of(st.integers(-3, 12), st.sampled_from([MOST, 2**53, 1.5, "7", None]))


@settings(max_examples=80)
@given(st.fixed_dictionaries({name: raw_counts for name in ("played", "won", "streak", "bestStreak")}))
def test_whatever_statistics_a_browser_holds_export_to_a_file_that_imports(node, stats):
    """The browser's statistics are made whole as they are read (storage.js), so the file it
    exports always passes the import's check of the whole (backup.js's statsProblem)."""
    text = node("exportRaw", json.dumps({"version": 1, **stats, "fastest": {}}))
    read = node("read", text)
    assert "backup" in read, (stats, text)
    got = read["backup"]["stats"]
    assert got["streak"] <= got["bestStreak"] <= got["won"] <= got["played"] <= MOST


@settings(max_examples=80)
@given(st.fixed_dictionaries({name: st.integers(0, 9) for name in ("played", "won", "streak", "bestStreak")}))
def test_a_files_statistics_are_refused_exactly_when_no_play_gives_them(node, stats):
    text = backup_text(stats={**stats, "fastest": {}}, games=[])
    possible = stats["streak"] <= stats["bestStreak"] <= stats["won"] <= stats["played"]
    assert node("read", text) == ({"backup": {"stats": {**stats, "fastest": {}}, "games": []}}
                                  if possible else {"error": "damaged"})
