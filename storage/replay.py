"""Rebuild a stored game from its moves and check it against what is stored.

The ply list is the source of truth: replaying the canonical actions (moves, passes, rolls, cube
actions) through the rules core from the start position must give every stored
``position_after``, the stored current position, and the stored result (for results the rules
decide: winner, reason, places and points). This catches a bot bug that stored a position
it did not compute from the moves, a half-applied write, or a hand-edited database.

This is the only storage module that imports the rules core; the rest of storage treats
positions and moves as opaque strings.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RulesError
from rules.games import GameOutcome, game_of_position, open_session

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
    """The position after replaying every ply, or ``None`` if replay could not run to the end."""
    rules_outcome: tuple[Winner, str] | None
    """What the rules say the result is after the last ply, as ``(winner seat, reason id)``,
    if the game is over by the rules (:attr:`game_outcome` has it whole)."""
    problems: tuple[str, ...]
    game_outcome: GameOutcome | None = None
    """The rules' outcome after the last ply, with places and points."""

    @property
    def ok(self) -> bool:
        return not self.problems


def replay_game(game: GameRecord, moves: Sequence[MoveRecord]) -> ReplayReport:
    """Replay ``moves`` from ``game.start_position`` through the rules core's one game interface
    (:mod:`rules.games`: any registered game, chance actions such as ``roll:5-2`` included) and
    list every disagreement found."""
    problems: list[str] = []

    def report(rebuilt: str | None, outcome: GameOutcome | None, plies: int) -> ReplayReport:
        for problem in problems:
            log.warning("game %d: %s", game.id, problem)
        pair = None if outcome is None else (outcome.winner, outcome.reason.value)
        return ReplayReport(game.id, plies, rebuilt, pair, tuple(problems), outcome)

    try:
        rules_id = game_of_position(game.start_position).id
        session = open_session(game.start_position)
    except RulesError as exc:
        problems.append(f"start position does not parse: {exc}")
        return report(None, None, 0)
    if rules_id != game.game_kind:
        problems.append(f"start position is for {rules_id!r}, game says {game.game_kind!r}")
    seat_names = set(game.seat_names)
    for seat in session.seats:
        if seat not in seat_names:
            problems.append(f"the position has a seat {seat!r} the game has not")

    for index, move in enumerate(moves):
        if move.ply != index + 1:
            problems.append(f"move #{index + 1} is stored as ply {move.ply}")
        if session.outcome is not None:
            problems.append(f"ply {move.ply} ({move.move}) comes after the game ended")
            return report(None, None, index)
        if move.player_id not in game.player_ids:
            problems.append(f"ply {move.ply} was played by {move.player_id}, not a player")
        try:
            result = session.play(move.move)
        except RulesError as exc:
            problems.append(f"ply {move.ply} ({move.move}) is illegal: {exc}")
            return report(None, None, index)
        if result.canonical != move.move:
            problems.append(
                f"ply {move.ply} is stored as {move.move!r}, canonical {result.canonical!r}"
            )
        rebuilt = session.position_text()
        if rebuilt != move.position_after:
            problems.append(
                f"ply {move.ply} ({move.move}): stored position {move.position_after!r}, "
                f"rebuilt {rebuilt!r}"
            )

    rebuilt_position = session.position_text()
    if len(moves) != game.ply:
        problems.append(f"game is at ply {game.ply} but {len(moves)} moves are stored")
    if rebuilt_position != game.current_position:
        problems.append(
            f"stored current position {game.current_position!r}, rebuilt {rebuilt_position!r}"
        )

    outcome = session.outcome
    stored = _shown(game.winner, game.reason, game.places, game.points)
    if outcome is not None:
        ruled = _shown(outcome.winner, outcome.reason.value, outcome.places, outcome.points)
        if game.status != "finished":
            problems.append(f"the rules say the game is over ({ruled}) but it is active")
        elif stored != ruled:
            problems.append(f"stored result {stored}, rules say {ruled}")
    elif game.status == "finished" and game.reason not in BOT_REASONS:
        problems.append(f"stored result {stored}, but the rules see no end")
    return report(rebuilt_position, outcome, len(moves))


def _shown(
    winner: str | None, reason: str | None, places: Sequence[str], points: int | None
) -> str:
    """A result as problems quote (and compare) it: ``('white', 'checkmate')``, then places
    and points for the games that have them."""
    text = str((winner, reason))
    if places:
        text += f" places {', '.join(places)}"
    if points is not None:
        text += f" {points} points"
    return text


async def verify_game(db: Database, game_id: int) -> ReplayReport:
    """Load a game and its moves in one consistent snapshot and replay them."""
    async with db.transaction():
        game = await db.games.load_game(game_id)
        if game is None:
            raise GameNotFound(game_id)
        moves = await db.games.game_moves(game_id)
    return replay_game(game, moves)
