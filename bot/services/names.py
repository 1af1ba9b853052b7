"""Players' names as the bot shows them (one rule for every message, label and file)."""

from __future__ import annotations

from storage import Database, GameRecord

__all__ = ["display_names", "player_name"]


async def player_name(db: Database, user_id: int) -> str:
    """The display name storage last saw for ``user_id`` (it is refreshed when they challenge
    or accept), or "Player <id>" for someone the bot never saw by name."""
    player = await db.players.get_player(user_id)
    return player.display_name if player and player.display_name else f"Player {user_id}"


async def display_names(db: Database, record: GameRecord) -> dict[str, str]:
    """``{"white": name, "black": name}`` for a game."""
    return {
        "white": await player_name(db, record.white_id),
        "black": await player_name(db, record.black_id),
    }
