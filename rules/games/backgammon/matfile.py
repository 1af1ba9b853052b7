"""A game or match as Jellyfish ``.mat`` text, the format gnubg imports (``import mat``), so that
a player can analyse a game played here (games.md, "Records").

The layout is gnubg's own export: a `` N point match`` header (0 for a single game with the
cube), then per game `` Game k``, the names with the score before the game, and numbered lines
with White's action in the left column (``%3d) %-28s``) and Black's on the right. An action is
``52: 13/8 13/11`` (the dice, then the turn in the mover's numbering; nothing after the colon for
a pass; each checker's way as one path, as gnubg writes it: ``24/18*/13``, ``13/9(3)``),
`` Doubles => 4``, `` Takes`` or `` Drops``; a game ends with ``Wins N point(s)`` in the
winner's column, except after a drop, which gnubg's export leaves at `` Drops``. The opening
roll's ties are not written (the format has no place for them); the winner of the opening writes
the two dice it plays.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import PositionError
from ..base import GameOutcome, Reason
from .session import DOUBLE, DROP, MOVE, ROLL, TAKE, BackgammonRules
from .turns import compact_text
from .xgid import SEAT_NAMES, parse_xgid

_LEFT = 28


@dataclass(frozen=True, slots=True)
class MatGame:
    """One game of a record: its start position, its canonical actions, and its outcome when
    the board does not decide it (a resignation or a timeout; ``None`` to take the board's)."""

    start: str
    actions: tuple[str, ...]
    outcome: GameOutcome | None = None


def _name(text: str) -> str:
    """A player name as one token: the format separates names from scores by spaces and ``:``."""
    cleaned = re.sub(r"[\s:]+", "_", text.strip())
    return cleaned[:24] or "player"


def _cells(
    game: MatGame, unfinished: bool = False
) -> tuple[list[tuple[int, str]], GameOutcome | None]:
    """The (side, text) of each recorded action, and the game's outcome (``None`` for a game
    still going when ``unfinished`` allows one)."""
    session = BackgammonRules().session(game.start)
    cells: list[tuple[int, str]] = []
    for text in game.actions:
        state = session.state
        action = session.parse(text)
        side = SEAT_NAMES.index(session.to_move)
        if action.kind == DOUBLE:
            cells.append((side, f" Doubles => {2 * state.cube_value}"))
        elif action.kind == TAKE:
            cells.append((side, " Takes"))
        elif action.kind == DROP:
            cells.append((side, " Drops"))
        elif action.kind == MOVE:
            assert state.dice is not None
            turn = compact_text(action.play.steps) if action.play is not None else ""
            cells.append((side, f"{state.dice[0]}{state.dice[1]}: {turn}".rstrip()))
        else:
            assert action.kind == ROLL
        session.push(action)
    state = session.state
    if game.outcome is not None and session.outcome is None and state.dice is not None:
        # Rolled, then conceded before playing: the roll is written with nothing after its
        # colon, as gnubg's export writes it ("Rolled 52, resigns"). Without it a game resigned
        # right after the opening roll had no action line, and gnubg (1.07) read the match as
        # unfinished.
        side = SEAT_NAMES.index(session.to_move)
        cells.append((side, f"{state.dice[0]}{state.dice[1]}:"))
    outcome = game.outcome or session.outcome
    if unfinished and outcome is None:
        return cells, None
    if outcome is None or outcome.winner is None or not outcome.points:
        raise PositionError("a .mat record needs every game finished with a winner and points")
    return cells, outcome


def _game_text(index: int, game: MatGame, names: tuple[str, str], unfinished: bool = False) -> str:
    state = parse_xgid(game.start)
    cells, outcome = _cells(game, unfinished)
    head = f"{names[0]} : {state.score[0]}"
    lines = [f" Game {index}", f" {head:<31}{names[1]} : {state.score[1]}"]
    number = 0
    row = ""
    for side, text in cells:
        if side == 0:
            if row:
                lines.append(row.rstrip())
            number += 1
            row = f"{number:>3}) {text:<{_LEFT}}"
        else:
            if not row:
                number += 1
                row = f"{number:>3}) {'':<{_LEFT}}"
            lines.append(row + ("  " if len(row.rstrip()) >= 5 + _LEFT else "") + text)
            row = ""
    if row:
        lines.append(row.rstrip())
    if outcome is not None and outcome.reason is not Reason.DROP:
        # A drop says it all (gnubg's export writes no Wins line after it, and its import
        # would count the points twice); a resignation or a timeout needs the line.
        points = outcome.points or 0
        wins = f"Wins {points} point{'s' if points != 1 else ''}"
        winner = SEAT_NAMES.index(outcome.winner or "white")
        lines.append(("      " if winner == 0 else " " * 34) + wins)
    return "\n".join(lines) + "\n\n"


def mat_text(
    games: Sequence[MatGame],
    names: tuple[str, str] = ("White", "Black"),
    *,
    unfinished: bool = False,
) -> str:
    """The ``.mat`` text of ``games`` (one game, or the games of a match in order), White's
    player named first. Raises :class:`PositionError` for an unfinished game unless
    ``unfinished`` is set (a game still going, written up to its last action without a
    ``Wins`` line, for ``/history`` during play)."""
    if not games:
        raise PositionError("a .mat record needs at least one game")
    length = parse_xgid(games[0].start).match
    shown = (_name(names[0]), _name(names[1]))
    body = "".join(_game_text(i, game, shown, unfinished) for i, game in enumerate(games, start=1))
    return f" {length} point match\n\n{body}"


__all__ = ["MatGame", "mat_text"]
