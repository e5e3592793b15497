"""Diagram test helpers: positions to draw, and the picture check that reads a rendered diagram
region by region (used with cairosvg in test_diagram.py and with Chromium in
test_diagram_browser.py)."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from halfmoon import Position, Record
from halfmoon.diagram import HEIGHT, SLOT_BOXES, WIDTH
from halfmoon.diagram.png import svg_to_png
from halfmoon.diagram.svg import COUNT_XS, DIGIT_HEIGHT, LABEL_ADVANCE, LABEL_X, LABEL_Y

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "HM1-N-AAAAAAB"


def thinned(heights: list[int], slots: list[bool], code: str = EXAMPLE) -> Position:
    position = Position(code)
    for pile, height in zip(position.piles, heights):
        del pile[height:]
    position.reserve = [card if keep else None for card, keep in zip(position.reserve, slots)]
    return position


def example_record() -> Record:
    path = ROOT / "docs" / "records" / f"{EXAMPLE}.txt"
    return Record.parse(path.read_text(encoding="utf-8"), path.name)


SCALE = 2


def ink(image: Image.Image, box: tuple[float, float, float, float]) -> dict[str, float]:
    """Share of red, dark and blue pixels in a box given in SVG units."""
    x, y, w, h = (round(v * SCALE) for v in box)
    data = image.crop((x, y, x + w, y + h)).convert("RGB").tobytes()
    pixels = list(zip(data[0::3], data[1::3], data[2::3]))
    total = len(pixels)
    red = sum(1 for r, g, b in pixels if r > 150 and g < 100 and b < 100)
    dark = sum(1 for r, g, b in pixels if r < 90 and g < 90 and b < 90)
    blue = sum(1 for r, g, b in pixels if b > 150 and r < 100 and g < 140)
    return {"red": red / total, "dark": dark / total, "blue": blue / total}


def ink_middle(image: Image.Image, box: tuple[float, float, float, float]) -> float | None:
    """The middle, in SVG units, between the leftmost and rightmost column of red or dark
    pixels in a box given in SVG units; None when the box holds none."""
    x, y, w, h = (round(v * SCALE) for v in box)
    data = image.crop((x, y, x + w, y + h)).convert("RGB").tobytes()
    columns = [
        i % w for i, (r, g, b) in enumerate(zip(data[0::3], data[1::3], data[2::3]))
        if (r > 150 and g < 100 and b < 100) or (r < 90 and g < 90 and b < 90)
    ]
    return (x + (min(columns) + max(columns) + 1) / 2) / SCALE if columns else None


def picture_problems(image: Image.Image, position: Position, marks=frozenset()) -> list[str]:
    """What is wrong with a rendered diagram, region by region; empty when it is right."""
    problems = []
    if image.size != (WIDTH * SCALE, HEIGHT * SCALE):
        return [f"size {image.size}"]
    for source, (x, y, w, _) in SLOT_BOXES.items():
        card = position.card_at(source)
        rank = ink(image, (x + 4, y + 4, w - 8, 22))
        suit = ink(image, (x + 8, y + 29, w - 16, 26))
        # Where the module draws the label's first two glyphs and the middle of the count.
        top = y + LABEL_Y - DIGIT_HEIGHT
        label = ink(image, (x + LABEL_X, top, 2 * LABEL_ADVANCE["0"], DIGIT_HEIGHT))
        count = ink(image, (x + COUNT_XS[source] - 4, top + 1, 8, DIGIT_HEIGHT - 2))
        ring = ink(image, (x - 4, y - 4, w + 8, 4))
        if label["dark"] < 0.04 or count["dark"] < 0.1:
            problems.append(f"{source}: label {label['dark']:.2f} or count {count['dark']:.2f} missing")
        if (ring["blue"] > 0.3) != (source in marks):
            problems.append(f"{source}: mark ring {'missing' if source in marks else 'unexpected'}")
        if card is None:
            if max(rank.values()) > 0.01 or max(suit.values()) > 0.01:
                problems.append(f"{source}: ink in an empty place")
            continue
        colour = "red" if card.suit in "HD" else "dark"
        other = "dark" if colour == "red" else "red"
        if rank[colour] < 0.03 or rank[other] > 0.01:
            problems.append(f"{source}: rank ink {rank}")
        middle = ink_middle(image, (x + 2, y + 4, w - 4, 22))
        if middle is None or abs(middle - (x + w / 2)) > 2.5:
            problems.append(f"{source}: rank not centred on its card (ink middle {middle})")
        if suit[colour] < 0.15 or suit[other] > 0.01:
            problems.append(f"{source}: suit ink {suit}")
    return problems


def cairo_image(svg: str) -> Image.Image:
    return Image.open(io.BytesIO(svg_to_png(svg, scale=SCALE))).convert("RGB")


PICTURE_CASES = [
    ("en", lambda: (example_record().replay(1), example_record().moves[1].sources)),
    ("ru", lambda: (thinned([0, 8, 3, 0, 1, 8, 8, 2, 5, 8, 0, 8], [True, False] * 4), ("4", "R3"))),
    ("he", lambda: (example_record().replay(30), ())),
]
