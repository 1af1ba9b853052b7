"""Tiebreaks against hand-computed tables (issue 36), and the pairing helpers' rules: the
standings of :mod:`bot.services.tournament_standings` from boards with known results."""

from __future__ import annotations

from bot.services.tournament_pairing import round_robin_round, table_sizes
from bot.services.tournament_standings import standings
from storage import TournamentBoard, TournamentEntrant, TournamentRecord

A, B, C, D = 1, 2, 3, 4


def tournament(format: str, count: int = 4, withdrawn: dict[int, int] | None = None):
    return TournamentRecord(
        id=1, guild_id=1, channel_id=1, message_id=None, thread_id=None, organiser_id=A,
        game="chess", options={}, format=format, rounds=3, pace_hours=None, rated=True,
        status="running", round=3, round_started_at=0.0, starts_at=None, created_at=0.0,
        finished_at=None,
        entrants=tuple(
            TournamentEntrant(p, p, (withdrawn or {}).get(p)) for p in range(1, count + 1)
        ),
    )  # fmt: skip


def board(rnd: int, n: int, white: int, black: int, score: float) -> TournamentBoard:
    return TournamentBoard(rnd, n, (white, black), (score, 1 - score), None)


# R1 A-C 1-0, B-D ½; R2 A-B ½, C-D 1-0; R3 D-A 1-0, B-C 1-0. By hand:
#        points  Buchholz        Sonneborn-Berger
#   A    1½      1 + 2 + 1½ = 4½  C 1·1 + B ½·2 + D 0 = 2
#   B    2       1½ + 1½ + 1 = 4  D ½·1½ + A ½·1½ + C 1·1 = 2½
#   C    1       1½ + 1½ + 2 = 5  A 0 + D 1·1½ + B 0 = 1½
#   D    1½      2 + 1 + 1½ = 4½  B ½·2 + C 0 + A 1·1½ = 2½
SWISS = [
    board(1, 1, A, C, 1.0),
    board(1, 2, B, D, 0.5),
    board(2, 1, A, B, 0.5),
    board(2, 2, C, D, 1.0),
    board(3, 1, D, A, 1.0),
    board(3, 2, B, C, 1.0),
]


def test_swiss_ranks_by_points_then_buchholz_then_sonneborn_berger():
    rows = standings(tournament("swiss"), SWISS)
    got = [(r.player_id, r.points, r.buchholz, r.sonneborn_berger, r.place) for r in rows]
    assert got == [
        (B, 2.0, 4.0, 2.5, 1),
        (D, 1.5, 4.5, 2.5, 2),  # level with A on points and Buchholz: S-B decides
        (A, 1.5, 4.5, 2.0, 3),
        (C, 1.0, 5.0, 1.5, 4),
    ]


# A round-robin: A-B 1-0, A-C ½, A-D 1-0, B-C 0-1, B-D ½, C-D 0-1. By hand: A 2½ (S-B 2¾),
# C 1½ and D 1½ both with S-B 1¾ (C: ½·2½ + 1·½; D: ½·½ + 1·1½), B ½. D beat C: the direct
# encounter puts D above C, although C joined first.
ROUND_ROBIN = [
    board(1, 1, A, B, 1.0),
    board(1, 2, C, D, 0.0),
    board(2, 1, A, C, 0.5),
    board(2, 2, B, D, 0.5),
    board(3, 1, A, D, 1.0),
    board(3, 2, B, C, 0.0),
]


def test_round_robin_ranks_by_points_then_sonneborn_berger_then_direct_encounter():
    rows = standings(tournament("round-robin"), ROUND_ROBIN)
    got = [(r.player_id, r.points, r.sonneborn_berger, r.direct, r.place) for r in rows]
    assert got == [
        (A, 2.5, 2.75, 0.0, 1),
        (D, 1.5, 1.75, 1.0, 2),
        (C, 1.5, 1.75, 0.0, 3),
        (B, 0.5, 0.75, 0.0, 4),
    ]


def test_players_equal_in_everything_share_a_place():
    cycle = [board(1, 1, A, B, 1.0), board(2, 1, B, C, 1.0), board(3, 1, C, A, 1.0)]
    rows = standings(tournament("round-robin", 3), cycle)
    assert [(r.player_id, r.points, r.sonneborn_berger, r.direct, r.place) for r in rows] == [
        (A, 1.0, 1.0, 1.0, 1),
        (B, 1.0, 1.0, 1.0, 1),
        (C, 1.0, 1.0, 1.0, 1),
    ]


def test_a_bye_scores_but_counts_in_no_tiebreak_and_games_in_progress_are_counted():
    boards = [
        board(1, 1, A, B, 1.0),
        TournamentBoard(1, 2, (C,), (1.0,), None),
        TournamentBoard(2, 1, (A, C), (None, None), None),  # no game stored: still going
    ]
    rows = {r.player_id: r for r in standings(tournament("swiss", 3), boards)}
    assert (rows[C].points, rows[C].buchholz, rows[C].in_progress) == (1.0, 0.0, 1)
    assert (rows[A].points, rows[A].buchholz, rows[A].in_progress) == (1.0, 0.0, 1)


def test_a_withdrawn_players_round_robin_games_are_forfeited():
    t = tournament("round-robin", 4, withdrawn={D: 1})
    plans = round_robin_round(t, 2)
    forfeits = [p for p in plans if p.scores is not None]
    assert len(forfeits) == 1 and D in forfeits[0].players
    [plan] = forfeits
    assert dict(zip(plan.players, plan.scores, strict=True))[D] == 0.0
    assert sum(plan.scores) == 1.0


def test_tables_are_three_or_four_and_as_even_as_possible():
    assert [table_sizes(n) for n in (3, 4, 6, 7, 8, 9, 10, 13)] == [
        [3], [4], [3, 3], [4, 3], [4, 4], [3, 3, 3], [4, 3, 3], [4, 3, 3, 3],
    ]  # fmt: skip


def test_a_round_robin_has_the_rounds_its_players_need():
    from bot.services.tournament_pairing import round_robin_rounds

    counts = [(n, f) for n in (3, 4, 5, 16) for f in ("round-robin", "double-round-robin")]
    got = [round_robin_rounds(tournament(f, n)) for n, f in counts]
    assert got == [3, 6, 3, 6, 5, 10, 15, 30]
