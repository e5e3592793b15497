"""The error every broken block, insert or catalog raises: it knows its file and line."""

from __future__ import annotations

from halfmoon.errors import located


class SourceError(Exception):
    """Something wrong at a line of a page (the plugin adds the page's path), or of another
    file named by ``path`` (a catalog)."""

    def __init__(self, message: str, line: int | None = None, path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.path = path

    def at(self, line: int) -> SourceError:
        """This error placed at ``line`` unless it already has a line or its own file."""
        if self.line is not None or self.path is not None:
            return self
        return SourceError(self.message, line)

    def __str__(self) -> str:
        return located(self.message, self.path, self.line)


MAX_PAGE_ERRORS = 20  # errors a page shows and logs; the rest are counted in one line


class PageErrors(list[SourceError]):
    """A page's errors: the first ``limit`` are kept, the others only counted in ``more``.

    A page of 100,000 near-inserts would otherwise put 100,000 error paragraphs into its
    HTML, and Python-Markdown's raw-HTML reader copies the rest of the page at each of them
    (time quadratic in the page's size)."""

    def __init__(self, limit: int = MAX_PAGE_ERRORS) -> None:
        super().__init__()
        self.limit = limit
        self.more = 0

    def append(self, error: SourceError) -> None:
        if len(self) < self.limit:
            super().append(error)
        else:
            self.more += 1

    def more_line(self) -> SourceError | None:
        """The one error that says how many more were found, or None when none were left out."""
        if not self.more:
            return None
        noun = "error" if self.more == 1 else "errors"
        return SourceError(f"{self.more} more {noun} on this page not shown: fix the "
                           f"{len(self)} above first")
