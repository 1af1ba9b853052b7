"""A position as plain, JSON-serialisable data for drawing, and the legal actions as
structured data.

:meth:`Session.view <rules.games.base.Session.view>` gives one :class:`PositionView` per game:
the board's geometry, the pieces on their cells, what is off the board (hands, bar, borne off,
yards), dice, cube, whose turn it is, the outcome and the marks of the last action. The Pillow
drawers read it; a web board reads the same JSON. :meth:`Session.action_views` gives every legal
action as an :class:`ActionView` (source, target, path, kind), so a "piece, then destination"
picker is derived the same way for every game.

Cells, seats and piece kinds are named as in :mod:`rules.games.effects`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["ActionView", "Cube", "PieceView", "PositionView", "actions_json"]

#: The kinds of board a view describes; a drawer is chosen by it, never by a game id.
BOARD_KINDS = ("grid", "points", "track")


@dataclass(frozen=True, slots=True)
class PieceView:
    """``count`` pieces of one ``seat`` and ``piece`` kind on one cell (a backgammon point's
    checkers, ludo tokens sharing a field; 1 on a square). ``captive`` marks a Latrunculi
    piece held captive (alligatus) on its square."""

    seat: str
    piece: str
    count: int = 1
    captive: bool = False

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {"seat": self.seat, "piece": self.piece, "count": self.count}
        if self.captive:
            data["captive"] = True
        return data


@dataclass(frozen=True, slots=True)
class Cube:
    """Backgammon's doubling cube: its value, its owner (``None``: in the middle) and an
    offer pending (the value offered, by the seat to move's opponent)."""

    value: int
    owner: str | None = None
    offered: int | None = None

    def as_json(self) -> dict[str, object]:
        return {"value": self.value, "owner": self.owner, "offered": self.offered}


@dataclass(frozen=True, slots=True)
class PositionView:
    """One position as data.

    * ``board``: ``"grid"`` (``files`` × ``ranks`` squares; ``cells`` lists every playable
      square's name, from the bottom-left as White sees it, rank by rank), ``"points"``
      (backgammon: ``cells`` are ``"1"`` … ``"24"``) or ``"track"`` (ludo: ``cells`` are the
      track's fields in order).
    * ``pieces``: what stands on each occupied cell.
    * ``off_board``: per seat, counts by place off the board (``{"white": {"bar": 1,
      "off": 3}}``, ``{"red": {"yard": 2, "home": 1}}``, Schadler's ``{"hand": 4}``).
    * ``last``: the cells the last action touched (source, path, target, taken), for marks.
    """

    game: str
    board: str
    files: int
    ranks: int
    cells: tuple[str, ...]
    pieces: Mapping[str, tuple[PieceView, ...]]
    seats: tuple[str, ...]
    to_move: str | None
    off_board: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    dice: tuple[int, ...] = ()
    cube: Cube | None = None
    outcome: Mapping[str, object] | None = None
    last: tuple[str, ...] = ()
    #: Anything else a game's drawer needs, as JSON values (the move clock, a match score).
    extra: Mapping[str, object] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        """The view as JSON values, keys in a fixed order."""
        return {
            "game": self.game,
            "board": self.board,
            "files": self.files,
            "ranks": self.ranks,
            "cells": list(self.cells),
            "pieces": {c: [p.as_json() for p in ps] for c, ps in self.pieces.items()},
            "seats": list(self.seats),
            "to_move": self.to_move,
            "off_board": {s: dict(v) for s, v in self.off_board.items()},
            "dice": list(self.dice),
            "cube": self.cube.as_json() if self.cube is not None else None,
            "outcome": dict(self.outcome) if self.outcome is not None else None,
            "last": list(self.last),
            "extra": dict(self.extra),
        }


@dataclass(frozen=True, slots=True)
class ActionView:
    """One legal action: its canonical ``text`` and what it does, for pickers and web boards.

    ``kind`` is ``"move"`` (a piece from ``source`` to ``target``, stopping on ``path``),
    ``"place"`` (a piece put on ``target`` from the hand), ``"remove"`` (Schädler's removal of
    the enemy alligatus on ``target``), ``"roll"``, ``"pass"``,
    ``"double"``, ``"take"``, ``"drop"`` or ``"turn"`` (a backgammon turn of several checker
    moves: ``steps`` holds each as (source, target)). ``promotion`` names the piece a move
    promotes to, where the player chooses it."""

    text: str
    kind: str
    source: str | None = None
    target: str | None = None
    path: tuple[str, ...] = ()
    promotion: str | None = None
    steps: tuple[tuple[str, str], ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "text": self.text,
            "kind": self.kind,
            "source": self.source,
            "target": self.target,
            "path": list(self.path),
            "promotion": self.promotion,
            "steps": [list(s) for s in self.steps],
        }


def actions_json(actions: list[ActionView]) -> list[dict[str, object]]:
    """Legal actions as JSON objects."""
    return [a.as_json() for a in actions]
