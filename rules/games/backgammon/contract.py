"""Backgammon in the house contract: typed effects of a turn, the position view and the legal
actions as data (:mod:`rules.games.effects`, :mod:`rules.games.view`).

Cells are White's point numbers, whoever moves: White's point ``p`` is ``"p"``; Black's point
``q`` (Black's own numbering) is ``"25 - q"``, so Black's 24-point (its back checkers) is
``"1"`` and Black's 1-point is ``"24"``. Each side's bar is ``"bar"`` and its borne-off tray
``"off"``: the seat of the effect or of the off-board counts says whose.
"""

from __future__ import annotations

from ..effects import Borne, Effect, Hit, Moved
from ..view import PieceView
from .turns import BAR, OFF, Step
from .xgid import BLACK, SEAT_NAMES, WHITE, State

CHECKER = "checker"
BAR_CELL, OFF_CELL = "bar", "off"
#: The view's cells: White's points 1–24.
CELLS = tuple(str(p) for p in range(1, 25))


def _side_cells(side: int) -> tuple[str, ...]:
    """A side's own point numbers 0–25 (0 off, 25 the bar) as cells (White's numbering)."""
    cells = [OFF_CELL] + [str(p if side == WHITE else 25 - p) for p in range(1, 25)] + [BAR_CELL]
    return tuple(cells)


#: ``SIDE_CELLS[side][p]``: the cell of ``side``'s own point ``p`` (0 off, 25 the bar).
SIDE_CELLS = (_side_cells(WHITE), _side_cells(BLACK))


#: The effects of one step, by (side, from, to, hit): effects are immutable, so each is made
#: once (a turn's report costs a few look-ups in search's push/pop loops).
_STEP_EFFECTS: dict[tuple[int, int, int, bool], tuple[Effect, ...]] = {}


def _step_effects(side: int, origin: int, to: int, hit: bool) -> tuple[Effect, ...]:
    cells = SIDE_CELLS[side]
    seat = SEAT_NAMES[side]
    source, target = cells[origin], cells[max(to, OFF)]
    moved = Moved(seat, CHECKER, source, target)
    if hit:
        effects: tuple[Effect, ...] = (moved, Hit(SEAT_NAMES[1 - side], target))
    elif to <= OFF:
        effects = (moved, Borne(seat, source))
    else:
        effects = (moved,)
    _STEP_EFFECTS[side, origin, to, hit] = effects
    return effects


def turn_effects(side: int, steps: tuple[Step, ...]) -> list[Effect]:
    """One :class:`Moved` per checker step in the order played, each hit right after the step
    that hits, a :class:`Borne` after each step off."""
    effects: list[Effect] = []
    known = _STEP_EFFECTS
    for origin, to, _, hit in steps:
        step = known.get((side, origin, to, hit))
        effects += step if step is not None else _step_effects(side, origin, to, hit)
    return effects


def board_pieces(state: State) -> dict[str, tuple[PieceView, ...]]:
    """Every occupied point (White's numbering) and its checkers."""
    white, black = state.points[WHITE], state.points[BLACK]
    pieces: dict[str, tuple[PieceView, ...]] = {}
    for p in range(1, 25):
        w, b = white[p], black[25 - p]
        if w and b:  # never in play; an odd position text may say so
            pieces[CELLS[p - 1]] = (PieceView("white", CHECKER, w), PieceView("black", CHECKER, b))
        elif w:
            pieces[CELLS[p - 1]] = (PieceView("white", CHECKER, w),)
        elif b:
            pieces[CELLS[p - 1]] = (PieceView("black", CHECKER, b),)
    return pieces


def off_board(state: State) -> dict[str, dict[str, int]]:
    return {
        SEAT_NAMES[side]: {BAR_CELL: state.points[side][BAR], OFF_CELL: state.borne_off(side)}
        for side in (WHITE, BLACK)
    }


def step_cells(side: int, steps: tuple[Step, ...]) -> tuple[tuple[str, str], ...]:
    """A turn's steps as (source, target) cells."""
    cells = SIDE_CELLS[side]
    return tuple((cells[origin], cells[max(to, OFF)]) for origin, to, _, _ in steps)


__all__ = [
    "BAR_CELL",
    "CELLS",
    "CHECKER",
    "OFF_CELL",
    "SIDE_CELLS",
    "board_pieces",
    "off_board",
    "step_cells",
    "turn_effects",
]
