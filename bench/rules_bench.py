"""Rules-core speed: legal-move generation per position and perft nodes per second.

Prints, for every Latrunculi variant and for chess and draughts (through the house interface of
``rules.games``), the start position and a midgame reached by a seeded random game, beside
python-chess's own perft throughput on the chess start position measured in the same run; then
chess perft 4 (197,281) and draughts perft 6 (36,768) from the start, timed and checked; then
backgammon's legal-turn generation for the 21 rolls from the start and from a midgame; then ludo's
move generation per position (positions with the die set, from seeded random games of 2, 3 and 4
players) and whole random games per second, every one played to its end with the invariants of
``_ludo_invariants`` checked after every ply (``--ludo-games N`` per player count, 1,000 by
default: 3,000 games).
Every figure is CPU time of this process (:data:`CLOCK`), and python-chess's reference rate is
measured again right before each perft row it is compared with (its own column): on the shared
machine wall-clock rates swing threefold with the load within a minute, so a ratio of two
wall-clock rates taken minutes apart measured the load as much as the code.
Run: ``python bench/rules_bench.py`` (``--only-ludo`` for the ludo part alone).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import chess

from rules import Game, Session, find_game, open_session, variants
from rules.games.backgammon import BackgammonSession, format_xgid, generate
from rules.games.backgammon import parse_xgid as xgid_state
from rules.games.backgammon.steps import turn_so_far
from rules.games.ludo import BASE, FINISH, LudoRules, LudoSession
from rules.games.ludo import generate as ludo_generate

PERFT_BUDGET_S = 1.5
#: The clock of every figure: CPU seconds of this process, which do not count the time spent
#: waiting for a core other programs hold (the wall clock does).
CLOCK = time.process_time


def _time_per_call(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Median seconds per call over a few batches."""
    batch, samples = 1, []
    while True:
        t0 = CLOCK()
        for _ in range(batch):
            fn()
        elapsed = CLOCK() - t0
        if elapsed > min_seconds / 5:
            break
        batch *= 2
    for _ in range(5):
        t0 = CLOCK()
        for _ in range(batch):
            fn()
        samples.append((CLOCK() - t0) / batch)
    return statistics.median(samples)


def _perft_rate(
    perft: Callable[[int], int], budget: float = PERFT_BUDGET_S
) -> tuple[int, int, float]:
    """Deepest perft that fits the budget: (depth, nodes, nodes per second)."""
    depth, nodes, rate = 0, 0, 0.0
    for d in range(1, 8):
        t0 = CLOCK()
        n = perft(d)
        elapsed = CLOCK() - t0
        depth, nodes, rate = d, n, n / elapsed if elapsed else 0.0
        if elapsed * 25 > budget:  # the next depth would take far longer than the budget
            break
    return depth, nodes, rate


def _uncached_movegen(game: Game) -> Callable[[], object]:
    def run() -> object:
        game._moves = None  # noqa: SLF001 - measure generation, not the per-ply cache
        return game.legal_moves()

    return run


def _midgame(game_kind: str, options: dict[str, str] | None = None, plies: int = 40) -> Game:
    """A crowded position: a seeded random game of ``plies`` plies, or, where pieces start in
    hand, of just enough plies to place them all and move twice (a full board is the costly case
    for jump sequences)."""
    rng = random.Random(7)
    game = Game.new(game_kind, options)
    in_hand = sum(game.position.hand)
    target = in_hand + 2 if in_hand else plies
    for _ in range(target):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    if game.is_over:
        game.pop()
    return game


def _chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess's own perft loop (the library's documented way to count)."""
    if depth == 1:
        return board.legal_moves.count()
    n = 0
    for move in board.legal_moves:
        board.push(move)
        n += _chess_perft(board, depth - 1)
        board.pop()
    return n


def chess_rate() -> tuple[int, float]:
    """python-chess's perft rate from the start: (depth, nodes per second)."""
    board = chess.Board()
    depth, nodes, rate = _perft_rate(lambda d: _chess_perft(board, d))
    return depth, rate


def _uncached_session_movegen(session: Session[Any]) -> Callable[[], object]:
    def run() -> object:
        session._moves = None  # type: ignore[attr-defined]  # noqa: SLF001 - no per-ply cache
        session._judged = False  # type: ignore[attr-defined]  # noqa: SLF001
        return session.legal_moves()

    return run


def _session_midgame(game_id: str, plies: int) -> Session[Any]:
    rng = random.Random(7)
    session = open_session(game_id)
    for _ in range(plies):
        moves = session.legal_moves()
        if not moves:
            break
        session.push(rng.choice(moves))
    if session.is_over:
        session.pop()
    return open_session(session.position_text())


def fixed_perfts() -> None:
    """The pinned counts from the start, timed: chess 4 beside python-chess's own loop."""
    t0 = CLOCK()
    ours = open_session("chess").perft(4)
    ours_s = CLOCK() - t0
    t0 = CLOCK()
    reference = _chess_perft(chess.Board(), 4)
    reference_s = CLOCK() - t0
    assert ours == reference == 197_281, (ours, reference)
    print(
        f"chess perft 4 = {ours:,}: {ours_s:.2f} s ({ours / ours_s:,.0f} nodes/s) through the "
        f"session; python-chess's own loop {reference_s:.2f} s; ratio {reference_s / ours_s:.2f}"
    )
    t0 = CLOCK()
    nodes = open_session("draughts").perft(6)
    elapsed = CLOCK() - t0
    assert nodes == 36_768, nodes
    print(f"draughts perft 6 = {nodes:,}: {elapsed:.2f} s ({nodes / elapsed:,.0f} nodes/s)")


ROLLS = [(high, low) for high in range(1, 7) for low in range(1, high + 1)]


def _backgammon_midgame() -> BackgammonSession:
    """A contact position: a seeded random game through the session, 30 turns in, stopped
    where a roll is due (the rolls are then set one by one)."""
    rng = random.Random(7)
    session = open_session("backgammon")
    assert isinstance(session, BackgammonSession)
    turns = 0
    while turns < 30 and session.outcome is None:
        if session.chance_due:
            session.play(session.roll(rng))
            continue
        session.push(rng.choice([m for m in session.legal_moves() if str(m) != "double"]))
        turns += session.state.dice is None
    return session


def backgammon_turns() -> None:
    """Legal-turn generation for each of the 21 rolls: the bare generator and through the
    session (generation + canonical texts, as ``moves`` prints them), µs per roll."""
    start = xgid_state(find_game("backgammon").start())
    mid = _backgammon_midgame().state
    print(
        f"{'backgammon (21 rolls)':34} {'gen µs/roll':>12} {'max roll':>12} {'session µs':>11}"
        f" {'plays':>6}"
    )
    for name, state in (("backgammon start", start), ("backgammon midgame", mid)):
        me, opp = state.points[state.turn], state.points[1 - state.turn]
        per_roll = [
            _time_per_call(lambda d=dice, m=me, o=opp: generate(m, o, d), 0.05) for dice in ROLLS
        ]
        plays = sum(len(generate(me, opp, dice)) for dice in ROLLS)
        sessions = []
        for dice in ROLLS:
            state.dice = dice
            session = find_game("backgammon").session(format_xgid(state))
            assert isinstance(session, BackgammonSession)

            def listed(s: BackgammonSession = session) -> object:
                s._plays = None  # noqa: SLF001 - measure generation, not the per-ply cache
                return s.legal_actions()

            sessions.append(_time_per_call(listed, 0.05))
        state.dice = None
        worst = max(range(len(ROLLS)), key=per_roll.__getitem__)
        print(
            f"{name:34} {statistics.mean(per_roll) * 1e6:>12.1f} "
            f"{per_roll[worst] * 1e6:>7.1f} ({ROLLS[worst][0]}-{ROLLS[worst][1]}) "
            f"{statistics.mean(sessions) * 1e6:>11.1f} {plays:>6}"
        )
    print(
        "  (start position as " + format_xgid(start) + ";\n   midgame as " + format_xgid(mid) + ")"
    )


def backgammon_steps() -> None:
    """The Move picker's work per pick (:func:`rules.games.backgammon.steps.turn_so_far`: the
    steps that still lead to a legal turn), for the first menu and after one step, averaged
    over the 21 rolls, µs per pick."""
    start = xgid_state(find_game("backgammon").start())
    mid = _backgammon_midgame().state
    print(f"{'backgammon step picker (21 rolls)':34} {'first µs':>12} {'after 1 µs':>12}")
    for name, state in (("backgammon start", start), ("backgammon midgame", mid)):
        me, opp = state.points[state.turn], state.points[1 - state.turn]
        firsts, seconds = [], []
        for dice in ROLLS:
            now = turn_so_far(me, opp, dice, ())
            firsts.append(
                _time_per_call(lambda d=dice, m=me, o=opp: turn_so_far(m, o, d, ()), 0.05)
            )
            if now.choices:
                one = ((now.choices[0][0], now.choices[0][2]),)
                seconds.append(
                    _time_per_call(lambda d=dice, m=me, o=opp, s=one: turn_so_far(m, o, d, s), 0.05)
                )
        print(
            f"{name:34} {statistics.mean(firsts) * 1e6:>12.1f} "
            f"{statistics.mean(seconds) * 1e6:>12.1f}"
        )


def _ludo_invariants(session: LudoSession, finished: dict[str, int]) -> None:
    """After a ply: four tokens for every colour still playing (16 in a game of four, four per
    seated colour), every seat playing or gone, the position one the rules core accepts (its
    parser refuses two colours on one track field and a second finished colour; a token of
    another colour cannot stand on a home line, progress 40–43 being its own line), and no
    colour's finished count going down."""
    state = session.state
    assert sum(len(t) for t in state.tokens.values()) == 4 * len(state.active)
    assert len(state.active) + len(state.left) == len(state.seats)
    assert all(BASE <= p <= FINISH for t in state.tokens.values() for p in t)
    assert LudoRules().session(session.position_text()).position_text() == (session.position_text())
    for colour, tokens in state.tokens.items():
        done = tokens.count(FINISH)
        assert done >= finished.get(colour, 0), "a finished token came back"
        finished[colour] = done


def _ludo_game(players: int, rng: random.Random, positions: list[str] | None = None) -> int:
    """One random ludo game from the roll for the first player to its end; returns its plies.
    Checks :func:`_ludo_invariants` after every ply and that the game ends (only with a
    colour's four tokens finished); collects positions with the die set."""
    session = open_session(LudoRules().opening({"players": str(players)}))
    assert isinstance(session, LudoSession)
    plies = 0
    finished: dict[str, int] = {}
    while session.outcome is None:
        if session.chance_due:
            session.play(session.roll(rng))
        else:
            if positions is not None:
                positions.append(session.position_text())
            session.push(rng.choice(session.legal_moves()))
        plies += 1
        _ludo_invariants(session, finished)
        assert plies < 20_000, "a ludo game did not end"
    winner = session.outcome.winner
    assert winner is not None and session.state.tokens[winner[0].upper()].count(FINISH) == 4
    return plies


def ludo_moves(games: int) -> None:
    """Move generation per position (bare, and through the session as ``moves`` lists them),
    then whole random games per second for 2, 3 and 4 players."""
    print(
        f"{'ludo':34} {'gen µs/pos':>11} {'session µs':>11} {'positions':>10}"
        f" {'games/s':>9} {'plies/game':>11}"
    )
    for players in (2, 3, 4):
        rng = random.Random(players)
        positions: list[str] = []
        for _ in range(3):
            _ludo_game(players, rng, positions)
        sessions = [LudoRules().session(p) for p in positions]
        states = [(s.state.tokens[s.state.to_move], s.state.die or 0) for s in sessions]

        def bare_run(st: list[tuple[list[int], int]] = states) -> object:
            return [ludo_generate(tokens, die) for tokens, die in st]

        def listed_run(ss: list[LudoSession] = sessions) -> object:
            return [s.legal_actions() for s in ss]

        bare = _time_per_call(bare_run, 0.2) / len(states)
        listed = _time_per_call(listed_run, 0.2) / len(states)
        t0 = CLOCK()
        total = sum(_ludo_game(players, rng) for _ in range(games))
        elapsed = CLOCK() - t0
        print(
            f"{f'ludo {players} players':34} {bare * 1e6:>11.2f} {listed * 1e6:>11.2f}"
            f" {len(states):>10} {games / elapsed:>9.1f} {total / games:>11.0f}"
        )
    print(f"  ({games} random games per player count, each played to its end)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ludo-games", type=int, default=1000, metavar="N")
    parser.add_argument("--only-ludo", action="store_true")
    args = parser.parse_args()
    if args.only_ludo:
        ludo_moves(args.ludo_games)
        return
    print(
        f"{'position':34} {'movegen µs':>11} {'moves':>6} {'perft d':>8} {'nodes':>9}"
        f" {'nodes/s':>10} {'chess n/s':>10} {'vs chess':>9}"
    )
    cases: list[tuple[str, Game]] = []
    for v in variants():
        cases.append((f"{v.id} start", Game.new(v.id)))
        for opt in v.options:
            for value in opt.values:
                if value != opt.default:
                    cases.append(
                        (f"{v.id} start {opt.key}={value}", Game.new(v.id, {opt.key: value}))
                    )
        cases.append((f"{v.id} midgame", _midgame(v.id)))
    rows: list[tuple[str, Callable[[], object], int, Callable[[int], int]]] = [
        (name, _uncached_movegen(game), len(game.legal_moves()), game.perft) for name, game in cases
    ]
    for game_id in ("chess", "draughts"):
        for name, session in (
            (f"{game_id} start", open_session(game_id)),
            # Draughts thins out fast: 16 random plies still leave a crowded board.
            (f"{game_id} midgame", _session_midgame(game_id, 40 if game_id == "chess" else 16)),
        ):
            rows.append(
                (
                    name,
                    _uncached_session_movegen(session),
                    len(session.legal_moves()),
                    session.perft,
                )
            )
    for name, movegen, n_moves, perft in rows:
        per_call = _time_per_call(movegen)
        reference = chess_rate()[1]  # measured next to the row it is compared with
        depth, nodes, rate = _perft_rate(perft)
        print(
            f"{name:34} {per_call * 1e6:>11.1f} {n_moves:>6} {depth:>8} {nodes:>9}"
            f" {rate:>10,.0f} {reference:>10,.0f} {rate / reference:>9.2f}"
        )
    fixed_perfts()
    backgammon_turns()
    backgammon_steps()
    ludo_moves(args.ludo_games)


if __name__ == "__main__":
    main()
