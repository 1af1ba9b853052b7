"""How ratings read in Discord: "1500? → 1741? (+241)", the line under a rated result, the
``/leaderboard game`` pages and the ``/stats`` chart.

A rating is shown rounded, with "?" while it is provisional (deviation 110 or more, as on
lichess). Players are named by mention (no ping: the bot's default allows none).
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import UTC, datetime

import discord

from rendering import ChartWords, RatingPoint, render_rating_chart
from storage import Database, GameRecord, RatingChange, RatingRecord
from storage.rating_maths import is_provisional

from ..i18n import DEFAULT_LANGUAGE, translate, translate_plural
from ..limits import MAX_ALT_TEXT, MAX_CONTENT, paginate
from ..presenters.words import RTL_LANGUAGES
from ..texts import game_title
from .languages import server_language

__all__ = [
    "LEADERBOARD_HEADER_ROOM",
    "change_words",
    "chart_words",
    "leaderboard_page",
    "rating_chart_file",
    "rating_words",
    "ratings_line",
]

log = logging.getLogger(__name__)

LEADERBOARD_HEADER_ROOM = 120
"""Room kept on each ``/leaderboard`` page for its title (game, counts, page number)."""


def rating_words(rating: float, rd: float) -> str:
    """ "1741" or, while provisional, "1741?"."""
    return f"{round(rating)}{'?' if is_provisional(rd) else ''}"


def change_words(change: RatingChange) -> str:
    """ "1500? → 1741? (+241)"."""
    return (
        f"{rating_words(change.rating_before, change.rd_before)} → "
        f"{rating_words(change.rating_after, change.rd_after)} ({change.delta:+d})"
    )


async def ratings_line(db: Database, record: GameRecord, language: str | None = None) -> str | None:
    """The line under a finished game: each player's rating change, "Casual game: no
    rating changes." for a casual one, nothing for a rated game that changed none (aborted,
    or a backgammon match game before the match ends). In ``language``, by default the
    server's (the final board is read by every player in the thread)."""
    if record.is_active:
        return None
    if language is None:
        language = await server_language(db, record.guild_id)
    changes = await db.ratings.changes_for_game(record.id)
    if changes:
        parts = "; ".join(f"<@{c.player_id}> {change_words(c)}" for c in changes)
        if record.match_id is not None:
            return translate("Ratings (match): {changes}.", language, changes=parts)
        return translate(
            "Ratings ({game}): {changes}.",
            language,
            game=game_title(record.game_kind, language=language),
            changes=parts,
        )
    if not record.rated:
        return translate("Casual game: no rating changes.", language)
    return None


def _board_line(rank: int | None, rating: RatingRecord, now: float, language: str) -> str:
    results = translate_plural("{count} result", "{count} results", rating.results, language)
    shown = rating_words(rating.rating, rating.rd_at(now))
    if rank is None:
        return f"• <@{rating.player_id}> {shown} ({results})"
    medal = {1: "🥇", 2: "🥈", 3: "🥉"}.get(rank, f"{rank}.")
    return f"{medal} <@{rating.player_id}> **{shown}** ({results})"


async def leaderboard_page(
    db: Database,
    guild_id: int,
    game: str,
    page: int,
    *,
    now: float,
    language: str = DEFAULT_LANGUAGE,
) -> tuple[str, int]:
    """Page ``page`` (0-based; past the end means the last) of this server's ``game``
    ratings in ``language``: established players ranked by rating, then the provisional ones
    apart (their rating is still a guess). Returns the text and the number of pages; every
    page fits in one message."""
    ratings = await db.ratings.leaderboard(guild_id, game)
    name = game_title(game, language=language)
    if not ratings:
        return translate("No rated {game} results in this server yet.", language, game=name), 1
    settled = [r for r in ratings if not r.is_provisional(now)]
    provisional = [r for r in ratings if r.is_provisional(now)]
    lines = [_board_line(rank, r, now, language) for rank, r in enumerate(settled, start=1)]
    if provisional:
        lines.append(
            translate(
                "**Provisional** ({count}: rating uncertain until more games are rated, "
                "shown with ?):",
                language,
                count=len(provisional),
            )
        )
        lines.extend(_board_line(None, r, now, language) for r in provisional)
    pages = paginate(lines, MAX_CONTENT - LEADERBOARD_HEADER_ROOM)
    page = max(0, min(page, len(pages) - 1))
    if provisional:
        title = translate(
            "**{game} ratings in this server** — {ranked} ranked, {provisional} provisional",
            language,
            game=name,
            ranked=len(settled),
            provisional=len(provisional),
        )
    else:
        title = translate(
            "**{game} ratings in this server** — {ranked} ranked",
            language,
            game=name,
            ranked=len(settled),
        )
    if len(pages) > 1:
        title += " — " + translate(
            "page {page} of {pages}", language, page=page + 1, pages=len(pages)
        )
    return title + "\n" + "\n".join(pages[page]), len(pages)


def chart_words(language: str = DEFAULT_LANGUAGE) -> ChartWords:
    """The words the rating chart draws, in ``language`` (right to left for Arabic)."""

    def results(count: int) -> str:
        return translate_plural("{count} rated result", "{count} rated results", count, language)

    return ChartWords(
        rtl=language in RTL_LANGUAGES,
        now=translate("now {rating} ± {rd}", language),
        results=results,
    )


async def rating_chart_file(
    db: Database,
    guild_id: int,
    player_id: int,
    game: str,
    *,
    title: str,
    language: str = DEFAULT_LANGUAGE,
) -> discord.File | None:
    """The player's rating history for ``game`` here as a chart picture under ``title``,
    its words in ``language`` (``None``: no rated result yet)."""
    history = await db.ratings.history(guild_id, player_id, game)
    if not history:
        return None
    points = [RatingPoint(h.rated_at, h.rating_after, h.rd_after) for h in history]
    first = history[0]
    png = await asyncio.to_thread(
        render_rating_chart,
        points,
        title=title,
        words=chart_words(language),
        start=first.rating_before,
        start_rd=first.rd_before,
    )
    return discord.File(
        io.BytesIO(png), filename="rating.png", description=chart_alt_text(points, title, language)
    )


def chart_alt_text(points: list[RatingPoint], title: str, language: str = DEFAULT_LANGUAGE) -> str:
    """The chart in words, for its attachment's description (what a screen reader says): the
    title, the current rating ± its deviation, the number of rated results, and the rating at
    each end with the dates, in the chart's own (translated) words -- nothing the picture does
    not say. At most :data:`MAX_ALT_TEXT` characters."""
    words = chart_words(language)
    first, last = points[0], points[-1]
    now = words.now.format(rating=round(last.rating), rd=round(last.rd))
    days = [datetime.fromtimestamp(p.at, UTC).strftime("%Y-%m-%d") for p in (first, last)]
    span = f"{round(first.rating)} ({days[0]}) → {round(last.rating)} ({days[1]})"
    text = f"{title}: {now}; {words.results(len(points))}; {span}."
    return text[:MAX_ALT_TEXT]
