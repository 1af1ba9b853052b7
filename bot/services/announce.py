"""What the bot posts about a game: the board picture, the move in words, who is to move,
and at the end the result, why, the players' records and a Rematch button."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

from ai.analysis import analysable_games
from rules.games import Reason, find_game
from storage import Database, GameRecord
from storage.models import BOT_REASONS

from .. import ui
from ..activity import with_play_button
from ..buttons import dynamic_view
from ..clock import discord_clock
from ..errors import answer_language, send_ephemeral
from ..i18n import DEFAULT_LANGUAGE, translate, translate_plural
from ..limits import fit_lines
from ..links import home_channel, home_channel_id, jump_url, message_link
from ..mentions import ping_users
from ..pictures import picture_file, taken_in_game
from ..presenters import BoardView, GamePresenter, Ply, presenter_for
from ..texts import (
    describe_result,
    full_moves,
    game_title,
    moves_words,
    record_words,
    turn_words,
)
from ..watch import watch_url
from .games import Played, bot_made, player_for, position_session
from .languages import game_language
from .matches import match_line, next_match_game
from .names import display_names, names_for_text
from .notify import turn_mentions
from .pace import game_timeout
from .ratings import ratings_line

if TYPE_CHECKING:
    from ..client import GameBot

log = logging.getLogger(__name__)

__all__ = [
    "board_payload",
    "home_channel",
    "home_channel_id",
    "jump_url",
    "not_posted",
    "mark_board",
    "post_board",
    "publish",
    "records_line",
    "result_words",
    "start_line",
    "tell_stood",
]


async def last_move(db: Database, record: GameRecord) -> Ply | None:
    """The last real move of a stored game (forced passes and rolls skipped), as the rules
    report it,
    so a board shown later (``/board``, a resignation, a timeout) highlights it too."""
    moves = await db.games.game_moves(record.id)
    for i in range(len(moves) - 1, -1, -1):
        if not bot_made(moves[i].move):
            before = moves[i - 1].position_after if i else record.start_position
            result = find_game(record.game_kind).session(before).play(moves[i].move)
            return Ply(result, before, moves[i].position_after)
    return None


async def vacations(db: Database, record: GameRecord) -> dict[int, float]:
    """The game's players on vacation now, with when it ends (from the settings read with
    the game when it has them)."""
    now = discord_clock()
    if record.settings is None:
        return await db.players.vacations(record.player_ids, now)
    away = {}
    for uid in dict.fromkeys(record.player_ids):
        until = record.settings.player(uid).vacation_until
        if until is not None and until > now:
            away[uid] = until
    return away


def move_number(record: GameRecord) -> int | None:
    """The full move being played (as ``/history`` numbers them), or the full moves made
    once the game is over; ``None`` for a game whose plies are no count of moves."""
    if not find_game(record.game_kind).numbered_moves:
        return None
    return record.ply // 2 + 1 if record.is_active else full_moves(record.ply)


async def publish(
    interaction: discord.Interaction[GameBot],
    record: GameRecord,
    payload: dict[str, Any],
    *,
    note: str,
    stood: str,
    board: bool = True,
) -> discord.Message | None:
    """Post ``payload`` in the game's own channel: as the reply when the command was used
    there, else as a new message there plus an ephemeral ``note`` with its link (a game's
    story stays in one place). A ``board`` message is remembered as the game's latest board,
    and as announcing ``record``'s ply (and its end), in the same write, once it was sent; the
    Move menus opened for an earlier ply are then taken down.

    Called after the action was committed, so a failed post must not read as a failed
    action: the user is told ``stood`` (what was recorded) and that the board follows (the
    catch-up posts it), and ``None`` is returned.
    """
    bot = interaction.client
    message: discord.Message
    if board:
        await with_play_button(bot, record, payload)
    try:
        if interaction.channel_id == home_channel_id(record):
            if interaction.response.is_done():
                message = await interaction.followup.send(wait=True, **payload)
            else:
                callback = await interaction.response.send_message(**payload)
                sent = callback.resource
                if isinstance(sent, discord.InteractionMessage):
                    message = sent
                else:  # pragma: no cover - Discord returns the message with the callback
                    message = await interaction.original_response()
        else:
            message = await home_channel(bot, record).send(**payload)
    except discord.HTTPException as exc:
        log.warning("game %d: post failed after ply %d was stored: %s", record.id, record.ply, exc)
        language = await answer_language(interaction)  # ``stood``'s, the one who acted
        await tell_stood(interaction, f"{stood} {not_posted(exc, board=board, language=language)}")
        if board:
            await bot.menus.lapse(record)
        return None
    if board:  # at once: a failing note below must not leave a sent board unannounced
        await mark_board(bot, record, message)
    link = message_link(record.guild_id, message.channel.id, message.id)
    if board:
        await bot.menus.lapse(record, link)  # Move menus of the earlier ply
    if interaction.channel_id != home_channel_id(record):
        await send_ephemeral(interaction, f"{note} {link}")
    return message


async def mark_board(bot: GameBot, record: GameRecord, message: discord.Message) -> None:
    """Remember a sent ``message`` as the game's latest board, announcing ``record``'s ply (and
    its end) in the same write: the catch-up then knows nothing is missing. Below a final
    board the game's replay (a GIF) follows, unless the game was aborted."""
    await bot.db.games.set_board_message(
        record.id, message.channel.id, message.id, ply=record.ply, over=not record.is_active
    )
    bot.computer.board_posted(record)  # the computer's turn begins once its board is shown
    if not record.is_active:  # the whole game as a GIF, below the final board
        from .replays import post_replay  # replays builds on this module

        await post_replay(bot, record, message.channel)
    if record.match_id is not None and not record.is_active:
        try:  # the match goes on below the final board
            await next_match_game(bot, record)
        except Exception:  # the final board stands; the next game can be started again
            log.exception("game %d: the match's next game could not be started", record.id)
    if not record.is_active:
        from .tournaments import after_game  # tournaments build on this module

        try:  # a tournament's standings, then its next round
            await after_game(bot, record)
        except Exception:  # the sweep moves the tournament on later
            log.exception("game %d: the tournament could not move on", record.id)


async def post_board(
    bot: GameBot,
    record: GameRecord,
    payload: dict[str, Any],
    target: discord.abc.Messageable | None = None,
) -> discord.Message:
    """The one announcer of boards that are not a command's reply (a game's start, a Move
    menu's move, a timeout, a catch-up): send ``payload`` to the game's thread or channel (or
    ``target``) and mark it announced. A failed send raises before anything is marked, and
    each caller says what then happens."""
    await with_play_button(bot, record, payload)
    message = await (target or home_channel(bot, record)).send(**payload)
    await mark_board(bot, record, message)
    return message


def not_posted(
    error: discord.HTTPException, *, board: bool = True, language: str = DEFAULT_LANGUAGE
) -> str:
    """What happens now that Discord refused a post about a committed action (told to the
    one who acted, in their ``language``)."""
    if not board:
        return translate("Discord refused to post the message about it just now.", language)
    if isinstance(error, discord.NotFound | discord.Forbidden):
        return translate(
            "I can no longer post in the game's channel, so its board could not be shown there; "
            "`/board` shows it.",
            language,
        )
    return translate(
        "Discord refused to post the board just now; it will be posted in the game's channel "
        "within a minute or two. Nothing to redo.",
        language,
    )


async def tell_stood(interaction: discord.Interaction[Any], text: str) -> None:
    """Tell the user what was recorded when the post announcing it failed (best effort).

    A pending "thinking…" reply or a deferred menu becomes the text, so no "thinking…" is
    left hanging; an unanswered interaction is answered privately; otherwise a private
    follow-up. Never raises: the action stands whatever Discord does next.
    """
    response = interaction.response
    deferred = (
        discord.InteractionResponseType.deferred_channel_message,
        discord.InteractionResponseType.deferred_message_update,
    )
    try:
        if not response.is_done():
            await response.send_message(text, ephemeral=True)
        elif response.type in deferred:
            await interaction.edit_original_response(content=text, attachments=[], view=None)
        else:
            await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not tell user %s what stood: %s", interaction.user.id, exc)


def decided_by_rules(record: GameRecord) -> bool:
    """Whether the board itself ended the game (mate, no pieces) rather than the players or
    the clock (resignation, agreement, timeout, abort)."""
    return record.reason is not None and record.reason not in BOT_REASONS


def result_words(
    presenter: GamePresenter,
    record: GameRecord,
    names: dict[str, str],
    language: str = DEFAULT_LANGUAGE,
) -> str:
    """ "**Alice (White) wins**: checkmate." in the game's own words."""
    outcome = record.outcome
    reason = outcome.reason if outcome is not None else None
    why = presenter.reason_words(reason, language)
    points = outcome.points if outcome is not None else None
    if points and record.winner is not None:  # backgammon: what the game was worth
        loser = next(seat for seat in names if seat != record.winner)
        values = {
            "who": names[record.winner],
            "seat": presenter.seat_title(record.winner, language),
            "points": translate_plural("{count} point", "{count} points", points, language),
            "loser": names[loser],
            "why": why,
        }
        if reason is Reason.RESIGNATION:
            return translate(
                "**{who} ({seat}) wins {points}**: {loser} resigned.", language, **values
            )
        if reason is Reason.TIMEOUT:
            return translate(
                "**{who} ({seat}) wins {points}**: {loser} ran out of time.", language, **values
            )
        return translate("**{who} ({seat}) wins {points}**: {why}.", language, **values)
    return describe_result(record.winner, reason, names, why, language)


async def board_payload(
    db: Database,
    record: GameRecord,
    *,
    played: Played | None = None,
    intro: str | None = None,
    mention: bool = True,
    view: str = "white",
    theme: str = "light",
    move_timeout: float | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """Keyword arguments for ``send``: content, the board file, the view, allowed mentions.

    With ``mention`` the message is for someone and pings them: the player to move (as they
    chose with ``/notify``: a ping, a DM digest, or nothing), or both players with a final
    board (the result, the loser's included). ``/board`` shows a board
    without pinging anyone.

    With ``move_timeout`` (seconds; the bot's setting), or in a game with its own pace, an
    active game's line says by when the player to move must move, as a Discord timestamp
    each reader sees in their own zone.

    ``view`` is the side shown at the bottom of the picture. Boards posted after moves keep
    the default (White at the bottom) so a thread's pictures all read the same way; ``/board``
    shows a player their own side.

    Everything is said in ``language``: by default the server's (a game's thread is read by
    both players); a board shown to one person privately passes theirs. ``intro`` comes
    already in that language.
    """
    if language is None:
        language = await game_language(db, record)
    presenter = presenter_for(record.game_kind)
    session = played.session if played and played.session else position_session(record)
    seat = session.to_move
    seat_title = presenter.seat_title(seat, language)
    names = await display_names(db, record)
    lines: list[str] = []
    if intro:
        lines.append(intro)
    if played is not None:
        for pm in played.moves:
            words = presenter.describe(f"<@{pm.player_id}>", pm.ply, language)
            if pm.auto:  # the player opted in (/settings)
                words = translate(
                    "{text} — played by the bot, their only legal turn (`/settings`)",
                    language,
                    text=words,
                )
            lines.append(translate("{text}.", language, text=words))
        own = [pm.ply for pm in played.moves if not bot_made(pm.result.canonical)]
        highlight: Ply | None = own[0] if own else await last_move(db, record)
    else:
        highlight = await last_move(db, record)
    mentions = ping_users()  # nobody, unless this message is for someone
    rated: str | None = None  # a finished game's rating changes
    if record.is_active:
        to_move = player_for(record, seat)
        status = None
        state = presenter.state_line(session, language)
        if state:
            lines.append(state)
        away = await vacations(db, record)
        for uid, until in away.items():  # the opponent sees it under the board
            lines.append(
                translate(
                    "🏖️ {player} is on vacation until {until}: their clock is paused.",
                    language,
                    player=f"<@{uid}>",
                    until=f"<t:{int(until)}:f>",
                )
            )
        if record.match_id is not None and intro is None:  # the score, under the match's boards
            match = await db.matches.require_match(record.match_id)
            lines.append(match_line(match, names_for_text(names), language))
        deadline = None
        timeout = game_timeout(record, move_timeout)  # the game's own pace first
        if timeout is not None:
            deadline = f"<t:{int(record.turn_since + timeout)}:R>"
        values = {"player": f"<@{to_move}>", "seat": seat_title, "deadline": deadline}
        if record.seat(seat).is_computer:  # no ping, no deadline: it moves by itself
            lines.append(
                translate(
                    "{player} ({seat}) to move: the computer is thinking…", language, **values
                )
            )
        elif mention:
            hint = presenter.turn_hint(session, language)
            template = (
                translate("{player}, your move ({seat}) — by {deadline}.", language, **values)
                if deadline
                else translate("{player}, your move ({seat}).", language, **values)
            )
            lines.append(f"{template} {hint}")
            mentions = await turn_mentions(db, record, to_move)  # as they chose (/notify)
        elif deadline:
            lines.append(
                translate("{player} ({seat}) to move — by {deadline}.", language, **values)
            )
        else:
            lines.append(translate("{player} ({seat}) to move.", language, **values))
        actions = presenter.turn_buttons(session, language)
        if record.seat(seat).is_computer:
            buttons = dynamic_view()  # none: the computer moves by itself (a Move was refused)
        elif actions:
            buttons = ui.action_view(record.id, record.ply, actions)
        else:
            buttons = ui.move_view(record.id, language)
    else:
        result = result_words(presenter, record, names_for_text(names), language)
        status = None
        if not decided_by_rules(record):  # the picture says why; names as typed
            status = result_words(presenter, record, names, language).replace("*", "")
        lines.append(
            translate("**Game #{game} is over.** {result}", language, game=record.id, result=result)
        )
        if len(record.places) > 2:  # a ranked multi-seat result: every place
            lines.append(places_line(presenter, record, language))
        match_goes_on = False
        if record.match_id is not None:
            match = await db.matches.require_match(record.match_id)
            lines.append(match_line(match, names_for_text(names), language))
            match_goes_on = match.is_active
        lines.append(await records_line(db, record, language))
        rated = await ratings_line(db, record)
        if rated is not None:
            lines.append(rated)
        # no Rematch mid-match: the match's next game follows by itself
        buttons = (
            dynamic_view()
            if match_goes_on
            else ui.finished_view(
                record.id,
                language,
                analysable=record.ply > 0 and record.game_kind in analysable_games(),
            )
        )
        if mention:  # the result is news for both, the loser above all (told once: the final
            mentions = ping_users(*record.player_ids)  # board is posted once)
    file = await picture_file(
        presenter,
        BoardView(
            record.current_position,
            players=names,
            last=highlight,
            outcome=record.outcome,
            status=status,
            move_number=move_number(record),
            view=view,
            theme=theme,
            language=language,
            taken=await taken_in_game(db, record, session),
        ),
    )
    live = watch_url(db, record)
    if live is not None:  # the live board runs (web/): every board links to its page
        ui.add_watch_button(buttons, live, language)
    name = game_title(record.game_kind, record.options, language)
    if not record.is_active:
        count = moves_words(record.ply, language) if presenter.rules.numbered_moves else ""
    elif presenter.rules.numbered_moves:
        count = turn_words(record.ply, seat_title, language)
    else:  # the result line below says it is over
        count = translate("{side} to play", language, side=seat_title)
    game = translate("**Game #{game}**", language, game=record.id)
    header = " · ".join(part for part in (game, f"**{name}**", count) if part)
    return {
        "content": fit_lines(
            "\n".join([header, *lines]).split("\n"),
            keep_head=1,
            # who is to move; or the result, the records and the rating changes
            keep_tail=1 if record.is_active else 2 + (rated is not None),
            more=lambda n: translate_plural(
                "… {count} more line (see `/history`).",
                "… {count} more lines (see `/history`).",
                n,
                language,
            ),
        ),
        "file": file,
        "view": buttons,
        "allowed_mentions": mentions,
    }


def places_line(
    presenter: GamePresenter, record: GameRecord, language: str = DEFAULT_LANGUAGE
) -> str:
    """ "Places: 🥇 @Alice (Red), 🥈 @Carol (Yellow), 3. @Bob (Blue)." """
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    parts = [
        f"{medals.get(rank, f'{rank}.')} <@{record.player_at(seat)}> "
        f"({presenter.seat_title(seat, language)})"
        for rank, seat in enumerate(record.places, start=1)
    ]
    return translate("Places: {places}.", language, places=", ".join(parts))


async def records_line(db: Database, record: GameRecord, language: str = DEFAULT_LANGUAGE) -> str:
    if record.against_computer:
        return translate(
            "A game against the computer: recorded, not counted in records or the leaderboard.",
            language,
        )
    parts = []
    for uid in dict.fromkeys(record.player_ids):
        p = await db.players.get_player(uid)
        if p is not None:
            parts.append(f"<@{uid}> {record_words(p.wins, p.losses, p.draws, language)}")
    return translate("Records: {records}.", language, records="; ".join(parts))


def start_line(record: GameRecord, language: str = DEFAULT_LANGUAGE) -> str:
    presenter = presenter_for(record.game_kind)
    if len(record.seats) != 2 or find_game(record.game_kind).first_by_roll:
        seated = ", ".join(
            translate(
                "{player} plays **{seat}**",
                language,
                player=f"<@{s.player_id}>",
                seat=presenter.seat_title(s.name, language),
            )
            for s in record.seats
        )
        return translate(
            "{seated}. The bot rolls one die for each to decide who starts.",
            language,
            seated=seated,
        )
    first = position_session(record).to_move
    return translate(
        "{white_player} plays **{white}**, {black_player} plays **{black}**. {first} moves first.",
        language,
        white_player=f"<@{record.white_id}>",
        black_player=f"<@{record.black_id}>",
        white=presenter.seat_title("white", language),
        black=presenter.seat_title("black", language),
        first=presenter.seat_title(first, language),
    )
