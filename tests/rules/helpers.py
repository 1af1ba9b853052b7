"""Small helpers for rules tests: play moves from LPN and read squares."""

from __future__ import annotations

from rules import Game, MoveResult, parse_square, square_name


def play(lpn: str, *moves: str) -> tuple[Game, list[MoveResult]]:
    """A game from ``lpn`` with ``moves`` played (each must be legal)."""
    game = Game(lpn)
    results = [game.play(m) for m in moves]
    return game, results


def names(squares: tuple[int, ...] | list[int]) -> list[str]:
    return [square_name(s) for s in squares]


def symbol_at(game: Game, square: str) -> str:
    p = game.position.piece_at(parse_square(square))
    return "." if p is None else p.symbol


def legal(game: Game) -> list[str]:
    return sorted(str(m) for m in game.legal_moves())
