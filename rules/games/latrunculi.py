"""The four Latrunculi rule sets as games of the house: an adapter over :class:`rules.Game` and
:class:`rules.Variant`, which keep every rule (nothing here changes their behaviour)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..errors import PositionError, Quoted, mark
from ..game import Game
from ..geometry import square_name
from ..model import PASS, Move, MoveKind, MoveResult, Outcome, Piece, Side
from ..notation import parse_position
from ..variant import Variant, variants
from .base import ActionResult, GameOutcome, GameRules, Reason, Session
from .effects import Effect, Ended, Moved, Passed, Placed, Released, Taken
from .gridview import last_cells
from .view import ActionView, PieceView, PositionView

#: The piece kinds of effects and views (:mod:`rules.games.effects`) by LPN letter.
KIND_WORDS: Mapping[str, str] = {
    "S": "soldier",
    "E": "eagle",
    "C": "counter",
    "Q": "queen",
    "V": "valkyrie",
    "B": "berserker",
}


class LatrunculiRules(GameRules):
    """One Latrunculi rule set, seen through the house interface."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.id = variant.id
        self.name = variant.name
        self.description = variant.summary  # one line (the variant's description is a paragraph)
        first = variant.first_player
        self.seats = (first.value, first.other.value)
        width, height = variant.sizes[0]
        self.board = f"{width}x{height}"
        self.options = variant.options
        self.move_hint = variant.move_hint

    def resolve_options(self, options: Mapping[str, str] | None) -> dict[str, str]:
        return self.variant.resolve_options(options)

    def start(self, options: Mapping[str, str] | None = None) -> str:
        return self.variant.start_position(options).to_lpn()

    def session(self, position: str | None = None) -> LatrunculiSession:
        if position is None:
            return LatrunculiSession(self, Game(self.variant.start_position()))
        parsed = parse_position(position)
        if parsed.variant != self.id:
            raise PositionError(
                mark("{position} is not a {game} position"), position=Quoted(position), game=self.id
            )
        return LatrunculiSession(self, Game(parsed))


def latrunculi_games() -> list[LatrunculiRules]:
    """One game per registered Latrunculi variant, in the variants' order."""
    return [LatrunculiRules(v) for v in variants()]


def action_result(result: MoveResult, effects: tuple[Effect, ...] = ()) -> ActionResult:
    """A Latrunculi :class:`MoveResult` in the house's terms."""
    return ActionResult(
        canonical=str(result.move),
        seat=result.side.value,
        captured=tuple(square_name(s) for s in result.captured),
        released=tuple(square_name(s) for s in result.released),
        effects=effects,
    )


def move_effects(
    result: MoveResult,
    before: Sequence[Piece | None],
    after: Sequence[Piece | None],
    outcome: Outcome | None,
) -> tuple[Effect, ...]:
    """The typed effects of one played move, from its result and the boards (cells by square)
    before and after it: the piece moved (with the landings between of a multi-leap), placed or
    passed; each piece taken (``stays`` when it stays on the board as a captive or alligatus, a
    Schädler removal as a plain :class:`Taken`); each captive released; the end of the game."""
    move = result.move
    seat = result.side.value
    path = move.path
    effects: list[Effect] = []
    kind = move.kind
    if kind is MoveKind.MOVE:
        mover = before[path[0]]
        assert mover is not None
        effects.append(
            Moved(
                seat,
                KIND_WORDS[mover.kind],
                square_name(path[0]),
                square_name(path[-1]),
                tuple(square_name(s) for s in path[1:-1]),
            )
        )
    elif kind is MoveKind.PLACE:
        placed = after[path[0]]
        assert placed is not None
        effects.append(Placed(seat, KIND_WORDS[placed.kind], square_name(path[0])))
    elif kind is MoveKind.PASS:
        effects.append(Passed(seat))
    # A removal (REMOVE) is its one captured square: the Taken below.
    for sq in result.captured:
        victim = before[sq]
        assert victim is not None
        effects.append(
            Taken(
                victim.side.value, KIND_WORDS[victim.kind], square_name(sq), after[sq] is not None
            )
        )
    for sq in result.released:
        freed = before[sq]
        assert freed is not None
        effects.append(Released(freed.side.value, KIND_WORDS[freed.kind], square_name(sq)))
    if outcome is not None:
        winner = outcome.winner.value if outcome.winner else None
        effects.append(Ended(winner, outcome.reason))
    return tuple(effects)


def game_outcome(outcome: Outcome) -> GameOutcome:
    """A Latrunculi :class:`Outcome` in the house's terms (same winner, same reason id)."""
    winner = outcome.winner.value if outcome.winner else None
    return GameOutcome(winner, Reason(outcome.reason))


class LatrunculiSession(Session[Move]):
    """A session over a :class:`rules.Game`, which stays reachable as :attr:`game` for the
    callers of the Latrunculi API (the bot, the renderer)."""

    def __init__(self, rules: LatrunculiRules, game: Game) -> None:
        self.rules = rules
        self.game = game

    @property
    def to_move(self) -> str:
        return self.game.turn.value

    @property
    def outcome(self) -> GameOutcome | None:
        outcome = self.game.outcome
        return game_outcome(outcome) if outcome else None

    @property
    def ply(self) -> int:
        return self.game.ply

    @property
    def history(self) -> list[ActionResult]:
        return [self._result(r, i) for i, r in enumerate(self.game.history)]

    def _result(self, result: MoveResult, index: int) -> ActionResult:
        """``result``, the move ``history[index]`` of :attr:`game`, with its effects (read
        from the boards the game keeps for undoing it)."""
        game = self.game
        last = index == game.ply - 1
        after = game.state.cells if last else game.board_before(index + 1)
        outcome = game.outcome if last else None
        return action_result(result, move_effects(result, game.board_before(index), after, outcome))

    def position_text(self) -> str:
        return self.game.position.to_lpn()

    def legal_moves(self) -> list[Move]:
        return self.game.legal_moves()

    def format(self, action: Move) -> str:
        return str(action)

    def parse(self, text: str) -> Move:
        return self.game.parse_move(text)

    def push(self, action: Move) -> ActionResult:
        game = self.game
        return self._result(game.push(action), game.ply - 1)

    def pop(self) -> Move:
        return self.game.pop()

    def perft(self, depth: int) -> int:
        return self.game.perft(depth)

    def automatic(self, rng: random.Random) -> str | None:
        """A pass when it is the side's only legal move (no dice in Latrunculi)."""
        return str(PASS) if self.game.legal_moves() == [PASS] else None

    # ----- the position and the legal actions as data -------------------------------------

    def view(self) -> PositionView:
        game = self.game
        state = game.state
        geo = state.geometry
        cells = state.cells
        names = tuple(square_name(sq) for sq in geo.squares)
        pieces: dict[str, tuple[PieceView, ...]] = {}
        for sq, name in zip(geo.squares, names, strict=True):
            p = cells[sq]
            if p is not None:
                pieces[name] = (PieceView(p.side.value, KIND_WORDS[p.kind], captive=p.held),)
        keys = game.variant.state_keys
        off_board: dict[str, dict[str, int]] = {}
        if "hand" in keys:
            off_board = {seat: {"hand": state.hand[Side(seat).index]} for seat in self.seats}
        extra: dict[str, object] = {}
        if "clock" in keys:
            extra["clock"] = state.clock
        if "passes" in keys:
            extra["passes"] = state.passes
        if state.options:
            extra["options"] = dict(sorted(state.options.items()))
        outcome = self.outcome
        last: tuple[str, ...] = ()
        result = game.last_result
        if result is not None:
            last = last_cells(self._result(result, game.ply - 1).effects)
        return PositionView(
            game=self.rules.id,
            board="grid",
            files=geo.width,
            ranks=geo.height,
            cells=names,
            pieces=pieces,
            seats=self.seats,
            to_move=None if outcome else self.to_move,
            off_board=off_board,
            outcome=outcome.as_json() if outcome else None,
            last=last,
            extra=extra,
        )

    def action_views(self) -> list[ActionView]:
        texts = sorted(((str(m), m) for m in self.game.legal_moves()), key=lambda t: t[0])
        return [action_view(text, move) for text, move in texts]


def action_view(text: str, move: Move) -> ActionView:
    """A Latrunculi move as data: ``move`` (with the landings between of a multi-leap),
    ``place`` (a Schädler placement), ``remove`` (a Schädler removal of an enemy alligatus on
    ``target``) or ``pass``."""
    names = tuple(square_name(s) for s in move.path)
    if move.kind is MoveKind.MOVE:
        return ActionView(text, "move", names[0], names[-1], names[1:-1])
    if move.kind is MoveKind.PLACE:
        return ActionView(text, "place", target=names[0])
    if move.kind is MoveKind.REMOVE:
        return ActionView(text, "remove", target=names[0])
    return ActionView(text, "pass")
