"""Persistent storage for the bot: games (any registered game: seats, plies, results), matches,
challenges and players in SQLite (the default) or PostgreSQL.

Usage::

    db = Database(url_or_path)   # default: $DATABASE_URL, $DATABASE_PATH or data/latrunculi.sqlite3
    await db.start()             # creates the file, applies migrations
    game = await db.challenges.accept_challenge(cid, user, start_position=lpn)
    game = await db.games.record_move(game.id, game.ply, user, "a2-a3", lpn_after)
    await db.stop()

Positions and actions are opaque strings here; :mod:`storage.replay` re-checks them against the
rules core. Results are :class:`rules.games.GameOutcome` (or the two-seat shorthand
``(winner, reason)``, :data:`WinnerAndReason`).
"""

from .analyses import AnalysisRecord, AnalysisReply
from .database import (
    DEFAULT_DATABASE_PATH,
    Database,
    DatabaseUrlError,
    database_path_from_env,
    database_url_from_env,
)
from .errors import (
    ChallengeExpired,
    ChallengeNotFound,
    ChallengeNotPending,
    ConcurrencyError,
    ConstraintViolation,
    DatabaseTooNew,
    DatabaseUnreadable,
    GameNotFound,
    GameOver,
    MatchNotFound,
    NoDrawOffer,
    NotAllowed,
    NotFound,
    RematchExists,
    StorageError,
)
from .migrations import SCHEMA_VERSION
from .models import (
    AI_LEVELS,
    CUSTOM_POSITION,
    NOTIFY_MODES,
    AILevel,
    ChallengeRecord,
    ChallengeStatus,
    Colour,
    ColourChoice,
    DigestDue,
    GameRecord,
    GameSettings,
    GameStatus,
    GameTally,
    LeaderboardRow,
    ListedGame,
    MatchRecord,
    MatchSeat,
    MoveRecord,
    NotifyMode,
    PlayerRecord,
    PlayerSettings,
    PlyToRecord,
    RatingChange,
    RatingRecord,
    Seat,
    Winner,
    WinnerAndReason,
)
from .players import VACATION_DAYS_PER_MONTH
from .process_lock import DatabaseInUse, ProcessLock
from .tournaments import (
    BoardPlan,
    TournamentBoard,
    TournamentEntrant,
    TournamentNotFound,
    TournamentRecord,
)

__all__ = [
    "BoardPlan",
    "TournamentBoard",
    "TournamentEntrant",
    "TournamentNotFound",
    "TournamentRecord",
    "AnalysisRecord",
    "AnalysisReply",
    "GameSettings",
    "PlayerSettings",
    "AI_LEVELS",
    "AILevel",
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
    "ConstraintViolation",
    "Database",
    "DatabaseInUse",
    "DatabaseTooNew",
    "DatabaseUnreadable",
    "DatabaseUrlError",
    "GameNotFound",
    "GameOver",
    "GameRecord",
    "GameStatus",
    "GameTally",
    "LeaderboardRow",
    "ListedGame",
    "MatchNotFound",
    "MatchRecord",
    "MatchSeat",
    "CUSTOM_POSITION",
    "MoveRecord",
    "NoDrawOffer",
    "NotAllowed",
    "NotFound",
    "PlayerRecord",
    "PlyToRecord",
    "ProcessLock",
    "RatingChange",
    "RatingRecord",
    "RematchExists",
    "Seat",
    "StorageError",
    "VACATION_DAYS_PER_MONTH",
    "Winner",
    "WinnerAndReason",
    "database_path_from_env",
    "database_url_from_env",
]
