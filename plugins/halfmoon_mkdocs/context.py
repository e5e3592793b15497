"""What rendering a page may read: the build's games and figures, and the page's language."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .errors import SourceError
from .examples import ExampleLoader
from .stats import Stats
from .strategy import StrategyFigures
from .words import Writer


@dataclass(frozen=True)
class Context:
    """Everything a block or an insert depends on besides its own text.

    ``loader`` and ``stats`` live for one build; ``extra`` holds the values only a
    diagram's caption knows (``{{hm marked}}``, ``{{hm after}}``).
    """

    loader: ExampleLoader
    default_record: str
    stats: Stats
    lang: str = "en"
    # The solver's published files relative to the page: "verdicts" (the lookup reads it), "lost".
    files: Mapping[str, str] = field(default_factory=dict)
    extra: Mapping[str, str] = field(default_factory=dict)
    strategy: StrategyFigures | None = None  # the Strategy page's figures
    palette: str = "two"  # the diagrams' suit colours for a reader who has chosen none

    def strategy_figures(self) -> StrategyFigures:
        if self.strategy is None:
            raise SourceError("this build has no strategy figures")
        return self.strategy

    def writer(self, *, html: bool = True) -> Writer:
        return Writer(self.lang, html=html)

    def with_extra(self, extra: Mapping[str, str]) -> Context:
        return replace(self, extra=extra)
