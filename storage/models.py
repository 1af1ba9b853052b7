"""Immutable records returned by the storage layer.

Records are snapshots: the database is the only mutable state, so handing out frozen copies
means a caller can never believe it changed a game by editing an object. Times are float unix
seconds (UTC); they are stored as integer milliseconds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rules.games import GameOutcome, Reason

from .rating_maths import decayed_rd, is_provisional

__all__ = [
    "BOT_REASONS",
    "MatchRecord",
    "MatchSeat",
    "MatchStatus",
    "Seat",
    "WinnerAndReason",
    "ChallengeStatus",
    "Colour",
    "ColourChoice",
    "GameStatus",
    "Winner",
    "ChallengeRecord",
    "GameRecord",
    "CUSTOM_POSITION",
    "MoveRecord",
    "PlyToRecord",
    "PlayerRecord",
    "DigestDue",
    "LeaderboardRow",
    "ListedGame",
    "NOTIFY_MODES",
    "NotifyMode",
    "PlayerSettings",
    "GameSettings",
    "GameTally",
    "RatingChange",
    "RatingRecord",
    "AI_LEVELS",
    "AILevel",
]

Colour = Literal["white", "black"]
ColourChoice = Literal["white", "black", "random"]
"""The colour the *challenger* asked to play."""
Winner = str | None
"""The winning seat's name (``"white"``, ``"red"``), or ``None`` for a draw (or an aborted
game)."""
WinnerAndReason = tuple[Winner, str]
"""The two-seat shorthand for a result, ``(winner, reason id)``: storage takes it wherever it
takes a :class:`rules.games.GameOutcome` (the one outcome type), and turns it into one."""
GameStatus = Literal["active", "finished"]
MatchStatus = Literal["active", "finished"]
ChallengeStatus = Literal["pending", "accepted", "declined", "cancelled", "expired"]

NotifyMode = Literal["mention", "dm", "silent"]
NOTIFY_MODES: tuple[NotifyMode, ...] = ("mention", "dm", "silent")
"""How a player is told it is their move; the first is the default."""

AILevel = Literal["easy", "medium", "hard"]
AI_LEVELS: tuple[AILevel, ...] = ("easy", "medium", "hard")
"""The levels the computer opponent plays at (the ``ai`` package's ``Level`` values; storage
keeps the word only)."""

BOT_REASONS: frozenset[str] = frozenset(
    r.value for r in (Reason.RESIGNATION, Reason.AGREEMENT, Reason.TIMEOUT, Reason.ABORTED)
)
"""Finish reasons the bot decides, as opposed to the ones the rules find on the board."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat of a game: its name in the game (``"white"``, ``"red"``) and who sits there.
    A game's seats are listed in turn order."""

    name: str
    player_id: int
    ai_level: AILevel | None = None
    """The level the computer plays this seat at (the player is then the bot's own user id);
    ``None`` for a person. A game with such a seat never counts for records or leaderboards."""

    @property
    def is_computer(self) -> bool:
        return self.ai_level is not None


@dataclass(frozen=True, slots=True)
class PlayerSettings:
    """What the bot needs of one player to announce a move, read with the game (see
    :attr:`GameRecord.settings`): their stored name, chosen language, how they are told it is
    their move, whether their only legal turns are played for them, their vacation's end."""

    user_id: int
    display_name: str | None = None
    language: str | None = None
    notify: NotifyMode = "mention"
    play_only_turn: bool = False
    vacation_until: float | None = None


@dataclass(frozen=True, slots=True)
class GameSettings:
    """The settings an interaction about one game reads, in the same statement as the game
    (:meth:`storage.games.GameRepository.load_game` with ``settings=True``): the server's
    language and each seated player's :class:`PlayerSettings` (players the bot never stored
    have the defaults). A snapshot: good for the one interaction that read it."""

    guild_language: str | None
    players: Mapping[int, PlayerSettings]

    def player(self, user_id: int) -> PlayerSettings:
        return self.players.get(user_id) or PlayerSettings(user_id)


@dataclass(frozen=True, slots=True)
class ChallengeRecord:
    id: int
    guild_id: int | None
    channel_id: int
    message_id: int | None
    challenger_id: int
    challenged_id: int | None
    """``None`` means anyone but the challenger may accept."""
    game_kind: str
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
    max_seats: int | None = None
    """For a table (a multi-seat game's lobby, schema 10): how many may sit at it; ``None``
    for a two-sided challenge."""
    seated: tuple[int, ...] = ()
    """A table's players in the order they sat down (the game's turn order); the host
    (``challenger_id``) first. A player id may fill more than one seat."""
    invited: tuple[int, ...] = ()
    """The players the host named when opening the table (mentioned once)."""
    rated: bool = True
    """Whether its game will be rated (schema 13; a ``/challenge`` option, rated by default)."""
    seated_levels: tuple[AILevel | None, ...] = ()
    """For each of ``seated``: the computer's level when the computer fills that seat, else
    ``None`` (schema 11)."""
    ai_level: AILevel | None = None
    """For a challenge to the computer (``challenged_id`` is the bot's user id): the level it
    plays at; copied onto its seat when it accepts."""
    pace_hours: int | None = None
    """Hours per move of its game (schema 17, ``/challenge days:``); ``None``: the bot's
    default (``MOVE_TIMEOUT_HOURS``)."""

    @property
    def is_open(self) -> bool:
        """True when the challenge is open to anyone."""
        return self.challenged_id is None

    @property
    def is_table(self) -> bool:
        """True for a multi-seat table (Join / Leave / Start), not a two-sided challenge."""
        return self.max_seats is not None


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
    game_kind: str
    """The game id in the rules core's registry (:func:`rules.games.find_game`): a Latrunculi
    rule set, ``chess``, ``draughts``, ..."""
    options: Mapping[str, str]
    seats: tuple[Seat, ...]
    """Every seat in turn order (2-4)."""
    status: GameStatus
    winner: Winner
    """The winning seat's name, or ``None`` (a draw, an aborted game, or still active)."""
    reason: str | None
    """A :class:`rules.games.Reason` value once finished."""
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
    """The ply the game's latest public board message announces (schema 4); ``-1`` while
    the first board of a game the bot started was never posted (:attr:`start_announced`)."""
    announced_over: bool = False
    """Whether the end of the (finished) game was announced with its final board."""
    announce_claimed_until: float | None = None
    """Until when a bot process has claimed posting the game's missed board (schema 6)."""
    draw_offer_message_id: int | None = None
    """The message with the draw offer's Accept / Decline buttons (schema 7)."""
    places: tuple[str, ...] = ()
    """Seat names from first to last place, for ranked multi-seat results (ludo)."""
    points: int | None = None
    """Points the winner won (backgammon)."""
    match_id: int | None = None
    """The match this game belongs to (backgammon), with its number in it."""
    match_game: int | None = None
    rated: bool = False
    """Whether the result enters the players' ratings (schema 13): fixed when the game is
    created; games against oneself never are, whatever this says (see ``storage.ratings``)."""
    pace_hours: int | None = None
    """Hours the player to move has for each move in this game (schema 17, issue 36: chosen
    with ``/challenge days:`` or by a tournament); ``None``: the bot's ``MOVE_TIMEOUT_HOURS``."""
    settings: GameSettings | None = None
    """The server's and the players' settings, when read with the game (``settings=True``):
    one statement gives an interaction everything it reads; ``None`` otherwise."""

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def custom_start(self) -> bool:
        """Whether the game began from a position a player gave (``/challenge position:``,
        kept in ``options["position"]``): such a game is casual, never rated (issue 18)."""
        return CUSTOM_POSITION in self.options

    @property
    def computer_seats(self) -> tuple[Seat, ...]:
        """The seats the computer plays (none in a game between people)."""
        return tuple(seat for seat in self.seats if seat.is_computer)

    @property
    def against_computer(self) -> bool:
        """Whether the computer plays a seat: such a game is recorded but never counted in
        records, leaderboards or ratings."""
        return any(seat.is_computer for seat in self.seats)

    def seat(self, seat_name: str) -> Seat:
        """The seat named ``seat_name``; :class:`KeyError` if the game has none."""
        for seat in self.seats:
            if seat.name == seat_name:
                return seat
        raise KeyError(f"game {self.id} ({self.game_kind}) has no seat {seat_name!r}")

    @property
    def outcome(self) -> GameOutcome | None:
        """The stored result as the one outcome type, or ``None`` while the game is active
        (:class:`ValueError` if its reason is not a :class:`rules.games.Reason` id)."""
        if self.reason is None:
            return None
        return GameOutcome(self.winner, Reason(self.reason), self.places, self.points)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names in turn order."""
        return tuple(seat.name for seat in self.seats)

    def player_at(self, seat_name: str) -> int:
        """Who sits at ``seat_name``; :class:`KeyError` if the game has no such seat."""
        for seat in self.seats:
            if seat.name == seat_name:
                return seat.player_id
        raise KeyError(f"game {self.id} ({self.game_kind}) has no seat {seat_name!r}")

    def seat_of(self, user_id: int) -> str | None:
        """The first seat (in turn order) ``user_id`` holds, or ``None``."""
        for seat in self.seats:
            if seat.player_id == user_id:
                return seat.name
        return None

    @property
    def white_id(self) -> int:
        """The player at the ``"white"`` seat (two-colour games)."""
        return self.player_at("white")

    @property
    def black_id(self) -> int:
        """The player at the ``"black"`` seat (two-colour games)."""
        return self.player_at("black")

    @property
    def start_announced(self) -> bool:
        """Whether the game's first board was posted: the bot stores a game before its thread,
        its opening roll and that board, and a crash in between leaves it unannounced."""
        return self.announced_ply >= 0

    @property
    def needs_announcement(self) -> bool:
        """A move or the end of the game is stored but its board was never posted."""
        return self.announced_ply < self.ply or (not self.is_active and not self.announced_over)

    @property
    def player_ids(self) -> tuple[int, ...]:
        """Every seat's player, in turn order."""
        return tuple(seat.player_id for seat in self.seats)

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
        """The colour ``user_id`` plays (white first, for one playing themselves), or ``None``
        if they hold neither a white nor a black seat. :meth:`seat_of` works for every game."""
        names = self.seat_names
        for colour in ("white", "black"):
            if colour in names and self.player_at(colour) == user_id:
                return colour
        return None

    def opponent_of(self, user_id: int) -> int | None:
        """The other player's id in a two-seat game, or ``None`` if ``user_id`` is not in it.

        Raises :class:`ValueError` for games with more seats (there is no one opponent).
        """
        if len(self.seats) != 2:
            raise ValueError(f"game {self.id} has {len(self.seats)} seats, not one opponent")
        first, second = self.seats
        if user_id == first.player_id:
            return second.player_id
        if user_id == second.player_id:
            return first.player_id
        return None


CUSTOM_POSITION = "position"
"""The key of a game's (and a challenge's) options holding a custom start position."""


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One ply: any action of the game in its canonical text -- a move, ``pass``, a dice roll
    (``roll:5-2``) or a cube action (``double``, ``take``, ``drop``)."""

    game_id: int
    ply: int
    """1 for the first move of the game."""
    player_id: int
    """The player of the seat the action belongs to (for a roll: whose roll it is)."""
    move: str
    """Canonical action text, as the rules core prints it."""
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
    """Canonical action text, as the rules core prints it (``"pass"``, ``"roll:5-2"``,
    ``"double"``...)."""
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
    #: Whether the bot plays their turn for them when it is their only legal play (opt-in).
    play_only_turn: bool = False
    #: Until when their clocks are paused (``/vacation``; ``None``: never on vacation).
    vacation_until: float | None = None
    #: The month ('YYYY-MM', UTC) of ``vacation_days``: the vacation days booked in it.
    vacation_month: str | None = None
    vacation_days: int = 0
    #: The language they chose for the bot's replies (``/language``; ``None``: their client's).
    language: str | None = None

    def on_vacation(self, now: float) -> bool:
        return self.vacation_until is not None and self.vacation_until > now


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
    names: tuple[str, ...]
    """Each seat's player's name, in the order of ``game.seats``."""

    def name_at(self, seat_name: str) -> str:
        """The name of the player at ``seat_name`` (:class:`KeyError` if there is none)."""
        for seat, name in zip(self.game.seats, self.names, strict=True):
            if seat.name == seat_name:
                return name
        raise KeyError(f"game {self.game.id} has no seat {seat_name!r}")

    @property
    def white_name(self) -> str:
        return self.name_at("white")

    @property
    def black_name(self) -> str:
        return self.name_at("black")


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    user_id: int
    display_name: str
    wins: int
    losses: int
    draws: int
    games: int


@dataclass(frozen=True, slots=True)
class GameTally:
    """A player's counted results in one game id (``/stats``: the record per game)."""

    game: str
    wins: int
    losses: int
    draws: int
    games: int


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One seat of a match: its name, its player and the points they have won so far."""

    name: str
    player_id: int
    score: int


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A backgammon match: a series of games to ``length`` points."""

    id: int
    guild_id: int | None
    game: str
    """The game id every game of the match is played in (``"backgammon"``)."""
    options: Mapping[str, str]
    length: int
    seats: tuple[MatchSeat, ...]
    """In turn order, as the seats of its games."""
    status: MatchStatus
    winner: str | None
    """The seat that reached ``length`` points."""
    games_scored: int
    """How many of its games have been counted (the next game is number ``games_scored + 1``
    once the current one is scored)."""
    crawford_game: int | None
    """The number of the match's Crawford game (no doubling in it): the first game after a
    player reached ``length - 1`` points; ``None`` until then."""
    created_at: float
    updated_at: float
    finished_at: float | None

    @property
    def is_active(self) -> bool:
        return self.status == "active"

    @property
    def scores(self) -> dict[str, int]:
        """Points per seat name."""
        return {seat.name: seat.score for seat in self.seats}

    def is_crawford(self, game_number: int) -> bool:
        """Whether game ``game_number`` of the match is its Crawford game."""
        return self.crawford_game == game_number

    @property
    def next_game_is_crawford(self) -> bool:
        """Whether the next game to start is the Crawford game (XGID crawford field 1)."""
        return self.is_crawford(self.games_scored + 1)


@dataclass(frozen=True, slots=True)
class RatingRecord:
    """A player's rating in one server for one game id (schema 13). ``rating`` and ``rd`` (its
    deviation) are on the Glicko scale -- ludo's openskill mu and sigma on the same scale, with
    no ``volatility``. ``rd`` is as of ``rated_at``, the player's last rated result; it grows
    with inactivity (:meth:`rd_at`)."""

    guild_id: int
    game: str
    player_id: int
    rating: float
    rd: float
    volatility: float | None
    results: int
    """Rated results counted (for backgammon: matches)."""
    rated_at: float

    def rd_at(self, now: float) -> float:
        """The deviation at ``now``: grown since the last rated result as lichess lets it
        (Glicko ratings only; an openskill rating does not decay)."""
        if self.volatility is None:
            return self.rd
        return decayed_rd(self.rd, self.volatility, (now - self.rated_at) / 86400.0)

    def is_provisional(self, now: float) -> bool:
        """Shown with "?" and listed apart while the deviation is 110 or more."""
        return is_provisional(self.rd_at(now))


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating change from one rated result (the game that ended it)."""

    game_id: int
    player_id: int
    guild_id: int
    game: str
    rating_before: float
    rd_before: float
    rating_after: float
    rd_after: float
    rated_at: float

    @property
    def delta(self) -> int:
        """The change as shown: the difference of the rounded ratings."""
        return round(self.rating_after) - round(self.rating_before)
