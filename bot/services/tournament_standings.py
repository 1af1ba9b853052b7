"""A tournament's scores and standings (issue 36), from its boards as storage keeps them.

Pure: no Discord, no database. A board's scores are its fixed ones (a bye, a forfeit) or its
game's result: 1 for a win, ½ for a draw, 0 for a loss (an aborted game 0 each); a multi-seat
game (ludo) gives points by place, ``players - place`` (4 players: 3, 2, 1, 0).

Tiebreaks, as the issue asks: **Swiss** points, then Buchholz (the sum of the opponents'
points), then Sonneborn–Berger (the opponents' points weighted by one's score against each);
**round-robin** points, then Sonneborn–Berger, then the direct encounter (points in the games
between the players still tied). Byes count nothing in a tiebreak; a forfeit counts as the game
it replaced (its opponent is a real opponent). Last, the seed (join order).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from storage import GameRecord, TournamentBoard, TournamentRecord

__all__ = ["Standing", "board_scores", "standings"]


def board_scores(board: TournamentBoard) -> tuple[float, ...] | None:
    """Each seat's score, or ``None`` while its game goes on."""
    if all(score is not None for score in board.fixed):
        return tuple(float(score or 0.0) for score in board.fixed)
    game = board.game
    if board.match is not None and game is not None:  # a match to N: its winner scores 1
        if board.match.is_active:
            return None
        return tuple(1.0 if s.name == board.match.winner else 0.0 for s in game.seats)
    if game is None or game.is_active:
        return None
    return game_scores(game)


def game_scores(game: GameRecord) -> tuple[float, ...]:
    """A finished game's scores per seat, in the game's own seat order mapped to the board's
    (the board lists players; the game's seats may be in another turn order)."""
    seats = game.seats
    count = len(seats)
    if count > 2 and game.places:
        by_name = {name: count - 1 - index for index, name in enumerate(game.places)}
        return tuple(float(by_name.get(seat.name, 0)) for seat in seats)
    if game.winner is not None:
        return tuple(1.0 if seat.name == game.winner else 0.0 for seat in seats)
    if game.reason == "aborted":
        return tuple(0.0 for _ in seats)
    return tuple(0.5 for _ in seats)


def _by_player(board: TournamentBoard) -> dict[int, float] | None:
    scores = board_scores(board)
    if scores is None:
        return None
    if board.game is not None and not all(s is not None for s in board.fixed):
        return {seat.player_id: score for seat, score in zip(board.game.seats, scores, strict=True)}
    return dict(zip(board.players, scores, strict=True))


@dataclass(slots=True)
class Standing:
    player_id: int
    seed: int
    points: float = 0.0
    buchholz: float = 0.0
    sonneborn_berger: float = 0.0
    direct: float = 0.0
    played: int = 0
    in_progress: int = 0
    withdrawn: bool = False
    place: int = 0
    results: list[tuple[int, float]] = field(default_factory=list)
    """``(opponent, score)`` of every finished two-player board against a real opponent."""


def standings(t: TournamentRecord, boards: Sequence[TournamentBoard]) -> list[Standing]:
    """Every entrant ranked: points and the format's tiebreaks, with places (players equal in
    everything but the seed share a place)."""
    rows = {e.player_id: Standing(e.player_id, e.seed, withdrawn=not e.active) for e in t.entrants}
    for board in boards:
        scores = _by_player(board)
        if scores is None:
            for player in board.players:
                if player in rows:
                    rows[player].in_progress += 1
            continue
        for player, score in scores.items():
            if player not in rows:
                continue
            rows[player].points += score
            if len(board.players) > 1:
                rows[player].played += 1
        if len(board.players) == 2:
            a, b = board.players
            if a in rows and b in rows:
                rows[a].results.append((b, scores[a]))
                rows[b].results.append((a, scores[b]))
    for row in rows.values():
        row.buchholz = sum(rows[o].points for o, _ in row.results)
        row.sonneborn_berger = sum(rows[o].points * s for o, s in row.results)
    ordered = list(rows.values())
    if t.format == "swiss":
        ordered.sort(key=lambda r: (-r.points, -r.buchholz, -r.sonneborn_berger, r.seed))
        key = _swiss_key
    elif t.format == "tables":
        ordered.sort(key=lambda r: (-r.points, r.seed))
        key = _points_key
    else:
        _direct_encounters(ordered)
        ordered.sort(key=lambda r: (-r.points, -r.sonneborn_berger, -r.direct, r.seed))
        key = _round_robin_key
    previous: tuple[float, ...] | None = None
    for index, row in enumerate(ordered, start=1):
        mine = key(row)
        row.place = ordered[index - 2].place if mine == previous else index
        previous = mine
    return ordered


def _swiss_key(r: Standing) -> tuple[float, ...]:
    return (r.points, r.buchholz, r.sonneborn_berger)


def _points_key(r: Standing) -> tuple[float, ...]:
    return (r.points,)


def _round_robin_key(r: Standing) -> tuple[float, ...]:
    return (r.points, r.sonneborn_berger, r.direct)


def _direct_encounters(rows: list[Standing]) -> None:
    """Each player's points against the others equal to them on points and
    Sonneborn–Berger (0 for a player tied with nobody)."""
    groups: dict[tuple[float, float], list[Standing]] = {}
    for row in rows:
        groups.setdefault((row.points, row.sonneborn_berger), []).append(row)
    for group in groups.values():
        ids = {r.player_id for r in group}
        for row in group:
            row.direct = (
                sum(s for o, s in row.results if o in ids and o != row.player_id)
                if len(group) > 1
                else 0.0
            )
