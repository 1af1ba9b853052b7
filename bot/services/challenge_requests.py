"""Making a challenge: every check of ``/challenge`` and the stored challenge (or ludo table),
whoever asks -- the slash command, or the Discord Activity's lobby (:func:`challenge_from_web`
and :func:`accept_from_web`, the web's ports beside the play pipeline's ``play_from_web``).

What differs is only where the challenge message goes: ``/challenge`` answers with it, the
Activity posts it in the channel it runs in. A challenge to the computer is accepted by the
computer at once, either way.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, cast

import discord

from rules import Wording
from rules.games import find_game
from storage import CUSTOM_POSITION, AILevel, ChallengeRecord, GameRecord

from ..errors import UserError
from ..i18n import mark, translate
from ..links import server_channel
from ..presenters import playable_games
from ..texts import game_name, join_words
from .challenges import (
    checked_start_position,
    closed_challenge,
    launch_game,
    parse_options,
    post_challenge,
)
from .computer import computer_games
from .languages import server_language
from .tables import check_invited, invited_ids, is_table_game

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "COLOURS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "ChallengeAsk",
    "accept_from_web",
    "check_answer",
    "challenge_from_web",
    "challenge_options",
    "make_challenge",
]

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "medium"
"""The computer's level when a challenge to it names none."""
LEVELS = ("easy", "medium", "hard")
COLOURS = ("random", "white", "black")


@dataclass(frozen=True, slots=True)
class ChallengeAsk:
    """What a player asks for, as ``/challenge``'s options say it."""

    game_kind: str
    opponent: discord.abc.User | None = None
    colour: str = "random"
    options: str | None = None
    position: str | None = None
    rated: bool = True
    players: str | None = None
    level: str | None = None
    days: int | None = None


def challenge_options(game_kind: str, options: str | None, position: str | None) -> dict[str, str]:
    """The challenge's checked options, with the start ``position`` a player gave (kept as
    the option :data:`storage.CUSTOM_POSITION`)."""
    resolved = parse_options(game_kind, options)
    if position is not None and position.strip():
        if options:
            raise UserError(
                mark(
                    "Give either `options` or a `position`: a position says everything "
                    "about the board. No challenge was made."
                )
            )
        resolved[CUSTOM_POSITION] = checked_start_position(game_kind, position)
    return resolved


async def make_challenge(
    bot: GameBot,
    guild: discord.Guild,
    channel_id: int,
    user: discord.abc.User,
    ask: ChallengeAsk,
    language: str,
) -> tuple[ChallengeRecord, bool]:
    """Check ``ask`` as ``/challenge`` does and store the challenge (or table) ``user`` makes
    in ``channel_id`` of ``guild``; with whether the computer accepts it at once (a challenge
    to the bot itself). ``language``: the asker's, for words a refusal builds (the games the
    computer plays). Raises :class:`UserError` and stores nothing when refused."""
    game_kind, opponent = ask.game_kind, ask.opponent
    if game_kind not in {g.id for g in playable_games()}:
        raise UserError(mark("There is no game {game}. No challenge was made."), game=game_kind)
    if is_table_game(game_kind):
        if ask.position:
            raise UserError(
                mark(
                    "A ludo table starts from the start (the bot rolls for the first "
                    "player); leave `position` empty. No table was opened."
                )
            )
        return await _open_table(bot, guild, channel_id, user, ask), False
    if ask.players:
        raise UserError(
            mark(
                "`players` invites players to a ludo table; to challenge one person to "
                "{game}, use `opponent`."
            ),
            game=Wording(find_game(game_kind).name),
        )
    me = bot.user
    if opponent is not None and me is not None and opponent.id == me.id:
        resolved = challenge_options(game_kind, ask.options, ask.position)
        ch = await _challenge_computer(bot, guild, channel_id, user, ask, resolved, language)
        return ch, True
    if ask.level is not None:
        raise UserError(
            mark(
                "`level` is for a game against me: choose <@{bot}> as the opponent, "
                "or leave `level` empty. No challenge was made."
            ),
            bot=me.id if me else 0,
        )
    if opponent is not None:
        if opponent.id == user.id:
            raise UserError(
                mark("You can't challenge yourself. Leave `opponent` empty for an open challenge.")
            )
        if opponent.bot:
            raise UserError(
                mark("{player} is a bot and can't play; challenge a person, or me (<@{bot}>)."),
                player=opponent.mention,
                bot=me.id if me else 0,
            )
    resolved = challenge_options(game_kind, ask.options, ask.position)
    now = bot.now()
    await bot.db.players.upsert_player(user.id, user.display_name, now=now)
    if opponent is not None:
        await bot.db.players.upsert_player(opponent.id, opponent.display_name, now=now)
    ch = await bot.db.challenges.create_challenge(
        guild_id=guild.id,
        channel_id=channel_id,
        challenger_id=user.id,
        challenged_id=opponent.id if opponent else None,
        game_kind=game_kind,
        options=resolved,
        colour=ask.colour,  # type: ignore[arg-type]
        expires_in=bot.settings.challenge_ttl_seconds,
        # a custom start is casual, and so is a game against a bot (the computer)
        rated=ask.rated
        and CUSTOM_POSITION not in resolved
        and not (opponent is not None and opponent.bot),
        pace_hours=ask.days,
        now=now,
    )
    return ch, False


async def _open_table(
    bot: GameBot,
    guild: discord.Guild,
    channel_id: int,
    user: discord.abc.User,
    ask: ChallengeAsk,
) -> ChallengeRecord:
    """A multi-seat game: a table players join (the host sits first; ``players`` -- people of
    this server only -- and ``opponent`` are invited, pinged as challenges are: once an hour
    at most). With the bot itself as ``opponent`` it sits second, played by the computer at
    ``level``."""
    game_kind, opponent, level = ask.game_kind, ask.opponent, ask.level
    if ask.colour != "random":
        raise UserError(
            mark(
                "At a ludo table the colours follow the seats (the order players sit down); "
                "leave `colour` empty."
            )
        )
    most = find_game(game_kind).table_seats or 4
    invited = invited_ids(ask.players, user.id, most)
    me = bot.user
    await check_invited(guild, me.id if me else None, invited)
    seated: list[int] | None = None
    levels: list[AILevel | None] | None = None
    if opponent is not None and me is not None and opponent.id == me.id:
        if game_kind not in computer_games():  # pragma: no cover - the bot plays ludo
            raise UserError(
                mark("I can't play {game} myself yet; challenge a person to it."),
                game=Wording(find_game(game_kind).name),
            )
        seated, levels = [user.id, me.id], [None, cast(AILevel, level or DEFAULT_LEVEL)]
        opponent = None
    elif level is not None:
        raise UserError(
            mark(
                "`level` is for my seat: choose <@{bot}> as the opponent (or press "
                "**Add bot** on the table), or leave `level` empty. No table was opened."
            ),
            bot=me.id if me else 0,
        )
    if opponent is not None:
        if opponent.bot:
            raise UserError(
                mark("{player} is a bot and can't play; invite a person."),
                player=opponent.mention,
            )
        if opponent.id != user.id and opponent.id not in invited:
            invited.insert(0, opponent.id)
    if len(invited) > most - 1:
        raise UserError(
            mark("A table has {seats} seats: invite at most {most} players."),
            seats=most,
            most=most - 1,
        )
    resolved = parse_options(game_kind, ask.options)
    now = bot.now()
    await bot.db.players.upsert_player(user.id, user.display_name, now=now)
    if seated is not None and me is not None:
        await bot.db.players.upsert_player(me.id, me.display_name, now=now)
    return await bot.db.challenges.create_table(
        guild_id=guild.id,
        channel_id=channel_id,
        host_id=user.id,
        game_kind=game_kind,
        max_seats=most,
        options=resolved,
        invited=invited,
        seated=seated,
        seated_levels=levels,
        expires_in=bot.settings.challenge_ttl_seconds,
        rated=ask.rated,
        pace_hours=ask.days,
        now=now,
    )


async def _challenge_computer(
    bot: GameBot,
    guild: discord.Guild,
    channel_id: int,
    user: discord.abc.User,
    ask: ChallengeAsk,
    resolved: dict[str, str],
    language: str,
) -> ChallengeRecord:
    """A challenge to the bot itself: stored like any other, with the level on it; the
    caller has the computer accept it at once (the game starts in its thread like any
    other)."""
    me = bot.user
    assert me is not None
    game_kind = ask.game_kind
    if game_kind not in computer_games():
        playable = [g.id for g in playable_games() if g.id in computer_games()]
        mine = join_words([game_name(g, language) for g in playable], language)
        if not playable:  # pragma: no cover - the bot plays the Latrunculi rule sets
            raise UserError(
                mark("I can't play {game} myself yet; challenge a person to it."),
                game=Wording(find_game(game_kind).name),
            )
        raise UserError(
            mark("I can't play {game} myself yet; challenge a person to it. I play {games}."),
            game=Wording(find_game(game_kind).name),
            games=mine,
        )
    now = bot.now()
    await bot.db.players.upsert_player(user.id, user.display_name, now=now)
    await bot.db.players.upsert_player(me.id, me.display_name, now=now)
    return await bot.db.challenges.create_challenge(
        guild_id=guild.id,
        channel_id=channel_id,
        challenger_id=user.id,
        challenged_id=me.id,
        game_kind=game_kind,
        options=resolved,
        colour=ask.colour,  # type: ignore[arg-type]
        expires_in=bot.settings.challenge_ttl_seconds,
        ai_level=cast(AILevel, ask.level or DEFAULT_LEVEL),
        rated=False,  # a game against the computer is never rated
        pace_hours=ask.days,  # the computer moves at once; the person has this long
        now=now,
    )


NO_LONGER_OPEN = {
    "expired": mark("This challenge is no longer open: it has expired."),
    "accepted": mark("This challenge is no longer open: it was accepted."),
    "declined": mark("This challenge is no longer open: it was declined."),
    "cancelled": mark("This challenge is no longer open: it was cancelled."),
}
"""Why answering a challenge is refused, by the challenge's status."""


async def check_answer(
    bot: GameBot, challenge_id: int, guild_id: int | None, user_id: int, action: str
) -> ChallengeRecord:
    """The pending challenge ``challenge_id`` of ``guild_id`` that ``user_id`` may answer with
    ``action`` (``accept``, ``decline``, ``cancel``); :class:`UserError` saying why not."""
    ch = await bot.db.challenges.get_challenge(challenge_id)
    if ch is None or ch.guild_id != guild_id:  # a challenge of another server
        raise UserError(mark("I can't find that challenge any more."))
    if ch.status != "pending" or ch.expires_at <= bot.now():
        status = "expired" if ch.status == "pending" else ch.status
        raise UserError(NO_LONGER_OPEN.get(status, NO_LONGER_OPEN["expired"]))
    if action == "cancel":
        if user_id != ch.challenger_id:
            raise UserError(
                mark("Only <@{player}>, who made this challenge, can cancel it."),
                player=ch.challenger_id,
            )
        return ch
    if user_id == ch.challenger_id:
        raise UserError(
            mark("You can't accept or decline your own challenge; use Cancel to withdraw it.")
        )
    if ch.challenged_id is not None and user_id != ch.challenged_id:
        raise UserError(
            mark("This challenge is for <@{player}>; only they can answer it."),
            player=ch.challenged_id,
        )
    return ch


async def _member(bot: GameBot, guild: discord.Guild, user_id: int) -> discord.Member:
    """A member of ``guild`` (asked of Discord when not cached); refused when not one."""
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.NotFound:
            raise UserError(
                mark("That person is not a member of this server; challenge someone who is.")
            ) from None
    return member


def _guild(bot: GameBot, guild_id: int) -> discord.Guild:
    guild = bot.get_guild(guild_id)
    if guild is None:
        raise UserError(mark("I am not in that server any more."))
    return guild


def _edit_of(message: discord.Message | discord.PartialMessage) -> Callable[[str], Awaitable[None]]:
    async def edit(content: str) -> None:
        await message.edit(content=content, view=None)

    return edit


async def challenge_from_web(
    bot: GameBot,
    guild_id: int,
    channel_id: int,
    user_id: int,
    ask: ChallengeAsk,
    opponent_id: int | None,
    language: str,
) -> tuple[ChallengeRecord, GameRecord | None]:
    """``/challenge`` from the Activity's lobby: ``user_id`` challenges ``opponent_id`` (a
    member of the server; the bot's own id: the computer; ``None``: anyone) with the same
    checks, and the challenge message is posted in ``channel_id``, where anyone answers it
    with its buttons. Against the computer the game starts at once: the challenge and that
    game are returned."""
    guild = _guild(bot, guild_id)
    user = await _member(bot, guild, user_id)
    opponent: discord.abc.User | None = None
    if opponent_id is not None:
        me = bot.user
        opponent = me if me is not None and opponent_id == me.id else None
        if opponent is None:
            opponent = await _member(bot, guild, opponent_id)
    made = replace(ask, opponent=opponent)
    ch, computer = await make_challenge(bot, guild, channel_id, user, made, language)
    message = await post_challenge(bot, ch)
    log.info("challenge %d made from the Activity by %d", ch.id, user_id)
    if not computer:
        return ch, None
    me = bot.user
    assert me is not None
    game = await launch_game(
        bot, ch, me, edit=_edit_of(message), channel=message.channel, message=message
    )
    return ch, game


async def accept_from_web(
    bot: GameBot, guild_id: int, challenge_id: int, user_id: int
) -> GameRecord:
    """Accept challenge ``challenge_id`` for ``user_id`` from the Activity, as its **Accept**
    button does: the challenge message says so and the game starts in its thread."""
    ch = await check_answer(bot, challenge_id, guild_id, user_id, "accept")
    if ch.is_table:
        raise UserError(mark("A table is joined with its buttons in the channel; sit down there."))
    guild = _guild(bot, guild_id)
    accepter = await _member(bot, guild, user_id)
    channel = server_channel(bot, ch.channel_id, ch.guild_id)
    message: discord.Message | None = None
    if ch.message_id is not None:
        try:
            message = await channel.fetch_message(ch.message_id)
        except discord.HTTPException as exc:
            log.info("challenge %d: its message is gone (%s)", ch.id, exc)

    async def edit(content: str) -> None:
        if message is not None:
            await message.edit(content=content, view=None)

    return await launch_game(bot, ch, accepter, edit=edit, channel=channel, message=message)


CLOSED_WORDS = {
    "cancel": mark("🚫 Cancelled by the challenger."),
    "decline": mark("❌ Declined by <@{player}>."),
}
"""What a challenge message says once declined or cancelled (public: the server's language)."""


async def close_challenge(bot: GameBot, ch: ChallengeRecord, user_id: int, action: str) -> str:
    """Decline or cancel (``action``) the challenge ``ch`` that :func:`check_answer` let
    ``user_id`` answer: stored (only one of two answers at once wins: the storage refuses a
    challenge no longer pending), and the challenge message's new words returned."""
    if action == "cancel":
        await bot.db.challenges.cancel_challenge(ch.id, user_id, now=bot.now())
    else:
        await bot.db.challenges.decline_challenge(ch.id, user_id, now=bot.now())
    language = await server_language(bot.db, ch.guild_id)  # the message is public
    words = translate(CLOSED_WORDS[action], language, player=user_id)
    return closed_challenge(ch, language, words)


async def close_from_web(
    bot: GameBot, guild_id: int, challenge_id: int, user_id: int, action: str
) -> None:
    """Decline or cancel (``action``) challenge ``challenge_id`` for ``user_id`` from the
    Activity, as its **Decline** / **Cancel** button does: the same checks, and its message in
    the channel says so, its buttons gone."""
    if action not in CLOSED_WORDS:
        raise ValueError(f"not a way to close a challenge: {action}")
    ch = await check_answer(bot, challenge_id, guild_id, user_id, action)
    if ch.is_table:
        raise UserError(mark("A table is left or closed with its buttons in the channel."))
    content = await close_challenge(bot, ch, user_id, action)
    log.info("challenge %d: %s by %d from the Activity", ch.id, action, user_id)
    if ch.message_id is None:
        return
    channel = server_channel(bot, ch.channel_id, ch.guild_id)
    try:
        message = await channel.fetch_message(ch.message_id)
        await message.edit(content=content, view=None)
    except discord.HTTPException as exc:  # the message is gone: the challenge is closed anyway
        log.info("challenge %d: its message could not be edited (%s)", ch.id, exc)
