"""Cross-check of backgammon move generation against GNU Backgammon (the ``gnubg`` package on
PyPI, GPL, installed with the bench extras: ``pip install -e ".[bench]"``).

For thousands of positions and rolls it compares the set of distinct positions our
``rules.games.backgammon.turns.generate`` reaches with the set gnubg's own generator reaches
(``gnubg.find_best_moves`` lists every legal play, one per resulting position). gnubg's plays are
applied here step by step (hitting a lone enemy checker on each landing) to get its positions;
plays with a bear-off arrive cut short from the binding and are compared by count and by their
steps (see :func:`agree`).
Positions come from seeded random games played through the rules core (every phase: contact,
hits, the bar, the bear-off) and from random scatters of checkers (odd but legal boards: many on
the bar, bear-offs with gaps). Then random matches go through ``rules.games.backgammon.mat_text``
and gnubg's ``import mat``, and every game read back must have our positions, winner and points.
Run: ``python bench/backgammon_gnubg_check.py [--positions N] [--matches M]``.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import gnubg

from rules.games.backgammon import (
    BackgammonSession,
    MatGame,
    Play,
    generate,
    mat_text,
    score_after,
)
from rules.games.registry import find_game, open_session

log = logging.getLogger("gnubg_check")
Result = tuple[tuple[int, ...], tuple[int, ...]]


def gnubg_plays(me: list[int], opp: list[int], dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """gnubg's legal plays as it returns them: 1-based (from, to) pairs, 25 the bar.

    The binding (1.1.0a16) stops a play's tuple at its first bear-off (gnubg's ``-1`` for off
    ends its copy loop), so such a play arrives as its steps before the bear-off and then the
    bear-off's starting point alone: an odd-length tuple."""
    board = (tuple(opp[1:26]), tuple(me[1:26]))
    context = gnubg.eval_context(0, 0, 0, 0, 0.0)
    found: list[dict[str, Any]] = gnubg.find_best_moves(board, gnubg.cube_info(), context, dice)
    return [tuple(play["move"]) for play in found]


def apply_pairs(me: list[int], opp: list[int], steps: tuple[int, ...]) -> Result:
    """The position after gnubg's (from, to) pairs, hitting a lone enemy checker on a landing."""
    mine, theirs = list(me), list(opp)
    for origin, target in zip(steps[::2], steps[1::2], strict=True):
        mine[origin] -= 1
        if target > 0:
            mine[target] += 1
            if theirs[25 - target] == 1:
                theirs[25 - target] = 0
                theirs[25] += 1
    return tuple(mine), tuple(theirs)


def our_results(me: list[int], opp: list[int], dice: tuple[int, int]) -> dict[Result, Play]:
    results = {}
    for play in generate(me, opp, dice):
        theirs = list(opp)
        for point in play.hits:
            theirs[25 - point] -= 1
            theirs[25] += 1
        results[(play.after, tuple(theirs))] = play
    return results


def agree(me: list[int], opp: list[int], dice: tuple[int, int]) -> tuple[bool, bool]:
    """(whether both generators agree, whether the comparison was position by position).

    Without bear-offs every gnubg play is applied and the two sets of positions must be equal.
    With them (truncated tuples, see :func:`gnubg_plays`) the numbers of distinct plays must be
    equal and each of gnubg's plays must be the start of one of ours: its steps, then a
    bear-off from the point it names."""
    ours = our_results(me, opp, dice)
    theirs = gnubg_plays(me, opp, dice)
    if not theirs or theirs == [()]:
        return not ours, True
    if all(len(t) % 2 == 0 for t in theirs):
        return {apply_pairs(me, opp, t) for t in theirs} == set(ours), True
    if len(theirs) != len(ours):
        return False, False
    for steps in theirs:
        pairs = Counter(zip(steps[::2], steps[1::2], strict=False))
        off_from = steps[-1] if len(steps) % 2 else None
        if not any(_starts(play, pairs, off_from) for play in ours.values()):
            return False, False
    return True, False


def _starts(play: Play, pairs: Counter[tuple[int, int]], off_from: int | None) -> bool:
    have = Counter((origin, to) for origin, to, _, _ in play.steps)
    if off_from is not None:
        if have[(off_from, 0)] == 0:
            return False
        have[(off_from, 0)] -= 1
    return all(have[pair] >= count for pair, count in pairs.items())


def game_positions(rng: random.Random, wanted: int) -> list[tuple[list[int], list[int]]]:
    """Boards (mover, opponent) met in seeded random games, before each turn."""
    found: list[tuple[list[int], list[int]]] = []
    while len(found) < wanted:
        game = open_session("backgammon")
        assert isinstance(game, BackgammonSession)
        while game.outcome is None and len(found) < wanted:
            if game.chance_due:
                game.play(game.roll(rng))
                continue
            state = game.state
            if state.dice is not None:
                found.append((list(state.points[state.turn]), list(state.points[1 - state.turn])))
            game.push(rng.choice(game.legal_moves()))
    return found


def scattered_position(rng: random.Random) -> tuple[list[int], list[int]]:
    """A random legal board: up to 15 checkers a side, no point shared, some on the bar."""
    while True:
        me, opp = [0] * 26, [0] * 26
        home_only = rng.random() < 0.3
        for side, other in ((me, opp), (opp, me)):
            for _ in range(rng.randint(1, 15)):
                if rng.random() < 0.05:
                    side[25] += 1
                    continue
                point = rng.randint(1, 6 if home_only and side is me else 24)
                if other[25 - point] == 0:
                    side[point] += 1
        if sum(me) and sum(opp):
            return me, opp


def random_game(start: str, rng: random.Random) -> BackgammonSession:
    """A seeded random game with the cube (doubles now and then, mostly taken)."""
    game = open_session(start)
    assert isinstance(game, BackgammonSession)
    while game.outcome is None:
        if game.chance_due and (not game.may_double or rng.random() < 0.93):
            game.play(game.roll(rng))
            continue
        texts = [str(m) for m in game.legal_moves()]
        game.play("take" if "take" in texts and rng.random() < 0.7 else rng.choice(texts))
    return game


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """gnubg prints boards from C on file descriptor 1: point it at /dev/null meanwhile."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as null:
        os.dup2(null.fileno(), 1)
        try:
            yield
        finally:
            os.dup2(saved, 1)
            os.close(saved)


def mat_round_trip(matches: int, rng: random.Random, folder: Path) -> None:
    """Random matches written as .mat, imported by gnubg (``import mat``), read back with
    ``gnubg.match()``: each game's positions before every turn, winner and points must be ours."""
    games_total = games_agreed = 0
    for number in range(matches):
        length = rng.choice([1, 3, 5, 7])
        start: str | None = find_game("backgammon").start({"match": str(length)})
        records: list[MatGame] = []
        sessions: list[BackgammonSession] = []
        while start is not None:
            game = random_game(start, rng)
            records.append(MatGame(start, tuple(r.canonical for r in game.history)))
            sessions.append(game)
            start = score_after(game).next_start
        path = folder / f"match{number}.mat"
        path.write_text(mat_text(records, ("Alice", "Bob")))
        with _quiet():
            gnubg.command(f"import mat {path}")
        imported = gnubg.match()
        for record, game, theirs in zip(records, sessions, imported["games"], strict=False):
            games_total += 1
            ours = []
            replayed = open_session(record.start)
            assert isinstance(replayed, BackgammonSession)
            for text in record.actions:
                state = replayed.state
                if state.dice is not None:
                    me, opp = state.points[state.turn], state.points[1 - state.turn]
                    ours.append(gnubg.position_id((tuple(opp[1:26]), tuple(me[1:26]))))
                replayed.play(text)
            boards = [a["board"] for a in theirs["game"] if a.get("action") == "move"]
            info = theirs["info"]
            outcome = game.outcome
            assert outcome is not None
            same = (
                boards == ours
                and {"X": "white", "O": "black"}[info["winner"]] == outcome.winner
                and info["points-won"] == outcome.points
            )
            games_agreed += same
            if not same:
                log.info(
                    "MAT DISAGREE %s game %d (%d turns): %s", path, len(records), len(ours), info
                )
        missing = len(records) - len(imported["games"])
        if missing > 0:
            log.info(
                "MAT DISAGREE %s: gnubg read %d of %d games",
                path,
                len(imported["games"]),
                len(records),
            )
            games_total += missing
    log.info(
        ".mat round trip: %d matches, %d of %d games read back by gnubg exactly "
        "(every position before a turn, the winner, the points)",
        matches,
        games_agreed,
        games_total,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=3000, help="positions of each kind")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--matches", type=int, default=40, help="random matches for .mat")
    parser.add_argument("--keep", type=Path, help="write the .mat files here and keep them")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    rng = random.Random(args.seed)
    kinds = {
        "random games": game_positions(rng, args.positions),
        "scattered": [scattered_position(rng) for _ in range(args.positions)],
    }
    total = agreed = plays = exact_count = 0
    started = time.perf_counter()
    for kind, positions in kinds.items():
        kind_agreed = 0
        for me, opp in positions:
            high, low = rng.randint(1, 6), rng.randint(1, 6)
            dice = (max(high, low), min(high, low))
            same, exact = agree(me, opp, dice)
            count = len(generate(me, opp, dice))
            plays += count
            exact_count += exact
            if same:
                kind_agreed += 1
            else:
                log.info(
                    "DISAGREE %s dice %s: ours %d, gnubg %d",
                    (me, opp),
                    dice,
                    count,
                    len(gnubg_plays(me, opp, dice)),
                )
        log.info("%s: %d of %d positions agree", kind, kind_agreed, len(positions))
        total += len(positions)
        agreed += kind_agreed
    log.info(
        "gnubg %s: %d of %d positions and rolls agree (%d distinct plays; %d compared position "
        "by position, the rest with bear-offs by count and steps) in %.1f s",
        gnubg.version,
        agreed,
        total,
        plays,
        exact_count,
        time.perf_counter() - started,
    )
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        mat_round_trip(args.matches, rng, args.keep)
        return
    with tempfile.TemporaryDirectory() as folder:
        mat_round_trip(args.matches, rng, Path(folder))


if __name__ == "__main__":
    main()
