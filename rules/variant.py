"""The variant interface and the registry of variants.

Every rule set is a subclass of :class:`Variant` with class-level settings and hook methods
(python-chess's ``variant.py`` pattern). Callers never branch on a variant's id: they ask the
variant object. A game with dice or more than two players would add its own hooks here (e.g. a
chance step before move generation) without touching the callers of :class:`~rules.game.Game`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Protocol

from .errors import PositionError, Quoted, Wording, mark
from .model import Move, MoveKind, MoveResult, Outcome, Side
from .position import Position, State

NOT_LEGAL = mark("that move is not legal here")
NO_OPTION = mark("{game} has no option {key} (its options: {options})")
NO_OPTIONS = mark("{game} has no option {key} (its options: none)")
BAD_OPTION = mark("{game} option {key} must be one of {values}, not {value}")
"""The reason given when no more precise one applies."""


@dataclass(frozen=True)
class VariantOption:
    """An option a player may choose when starting a game (e.g. classic's board size)."""

    key: str
    label: str
    description: str
    choices: tuple[tuple[str, str], ...]  # (value, label)
    default: str
    #: Whether the option is written into LPN as ``key=value`` (rugen's ``rows``), rather than
    #: being visible in the position itself (classic's board size).
    in_lpn: bool = False

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(v for v, _ in self.choices)


class HasMoves(Protocol):
    """Asks the game whether a side has a legal move (the repetition rule included).

    Called with no argument it asks about the side to move; with a side, about that side as if
    it were to move on the same board (classic's "neither side can move").
    """

    def __call__(self, side: Side | None = None, /) -> bool: ...


class Variant(ABC):
    """Base class of the rule sets. Subclasses fill in the class settings and the hooks; the
    abstract ones are what every rule set must define, the others have sensible defaults."""

    id: ClassVar[str]
    name: ClassVar[str]
    #: The full rules in a paragraph (``/rules``).
    description: ClassVar[str]
    #: One line telling a newcomer what kind of game this is (its moves, how pieces are taken,
    #: how it is won). Shown after the name where a variant is chosen, so name, " — " and this
    #: must fit 100 characters (a Discord choice name).
    summary: ClassVar[str]
    #: Board sizes allowed, (files, ranks); the first is the default.
    sizes: ClassVar[tuple[tuple[int, int], ...]] = ((8, 8),)
    options: ClassVar[tuple[VariantOption, ...]] = ()
    #: Most pieces of each kind (LPN letter) one side may have.
    piece_limits: ClassVar[Mapping[str, int]]
    #: Kinds whose pieces may carry the held mark ``*`` (captive / alligatus).
    holdable_kinds: ClassVar[frozenset[str]] = frozenset()
    #: What the rule sheet calls a held piece (immobilised, still on the board): "captive"
    #: (classic) or "alligatus" (schadler); the bot says it when one is taken or removed.
    held_word: ClassVar[str] = "captive"
    #: Which of the state keys ``hand``, ``clock``, ``passes`` this variant keeps.
    state_keys: ClassVar[frozenset[str]] = frozenset()
    #: Kinds of move that exist in this variant; other notation is "not a move" here.
    move_kinds: ClassVar[frozenset[MoveKind]] = frozenset({MoveKind.MOVE})
    #: Whether a side with no legal move passes (else the variant's outcome hook decides).
    passes_when_blocked: ClassVar[bool] = False
    first_player: ClassVar[Side] = Side.WHITE
    #: Shown in "not a move" errors.
    move_hint: ClassVar[str] = mark("a move like a2-a5")
    players: ClassVar[int] = 2

    # ----- options and set-up -------------------------------------------------------------

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        """Check ``options`` against the declared ones and fill in defaults."""
        known = {o.key: o for o in self.options}
        resolved = {o.key: o.default for o in self.options}
        for key, value in (options or {}).items():
            opt = known.get(key)
            if opt is None:
                if not known:
                    raise PositionError(NO_OPTIONS, game=self.id, key=repr(key))
                raise PositionError(
                    NO_OPTION, game=self.id, key=repr(key), options=", ".join(known)
                )
            if value not in opt.values:
                raise PositionError(
                    BAD_OPTION,
                    game=self.id,
                    key=key,
                    values=", ".join(opt.values),
                    value=repr(value),
                )
            resolved[key] = value
        return resolved

    def lpn_options(self, resolved: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
        """The options that travel inside a position, as stored in :class:`Position`."""
        return tuple(sorted((o.key, resolved[o.key]) for o in self.options if o.in_lpn))

    @abstractmethod
    def start_position(self, options: Mapping[str, str] | None = None) -> Position:
        """The position a new game starts from."""

    def validate_position(self, position: Position) -> None:
        """Variant-specific checks of a parsed position beyond sizes, letters and counts.

        Raise :class:`PositionError` to refuse it; the default accepts every position.
        """
        return None

    # ----- moves --------------------------------------------------------------------------

    @abstractmethod
    def generate_moves(self, state: State) -> list[Move]:
        """Every move the side to move may make by the board rules alone.

        The game adds the repetition rule and the forced pass on top.
        """

    @abstractmethod
    def apply(self, state: State, move: Move) -> MoveResult:
        """Play ``move`` on ``state`` in place (including the turn change) and report it."""

    def explain_illegal(self, state: State, move: Move) -> Wording:
        """Why ``move`` (well-formed, on the board, not generated) is illegal, in one clause."""
        return Wording(NOT_LEGAL)

    # ----- end of game ----------------------------------------------------------------------

    @abstractmethod
    def outcome_after_move(
        self, state: State, result: MoveResult, has_moves: HasMoves
    ) -> Outcome | None:
        """The end checks after ``result`` was played; ``has_moves`` tells whether the side now
        to move has a legal move (repetition included)."""

    def outcome_of_position(self, state: State, has_moves: HasMoves) -> Outcome | None:
        """The end checks that can be judged on a bare position (a game's start), without knowing
        the move that led to it."""
        return None


_REGISTRY: dict[str, Variant] = {}


def register(cls: type[Variant]) -> type[Variant]:
    """Class decorator: add one instance of the variant to the registry."""
    _REGISTRY[cls.id] = cls()
    return cls


class UnknownVariantError(PositionError):
    """A variant id that is not registered."""


def find_variant(variant_id: str) -> Variant:
    """The registered variant with this id (case-insensitive)."""
    v = _REGISTRY.get(variant_id.strip().lower())
    if v is None:
        shown = variant_id if len(variant_id) <= 40 else variant_id[:40] + "…"
        raise UnknownVariantError(
            mark("unknown variant {variant} (expected one of {variants})"),
            variant=Quoted(shown),
            variants=", ".join(_REGISTRY),
        )
    return v


def variants() -> list[Variant]:
    """All registered variants, in registration order."""
    return list(_REGISTRY.values())
