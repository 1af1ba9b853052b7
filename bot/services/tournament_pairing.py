"""Who plays whom in a tournament's next round (issue 36). Pure: no Discord, no database.

- **Swiss**: FIDE Dutch pairings by ``pairing-core`` (``dutch-till2026-compat``, its
  canonical API): points, colour histories, opponents met and byes go in; boards come out
  with colours, no pairing repeated, the bye (for an odd count) to the lowest eligible player
  who has not had one. A bye scores as a win.
- **Round-robin**: FIDE's Berger tables from ``pairing-core`` (double: the second cycle with
  colours swapped); an odd count sits one player out each round (the rest scores nothing:
  everyone gets one). A withdrawn player's games are forfeited to their opponents.
- **Tables** (ludo): the active players by standing, cut into tables of 3-4 (as even as
  possible; 2 only when 5 or fewer... would leave no other way), turn order by standing.
"""

from __future__ import annotations

from collections.abc import Sequence

from pairing_core import (
    DUTCH_TILL2026_COMPAT,
    CanonicalPlayer,
    CanonicalRequest,
    pair_canonical,
    round_robin,
)

from storage import BoardPlan, TournamentBoard, TournamentRecord

from .tournament_standings import Standing, board_scores

__all__ = [
    "BYE_SCORE",
    "round_robin_rounds",
    "round_robin_round",
    "swiss_round",
    "tables_round",
]

BYE_SCORE = 1.0
"""A Swiss bye is a win (the issue's "bye = win")."""


def round_robin_rounds(t: TournamentRecord) -> int:
    """How many rounds the round-robin of its entrants has."""
    n = len(t.entrants)
    single = n - 1 if n % 2 == 0 else n
    return single * (2 if t.format == "double-round-robin" else 1)


def round_robin_round(t: TournamentRecord, number: int) -> list[BoardPlan]:
    """Round ``number`` (from 1) of the Berger table of the entrants by seed. A board with a
    withdrawn player is a forfeit (the other scores 1, both withdrawn: 0 each); the player
    the table sits out gets no board."""
    schedule = round_robin(len(t.entrants), double=t.format == "double-round-robin")
    by_seed = {e.seed: e for e in t.entrants}
    plans: list[BoardPlan] = []
    for white, black in schedule[number - 1]:
        if black is None:
            continue  # sits out this round
        a, b = by_seed[white], by_seed[black]
        players = (a.player_id, b.player_id)
        if a.active and b.active:
            plans.append(BoardPlan(players))
        else:
            plans.append(BoardPlan(players, (float(a.active), float(b.active))))
    return plans


def swiss_round(
    t: TournamentRecord, boards: Sequence[TournamentBoard], number: int
) -> list[BoardPlan]:
    """Round ``number`` of the Swiss between the active entrants, paired by the library.
    Raises ``pairing_core.PairingError`` when no legal pairing exists (more rounds than the
    players allow without a repeat)."""
    active = t.active_entrants
    points: dict[int, float] = {e.player_id: 0.0 for e in t.entrants}
    colours: dict[int, list[str]] = {e.player_id: [] for e in t.entrants}
    met: dict[int, set[int]] = {e.player_id: set() for e in t.entrants}
    had_bye: set[int] = set()
    for round_number in range(1, number):
        seen: set[int] = set()
        for board in (b for b in boards if b.round == round_number):
            scores = board_scores(board)
            for player, score in zip(board.players, scores or (), strict=False):
                points[player] = points.get(player, 0.0) + score
            if len(board.players) == 1:
                had_bye.add(board.players[0])
                colours.setdefault(board.players[0], []).append("-")
            else:
                white, black = board.players
                played = board.game is not None
                colours.setdefault(white, []).append("w" if played else "-")
                colours.setdefault(black, []).append("b" if played else "-")
                met.setdefault(white, set()).add(black)
                met.setdefault(black, set()).add(white)
            seen.update(board.players)
        for player in colours:
            if player not in seen:
                colours[player].append("-")
    players = tuple(
        CanonicalPlayer(
            id=e.player_id,
            pairing_no=e.seed,
            rating=0,
            points=points.get(e.player_id, 0.0),
            color_hist="".join(colours.get(e.player_id, [])),
            opponents=tuple(sorted(o for o in met.get(e.player_id, set()))),
            received_bye=e.player_id in had_bye,
        )
        for e in active
    )
    result = pair_canonical(
        CanonicalRequest(players=players, ruleset=DUTCH_TILL2026_COMPAT, round_number=number)
    )
    plans: list[BoardPlan] = []
    for pairing in sorted(result.pairings, key=lambda p: p.board):
        if pairing.black_id is None:
            plans.append(BoardPlan((pairing.white_id,), (BYE_SCORE,)))
        else:
            plans.append(BoardPlan((pairing.white_id, pairing.black_id)))
    return plans


def table_sizes(n: int, most: int = 4) -> list[int]:
    """``n`` players at as few tables of at most ``most`` as possible, as even as can be:
    6 → 3 + 3, 7 → 4 + 3, 9 → 3 + 3 + 3, 10 → 4 + 3 + 3."""
    if n <= 0:
        return []
    count = -(-n // most)
    base, extra = divmod(n, count)
    return [base + 1] * extra + [base] * (count - extra)


def tables_round(order: Sequence[Standing], most: int = 4) -> list[BoardPlan]:
    """The active players in standing order, seated at tables: the best together, then the
    next (a table's turn order by standing)."""
    active = [row.player_id for row in order if not row.withdrawn]
    plans: list[BoardPlan] = []
    start = 0
    for size in table_sizes(len(active), most):
        table = tuple(active[start : start + size])
        start += size
        if len(table) == 1:
            plans.append(BoardPlan(table, (0.0,)))  # alone: no game (cannot happen from 2 up)
        else:
            plans.append(BoardPlan(table))
    return plans
