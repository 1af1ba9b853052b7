"""Who sits where: a new game's seats, checked against the rules core's game registry, and a
result checked against the game's seats.

Storage treats positions and actions as opaque text, but a game's seats and its result are
storage's own columns, so they are checked here before anything is written: the seat names
must be the game's (:attr:`rules.games.GameRules.seats`) in its turn order, the winner and the
places must name seats of the game, the reason must be a :class:`rules.games.Reason`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.games import GameOutcome, Reason, find_game
from rules.games.base import UnknownGameError

from .models import Seat, WinnerAndReason

__all__ = ["MAX_SEATS", "MIN_SEATS", "check_result", "game_seats", "result_columns"]

MIN_SEATS = 2
MAX_SEATS = 4


def game_seats(
    game_id: str,
    seats: Iterable[Seat | tuple[str, int]] | None = None,
    *,
    white_id: int | None = None,
    black_id: int | None = None,
) -> tuple[Seat, ...]:
    """The seats of a new ``game_id`` game, in turn order, or :class:`ValueError` saying why not.

    Either ``seats`` (names and players, in turn order: a subset of the game's seat names in
    their order, 2-4 of them) or, for the two-colour games, ``white_id`` and ``black_id``
    (placed in the game's turn order: Black first in classic and draughts).
    """
    try:
        rules = find_game(game_id)
    except UnknownGameError as exc:
        raise ValueError(str(exc)) from exc
    if seats is None:
        if white_id is None or black_id is None:
            raise ValueError("a game needs its seats (or white_id and black_id)")
        if sorted(rules.seats) != ["black", "white"]:
            raise ValueError(f"{rules.id} has seats {', '.join(rules.seats)}, not white and black")
        by_colour = {"white": white_id, "black": black_id}
        return tuple(Seat(name, by_colour[name]) for name in rules.seats)
    if white_id is not None or black_id is not None:
        raise ValueError("give either seats or white_id and black_id, not both")
    chosen = tuple(s if isinstance(s, Seat) else Seat(*s) for s in seats)
    names = [s.name for s in chosen]
    if not MIN_SEATS <= len(chosen) <= min(MAX_SEATS, len(rules.seats)):
        most = min(MAX_SEATS, len(rules.seats))
        raise ValueError(f"{rules.id} takes {MIN_SEATS}-{most} seats, not {len(chosen)}")
    unknown = [n for n in names if n not in rules.seats]
    if unknown:
        raise ValueError(
            f"{rules.id} has no seat {unknown[0]!r} (its seats: {', '.join(rules.seats)})"
        )
    if len(set(names)) != len(names):
        raise ValueError(f"a seat is given twice: {', '.join(names)}")
    in_turn_order = [n for n in rules.seats if n in names]
    if names != in_turn_order:
        raise ValueError(
            f"seats must be in {rules.id}'s turn order ({', '.join(in_turn_order)}), "
            f"not {', '.join(names)}"
        )
    return chosen


def result_columns(
    outcome: GameOutcome | WinnerAndReason,
) -> tuple[str | None, str, tuple[str, ...], int | None]:
    """``(winner, reason id, places, points)`` to store, from the one outcome type or the
    two-seat ``(winner, reason)`` shorthand. The shorthand's reason is any non-empty id, as
    storage always took it (the bot's come from :class:`rules.games.Reason`). Points must be
    a positive number won by a winner (:class:`ValueError`, before anything is written); the
    seats are checked by :func:`check_result` once the game is read."""
    if isinstance(outcome, GameOutcome):
        if not isinstance(outcome.reason, Reason):
            raise ValueError(f"the reason must be a rules.games.Reason, not {outcome.reason!r}")
        points = outcome.points
        if points is not None and (
            isinstance(points, bool) or not isinstance(points, int) or points < 1
        ):
            raise ValueError(f"points must be a positive whole number, not {points!r}")
        if points is not None and outcome.winner is None:
            raise ValueError("points are won by a winner; a draw has none")
        return outcome.winner, outcome.reason.value, outcome.places, points
    winner, reason = outcome
    if not isinstance(reason, str) or not reason:
        raise ValueError(f"a finished game needs a reason id, not {reason!r}")
    return winner, reason, (), None


def check_result(seat_names: Sequence[str], winner: str | None, places: Sequence[str]) -> None:
    """:class:`ValueError` unless a result fits a game with these seats: the winner (if any)
    and every place name a seat, places list every seat once with the winner first."""
    if winner is not None and winner not in seat_names:
        raise ValueError(
            f"the winner must be one of the seats ({', '.join(seat_names)}) or None, not {winner!r}"
        )
    if places:
        if sorted(places) != sorted(seat_names):
            raise ValueError(
                f"places must list every seat once ({', '.join(seat_names)}), "
                f"not {', '.join(places)}"
            )
        if winner is not None and places[0] != winner:
            raise ValueError(f"the winner {winner!r} must have first place")
