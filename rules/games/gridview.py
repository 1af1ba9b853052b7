"""What the grid games (chess, draughts, the four Latrunculi rule sets) share when they describe
a position and their actions as data (:mod:`rules.games.view`): the marks of the last action,
read from its effects, and the grid's cell names."""

from __future__ import annotations

from collections.abc import Iterable

from .effects import Effect, Moved, Placed, Promoted, Taken

FILE_LETTERS = "abcdefghijklmnop"


def grid_cells(files: int, ranks: int) -> tuple[str, ...]:
    """Every square name of a ``files`` × ``ranks`` board from a1, rank by rank."""
    return tuple(f"{FILE_LETTERS[f]}{r + 1}" for r in range(ranks) for f in range(files))


def last_cells(effects: Iterable[Effect]) -> tuple[str, ...]:
    """The cells an action touched, for the marks of a drawing: each move's source, its path
    and target, the squares taken from, the squares placed on (each once, in that order)."""
    cells: list[str] = []
    for effect in effects:
        if isinstance(effect, Moved):
            cells.append(effect.source)
            cells.extend(effect.path)
            cells.append(effect.target)
        elif isinstance(effect, (Taken, Placed, Promoted)):
            cells.append(effect.cell)
    return tuple(dict.fromkeys(cells))
