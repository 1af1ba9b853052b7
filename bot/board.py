"""Board pictures for messages: the renderer's PNG wrapped in a ``discord.File``.

Rendering is CPU-bound (tens of milliseconds), so it runs in a worker thread rather than on
the event loop, where it would stall every other interaction of the bot.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

from rendering import render_board
from rules import Position

__all__ = ["board_file"]


async def board_file(
    position: Position, *, filename: str = "board.png", **kwargs: Any
) -> discord.File:
    """Render ``position`` (keywords as for :func:`rendering.render_board`) in a worker thread
    and wrap the PNG for sending."""
    png = await asyncio.to_thread(render_board, position, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename)
