"""Rate limits: a token bucket per key (a user's moves, an address's sign-ins)."""

from __future__ import annotations

import time
from collections.abc import Callable

__all__ = ["RateLimiter"]


class RateLimiter:
    """At most ``per_minute`` events per key, in bursts of up to ``burst``."""

    def __init__(
        self,
        per_minute: int,
        *,
        burst: int | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = per_minute / 60.0
        self.burst = float(burst if burst is not None else per_minute)
        self._clock = clock
        self._buckets: dict[object, tuple[float, float]] = {}

    def allow(self, key: object) -> bool:
        """Take one event for ``key``; ``False`` when it is over the limit."""
        now = self._clock()
        tokens, since = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - since) * self.rate)
        if tokens < 1.0:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1.0, now)
        if len(self._buckets) > 10_000:  # forget full buckets of long-gone keys
            self._buckets = {
                k: v for k, v in self._buckets.items() if v[0] < self.burst - 1 or k == key
            }
        return True
