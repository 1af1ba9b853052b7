"""Board pictures for messages: a game's picture (drawn by its presenter) wrapped in a
``discord.File``. (``rendering.board`` draws Latrunculi boards; this module only sends them.)

Rendering is CPU-bound (tens of milliseconds), so it runs in a worker thread rather than on
the event loop, where it would stall every other interaction of the bot.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from rules.games import GameRules, Session, replay
from storage import Database, GameRecord

from .i18n import DEFAULT_LANGUAGE, mark, translate
from .presenters import BoardView, GamePresenter, presenter_for

__all__ = ["START_STATUS", "picture_file", "start_picture", "taken_in_game"]

START_STATUS = mark("Start position")
"""The caption of a game's start as ``/rules`` shows it."""


async def picture_file(
    presenter: GamePresenter, board: BoardView, *, filename: str = "board.png"
) -> discord.File:
    """Draw ``board`` with the game's ``presenter`` in a worker thread and wrap the PNG."""
    png = await asyncio.to_thread(presenter.picture, board)
    # the picture in words for a screen reader (and a phone before the picture loads)
    return discord.File(io.BytesIO(png), filename=filename, description=presenter.alt_text(board))


async def start_picture(
    game: GameRules, language: str = DEFAULT_LANGUAGE, *, filename: str = "start.png"
) -> discord.File:
    """``game``'s start position as ``/rules`` shows it, in the reader's ``language``: each
    seat named by its colour (no players yet) and the caption saying it is the start."""
    presenter = presenter_for(game.id)
    start = game.start()
    seats = game.session(start).seats
    board = BoardView(
        start,
        {seat: presenter.seat_title(seat, language) for seat in seats},
        status=translate(START_STATUS, language),
        language=language,
        show_turn=True,  # the side that moves first, marked as in a game's pictures
    )
    return await picture_file(presenter, board, filename=filename)


async def taken_in_game(
    db: Database, record: GameRecord, session: Session[Any] | None = None
) -> tuple[str, str] | None:
    """What White and Black have taken in ``record`` so far, for the board's caption: counted
    from the ``Taken`` effects of the game's actions (:meth:`GamePresenter.taken_from`) --
    those of ``session``, the game's replayed session when the caller holds it (a move's,
    so nothing is read), else of its stored moves replayed; ``None`` for a game whose pictures
    show no taken pieces (its moves are then not read)."""
    presenter = presenter_for(record.game_kind)
    if presenter.taken_letters is None:
        return None
    if session is None or session.ply != record.ply:  # not a session of the whole game
        moves = [m.move for m in await db.games.game_moves(record.id)]
        session = replay(record.start_position, moves[: record.ply])
    return presenter.taken_from(session.history)
