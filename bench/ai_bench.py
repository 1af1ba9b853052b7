"""The computer opponent's strength and speed: matches between players, per game.

For every Latrunculi rule set (classic 8×8 and 12×8, rugen with and without rows, schadler,
lat) it plays, with colours alternating and fixed seeds (game *i* uses seed ``--seed + i``):

* hard vs a one-ply greedy player (a move that wins at once, else the one capturing most,
  ties at random) and vs a random player — the issue's targets: ≥ 90 % and 100 % wins;
* medium vs easy — medium should win most;
* hard vs medium (issue 37) — hard must convert its advantages: ≥ 75 % of the games won (draws
  do not count), medium ≥ 70 % against easy.

The classic games join with rows of their own (issue 16): chess, draughts, backgammon (plus
hard vs easy, the issue's 200-game row: ``--only backgammon --pairs hard-easy --games 200``; its
points won per game with the cube are shown too) and ludo for 2 and for 4 players (seats
alternate between the two players of a match, so a 4-player game is two seats each; plus hard vs
medium, issue 37's 1,000-game row: ``--only "ludo 2p" --pairs hard-medium --games 1000``, goal
≥ 55 %). Dice are
thrown by the game's own ``roll`` with the game's seeded generator whenever a player answers
``roll``.

Then the seconds per move of each level per game: median and max over every action it chose
(hard must stay ≤ 2 s a move). A game that reaches its ply limit without an end is counted as a
draw: ``--max-plies``, or by default 300 plies (chess 400, backgammon 1,000, ludo 3,000: rolls
are plies there).

Chess against Stockfish (issue 37): the built-in engine at hard (Stockfish never plays for it
here) against Stockfish limited by ``UCI_LimitStrength`` to ``UCI_Elo`` 1700, 1900 and 2100,
``--sf-games`` games each (10), colours alternating, both sides ``--sf-time`` seconds a move
(1.5; the built-in one gets it as its deadline, Stockfish as ``go movetime``), one thread and
16 MB of hash for Stockfish. It prints won/drawn/lost per level and a performance rating: the
rating at which the expected score against the opponents played equals the score made
(maximum likelihood under the logistic Elo curve; a perfect or zero score is counted as half a
game short of it). Games reaching ``--sf-max-plies`` (300) are drawn. ``--sf-jobs`` plays that
many games at once (each process alternates between the two engines, so one game keeps about one
core busy). The section is skipped, with a line saying so, when no Stockfish is found
(``--stockfish PATH``, else ``STOCKFISH_PATH``, else ``stockfish`` on ``PATH``);
``--only stockfish`` runs it alone, ``--sf-elo 1900`` picks levels. On a shared machine the
built-in engine's wall-clock seconds buy little CPU; ``--sf-clock cpu`` gives it its seconds in
its own CPU time instead (as on an idle machine), and every game's line shows the CPU seconds it
got per move either way.

Run: ``python bench/ai_bench.py --games 100`` (the issue's count; slow at hard's full time).
``--games``, ``--time`` (hard's seconds per move; medium and easy keep their own, lower),
``--only classic,rugen`` (a row's label picks that row, so ``rugen`` is the game without rows
and ``rugen rows=1`` the other; a game id that is no label, like ``classic``, picks all its
rows) and ``--pairs hard-greedy`` cut the work down. ``--cpu-time``: a Latrunculi move's seconds
are the process's CPU seconds (a shared machine's load then does not decide the levels'
strength; hard's deadline is a wall-clock one in the bot).
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

import chess
import chess.engine

from ai.engines import engine_for
from ai.engines.base import Engine
from ai.engines.chess import ChessEngine, stockfish_path
from ai.engines.latrunculi import LATRUNCULI_IDS
from ai.engines.latrunculi import search as latrunculi_search
from ai.engines.simple import GreedyEngine, RandomEngine
from ai.levels import Level, default_time
from rules.games import Session, find_game, open_session

ROLL = "roll"

log = logging.getLogger("ai_bench")

#: (row label, start position): every Latrunculi rule set and option.
ROWS: list[tuple[str, str]] = [
    ("classic 8x8", find_game("classic").start()),
    ("classic 12x8", find_game("classic").start({"size": "12x8"})),
    ("rugen", find_game("rugen").start()),
    ("rugen rows=1", find_game("rugen").start({"rows": "1"})),
    ("schadler", find_game("schadler").start()),
    ("lat", find_game("lat").start()),
    ("chess", find_game("chess").start()),
    ("draughts", find_game("draughts").start()),
    ("backgammon", find_game("backgammon").start()),
    ("ludo 2p", find_game("ludo").opening({"players": "2"})),  # type: ignore[attr-defined]
    ("ludo 4p", find_game("ludo").opening({"players": "4"})),  # type: ignore[attr-defined]
]

#: The matches of each row: (first player, second player); the first is the one measured.
PAIRS: list[tuple[str, str]] = [("hard", "greedy"), ("hard", "random"), ("medium", "easy")]
#: Rows with more matches than :data:`PAIRS`.
EXTRA_PAIRS: dict[str, list[tuple[str, str]]] = {
    "backgammon": [("hard", "easy")],
    "ludo": [("hard", "medium")],
    # Issue 37: the chess levels stay distinct (hard is Stockfish when one is on PATH).
    "chess": [("hard", "medium")],
    # Issue 37: hard must beat medium (draws do not count) in every Latrunculi rule set.
    **{game_id: [("hard", "medium")] for game_id in ("classic", "rugen", "schadler", "lat")},
}
#: Ply limits by game id when ``--max-plies`` is not given.
MAX_PLIES = {"chess": 400, "backgammon": 1_000, "ludo": 3_000}
DEFAULT_MAX_PLIES = 300


@dataclass
class Player:
    """A level of the real engine, or one of the yardsticks."""

    name: str

    def engine(self, game_id: str) -> Engine:
        if self.name == "greedy":
            return GreedyEngine()
        if self.name == "random":
            return RandomEngine()
        return engine_for(game_id)

    @property
    def level(self) -> Level:
        return Level(self.name) if self.name in Level.__members__.values() else Level.EASY


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0
    plies: list[int] = field(default_factory=list)
    #: Points the first player won (+) or lost (−) per game, in games that score points.
    points: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def play_game(
    start: str,
    first: Player,
    second: Player,
    first_is_first_seat: bool,
    seed: int,
    times: dict[str, float],
    move_times: dict[str, list[float]],
    max_plies: int,
    now: Callable[[], float] = time.monotonic,
) -> tuple[str | None, int, int | None]:
    """One game; returns the winner's player name (``None`` for a draw), its length and the
    points it won (``None`` in games without points). Seats alternate between the players.
    ``now`` is the clock the moves' deadlines and times are on."""
    session: Session[Any] = open_session(start)
    seats = session.seats
    by_seat = {
        seat: first if (index % 2 == 0) == first_is_first_seat else second
        for index, seat in enumerate(seats)
    }
    rng = random.Random(seed)
    game_id = session.rules.id
    while session.outcome is None and session.ply < max_plies:
        player = by_seat[session.to_move]
        legal = session.legal_actions()
        started = now()
        if len(legal) == 1:
            action = legal[0]
        else:
            limit = times.get(player.name, 1.0)
            action = player.engine(game_id).choose(session, player.level, started + limit, rng)
        move_times[f"{game_id} {player.name}"].append(now() - started)
        if action not in legal:
            raise AssertionError(f"{player.name} chose {action!r}, not legal in {game_id}")
        session.play(session.roll(rng) if action == ROLL else action)
    outcome = session.outcome
    if outcome is None or outcome.winner is None:
        return None, session.ply, None
    return by_seat[outcome.winner].name, session.ply, outcome.points


# ----- chess against Stockfish ---------------------------------------------------------------

#: Stockfish's levels the built-in engine meets (issue 37's goal: 1,900).
SF_ELOS = (1700, 1900, 2100)


class _CpuClock:
    """Stands in for the :mod:`time` module of the chess search under ``--sf-clock cpu``:
    its ``monotonic`` is the process's CPU time, so that on a shared, loaded machine the
    built-in engine still gets its full seconds of thinking (Stockfish at a limited
    ``UCI_Elo`` stops at a fixed shallow depth, so the load hardly weakens it)."""

    monotonic = staticmethod(time.process_time)


def stockfish_game(
    path: str,
    elo: int,
    builtin_white: bool,
    seed: int,
    seconds: float,
    max_plies: int,
    cpu_clock: bool = False,
) -> tuple[float, int, float]:
    """One game of the built-in engine (hard) against Stockfish at ``elo``; returns the
    built-in engine's points (1, ½ or 0), the game's length in plies, and the CPU seconds
    the built-in engine got per move it searched (on a loaded machine far below its wall
    time: the figure that says how much thinking the result stands for)."""
    if cpu_clock:
        from ai.engines.chess_search import search as search_module

        search_module.time = _CpuClock  # type: ignore[assignment]
    clock = time.process_time if cpu_clock else time.monotonic
    session: Session[Any] = open_session("chess")
    assert hasattr(session, "board")
    board: chess.Board = session.board
    ours = ChessEngine(stockfish=False)
    rng = random.Random(seed)
    cpu_spent: list[float] = []
    engine = chess.engine.SimpleEngine.popen_uci(path)
    try:
        engine.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
        while session.outcome is None and session.ply < max_plies:
            if board.turn == (chess.WHITE if builtin_white else chess.BLACK):
                started = time.monotonic()
                cpu = time.process_time()
                action = ours.choose(session, Level.HARD, clock() + seconds, rng)
                if time.monotonic() - started > 0.05:  # a search, not a book move
                    cpu_spent.append(time.process_time() - cpu)
            else:
                move = engine.play(board, chess.engine.Limit(time=seconds)).move
                assert move is not None
                action = session.format(move)
            session.play(action)
    finally:
        engine.quit()
    outcome = session.outcome
    cpu_per_move = statistics.mean(cpu_spent) if cpu_spent else 0.0
    if outcome is None or outcome.winner is None:
        return 0.5, session.ply, cpu_per_move
    won = (outcome.winner == session.seats[0]) == builtin_white
    return (1.0 if won else 0.0), session.ply, cpu_per_move


def performance(results: list[tuple[int, float]]) -> float:
    """The rating whose expected score against the opponents of ``results`` (opponent's
    rating, points) equals the points made, by bisection; a perfect or zero score is taken
    as half a point short of it so that the estimate stays finite."""
    total = sum(points for _, points in results)
    total = min(max(total, 0.5), len(results) - 0.5)
    low, high = -1000.0, 5000.0
    for _ in range(100):
        mid = (low + high) / 2
        expected = sum(1 / (1 + 10 ** ((rating - mid) / 400)) for rating, _ in results)
        low, high = (mid, high) if expected < total else (low, mid)
    return (low + high) / 2


def stockfish_section(args: argparse.Namespace) -> None:
    """The chess vs Stockfish rows (see the module's docstring)."""
    path = args.stockfish or stockfish_path()
    if path is None:
        print("chess vs Stockfish: skipped, no Stockfish installed (--stockfish PATH)")
        return
    elos = [int(e) for e in args.sf_elo.split(",")] if args.sf_elo else list(SF_ELOS)
    # The levels take turns (game 1 at every level, then game 2, ...), so that a run cut
    # short on a loaded machine has played every level about as often; each game is logged
    # as it ends.
    jobs = [(elo, i) for i in range(args.sf_games) for elo in elos]
    results: dict[int, list[tuple[float, int]]] = defaultdict(list)
    cpu: list[float] = []
    with ProcessPoolExecutor(max_workers=args.sf_jobs) as pool:
        futures = {
            pool.submit(
                stockfish_game,
                path,
                elo,
                i % 2 == 0,
                args.seed + i,
                args.sf_time,
                args.sf_max_plies,
                args.sf_clock == "cpu",
            ): (elo, i)
            for elo, i in jobs
        }
        for future in as_completed(futures):
            elo, i = futures[future]
            points, plies, cpu_per_move = future.result()
            results[elo].append((points, plies))
            cpu.append(cpu_per_move)
            log.info(
                "chess vs Stockfish %d game %d (built-in %s): %s after %d plies, %.2f CPU s/move",
                elo,
                i + 1,
                "white" if i % 2 == 0 else "black",
                {1.0: "won", 0.5: "drawn", 0.0: "lost"}[points],
                plies,
                cpu_per_move,
            )
    print(
        f"chess built-in (hard) vs Stockfish UCI_LimitStrength, {args.sf_time:g} s/move each "
        f"(built-in: {args.sf_clock} clock), "
        f"colours alternating, draw after {args.sf_max_plies} plies, Stockfish at {path}"
    )
    print(f"{'UCI_Elo':<9}{'games':>6}{'won':>6}{'drawn':>7}{'lost':>6}{'score %':>9}{'perf':>7}")
    everything: list[tuple[int, float]] = []
    for elo in elos:
        games = results[elo]
        won = sum(1 for p, _ in games if p == 1.0)
        drawn = sum(1 for p, _ in games if p == 0.5)
        lost = len(games) - won - drawn
        score = sum(p for p, _ in games)
        everything += [(elo, p) for p, _ in games]
        perf = performance([(elo, p) for p, _ in games])
        print(
            f"{elo:<9}{len(games):>6}{won:>6}{drawn:>7}{lost:>6}"
            f"{100 * score / len(games):>8.0f}%{perf:>7.0f}"
        )
    total = sum(p for _, p in everything)
    print(
        f"Elo estimate (performance over all {len(everything)} games, {total:g} points): "
        f"{performance(everything):.0f} on Stockfish's UCI_Elo scale; the built-in engine got "
        f"{statistics.mean(cpu) if cpu else 0:.2f} CPU s per searched move on average"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per row and pair")
    parser.add_argument(
        "--time", type=float, default=default_time(Level.HARD), help="hard's s/move"
    )
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--max-plies", type=int, help="draw after this many plies (default: per game)"
    )
    parser.add_argument("--only", help="comma-separated row labels or game ids")
    parser.add_argument("--pairs", help="comma-separated pairs like hard-greedy,medium-easy")
    parser.add_argument("--stockfish", help="the Stockfish binary for the chess section")
    parser.add_argument("--sf-elo", help="comma-separated UCI_Elo levels (1700,1900,2100)")
    parser.add_argument("--sf-games", type=int, default=10, help="games per Stockfish level")
    parser.add_argument("--sf-time", type=float, default=default_time(Level.HARD))
    parser.add_argument("--sf-max-plies", type=int, default=300)
    parser.add_argument("--sf-jobs", type=int, default=1, help="games played at once")
    parser.add_argument(
        "--sf-clock",
        choices=("wall", "cpu"),
        default="wall",
        help="the built-in engine's deadline in wall time, or in its own CPU time",
    )
    parser.add_argument(
        "--cpu-time",
        action="store_true",
        help="Latrunculi rows: seconds a move are the process's CPU seconds, not the wall "
        "clock's (on a shared machine a level then thinks as much as it would alone)",
    )
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.only and args.only.strip() == "stockfish":
        stockfish_section(args)
        return

    rows = ROWS
    if args.only:
        wanted = {w.strip() for w in args.only.split(",")}
        labels = {label for label, _ in ROWS}
        # A word that is a row's label picks that row ("rugen" is the rows=0 row); a game id
        # that is no label picks all its rows ("classic": 8x8 and 12x8).
        rows = [
            r
            for r in ROWS
            if r[0] in wanted or (r[0].split()[0] in wanted and r[0].split()[0] not in labels)
        ]
    pairs = PAIRS
    if args.pairs:
        wanted = {w.strip() for w in args.pairs.split(",")}
        pairs = [p for p in PAIRS if f"{p[0]}-{p[1]}" in wanted]
    every_pair = {f"{a}-{b}" for a, b in PAIRS} | {
        f"{a}-{b}" for extra in EXTRA_PAIRS.values() for a, b in extra
    }
    if args.pairs and not wanted <= every_pair:
        parser.error(f"--pairs: unknown pair(s) {', '.join(sorted(wanted - every_pair))}")
    times = {
        "hard": args.time,
        "medium": min(args.time, default_time(Level.MEDIUM)),
        "easy": min(args.time, default_time(Level.EASY)),
    }
    move_times: dict[str, list[float]] = defaultdict(list)
    results: list[tuple[str, str, str, Tally]] = []
    for label, start in rows:
        game_id = start.split(":")[0]
        row_pairs = pairs + [
            p for p in EXTRA_PAIRS.get(game_id, []) if not args.pairs or f"{p[0]}-{p[1]}" in wanted
        ]
        max_plies = args.max_plies or MAX_PLIES.get(game_id, DEFAULT_MAX_PLIES)
        cpu = args.cpu_time and game_id in LATRUNCULI_IDS
        now = time.process_time if cpu else time.monotonic
        latrunculi_search.CLOCK[0] = now
        for a, b in row_pairs:
            tally = Tally()
            for i in range(args.games):
                winner, plies, points = play_game(
                    start,
                    Player(a),
                    Player(b),
                    i % 2 == 0,
                    args.seed + i,
                    times,
                    move_times,
                    max_plies,
                    now,
                )
                tally.plies.append(plies)
                log.info(
                    "%s: %s vs %s game %d: %s after %d plies",
                    label,
                    a,
                    b,
                    i + 1,
                    f"{winner} won" if winner else "drawn",
                    plies,
                )
                if points is not None:
                    tally.points.append(points if winner == a else -points)
                if winner is None:
                    tally.draws += 1
                elif winner == a:
                    tally.wins += 1
                else:
                    tally.losses += 1
            log.info(
                "%s: %s vs %s done: %d won, %d drawn, %d lost, median %s plies",
                label,
                a,
                b,
                tally.wins,
                tally.draws,
                tally.losses,
                statistics.median(tally.plies) if tally.plies else 0,
            )
            results.append((label, a, b, tally))

    limit = args.max_plies or f"{DEFAULT_MAX_PLIES} (chess 400, backgammon 1000, ludo 3000)"
    clock = " (Latrunculi: CPU seconds of the process)" if args.cpu_time else ""
    print(
        f"{args.games} games per row, hard {args.time:g} s/move{clock}, seeds {args.seed}+i, "
        f"colours alternating, draw after {limit} plies"
    )
    print(
        f"{'game':<14}{'match':<18}{'won':>6}{'drawn':>7}{'lost':>6}{'win %':>8}{'plies':>8}"
        f"{'pts/game':>10}"
    )
    for label, a, b, t in results:
        pct = 100 * t.wins / t.games if t.games else 0.0
        plies = statistics.median(t.plies) if t.plies else 0
        points = f"{statistics.mean(t.points):>+10.2f}" if t.points else ""
        print(
            f"{label:<14}{a + ' vs ' + b:<18}{t.wins:>6}{t.draws:>7}{t.losses:>6}"
            f"{pct:>7.0f}%{plies:>8.0f}{points}"
        )
    print()
    if not args.only or "stockfish" in args.only.split(","):
        stockfish_section(args)
        print()
    print(f"{'game':<12}{'player':<10}{'moves':>7}{'median s':>10}{'max s':>8}")
    order = [start.split(":")[0] for _, start in ROWS]
    games = sorted({key.split()[0] for key in move_times}, key=order.index)
    for game_id in games:
        for name in ("hard", "medium", "easy", "greedy", "random"):
            spent = move_times.get(f"{game_id} {name}")
            if spent:
                print(
                    f"{game_id:<12}{name:<10}{len(spent):>7}{statistics.median(spent):>10.3f}"
                    f"{max(spent):>8.3f}"
                )


if __name__ == "__main__":
    main()
