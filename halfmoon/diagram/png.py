"""PNG export of diagrams through cairosvg.

cairosvg knows no CSS custom properties, so the SVG is first given its fallback colours
(``resolve_theme``). The drawn text holds no words (SPEC §4.6), so right-to-left languages
come out the same as in a browser.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import DiagramExportError
from ..files import write_atomic
from .svg import resolve_theme

DEFAULT_SCALE = 2.0
DEFAULT_BACKGROUND = "#ffffff"


def svg_to_png(
    svg: str, *, scale: float = DEFAULT_SCALE, background: str | None = DEFAULT_BACKGROUND
) -> bytes:
    """The PNG of ``svg`` at ``scale`` times its size (``background`` None: transparent)."""
    import cairosvg

    if scale <= 0:
        raise DiagramExportError(f"the scale must be positive, not {scale}")
    try:
        return cairosvg.svg2png(
            bytestring=resolve_theme(svg).encode("utf-8"), scale=scale, background_color=background,
        )
    except Exception as error:  # cairosvg raises many kinds (XML, value, parse) on bad input
        raise DiagramExportError(f"cannot draw the SVG as PNG: {error}") from None


def write_png(svg: str, path: str | Path, *, scale: float = DEFAULT_SCALE,
              background: str | None = DEFAULT_BACKGROUND) -> Path:
    """Write the PNG of ``svg`` to ``path``; returns the path."""
    path = Path(path)
    write_atomic(path, svg_to_png(svg, scale=scale, background=background))
    return path
