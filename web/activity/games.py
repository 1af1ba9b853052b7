"""Which game the Activity shows, as JSON for its front end.

In order: the game a **Play in Discord** button launched into this instance (the bot
stores it, :class:`LaunchLookup`); else the game of the launch's channel (a game's thread;
or a channel whose one active game it is); else, opened from the App Launcher in a channel
without a game, a lobby: the server's games in progress to watch and the player's own games to
play, theirs to move first. Only games of the instance's own server are ever shown.
"""

from __future__ import annotations

from typing import Any, Protocol

from rules.games import find_game
from storage import ChallengeRecord, Database, GameRecord

__all__ = ["LIST_LIMIT", "LaunchLookup", "activity_view", "challenge_summary", "game_summary"]

LIST_LIMIT = 25
"""Games listed at most in each part of the lobby (newest activity first)."""


class LaunchLookup(Protocol):
    """What the bot tells the Activity's server: the game launched into an instance of a
    server (``bot.activity.ActivityLaunches.game_for``), or ``None``."""

    async def __call__(self, instance_id: str, guild_id: int, /) -> int | None: ...


def _to_move(record: GameRecord) -> str | None:
    if not record.is_active:
        return None
    return find_game(record.game_kind).session(record.current_position).to_move


def game_summary(record: GameRecord, user_id: int) -> dict[str, Any]:
    """One game as the Activity lists or opens it: who sits where, whose turn, and whether
    the viewer plays in it (only players may move; everyone else watches)."""
    to_move = _to_move(record)
    seat = record.seat_of(user_id)
    return {
        "id": record.id,
        "variant": record.game_kind,
        "name": find_game(record.game_kind).name,
        "status": record.status,
        "ply": record.ply,
        "seats": [
            {
                "seat": s.name,
                "user_id": str(s.player_id),
                "computer": s.is_computer,
            }
            for s in record.seats
        ],
        "to_move": to_move,
        "to_move_user_id": (str(record.player_at(to_move)) if to_move is not None else None),
        "your_seat": seat,
        "your_turn": to_move is not None
        and any(s.name == to_move and s.player_id == user_id for s in record.seats),
        "winner": record.winner,
        "thread_id": str(record.thread_id) if record.thread_id else None,
    }


def challenge_summary(ch: ChallengeRecord, user_id: int) -> dict[str, Any]:
    """One challenge as the lobby lists it: who challenges whom to what, and whether the
    viewer may accept, decline or cancel it (a table is answered with its buttons in Discord)."""
    mine = ch.challenger_id == user_id
    return {
        "id": ch.id,
        "variant": ch.game_kind,
        "status": ch.status,
        "challenger_id": str(ch.challenger_id),
        "challenged_id": str(ch.challenged_id) if ch.challenged_id is not None else None,
        "computer": ch.ai_level is not None,
        "table": ch.is_table,
        "yours": mine,
        "can_accept": not mine
        and not ch.is_table
        and ch.status == "pending"
        and ch.challenged_id in (None, user_id),
        # as its Decline / Cancel buttons (a table is left or closed with its own, in Discord)
        "can_decline": not mine
        and not ch.is_table
        and ch.status == "pending"
        and ch.challenged_id == user_id,
        "can_cancel": mine and not ch.is_table and ch.status == "pending",
        "game_id": ch.game_id,
    }


async def activity_view(
    db: Database,
    *,
    guild_id: int,
    channel_id: int,
    user_id: int,
    launched_game: int | None = None,
    now: float | None = None,
    challenges: bool = False,
) -> dict[str, Any]:
    """``{"mode": "game", "game": …, "found_by": "launch"|"channel"}`` or ``{"mode":
    "lobby", "watch": […], "play": […], "challenges": […]}`` for ``user_id`` in the Activity
    of ``channel_id`` in ``guild_id`` (both verified with Discord by the caller). The
    lobby's ``challenges``: the server's open challenges the user made, is challenged to or
    may accept (at ``now``), with ``can_challenge`` when the lobby may make one."""
    if launched_game is not None:
        record = await db.games.load_game(launched_game)
        if record is not None and record.guild_id == guild_id:
            return {"mode": "game", "found_by": "launch", "game": game_summary(record, user_id)}
    thread, _mine, anyone = await db.games.games_here(
        guild_id=guild_id, channel_id=channel_id, user_id=user_id
    )
    here = thread or (anyone[0] if len(anyone) == 1 else None)
    if here is not None:
        return {"mode": "game", "found_by": "channel", "game": game_summary(here, user_id)}
    watch = await db.games.active_games(guild_id=guild_id, limit=LIST_LIMIT)
    play = await db.games.active_games(guild_id=guild_id, user_id=user_id, limit=LIST_LIMIT)
    mine = [game_summary(r, user_id) for r in play]
    mine.sort(key=lambda g: not g["your_turn"])  # stable: newest first within each part
    pending = await db.challenges.pending_challenges(guild_id, user_id=user_id, now=now)
    return {
        "mode": "lobby",
        "watch": [game_summary(r, user_id) for r in watch if r.seat_of(user_id) is None],
        "play": mine,
        "challenges": [challenge_summary(c, user_id) for c in pending[-LIST_LIMIT:]],
        "can_challenge": challenges,
    }
