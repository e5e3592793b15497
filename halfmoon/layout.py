"""The board as drawn (SPEC §4.5): where each source sits, and where each arrow key leads from it.

The one home of the board's geometry. The SVG diagrams place their cards from ``ARC``; the game
draws the same arc on a CSS grid (``grid_place``, docs/assets/game/board.js) and moves its focus
by ``KEYS`` (docs/assets/game/input.js). Both JavaScript tables are checked against this module
through the shared vectors (``tests/data/layout.jsonl``, written by ``halfmoon.corpus``).
"""

from __future__ import annotations

from .moves import SOURCES, Source

__all__ = ["ARC", "GRID_COLUMNS", "KEYS", "grid_place", "key_target"]

# (column, row) of every source in the arc, in card pitches; the reserve is centred under pile 7.
ARC: dict[Source, tuple[float, float]] = {
    "1": (0, 3), "2": (0, 2), "3": (0, 1),
    **{str(4 + i): (1 + i, 0) for i in range(7)},
    "11": (8, 1), "12": (8, 2),
    **{f"R{1 + i}": (2.5 + i, 2) for i in range(4)},
    **{f"R{5 + i}": (2.5 + i, 3) for i in range(4)},
}

# The game's grid: each card spans two columns, so the reserve's half pitches fall on a column.
GRID_COLUMNS = 18


def grid_place(source: Source) -> tuple[int, int]:
    """(row, column) of ``source``'s first cell on the game's grid, both counted from 1."""
    column, row = ARC[source]
    return int(row) + 1, int(2 * column) + 1


# Where each arrow leads from each place: the top row 4–10, the sides 1–3 and 11–12, the
# reserve's rows R1–R4 (beside piles 2 and 12) and R5–R8 (beside pile 1). Missing: stay.
# The board is never mirrored, so the arrows are the same in right-to-left languages.
KEYS: dict[str, dict[Source, Source]] = {
    "ArrowRight": {
        "4": "5", "5": "6", "6": "7", "7": "8", "8": "9", "9": "10", "10": "11", "3": "R1",
        "2": "R1", "R1": "R2", "R2": "R3", "R3": "R4", "R4": "12",
        "1": "R5", "R5": "R6", "R6": "R7", "R7": "R8", "R8": "12",
    },
    "ArrowLeft": {
        "5": "4", "6": "5", "7": "6", "8": "7", "9": "8", "10": "9", "4": "3", "11": "R4",
        "12": "R4", "R4": "R3", "R3": "R2", "R2": "R1", "R1": "2",
        "R8": "R7", "R7": "R6", "R6": "R5", "R5": "1",
    },
    "ArrowDown": {
        "4": "3", "5": "R1", "6": "R2", "7": "R2", "8": "R3", "9": "R4", "10": "11",
        "3": "2", "2": "1", "11": "12", "12": "R8",
        "R1": "R5", "R2": "R6", "R3": "R7", "R4": "R8",
    },
    "ArrowUp": {
        "3": "4", "2": "3", "1": "2", "11": "10", "12": "11",
        "R1": "5", "R2": "6", "R3": "8", "R4": "9",
        "R5": "R1", "R6": "R2", "R7": "R3", "R8": "R4",
    },
    "Home": {source: "1" for source in SOURCES if source != "1"},
    "End": {source: "R8" for source in SOURCES if source != "R8"},
}


def key_target(key: str, source: Source) -> Source | None:
    """Where ``key`` moves the focus from ``source``; None where it stays."""
    return KEYS[key].get(source)
