"""The health line: once a minute, one INFO line on the ``bot.health`` logger saying how the
bot is doing, for an operator's log search or alert::

    health: 12 games active, 7 moves in the last minute, sweep lag 0s; shards 0-3 of 8

- **games active**: games being played now, in the whole database (every process's);
- **moves in the last minute**: plies recorded in the 60 seconds before the line, by any
  process (the bot's dice rolls and forced passes are plies too);
- **sweep lag**: how late the oldest piece of the sweep's work is — the longest any overdue
  item has waited past its due time: a challenge past its expiry, a game past its move
  deadline, a reminder past its time, a lost board past its settling time, an expired
  challenge's message still to edit — with the kind in brackets. The sweep runs every minute,
  so up to about a minute is normal; more means a backlog (or no process sweeping);
- **shards**: the shard ids this process runs (``unsharded`` without ``SHARD_COUNT``).

Everything is read from the database, so a line is the same whichever process logs it, except
for the shards.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .services.catchup import RECENT_SECONDS, SETTLE_SECONDS
from .services.pace import game_timeout, reminder_lead

if TYPE_CHECKING:
    from .client import GameBot

__all__ = ["Health", "log", "log_health", "measure"]

log = logging.getLogger("bot.health")

WINDOW = 60.0
"""The "last minute" of the moves count."""


@dataclass(frozen=True, slots=True)
class Health:
    """One minute's figures."""

    active_games: int
    moves_last_minute: int
    sweep_lag: float
    """Seconds the oldest overdue item has waited past its due time (0: nothing overdue)."""
    lag_kind: str | None
    """What that item is ("move timeouts", …), ``None`` when nothing is overdue."""
    shards: str

    def line(self) -> str:
        lag = f"sweep lag {self.sweep_lag:.0f}s"
        if self.lag_kind is not None:
            lag += f" ({self.lag_kind})"
        return (
            f"health: {self.active_games} games active, {self.moves_last_minute} moves in the "
            f"last minute, {lag}; {self.shards}"
        )


async def overdue(bot: GameBot, now: float) -> dict[str, float]:
    """The due time of the oldest overdue item of each kind of sweep work that has one."""
    db = bot.db
    due: dict[str, float] = {}
    expiry = await db.health.oldest_overdue_challenge(now)
    if expiry is not None:
        due["challenge expiries"] = expiry
    default = bot.settings.move_timeout_seconds  # each game at its own pace (issue 36)
    late = await db.games.paced_turns_due(now, default, limit=1)
    if late and (timeout := game_timeout(late[0], default)) is not None:
        due["move timeouts"] = late[0].turn_since + timeout
    remind = await db.games.paced_turns_due(now, default, reminders=True, limit=1)
    if remind and (timeout := game_timeout(remind[0], default)) is not None:
        due["reminders"] = remind[0].turn_since + timeout - reminder_lead(timeout)
    lost = await db.games.unannounced_games(now - SETTLE_SECONDS, now - RECENT_SECONDS, limit=1)
    if lost:
        due["lost boards"] = lost[0].updated_at + SETTLE_SECONDS
    stale = await db.health.oldest_stale_message()
    if stale is not None:
        due["expired challenge edits"] = stale
    return due


async def measure(bot: GameBot) -> Health:
    """The figures as they are now (``bot.now()``)."""
    now = bot.now()
    due = await overdue(bot, now)
    kind = min(due, key=lambda k: due[k]) if due else None
    plan = bot.settings.shards
    return Health(
        active_games=await bot.db.health.active_games(),
        moves_last_minute=await bot.db.health.moves_since(now - WINDOW),
        sweep_lag=max(0.0, now - due[kind]) if kind is not None else 0.0,
        lag_kind=kind,
        shards=plan.describe() if plan else "unsharded",
    )


async def log_health(bot: GameBot) -> Health:
    """Measure and log the line (INFO on ``bot.health``)."""
    health = await measure(bot)
    log.info("%s", health.line())
    return health
