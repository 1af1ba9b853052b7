"""Tournaments in a server (issue 36): sign-ups, rounds of ordinary games, standings.

The flow. ``/tournament create`` posts the tournament's message with **Join** / **Leave** (the
organiser, or a member who may manage the server: **Start** / **Cancel**). Starting makes the
tournament's thread from that message and starts round 1: storage writes the round's boards
and games in one transaction guarded by the round counter (so a round never starts twice, in
any number of processes), then each game gets a message in the tournament's channel, its own
thread and its first board -- an ordinary game in every way (moves, pictures, timeouts at the
tournament's pace, ratings when rated; the computer never plays in it). When a game's final
board is posted (:func:`bot.services.announce.mark_board`), :func:`after_game` posts the
result and the standings (text and picture) in the tournament's thread and, once every board
of the round has a result, starts the next round or announces the final standings. The sweep
calls :func:`sweep_tournaments` every minute as well: a round left unstarted by a crash (or a
``starts`` time reached) is taken up there, so the tournament survives restarts.

A withdrawn player resigns their game in progress and is paired no more (their scheduled
round-robin games are forfeited). After a round's deadline (:data:`ROUND_PACES` moves' time
from its start) the organiser may force the next round: the games still going are lost on time
by the player to move. Pairing: :mod:`.tournament_pairing`; scores: :mod:`.tournament_standings`.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from pairing_core.errors import PairingError

from rules.games import find_game
from storage import BoardPlan, GameRecord, TournamentRecord

from ..buttons import dynamic_view
from ..i18n import mark, translate, translate_plural
from ..limits import fit_lines
from ..links import server_channel
from ..texts import game_name, game_title
from .announce import board_payload, post_board, start_line
from .languages import server_language
from .names import player_name
from .pace import pace_words
from .tournament_pairing import (
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    tables_round,
)
from .tournament_standings import Standing, board_scores, standings

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "MAX_ROUND_ROBIN",
    "MIN_PLAYERS",
    "ROUND_PACES",
    "advance",
    "after_game",
    "begin",
    "force_round",
    "round_deadline",
    "sweep_tournaments",
    "total_rounds",
    "tournament_content",
    "withdraw",
]

log = logging.getLogger(__name__)

MIN_PLAYERS = {"round-robin": 3, "double-round-robin": 3, "swiss": 2, "tables": 3}
MAX_ROUND_ROBIN = 16
MAX_PLAYERS = 64
ROUND_PACES = 10
"""A round's deadline is this many moves' time (at the tournament's pace) after its start."""

FORMAT_WORDS = {
    "round-robin": mark("round-robin"),
    "double-round-robin": mark("double round-robin"),
    "swiss": mark("Swiss"),
    "tables": mark("tables re-seated by standing"),
}


def total_rounds(t: TournamentRecord) -> int:
    """The rounds the tournament plays: a round-robin's from its entrants, else as set."""
    if t.format in ("round-robin", "double-round-robin"):
        return round_robin_rounds(t)
    return t.rounds or 3


def round_deadline(t: TournamentRecord, default_timeout: float | None) -> float | None:
    """When the organiser may force the current round to end."""
    if t.round_started_at is None:
        return None
    pace = t.pace_hours * 3600.0 if t.pace_hours else default_timeout
    return None if pace is None else t.round_started_at + ROUND_PACES * pace


def _points(value: float) -> str:
    whole = int(value)
    return (
        f"{whole}½" if value - whole == 0.5 and whole else ("½" if value == 0.5 else f"{value:g}")
    )


def tournament_content(
    t: TournamentRecord, language: str, default_hours: float | None = None
) -> str:
    """The tournament's message: what, how, who has joined, and where it stands."""
    rounds = total_rounds(t) if t.status != "open" or t.format in ("swiss", "tables") else None
    head = translate(
        "🏆 **Tournament #{id}**: {game} · {format}",
        language,
        id=t.id,
        game=game_title(t.game, t.options, language),
        format=translate(FORMAT_WORDS[t.format], language),
    )
    details = []
    if rounds:
        details.append(translate_plural("{count} round", "{count} rounds", rounds, language))
    hours = t.pace_hours or default_hours
    if hours:
        details.append(f"⏱️ {pace_words(hours, language)}")
    details.append(translate("rated", language) if t.rated else translate("casual", language))
    lines = [head + " · " + ", ".join(details)]
    lines.append(translate("Organiser: <@{player}>.", language, player=t.organiser_id))
    if t.status == "open" and t.starts_at is not None:
        lines.append(translate("Starts <t:{when}:R>.", language, when=int(t.starts_at)))
    names = [f"{e.seed}. <@{e.player_id}>" + (" 🚪" if not e.active else "") for e in t.entrants]
    lines.append(
        translate(
            "**Players ({count}):** {players}",
            language,
            count=len(t.entrants),
            players=", ".join(names) or "—",
        )  # fmt: skip
    )
    if t.status == "open":
        lines.append(
            translate(
                "Press **Join** to play; the organiser presses **Start** ({least} players at "
                "least).",
                language,
                least=MIN_PLAYERS[t.format],
            )
        )
    elif t.status == "running":
        lines.append(
            translate(
                "Round {round} of {rounds} is being played.",
                language,
                round=t.round,
                rounds=total_rounds(t),
            )  # fmt: skip
        )
    elif t.status == "finished":
        lines.append(translate("The tournament is over.", language))
    else:
        lines.append(translate("The tournament was cancelled.", language))
    return fit_lines(lines, keep_head=2)


TOURNAMENT_TEMPLATE = r"lat:trn:(?P<tournament_id>\d+):(?P<action>join|leave|start|cancel)"
"""Join / Leave (anyone), Start / Cancel (the organiser) under a tournament's message."""
TOURNAMENT_LABELS = {
    "join": mark("Join"),
    "leave": mark("Leave"),
    "start": mark("Start"),
    "cancel": mark("Cancel"),
}
_STYLES = {
    "join": discord.ButtonStyle.success,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


def tournament_button(
    tournament_id: int, action: str, label: str | None = None
) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(
        label=label or TOURNAMENT_LABELS[action],
        style=_STYLES.get(action, discord.ButtonStyle.secondary),
        custom_id=f"lat:trn:{tournament_id}:{action}",
    )


def tournament_view(t: TournamentRecord, language: str) -> discord.ui.View | None:
    """Join / Leave / Start / Cancel while it is open, nothing after."""
    if t.status != "open":
        return None
    return dynamic_view(
        *(
            tournament_button(t.id, action, translate(label, language))
            for action, label in TOURNAMENT_LABELS.items()
        )
    )


async def refresh_message(bot: GameBot, t: TournamentRecord) -> None:
    """Show the tournament's message as it stands now (its buttons go once it runs)."""
    if t.message_id is None:
        return
    language = await server_language(bot.db, t.guild_id)
    message = server_channel(bot, t.channel_id, t.guild_id).get_partial_message(t.message_id)
    try:
        await message.edit(
            content=tournament_content(t, language, _default_hours(bot)),
            view=tournament_view(t, language),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException as exc:
        log.info("tournament %d: message not edited: %s", t.id, exc)


def _default_hours(bot: GameBot) -> float | None:
    seconds = bot.settings.move_timeout_seconds
    return None if seconds is None else seconds / 3600


def _thread(bot: GameBot, t: TournamentRecord) -> discord.PartialMessageable:
    return server_channel(bot, t.thread_id or t.channel_id, t.guild_id)


async def _say(bot: GameBot, t: TournamentRecord, text: str, **extra: Any) -> None:
    try:
        await _thread(bot, t).send(text, allowed_mentions=discord.AllowedMentions.none(), **extra)
    except discord.HTTPException as exc:
        log.info("tournament %d: could not post in its thread: %s", t.id, exc)


TOURNAMENT_CLAIM = "tournament"
"""The claim kind a process holds while it starts a tournament (its thread and round 1), so
two processes (a ``starts`` time seen by both sweeps) never make two threads."""


async def begin(bot: GameBot, t: TournamentRecord) -> bool:
    """Start the tournament: its thread, then round 1. ``False`` when too few joined (it is
    cancelled if its ``starts`` time came without them) or another process started it."""
    if len(t.entrants) < MIN_PLAYERS[t.format]:
        return False
    owner = bot.claim_owner
    if not await bot.db.claims.claim(TOURNAMENT_CLAIM, t.id, owner, lease=300.0, now=bot.now()):
        return False  # another process is starting it
    try:
        t = await bot.db.tournaments.require(t.id)  # as of the claim
        if t.status != "open":
            return False
        return await _begin(bot, t)
    finally:
        await bot.db.claims.release(TOURNAMENT_CLAIM, t.id, owner)


async def _begin(bot: GameBot, t: TournamentRecord) -> bool:
    language = await server_language(bot.db, t.guild_id)
    if t.thread_id is None and t.message_id is not None:
        message = server_channel(bot, t.channel_id, t.guild_id).get_partial_message(t.message_id)
        try:
            thread = await message.create_thread(
                name=translate("Tournament #{id}", language, id=t.id), auto_archive_duration=10080
            )
        except discord.HTTPException as exc:
            log.info("tournament %d: no thread (%s); pairings go to the channel", t.id, exc)
        else:
            await bot.db.tournaments.set_thread(t.id, thread.id)
            t = await bot.db.tournaments.require(t.id)
    return await start_round(bot, t)


def _plans(t: TournamentRecord, boards: list[Any]) -> list[BoardPlan]:
    number = t.round + 1
    if t.format == "swiss":
        return swiss_round(t, boards, number)
    if t.format == "tables":
        most = find_game(t.game).table_seats or 4
        return tables_round(standings(t, boards), most)
    return round_robin_round(t, number)


async def start_round(bot: GameBot, t: TournamentRecord) -> bool:
    """Pair and start the next round (once: ``False`` when another process did)."""
    boards = await bot.db.tournaments.boards(t.id)
    try:
        plans = _plans(t, boards)
    except PairingError as exc:  # no legal pairing left: the tournament ends here
        log.info("tournament %d: no pairing for round %d (%s)", t.id, t.round + 1, exc)
        await _finish(bot, t)
        return False
    rules = find_game(t.game)
    seat_names: dict[int, tuple[str, ...]] = {}
    starts: dict[int, str] = {}
    options: dict[int, dict[str, str]] = {}
    for count in {len(p.players) for p in plans if p.scores is None}:
        if rules.table_seats:
            seating = rules.seating(t.options, count)
            seat_names[count], starts[count] = seating.seats, seating.position
            options[count] = dict(seating.options)
        else:
            seat_names[count], starts[count] = ("white", "black"), rules.start(t.options)
            options[count] = dict(t.options)
    games = await bot.db.tournaments.start_round(
        t.id, t.round, plans, seat_names=seat_names, start_positions=starts, options=options,
        now=bot.now(),
    )  # fmt: skip
    if games is None:
        return False  # another process (or tick) started it
    t = await bot.db.tournaments.require(t.id)
    language = await server_language(bot.db, t.guild_id)
    lines = [translate("**Round {round}** of {rounds}:", language, round=t.round,
                       rounds=total_rounds(t))]  # fmt: skip
    by_players = {tuple(sorted(s.player_id for s in g.seats)): g for g in games}
    for index, plan in enumerate(plans, start=1):
        who = " – ".join(f"<@{p}>" for p in plan.players)
        if plan.scores is None:
            game = by_players.get(tuple(sorted(plan.players)))
            lines.append(
                translate(
                    "Board {board}: {players} (game #{game})",
                    language,
                    board=index,
                    players=who,
                    game=game.id if game else "?",
                )  # fmt: skip
            )
        elif len(plan.players) == 1:
            lines.append(
                translate(
                    "{player}: a bye ({points} points)",
                    language,
                    player=who,
                    points=_points(plan.scores[0]),
                )  # fmt: skip
            )
        else:
            lines.append(
                translate(
                    "Board {board}: {players} — forfeit ({score})",
                    language,
                    board=index,
                    players=who,
                    score="–".join(_points(s) for s in plan.scores),
                )  # fmt: skip
            )
    await _say(bot, t, fit_lines(lines, keep_head=1))
    for game in games:
        try:
            await open_tournament_game(bot, t, game)
        except discord.HTTPException as exc:  # stored: the catch-up posts its first board
            log.warning("tournament %d: game %d not opened: %s", t.id, game.id, exc)
    await refresh_message(bot, t)
    if not games:  # a round of byes and forfeits only: it is complete at once
        await advance(bot, t.id)
    return True


async def open_tournament_game(bot: GameBot, t: TournamentRecord, game: GameRecord) -> None:
    """A round's game: a message in the tournament's channel naming it, a thread made from
    it, the bot's first actions (an opening roll) and the first board, pinging who moves."""
    language = await server_language(bot.db, t.guild_id)
    players = " – ".join(f"<@{s.player_id}>" for s in game.seats)
    text = translate(
        "🏆 Tournament #{id}, round {round}: {players} — game #{game}",
        language, id=t.id, round=t.round, players=players, game=game.id,
    )  # fmt: skip
    channel = server_channel(bot, t.channel_id, t.guild_id)
    message = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    try:
        names = [await player_name(bot.db, s.player_id) for s in game.seats]
        thread = await message.create_thread(
            name=translate(
                "Game #{game}: {players}", language, game=game.id, players=" – ".join(names)
            )[:100],  # fmt: skip
            auto_archive_duration=1440,
        )
    except discord.HTTPException as exc:
        log.info("game %d: no thread (%s); playing in the channel", game.id, exc)
    else:
        await bot.db.games.set_thread(game.id, thread.id)
    game = await bot.games.load(game.id)
    opened = await bot.games.open(game)
    game = opened.game
    intro = translate(
        "**Game #{game} begins** — tournament #{id}, round {round}.", language, game=game.id,
        id=t.id, round=t.round,
    )  # fmt: skip
    if game.pace_hours:
        intro += f"\n⏱️ {pace_words(game.pace_hours, language)}"
    intro += f"\n{start_line(game, language)}"
    payload = await board_payload(
        bot.db, game, played=opened, intro=intro, move_timeout=bot.settings.move_timeout_seconds
    )
    await post_board(bot, game, payload)


async def after_game(bot: GameBot, record: GameRecord) -> None:
    """A finished game's final board was posted: if it was a tournament's, post the result
    and the standings in the tournament's thread, then go on (:func:`advance`)."""
    tid = await bot.db.tournaments.of_game(record.id)
    if tid is None:
        return
    t = await bot.db.tournaments.require(tid)
    if t.status != "running":
        return
    await post_standings(bot, t)
    await advance(bot, tid)


async def post_standings(bot: GameBot, t: TournamentRecord, *, final: bool = False) -> None:
    """The standings as text (place, points, tiebreaks, games going on) and a picture."""
    from rendering.standings import StandingRow, render_standings

    language = await server_language(bot.db, t.guild_id)
    boards = await bot.db.tournaments.boards(t.id)
    rows = standings(t, boards)
    done = sum(1 for b in boards if board_scores(b) is not None)
    if final:
        title = translate("🏁 **Final standings** of tournament #{id}:", language, id=t.id)
    else:
        title = translate_plural(
            "📊 Standings of tournament #{id} after {count} result:",
            "📊 Standings of tournament #{id} after {count} results:",
            done,
            language,
            id=t.id,
        )
    lines = [title]
    for row in rows:
        lines.append(_standing_line(t, row, language, final=final))
    headings = _headings(t, language)
    names = [await player_name(bot.db, row.player_id) for row in rows]
    named = translate("Tournament #{id}", language, id=t.id)
    picture = render_standings(
        [
            StandingRow(row.place, name, _values(t, row), row.withdrawn)
            for row, name in zip(rows, names, strict=True)
        ],
        title=named + " · " + game_name(t.game, language),
        headings=headings,
        rtl=language == "ar",
    )
    described = translate("The standings of tournament #{id}", language, id=t.id)
    file = discord.File(io.BytesIO(picture), filename="standings.png", description=described)
    await _say(bot, t, fit_lines(lines, keep_head=1), file=file)


def _headings(t: TournamentRecord, language: str) -> list[str]:
    points = translate("Points", language)
    playing = translate("Playing", language)
    if t.format == "swiss":
        return [points, translate("Buchholz", language), translate("S-B", language), playing]
    if t.format == "tables":
        return [points, playing]
    return [points, translate("S-B", language), translate("Direct", language), playing]


def _values(t: TournamentRecord, row: Standing) -> tuple[str, ...]:
    if t.format == "swiss":
        return (_points(row.points), f"{row.buchholz:g}", f"{row.sonneborn_berger:g}",
                str(row.in_progress))  # fmt: skip
    if t.format == "tables":
        return (_points(row.points), str(row.in_progress))
    return (_points(row.points), f"{row.sonneborn_berger:g}", _points(row.direct),
            str(row.in_progress))  # fmt: skip


def _standing_line(t: TournamentRecord, row: Standing, language: str, *, final: bool) -> str:
    medal = f"{row.place}."
    if final:
        medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(row.place, medal)
    parts = [translate("{points} points", language, points=_points(row.points))]
    if t.format == "swiss":
        parts.append(translate("Buchholz {value}", language, value=f"{row.buchholz:g}"))
        parts.append(translate("S-B {value}", language, value=f"{row.sonneborn_berger:g}"))
    elif t.format != "tables":
        parts.append(translate("S-B {value}", language, value=f"{row.sonneborn_berger:g}"))
    if row.in_progress:
        parts.append(
            translate_plural(
                "{count} game going on", "{count} games going on", row.in_progress, language
            )  # fmt: skip
        )
    if row.withdrawn:
        parts.append(translate("withdrew", language))
    return f"{medal} <@{row.player_id}> — " + ", ".join(parts)


async def advance(bot: GameBot, tid: int) -> bool:
    """Go on if the current round is complete: the next round, or the end. Safe to call any
    time, from any process: the round's start and the finish are each guarded in storage."""
    t = await bot.db.tournaments.require(tid)
    if t.status != "running":
        return False
    boards = await bot.db.tournaments.boards(tid)
    if any(board_scores(b) is None for b in boards if b.round == t.round):
        return False
    if t.round >= total_rounds(t) or len(t.active_entrants) < 2:
        return await _finish(bot, t)
    return await start_round(bot, t)


async def _finish(bot: GameBot, t: TournamentRecord) -> bool:
    if not await bot.db.tournaments.finish(t.id, t.round, now=bot.now()):
        return False
    t = await bot.db.tournaments.require(t.id)
    log.info("tournament %d finished after %d rounds", t.id, t.round)
    await post_standings(bot, t, final=True)
    await refresh_message(bot, t)
    return True


async def withdraw(bot: GameBot, t: TournamentRecord, user_id: int) -> list[GameRecord]:
    """``user_id`` leaves a running tournament: stored first, then their games in progress
    are resigned (each final board posted, which moves the tournament on)."""
    if not await bot.db.tournaments.withdraw(t.id, user_id):
        return []
    language = await server_language(bot.db, t.guild_id)
    ended: list[GameRecord] = []
    for board in await bot.db.tournaments.boards(t.id):
        game = board.game
        # a match is lost whole: each of its games in turn (the next starts as one ends)
        for _ in range(2 * (board.match.length if board.match is not None else 0) + 1):
            if game is None or not game.is_active or game.seat_of(user_id) is None:
                break
            ended.append(await _resign_for_withdrawal(bot, t, game, user_id, language))
            if game.match_id is None:
                break
            game = (await bot.db.matches.match_games(game.match_id))[-1]
    t = await bot.db.tournaments.require(t.id)
    await refresh_message(bot, t)
    await advance(bot, t.id)  # a round may be complete now (or a forfeit-only one)
    return ended


async def _resign_for_withdrawal(
    bot: GameBot, t: TournamentRecord, game: GameRecord, user_id: int, language: str
) -> GameRecord:
    record = await bot.games.resign(game, user_id)
    intro = translate(
        "🚪 <@{player}> withdrew from tournament #{id}: this game is lost.", language,
        player=user_id, id=t.id,
    )  # fmt: skip
    payload = await board_payload(
        bot.db, record, intro=intro, move_timeout=bot.settings.move_timeout_seconds
    )
    try:
        await post_board(bot, record, payload)  # a match's next game starts below it
    except discord.HTTPException as exc:  # the catch-up posts it
        log.warning("game %d: withdrawal board not posted: %s", record.id, exc)
    return record


async def force_round(bot: GameBot, t: TournamentRecord) -> int:
    """End the current round after its deadline: each game still going is lost on time by
    the player to move (then the next round starts). Returns how many games were ended."""
    from .timeouts import finish_on_time

    ended = 0
    default = bot.settings.move_timeout_seconds
    for board in await bot.db.tournaments.boards(t.id):
        game = board.game
        if board.round != t.round or game is None or not game.is_active:
            continue
        timeout = game.pace_hours * 3600.0 if game.pace_hours else (default or 0.0)
        if await finish_on_time(bot, game, timeout):
            ended += 1
    await advance(bot, t.id)
    return ended


async def sweep_tournaments(bot: GameBot) -> int:
    """The sweep's part: start the tournaments whose ``starts`` time came (cancelled when
    too few joined), and move on the running ones whose round is complete (a round a crash
    left unstarted). Returns how many moved."""
    moved = 0
    for tid in await bot.db.tournaments.due_to_start(bot.now()):
        t = await bot.db.tournaments.require(tid)
        if len(t.entrants) < MIN_PLAYERS[t.format]:
            if await bot.db.tournaments.cancel(tid, now=bot.now()):
                t = await bot.db.tournaments.require(tid)
                await refresh_message(bot, t)
            continue
        moved += await begin(bot, t)
    for tid in await bot.db.tournaments.running():
        moved += await advance(bot, tid)
    return moved
