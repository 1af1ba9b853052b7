"""The bot's clock: float unix seconds, as storage expects.

``discord.utils.utcnow()`` is what the simulated Discord in the tests moves forward
(``advance_time``), so challenge expiry can be tested without waiting.
"""

from __future__ import annotations

from collections.abc import Callable

import discord

Clock = Callable[[], float]


def discord_clock() -> float:
    return discord.utils.utcnow().timestamp()
