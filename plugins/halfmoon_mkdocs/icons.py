"""The app icons, drawn from the diagrams' own card artwork (no downloaded images).

Two cards fanned under a half moon. The maskable icon keeps its artwork inside the
central circle that launchers may crop to (80 % of the side) and fills the whole square.
"""

from __future__ import annotations

from halfmoon.diagram.svg import CARD_H, CARD_W, SUIT_PATHS

BACKGROUND = "#3f51b5"  # Material's indigo, the site's primary colour
MOON = "#ffd54f"
RED, BLACK = "#c62828", "#212121"
SIZES = (192, 512)
VIEW = 100


def _card(suit: str, colour: str, angle: float, x: float) -> str:
    """A card of the diagrams' size, turned by ``angle`` around its foot."""
    return (
        f'<g transform="translate({x} 34) rotate({angle} {CARD_W / 2} {CARD_H})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="5" fill="#fff" stroke="#9e9e9e" stroke-width="1"/>'
        f'<path d="{SUIT_PATHS[suit]}" fill="{colour}"/></g>'
    )


def icon_svg(*, maskable: bool = False) -> str:
    """The icon as SVG on a 100×100 canvas."""
    # A crescent: the left half of a disc, hollowed by a flatter arc between the same tips.
    moon = f'<path fill="{MOON}" d="M52 5A15 15 0 0 0 52 35A20 20 0 0 1 52 5Z"/>'
    art = moon + _card("H", RED, -14, 14) + _card("S", BLACK, 12, 42)
    scale = 0.66 if maskable else 0.86
    offset = (1 - scale) * VIEW / 2
    corner = 0 if maskable else 18
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}">'
        f'<rect width="{VIEW}" height="{VIEW}" rx="{corner}" fill="{BACKGROUND}"/>'
        f'<g transform="translate({offset} {offset}) scale({scale})">{art}</g></svg>'
    )


def icon_png(size: int, *, maskable: bool = False) -> bytes:
    """The icon as a ``size``×``size`` PNG."""
    import cairosvg

    return cairosvg.svg2png(
        bytestring=icon_svg(maskable=maskable).encode(), output_width=size, output_height=size
    )
