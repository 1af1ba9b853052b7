"""The ludo analysis (issue 33): each choice against the hard player's, judged by seeded
playouts, and the luck of the dice (sixes, knocks suffered against expected)."""

from __future__ import annotations

import random

from ai.analysis import score_positions, summarise
from ai.analysis.ludo import ROUNDS, fast_moves, settled
from rules.games.ludo import FINISH
from rules.games.ludo.moves import generate
from rules.games.ludo.position import BASE

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
    assert analysis.engine == f"hard + {PLAYOUTS}–{ROUNDS * PLAYOUTS} playouts"
    assert analysis.unit == "win %"


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


def test_the_fast_playouts_move_as_the_rules_do() -> None:
    # the playouts' own move generator lists exactly the rules' moves, in the same order
    rng = random.Random(3)
    values = [BASE] * 6 + list(range(FINISH + 1)) + [FINISH] * 4
    for _ in range(3000):
        tokens = [rng.choice(values) for _ in range(4)]
        for die in range(1, 7):
            expected = [(m.src, m.dst, m.count) for m in generate(tokens, die)]
            assert fast_moves(tokens, die) == expected, (tokens, die)


def test_a_choice_is_judged_until_its_class_is_clear() -> None:
    # paired playouts: the mover won every one after hard's move and none after the played
    # one: 100 points, clear of every threshold at once
    assert settled("R", ["Y"] * 50, ["R"] * 50)
    # no difference at all: 0 ± 0, clear too
    assert settled("R", ["R", "Y"] * 25, ["R", "Y"] * 25)
    # 6 of 50 paired playouts swung to the mover: 12 ± 9 points holds the 5, 10 and 15
    # thresholds, so more playouts are needed
    assert not settled("R", ["Y"] * 50, ["R"] * 6 + ["Y"] * 44)
    # a quarter of 800 pairs: 25 ± 3.1, a blunder beyond doubt
    assert settled("R", ["Y"] * 800, (["R"] + ["Y"] * 3) * 200)
    # the declined knock was judged by whole rounds of playouts, at most ROUNDS
    scores = score_positions(KNOCK, ["5-8"], 0, 1, PLAYOUTS)
    assert scores[0]["playouts"] in [PLAYOUTS * (n + 1) for n in range(ROUNDS)]
