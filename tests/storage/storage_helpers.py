"""Shared helpers for the storage tests (a module, not conftest, so imports are unambiguous).

Real rugen games are generated with the rules core: moves are chosen from
``Game.legal_moves()`` with a seeded ``random.Random``, so they are reproducible and legal
(including the rugen ban on a third repetition).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules import Game, start_position
from storage import Database, GameRecord

GUILD = 1000
CHANNEL = 2000
ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14


async def make_game(
    db: Database,
    white: int = ALICE,
    black: int = BOB,
    *,
    guild: int | None = GUILD,
    channel: int = CHANNEL,
    game_kind: str = "rugen",
    start: str = "P0",
    now: float | None = 1000.0,
) -> GameRecord:
    """A game with opaque positions: most storage tests do not need real rules."""
    return await db.games.create_game(
        guild_id=guild,
        channel_id=channel,
        game_kind=game_kind,
        white_id=white,
        black_id=black,
        start_position=start,
        now=now,
    )


@dataclass(frozen=True)
class Ply:
    side: str  # "white" or "black": who played it
    move: str  # canonical
    position_after: str


@dataclass(frozen=True)
class ScriptedGame:
    start: str
    plies: tuple[Ply, ...]
    outcome: tuple[str | None, str] | None  # (winner, reason) after the last ply, if over


def random_game(seed: int, max_plies: int, game_kind: str = "rugen") -> ScriptedGame:
    rng = random.Random(seed)
    game = Game(start_position(game_kind))
    start = game.position.to_lpn()
    plies: list[Ply] = []
    while len(plies) < max_plies and game.outcome is None:
        side = game.turn.value
        move = rng.choice(game.legal_moves())
        result = game.play(str(move))
        plies.append(Ply(side, str(result.move), game.position.to_lpn()))
    outcome = None
    if game.outcome is not None:
        winner = game.outcome.winner
        outcome = (None if winner is None else winner.value, game.outcome.reason)
    return ScriptedGame(start, tuple(plies), outcome)


async def store_game(
    db: Database,
    scripted: ScriptedGame,
    white: int = ALICE,
    black: int = BOB,
    *,
    game_kind: str = "rugen",
    now: float = 1000.0,
) -> GameRecord:
    """Create a game at ``scripted.start`` and record every ply (finishing it if it ended)."""
    game = await make_game(db, white, black, game_kind=game_kind, start=scripted.start, now=now)
    last = len(scripted.plies) - 1
    for index, ply in enumerate(scripted.plies):
        game = await db.games.record_move(
            game.id,
            game.ply,
            white if ply.side == "white" else black,
            ply.move,
            ply.position_after,
            outcome=scripted.outcome if index == last else None,  # type: ignore[arg-type]
            now=now + index + 1,
        )
    return game


def ending_game() -> ScriptedGame:
    """A real rugen game that the rules end (seed 26: a draw by the fifty-move rule, ply 123)."""
    scripted = random_game(26, max_plies=300)
    assert scripted.outcome is not None
    return scripted
