"""How a player is told it is their move, as they chose with ``/notify``.

* ``mention`` (the default): the message in the game's thread that says it is their move pings
  them — boards after moves, the first board, catch-ups, reminders.
* ``dm``: those messages name them without a ping; instead the sweep sends them a direct
  message, at most one an hour (:data:`DIGEST_EVERY`), listing every game waiting for their move
  with links. A turn that begins within the hour is folded into the next digest. The digest is
  claimed in storage before it is sent, so a restart or a second bot process never repeats it.
  A reminder before a timeout is time-critical: it comes by DM at once (one per turn anyway).
* ``silent``: no ping and no DM; the messages still name them.

A DM that cannot be delivered (DMs closed: 403) falls back to what ``mention`` would have
done — a ping in the game's thread — and is logged; the player is not told off.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from storage import Database, GameRecord

from ..i18n import LANGUAGES, translate, translate_plural
from ..limits import fit_lines
from ..links import home_channel, jump_url
from ..mentions import ping_only
from ..texts import game_name, plain
from .games import player_to_move
from .languages import server_language
from .names import player_name
from .pace import game_timeout

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "BATCH",
    "DIGEST_EVERY",
    "deliver_reminder",
    "dm_language",
    "games_waiting",
    "send_digests",
    "send_dm",
    "turn_mentions",
]

log = logging.getLogger(__name__)

DIGEST_EVERY = 3600.0
"""At most one "your move" DM digest per player in this many seconds."""
BATCH = 100
"""Digests sent per sweep tick; more wait a minute."""
MAX_LISTED = 20
"""Games listed in one digest; the rest are counted."""


def to_move_id(record: GameRecord) -> int:
    """The player whose move it is in an active game."""
    return player_to_move(record)


async def turn_mentions(db: Database, record: GameRecord, to_move: int) -> discord.AllowedMentions:
    """The pings of a message telling ``to_move`` it is their move in ``record``: them, if
    they chose mentions; nobody otherwise — and for a DM player the turn is noted for their
    next digest."""
    known = record.settings
    mode = (
        known.player(to_move).notify if known is not None else await db.players.notify_mode(to_move)
    )
    if mode == "dm":
        await db.players.note_turn(to_move, record.turn_since)
    return ping_only(to_move if mode == "mention" else None)


async def send_dm(bot: GameBot, user_id: int, text: str) -> bool:
    """Send ``text`` to ``user_id`` privately; ``False`` (logged) when Discord refuses, e.g.
    their DMs are closed to the bot (403)."""
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(text)
    except discord.HTTPException as exc:
        log.info("could not DM user %d (%s): falling back to the thread", user_id, exc)
        return False
    return True


async def dm_language(db: Database, user_id: int, guild_id: int | None) -> str:
    """The language of a direct message to ``user_id`` about a game of ``guild_id``: their
    ``/language`` choice, else that server's language (a DM carries no client locale)."""
    chosen = await db.players.language(user_id)
    if chosen is not None and chosen in LANGUAGES:
        return chosen
    return await server_language(db, guild_id)


async def games_waiting(db: Database, user_id: int) -> list[GameRecord]:
    """Every active game (in any server) waiting for ``user_id``'s move, longest first."""
    games = [g for g in await db.games.active_games(user_id=user_id) if to_move_id(g) == user_id]
    return sorted(games, key=lambda g: (g.turn_since, g.id))


async def digest_text(
    bot: GameBot, user_id: int, games: list[GameRecord], since: float | None
) -> str:
    """The digest: one line per waiting game (new ones marked), with its link; in the
    player's language (their choice, else the server's of the game waiting longest)."""
    default = bot.settings.move_timeout_seconds
    language = await dm_language(bot.db, user_id, games[0].guild_id if games else None)
    if len(games) == 1:
        head = translate("♟️ It is your move:", language)
    else:
        head = translate_plural(
            "♟️ It is your move in {count} game:",
            "♟️ It is your move in {count} games:",
            len(games),
            language,
        )
    lines = [head]
    for g in games[:MAX_LISTED]:
        others = [uid for uid in dict.fromkeys(g.player_ids) if uid != user_id]
        named = [plain(await player_name(bot.db, uid), 40) for uid in others]
        values = {
            "game": g.id,
            "variant": game_name(g.game_kind, language),
            "opponents": ", ".join(named) or "—",
            "since": int(g.turn_since),
        }
        timeout = game_timeout(g, default)  # each game at its own pace
        if timeout is not None:
            line = translate(
                "• **Game #{game}** · {variant} vs {opponents} — waiting <t:{since}:R>, "
                "by <t:{deadline}:R>",
                language,
                deadline=int(g.turn_since + timeout),
                **values,
            )
        else:
            line = translate(
                "• **Game #{game}** · {variant} vs {opponents} — waiting <t:{since}:R>",
                language,
                **values,
            )
        new = " 🆕" if since is None or g.turn_since > since else ""
        url = jump_url(g)
        lines.append(line + new + (f": {url}" if url else ""))
    if len(games) > MAX_LISTED:
        lines.append(
            translate_plural(
                "… and {count} more (`/games` in each server).",
                "… and {count} more (`/games` in each server).",
                len(games) - MAX_LISTED,
                language,
            )
        )
    lines.append(
        translate("At most one such message an hour; `/notify` changes how you are told.", language)
    )
    return fit_lines(lines, keep_head=1, keep_tail=1)


async def fall_back(bot: GameBot, user_id: int, games: list[GameRecord]) -> None:
    """A digest that could not be delivered: ping them in each game's thread instead (in
    the server's language: the thread is everyone's)."""
    for g in games[:MAX_LISTED]:
        url = jump_url(g)
        language = await server_language(bot.db, g.guild_id)
        if url:
            text = translate(
                "<@{player}>, your move in game #{game}: {url}",
                language,
                player=user_id,
                game=g.id,
                url=url,
            )
        else:
            text = translate(
                "<@{player}>, your move in game #{game}.", language, player=user_id, game=g.id
            )
        try:
            await home_channel(bot, g).send(text, allowed_mentions=ping_only(user_id))
        except discord.HTTPException as exc:
            log.warning("game %d: could not ping %d in its thread: %s", g.id, user_id, exc)


async def send_digests(bot: GameBot) -> int:
    """Send the "your move" digests that are due (the sweep's job); returns how many went out
    by DM."""
    now = bot.now()
    sent = 0
    for due in await bot.db.players.digests_due(now, DIGEST_EVERY, limit=BATCH):
        games = await games_waiting(bot.db, due.user_id)
        if any(g.needs_announcement for g in games):
            continue  # a board is still to be posted (catch-up): its link would be stale
        if not await bot.db.players.claim_digest(due, now, DIGEST_EVERY):
            continue  # another process took it
        games = await games_waiting(bot.db, due.user_id)  # as of the claim
        if not games:
            continue  # they moved meanwhile
        text = await digest_text(bot, due.user_id, games, due.previous)
        if await send_dm(bot, due.user_id, text):
            sent += 1
            log.info("digest of %d games sent to %d", len(games), due.user_id)
        else:
            fresh = [g for g in games if due.previous is None or g.turn_since > due.previous]
            await fall_back(bot, due.user_id, fresh)
    return sent


async def deliver_reminder(bot: GameBot, record: GameRecord, to_move: int, text: str) -> None:
    """Send a move reminder as ``to_move`` chose: a ping in the thread, a DM (falling back to
    the thread), or the thread without a ping. Raises ``discord.HTTPException`` when the
    thread post fails."""
    mode = await bot.db.players.notify_mode(to_move)
    if mode == "dm" and await send_dm(bot, to_move, text):
        return
    pinged = to_move if mode != "silent" else None
    await home_channel(bot, record).send(text, allowed_mentions=ping_only(pinged))
