"""Players' names as the bot shows them (one rule for every message, label and file)."""

from __future__ import annotations

from collections.abc import Mapping

from storage import Database, GameRecord

from ..texts import plain

NAME_LIMIT = 40
"""Characters of a display name shown in message text (Discord allows 32; nicknames too)."""

__all__ = ["display_names", "names_for_text", "player_name", "shown_name"]


def shown_name(user_id: int, stored: str | None) -> str:
    """A stored display name, or "Player <id>" for someone the bot never saw by name."""
    return stored if stored else f"Player {user_id}"


async def player_name(db: Database, user_id: int) -> str:
    """The display name storage last saw for ``user_id`` (it is refreshed when they challenge
    or accept), or "Player <id>" for someone the bot never saw by name."""
    player = await db.players.get_player(user_id)
    return shown_name(user_id, player.display_name if player else None)


async def display_names(db: Database, record: GameRecord) -> dict[str, str]:
    """Each seat's player's name by seat name (``{"white": …, "black": …}``, ``{"red": …}``),
    in turn order; from the settings read with the game when it has them."""
    if record.settings is not None:
        known = record.settings
        return {
            seat.name: shown_name(seat.player_id, known.player(seat.player_id).display_name)
            for seat in record.seats
        }
    return {seat.name: await player_name(db, seat.player_id) for seat in record.seats}


def names_for_text(names: Mapping[str, str]) -> dict[str, str]:
    """Names ready for message text: a display name is the user's own text, so it must not
    bold, hide or mention anything (pictures and thread titles use the names as they are)."""
    return {colour: plain(name, NAME_LIMIT) for colour, name in names.items()}
