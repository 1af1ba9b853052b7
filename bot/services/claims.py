"""Claiming shared work in the database before doing it, so that of several bot processes on
one database (shards split over processes) exactly one does each piece.

Every bot process makes a random owner token at start (:attr:`GameBot.claim_owner`);
storage's ``db.claims`` holds a lease per ``(kind, item)``. What is claimed here: the sweep's
timeouts and reminders (:mod:`bot.services.timeouts`) and the computer's turns
(:mod:`bot.services.computer`). The rest of the sweep's work was already claimed per row before
there were several processes: the catch-up of lost boards (``claim_announcement``), a
reminder's turn (``mark_reminded``), the DM digests (``claim_digest``), expired challenges
(``expire_challenges`` and ``claim_stale_messages``: each row handed out by one UPDATE), and
every game write names the ply it expects.
"""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from storage import GameRecord

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "COMPUTER",
    "COMPUTER_LEASE",
    "REMINDER",
    "SWEEP_LEASE",
    "TIMEOUT",
    "claimed_games",
    "new_owner",
]

TIMEOUT = "timeout"
REMINDER = "reminder"
COMPUTER = "computer"

SWEEP_LEASE = 300.0
"""Seconds a process holds a timeout or reminder it took: far longer than finishing a game
and posting its board take, short enough that the work of a process that died is done a few
minutes later by another."""
COMPUTER_LEASE = 180.0
"""Seconds a process holds a game whose computer turn it plays, renewed after each action:
more than the longest think (60 s, ``AI_TIME_*``) and its board post; after a crash another
process resumes the turn at most this long later."""


def new_owner() -> str:
    """A process's owner token: random, so two processes (or a restarted one) never share
    one; a restarted process does not take over its predecessor's claims before they expire."""
    return secrets.token_hex(8)


@asynccontextmanager
async def claimed_games(
    bot: GameBot, kind: str, records: Sequence[GameRecord], *, lease: float = SWEEP_LEASE
) -> AsyncIterator[list[GameRecord]]:
    """The ``records`` this process won a claim on (in their order), released when the block
    ends; those another process holds are left to it."""
    won = await bot.db.claims.claim_many(
        kind, [r.id for r in records], bot.claim_owner, lease=lease, now=bot.now()
    )
    try:
        yield [r for r in records if r.id in won]
    finally:
        await bot.db.claims.release_many(kind, won, bot.claim_owner)
