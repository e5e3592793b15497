"""Arc diagrams of positions: SVG (``svg``) and PNG through cairosvg (``png``)."""

from .svg import (
    CLASSES,
    HEIGHT,
    SLOT_BOXES,
    THEME,
    WIDTH,
    render_svg,
    resolve_theme,
    text_alternative,
    text_alternative_items,
)

__all__ = [
    "THEME", "CLASSES", "WIDTH", "HEIGHT", "SLOT_BOXES",
    "render_svg", "text_alternative", "text_alternative_items", "resolve_theme",
]
