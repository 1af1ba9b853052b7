"""Board pictures for messages: a game's picture (drawn by its presenter) wrapped in a
``discord.File``. (``rendering.board`` draws Latrunculi boards; this module only sends them.)

Rendering is CPU-bound (tens of milliseconds), so it runs in a worker thread rather than on
the event loop, where it would stall every other interaction of the bot.
"""

from __future__ import annotations

import asyncio
import io

import discord

from .presenters import BoardView, GamePresenter

__all__ = ["picture_file"]


async def picture_file(
    presenter: GamePresenter, board: BoardView, *, filename: str = "board.png"
) -> discord.File:
    """Draw ``board`` with the game's ``presenter`` in a worker thread and wrap the PNG."""
    png = await asyncio.to_thread(presenter.picture, board)
    return discord.File(io.BytesIO(png), filename=filename)
