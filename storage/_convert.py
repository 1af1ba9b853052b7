"""Small conversions shared by the repositories (times and option maps).

Times are stored as integer milliseconds since the epoch (UTC) so they sort and compare exactly
in SQL; callers pass and get float seconds, which is what ``time.time()`` and the simulated
clock in the bot's tests use.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping


def to_ms(now: float | None) -> int:
    """``now`` (float seconds, default the wall clock) as integer milliseconds."""
    return round((time.time() if now is None else now) * 1000)


def from_ms(value: int) -> float:
    return value / 1000


def from_ms_opt(value: int | None) -> float | None:
    return None if value is None else value / 1000


def dump_options(options: Mapping[str, str] | None) -> str:
    """Canonical JSON (sorted keys) so equal option sets store as equal text."""
    return json.dumps(dict(options or {}), sort_keys=True, separators=(",", ":"))


def load_options(text: str) -> dict[str, str]:
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"stored options are not a JSON object: {text!r}")
    return {str(k): str(v) for k, v in data.items()}
