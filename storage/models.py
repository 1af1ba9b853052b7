"""Immutable records returned by the storage layer.

Records are snapshots: the database is the only mutable state, so handing out frozen copies
means a caller can never believe it changed a game by editing an object. Times are float unix
seconds (UTC); they are stored as integer milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BOT_REASONS",
    "ChallengeStatus",
    "Colour",
    "ColourChoice",
    "GameStatus",
    "Winner",
    "ChallengeRecord",
    "GameRecord",
    "MoveRecord",
    "PlyToRecord",
    "PlayerRecord",
    "DigestDue",
    "LeaderboardRow",
    "ListedGame",
    "NOTIFY_MODES",
    "NotifyMode",
]

Colour = Literal["white", "black"]
ColourChoice = Literal["white", "black", "random"]
"""The colour the *challenger* asked to play."""
Winner = Colour | None
"""The winning colour, or ``None`` for a draw (or an aborted game)."""
GameStatus = Literal["active", "finished"]
ChallengeStatus = Literal["pending", "accepted", "declined", "cancelled", "expired"]

NotifyMode = Literal["mention", "dm", "silent"]
NOTIFY_MODES: tuple[NotifyMode, ...] = ("mention", "dm", "silent")
"""How a player is told it is their move; the first is the default."""

BOT_REASONS: frozenset[str] = frozenset({"resignation", "agreement", "timeout", "aborted"})
"""Finish reasons the bot decides, as opposed to the rules core's reason ids."""


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenged_id: int | None
    """``None`` means anyone but the challenger may accept."""
    variant: str
    options: Mapping[str, str]
    colour: ColourChoice
    status: ChallengeStatus
    created_at: float
    expires_at: float
    resolved_at: float | None
    accepted_by: int | None
    game_id: int | None
    """The game this challenge turned into, once accepted."""
    rematch_of: int | None = None
    """The finished game this challenge is a rematch of (one live rematch per game)."""

    @property
    def is_open(self) -> bool:
        """True when the challenge is open to anyone."""
        return self.challenged_id is None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    """Where the game was set up; games are listed per channel by this or ``thread_id``."""
    thread_id: int | None
    board_channel_id: int | None
    """Channel (or thread) holding the latest board message."""
    board_message_id: int | None
    variant: str
    options: Mapping[str, str]
    white_id: int
    black_id: int
    status: GameStatus
    winner: Winner
    reason: str | None
    start_position: str
    current_position: str
    ply: int
    """Number of moves played; the next move is ply ``ply + 1``."""
    draw_offer_by: int | None
    draw_offer_ply: int | None
    """A draw offer is only valid while ``ply == draw_offer_ply``."""
    created_at: float
    updated_at: float
    finished_at: float | None
    turn_since: float
    """When the side to move got the turn: the last move, or the game's start."""
    reminded_ply: int | None
    """The ply at which the "your move" reminder was sent (the reminder is due again after
    the next move)."""
    announced_ply: int = 0
    """The ply the game's latest public board message announces (schema 4)."""
    announced_over: bool = False
    """Whether the end of the (finished) game was announced with its final board."""
    announce_claimed_until: float | None = None
    """Until when a bot process has claimed posting the game's missed board (schema 6)."""
    draw_offer_message_id: int | None = None
    """The message with the draw offer's Accept / Decline buttons (schema 7)."""

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def needs_announcement(self) -> bool:
        """A move or the end of the game is stored but its board was never posted."""
        return self.announced_ply < self.ply or (not self.is_active and not self.announced_over)

    @property
    def player_ids(self) -> tuple[int, int]:
        """``(white_id, black_id)``."""
        return (self.white_id, self.black_id)

    @property
    def pending_draw_offer(self) -> int | None:
        """The user whose draw offer is still valid now, if any."""
        if self.draw_offer_by is not None and self.draw_offer_ply == self.ply:
            return self.draw_offer_by
        return None

    @property
    def lapsed_draw_offer(self) -> int | None:
        """The user whose draw offer the latest move made lapse, if any (kept until the next
        move, so a player answering it late is told it lapsed rather than making an offer)."""
        if (
            self.is_active
            and self.draw_offer_by is not None
            and self.draw_offer_ply is not None
            and self.draw_offer_ply < self.ply
        ):
            return self.draw_offer_by
        return None

    def colour_of(self, user_id: int) -> Colour | None:
        """The colour ``user_id`` plays, or ``None`` if they are not in this game."""
        if user_id == self.white_id:
            return "white"
        if user_id == self.black_id:
            return "black"
        return None

    def opponent_of(self, user_id: int) -> int | None:
        """The other player's id, or ``None`` if ``user_id`` is not in this game."""
        if user_id == self.white_id:
            return self.black_id
        if user_id == self.black_id:
            return self.white_id
        return None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    game_id: int
    ply: int
    """1 for the first move of the game."""
    player_id: int
    move: str
    """Canonical move text, as the rules core prints it."""
    position_after: str
    created_at: float


@dataclass(frozen=True, slots=True)
class PlyToRecord:
    """One ply to append with :meth:`storage.games.GameRepository.record_moves`.

    A player's move and the forced passes the rules play after it are handed over together so
    they are committed in one transaction: a crash can never leave a confirmed move stored
    without the passes that belong to it.
    """

    player_id: int
    move: str
    """Canonical move text, as the rules core prints it (``"pass"`` for a pass)."""
    position_after: str


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    user_id: int
    display_name: str
    games_played: int
    wins: int
    losses: int
    draws: int
    created_at: float
    updated_at: float
    #: How they are told it is their move: ``"mention"`` (default), ``"dm"`` or ``"silent"``.
    notify: NotifyMode = "mention"
    #: When their last "your move" DM digest was claimed (``None``: never).
    digest_at: float | None = None


@dataclass(frozen=True, slots=True)
class DigestDue:
    """A player who chose DMs, has a turn no digest told yet, and may get one now."""

    user_id: int
    #: When their previous digest was claimed (``None``: never); turns that began after it
    #: are news.
    previous: float | None


@dataclass(frozen=True, slots=True)
class ListedGame:
    """A game with its players' stored display names (``""`` for a player never seen by name),
    read in the same query: a list of games costs one query, not one per game."""

    game: GameRecord
    white_name: str
    black_name: str


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    user_id: int
    display_name: str
    wins: int
    losses: int
    draws: int
    games: int
