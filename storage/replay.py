"""Rebuild a stored game from its moves and check it against what is stored.

The move list is the source of truth: replaying the canonical moves through the rules core from
the start position must give every stored ``position_after``, the stored current position, and
the stored result (for results the rules decide). This catches a bot bug that stored a position
it did not compute from the moves, a half-applied write, or a hand-edited database.

This is the only storage module that imports the rules core; the rest of storage treats
positions and moves as opaque strings.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from rules import Game, MoveError, PositionError, parse_position

from .database import Database
from .errors import GameNotFound
from .models import BOT_REASONS, GameRecord, MoveRecord, Winner

__all__ = ["ReplayReport", "replay_game", "verify_game"]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ReplayReport:
    game_id: int
    plies_replayed: int
    rebuilt_position: str | None
    """The position after replaying every move, or ``None`` if replay could not run to the end."""
    rules_outcome: tuple[Winner, str] | None
    """What the rules say the result is after the last move, if the game is over by the rules."""
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def replay_game(game: GameRecord, moves: Sequence[MoveRecord]) -> ReplayReport:
    """Replay ``moves`` from ``game.start_position`` and list every disagreement found."""
    problems: list[str] = []

    def report(rebuilt: str | None, outcome: tuple[Winner, str] | None, plies: int) -> ReplayReport:
        for problem in problems:
            log.warning("game %d: %s", game.id, problem)
        return ReplayReport(game.id, plies, rebuilt, outcome, tuple(problems))

    try:
        start = parse_position(game.start_position)
    except PositionError as exc:
        problems.append(f"start position does not parse: {exc}")
        return report(None, None, 0)
    variant_prefix = game.start_position.split(":", 1)[0]
    if variant_prefix != game.variant:
        problems.append(f"start position is for {variant_prefix!r}, game says {game.variant!r}")

    replay = Game(start)
    for index, move in enumerate(moves):
        if move.ply != index + 1:
            problems.append(f"move #{index + 1} is stored as ply {move.ply}")
        if replay.outcome is not None:
            problems.append(f"ply {move.ply} ({move.move}) comes after the game ended")
            return report(None, None, index)
        if move.player_id not in game.player_ids:
            problems.append(f"ply {move.ply} was played by {move.player_id}, not a player")
        try:
            result = replay.play(move.move)
        except MoveError as exc:
            problems.append(f"ply {move.ply} ({move.move}) is illegal: {exc}")
            return report(None, None, index)
        canonical = str(result.move)
        if canonical != move.move:
            problems.append(f"ply {move.ply} is stored as {move.move!r}, canonical {canonical!r}")
        rebuilt = replay.position.to_lpn()
        if rebuilt != move.position_after:
            problems.append(
                f"ply {move.ply} ({move.move}): stored position {move.position_after!r}, "
                f"rebuilt {rebuilt!r}"
            )

    rebuilt_position = replay.position.to_lpn()
    if len(moves) != game.ply:
        problems.append(f"game is at ply {game.ply} but {len(moves)} moves are stored")
    if rebuilt_position != game.current_position:
        problems.append(
            f"stored current position {game.current_position!r}, rebuilt {rebuilt_position!r}"
        )

    outcome: tuple[Winner, str] | None = None
    if replay.outcome is not None:
        side = replay.outcome.winner
        winner: Winner = None if side is None else ("white" if side.value == "white" else "black")
        outcome = (winner, replay.outcome.reason)
        if game.status != "finished":
            problems.append(f"the rules say the game is over ({outcome}) but it is active")
        elif (game.winner, game.reason) != outcome:
            problems.append(f"stored result {(game.winner, game.reason)}, rules say {outcome}")
    elif game.status == "finished" and game.reason not in BOT_REASONS:
        problems.append(f"stored result {(game.winner, game.reason)}, but the rules see no end")
    return report(rebuilt_position, outcome, len(moves))


async def verify_game(db: Database, game_id: int) -> ReplayReport:
    """Load a game and its moves in one consistent snapshot and replay them."""
    async with db.transaction():
        game = await db.games.load_game(game_id)
        if game is None:
            raise GameNotFound(game_id)
        moves = await db.games.game_moves(game_id)
    return replay_game(game, moves)
