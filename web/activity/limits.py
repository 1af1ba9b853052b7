"""A token bucket per key: code exchanges per address, instance checks per user."""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable

__all__ = ["RateLimiter"]

MAX_KEYS = 10_000
"""Buckets kept at most; full ones (keys gone quiet) are forgotten first."""


class RateLimiter:
    """At most ``per_minute`` events per key, in bursts of up to ``per_minute``."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._rate = per_minute / 60.0
        self._burst = float(per_minute)
        self._clock = clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}

    def allow(self, key: Hashable) -> bool:
        """Take one event for ``key``; ``False`` (and nothing taken) when over the limit."""
        now = self._clock()
        tokens, since = self._buckets.get(key, (self._burst, now))
        tokens = min(self._burst, tokens + (now - since) * self._rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > MAX_KEYS:
            self._buckets = {k: v for k, v in self._buckets.items() if v[0] < self._burst - 1}
        return True
