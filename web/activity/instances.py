"""Is this user really in this Activity instance, in this channel?

The front end says which instance, server and channel it was launched in (from the SDK), but a
browser can claim anything: the server asks Discord (``GET /applications/{app}/activity-
instances/{instance}`` with the bot token) and accepts only an instance of this application,
running in the claimed channel of the claimed server, with the user among its participants.
The answer is trusted for a short while (:attr:`ActivityConfig.instance_recheck_seconds`),
then asked again before the user may act, so someone who left the Activity cannot keep playing
from it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from .discord_api import ActivityInstance, DiscordApi

__all__ = ["InstanceGuard", "InstanceRefused", "check_instance", "valid_instance_id"]

_INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,128}")


def valid_instance_id(text: str) -> bool:
    """Whether ``text`` has the shape of an instance id (``i-<digits>-gc-<digits>-<digits>``;
    anything that could leave the URL path segment is refused before Discord is asked)."""
    return bool(_INSTANCE_ID.fullmatch(text))


class InstanceRefused(Exception):
    """The instance is not this user's in this channel; ``str()`` says why, for the user."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Where the front end says it runs."""

    instance_id: str
    guild_id: int | None
    channel_id: int


def check_instance(
    instance: ActivityInstance | None, claim: Claim, user_id: int, application_id: int
) -> ActivityInstance:
    """``instance`` when it is the claimed one of this application in the claimed channel and
    has ``user_id`` in it; :class:`InstanceRefused` otherwise."""
    if instance is None:
        raise InstanceRefused("This Activity instance is not running (any more).")
    if instance.application_id != application_id or instance.instance_id != claim.instance_id:
        raise InstanceRefused("This Activity instance belongs to another application.")
    if instance.channel_id != claim.channel_id or instance.guild_id != claim.guild_id:
        raise InstanceRefused("This Activity instance runs in another channel.")
    if user_id not in instance.users:
        raise InstanceRefused("You are not in this Activity instance.")
    return instance


class InstanceGuard:
    """Checks instances through Discord, remembering a positive answer per (instance, user)
    for ``recheck_seconds``."""

    def __init__(
        self,
        api: DiscordApi,
        application_id: int,
        recheck_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._api = api
        self._application_id = application_id
        self._recheck = recheck_seconds
        self._clock = clock
        self._verified: dict[tuple[str, int], tuple[float, Claim]] = {}

    async def verify(self, claim: Claim, user_id: int) -> None:
        """Return when ``user_id`` is in the claimed instance; raise :class:`InstanceRefused`
        (or :class:`~web.activity.discord_api.DiscordApiError`) otherwise."""
        if not valid_instance_id(claim.instance_id):
            raise InstanceRefused("That is not an Activity instance id.")
        key = (claim.instance_id, user_id)
        now = self._clock()
        seen = self._verified.get(key)
        if seen is not None and seen[1] == claim and now - seen[0] < self._recheck:
            return
        self._verified.pop(key, None)
        instance = await self._api.activity_instance(claim.instance_id)
        check_instance(instance, claim, user_id, self._application_id)
        if len(self._verified) > 10_000:  # forget the stale ones
            self._verified = {k: v for k, v in self._verified.items() if now - v[0] < self._recheck}
        self._verified[key] = (now, claim)
