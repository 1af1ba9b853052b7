"""Which Discord shards this process runs: the ``SHARD_COUNT`` and ``SHARD_IDS`` settings.

Discord splits a bot's servers over shards by ``(guild_id >> 22) % shard_count``; a large bot
runs groups of shards in several processes over one shared database. ``SHARD_COUNT`` is the
total over every process (the same number in each), ``SHARD_IDS`` the ones this process runs
(``0-3``, ``0,2,5``, ``0-3,6``). Both unset: one process, no sharding (the plain bot, as
always). Only a count: this process runs every shard of it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

__all__ = ["ShardPlan", "parse_shards"]


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """``count`` shards in all; this process runs ``ids`` (ascending)."""

    count: int
    ids: tuple[int, ...]

    def describe(self) -> str:
        """``"shards 0-3 of 8"`` for logs and the health line."""
        return f"shard{'s' if len(self.ids) != 1 else ''} {format_ids(self.ids)} of {self.count}"


def format_ids(ids: tuple[int, ...]) -> str:
    """``(0, 1, 2, 3, 6)`` → ``"0-3,6"``: runs of consecutive ids as ranges."""
    parts: list[str] = []
    start = prev = None
    for shard in (*ids, None):
        if shard is not None and prev is not None and shard == prev + 1:
            prev = shard
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = shard
    return ",".join(parts)


def parse_shards(
    raw_count: str, raw_ids: str, shown: Callable[[str], str] = repr
) -> ShardPlan | None:
    """The shard plan of the two settings (``None`` when both are empty), or a
    :class:`ValueError` whose message is the one line for the operator (``shown`` quotes a
    bad value safely: it may be a pasted token); settings turns it into its ``SettingsError``."""
    raw_count, raw_ids = raw_count.strip(), raw_ids.strip()
    if not raw_count:
        if raw_ids:
            raise ValueError(
                "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards over all "
                "processes (e.g. SHARD_COUNT=8 with SHARD_IDS=0-3 here and 4-7 in the other)"
            )
        return None
    if not raw_count.isdigit() or int(raw_count) < 1:
        raise ValueError(
            f"SHARD_COUNT must be a whole number of shards, 1 or more, not {shown(raw_count)}"
        )
    count = int(raw_count)
    if not raw_ids:
        return ShardPlan(count, tuple(range(count)))
    ids: list[int] = []
    for part in raw_ids.split(","):
        part = part.strip()
        low_text, dash, high_text = (x.strip() for x in part.partition("-"))
        if not low_text.isdigit() or (dash and not high_text.isdigit()):
            raise ValueError(
                "SHARD_IDS must be shard numbers or ranges separated by commas, such as 0-3 or "
                f"0,2,5, not {shown(raw_ids)}"
            )
        low = int(low_text)
        high = int(high_text) if dash else low
        if high < low:
            raise ValueError(
                f"SHARD_IDS: the range {low}-{high} runs backwards; write {high}-{low}"
            )
        if high >= count:
            raise ValueError(
                f"SHARD_IDS: shard {high} does not exist with SHARD_COUNT={count} "
                f"(shard ids run from 0 to {count - 1})"
            )
        for shard in range(low, high + 1):
            if shard in ids:
                raise ValueError(f"SHARD_IDS names shard {shard} twice")
            ids.append(shard)
    return ShardPlan(count, tuple(sorted(ids)))
