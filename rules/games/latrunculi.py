"""The four Latrunculi rule sets as games of the house: an adapter over :class:`rules.Game` and
:class:`rules.Variant`, which keep every rule (nothing here changes their behaviour)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from ..errors import PositionError, Quoted, mark
from ..game import Game
from ..geometry import square_name
from ..model import PASS, Move, MoveResult, Outcome
from ..notation import parse_position
from ..variant import Variant, variants
from .base import ActionResult, GameOutcome, GameRules, Reason, Session


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


def action_result(result: MoveResult) -> ActionResult:
    """A Latrunculi :class:`MoveResult` in the house's terms."""
    return ActionResult(
        canonical=str(result.move),
        seat=result.side.value,
        captured=tuple(square_name(s) for s in result.captured),
        released=tuple(square_name(s) for s in result.released),
    )


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
        return [action_result(r) for r in self.game.history]

    def position_text(self) -> str:
        return self.game.position.to_lpn()

    def legal_moves(self) -> list[Move]:
        return self.game.legal_moves()

    def format(self, action: Move) -> str:
        return str(action)

    def parse(self, text: str) -> Move:
        return self.game.parse_move(text)

    def push(self, action: Move) -> ActionResult:
        return action_result(self.game.push(action))

    def pop(self) -> Move:
        return self.game.pop()

    def perft(self, depth: int) -> int:
        return self.game.perft(depth)

    def automatic(self, rng: random.Random) -> str | None:
        """A pass when it is the side's only legal move (no dice in Latrunculi)."""
        return str(PASS) if self.game.legal_moves() == [PASS] else None
