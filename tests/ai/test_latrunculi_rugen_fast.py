"""Hard's fast Rügen board agrees with the rules core exactly, and its search finds the known
best moves (issue 37, fifth round)."""

from __future__ import annotations

import random

import pytest

from ai import Level, choose_action
from ai.engines.latrunculi.rugen_fast import FastSearcher, RugenBoard, choose, to_fast
from ai.engines.latrunculi.search import MATE_BOUND
from rules.game import Game
from rules.model import Move, Side


def _fast(move: Move) -> int:
    origin, target = move.path
    return to_fast(origin) * 64 + to_fast(target)


def _winner(side: Side | None) -> int:
    return 0 if side is None else 1 if side is Side.WHITE else -1


def _play_both(game: Game, board: RugenBoard, rng: random.Random) -> bool:
    """One step of a random game on both boards, comparing everything; False when it ended.

    The moves lean towards captures and towards going back (so positions repeat and the
    third-occurrence rule bites), else they are uniformly random."""
    legal = game.legal_moves()
    assert sorted(map(_fast, legal)) == sorted(board.legal_moves())
    after: dict[int, tuple[list[int], object]] = {}
    for move in legal:  # every move's captures and end, by the rules, against the fast board
        result = game.push(move)
        outcome = game.outcome
        game.pop()
        after[_fast(move)] = (sorted(map(to_fast, result.captured)), outcome)
    wins = {m for m, (cap, out) in after.items() if cap or out is not None and out.winner}
    predicted = {m for _, m in board.captures(board.side)}
    assert predicted == {m for m in wins if after[m][0] or after[m][1] is not None}
    roll = rng.random()
    choice = None
    history = game.history
    if roll < 0.35 and len(history) >= 2:
        origin, target = history[-2].move.path
        back = to_fast(target) * 64 + to_fast(origin)
        choice = back if back in after else None
    if choice is None and roll < 0.75 and predicted:
        choice = rng.choice(sorted(predicted))
    if choice is None:
        choice = rng.choice(sorted(after))
    move = next(m for m in legal if _fast(m) == choice)
    game.push(move)
    captured = board.push(choice)
    assert sorted(captured) == after[choice][0]
    assert board.clock == game.state.clock
    outcome, fast = game.outcome, board.outcome()
    if outcome is None:
        assert fast is None
        return True
    assert fast == (_winner(outcome.winner), outcome.termination.value)
    return False


@pytest.mark.parametrize("rows", ["0", "1"])
def test_random_games_agree_with_the_rules(rows: str) -> None:
    seen_repeats = seen_captures = 0
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new("rugen", {"rows": rows})
        board = RugenBoard(game)
        for _ in range(120):
            seen_repeats += board.twice > 0
            if not _play_both(game, board, rng):
                break
        seen_captures += 32 - sum(board.soldiers.values())
        # Started again from the game's moves, the fast board is in the same place.
        again = RugenBoard(game)
        assert (again.board, again.hash, again.counts) == (board.board, board.hash, board.counts)
    assert seen_repeats and seen_captures  # the third-occurrence rule and captures were met


@pytest.mark.parametrize(
    "position",
    [
        # Endings: the eagle enclosed in a corner, the last soldiers taken, rows of two.
        "rugen:6Se/8/8/s7/8/8/8/S2E3S w",
        "rugen:8/8/2e5/8/3s4/8/3S4/S2E4 w",
        "rugen:8/8/e7/2S5/2s5/2s5/8/S2E4 w rows=1",
        "rugen:7e/6sS/7s/8/8/8/8/E6S w clock=97",
    ],
)
def test_small_positions_agree_to_the_end(position: str) -> None:
    rng = random.Random(7)
    ends = set()
    for _ in range(4):
        game = Game(position)
        board = RugenBoard(game)
        for _ in range(150):
            if not _play_both(game, board, rng):
                assert game.outcome is not None
                ends.add(game.outcome.termination.value)
                break
    assert ends  # the games were played to an end on both boards


def test_no_legal_move_loses_on_both() -> None:
    # White's soldier on a1 is walled in and its eagle too: after Black's move White is stuck.
    game = Game("rugen:8/8/8/8/8/8/ss6/ES1s4 b")
    board = RugenBoard(game)
    rules_move = game.parse_move("d1-c1")
    game.push(rules_move)
    board.push(_fast(rules_move))
    assert game.outcome is not None
    assert board.outcome() == (_winner(game.outcome.winner), game.outcome.termination.value)


def _best(position: str, nodes: int) -> str:
    game = Game(position)
    return str(choose(game, deadline=float("inf"), max_nodes=nodes).move)


def test_takes_the_eagle_at_once() -> None:
    assert _best("rugen:6Se/8/8/s7/8/8/8/S2E3S w", 2_000) == "h1-h7"


def _forces_a_win(game: Game, plies: int) -> bool:
    """Whether the side to move wins within ``plies`` (odd) whatever the other side does, by
    the rules core alone."""
    me = game.turn
    for move in game.legal_moves():
        game.push(move)
        won = game.outcome is not None and game.outcome.winner is me
        if not won and game.outcome is None and plies > 1:
            replies = game.legal_moves()
            won = bool(replies)
            for reply in replies:
                game.push(reply)
                outcome = game.outcome
                holds = outcome.winner is me if outcome else _forces_a_win(game, plies - 2)
                game.pop()
                if not holds:
                    won = False
                    break
        game.pop()
        if won:
            return True
    return False


def test_finds_an_eagle_hunt_three_plies_deep() -> None:
    # No move wins at once, but one shuts the Black eagle in on h8 within three plies.
    position = "rugen:1S5e/6S1/4s2S/8/s5s1/8/4S1E1/8 w"
    game = Game(position)
    assert not _forces_a_win(game, 1)
    result = choose(game, deadline=float("inf"), max_nodes=5_000)
    assert result.score >= MATE_BOUND  # a forced win was found
    game.push(result.move)
    assert game.outcome is None
    for reply in game.legal_moves():  # and it is one, by the rules
        game.push(reply)
        assert game.outcome is None and _forces_a_win(game, 1)
        game.pop()


def test_finds_a_double_threat() -> None:
    # d8-d6 (or d5-d6) threatens both b6 (taking b7 against b8) and f6 (taking f7 against f8);
    # no capture is possible now, and Black can parry only one.
    position = "rugen:1S1S1S2/1s3s2/8/3S4/8/7e/8/E7 w"
    game = Game(position)
    board = RugenBoard(game)
    assert not board.captures(board.side)
    result = choose(game, deadline=float("inf"), max_nodes=5_000)
    assert str(result.move) in {"d8-d6", "d5-d6"}
    assert result.score > 80  # a soldier won
    game.push(result.move)
    for reply in game.legal_moves():  # every Black answer leaves a capture, by the rules
        game.push(reply)
        board = RugenBoard(game)
        assert board.captures(board.side)
        game.pop()


@pytest.mark.parametrize("nodes", [None, 500, 3_000, 7_000])
def test_the_search_leaves_the_board_as_found(nodes: int | None) -> None:
    # Stopped anywhere (a node budget ends it as a deadline does, null moves included).
    game = Game("rugen:1ss5/s2s1e1s/1ss3s1/sSSsss1s/S3SSss/1S1E1S1S/S1S1S1S1/3S4 w clock=22")
    board = RugenBoard(game)
    before = (board.board[:], board.hash, dict(board.counts), board.clock, board.side)
    FastSearcher(board, float("inf"), max_depth=4, max_nodes=nodes, null_move=True).run()
    assert (board.board, board.hash, board.counts, board.clock, board.side) == before
    assert board.stack == []


def test_the_hard_level_plays_rugen_on_the_fast_board() -> None:
    position = "rugen:6Se/8/8/s7/8/8/8/S2E3S w"
    assert choose_action(position, Level.HARD, time_limit=0.3, seed=1) == "h1-h7"
    # From the start, after these moves a6-a7 would bring the start back a third time.
    moves = ["a2-a3", "a7-a6", "a3-a2", "a6-a7", "a2-a3", "a7-a6", "a3-a2"]
    game = Game.new("rugen")
    for text in moves:
        game.play(text)
    assert "a6-a7" not in {str(m) for m in game.legal_moves()}
    for seed in range(3):
        chosen = choose_action("rugen", Level.HARD, time_limit=0.2, seed=seed, moves=moves)
        assert chosen in {str(m) for m in game.legal_moves()}


# A trade on offer at level material: d1-d5 takes e5 (against f5), and Black's e8-e5 takes d5
# back (against c5). Hard's taste for simplification (issue 37, sixth round) takes it.
TRADE = "rugen:4s1se/8/8/2s1sSS1/8/8/8/ES1S4 w"


def test_the_trade_position_is_one_for_one() -> None:
    game = Game(TRADE)
    takes = []
    for move in game.legal_moves():
        if game.push(move).captured:
            takes.append(str(move))
        game.pop()
    assert takes == ["d1-d5"]  # White's only capture
    game.push(game.parse_move("d1-d5"))
    board = RugenBoard(game)
    assert board.captures(board.side) == [(1, _fast(game.parse_move("e8-e5")))]


def test_hard_trades_when_level() -> None:
    trade = _fast(Game(TRADE).parse_move("d1-d5"))
    assert _best(TRADE, 20_000) == "d1-d5"
    # Without the taste the same search keeps its soldiers: the term is what trades.
    plain = FastSearcher(RugenBoard(Game(TRADE)), float("inf"), max_nodes=20_000, simplify=0)
    assert plain.run()[0] != trade


def test_no_taste_for_trades_when_behind() -> None:
    behind = "rugen:s3s1se/8/8/2s1sSS1/8/8/8/ES1S4 w"  # Black has a soldier more on a8
    searchers = [
        FastSearcher(RugenBoard(Game(behind)), float("inf"), max_nodes=20_000, simplify=taste)
        for taste in (0, 30)
    ]
    assert [s.simplify for s in searchers] == [0, 0]
    assert searchers[0].run() == searchers[1].run()
