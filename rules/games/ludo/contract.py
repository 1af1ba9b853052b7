"""Ludo in the house contract: cells, typed effects of a token move, the position view's pieces
(:mod:`rules.games.effects`, :mod:`rules.games.view`).

Cells: the track's fields ``"0"`` … ``"39"`` clockwise, red's start field ``"0"`` (blue 10,
yellow 20, green 30: the fields the command line's ``captured`` names); the home lines
``"home:0"`` … ``"home:3"`` (progress 40–43, ``home:0`` next to the track) -- one set of names
for every colour's line, the seat says whose; off the board a colour's ``"yard"`` (its base)
and ``"home"`` (the finish).
"""

from __future__ import annotations

from ..effects import Effect, Knocked, Moved
from ..view import PieceView
from .moves import TokenMove
from .position import BASE, FINISH, HOME, NAMES, START_FIELD, TRACK, State

TOKEN = "token"
YARD_CELL, HOME_CELL = "yard", "home"
HOME_FIELDS = FINISH - HOME
TRACK_CELLS = tuple(str(f) for f in range(TRACK))
HOME_CELLS = tuple(f"home:{i}" for i in range(HOME_FIELDS))
#: The view's cells: the track's fields in order, then the home-line fields.
CELLS = TRACK_CELLS + HOME_CELLS


def _colour_cells(colour: str) -> dict[int, str]:
    cells = {BASE: YARD_CELL, FINISH: HOME_CELL}
    start = START_FIELD[colour]
    for progress in range(TRACK):
        cells[progress] = TRACK_CELLS[(start + progress) % TRACK]
    for i in range(HOME_FIELDS):
        cells[HOME + i] = HOME_CELLS[i]
    return cells


#: ``PROGRESS_CELLS[colour][progress]``: the cell of a token of ``colour`` at ``progress``.
PROGRESS_CELLS = {colour: _colour_cells(colour) for colour in NAMES}


#: The :class:`Moved` of one token, by (colour, from, to): made once each (push is called in
#: search loops).
_MOVED: dict[tuple[str, int, int], Moved] = {}


def move_effects(before: State, colour: str, move: TokenMove, knocked: list[int]) -> list[Effect]:
    """The :class:`Moved` of each token (two for ``BB-0``), then one :class:`Knocked` per token
    knocked off the landing field (``knocked``: the track fields :func:`.moves.apply` gave, read
    in ``before``, the position before the move)."""
    key = (colour, move.src, move.dst)
    moved = _MOVED.get(key)
    if moved is None:
        cells = PROGRESS_CELLS[colour]
        moved = _MOVED[key] = Moved(NAMES[colour], TOKEN, cells[move.src], cells[move.dst])
    effects: list[Effect] = [moved] * move.count
    for square in knocked:
        cell = TRACK_CELLS[square]
        for other, tokens in before.tokens.items():
            if other == colour:
                continue
            for progress in tokens:
                if before.field_of(other, progress) == square:
                    effects.append(Knocked(NAMES[other], cell))
    return effects


def pieces(state: State) -> dict[str, tuple[PieceView, ...]]:
    """Every occupied field and the tokens on it (stacked tokens counted), by seat order."""
    counts: dict[str, dict[str, int]] = {}
    for colour in state.seats:
        tokens = state.tokens.get(colour)
        if tokens is None:
            continue
        cells = PROGRESS_CELLS[colour]
        for progress in tokens:
            if progress in (BASE, FINISH):
                continue
            on = counts.setdefault(cells[progress], {})
            on[colour] = on.get(colour, 0) + 1
    return {
        cell: tuple(PieceView(NAMES[c], TOKEN, n) for c, n in counts[cell].items())
        for cell in CELLS
        if cell in counts
    }


def off_board(state: State) -> dict[str, dict[str, int]]:
    """Per colour, tokens in the yard and at home; a colour that left has none."""
    result: dict[str, dict[str, int]] = {}
    for colour in state.seats:
        tokens = state.tokens.get(colour, [])
        result[NAMES[colour]] = {YARD_CELL: tokens.count(BASE), HOME_CELL: tokens.count(FINISH)}
    return result


__all__ = [
    "CELLS",
    "HOME_CELL",
    "HOME_CELLS",
    "PROGRESS_CELLS",
    "TOKEN",
    "TRACK_CELLS",
    "YARD_CELL",
    "move_effects",
    "off_board",
    "pieces",
]
