"""The one game interface every game of the house speaks: chess, draughts, the four Latrunculi
rule sets, and later backgammon and ludo.

Two layers, as in python-chess:

* :class:`GameRules` — one immutable object per game id (in the registry of
  :mod:`rules.games`): its name, one-line description, seats, options and start position.
* :class:`Session` — a mutable game over one position with ``push``/``pop``: whose turn it is,
  the legal actions, parsing (syntax errors apart from legality errors), playing, the outcome,
  the position as text and perft.

The interface is written for 2–4 seats and for chance: a seat is a name (``"white"``, ``"red"``),
never a two-valued enum, and a dice roll is an action of its own (``roll:5-2``) that a session
announces with :attr:`Session.chance_due`. Callers never branch on a game's id.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from ..errors import IllegalMoveError, PositionError, RulesError, Wording, mark
from ..variant import BAD_OPTION, NO_OPTION, NO_OPTIONS, VariantOption
from .effects import Effect
from .view import ActionView, PositionView

#: A choice a player makes when starting a game (board size, match length, players).
GameOption = VariantOption

#: Refusal of any action once the game has ended.
GAME_OVER_REASON = mark("the game is over")

#: The action of a side with no move (a Latrunculi, backgammon or ludo pass): played by the
#: rules' automatic action, never a move of the player's own.
PASS_ACTION = "pass"
#: How every chance action starts (``roll:5-2``): the dice are the bot's, never a player's.
CHANCE_PREFIX = "roll:"


def is_chance(canonical: str) -> bool:
    """Whether a stored action is a dice roll (``roll:5-2``), in any game."""
    return canonical.startswith(CHANCE_PREFIX)


def is_automatic(canonical: str) -> bool:
    """Whether a stored action is one the rules play by themselves (:meth:`Session.automatic`):
    a forced pass or a dice roll, in any game -- not a move of a player's own."""
    return canonical == PASS_ACTION or is_chance(canonical)


class Reason:
    """Why a game ended: an open set of reason ids (the values of the command-line contract,
    notation.md and games.md, used in JSON, storage and the bot's words).

    The reasons of the eight games are class attributes (``Reason.CHECKMATE``); a game from
    outside defines its own with :meth:`define` (``Reason.define("three_in_a_row")``) instead of
    editing this list. ``Reason("checkmate")`` finds a defined reason by its value and raises
    :class:`ValueError` for an unknown one, as an enum would. One object per value, so reasons
    compare by identity or equality alike."""

    __slots__ = ("value",)
    _defined: ClassVar[dict[str, Reason]] = {}

    value: str

    # Latrunculi
    EAGLE_CAPTURED: ClassVar[Reason]
    NO_SOLDIERS: ClassVar[Reason]
    NO_LEGAL_MOVES: ClassVar[Reason]  # also draughts
    FIFTY_MOVE_RULE: ClassVar[Reason]
    BLOCKED: ClassVar[Reason]
    ONE_COUNTER_LEFT: ClassVar[Reason]
    QUEEN_CAPTURED: ClassVar[Reason]
    ONLY_QUEEN_LEFT: ClassVar[Reason]
    # chess
    CHECKMATE: ClassVar[Reason]
    STALEMATE: ClassVar[Reason]
    INSUFFICIENT_MATERIAL: ClassVar[Reason]
    THREEFOLD_REPETITION: ClassVar[Reason]  # also draughts
    FIFTY_MOVES: ClassVar[Reason]
    # draughts
    NO_PIECES: ClassVar[Reason]
    FORTY_MOVES: ClassVar[Reason]
    # backgammon
    SINGLE: ClassVar[Reason]
    GAMMON: ClassVar[Reason]
    BACKGAMMON: ClassVar[Reason]
    DROP: ClassVar[Reason]
    # ludo
    FINISHED: ClassVar[Reason]
    # decided outside the board, by the players or the bot
    RESIGNATION: ClassVar[Reason]
    AGREEMENT: ClassVar[Reason]
    TIMEOUT: ClassVar[Reason]
    ABORTED: ClassVar[Reason]

    def __new__(cls, value: str) -> Reason:
        try:
            return cls._defined[value]
        except KeyError:
            raise ValueError(f"{value!r} is not a defined Reason") from None

    @classmethod
    def define(cls, value: str) -> Reason:
        """The reason ``value``, made once: defining it again returns the same object. Values
        are lower-case ids (letters, digits, ``_``), as stored and written on the command line."""
        if not value or not all(c.islower() or c.isdigit() or c == "_" for c in value):
            raise ValueError(f"a reason id is lower-case letters, digits and _: {value!r}")
        found = cls._defined.get(value)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "value", value)
            cls._defined[value] = found
        return found

    @property
    def name(self) -> str:
        """``CHECKMATE`` for ``checkmate``, as an enum member's name."""
        return self.value.upper()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Reason is immutable")

    def __repr__(self) -> str:
        return f"<Reason.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Reason.define, (self.value,))


for _value in (
    "eagle_captured",
    "no_soldiers",
    "no_legal_moves",
    "fifty_move_rule",
    "blocked",
    "one_counter_left",
    "queen_captured",
    "only_queen_left",
    "checkmate",
    "stalemate",
    "insufficient_material",
    "threefold_repetition",
    "fifty_moves",
    "no_pieces",
    "forty_moves",
    "single",
    "gammon",
    "backgammon",
    "drop",
    "finished",
    "resignation",
    "agreement",
    "timeout",
    "aborted",
):
    type.__setattr__(Reason, _value.upper(), Reason.define(_value))
del _value


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The end of a game: the winning seat (``None`` for a draw), the reason, the order of places
    for ranked multi-seat games (ludo) and the points won (backgammon)."""

    winner: str | None
    reason: Reason
    places: tuple[str, ...] = ()
    points: int | None = None

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def as_json(self) -> dict[str, object]:
        """The ``outcome`` object of ``python -m rules play``; ``places`` and ``points`` appear
        only for the games that have them, so the Latrunculi output stays as it was."""
        data: dict[str, object] = {"winner": self.winner, "reason": self.reason.value}
        if self.points is not None:
            data["points"] = self.points
        if self.places:
            data["places"] = list(self.places)
        return data


@dataclass(frozen=True, slots=True)
class Seating:
    """A game started at a table (:meth:`GameRules.seating`): its start position, the seat
    names in turn order (one per player, in the order they sat down) and the game's options."""

    position: str
    seats: tuple[str, ...]
    options: Mapping[str, str]


class TakebackRefusal(Enum):
    """Why a takeback is refused (:meth:`GameRules.takeback`); the bot words each."""

    #: The asker has made no action of their own (forced passes and rolls are not theirs).
    NOTHING_OWN = "nothing_own"
    #: The dice were rolled after the asker's last action: a turn that was rolled stays rolled.
    ROLLED = "rolled"


@dataclass(frozen=True, slots=True)
class TakebackPlan:
    """What a takeback removes from a game's plies (:meth:`GameRules.takeback`): the plies
    from index :attr:`first` on (the asker's last action of their own and everything after
    it), of which :attr:`own` are players' actions (the others the rules played by themselves),
    or why none is allowed (:attr:`refusal`, with :attr:`blocker` the index of the ply that
    stands in the way: the roll)."""

    first: int = -1
    own: tuple[int, ...] = ()
    refusal: TakebackRefusal | None = None
    blocker: int | None = None


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What one action did: its canonical text, who played it, and its net effects.

    ``effects`` are the typed report (:mod:`rules.games.effects`), in the order things
    happened; every surface reads them. ``captured`` and ``released`` are the command line's
    summary (``python -m rules play``): squares in the game's own naming (square names in
    chess and Latrunculi, square numbers in draughts, point numbers in backgammon, track fields
    in ludo); ``released`` only in the Latrunculi rule sets that free captives.
    """

    canonical: str
    seat: str
    captured: tuple[str | int, ...] = ()
    released: tuple[str | int, ...] = ()
    effects: tuple[Effect, ...] = ()

    def as_json(self) -> dict[str, object]:
        """One entry of ``moves`` in ``python -m rules play``."""
        return {
            "move": self.canonical,
            "captured": list(self.captured),
            "released": list(self.released),
        }


def resolve_options(
    game_id: str, declared: tuple[GameOption, ...], given: Mapping[str, str] | None
) -> dict[str, str]:
    """Check ``given`` against the ``declared`` options of ``game_id`` and fill in defaults."""
    known = {o.key: o for o in declared}
    resolved = {o.key: o.default for o in declared}
    for key, value in (given or {}).items():
        opt = known.get(key)
        if opt is None:
            if not known:
                raise PositionError(NO_OPTIONS, game=game_id, key=repr(key))
            have = ", ".join(known)
            raise PositionError(NO_OPTION, game=game_id, key=repr(key), options=have)
        if value not in opt.values and value != opt.default:  # resolved options round-trip
            raise PositionError(
                BAD_OPTION, game=game_id, key=key, values=", ".join(opt.values), value=repr(value)
            )
        resolved[key] = value
    return resolved


class GameRules(ABC):
    """One game of the house. Subclasses set the attributes and implement the two factories.

    One instance per game id lives in the registry (:func:`rules.games.find_game`).
    """

    #: The game id used in positions, storage and commands (``chess``, ``classic``).
    id: str
    #: The name shown to players.
    name: str
    #: What kind of game it is, in one line of at most 100 characters (Discord choice names).
    description: str
    #: Seat names in turn order; games with 2–4 seats list the most and let the position say
    #: which take part (see :attr:`Session.seats`).
    seats: tuple[str, ...]
    #: The board as ``python -m rules variants`` shows it: ``8x8``, ``24 points``, ``40 fields``.
    board: str
    #: Options a player may choose when starting a game.
    options: tuple[GameOption, ...] = ()
    #: An example of the notation, shown in "not a move" errors.
    move_hint: str

    # ----- seating, leaving, aborting and taking back (what the bot asks the rules) ------------

    #: How many may sit at a table (a lobby players join, 2 up to this many), or ``None`` for a
    #: two-sided game, which is challenged and accepted instead (:meth:`seating`).
    table_seats: int | None = None
    #: Options that the players sitting down decide (ludo's ``players``): a value chosen
    #: beforehand would be overruled by the seats taken when the game starts.
    seated_options: frozenset[str] = frozenset()
    #: Whether the dice decide who moves first (ludo's roll for the first turn), so that no
    #: seat "moves first" by the rules.
    first_by_roll: bool = False
    #: Whether a seat that resigns or runs out of time leaves while the others play on (ludo:
    #: :meth:`leave_action`, a ply of its own), instead of the game ending at once
    #: (:meth:`Session.conceded`).
    seats_leave: bool = False
    #: How many seats' own moves make a game too far gone to be aborted (2: once both sides
    #: have moved; ludo 1: before anyone has moved). See :meth:`Session.may_abort`.
    own_moves_to_abort: int = 2
    #: Whether the players may agree a draw (``/draw``): not in backgammon and ludo, which
    #: always end with a winner.
    draws_by_agreement: bool = True
    #: Whether a count of the game's plies is a count of moves as players number them (White's
    #: and Black's turn make one move): not where the dice rolls and cube actions are plies of
    #: their own (backgammon, ludo), whose headers and records then number turns otherwise.
    numbered_moves: bool = True
    #: Whether :meth:`Session.only_play` can ever name a turn (so a caller need not ask who
    #: wants their only legal turns played in a game that has none).
    has_only_plays: bool = False

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Check ``options`` against the declared ones and fill in defaults."""
        return resolve_options(self.id, self.options, options)

    def seating(self, options: Mapping[str, str], count: int) -> Seating:
        """The game ``count`` players start at a table with these options: the start position,
        the seat names in turn order and the options as the seats decide them. Only for games
        with :attr:`table_seats`; the others raise :class:`RulesError`."""
        raise RulesError(f"{self.id} is not played at a table")

    def leave_action(self, seat: str, reason: Reason) -> str:
        """The ply by which ``seat`` leaves for ``reason`` (resignation or timeout) in a game
        where :attr:`seats_leave` (ludo's ``resign:red``); the other games end instead and
        raise :class:`RulesError`."""
        raise RulesError(f"{self.id}: a seat does not leave, the game ends")

    def is_leave(self, canonical: str) -> bool:
        """Whether a stored action is a seat leaving (only ever played for the clock or a
        resignation, never a move of a player's own)."""
        return False

    def next_match_start(self, position: str, outcome: GameOutcome) -> str | None:
        """The start of a match's next game after a game that ended at ``position`` with
        ``outcome`` (the score carried on; backgammon's Crawford rule), or ``None`` when that
        game won the match. Only for games played in matches; the others raise
        :class:`RulesError`."""
        raise RulesError(f"{self.id} is not played in matches")

    def first_mover(self, start: str, actions: Sequence[str]) -> str | None:
        """The seat that made the game's first move from ``start`` (``actions``: the game's
        actions in order): the one to move at the start, or, where dice decide it
        (backgammon's opening roll, "White 2, Black 5 — Black plays 5-2"), the one to move once
        the opening rolls are played; ``None`` while they are not yet."""
        session = self.session(start)
        for action in actions:
            if not session.chance_due:
                break
            session.play(action)
        return None if session.chance_due else session.to_move

    def takes_back(self, seat_count: int) -> bool:
        """Whether a game of ``seat_count`` seats has takebacks at all: two seats only."""
        return seat_count == 2

    def takeback(self, plies: Sequence[str], mine: Sequence[bool]) -> TakebackPlan:
        """What a player's takeback removes from ``plies`` (a game's actions in order, canonical
        text; ``mine[i]``: whether ply ``i`` belongs to the asking player): their last action of
        their own and everything after it (the opponent's reply, the passes played for them),
        or a refusal -- never across a dice roll: a turn that was rolled stays rolled."""
        last_own = next(
            (i for i in range(len(plies) - 1, -1, -1) if mine[i] and not is_automatic(plies[i])),
            None,
        )
        if last_own is None:
            return TakebackPlan(refusal=TakebackRefusal.NOTHING_OWN)
        rolled = next((i for i in range(last_own, len(plies)) if is_chance(plies[i])), None)
        if rolled is not None:
            return TakebackPlan(last_own, refusal=TakebackRefusal.ROLLED, blocker=rolled)
        own = tuple(i for i in range(last_own, len(plies)) if not is_automatic(plies[i]))
        return TakebackPlan(last_own, own)

    @abstractmethod
    def start(self, options: Mapping[str, str] | None = None) -> str:
        """The position text a new game starts from (with its ``<id>:`` prefix)."""

    @abstractmethod
    def session(self, position: str | None = None) -> Session[Any]:
        """A session at ``position`` (a position text of this game, with its prefix), or at the
        default start when ``position`` is ``None``. Raises :class:`PositionError`."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.id}>"


A = TypeVar("A")


class Session(ABC, Generic[A]):
    """A game in progress over one position, with ``push``/``pop``.

    ``A`` is the game's own action type (a python-chess ``Move``, a draughts move, a Latrunculi
    ``Move``): :meth:`legal_moves`, :meth:`push` and :meth:`pop` work on those, for search; the
    text methods (:meth:`legal_actions`, :meth:`parse`, :meth:`play`) are for people and tools.
    The history starts at the position the session was opened at.
    """

    rules: GameRules

    # ----- reading ------------------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats taking part, in turn order."""
        return self.rules.seats

    @property
    @abstractmethod
    def to_move(self) -> str:
        """The seat whose action is due (also when that action is a roll)."""

    @property
    def chance_due(self) -> bool:
        """Whether the next action is a chance action (``roll:…``), made by the bot's dice."""
        return False

    @property
    @abstractmethod
    def outcome(self) -> GameOutcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    @abstractmethod
    def ply(self) -> int:
        """Actions played since the session was opened."""

    @property
    @abstractmethod
    def history(self) -> list[ActionResult]:
        """What each action since the session was opened did, in order."""

    @abstractmethod
    def position_text(self) -> str:
        """The current position in the game's canonical text (with its ``<id>:`` prefix)."""

    # ----- actions ------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[A]:
        """Every legal action now as the game's own objects (none once the game is over)."""

    @abstractmethod
    def format(self, action: A) -> str:
        """The canonical text of ``action`` (legal in the current position)."""

    def legal_actions(self) -> list[str]:
        """Every legal action now in canonical text, sorted as text (the CLI's ``moves``)."""
        return sorted(self.format(a) for a in self.legal_moves())

    @abstractmethod
    def parse(self, text: str) -> A:
        """The legal action ``text`` stands for.

        Raises :class:`~rules.errors.MoveSyntaxError` when ``text`` is not an action in this
        game's notation, and :class:`~rules.errors.IllegalMoveError` with the reason when it is
        one the rules forbid here. Both messages quote the input.
        """

    @abstractmethod
    def push(self, action: A) -> ActionResult:
        """Play ``action`` without checking it (it must come from :meth:`legal_moves` or
        :meth:`parse`) and report what it did."""

    @abstractmethod
    def pop(self) -> A:
        """Undo the last action and return it."""

    def play(self, text: str) -> ActionResult:
        """Parse, check and play one action given as text."""
        return self.push(self.parse(text))

    # ----- the position and the legal actions as data (for drawing and web boards) ----------

    @abstractmethod
    def view(self) -> PositionView:
        """The current position as a :class:`~rules.games.view.PositionView`, with the marks
        of the last action pushed in this session (none at the position it was opened at)."""

    @abstractmethod
    def action_views(self) -> list[ActionView]:
        """Every legal action now as an :class:`~rules.games.view.ActionView`, in the order
        of :meth:`legal_actions`."""

    def roll(self, rng: random.Random) -> str:
        """The chance action for the dice ``rng`` throws (``roll:5-2``), when one is due.

        The bot passes ``secrets.SystemRandom()``; games without chance refuse.
        """
        raise IllegalMoveError("roll", mark("there are no dice in {game}"), game=self.rules.id)

    # ----- what the rules decide for the players -----------------------------------------------

    def automatic(self, rng: random.Random) -> str | None:
        """The action due now that nobody chooses, which the rules play by themselves (a pass
        when a pass is the only legal action, the dice ``rng`` throws when the player has no
        choice but to roll), or ``None`` when the player must act. Every such action is
        :func:`is_automatic`."""
        return None

    def only_play(self) -> str | None:
        """The player's only legal play now when it is a real choice-free turn (backgammon's
        dice allowing one distinct play), played for players who opted in, or ``None``. Never a
        pass nor a cube decision; see :attr:`GameRules.has_only_plays`."""
        return None

    def conceded(self, loser: str, reason: Reason) -> GameOutcome:
        """The result when ``loser`` resigns or runs out of time in a game that ends then (not
        :attr:`GameRules.seats_leave`): the other seat wins (backgammon: a single game times
        the cube)."""
        winner = next(s for s in self.seats if s != loser)
        return GameOutcome(winner, reason)

    def custom_start_refusal(self) -> Wording | None:
        """Why this (valid) position cannot start a game of its own, or ``None`` (backgammon:
        a match position; a game started from a position is a single game)."""
        return None

    def may_abort(self) -> bool:
        """Whether the game may still be called off: fewer than
        :attr:`GameRules.own_moves_to_abort` seats have made a move of their own since the
        session was opened (the rules' automatic actions and seats leaving are nobody's own
        moves). Open the session at the game's start to judge a whole game."""
        rules = self.rules
        movers = {
            r.seat
            for r in self.history
            if not is_automatic(r.canonical) and not rules.is_leave(r.canonical)
        }
        return len(movers) < rules.own_moves_to_abort

    def perft(self, depth: int) -> int:
        """The number of legal action sequences of length ``depth``."""
        if depth <= 0:
            return 1
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        total = 0
        for move in moves:
            self._perft_push(move)
            total += self.perft(depth - 1)
            self._perft_pop()
        return total

    def _perft_push(self, action: A) -> None:
        """Play ``action`` for :meth:`perft`, which reads only the legal moves after it: a game
        may skip what counting never needs (canonical texts, action results)."""
        self.push(action)

    def _perft_pop(self) -> None:
        """Undo what :meth:`_perft_push` played."""
        self.pop()


class UnknownGameError(PositionError):
    """A game id that is not registered."""


__all__ = [
    "CHANCE_PREFIX",
    "GAME_OVER_REASON",
    "PASS_ACTION",
    "ActionResult",
    "GameOption",
    "GameOutcome",
    "GameRules",
    "Reason",
    "Seating",
    "Session",
    "TakebackPlan",
    "TakebackRefusal",
    "UnknownGameError",
    "is_automatic",
    "is_chance",
    "resolve_options",
]
