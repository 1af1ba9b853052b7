"""``lat``: LAT, the Viking variant: a Queen, six Valkyries and five Berserkers a side on 11×8.

Rules: shared/spec/rules.md section 4. Every piece slides like a rook; captured pieces are removed.
What differs between the piece types is *which* enclosure captures them, and that lives in data:
:data:`CAPTURE_RULES` maps each victim kind to a small capture-rule object, and :data:`ROLES` says
what each kind counts as when it captures (the Queen counts as every type). The move logic never
branches on a kind.

Capture, as the spec says: after a move by M (landing on square L), each enemy piece X on a
neighbour of L is judged on the board as it stands right after the move; every X found captured
is then removed together. "Any piece" means a piece of either side (the victim's own pieces can
complete its enclosure); M itself is always an enemy of X.

Decisions the specification leaves open (also listed in the closing report):

- **Board edges are never "a piece".** A rule that needs a piece *beyond* X (Valkyrie, the
  Berserker's two-Berserker rule, the weakened Queen) fails when that square is off the board; only
  the enclosure rules ("every on-board neighbour") let the edge do the blocking.
- **The weakened Queen is *also* captured like a Valkyrie** (spec): while either side has 3 or
  fewer pieces, two sides with any piece beyond take her too; weakening only adds a way to take
  her. Every enclosure that takes her at full strength still does (e.g. on an edge, shut in by
  three pieces with M coming at her from the inside, where the square beyond her is off the
  board), and so does the corner rule.
- **The Queen in a corner**: her two on-board neighbours are "every on-board neighbour", so M
  plus *any* piece (even one of hers) captures her, weakened or not; the corner rule (two
  enemies) is then a special case of it.
- **The house setup** (spec): the Queen stands on f2 (Black's on f7), in front of her back rank,
  with a Berserker on f1/f8. On f1, flanked by her own Valkyries and the board edge, she would
  fall at once to the enemy Berserker as soon as the f2 Berserker left the f-file. Games stored
  with the earlier setup (Queen on f1, Berserker on f2) keep it: storage keeps every game's start
  position as LPN, and nothing replays a game from :meth:`Lat.start_position`.
- **"3 or fewer pieces"** counts every piece of the side on the board, Queen included, right after
  the move and before anything is removed (spec's one-board rule); M's own side counts too.
- **Berserker enclosure (b)** needs every on-board neighbour to hold an enemy Valkyrie or the enemy
  Queen, so on an edge three suffice and in a corner two; M must be one of them, so a Berserker
  landing next to an otherwise fully enclosed Berserker does not complete this rule.
- **Queen capture by enclosure** takes any mover type (the spec names no type), including a
  Berserker or a Valkyrie.
- **Positions given as LPN** (no move known) are judged as if the side not to move had just moved:
  a side to move without its Queen has lost (``queen_captured``), one with nothing but its Queen has
  lost (``only_queen_left``), then ``no_legal_moves``. A position where the side *not* to move is in
  that state cannot arise in play; it is judged symmetrically (that side has lost), side to move
  first.
- **After a move** the checks look at the material on the board, not only at this move's captures,
  so they agree with the bare-position checks.
- There is no passing in LAT (``passes_when_blocked`` is false): a side with no legal move,
  including one left without moves by the repetition rule, loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from ..geometry import DIRECTIONS, Geometry, Square, make_square, square_sort_key
from ..model import Move, MoveResult, Outcome, Piece, Side, Termination, piece
from ..position import Position, State
from ..variant import HasMoves, register
from .common import RookVariant

QUEEN, VALKYRIE, BERSERKER = "Q", "V", "B"
ALL_KINDS = frozenset({QUEEN, VALKYRIE, BERSERKER})

#: What each kind counts as when it captures (spec: "The Queen counts as any type when she
#: captures"). A capture rule that asks for "a Berserker" accepts every kind whose roles include B.
ROLES: Mapping[str, frozenset[str]] = {
    QUEEN: ALL_KINDS,
    VALKYRIE: frozenset({VALKYRIE}),
    BERSERKER: frozenset({BERSERKER}),
}

#: "Either side down to 3 or fewer pieces" adds the Valkyrie rule to the Queen's.
FEW_PIECES = 3

HOME_RANK = "VBVBVBVBVBV"  # files a..k of each side's back rank
WIDTH, HEIGHT = 11, 8
QUEEN_FILE = 5  # f2 for White, f7 for Black: in front of the back rank


# ----- the board as one capture sees it ------------------------------------------------------


@dataclass
class Scene:
    """The board right after a move, before anything is removed: what every rule judges on."""

    cells: list[Piece | None]
    geometry: Geometry
    side: Side  # the mover's side: the capturers
    mover: Piece  # M
    _few: bool | None = field(default=None, repr=False)

    def at(self, square: Square) -> Piece | None:
        return None if square < 0 else self.cells[square]

    def few_pieces(self) -> bool:
        """Whether either side has :data:`FEW_PIECES` or fewer pieces on the board now."""
        if self._few is None:
            counts = {Side.WHITE: 0, Side.BLACK: 0}
            for sq in self.geometry.squares:
                p = self.cells[sq]
                if p is not None:
                    counts[p.side] += 1
            self._few = min(counts.values()) <= FEW_PIECES
        return self._few


@dataclass(frozen=True)
class PieceTest:
    """Which pieces a capture rule accepts on a square.

    A capturer (a piece of the mover's side) is accepted when one of its :data:`ROLES` is in
    ``roles``; a piece of the victim's side only when ``capturers_only`` is false ("any piece").
    An empty or off-board square is never accepted.
    """

    roles: frozenset[str] = ALL_KINDS
    capturers_only: bool = True

    def accepts(self, p: Piece | None, capturers: Side) -> bool:
        if p is None:
            return False
        if p.side is not capturers:
            return not self.capturers_only
        return not ROLES[p.kind].isdisjoint(self.roles)


ANY_PIECE = PieceTest(capturers_only=False)
ANY_ENEMY = PieceTest()


class CaptureRule(Protocol):
    def captures(self, scene: Scene, victim: Square, direction: int) -> bool:
        """Whether the piece on ``victim`` is captured; ``direction`` points from M's landing
        square to ``victim``."""
        ...


@dataclass(frozen=True)
class Flank:
    """Two sides on a line: M, playing one of ``mover_roles``, on one side of X, and a piece that
    ``beyond`` accepts on the square beyond X on the line M–X."""

    beyond: PieceTest
    mover_roles: frozenset[str] = ALL_KINDS

    def captures(self, scene: Scene, victim: Square, direction: int) -> bool:
        if ROLES[scene.mover.kind].isdisjoint(self.mover_roles):
            return False
        return self.beyond.accepts(scene.at(scene.geometry.step[direction][victim]), scene.side)


@dataclass(frozen=True)
class Enclosure:
    """Every on-board neighbour of X holds a piece ``wall`` accepts; M, being a neighbour, must be
    one of them. ``corners_only`` limits the rule to a victim in a corner (the corner rule)."""

    wall: PieceTest
    corners_only: bool = False

    def captures(self, scene: Scene, victim: Square, direction: int) -> bool:
        geo = scene.geometry
        if self.corners_only and victim not in geo.corners:
            return False
        return all(self.wall.accepts(scene.cells[n], scene.side) for n in geo.neighbours[victim])


@dataclass(frozen=True)
class WhenFewPieces:
    """``rule``, but only while either side has :data:`FEW_PIECES` or fewer pieces."""

    rule: CaptureRule

    def captures(self, scene: Scene, victim: Square, direction: int) -> bool:
        return scene.few_pieces() and self.rule.captures(scene, victim, direction)


@dataclass(frozen=True)
class AnyOf:
    """Captured when any of ``rules`` captures."""

    rules: tuple[CaptureRule, ...]

    def captures(self, scene: Scene, victim: Square, direction: int) -> bool:
        return any(r.captures(scene, victim, direction) for r in self.rules)


#: Corner rule (all types): both neighbours of a cornered piece hold enemy pieces.
CORNER = Enclosure(ANY_ENEMY, corners_only=True)
#: Valkyrie rule: M on one side, any piece beyond.
TWO_SIDES_ANY = Flank(ANY_PIECE)

#: The capture rules, by the victim's kind (spec section 4, one entry per bullet).
CAPTURE_RULES: Mapping[str, CaptureRule] = {
    VALKYRIE: AnyOf((CORNER, TWO_SIDES_ANY)),
    BERSERKER: AnyOf(
        (
            CORNER,
            # (a) two Berserkers: M and the piece beyond both count as Berserkers.
            Flank(PieceTest(frozenset({BERSERKER})), mover_roles=frozenset({BERSERKER})),
            # (b) four Valkyries (three on an edge), M among them.
            Enclosure(PieceTest(frozenset({VALKYRIE}))),
        )
    ),
    QUEEN: AnyOf(
        (
            CORNER,
            # Every on-board neighbour any piece (three on an edge), M among them.
            Enclosure(ANY_PIECE),
            # Weakened: also like a Valkyrie. Adds a way to take her, never removes one.
            WhenFewPieces(TWO_SIDES_ANY),
        )
    ),
}


# ----- the variant ------------------------------------------------------------------------------


@register
class Lat(RookVariant):
    id = "lat"
    name = "LAT (Viking)"
    summary = "Queen, Valkyries and Berserkers on 11×8, each type captured its own way."
    description = (
        "The Viking variant on 11×8: a Queen, six Valkyries and five Berserkers a side, all moving "
        "like rooks. Each Queen starts in front of her back row (f2, f7). Valkyries fall to two "
        "sides with any piece beyond; Berserkers to two Berserkers or four Valkyries; the Queen "
        "to four sides (three on an edge), and also to two once either side is down to three "
        "pieces; any piece in a corner to two enemies. The Queen fights as any type. Take the "
        "enemy Queen, or everything but her, to win; a side that cannot move loses. White moves "
        "first."
    )
    sizes = ((WIDTH, HEIGHT),)
    piece_limits = {QUEEN: 1, VALKYRIE: 6, BERSERKER: 5}
    first_player = Side.WHITE
    passes_when_blocked = False

    def start_position(self, options: Mapping[str, str] | None = None) -> Position:
        self.resolve_options(options)
        cells: list[Piece | None] = [None] * (HEIGHT * 16)
        for side, home, front in ((Side.WHITE, 0, 1), (Side.BLACK, HEIGHT - 1, HEIGHT - 2)):
            for f, kind in enumerate(HOME_RANK):
                cells[make_square(f, home)] = piece(kind, side)
            cells[make_square(QUEEN_FILE, front)] = piece(QUEEN, side)
        return Position(self.id, WIDTH, HEIGHT, tuple(cells), self.first_player)

    def apply(self, state: State, move: Move) -> MoveResult:
        side = state.turn
        origin, target = move.path
        cells = state.cells
        geo = state.geometry
        mover = cells[origin]
        assert mover is not None
        cells[target] = mover
        cells[origin] = None

        # One board for every capture: judge all neighbours first, then remove them together.
        scene: Scene | None = None  # made only when an enemy stands next to the landing
        captured: list[Square] = []
        step = geo.step
        for d in DIRECTIONS:
            x = step[d][target]
            if x < 0:
                continue
            victim = cells[x]
            if victim is None or victim.side is side:
                continue
            if scene is None:
                scene = Scene(cells, geo, side, mover)
            if CAPTURE_RULES[victim.kind].captures(scene, x, d):
                captured.append(x)
        for x in captured:
            cells[x] = None
        state.turn = side.other
        return MoveResult(move, side, tuple(sorted(captured, key=square_sort_key)))

    # ----- end of game ------------------------------------------------------------------------

    def outcome_after_move(
        self, state: State, result: MoveResult, has_moves: HasMoves
    ) -> Outcome | None:
        return self._material_end(state, (result.side.other,)) or self._blocked(state, has_moves)

    def outcome_of_position(self, state: State, has_moves: HasMoves) -> Outcome | None:
        judged = (state.turn, state.turn.other)
        return self._material_end(state, judged) or self._blocked(state, has_moves)

    @staticmethod
    def _material_end(state: State, losers: tuple[Side, ...]) -> Outcome | None:
        """``queen_captured`` then ``only_queen_left``, each checked for ``losers`` in order."""
        # Pieces are interned (and never held in LAT): which are on the board is a set of them,
        # built in C, cheaper than counting square by square.
        present = set(state.cells)
        for side in losers:
            if piece(QUEEN, side) not in present:
                return Outcome(side.other, Termination.QUEEN_CAPTURED)
        for side in losers:
            if piece(VALKYRIE, side) not in present and piece(BERSERKER, side) not in present:
                return Outcome(side.other, Termination.ONLY_QUEEN_LEFT)  # she is there (above)
        return None

    @staticmethod
    def _blocked(state: State, has_moves: HasMoves) -> Outcome | None:
        if not has_moves():
            return Outcome(state.turn.other, Termination.NO_LEGAL_MOVES)
        return None
