"""The ludo analysis (issue 33): each choice against the hard player's, judged by seeded
playouts, and the luck of the dice (sixes, knocks suffered against expected)."""

from __future__ import annotations

from ai.analysis import score_positions, summarise

KNOCK = "ludo:R:14,5,B,B/Y:37,B,B,B R 3"
"""Red to play a 3: 14-17 knocks Yellow's token three fields from its home line; 5-8 lets
it go."""

PLAYOUTS = 60


def test_declining_a_free_knock_is_marked() -> None:
    scores = score_positions(KNOCK, ["5-8"], 0, 2, PLAYOUTS)
    analysis = summarise(KNOCK, ["5-8"], scores, PLAYOUTS)
    [declined] = analysis.moves
    assert (declined.seat, declined.move, declined.best) == ("red", "5-8", "14-17")
    assert declined.kind in ("mistake", "blunder") and declined.loss >= 10
    red = analysis.players[0]
    assert (red.seat, red.matched, red.moves) == ("red", 0, 1)
    assert analysis.engine == f"hard + {PLAYOUTS} playouts" and analysis.unit == "win %"


def test_the_knock_itself_matches_hard_and_counts_as_suffered() -> None:
    moves = ["14-17", "roll:6"]
    scores = score_positions(KNOCK, moves, 0, 3, PLAYOUTS)
    assert scores == score_positions(KNOCK, moves, 0, 3, PLAYOUTS)  # seeded: the same again
    analysis = summarise(KNOCK, moves, scores, PLAYOUTS)
    [knock] = analysis.moves
    assert knock.kind is None and knock.best is None and knock.accuracy == 100
    players = {p.seat: p for p in analysis.players}
    assert players["red"].matched == 1 and players["yellow"].knocked == 1
    assert players["red"].knocked == 0
    assert (players["yellow"].sixes, players["yellow"].sixes_expected) == (1, 0.2)
    # every seat has a win-chance curve, one value per position, and Red's rose with the knock
    assert set(analysis.curves) == {"red", "yellow"}
    assert all(len(c) == len(moves) + 1 for c in analysis.curves.values())
    assert analysis.curves["red"][1] > analysis.curves["red"][0]
    assert abs(analysis.curves["red"][1] + analysis.curves["yellow"][1] - 100) < 0.1


def test_expected_knocks_count_the_rivals_reach() -> None:
    # Yellow to roll: Red's token on field 15 is 2
    # fields ahead of Yellow's token on field 13 (progress 33): one die face in six knocks it
    start = "ludo:R:15,B,B,B/Y:33,B,B,B Y"
    scores = score_positions(start, ["roll:1"], 0, 2, PLAYOUTS)
    analysis = summarise(start, ["roll:1"], scores, PLAYOUTS)
    red = analysis.players[0]
    assert red.knocked == 0 and red.knocked_expected == 0.2
