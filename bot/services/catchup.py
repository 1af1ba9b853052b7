"""Catching up on boards that were never posted.

A move (or a resignation, a timeout, an abort, an agreed draw) is committed to storage first
and its board posted afterwards. If the bot dies in between, or Discord refuses the post, the
move stands but nobody is told. Every path that posts a game's board records in the same write
which ply (and whether the end) it announced (``set_board_message(ply=, over=)``); the sweep, at
start-up and every minute, asks storage for games whose stored ply or end is ahead of that and
posts the board they missed: the moves since the last announced board in words, the player to
move pinged (both players when the game is over), and the Rematch button under a final board.

A game the bot started is stored before its thread, its opening roll and its first board
(``announced_ply`` is -1 until that board is posted): one whose bot died in between -- the
challenge says "started", and nothing follows -- is caught up the same way, its first board
posted as at the start (:func:`catch_up_game`). And a match whose bot died between a game's
final board and the next game is started again by :func:`resume_matches`.

No double announcement: storage lists a game only once it has been unchanged for
:data:`SETTLE_SECONDS` (the normal path marks its board announced long before that), and the
catch-up claims the game in storage before posting (``claim_announcement``: one guarded UPDATE
that re-reads it, with a lease of :data:`CLAIM_SECONDS`), so of two processes, or two
machines, on one database only one posts it; a claimer that dies before marking it announced
lets the lease expire and the board is posted after that. The per-game lock is still taken, so
a move of this process landing meanwhile waits and is announced by its own path.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from rules.games import find_game
from storage import ChallengeRecord, GameRecord

from ..i18n import DEFAULT_LANGUAGE, mark, translate, translate_plural
from ..presenters import Ply, presenter_for
from ..texts import game_line
from .announce import board_payload, home_channel, post_board, start_line
from .challenges import link_from_old_game, thread_title
from .languages import server_language
from .matches import match_intro, next_match_game
from .names import display_names

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "BATCH",
    "CLAIM_SECONDS",
    "RECENT_SECONDS",
    "SETTLE_SECONDS",
    "catch_up",
    "catch_up_game",
    "resume_matches",
]

log = logging.getLogger(__name__)

BATCH = 100
SETTLE_SECONDS = 30.0
"""A game changed more recently than this may still be being announced by its own path."""
RECENT_SECONDS = 7 * 86400.0
"""A finished game whose end was never posted is caught up only within this time."""
CLAIM_SECONDS = 300.0
"""How long a process's claim on posting a missed board lasts (stored, see
``claim_announcement`` in storage): far longer than a post takes, short enough that a board whose
claimer died is posted a few minutes later by whichever process sweeps next."""
MAX_LINES = 10
"""At most this many missed plies are told in words (the board shows the rest)."""

MARK = mark("♻️ Catching up")
"""What starts a caught-up board's words; the reason ends them, in words true for every
cause (a crash, a restart, or Discord refusing the post)."""


async def catch_up(bot: GameBot) -> int:
    """Post the missed boards of settled games; returns how many were posted."""
    now = bot.now()
    due = await bot.db.games.unannounced_games(
        now - SETTLE_SECONDS, now - RECENT_SECONDS, limit=BATCH, now=now
    )
    posted = 0
    for record in due:
        posted += await catch_up_game(bot, record.id)
    return posted


async def missed_lines(
    bot: GameBot, record: GameRecord, language: str = DEFAULT_LANGUAGE
) -> list[str]:
    """The plies after ``announced_ply`` in words (as under a normal board)."""
    if record.announced_ply >= record.ply:
        return []
    moves = await bot.db.games.game_moves(record.id)
    presenter = presenter_for(record.game_kind)
    lines: list[str] = []
    first = max(record.announced_ply, record.ply - MAX_LINES)
    if first > record.announced_ply:
        earlier = first - record.announced_ply
        lines.append(
            translate_plural(
                "… {count} earlier turn (see `/history`);",
                "… {count} earlier turns (see `/history`);",
                earlier,
                language,
            )
        )
    for index in range(first, len(moves)):
        stored = moves[index]
        before = moves[index - 1].position_after if index else record.start_position
        try:
            result = find_game(record.game_kind).session(before).play(stored.move)
        except Exception:  # pragma: no cover - stored moves were checked by the rules core
            log.exception("game %d: cannot describe ply %d", record.id, stored.ply)
            lines.append(
                translate(
                    "{player} played `{move}`.",
                    language,
                    player=f"<@{stored.player_id}>",
                    move=stored.move,
                )
            )
            continue
        ply = Ply(result, before, stored.position_after)
        words = presenter.describe(f"<@{stored.player_id}>", ply, language)
        lines.append(translate("{text}.", language, text=words))
    return lines


async def catch_up_game(bot: GameBot, game_id: int) -> bool:
    """Post one game's missed board and mark it announced (``False`` if nothing was due,
    another process is posting it, or the post failed; a failed post is tried again at the
    next tick). A game whose first board was never posted gets it as at its start."""
    async with bot.games.lock(game_id):
        record = await bot.db.games.claim_announcement(game_id, now=bot.now(), lease=CLAIM_SECONDS)
        if record is None:
            return False  # announced meanwhile, or another process is posting it
        done = False
        if record.start_announced:
            done = await _posted_or_released(bot, record, _post_missed_board)
    if not record.start_announced:  # outside the game's lock: the opening roll takes it
        done = await _posted_or_released(bot, record, _post_missed_start)
    if done:
        log.info(
            "game %d: caught up to ply %d (announced was %d%s)",
            record.id,
            record.ply,
            record.announced_ply,
            ", game over" if not record.is_active else "",
        )
    return done


async def _posted_or_released(
    bot: GameBot,
    record: GameRecord,
    post: Callable[[GameBot, GameRecord], Awaitable[bool]],
) -> bool:
    """``post`` the claimed game's board; unless it was marked announced, give the claim
    back, so that the next tick (of any process) tries again."""
    done = False
    try:
        done = await post(bot, record)
    finally:
        if not done:
            await bot.db.games.release_announcement(record.id)
    return done


async def resume_matches(bot: GameBot) -> int:
    """Start the next game of every match left waiting: its last game's final board was
    posted (or never will be) but the bot died before the next game was stored. Returns how
    many were started. Storage's ``add_game`` starts a match's next game once, whichever
    process (or path) asks first; the one that started it posts its board, and if it dies
    before that, :func:`catch_up_game` posts it as a missed start."""
    now = bot.now()
    waiting = await bot.db.matches.stalled_matches(
        now - SETTLE_SECONDS, now - RECENT_SECONDS, limit=BATCH
    )
    started = 0
    for last in waiting:
        if await next_match_game(bot, last) is not None:
            log.info("match %s resumed after game %d", last.match_id, last.id)
            started += 1
    return started


STARTED = mark("game #{game} started — its board could not be posted at the time.")
"""The first line of a start board posted late: the bot died (or Discord refused the post)
between storing the game and posting its board."""


async def _post_missed_start(bot: GameBot, record: GameRecord) -> bool:
    """Post the first board of a game the bot started but never announced (its process died
    after storing it), as the start would have: in a thread made from its challenge's message
    (when it has none yet), after the bot's first actions (backgammon's opening roll, unless
    it was stored before the crash), naming who plays what and who moves first, pinging the
    first to move. ``True`` once it is marked announced."""
    language = await server_language(bot.db, record.guild_id)
    made = await bot.db.challenges.challenge_of_game(record.id, record.channel_id)
    if record.thread_id is None and made is not None and made.message_id is not None:
        record = await _open_thread(bot, record, made, language)
    opened = await bot.games.open(record)  # only what is due: an opening roll stored stays
    game = opened.game
    lines = [f"{translate(MARK, language)}: {translate(STARTED, language, game=game.id)}"]
    lines.append(await _start_words(bot, game, language))
    if not opened.moves and game.ply:  # the first actions were stored before the crash
        lines += await missed_lines(bot, dataclasses.replace(game, announced_ply=0), language)
    payload = await board_payload(
        bot.db,
        game,
        played=opened if opened.moves else None,
        intro="\n".join(lines),
        move_timeout=bot.settings.move_timeout_seconds,
        language=language,
    )
    try:
        board = await post_board(bot, game, payload)
    except (discord.NotFound, discord.Forbidden) as exc:
        log.warning("game %d: cannot post its start, giving up: %s", game.id, exc)
        await bot.db.games.mark_announced(game.id, game.ply)
        return False
    except discord.HTTPException as exc:
        log.warning("game %d: posting its start failed, will retry: %s", game.id, exc)
        return False
    if made is not None and made.rematch_of is not None:
        await link_from_old_game(bot, made.rematch_of, game, board)
    return True


async def _open_thread(
    bot: GameBot, record: GameRecord, made: ChallengeRecord, language: str
) -> GameRecord:
    """The game's thread, made from its challenge's message as at the start; the game as it
    is then stored (in the channel if no thread can be made: the start does the same)."""
    assert made.message_id is not None
    message = home_channel(bot, record).get_partial_message(made.message_id)
    try:
        names = await display_names(bot.db, record)
        thread = await message.create_thread(
            name=thread_title(record, names, language), auto_archive_duration=1440
        )
    except discord.HTTPException as exc:  # gone, threads not allowed, made already
        log.info("game %d: no thread for its start (%s); posting in the channel", record.id, exc)
        return record
    await bot.db.games.set_thread(record.id, thread.id)
    return await bot.games.load(record.id)


async def _start_words(bot: GameBot, game: GameRecord, language: str) -> str:
    """What the start of ``game`` says above its first board: a match's next game its number
    and score; any other game what it is, and who plays what and moves first."""
    if game.match_id is not None and (game.match_game or 1) > 1:
        match = await bot.db.matches.require_match(game.match_id)
        return match_intro(match, game, language)
    words = translate(
        "**Game #{game} begins.** {variant}",
        language,
        game=game.id,
        variant=game_line(game.game_kind, game.options, language),
    )
    if game.custom_start:
        words += " " + translate("Started from a custom position: a casual game.", language)
    return f"{words}\n{start_line(game, language)}"


async def _post_missed_board(bot: GameBot, record: GameRecord) -> bool:
    """Post the claimed game's missed board; ``True`` once it is marked announced."""
    language = await server_language(bot.db, record.guild_id)
    lines = await missed_lines(bot, record, language)
    if lines:
        lines[0] = f"{translate(MARK, language)}: {lines[0]}"
        lines[-1] = translate(
            "{text} — its board could not be posted at the time.",
            language,
            text=lines[-1].removesuffix("."),
        )
    else:  # only the end was missed (a resignation, a timeout, an abort, a draw)
        ended = translate(
            "game #{game} ended — its board could not be posted at the time.",
            language,
            game=record.id,
        )
        lines = [f"{translate(MARK, language)}: {ended}"]
    payload = await board_payload(
        bot.db,
        record,
        intro="\n".join(lines),
        move_timeout=bot.settings.move_timeout_seconds,
        language=language,
    )
    over = not record.is_active
    try:
        await post_board(bot, record, payload)
    except (discord.NotFound, discord.Forbidden) as exc:
        # the thread or channel is gone or closed to the bot: it never will be told
        log.warning("game %d: cannot catch up, giving up: %s", record.id, exc)
        await bot.db.games.mark_announced(record.id, record.ply, over=over)
        return False
    except discord.HTTPException as exc:
        log.warning("game %d: catch-up failed, will retry: %s", record.id, exc)
        return False
    return True
