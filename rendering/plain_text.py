"""Chess and draughts positions and moves read from text, for ``python -m rendering``.

Only what a picture needs (where the pieces stand, whose turn, which squares a move touched):
checking that a move is legal is the rules engine's job, not the renderer's.
"""

from __future__ import annotations

import re

from .chess import chess_square, placement_pieces

_SIDES = {"w": "white", "b": "black"}


def chess_position(fen: str) -> tuple[dict[str, str], str]:
    """A FEN (``chess:`` prefix and fields after the second optional) → (pieces, side to move)."""
    fields = fen.removeprefix("chess:").split()
    if not fields:
        raise ValueError("an empty FEN")
    turn = fields[1] if len(fields) > 1 else "w"
    if turn not in _SIDES:
        raise ValueError(f"FEN side to move is 'w' or 'b', not {turn!r}")
    return placement_pieces(fields[0]), _SIDES[turn]


def chess_move(text: str) -> tuple[str, str]:
    """``e2e4``, ``e2-e4``, ``e7e8q`` → the (from, to) squares."""
    m = re.fullmatch(r"([a-h][1-8])[-x]?([a-h][1-8])[qrbnQRBN]?", text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a move as from and to squares (e.g. e2e4)")
    chess_square(m.group(1))
    return m.group(1), m.group(2)


def draughts_position(text: str) -> tuple[dict[int, str], str]:
    """``[draughts:]B:W21,22,K26:B1,2`` → (pieces by square number, side to move).

    The side to move comes first in PDN FEN; without it Black (who starts) is to move.
    A ``plies=N`` suffix is ignored.
    """
    body = text.removeprefix("draughts:").split()[0] if text.strip() else ""
    fields = [f for f in body.split(":") if f]
    turn = "black"
    if fields and fields[0] in ("W", "B"):
        turn = "white" if fields.pop(0) == "W" else "black"
    pieces: dict[int, str] = {}
    for field in fields:
        colour, squares = field[0], field[1:]
        if colour not in ("W", "B"):
            raise ValueError(f"{field!r}: a draughts field starts with W or B")
        for item in filter(None, squares.split(",")):
            king = item.startswith("K")
            number = item[1:] if king else item
            if not number.isdigit() or not 1 <= int(number) <= 32:
                raise ValueError(f"{item!r} is not a draughts square (1 to 32, K for a king)")
            letter = colour.lower()
            pieces[int(number)] = letter.upper() if king else letter
    return pieces, turn


def draughts_path(text: str) -> list[int]:
    """``11-15``, ``15x24x31`` or ``15:24:31`` → the squares the move passed, start first."""
    parts = re.split(r"[-x:]", text.strip())
    if len(parts) < 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"{text!r} is not a draughts move (e.g. 11-15 or 15x24x31)")
    return [int(p) for p in parts]


def draughts_jumped(text: str, mover: str | None) -> dict[int, str]:
    """``19,K27`` → the pieces taken: men (or ``K`` kings) of the side that did not move."""
    taken = "w" if mover is not None and mover.lower() == "b" else "b"
    out: dict[int, str] = {}
    for item in filter(None, text.split(",")):
        king = item.startswith("K")
        number = item[1:] if king else item
        if not number.isdigit():
            raise ValueError(f"{item!r} is not a draughts square (1 to 32, K for a king)")
        out[int(number)] = taken.upper() if king else taken
    return out
