"""Board pictures for messages: the renderer's PNG wrapped in a ``discord.File``.

Rendering is CPU-bound (tens of milliseconds), so it runs in a worker thread. Until the
``rendering`` package provides ``render_board`` this module draws a plain fallback picture, so
the bot works (and its tests can open real PNGs) either way.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from typing import Any

import discord

from rules import MoveResult, Outcome, Position, Side

__all__ = ["board_file", "render_png"]

log = logging.getLogger(__name__)

_render: Callable[..., bytes] | None
try:  # the renderer may land after the bot
    from rendering import render_board as _render_board

    _render = _render_board
except ImportError:  # pragma: no cover - depends on the checkout
    _render = None


def _fallback(position: Position, last_move: MoveResult | None, view: Side) -> bytes:
    from PIL import Image, ImageDraw

    cell = 48
    w, h = position.width, position.height
    img = Image.new("RGB", (w * cell + 2 * cell, h * cell + 2 * cell), (250, 245, 235))
    draw = ImageDraw.Draw(img)
    marked = set(last_move.move.path) if last_move else set()
    for rank in range(h):
        for file in range(w):
            sq = rank * 16 + file
            x = cell + (file if view is Side.WHITE else w - 1 - file) * cell
            y = cell + ((h - 1 - rank) if view is Side.WHITE else rank) * cell
            colour = (222, 199, 160) if (rank + file) % 2 else (240, 220, 180)
            if sq in marked:
                colour = (246, 216, 96)
            draw.rectangle([x, y, x + cell - 1, y + cell - 1], fill=colour)
            p = position.piece_at(sq)
            if p is not None:
                fill = (245, 240, 228) if p.side is Side.WHITE else (30, 30, 30)
                draw.ellipse(
                    [x + 6, y + 6, x + cell - 7, y + cell - 7], fill=fill, outline=(0, 0, 0)
                )
                text_fill = (0, 0, 0) if p.side is Side.WHITE else (255, 255, 255)
                draw.text((x + cell // 2 - 4, y + cell // 2 - 6), p.kind, fill=text_fill)
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


def render_png(
    position: Position,
    *,
    last_move: MoveResult | None = None,
    view: Side = Side.WHITE,
    players: tuple[str, str] = ("White", "Black"),
    outcome: Outcome | None = None,
    status: str | None = None,
    move_number: int | None = None,
    captures: tuple[int, int] | None = None,
) -> bytes:
    """The board as PNG bytes (the renderer's picture, or the fallback)."""
    if _render is not None:
        return _render(
            position,
            last_move=last_move,
            view=view,
            players=players,
            outcome=outcome,
            status=status,
            move_number=move_number,
            captures=captures,
        )
    return _fallback(position, last_move, view)


async def board_file(
    position: Position, *, filename: str = "board.png", **kwargs: Any
) -> discord.File:
    """Render in a worker thread and wrap the PNG for sending."""
    png = await asyncio.to_thread(render_png, position, **kwargs)
    return discord.File(io.BytesIO(png), filename=filename)
