"""The opening book hard plays from: main lines of GNU Chess's public-domain Polyglot book,
pruned by ``tools/make_chess_book.py`` to ``book.bin`` beside this module (150 KB).

A book move is drawn by the book's weights (how often strong players chose it) with the
caller's generator, so games vary while a seed replays them; a position the book does not know
returns ``None`` and the search plays.
"""

from __future__ import annotations

import logging
import random
from functools import cache
from pathlib import Path

import chess
import chess.polyglot

log = logging.getLogger(__name__)

BOOK = Path(__file__).with_name("book.bin")


@cache
def _reader() -> chess.polyglot.MemoryMappedReader | None:
    """The book, opened once per process (``None``, logged, when it cannot be read)."""
    try:
        return chess.polyglot.open_reader(BOOK)
    except OSError as exc:
        log.warning("chess opening book %s cannot be read (%s); the search plays", BOOK, exc)
        return None


def book_move(board: chess.Board, rng: random.Random) -> chess.Move | None:
    """A move of the book for ``board`` drawn by weight, or ``None`` out of book."""
    reader = _reader()
    if reader is None:
        return None
    entries = [e for e in reader.find_all(board) if e.weight > 0]
    if not entries:
        return None
    move = rng.choices([e.move for e in entries], weights=[e.weight for e in entries])[0]
    return move if move in board.legal_moves else None
