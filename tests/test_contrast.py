"""Every suit colour against every card face it can stand on, in both palettes (red and black,
and the four-colour deck) and both colour schemes: the game's cards (game.css), the site's
diagrams (halfmoon.css) and a standalone diagram's own colours (svg.py).

The threshold is WCAG's 4.5:1 for text, not 3:1 for large text or graphics: the colour is
carried by the cards' letters as well as the suit symbols, and those letters are small (the
game's faces go down to 0.55rem; a diagram drawn on a 320 px phone shows its 19-unit letters
at about 12 px)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from halfmoon.diagram import FOUR_COLOUR_THEME, THEME

ROOT = Path(__file__).resolve().parent.parent
GAME_CSS = (ROOT / "docs/assets/game/game.css").read_text(encoding="utf-8")
SITE_CSS = (ROOT / "docs/assets/stylesheets/halfmoon.css").read_text(encoding="utf-8")
MINIMUM = 4.5


def luminance(colour: str) -> float:
    hex_digits = colour.lstrip("#")
    if len(hex_digits) == 3:
        hex_digits = "".join(c * 2 for c in hex_digits)
    assert re.fullmatch(r"[0-9a-fA-F]{6}", hex_digits), f"not a hex colour: {colour}"
    channels = [int(hex_digits[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_gives_wcag_s_figures():
    assert contrast("#000", "#fff") == pytest.approx(21)
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)  # the well-known near miss
    assert contrast("#fff", "#fff") == 1


def properties(css: str, selector: str) -> dict[str, str]:
    """The custom properties set in the rule whose selector is exactly ``selector``."""
    found = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"/\*.*?\*/", "", css, flags=re.S)):
        if " ".join(selectors.split()) == selector:
            found.update(re.findall(r"(--hm-[\w-]+)\s*:\s*([^;]+?)\s*(?:;|$)", body))
    assert found, f"no rule {selector}"
    return found


GAME_LIGHT = properties(GAME_CSS, ".hm-game, .hm-stepper")
GAME_DARK = {**GAME_LIGHT, **properties(
    GAME_CSS, '[data-md-color-scheme="slate"] .hm-game, [data-md-color-scheme="slate"] .hm-stepper')}
# face -> the suit colours that stand on it (a selected card keeps its colours on yellow,
# a dimmed one (Placement help) has darker colours of its own on grey)
GAME_FACES = {
    "--hm-card-bg": ("--hm-card-fg", "--hm-card-red", "--hm-card-blue", "--hm-card-green"),
    "--hm-selected": ("--hm-card-fg", "--hm-card-red", "--hm-card-blue", "--hm-card-green"),
    "--hm-dim-bg": ("--hm-dim-fg", "--hm-dim-red", "--hm-dim-blue", "--hm-dim-green"),
}
DIAGRAM_FACES = {"--hm-card-bg": ("--hm-card-fg", "--hm-red", "--hm-blue", "--hm-green"),
                 "--hm-mark-bg": ("--hm-card-fg", "--hm-red", "--hm-blue", "--hm-green")}
PALETTES = {
    "game light": (GAME_LIGHT, GAME_FACES),
    "game dark": (GAME_DARK, GAME_FACES),
    "diagram light": (properties(SITE_CSS, '[data-md-color-scheme="default"] .hm-diagram'), DIAGRAM_FACES),
    "diagram dark": (properties(SITE_CSS, '[data-md-color-scheme="slate"] .hm-diagram'), DIAGRAM_FACES),
    "diagram standalone": (FOUR_COLOUR_THEME, DIAGRAM_FACES),
}


def contrasts(name: str) -> dict[tuple[str, str], float]:
    colours, faces = PALETTES[name]
    return {(face, suit): contrast(colours[face], colours[suit])
            for face, suits in faces.items() for suit in suits}


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_every_suit_colour_reads_on_every_face(name):
    low = {pair: round(value, 2) for pair, value in contrasts(name).items() if value < MINIMUM}
    assert low == {}, f"{name}: under {MINIMUM}:1"


def test_a_colour_too_light_is_caught():
    colours, faces = PALETTES["game light"]
    PALETTES["too light"] = ({**colours, "--hm-card-green": "#2e9d32"}, faces)
    try:
        assert min(contrasts("too light").values()) < MINIMUM
    finally:
        del PALETTES["too light"]


def test_the_two_colour_standalone_diagram_is_the_four_colour_one_without_blue_and_green():
    assert {k: v for k, v in FOUR_COLOUR_THEME.items() if k not in ("--hm-blue", "--hm-green")} == THEME


def test_the_game_colours_diamonds_and_clubs_only_with_the_four_colour_deck():
    rules = " ".join(GAME_CSS.split())
    for suit, colour in (("D", "blue"), ("C", "green")):
        rule = f'[data-deck="four"] .hm-face[data-suit="{suit}"] {{ color: var(--hm-card-{colour}); }}'
        assert rule in rules
        assert (f'[data-deck="four"] .hm-cell[data-dimmed] .hm-face[data-suit="{suit}"] '
                f'{{ color: var(--hm-dim-{colour}); }}') in rules


def test_printed_diagrams_are_black_whatever_the_palette():
    printed = properties(SITE_CSS, ".hm-diagram, [data-md-color-scheme] .hm-diagram")
    assert {printed[name] for name in ("--hm-red", "--hm-blue", "--hm-green", "--hm-card-fg")} == {"#000"}
