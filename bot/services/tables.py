"""Tables: the lobby of a multi-seat game (ludo). The host opens one with ``/challenge``,
players **Join** and **Leave** while seats are free, the host **Starts** with 2 or more seated
(it starts by itself once every seat is taken); it expires like a challenge.

A table is a challenge in storage (``ChallengeRecord.is_table``), so listing, expiry and the
stale-message edits are the challenges' own; this module has its words, its message and its
start, which hands the new game to the same thread-and-first-board path as an accepted
challenge (:func:`bot.services.challenges.open_game`).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from rules import Wording
from rules.games import find_game
from storage import ChallengeRecord, GameRecord

from .. import ui
from ..errors import UserError, mark_plural
from ..i18n import mark, translate
from ..mentions import ping_users
from ..presenters import presenter_for
from ..texts import game_line, game_name
from .computer import computer_games
from .languages import server_language
from .pace import pace_words

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "check_invited",
    "closed_line",
    "invited_ids",
    "invitees",
    "is_table_game",
    "start_table_game",
    "table_content",
    "table_payload",
]

log = logging.getLogger(__name__)

_MENTION = re.compile(r"<@!?(\d{15,21})>")
_DOTS = {"red": "🔴", "blue": "🔵", "yellow": "🟡", "green": "🟢"}

ADD_BOT = mark("Add bot")
"""The host's Add bot buttons as the table's text names them (one per level)."""

COMPUTER_SEAT = {
    "easy": mark("(the computer, easy)"),
    "medium": mark("(the computer, medium)"),
    "hard": mark("(the computer, hard)"),
}
"""How a seat the computer plays is marked in the table's list, by its level."""


def is_table_game(game_kind: str) -> bool:
    """Whether ``variant`` is played at a table players join (more than two seats)."""
    return find_game(game_kind).table_seats is not None


def invited_ids(text: str | None, host_id: int, max_seats: int) -> list[int]:
    """The users mentioned in the ``players`` option (``@a @b @c``), in order, without the
    host and repeats; :class:`UserError` for text that names nobody or too many."""
    if not text or not text.strip():
        return []
    found = [int(m) for m in _MENTION.findall(text)]
    if not found:
        raise UserError(
            mark(
                "Name the players you invite by mentioning them, e.g. `players: @Bob @Carol`; "
                "no table was opened."
            )
        )
    invited = [uid for uid in dict.fromkeys(found) if uid != host_id]
    if len(invited) > max_seats - 1:
        raise UserError(
            mark(
                "A table has {seats} seats, so you can invite at most {most} players, not "
                "{count}; no table was opened."
            ),
            seats=max_seats,
            most=max_seats - 1,
            count=len(invited),
        )
    return invited


async def check_invited(guild: discord.Guild, me: int | None, invited: list[int]) -> None:
    """Refuse a table whose ``players`` names anyone who cannot take a seat: an id that is no
    member of ``guild`` (made up, or a member of another server only), the bot itself (seated
    by ``opponent`` or **Add bot**, at a level) or another bot. A mention in the option is only
    text, which Discord does not check; pinging such ids would reach people who never see the
    table. Members are asked of Discord (the bot has no member list): at most three ids."""
    strangers: list[int] = []
    bots: list[int] = []
    for uid in invited:
        if uid == me:
            raise UserError(
                mark(
                    "I can't be invited with `players`: to give me a seat, choose me (<@{bot}>) "
                    "as the `opponent`, or press **{add}** on the table. No table was opened."
                ),
                bot=uid,
                add=Wording(ADD_BOT),
            )
        member = guild.get_member(uid)
        if member is None:
            try:
                member = await guild.fetch_member(uid)
            except discord.NotFound:
                strangers.append(uid)
                continue
        if member.bot:
            bots.append(uid)
    if strangers:
        raise UserError(
            mark_plural(
                "{players} is not a member of this server; invite members of this server only. "
                "No table was opened.",
                "{players} are not members of this server; invite members of this server only. "
                "No table was opened.",
            ),
            count=len(strangers),
            players=", ".join(f"<@{uid}>" for uid in strangers),
        )
    if bots:
        raise UserError(
            mark("{player} is a bot and can't play; invite a person. No table was opened."),
            player=f"<@{bots[0]}>",
        )


def seat_colours(ch: ChallengeRecord) -> tuple[str, ...]:
    """The seat names the players seated now would get if the game started now."""
    count = len(ch.seated)
    if count < 2:
        return find_game(ch.game_kind).seating(ch.options, 2).seats[:count]
    return find_game(ch.game_kind).seating(ch.options, count).seats


def seat_levels(ch: ChallengeRecord) -> tuple[str | None, ...]:
    """The computer's level on each seat of the table (``None`` for a person)."""
    return ch.seated_levels or (None,) * len(ch.seated)


def _labels(language: str) -> dict[str, str]:
    """The table's button labels (marked in :mod:`bot.ui`) in ``language``: the buttons and
    the table's text name them with the same words."""
    return {action: translate(label, language) for action, label in ui.TABLE_LABELS.items()}


def table_content(ch: ChallengeRecord, language: str) -> str:
    """The table's message in ``language`` (the server's: it is public): who opened it, who
    is invited, the seats with their colours, and how it starts and expires."""
    presenter = presenter_for(ch.game_kind)
    game = game_name(ch.game_kind, language)
    most = ch.max_seats or 4
    levels = seat_levels(ch)
    if any(levels):
        kind = translate(
            "With the computer playing: recorded, not counted in records or the leaderboard.",
            language,
        )
    elif ch.rated:
        kind = translate("Rated (by places).", language)
    else:
        kind = translate("Casual: no rating changes.", language)
    if ch.rematch_of:
        first = translate(
            "🎲 <@{host}> opens a table for a rematch of game #{rematch} (2–{most} players).",
            language,
            host=ch.challenger_id,
            rematch=ch.rematch_of,
            most=most,
        )
    else:
        first = translate(
            "🎲 <@{host}> opens a table for a game of {game} (2–{most} players).",
            language,
            host=ch.challenger_id,
            game=game,
            most=most,
        )
    lines = [f"{first} {kind}"]
    if ch.invited:
        invited = ", ".join(f"<@{uid}>" for uid in ch.invited)
        lines.append(translate("Invited: {players}.", language, players=invited))
    lines.append(
        translate("**Seats ({count} of {most}):**", language, count=len(ch.seated), most=most)
    )
    seats = zip(ch.seated, levels, seat_colours(ch), strict=True)
    for i, (uid, level, seat) in enumerate(seats, start=1):
        if level:
            who = " " + translate(COMPUTER_SEAT.get(level, COMPUTER_SEAT["medium"]), language)
        elif uid == ch.challenger_id and i == 1:
            who = " " + translate("(host)", language)
        else:
            who = ""
        dot = _DOTS.get(seat, "•")
        lines.append(f"{i}. {dot} {presenter.seat_title(seat, language)} — <@{uid}>{who}")
    lines.append(
        game_line(ch.game_kind, {k: v for k, v in ch.options.items() if k != "players"}, language)
    )
    if ch.pace_hours:
        lines.append(f"⏱️ {pace_words(ch.pace_hours, language)}")
    labels = _labels(language)
    lines.append(
        translate(
            "Colours follow the number seated: two play Red and Yellow, three Red, Blue and "
            "Yellow, four all. Anyone may **{join}** while a seat is free; <@{host}> presses "
            "**{start}** (2–{most} seated); with {most} it starts by itself. This table "
            "expires <t:{expires}:R> (<t:{expires}:f>).",
            language,
            join=labels["join"],
            start=labels["start"],
            host=ch.challenger_id,
            most=most,
            expires=int(ch.expires_at),
        )
    )
    if ch.game_kind in computer_games():
        lines.append(
            translate(
                "<@{host}> may seat me at a free seat with **{add}** (easy, medium or hard; up "
                "to three) and take my last seat away with **{remove}**.",
                language,
                host=ch.challenger_id,
                add=translate(ADD_BOT, language),
                remove=labels["unbot"],
            )
        )
    return "\n".join(lines)


def invitees(ch: ChallengeRecord) -> list[int]:
    """Who a table's first post is for: the invited players and the people the host seated
    (a rematch), never the host nor the computer's seats. Their pings are rationed as
    challenges' are (:func:`bot.services.challenges.challenge_payload`)."""
    seated = zip(ch.seated, seat_levels(ch), strict=True)
    people = [uid for uid, level in seated if level is None]
    return [uid for uid in dict.fromkeys((*ch.invited, *people)) if uid != ch.challenger_id]


def table_payload(ch: ChallengeRecord, language: str) -> dict[str, Any]:
    """The table message in ``language``, pinging nobody: its first post pings
    :func:`invitees` (rationed), later edits never."""
    return {
        "content": table_content(ch, language),
        "view": ui.table_view(
            ch.id, computer=ch.game_kind in computer_games(), labels=_labels(language)
        ),
        "allowed_mentions": ping_users(),
    }


def closed_line(ch: ChallengeRecord, language: str, words: str) -> str:
    """The table's first line and what became of it (the buttons go)."""
    return table_content(ch, language).split("\n")[0] + "\n" + words


async def start_table_game(
    interaction: discord.Interaction[GameBot],
    ch: ChallengeRecord,
    *,
    host_only: bool,
) -> GameRecord:
    """Start the table's game with the players seated now (the interaction is deferred):
    the table message says so, the game gets its thread and the bot's first rolls."""
    from .challenges import open_game  # the challenges module shares the start path

    bot = interaction.client
    count = len(ch.seated)
    if count < 2:
        raise UserError(
            mark("A game needs at least 2 players at the table; wait for someone to join.")
        )
    seating = find_game(ch.game_kind).seating(ch.options, count)
    game = await bot.db.challenges.start_table(
        ch.id,
        interaction.user.id,
        seat_names=seating.seats,
        start_position=seating.position,
        options=dict(seating.options),
        host_only=host_only,
        now=bot.now(),
    )
    log.info("table %d: game %d started with %d players", ch.id, game.id, count)
    players = ", ".join(f"<@{uid}>" for uid in ch.seated)
    language = await server_language(bot.db, ch.guild_id)
    started = translate(
        "✅ **Game #{game}** has started: {players}.", language, game=game.id, players=players
    )
    await interaction.edit_original_response(
        content=closed_line(ch, language, started),
        view=None,
        allowed_mentions=ping_users(),
    )
    return await open_game(interaction, ch, game)
