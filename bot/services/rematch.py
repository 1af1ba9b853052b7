"""Offering a rematch: a challenge to the same opponent, colours swapped, marked as the
finished game's rematch.

Only one live rematch per game (pending, or accepted) exists, even with two bot processes on
one database: storage's unique index on ``challenges.rematch_of`` decides and raises
``RematchExists``; the check made here first only gives the usual case a friendlier answer.
"""

from __future__ import annotations

from rules.games import find_game
from storage import ChallengeRecord, Database, GameRecord, RematchExists

from ..errors import UserError
from ..i18n import mark
from ..links import message_link

__all__ = ["already_offered", "offer_rematch"]


def challenge_link(ch: ChallengeRecord) -> str | None:
    if ch.guild_id is None or ch.message_id is None:
        return None
    return message_link(ch.guild_id, ch.channel_id, ch.message_id)


def already_offered(game_id: int, existing: ChallengeRecord | None) -> UserError:
    """The refusal of a second rematch, pointing at the first (its game, or its message)."""
    if existing is not None and existing.status == "accepted" and existing.game_id:
        return UserError(
            mark(
                "A rematch of game #{game} was already offered and accepted: it is game #{rematch}."
            ),
            game=game_id,
            rematch=existing.game_id,
        )
    if existing is not None and (link := challenge_link(existing)):
        return UserError(
            mark("A rematch of game #{game} was already offered: {link}."), game=game_id, link=link
        )
    return UserError(mark("A rematch of game #{game} was already offered."), game=game_id)


async def offer_rematch(
    db: Database,
    record: GameRecord,
    user_id: int,
    display_name: str,
    *,
    guild_id: int | None,
    channel_id: int,
    expires_in: float,
    now: float,
) -> ChallengeRecord:
    """Store ``user_id``'s rematch challenge for finished game ``record`` (raises
    ``UserError`` when the caller may not, or one is already offered)."""
    most = find_game(record.game_kind).table_seats
    if most is not None:  # a multi-seat game: the same players at a table
        return await _rematch_table(
            db,
            record,
            user_id,
            display_name,
            guild_id=guild_id,
            channel_id=channel_id,
            expires_in=expires_in,
            most=most,
            now=now,
        )
    colour = record.colour_of(user_id)
    opponent = record.opponent_of(user_id)
    if colour is None or opponent is None:
        raise UserError(mark("Only the two players of this game can ask for a rematch."))
    if record.is_active:
        raise UserError(mark("This game is still being played."))
    for waiting in await db.challenges.pending_challenges(guild_id, user_id=user_id, now=now):
        if waiting.rematch_of == record.id:
            raise already_offered(record.id, waiting)
        if {waiting.challenger_id, waiting.challenged_id} == {user_id, opponent}:
            raise UserError(
                mark(
                    "A challenge between you two is already waiting (from <@{player}>); "
                    "answer or cancel that one."
                ),
                player=waiting.challenger_id,
            )
    await db.players.upsert_player(user_id, display_name, now=now)
    try:
        return await db.challenges.create_challenge(
            guild_id=guild_id,
            channel_id=channel_id,
            challenger_id=user_id,
            challenged_id=opponent,
            game_kind=record.game_kind,
            options=record.options,
            colour="black" if colour == "white" else "white",
            expires_in=expires_in,
            rematch_of=record.id,
            rated=record.rated,  # a rematch is played as the game was, rated or casual
            pace_hours=record.pace_hours,  # and at its pace
            ai_level=record.seat(record.seat_of(opponent) or "").ai_level,  # the same level
            now=now,
        )
    except RematchExists as exc:  # another process (or click) got there first
        existing = None
        if exc.challenge_id is not None:
            existing = await db.challenges.get_challenge(exc.challenge_id)
        raise already_offered(record.id, existing) from exc


async def _rematch_table(
    db: Database,
    record: GameRecord,
    user_id: int,
    display_name: str,
    *,
    guild_id: int | None,
    channel_id: int,
    expires_in: float,
    most: int,
    now: float,
) -> ChallengeRecord:
    """A table with the finished game's players seated again: the one asking hosts and sits
    first, the others follow in their old seat order (the computer's seats at their levels);
    the host presses Start."""
    if record.seat_of(user_id) is None:
        raise UserError(mark("Only the players of this game can ask for a rematch."))
    if record.is_active:
        raise UserError(mark("This game is still being played."))
    for waiting in await db.challenges.pending_challenges(guild_id, user_id=user_id, now=now):
        if waiting.rematch_of == record.id:
            raise already_offered(record.id, waiting)
    await db.players.upsert_player(user_id, display_name, now=now)
    others = [seat for seat in record.seats if seat.player_id != user_id]
    try:
        return await db.challenges.create_table(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=user_id,
            game_kind=record.game_kind,
            max_seats=most,
            options=record.options,
            seated=[user_id, *(seat.player_id for seat in others)],
            seated_levels=[None, *(seat.ai_level for seat in others)],
            expires_in=expires_in,
            rematch_of=record.id,
            rated=record.rated,  # a rematch is played as the game was, rated or casual
            pace_hours=record.pace_hours,  # and at its pace
            now=now,
        )
    except RematchExists as exc:
        existing = None
        if exc.challenge_id is not None:
            existing = await db.challenges.get_challenge(exc.challenge_id)
        raise already_offered(record.id, existing) from exc
