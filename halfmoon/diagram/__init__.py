"""Arc diagrams of positions: SVG (``svg``) and PNG through cairosvg (``png``)."""

from .svg import (
    CLASSES,
    FOUR_COLOUR_CLASSES,
    FOUR_COLOUR_THEME,
    HEIGHT,
    PALETTES,
    SLOT_BOXES,
    THEME,
    WIDTH,
    DiagramError,
    check_xml_text,
    render_svg,
    resolve_theme,
    summary,
    text_alternative,
    text_alternative_items,
)

__all__ = [
    "THEME", "CLASSES", "FOUR_COLOUR_THEME", "FOUR_COLOUR_CLASSES", "PALETTES",
    "WIDTH", "HEIGHT", "SLOT_BOXES", "DiagramError", "check_xml_text",
    "render_svg", "text_alternative", "text_alternative_items", "resolve_theme", "summary",
]
