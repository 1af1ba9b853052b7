"""Persistent storage for the Latrunculi bot: games, moves, challenges and players in SQLite.

Usage::

    db = Database(path)          # default: $DATABASE_PATH or data/latrunculi.sqlite3
    await db.start()             # creates the file, applies migrations
    game = await db.challenges.accept_challenge(cid, user, start_position=lpn)
    game = await db.games.record_move(game.id, game.ply, user, "a2-a3", lpn_after)
    await db.stop()

Positions and moves are opaque strings here; :mod:`storage.replay` re-checks them against the
rules core.
"""

from .database import DEFAULT_DATABASE_PATH, Database, database_path_from_env
from .errors import (
    ChallengeExpired,
    ChallengeNotFound,
    ChallengeNotPending,
    ConcurrencyError,
    DatabaseTooNew,
    GameNotFound,
    GameOver,
    NoDrawOffer,
    NotAllowed,
    NotFound,
    RematchExists,
    StorageError,
)
from .games import Outcome
from .migrations import SCHEMA_VERSION
from .models import (
    NOTIFY_MODES,
    ChallengeRecord,
    ChallengeStatus,
    Colour,
    ColourChoice,
    DigestDue,
    GameRecord,
    GameStatus,
    LeaderboardRow,
    ListedGame,
    MoveRecord,
    NotifyMode,
    PlayerRecord,
    PlyToRecord,
    Winner,
)

__all__ = [
    "DEFAULT_DATABASE_PATH",
    "SCHEMA_VERSION",
    "ChallengeExpired",
    "ChallengeNotFound",
    "ChallengeNotPending",
    "ChallengeRecord",
    "ChallengeStatus",
    "DigestDue",
    "NOTIFY_MODES",
    "NotifyMode",
    "Colour",
    "ColourChoice",
    "ConcurrencyError",
    "Database",
    "DatabaseTooNew",
    "GameNotFound",
    "GameOver",
    "GameRecord",
    "GameStatus",
    "LeaderboardRow",
    "ListedGame",
    "MoveRecord",
    "NoDrawOffer",
    "NotAllowed",
    "NotFound",
    "Outcome",
    "PlayerRecord",
    "PlyToRecord",
    "RematchExists",
    "StorageError",
    "Winner",
    "database_path_from_env",
]
