"""Matches (backgammon's ``match=N``): when a match game ends, the next one starts by itself.

A match is created with its first game when its challenge is accepted (storage's
``accept_challenge(match_length=N)``); each game's points are added to the match score in the
transaction that finishes the game (storage). What is left is the bot's: once a match game's
final board is posted, start the next game at the start position the rules give for the new
score (:meth:`rules.games.GameRules.next_match_start`; backgammon's sets the Crawford flag for
the first game after a player reaches N−1), play the bot's opening roll and post its board,
until a player has won.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rules.games import find_game
from storage import GameRecord, MatchRecord, NotAllowed

from ..i18n import DEFAULT_LANGUAGE, translate
from .languages import server_language

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = ["match_intro", "match_line", "next_match_game"]

log = logging.getLogger(__name__)


def match_line(match: MatchRecord, names: dict[str, str], language: str = DEFAULT_LANGUAGE) -> str:
    """The match score in words (in ``language``: the server's, as it is shown under the
    boards in the thread): the winner once it is over (or that it was called off), else the
    score so far."""
    values = {
        "white": names["white"],
        "black": names["black"],
        "white_points": match.scores["white"],
        "black_points": match.scores["black"],
        "length": match.length,
    }
    if match.winner is not None:
        return translate(
            "🏆 **{winner} wins the match to {length}**, {white} {white_points} – "
            "{black_points} {black}.",
            language,
            winner=names[match.winner],
            **values,
        )
    if not match.is_active:  # over with no winner: a game of it was aborted
        return translate(
            "The match to {length} is called off at {white} {white_points} – {black_points} "
            "{black}: no next game.",
            language,
            **values,
        )
    return translate(
        "Match to {length}: {white} {white_points} – {black_points} {black}.", language, **values
    )


def _next_start(record: GameRecord) -> str:
    """The next game's start: the rules' score after this game, or the same start again
    after an aborted game (it scores nothing)."""
    outcome = record.outcome
    if outcome is None or outcome.winner is None:
        return record.start_position
    start = find_game(record.game_kind).next_match_start(record.current_position, outcome)
    if start is None:
        raise ValueError(f"game {record.id}: the rules say its match is over")
    return start


async def next_match_game(bot: GameBot, record: GameRecord) -> GameRecord | None:
    """Start the next game of ``record``'s match once ``record`` (a match game) is over, with
    the bot's opening roll, and post its board in the same thread or channel. ``None`` when
    the game is no match game, the match is over, or another call started the game first."""
    from .announce import board_payload, post_board  # announce calls this after a final board

    if record.match_id is None or record.is_active:
        return None
    match = await bot.db.matches.require_match(record.match_id)
    if not match.is_active:
        return None
    try:
        game = await bot.db.matches.add_game(
            match.id,
            channel_id=record.channel_id,
            thread_id=record.thread_id,
            start_position=_next_start(record),
            now=bot.now(),
        )
    except NotAllowed as exc:  # started already (a catch-up and a post racing)
        log.info("match %d: no next game after game %d: %s", match.id, record.id, exc)
        return None
    opened = await bot.games.open(game)  # its opening roll; a first mover away waits
    game = opened.game
    language = await server_language(bot.db, game.guild_id)  # the thread is everyone's
    payload = await board_payload(
        bot.db,
        game,
        played=opened,
        intro=match_intro(match, game, language),
        move_timeout=bot.settings.move_timeout_seconds,
    )
    await post_board(bot, game, payload)
    log.info("match %d: game %d (#%d) started", match.id, game.match_game, game.id)
    return game


def match_intro(match: MatchRecord, game: GameRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """The words above a match game's first board (its number, the score it starts at, the
    Crawford game), in ``language``: the same whether it is posted when the game starts or
    caught up after a restart."""
    intro = translate(
        "**Game {number} of the match to {length}** (game #{game}) begins: "
        "White {white_points} – {black_points} Black.",
        language,
        number=game.match_game,
        length=match.length,
        game=game.id,
        white_points=match.scores["white"],
        black_points=match.scores["black"],
    )
    start = find_game(game.game_kind).session(game.start_position).view()
    if start.extra.get("crawford"):  # the rules' view of the game's start says so
        intro += " " + translate("**Crawford game**: no doubling.", language)
    return intro
