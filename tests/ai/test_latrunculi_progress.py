"""Issue 37's search terms on positions with a known answer: the contempt (the side ahead
avoids a repetition and the fifty-move draw), the fifty-move scaling, the pressure on an
eagle, and late-move reductions that still find what the full search finds. Fixed depths, no
clock: every search here has a deadline far away and stops at its depth."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ai.engines.latrunculi import evaluation
from ai.engines.latrunculi.evaluation import EVALUATORS, MATERIAL, evaluate_rugen
from ai.engines.latrunculi.search import Searcher
from rules.game import Game
from rules.model import Side
from rules.position import State

FAR = 1e18  # a deadline that never comes: the depth ends every search here


def _searcher(game: Game, depth: int, **kwargs: object) -> Searcher:
    return Searcher(
        game,
        kwargs.pop("evaluate", EVALUATORS[game.variant.id]),  # type: ignore[arg-type]
        FAR,
        depth,
        rng=random.Random(0),
        **kwargs,  # type: ignore[arg-type]
    )


def _shuffled() -> Game:
    """White (three soldiers to one, so ahead) and Black have each gone there and back once:
    the start position has occurred twice, and White's h1-h2 would bring back the position
    after the first move, which the search scores as a draw."""
    game = Game("rugen:s3e3/8/8/8/8/8/8/S2E2SS w")
    for text in ("h1-h2", "a8-a7", "h2-h1", "a7-a8"):
        game.play(text)
    assert game.occurrences() == 2
    return game


def _slightly_worse(state: State) -> int:
    """Every position a little worse for White than a draw (White's view)."""
    return -10


def test_without_contempt_a_repetition_beats_a_slightly_worse_position() -> None:
    game = _shuffled()
    result = _searcher(game, 1, evaluate=_slightly_worse, quiescence=False).run()
    assert str(result.move) == "h1-h2" and result.score == 0


def test_the_side_ahead_avoids_a_repetition_draw() -> None:
    game = _shuffled()
    result = _searcher(
        game,
        1,
        evaluate=_slightly_worse,
        quiescence=False,
        contempt=True,
        material=MATERIAL["rugen"],
    ).run()
    assert str(result.move) != "h1-h2"
    assert result.score == -10
    assert game.ply == 4  # the game is left as found


def _a_piece_down(state: State) -> int:
    """Every position a soldier worse for White (White's view), as if every move but the
    repetition lost one."""
    return -100


def test_the_side_far_ahead_goes_back_to_a_position_rather_than_give_a_piece_away() -> None:
    """A position met before is no end, only going round in circles: White, seven soldiers up
    (a draw would cost it the full contempt), still prefers the repetition to losing a piece."""
    game = Game("rugen:s3e3/8/8/8/8/8/SSSSSS2/S2E2SS w")
    for text in ("h1-h2", "a8-a7", "h2-h1", "a7-a8"):
        game.play(text)
    assert game.occurrences() == 2
    searcher = _searcher(
        game,
        1,
        evaluate=_a_piece_down,
        quiescence=False,
        contempt=True,
        material=MATERIAL["rugen"],
    )
    assert searcher.root_draw < -100  # a real draw would cost more than the piece
    result = searcher.run()
    assert str(result.move) == "h1-h2"
    assert -100 < result.score < 0


def test_the_contempt_grows_with_the_lead_and_vanishes_when_behind() -> None:
    ahead = Game("rugen:s3e3/8/8/8/8/8/8/S2E2SS w")  # White leads by two soldiers
    level = Game("rugen:s3e3/8/8/8/8/8/8/S2E4 w")
    draws = [
        _searcher(g, 1, contempt=True, material=MATERIAL["rugen"]).root_draw for g in (ahead, level)
    ]
    assert draws[0] < draws[1] < 0
    losing = Game("rugen:ss2e3/8/8/8/8/8/8/S2E4 w")  # White is a soldier down
    assert _searcher(losing, 1, contempt=True, material=MATERIAL["rugen"]).root_draw == 0
    assert _searcher(ahead, 1).root_draw == 0  # no contempt unless asked


def test_on_the_fifty_move_clock_the_side_ahead_captures() -> None:
    """Clock 99: every move but a capture ends the game drawn at once. a2-a3 takes b3
    (flanked with c3) and keeps the game and White's lead alive."""
    position = "rugen:4e3/6s1/8/8/8/1sS5/S7/3E3S w clock=99"
    game = Game(position)
    result = _searcher(game, 2, contempt=True, material=MATERIAL["rugen"]).run()
    assert str(result.move) == "a2-a3"
    assert result.score > 0


def test_a_forced_fifty_move_draw_scores_below_zero_for_the_side_ahead() -> None:
    position = "rugen:4e3/6s1/8/8/8/8/S7/3E3S w clock=99"  # no capture in sight
    plain = _searcher(Game(position), 1).run()
    keen = _searcher(Game(position), 1, contempt=True, material=MATERIAL["rugen"]).run()
    assert plain.score == 0
    assert keen.score < 0


def test_the_evaluation_fades_towards_the_draw_as_the_clock_runs_out() -> None:
    scores = []
    for clock in (0, 50, 75, 99):
        game = Game(f"rugen:4e3/6s1/8/8/8/8/S7/3E3S w clock={clock}")
        scores.append(_searcher(game, 1)._static())
    assert scores[0] == scores[1] > scores[2] > scores[3] >= 0


def test_an_enemy_soldier_close_to_the_eagle_is_pressure() -> None:
    """The same soldier two squares from the Black eagle rather than far from it, on the same
    rank (same advance, same free neighbours): better for White."""
    near = evaluate_rugen(Game("rugen:8/3s4/8/4e3/8/2S5/8/3E4 w").state)
    far = evaluate_rugen(Game("rugen:8/3s4/8/4e3/8/8/8/S2E4 w").state)
    close = evaluate_rugen(Game("rugen:8/3s4/8/4e3/8/4S3/8/3E4 w").state)
    assert close > far
    assert near >= far


def test_reductions_find_what_the_full_search_finds() -> None:
    """Black threatens to shut the White eagle in the a1 corner (the parry test of the engine
    tests); a reduced search at depth 3 parries it as the full one does."""
    position = "classic:1s2e3/7S/8/2S5/5S2/8/S7/E5s1 w"
    for reductions in (False, True):
        game = Game(position)
        move = _searcher(game, 3, reductions=reductions).run().move
        game.push(move)
        threats = []
        for reply in game.legal_moves():
            game.push(reply)
            if game.outcome is not None and game.outcome.winner is not None:
                threats.append(reply)
            game.pop()
        assert not threats, (reductions, move, threats)


def _trade_bonus(position: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """What the trading-down term adds to White's evaluation of ``position``."""
    game = Game(position)
    evaluate = EVALUATORS[game.variant.id]
    monkeypatch.setattr(evaluation, "WEIGHTS", dataclasses.replace(evaluation.WEIGHTS, trade=0))
    without = evaluate(game.state)
    monkeypatch.setattr(evaluation, "WEIGHTS", dataclasses.replace(evaluation.WEIGHTS, trade=50))
    return evaluate(game.state) - without


def test_a_lead_is_worth_more_the_fewer_pieces_are_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """One soldier up with 3 of 32 left is closer to taking them all (and every capture resets
    the fifty-move clock) than one up with 31 left: the side ahead trades, the side behind not."""
    few = _trade_bonus("rugen:s3e3/8/8/8/8/8/8/S2E2S1 w", monkeypatch)
    many = _trade_bonus("rugen:ssssssss/sssssss1/4e3/8/8/3E4/SSSSSSSS/SSSSSSSS w", monkeypatch)
    assert few > many > 0
    behind = _trade_bonus("rugen:s3e2s/8/8/8/8/8/8/S2E4 w", monkeypatch)
    assert behind == -few
    even = _trade_bonus("rugen:s3e3/8/8/8/8/8/8/S2E4 w", monkeypatch)
    assert even == 0
    lat = _trade_bonus("lat:9vq/11/11/11/11/11/11/QV8V w", monkeypatch)
    assert lat > 0


def _captures(game: Game) -> list[str]:
    """The side to move's moves that capture or win, by the rules."""
    out = []
    for move in game.legal_moves():
        result = game.push(move)
        if result.captured or game.outcome is not None:
            out.append(str(move))
        game.pop()
    return out


def _every_reply_loses_a_piece(game: Game) -> bool:
    """After the last move: the opponent cannot capture, and whatever it plays, the mover then
    captures (a double threat, or a threat that cannot be parried)."""
    if game.outcome is not None or _captures(game):
        return False
    for reply in game.legal_moves():
        game.push(reply)
        ok = game.outcome is None and bool(_captures(game))
        game.pop()
        if not ok:
            return False
    return True


@pytest.mark.parametrize(
    "position",
    [
        # Black to move, no capture on the board: d6-d5 threatens two soldiers at once.
        "rugen:ssssssss/s2sssss/3se1S1/2S1S3/1S6/S1SESS2/1S1S3S/SS1S1SS1 b clock=8",
        # White to move: d5-d4 leaves Black no way to keep all its soldiers.
        "rugen:1sssssss/s1ssss2/s3e3/1S1S3s/2s5/S2E2s1/2SSSSS1/SSSSSSSS w clock=12",
    ],
)
def test_hard_plays_the_double_threat(position: str) -> None:
    """Positions found by playing random games: no capture yet, and exactly one quiet move
    after which every reply loses a piece. Hard's search (depth 3, reductions, contempt) finds
    it."""
    game = Game(position)
    assert not _captures(game)
    result = _searcher(game, 3, contempt=True, material=MATERIAL["rugen"], reductions=True).run()
    game.push(result.move)
    assert _every_reply_loses_a_piece(game)


def test_contacts_count_free_enemy_pieces_side_by_side() -> None:
    """Two pairs of enemies touch (d4–d5 and d4–e4); a pair of one side is no contact, and in
    classic a captive touches nothing."""
    assert evaluation.contacts(Game("rugen:4e3/8/8/3s4/3Ss3/8/8/2SE4 w").state) == 2
    assert evaluation.contacts(Game("rugen:4e3/8/8/8/8/8/8/2SE4 w").state) == 0
    game = Game("classic:4e3/8/8/8/3sS3/8/8/2S1E3 w")
    assert evaluation.contacts(game.state) == 1
    game.play("c1-c4")  # d4 is taken captive between c4 and e4
    d4 = game.state.cells[3 + 3 * 16]  # file d, rank 4 (16 squares a rank)
    assert d4 is not None and d4.held
    assert evaluation.contacts(game.state) == 0


def _level(state: State) -> int:
    """Every position level (White's view)."""
    return 0


def test_tension_makes_the_searching_side_seek_contact() -> None:
    """With an evaluation that sees nothing, the tension alone decides: the searching side
    (hard's taste, ``Style.tension``) moves next to an enemy (c1-c5 is the only such move);
    without it every move scores level."""
    position = "rugen:4e3/8/8/3s4/8/8/8/2S1E3 w"
    game = Game(position)
    after = {}
    for move in game.legal_moves():
        game.push(move)
        after[str(move)] = evaluation.contacts(game.state)
        game.pop()
    result = _searcher(game, 1, evaluate=_level, quiescence=False, tension=6).run()
    assert after[str(result.move)] == max(after.values()) == 1
    assert result.score == 6
    plain = _searcher(Game(position), 1, evaluate=_level, quiescence=False).run()
    assert plain.score == 0


def test_hard_orders_quiet_moves_next_to_an_enemy_first() -> None:
    """Late-move pruning near the horizon keeps only the first quiet moves, so a quiet move that
    can threaten (it lands next to an enemy: c1-c5 here) is ordered before the others."""
    game = Game("rugen:4e3/8/8/3s4/8/8/8/2S1E3 w")
    ordered = _searcher(game, 1, reductions=True)._ordered(game.legal_moves(), None, 0)
    assert str(ordered[0]) == "c1-c5"


def test_schadlers_quiescence_stays_small() -> None:
    """A movement-phase position where nearly every landing traps: a depth-2 search took over
    22,000 nodes (4 s) when quiescence tried every capture, so hard reached depth 1 in its
    time. With the two best captures a node it takes about 3,600."""
    position = "schadler:4C3/1c1cccC1/1C4c1/4cC2/C2cCc2/1CC2Ccc/C3C3/1cC*c4 w hand=0,0"
    game = Game(position)
    result = _searcher(game, 2, contempt=True, material=MATERIAL["schadler"]).run()
    assert result.depth == 2
    assert result.nodes < 5_000


def test_hooks_count_enemy_pieces_flanked_on_one_side_with_the_other_empty() -> None:
    """d5 is hooked twice by White (c5 with e5 empty, d4 with d6 empty) but
    counts once; Black's eagle next to d8 is never counted (eagles are not taken by flanking).
    For Black, c5, d4 and d8 are each hooked once (by d5 or by the eagle)."""
    game = Game("rugen:3Se3/8/8/2Ss4/3S4/8/8/4E3 w")
    assert evaluation.hooks(game.state, Side.WHITE) == 1
    assert evaluation.hooks(game.state, Side.BLACK) == 3
    # A piece flanked by an enemy on one side and its own piece on the other is not hooked.
    assert evaluation.hooks(Game("rugen:4e3/8/8/2Sss3/8/8/8/4E3 w").state, Side.WHITE) == 0


def test_hooks_make_the_searching_side_half_flank_an_enemy() -> None:
    """With an evaluation that sees nothing, hard's hooks term alone decides: White's rook on
    h4 goes under d5 or e5 (each then has White on one side and an empty square on the other),
    which is worth the weight; without the term every move scores level."""
    position = "rugen:4e3/8/8/3ss3/7S/8/8/2E5 w"
    game = Game(position)
    assert evaluation.hooks(game.state, Side.WHITE) == 0
    result = _searcher(game, 1, evaluate=_level, quiescence=False, hooks=10).run()
    assert str(result.move) in ("h4-d4", "h4-e4")
    assert result.score == 10
    plain = _searcher(Game(position), 1, evaluate=_level, quiescence=False).run()
    assert plain.score == 0


def test_lat_hooks_follow_lats_own_anvils() -> None:
    """A Valkyrie is taken against any piece beyond it: e5, beside its own Berserker on d5 with
    f5 empty, is hooked. A Berserker only against an enemy Berserker or Queen: e3 beside a
    White Valkyrie is not hooked, beside a White Berserker it is."""
    valkyrie_beside = Game("lat:5q5/11/11/3bv6/11/3Vb6/11/5Q5 w")
    assert evaluation.hooks_lat(valkyrie_beside.state, Side.WHITE) == 1
    berserker_beside = Game("lat:5q5/11/11/3bv6/11/3Bb6/11/5Q5 w")
    assert evaluation.hooks_lat(berserker_beside.state, Side.WHITE) == 2
