"""A game as the player taps it: the selection rules of SPEC §4.4, undo and placement help.

This module is the contract that the browser game (``docs/assets/game/engine.js``) mirrors.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cards import FACE_RANKS, PAIR_SUM, Card
from .dealcode import DealCode, as_code
from .moves import Move, Source, parse_source
from .position import Position

UNDO_LIMIT = 100


class Mismatch(StrEnum):
    """Why a tap cleared the selection; the values are the game's message keys (``game.error.*``)."""

    SUM_MUST_BE_11 = "sum_must_be_11"
    NEED_JQK = "need_jqk"


SUM_MUST_BE_11 = Mismatch.SUM_MUST_BE_11
NEED_JQK = Mismatch.NEED_JQK


@dataclass(frozen=True, slots=True)
class TapResult:
    """What one tap did; engine.js returns the same fields (``cards`` as card objects).

    ``removed``: the sources of a removal in tap order, ``cards`` the cards removed from them;
    ``error``: the mismatch (``SUM_MUST_BE_11`` or ``NEED_JQK``) that cleared the selection;
    ``replaced``: the selected source a face card of the same rank took the place of;
    ``selection``: the selection after the tap.
    """

    removed: tuple[Source, ...] = ()
    cards: tuple[Card, ...] = ()
    error: Mismatch | None = None
    replaced: Source | None = None
    selection: tuple[Source, ...] = ()


class Game:
    """A deal being played tap by tap, with at most ``undo_limit`` moves of undo."""

    def __init__(self, code: str | DealCode, *, undo_limit: int = UNDO_LIMIT) -> None:
        self.position = Position(as_code(code))
        self.undo_limit = undo_limit
        self._selection: list[Source] = []
        self._undoable = 0

    @property
    def code(self) -> DealCode:
        return self.position.code

    @property
    def selection(self) -> tuple[Source, ...]:
        return tuple(self._selection)

    @property
    def score(self) -> int:
        return self.position.score

    @property
    def move_count(self) -> int:
        return self.position.move_count

    @property
    def history(self) -> list[Move]:
        """The moves played so far (undone ones excluded), in order."""
        return self.position.history

    @property
    def won(self) -> bool:
        return self.position.is_won()

    @property
    def deadlocked(self) -> bool:
        return self.position.is_deadlocked()

    @property
    def can_undo(self) -> bool:
        return self._undoable > 0

    def tap(self, source: str | int) -> TapResult:
        """Apply one tap on ``source`` following the table of SPEC §4.4.

        ``source`` is read as ``parse_source`` reads it (``"r1"`` is R1, ``3`` is pile 3); text that
        names no source raises InvalidSourceError. engine.js keeps the same contract.
        """
        source = parse_source(source)
        card = self.position.card_at(source)
        selection = self._selection
        if card is None:
            return TapResult(selection=self.selection)
        if source in selection:
            selection.remove(source)
            return TapResult(selection=self.selection)
        if not selection:
            selection.append(source)
            return TapResult(selection=self.selection)
        selected = [self.position.card_at(s) for s in selection]
        first = selected[0]
        assert first is not None
        if not first.is_face:
            if not card.is_face and first.rank + card.rank == PAIR_SUM:
                return self._remove((*selection, source))
            return self._mismatch(SUM_MUST_BE_11)
        if not card.is_face:
            return self._mismatch(NEED_JQK)
        for index, other in enumerate(selected):
            if other is not None and other.rank == card.rank:
                # Same rank: the new card takes the old one's place, keeping tap order.
                replaced = selection.pop(index)
                selection.append(source)
                return TapResult(replaced=replaced, selection=self.selection)
        if len(selection) == 1:
            selection.append(source)
            return TapResult(selection=self.selection)
        return self._remove((*selection, source))

    def _remove(self, sources: tuple[Source, ...]) -> TapResult:
        cards = self.play(Move(sources))
        return TapResult(removed=sources, cards=cards, selection=())

    def _mismatch(self, error: Mismatch) -> TapResult:
        self._selection.clear()
        return TapResult(error=error, selection=())

    def play(self, move: Move | str) -> tuple[Card, ...]:
        """Apply a whole move at once (checked); the selection is cleared."""
        if isinstance(move, str):
            move = Move.parse(move)
        cards = self.position.push(move)
        self._selection.clear()
        self._undoable = min(self.undo_limit, self._undoable + 1)
        return cards

    def clear_selection(self) -> tuple[Source, ...]:
        """Drop the selection; returns what was selected."""
        dropped = self.selection
        self._selection.clear()
        return dropped

    def undo(self) -> tuple[Card, ...]:
        """Take back the last move if the undo limit allows; clears the selection.

        Returns the cards put back, in the move's tap order (empty when nothing was undone).
        """
        self._selection.clear()
        if not self._undoable:
            return ()
        self._undoable -= 1
        last = self.position.last_removal()
        assert last is not None  # _undoable never exceeds the moves played
        self.position.pop()
        return last[1]

    def dimmed(self) -> frozenset[Source]:
        """Placement help: playable, unselected sources that cannot extend the selection."""
        if not self._selection:
            return frozenset()
        selected = [self.position.card_at(s) for s in self._selection]
        if selected[0] is not None and not selected[0].is_face:
            wanted = {PAIR_SUM - selected[0].rank}
        else:
            wanted = set(FACE_RANKS) - {card.rank for card in selected if card is not None}
        return frozenset(
            source
            for source, card in self.position.playable().items()
            if card.rank not in wanted and source not in self._selection
        )

    def record_text(self) -> str:
        from .record import Record

        return Record(self.code, self.history).format()

    def __repr__(self) -> str:
        return (
            f"<Game {self.code} move_count={self.move_count} score={self.score}"
            f" selection={self.selection}>"
        )
