"""A takeback asked for (``/takeback``, issue 18): the rules decide which plies it removes
and why one is refused (:meth:`rules.games.GameRules.takeback`); this module words it.

A player asks to take back their last move of their own: just it while the opponent has not
replied, else it and everything after it (the opponent's reply, and the passes the bot played)
— "theirs, or both plies if the opponent has replied". Never in a finished game, only in games
of two seats (ludo has none), and **never across a dice roll**: a turn that was rolled stays
rolled. So in backgammon a checker play can be taken back while the opponent's dice are not
yet rolled (they may double: the bot waits for Roll / Double), a double until it is answered;
once the bot has rolled the next dice, the turn before them stands. The dice of the turn taken
back stay as they were: the player plays the same roll again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from rules.games import TakebackRefusal, find_game
from storage import GameRecord, MoveRecord

from ..errors import UserError, game_over
from ..i18n import DEFAULT_LANGUAGE, mark, translate

__all__ = ["Takeback", "position_tag", "takeback_for"]


@dataclass(frozen=True, slots=True)
class Takeback:
    """What a takeback asked by ``by`` would remove: the plies after ``to_ply``."""

    by: int
    to_ply: int
    #: The players' own actions taken back, as (player id, canonical text), in order.
    actions: tuple[tuple[int, str], ...]

    def words(self, language: str = DEFAULT_LANGUAGE) -> str:
        """ "`a2-a3` (<@1>) and `a7-a6` (<@2>)", in ``language``."""
        items = [f"`{text}` (<@{uid}>)" for uid, text in self.actions]
        if len(items) == 1:
            return items[0]
        return translate(
            mark("{items} and {last}"), language, items=", ".join(items[:-1]), last=items[-1]
        )


def position_tag(record: GameRecord) -> str:
    """A short fingerprint of the game's position, carried by a request's buttons with its ply:
    a ply count alone could come round again after a takeback with another position."""
    return hashlib.sha256(record.current_position.encode()).hexdigest()[:8]


def takeback_for(record: GameRecord, moves: Sequence[MoveRecord], by: int) -> Takeback:
    """The takeback ``by`` may ask for in ``record`` (with its stored ``moves``), or a
    ``UserError`` saying why there is none."""
    if not record.is_active:
        raise UserError(
            mark("{over}: a finished game cannot be taken back."),
            over=game_over(record.id, record.game_kind, record.reason),
        )
    rules = find_game(record.game_kind)
    if not rules.takes_back(len(record.seats)):
        raise UserError(
            mark(
                "Game #{game} has {count} players: takebacks are for two-player games only "
                "(ludo has none)."
            ),
            game=record.id,
            count=len(record.seats),
        )
    if record.seat_of(by) is None:
        raise UserError(mark("You are not playing in game #{game}."), game=record.id)
    plan = rules.takeback([m.move for m in moves], [m.player_id == by for m in moves])
    if plan.refusal is TakebackRefusal.NOTHING_OWN:
        raise UserError(
            mark("You have not made a move in game #{game}: nothing to take back."),
            game=record.id,
        )
    if plan.refusal is TakebackRefusal.ROLLED:
        assert plan.blocker is not None
        raise UserError(
            mark(
                "{move} cannot be taken back: the dice were rolled after it ({roll}), and a "
                "turn that was rolled stays rolled."
            ),
            move=f"`{moves[plan.first].move}`",
            roll=f"`{moves[plan.blocker].move}`",
        )
    actions = tuple((moves[i].player_id, moves[i].move) for i in plan.own)
    return Takeback(by, moves[plan.first].ply - 1, actions)
