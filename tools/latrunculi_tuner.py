"""A simple match-based tuner for the Latrunculi evaluation's progress weights (issue 37).

Each candidate is the current weights (``ai.engines.latrunculi.evaluation.WEIGHTS``) with one
weight moved up or down by a step; every candidate plays ``--games`` games against the current
weights (hard against hard, colours alternating, fixed seeds, ``--time`` seconds a move), and
the candidate's score (win 1, draw ½) is written to ``--out``. With ``--rounds`` above 1 the
best candidate scoring over 50 % becomes the current weights of the next round.

Only one process plays (the machine is shared): keep ``--games`` and ``--time`` small.

Run: ``python tools/latrunculi_tuner.py --game rugen --games 4 --time 0.05``
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time
from pathlib import Path

from ai.engines import engine_for
from ai.engines.latrunculi import evaluation
from ai.engines.latrunculi.evaluation import Weights
from ai.levels import Level
from rules.games import find_game, open_session

HERE = Path(__file__).resolve().parent


def play(
    start: str,
    first: Weights,
    second: Weights,
    first_white: bool,
    seed: int,
    seconds: float,
    max_plies: int,
) -> float:
    """One game of hard against hard; ``first``'s score (1, ½ or 0)."""
    session = open_session(start)
    engine = engine_for(session.rules.id)
    rng = random.Random(seed)
    seats = session.seats
    weights = {
        seats[0]: first if first_white else second,
        seats[1]: second if first_white else first,
    }
    while session.outcome is None and session.ply < max_plies:
        legal = session.legal_actions()
        if len(legal) == 1:
            action = legal[0]
        else:
            evaluation.WEIGHTS = weights[session.to_move]
            action = engine.choose(session, Level.HARD, time.monotonic() + seconds, rng)
        session.play(action)
    outcome = session.outcome
    if outcome is None or outcome.winner is None:
        return 0.5
    mine = seats[0] if first_white else seats[1]
    return 1.0 if outcome.winner == mine else 0.0


def candidates(base: Weights, step: float) -> list[tuple[str, Weights]]:
    out = []
    for f in dataclasses.fields(Weights):
        value = getattr(base, f.name)
        delta = max(1, round(value * step))
        for sign in (1, -1):
            new = value + sign * delta
            if new >= 0:
                out.append(
                    (
                        f"{f.name}{'+' if sign > 0 else '-'}{delta}",
                        dataclasses.replace(base, **{f.name: new}),
                    )
                )
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="rugen", help="classic, rugen, schadler or lat")
    parser.add_argument("--games", type=int, default=4, help="games per candidate")
    parser.add_argument("--time", type=float, default=0.05, help="seconds a move")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--step", type=float, default=0.5, help="relative step of a weight")
    parser.add_argument("--max-plies", type=int, default=200)
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--out", type=Path, default=HERE / "latrunculi_tuner_results.txt")
    args = parser.parse_args(argv)
    start = find_game(args.game).start()
    base = dataclasses.replace(evaluation.WEIGHTS)
    lines = [
        f"# {args.game}, {args.games} games a candidate, {args.time:g} s a move, "
        f"draw after {args.max_plies} plies, seeds {args.seed}+i"
    ]
    for round_no in range(1, args.rounds + 1):
        lines.append(f"round {round_no}: base {dataclasses.asdict(base)}")
        best: tuple[float, Weights] | None = None
        for name, weights in candidates(base, args.step):
            score = sum(
                play(start, weights, base, i % 2 == 0, args.seed + i, args.time, args.max_plies)
                for i in range(args.games)
            )
            line = f"  {name:<16} {score:g}/{args.games}"
            print(line, flush=True)
            lines.append(line)
            if score > args.games / 2 and (best is None or score > best[0]):
                best = (score, weights)
        if best is None:
            lines.append("  no candidate beat the base: kept")
            break
        base = best[1]
    lines.append(f"result: {dataclasses.asdict(base)}")
    evaluation.WEIGHTS = Weights()
    with args.out.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(lines[-1])


if __name__ == "__main__":
    main()
