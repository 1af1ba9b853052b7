"""The three strengths the bot offers, and how long each may think by default."""

from __future__ import annotations

from enum import StrEnum


class Level(StrEnum):
    """How strong the computer opponent plays. The value is the word players and the command
    line use (``--level hard``)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


#: Seconds of thought per move when the caller gives no time limit. Hard stays well under the
#: 2 s a move the bot promises on a small shared machine (process round trip included).
DEFAULT_TIME: dict[Level, float] = {
    Level.EASY: 0.3,
    Level.MEDIUM: 0.7,
    Level.HARD: 1.5,
}


def default_time(level: Level) -> float:
    """The thinking time of ``level`` when none is given."""
    return DEFAULT_TIME[Level(level)]
