"""Backgammon positions for tests, written as each side counts its own points, and a naive
second move generator to cross-check :mod:`rules.games.backgammon.turns` against."""

from __future__ import annotations

import random
from itertools import permutations

from rules.games.backgammon import BackgammonSession
from rules.games.registry import open_session

START = "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def xgid(
    white: dict[int, int],
    black: dict[int, int],
    turn: str = "white",
    dice: str = "00",
    cube: int = 0,
    owner: int = 0,
    score: tuple[int, int] = (0, 0),
    crawford: int = 0,
    match: int = 0,
    max_cube: int = 10,
) -> str:
    """An XGID with White's checkers by White's points and Black's by Black's (25 = the bar)."""
    board = ["-"] * 26
    for point, count in white.items():
        board[point] = chr(ord("A") + count - 1)
    for point, count in black.items():
        board[25 - point] = chr(ord("a") + count - 1)
    side = 1 if turn == "white" else -1
    return (
        f"backgammon:XGID={''.join(board)}:{cube}:{owner}:{side}:{dice}:{score[0]}:{score[1]}:"
        f"{crawford}:{match}:{max_cube}"
    )


def session(text: str) -> BackgammonSession:
    result = open_session(text)
    assert isinstance(result, BackgammonSession)
    return result


def naive_results(me: list[int], opp: list[int], dice: tuple[int, int]) -> set[tuple[object, ...]]:
    """Every distinct result of a legal turn, by brute force over every order of the dice and
    every checker, with the rules written out again from games.md (no shared code)."""
    pool = [dice[0]] * 4 if dice[0] == dice[1] else [dice[0], dice[1]]
    finals: list[tuple[int, int, tuple[object, ...]]] = []

    def legal(m: list[int], o: list[int], start: int, die: int) -> tuple[int, bool] | None:
        if m[start] == 0:
            return None
        if m[25] > 0 and start != 25:
            return None
        dest = start - die
        if dest > 0:
            if o[25 - dest] > 1:
                return None
            return dest, o[25 - dest] == 1
        if sum(m[7:]) > 0:
            return None
        if dest < 0 and sum(m[start + 1 : 7]) > 0:
            return None
        return 0, False

    def walk(m: list[int], o: list[int], order: tuple[int, ...], used: list[int]) -> None:
        progressed = False
        if order:
            die = order[0]
            for start in range(1, 26):
                step = legal(m, o, start, die)
                if step is None:
                    continue
                progressed = True
                m2, o2 = list(m), list(o)
                m2[start] -= 1
                if step[0]:
                    m2[step[0]] += 1
                if step[1]:
                    o2[25 - step[0]] -= 1
                    o2[25] += 1
                walk(m2, o2, order[1:], used + [die])
        if not progressed:
            finals.append((len(used), used[0] if used else 0, (tuple(m), tuple(o))))

    for order in set(permutations(pool)):
        walk(list(me), list(opp), order, [])
    most = max(n for n, _, _ in finals)
    best = [f for f in finals if f[0] == most]
    if most == 1 and dice[0] != dice[1]:
        high = max(dice)
        if any(f[1] == high for f in best):
            best = [f for f in best if f[1] == high]
    return {f[2] for f in best} if most else set()


def random_position(rng: random.Random) -> tuple[list[int], list[int]]:
    """Two sides' boards (own numbering, 25 the bar) with no point held by both: a random
    spread of up to 15 checkers each, biased to a race or a bear-off now and then."""
    while True:
        me, opp = [0] * 26, [0] * 26
        home_only = rng.random() < 0.25
        for side, other in ((me, opp), (opp, me)):
            for _ in range(rng.randint(1, 15)):
                if rng.random() < 0.06:
                    side[25] += 1
                    continue
                point = rng.randint(1, 6 if home_only and side is me else 24)
                if other[25 - point] == 0:
                    side[point] += 1
        if sum(me) and sum(opp):
            return me, opp
