"""The plugin's options in ``mkdocs.yml`` (all paths relative to ``docs_dir``)."""

from __future__ import annotations

from mkdocs.config import base
from mkdocs.config import config_options as c


class HalfMoonConfig(base.Config):
    # The record the {{hm …}} inserts use when they name none.
    example_record = c.Type(str, default="records/HM1-N-AAAAAAB.txt")
    # Where records live; watched by `mkdocs serve`.
    records_dir = c.Type(str, default="records")
    # The solver's measured figures, for {{hm stat …}}.
    stats_file = c.Type(str, default="records/winnability.json")
    # The strategy run's figures (halfmoon strategy --merge), for the Strategy page.
    strategy_file = c.Type(str, default="records/strategy.json")
    # The solver's verdict of each deal (halfmoon stats --verdicts), for the lookup block.
    verdicts_file = c.Type(str, default="records/verdicts.gz")
    # The lost deals' codes (halfmoon stats --lost), for {{hm lost_list}}.
    lost_file = c.Type(str, default="records/lost-deals.txt")
    # Where the catalogs are published in the built site, for the browser game.
    catalogs_path = c.Type(str, default="assets/halfmoon/catalogs")
    # The diagrams' suit colours: "two" (red and black) or "four" (the four-colour deck:
    # diamonds blue, clubs green).
    palette = c.Choice(("two", "four"), default="two")
    # Give the search plugin every catalog language Material's lunr knows (Hebrew too).
    search_languages = c.Type(bool, default=True)
