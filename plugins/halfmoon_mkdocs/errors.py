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
