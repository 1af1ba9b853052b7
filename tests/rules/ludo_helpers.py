"""A naive second ludo implementation for tests: it reads position texts itself and walks each
token one field at a time on absolute track fields, to cross-check :mod:`rules.games.ludo`."""

from __future__ import annotations

import random

START = {"R": 0, "B": 10, "Y": 20, "G": 30}
ORDER = "RBYG"


def read(text: str) -> tuple[dict[str, list[str]], str, int | None]:
    """``{colour: tokens as written}``, the to-move field, the die."""
    body, *rest = text.removeprefix("ludo:").split(" ")
    seats = {part[0]: part[2:].split(",") for part in body.split("/")}
    return seats, rest[0], int(rest[1]) if len(rest) > 1 else None


def write(seats: dict[str, list[str]], mover: str, die: int | None) -> str:
    def key(token: str) -> int:
        return 100 if token == "F" else -1 if token == "B" else int(token)

    parts = [
        f"{c}:" + ",".join(sorted(seats[c], key=key, reverse=True)) for c in ORDER if c in seats
    ]
    return "ludo:" + "/".join(parts) + f" {mover}" + (f" {die}" if die is not None else "")


def step_walk(progress: int, die: int) -> int:
    """Walk one step at a time, turning round at the finish."""
    direction = 1
    for _ in range(die):
        if progress == 44:
            direction = -1
        progress += direction
    return progress


def naive_moves(text: str) -> set[str]:
    """The legal move texts of a position whose die is set."""
    seats, mover, die = read(text)
    assert die is not None
    mine = seats[mover]
    moves = set()
    in_base = mine.count("B")
    if in_base and die == 1:
        moves.add("B-0")
    if in_base and die == 6:
        moves.add("B-5")
        moves.add("BB-0" if in_base > 1 else "B-0")
    for token in mine:
        if token in ("B", "F"):
            continue
        end = step_walk(int(token), die)
        if end != int(token):
            moves.add(f"{token}-{'F' if end == 44 else end}")
    return moves or {"pass"}


def naive_after(text: str, move: str) -> tuple[str, list[int]]:
    """The position after ``move`` and the knocked fields."""
    seats, mover, die = read(text)
    assert die is not None
    seats = {c: list(t) for c, t in seats.items()}
    landing: int | None = None
    if move != "pass":
        src, dst = move.split("-")
        count = 2 if src == "BB" else 1
        for _ in range(count):
            seats[mover][seats[mover].index("B" if src.startswith("B") else src)] = (
                "F" if dst == "F" else dst
            )
        if dst != "F" and int(dst) < 40:
            landing = (START[mover] + int(dst)) % 40
    knocked = []
    if landing is not None:
        for colour, tokens in seats.items():
            if colour == mover:
                continue
            for i, token in enumerate(tokens):
                if token not in ("B", "F") and int(token) < 40:
                    if (START[colour] + int(token)) % 40 == landing:
                        tokens[i] = "B"
                        knocked = [landing]
    if die == 6:
        return write(seats, mover, None), knocked
    order = [c for c in ORDER if c in seats]
    nxt = order[(order.index(mover) + 1) % len(order)]
    return write(seats, nxt, None), knocked


def random_position(rng: random.Random, players: int) -> str:
    """A random position with the die set (no two colours on one track field, nobody done)."""
    colours = {2: "RY", 3: "RBY", 4: "RBYG"}[players]
    taken: set[int] = set()
    seats: dict[str, list[str]] = {}
    for colour in colours:
        tokens: list[str] = []
        while len(tokens) < 4:
            kind = rng.random()
            if kind < 0.25:
                tokens.append("B")
            elif kind < 0.35 and tokens.count("F") < 3:
                tokens.append("F")
            else:
                progress = rng.choice([*range(0, 40), 40, 41, 42, 43, 38, 39, 0, 0, 5])
                square = (START[colour] + progress) % 40 if progress < 40 else None
                if square is not None and square in taken:
                    continue  # another colour stands there
                tokens.append(str(progress))
        for token in tokens:
            if token not in ("B", "F") and int(token) < 40:
                taken.add((START[colour] + int(token)) % 40)
        seats[colour] = tokens
    return write(seats, rng.choice(colours), rng.randint(1, 6))
