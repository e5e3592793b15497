"""Half Moon, the two-deck Elevens solitaire: the engine everything else replays."""

from .cards import CARDS, DECK, RANKS, SUITS, Card
from .dealcode import DealCode, Layout
from .errors import (
    DealCodeError,
    HalfMoonError,
    IllegalMoveError,
    InvalidCardError,
    InvalidMoveError,
    InvalidSourceError,
    RecordError,
)
from .game import NEED_JQK, SUM_MUST_BE_11, UNDO_LIMIT, Game, Mismatch, TapResult
from .moves import PILE_SOURCES, RESERVE_SOURCES, SOURCES, Move, Source, parse_source
from .position import PAIR_POINTS, TRIPLE_POINTS, WINNING_MOVES, WINNING_SCORE, Position, Status
from .record import Record, replay

__all__ = [
    "CARDS", "DECK", "RANKS", "SUITS", "Card", "DealCode", "Layout", "DealCodeError",
    "HalfMoonError", "IllegalMoveError", "InvalidCardError", "InvalidMoveError", "InvalidSourceError",
    "RecordError", "NEED_JQK", "SUM_MUST_BE_11", "UNDO_LIMIT", "Game", "Mismatch", "TapResult",
    "PILE_SOURCES", "RESERVE_SOURCES", "SOURCES", "Move", "Source", "parse_source",
    "PAIR_POINTS", "TRIPLE_POINTS", "WINNING_MOVES", "WINNING_SCORE", "Position", "Status",
    "Record", "replay",
]
