"""Small value objects shared by every variant: sides, pieces, moves, results, outcomes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache, cached_property

from .errors import Wording, mark, seat_word
from .geometry import Square, square_name


class Side(Enum):
    """A player's colour. ``value`` is the word used in JSON and storage."""

    WHITE = "white"
    BLACK = "black"

    #: Members are singletons, so hashing by identity is correct; it is done in C, where Enum's
    #: own ``__hash__`` (a Python method hashing the name) is a call on every dict or cache lookup
    #: keyed by a side (the move generators and the repetition rule do many).
    __hash__ = object.__hash__

    # ``other`` and ``index`` are read at every node of a search: cached on the member (a
    # plain attribute read afterwards, five times cheaper than a property call).
    @cached_property
    def other(self) -> Side:
        return Side.BLACK if self is Side.WHITE else Side.WHITE

    @property
    def letter(self) -> str:
        """``w`` or ``b``, as in LPN."""
        return "w" if self is Side.WHITE else "b"

    @cached_property
    def index(self) -> int:
        """0 for White, 1 for Black: the index into per-side pairs such as ``hand``."""
        return 0 if self is Side.WHITE else 1

    @property
    def title(self) -> str:
        return "White" if self is Side.WHITE else "Black"

    @classmethod
    def from_letter(cls, letter: str) -> Side:
        if letter == "w":
            return cls.WHITE
        if letter == "b":
            return cls.BLACK
        raise ValueError(f"{letter!r} is not a side (expected 'w' or 'b')")


#: Piece kinds by LPN letter, with the name players use.
KIND_NAMES: dict[str, str] = {
    "S": mark("soldier"),
    "E": mark("eagle"),
    "C": mark("counter"),
    "Q": mark("queen"),
    "V": mark("valkyrie"),
    "B": mark("berserker"),
}


@dataclass(frozen=True, slots=True, eq=False)
class Piece:
    """A piece on the board. Instances are interned (use :func:`piece`), so compare with ``is``.

    Equality and hashing are by identity (``eq=False``): interning makes that correct, and it keeps
    hashing a whole board for the repetition rule cheap.

    ``held`` marks a classic captive or a schadler alligatus: immobilised but still on the board.
    """

    kind: str
    side: Side
    held: bool = False

    @property
    def name(self) -> str:
        return KIND_NAMES[self.kind]

    @property
    def symbol(self) -> str:
        """The LPN symbol: uppercase for White, lowercase for Black, ``*`` when held."""
        letter = self.kind if self.side is Side.WHITE else self.kind.lower()
        return letter + "*" if self.held else letter

    def with_held(self, held: bool) -> Piece:
        return piece(self.kind, self.side, held)


def piece(kind: str, side: Side, held: bool = False) -> Piece:
    """The interned piece of this kind, side and state."""
    return _interned(kind, side, bool(held))


@cache
def _interned(kind: str, side: Side, held: bool) -> Piece:
    # Always called with three positional arguments, so each piece has exactly one cache entry.
    return Piece(kind, side, held)


class MoveKind(Enum):
    MOVE = "move"  # a slide, a step or a jump sequence: every visited square is in ``path``
    PLACE = "place"  # schadler placement: ``path`` is the one target square
    REMOVE = "remove"  # schadler removal of an enemy alligatus: ``path`` is its square
    PASS = "pass"  # forced pass: ``path`` is empty

    #: As for :class:`Side`: a move's hash includes its kind, and searches key tables by move.
    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True)
class Move:
    """A move as a value: what kind and which squares. Never mutated while it is applied."""

    kind: MoveKind
    path: tuple[Square, ...] = ()

    def __str__(self) -> str:
        names = [square_name(s) for s in self.path]
        if self.kind is MoveKind.MOVE:
            return "-".join(names)
        if self.kind is MoveKind.PLACE:
            return "@" + names[0]
        if self.kind is MoveKind.REMOVE:
            return "x" + names[0]
        return "pass"

    @property
    def origin(self) -> Square | None:
        """The square a moving piece starts from (``None`` for placements, removals, passes)."""
        return self.path[0] if self.kind is MoveKind.MOVE else None

    @property
    def target(self) -> Square | None:
        """Where the move ends: the last landing, the placed or removed square."""
        return self.path[-1] if self.path else None


PASS = Move(MoveKind.PASS)


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What a move did, as net effects (see the conventions of the rules specification)."""

    move: Move
    side: Side
    captured: tuple[Square, ...] = ()
    released: tuple[Square, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "move": str(self.move),
            "captured": [square_name(s) for s in self.captured],
            "released": [square_name(s) for s in self.released],
        }


class Termination(Enum):
    """Why a game ended. Values are the reason ids of the notation contract."""

    EAGLE_CAPTURED = "eagle_captured"
    NO_SOLDIERS = "no_soldiers"
    NO_LEGAL_MOVES = "no_legal_moves"
    FIFTY_MOVE_RULE = "fifty_move_rule"
    BLOCKED = "blocked"
    ONE_COUNTER_LEFT = "one_counter_left"
    QUEEN_CAPTURED = "queen_captured"
    ONLY_QUEEN_LEFT = "only_queen_left"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: the winner (``None`` for a draw) and the reason."""

    winner: Side | None
    termination: Termination

    @property
    def reason(self) -> str:
        return self.termination.value

    def as_json(self) -> dict[str, object]:
        return {"winner": self.winner.value if self.winner else None, "reason": self.reason}


def side_word(side: Side) -> Wording:
    """``side``'s name as a word of a reason ("white")."""
    return seat_word(side.value)


def piece_word(kind: str) -> Wording:
    """The name of a piece kind as a word of a reason ("soldier")."""
    return Wording(KIND_NAMES[kind])
