"""The draughts and Latrunculi analyses (issue 33) on positions with known errors: a missed
shot in draughts, leaving the eagle to be enclosed in classic Latrunculi."""

from __future__ import annotations

from ai.analysis import score_positions, summarise

SHOT = "draughts:W:W18,21,23,24,26,27,28,29,30,31,32:B1,2,3,4,6,7,8,9,10,11,12"
"""White to move: 18-15 gives a man to win two (a shot); 26-22 lets it go."""

EAGLE = "classic:s1s1s1s1/2e3S1/8/1s2S2s/SS2s3/2S4s/4SE2/3S1S2 w"
"""White to move: the eagle's f2-f8 walks into a trap (c7-f7 encloses it on f8)."""


def test_draughts_a_missed_shot_is_a_blunder() -> None:
    moves = ["26-22"]
    scores = score_positions(SHOT, moves, 0, 2, 6)
    analysis = summarise(SHOT, moves, scores, 6)
    [missed] = analysis.moves
    assert (missed.seat, missed.move, missed.best) == ("white", "26-22", "18-15")
    assert missed.kind == "blunder" and missed.loss >= 1.0  # a man or more
    assert analysis.engine == "search depth 6" and analysis.unit == "men"


def test_draughts_the_shot_itself_is_no_mistake() -> None:
    scores = score_positions(SHOT, ["18-15"], 0, 2, 6)
    [played] = summarise(SHOT, ["18-15"], scores, 6).moves
    assert played.kind is None and played.best is None and played.accuracy > 90


def test_latrunculi_leaving_the_eagle_to_be_enclosed_is_a_blunder() -> None:
    moves = ["f2-f8", "c7-f7"]
    scores = score_positions(EAGLE, moves, 0, 3, 2)
    assert (scores[-1]["seat"], scores[-1]["win"]) == ("white", 0.0)  # the end: White lost
    analysis = summarise(EAGLE, moves, scores, 2)
    left, enclosed = analysis.moves
    assert (left.seat, left.move, left.kind) == ("white", "f2-f8", "blunder")
    assert left.best is not None and left.best != "f2-f8" and left.after < 1.0
    assert enclosed.kind is None  # the winning enclosure is the engine's own choice
    players = {p.seat: p for p in analysis.players}
    assert players["white"].blunders == 1 and players["black"].blunders == 0
    first = analysis.players[0].seat  # the curve is the first seat's win chance
    assert analysis.curve[-1] == (0.0 if first == "white" else 100.0)


SCHADLER = "schadler:8/8/8/4c3/2cC4/8/8/C7 w hand=0,0"
"""After the placement, White to move: d4 sits beside Black's c4, and e5-e4 would enclose it."""


def test_schadler_leaving_a_counter_to_be_enclosed_is_a_blunder() -> None:
    moves = ["a1-a2", "e5-e4"]
    scores = score_positions(SCHADLER, moves, 0, 3, 2)
    analysis = summarise(SCHADLER, moves, scores, 2)
    left, enclosed = analysis.moves
    assert (left.seat, left.move, left.kind) == ("white", "a1-a2", "blunder")
    assert left.best is not None and left.best.startswith("d4-") and left.after < 1.0
    assert enclosed.kind is None


def test_schadler_placements_are_judged_in_the_same_position() -> None:
    # The placement evaluation favours the side to place; a same-position judgement leaves a
    # sensible placement unclassed, whichever side placed it.
    start = "schadler:8/8/8/8/8/8/8/8 w hand=16,16"
    moves = ["@a8", "@f7", "@b3", "@d5", "@a6", "@e2"]
    scores = score_positions(start, moves, 0, len(moves) + 1, 2)
    analysis = summarise(start, moves, scores, 2)
    assert [m.kind for m in analysis.moves] == [None] * len(moves)
    assert all(abs(m.before - m.after) < 3 for m in analysis.moves)
