"""The built-in chess engine's parts, one job each: :mod:`.evaluation` (PeSTO's tapered
tables and a few pawn and piece terms), :mod:`.exchange` (static exchange evaluation),
:mod:`.search` (the principal-variation search) and :mod:`.book` (the opening book)."""

from __future__ import annotations

from .book import book_move
from .evaluation import Evaluator, evaluate
from .exchange import see
from .search import MATE, Search, SearchTimeout

__all__ = ["MATE", "Evaluator", "Search", "SearchTimeout", "book_move", "evaluate", "see"]
