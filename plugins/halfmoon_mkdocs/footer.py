"""The theme's footer line, "Made with Material for MkDocs", in the page's language.

Material's ``partials/copyright.html`` hard-codes the English words; our override of it
(``overrides/partials/copyright.html``) shows this line instead, written from the catalog of
the page's language. The catalog gives text; the link to Material is markup built here.
"""

from __future__ import annotations

from markupsafe import Markup

from .words import Writer

GENERATOR_KEY = "docs.footer.generator"
MATERIAL_NAME = "Material for MkDocs"
MATERIAL_URL = "https://squidfunk.github.io/mkdocs-material/"


def generator_line(lang: str) -> Markup:
    """The catalog's sentence with its ``{tool}`` a link to Material (isolated on RTL pages)."""
    writer = Writer(lang, html=True)
    link = (f'<a href="{MATERIAL_URL}" target="_blank" rel="noopener">'
            f"{writer.insert(MATERIAL_NAME)}</a>")
    return Markup(writer.text(GENERATOR_KEY, tool=link))
