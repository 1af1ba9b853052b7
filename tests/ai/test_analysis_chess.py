"""The chess analysis (issue 33): lichess's maths, a hung queen classed a blunder by the
built-in search and by Stockfish, and an analysis resumed in batches equal to one run."""

from __future__ import annotations

import math
import shutil

import pytest

from ai.analysis import score_positions, summarise
from ai.analysis.chess import ChessAnalyser
from ai.analysis.review import classify, game_accuracy, move_accuracy, win_percent
from rules.games import replay

HUNG_QUEEN = ["e4", "e5", "Nf3", "Qh4", "Nxh4"]
"""2…Qh4 leaves the queen to the knight on f3."""

STOCKFISH = shutil.which("stockfish") or "/usr/games/stockfish"


def test_lichess_win_chance_and_accuracy() -> None:
    assert win_percent(0) == 50.0
    # lichess: +100 centipawns is a 59.1 % chance, −300 a 24.9 % one
    assert win_percent(100) == pytest.approx(59.1, abs=0.05)
    assert win_percent(-300) == pytest.approx(24.9, abs=0.05)
    assert move_accuracy(60, 60) == 100.0 and move_accuracy(60, 70) == 100.0
    # a move losing 10 points of win chance: 103.1668·e^(−0.4354) − 3.1669 + 1
    expected = 103.1668100711649 * math.exp(-0.4354415386753951) - 3.166924740191411 + 1
    assert move_accuracy(60, 50) == pytest.approx(expected)
    assert move_accuracy(100, 0) == 0.0
    # classes: 0.1 / 0.2 / 0.3 of lichess's −1…+1 scale, i.e. 5 / 10 / 15 points of win %
    assert [classify(d) for d in (4.9, 5, 10, 15, 60)] == [
        None,
        "inaccuracy",
        "mistake",
        "blunder",
        "blunder",
    ]
    # one bad move drags the harmonic half of the accuracy down
    assert game_accuracy([100, 100, 100], [1, 1, 1]) == 100.0
    assert game_accuracy([100, 100, 10], [1, 1, 1]) < 60


@pytest.mark.parametrize(
    ("analyser", "depth"),
    [(ChessAnalyser(path=""), 2), (ChessAnalyser(path=STOCKFISH), 8)],
    ids=["built-in", "stockfish"],
)
def test_a_hung_queen_is_a_blunder(analyser: ChessAnalyser, depth: int) -> None:
    session = replay("chess", HUNG_QUEEN[:3])
    with analyser.prepared():
        before = analyser.score(session, depth)
        session.play("Qh4")
        after = analyser.score(session, depth)
    assert before.seat == "black" and after.seat == "white"
    assert before.best != "Qh4"
    assert after.value > 600  # White wins the queen
    assert after.best == "Nxh4"
    assert analyser.engine(depth).startswith("Stockfish" if analyser.path else "built-in")


def test_the_whole_game_names_the_blunder_and_resumes_in_batches() -> None:
    whole = score_positions("chess", HUNG_QUEEN, 0, 10, 2)
    parts = score_positions("chess", HUNG_QUEEN, 0, 2, 2) + score_positions(
        "chess", HUNG_QUEEN, 2, 10, 2
    )
    assert parts == whole and len(whole) == len(HUNG_QUEEN) + 1
    analysis = summarise("chess", HUNG_QUEEN, whole, 2)
    qh4 = analysis.moves[3]
    assert (qh4.move, qh4.seat, qh4.kind) == ("Qh4", "black", "blunder")
    assert qh4.best is not None and qh4.best != "Qh4" and qh4.loss > 6
    assert analysis.moves[4].kind is None  # taking the queen is no mistake
    white, black = analysis.players
    assert (white.seat, black.seat) == ("white", "black")
    assert black.blunders == 1 and white.blunders == 0 and white.mistakes == 0
    assert black.accuracy < white.accuracy
    assert analysis.costliest(3)[-1] == qh4
    assert analysis.curve[0] == pytest.approx(50, abs=5) and analysis.curve[-1] > 90
    again = type(analysis).from_json(analysis.to_json())
    assert again == analysis


def test_the_end_of_the_game_scores_as_its_result() -> None:
    mate = ["f3", "e5", "g4", "Qh4#"]
    [last] = score_positions("chess", mate, 4, 1, 1)
    assert (last["seat"], last["win"], last["best"]) == ("white", 0.0, None)


def test_a_stockfish_that_cannot_start_fails_the_batch_rather_than_mixing_engines(
    tmp_path,
) -> None:
    from ai.analysis.chess import AnalysisEngineError

    broken = tmp_path / "stockfish"
    broken.write_text("#!/bin/sh\nexit 3\n")
    broken.chmod(0o755)
    analyser = ChessAnalyser(path=str(broken))
    with pytest.raises(AnalysisEngineError, match="cannot start"):
        with analyser.prepared():
            pass
