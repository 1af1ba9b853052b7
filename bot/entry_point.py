"""Global command sync that keeps the Activity's entry-point command.

When Activities are enabled for an application, Discord creates a ``PRIMARY_ENTRY_POINT``
command (type 4, "Launch") that opens the Activity from the App Launcher. discord.py's
``tree.sync()`` sends a bulk overwrite of *all* global commands built from the tree alone,
which would delete that command (Discord refuses such an overwrite with error 50240 while the
Activity is on). So the global sync here first reads the application's commands and sends any
entry-point command back unchanged (its id, name, handler and localisations as Discord has
them: sent with its id it is kept, never re-created or duplicated); with ``ACTIVITY_ENABLED``
and none present, it adds a default one whose handler lets Discord launch the Activity itself.
Guild syncs never carry one (entry-point commands are global only).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "DEFAULT_ENTRY_POINT",
    "DISCORD_LAUNCH_ACTIVITY",
    "ENTRY_POINT_KEYS",
    "PRIMARY_ENTRY_POINT",
    "with_entry_point",
]

log = logging.getLogger(__name__)

PRIMARY_ENTRY_POINT = 4
"""The application command type of an Activity's entry point."""
DISCORD_LAUNCH_ACTIVITY = 2
"""Entry-point handler: Discord launches the Activity without asking the bot."""

ENTRY_POINT_KEYS = (
    "id",
    "type",
    "name",
    "name_localizations",
    "description",
    "description_localizations",
    "handler",
    "contexts",
    "integration_types",
    "default_member_permissions",
    "nsfw",
)
"""The fields of an existing entry-point command sent back in the overwrite (the read-only
ones Discord adds, ``application_id`` and ``version``, are left out)."""

DEFAULT_ENTRY_POINT: Mapping[str, Any] = {
    "type": PRIMARY_ENTRY_POINT,
    "name": "launch",
    "description": "",
    "handler": DISCORD_LAUNCH_ACTIVITY,
    "integration_types": [0],
    "contexts": [0],
}
"""The entry point created when the Activity is enabled and the application has none (in
servers only: a game is played in its server)."""


def with_entry_point(
    payload: Sequence[Mapping[str, Any]],
    existing: Sequence[Mapping[str, Any]],
    *,
    create: bool,
) -> list[dict[str, Any]]:
    """The bulk-overwrite ``payload`` plus the application's entry-point command from
    ``existing`` (the commands Discord has now), or :data:`DEFAULT_ENTRY_POINT` when there is
    none and ``create`` is set. A command of the tree that is itself an entry point wins."""
    commands = [dict(c) for c in payload]
    if any(c.get("type") == PRIMARY_ENTRY_POINT for c in commands):
        return commands
    kept = [
        {k: c[k] for k in ENTRY_POINT_KEYS if k in c}
        for c in existing
        if c.get("type") == PRIMARY_ENTRY_POINT
    ]
    if kept:
        log.info("keeping the Activity's entry-point command %r in the sync", kept[0]["name"])
        return commands + kept[:1]
    if create:
        log.info("adding the Activity's entry-point command %r", DEFAULT_ENTRY_POINT["name"])
        return commands + [dict(DEFAULT_ENTRY_POINT)]
    return commands
