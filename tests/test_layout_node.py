"""The board's geometry has one home (halfmoon/layout.py): the diagrams place their cards from it,
and the game's grid places (board.js) and arrow keys (input.js) are checked against it in Node
through tests/data/layout.jsonl."""

from __future__ import annotations

import re
import shutil
from collections import deque
from pathlib import Path

import pytest
from node_script import node_outcome

from halfmoon import corpus
from halfmoon.diagram import SLOT_BOXES
from halfmoon.layout import ARC, GRID_COLUMNS, KEYS, grid_place
from halfmoon.moves import SOURCES

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
GAME = ROOT / "docs" / "assets" / "game"


def test_the_game_draws_and_moves_over_the_board_as_the_python_layout_says():
    outcome = node_outcome("run_layout.mjs", str(DATA))
    assert outcome["bad"] == [] and outcome["exit"] == 0
    places = [case for case in corpus.load(DATA / "layout.jsonl") if "source" in case]
    assert outcome["counts"] == {"places": len(SOURCES), "keys": len(SOURCES) * len(KEYS)} \
        and len(places) == len(SOURCES)


@pytest.mark.parametrize(("name", "before", "after", "caught"), [
    ("board.js", "R1: [3, 6]", "R1: [3, 7]", 'place of R1: {"row":3,"column":7}, want {"row":3,"column":6}'),
    ("board.js", "12: [3, 17]", "12: [2, 17]",
     'place of 12: {"row":2,"column":17}, want {"row":3,"column":17}'),
    ("input.js", '10: "11", 3: "R1"', '10: "11", 3: "4"', "ArrowRight from 3: 4, want R1"),
    ("input.js", 'R4: "9",', 'R4: "10",', "ArrowUp from R4: 10, want 9"),
    ("input.js", 'R8: "R4",', 'R8: "R4", R9: "R5",', "ArrowUp from unknown R9"),
])
def test_a_changed_place_or_key_in_the_game_is_caught(tmp_path, name, before, after, caught):
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    text = (game / name).read_text("utf-8")
    assert text.count(before) == 1, f"{before!r} is no longer in {name}: update this test"
    (game / name).write_text(text.replace(before, after), "utf-8")
    outcome = node_outcome("run_layout.mjs", str(DATA), str(game))
    assert caught in outcome["bad"] and outcome["exit"] == 1


def test_the_diagrams_place_their_cards_from_the_same_arc():
    pitch_x = SLOT_BOXES["5"][0] - SLOT_BOXES["4"][0]
    pitch_y = SLOT_BOXES["3"][1] - SLOT_BOXES["4"][1]
    x0, y0 = SLOT_BOXES["4"][0] - pitch_x, SLOT_BOXES["4"][1]
    for source, (column, row) in ARC.items():
        assert SLOT_BOXES[source][:2] == (round(x0 + column * pitch_x), round(y0 + row * pitch_y))


def test_every_source_has_its_own_two_columns_on_the_game_grid():
    taken: set[tuple[int, int]] = set()
    for source in SOURCES:
        row, column = grid_place(source)
        cells = {(row, column), (row, column + 1)}
        assert 1 <= column and column + 1 <= GRID_COLUMNS and 1 <= row <= 4 and not taken & cells, source
        taken |= cells
    css = (GAME / "game.css").read_text("utf-8")
    assert re.search(rf"grid-template-columns: repeat\({GRID_COLUMNS},", css)


DIRECTIONS = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}


def test_each_arrow_leads_the_way_it_points_on_the_board_as_drawn():
    for key, (dx, dy) in DIRECTIONS.items():
        for source, target in KEYS[key].items():
            (x, y), (to_x, to_y) = ARC[source], ARC[target]
            assert (to_x - x) * dx + (to_y - y) * dy > 0, (key, source, target)
    assert set(KEYS["Home"].values()) == {"1"} and set(KEYS["End"].values()) == {"R8"}


def test_the_arrows_reach_every_place_from_every_place():
    for start in SOURCES:
        seen, todo = {start}, deque([start])
        while todo:
            here = todo.popleft()
            for key in DIRECTIONS:
                target = KEYS[key].get(here)
                if target is not None and target not in seen:
                    seen.add(target)
                    todo.append(target)
        assert seen == set(SOURCES), start
