"""Exceptions raised by the storage layer.

The bot maps these to user-facing messages, so each one carries the facts a message needs
(which game, which ply, which status) as attributes instead of only a formatted string.
"""

from __future__ import annotations

__all__ = [
    "StorageError",
    "DatabaseTooNew",
    "DatabaseUnreadable",
    "ConstraintViolation",
    "NotFound",
    "GameNotFound",
    "ChallengeNotFound",
    "MatchNotFound",
    "ConcurrencyError",
    "GameOver",
    "ChallengeNotPending",
    "ChallengeExpired",
    "NotAllowed",
    "NoDrawOffer",
    "RematchExists",
]


class StorageError(Exception):
    """Base class of every error the storage package raises on purpose."""


class DatabaseTooNew(StorageError):
    """The database file was written by a newer version of the code.

    Opening it anyway could corrupt data the newer schema depends on, so we refuse.
    """

    def __init__(self, path: str, found: int, supported: int) -> None:
        super().__init__(
            f"database {path!r} has schema version {found}, but this code only knows "
            f"versions up to {supported}; upgrade the bot instead of opening it"
        )
        self.path = path
        self.found = found
        self.supported = supported


class DatabaseUnreadable(StorageError):
    """The database file cannot be read as one: overwritten by something else, cut short (a
    copy that stopped half-way, a full disk) or otherwise damaged.

    Raised instead of the driver's error so that the launcher and ``python -m storage copy``
    say in one line which file it is and what is wrong with it (SQLite's own words only say
    "file is not a database", not which file), as for :class:`DatabaseTooNew`. ``problem`` is
    the sentence after the file's name, so a caller that read a copy of the file can say it
    of the original (:meth:`of`).
    """

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"database {path!r} cannot be read: {problem}")
        self.path = path
        self.problem = problem

    def of(self, path: str) -> DatabaseUnreadable:
        """The same problem, said of ``path`` (the file this one was a copy of)."""
        return DatabaseUnreadable(path, self.problem)


class ConstraintViolation(StorageError):
    """A write broke a UNIQUE, PRIMARY KEY, FOREIGN KEY, CHECK or NOT NULL constraint.

    Both backends raise this (never ``sqlite3.IntegrityError`` or asyncpg's violations), so a
    repository turns a lost race into the same clear error on either. ``kind`` is
    ``"unique"``, ``"foreign_key"``, ``"check"`` or ``"not_null"``; the message carries the
    driver's text (the columns or the constraint's name).
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class NotFound(StorageError):
    """A row the caller named by id does not exist."""


class GameNotFound(NotFound):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"no game with id {game_id}")
        self.game_id = game_id


class ChallengeNotFound(NotFound):
    def __init__(self, challenge_id: int) -> None:
        super().__init__(f"no challenge with id {challenge_id}")
        self.challenge_id = challenge_id


class MatchNotFound(NotFound):
    def __init__(self, match_id: int) -> None:
        super().__init__(f"no match with id {match_id}")
        self.match_id = match_id


class ConcurrencyError(StorageError):
    """Someone else changed the game first: the caller acted on a stale view of it.

    Raised instead of writing, so the game is never corrupted; the caller should reload the
    game and tell the user.
    """

    def __init__(
        self,
        game_id: int,
        expected_ply: int,
        actual_ply: int,
        message: str | None = None,
    ) -> None:
        super().__init__(
            message or f"the game moved on: it is at ply {actual_ply} now, not {expected_ply}"
        )
        self.game_id = game_id
        self.expected_ply = expected_ply
        self.actual_ply = actual_ply


class GameOver(ConcurrencyError):
    """The game finished (resignation, agreement, a final move...) before this action."""

    def __init__(
        self,
        game_id: int,
        expected_ply: int,
        actual_ply: int,
        reason: str | None,
        game_kind: str | None = None,
    ) -> None:
        super().__init__(
            game_id,
            expected_ply,
            actual_ply,
            f"the game moved on: it is over ({reason or 'finished'})",
        )
        self.reason = reason
        #: The game's id in the rules' registry, so the refusal can name the reason in the
        #: game's own words (``None`` when unknown).
        self.game_kind = game_kind


class ChallengeNotPending(StorageError):
    """The challenge was already accepted, declined, cancelled or expired."""

    def __init__(self, challenge_id: int, status: str) -> None:
        super().__init__(f"challenge {challenge_id} is no longer pending: it was {status}")
        self.challenge_id = challenge_id
        self.status = status


class ChallengeExpired(ChallengeNotPending):
    """The challenge is past its expiry time (even if the sweep has not marked it yet)."""

    def __init__(self, challenge_id: int) -> None:
        super().__init__(challenge_id, "expired")


class NotAllowed(StorageError):
    """The user may not do this: not a player of the game, not the challenged user, ...

    ``NotAllowed("the table is full: all {seats} seats are taken", seats=4)``: ``str()`` is the
    English sentence; ``template`` and ``values`` keep its wording and facts apart, so the bot
    can say it in its users' languages."""

    def __init__(self, template: str, /, **values: object) -> None:
        super().__init__(template.format(**values) if values else template)
        self.template = template
        self.values = values


class RematchExists(StorageError):
    """A rematch of this game is already pending or was accepted (a unique index decides, so
    this holds across processes). ``challenge_id`` is that challenge, when it could be read."""

    def __init__(self, game_id: int, challenge_id: int | None) -> None:
        super().__init__(f"a rematch of game {game_id} was already offered")
        self.game_id = game_id
        self.challenge_id = challenge_id


class NoDrawOffer(StorageError):
    """Accepting a draw that was never offered, was offered by oneself, or has lapsed."""
