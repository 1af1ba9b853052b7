"""The bot's clock: float unix seconds, as storage expects.

``discord.utils.utcnow()`` is what the simulated Discord in the tests moves forward
(``advance_time``), so challenge expiry can be tested without waiting.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable

import discord

Clock = Callable[[], float]


def discord_clock() -> float:
    return discord.utils.utcnow().timestamp()


def read_from_here(clock: Clock) -> Clock:
    """``clock`` as read in the caller's context, whichever task later asks it.

    ``discord.utils.utcnow()`` (the bot's clock) may depend on context variables: the
    simulated Discord selects its virtual clock that way. A server started in a context of
    its own (the live board's, :class:`web.server.WebServer`) would read another time than
    the bot: show every clock as run out, and stamp a move made there with another time.
    Each reading runs in a fresh copy of the context captured here (copies: two readings
    never enter one context).
    """
    captured = contextvars.copy_context()

    def now() -> float:
        return captured.copy().run(clock)

    return now
