"""The picture check in Chromium: the browser and cairosvg draw the same diagram."""

from __future__ import annotations

import io

import pytest
from diagram_helpers import PICTURE_CASES, SCALE, cairo_image, picture_problems
from PIL import Image, ImageChops, ImageStat

from halfmoon.diagram import HEIGHT, SLOT_BOXES, WIDTH, render_svg
from halfmoon.diagram.svg import LABEL_Y

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("lang", "case"), PICTURE_CASES, ids=[c[0] for c in PICTURE_CASES])
def test_chromium_and_cairosvg_draw_the_same_picture(page, lang, case):
    position, marks = case()
    svg = render_svg(position, lang=lang, marks=marks)
    page.set_viewport_size({"width": WIDTH * SCALE + 40, "height": HEIGHT * SCALE + 40})
    page.set_content(
        "<!doctype html><html><head><style>body{margin:0;background:#fff}"
        f"svg{{width:{WIDTH * SCALE}px;height:{HEIGHT * SCALE}px;display:block}}</style></head>"
        f"<body>{svg}</body></html>"
    )
    browser = Image.open(io.BytesIO(page.locator("svg").screenshot())).convert("RGB")
    cairo = cairo_image(svg)
    assert picture_problems(browser, position, frozenset(marks)) == []
    assert browser.size == cairo.size
    assert max(ImageStat.Stat(ImageChops.difference(browser, cairo)).mean) < 3, "renderers disagree"
    # And region by region, so that one badly drawn card cannot hide in the average.
    for source, (x, y, w, _) in SLOT_BOXES.items():
        region = tuple(round(v * SCALE) for v in (x, y, x + w, y + LABEL_Y + 1))
        local = ImageStat.Stat(ImageChops.difference(browser.crop(region), cairo.crop(region))).mean
        assert max(local) < 12, f"{source} differs between Chromium and cairosvg"
