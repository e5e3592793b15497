"""The error every broken block or insert raises: it knows its line in the Markdown source."""

from __future__ import annotations


class SourceError(Exception):
    """Something wrong at a line of a page; the plugin adds the page's path."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line

    def at(self, line: int) -> SourceError:
        """This error placed at ``line`` unless it already has a line."""
        return self if self.line is not None else SourceError(self.message, line)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message
