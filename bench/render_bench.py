"""Render + PNG-encode timings of board pictures, stage by stage (a measurement, not a test).

    .venv/bin/python bench/render_bench.py [--runs N]

Prints, per board, the cold first render (empty caches: sprites, background and palette drawn)
and the median / p95 of warm renders, the median CPU time of a warm render (what the picture
costs when other processes share the cores: wall time then includes waiting for one), the
median of each stage — ``draw`` (the game's ``compose_*``: background, pieces, marks, caption),
``colours`` (reducing the picture to its kind's fixed palette,
:func:`rendering.palette.reduce_colours`), ``png`` (zlib and the PNG file,
:func:`rendering.render.png_bytes`) — and the PNG size. Goals (issue 38, on a quiet machine):
render + encode ≤ 10 ms for the 8×8 boards, ≤ 18 ms for the others; PNG ≤ 80 KB. The chess and
draughts lines draw a middle game with the last move marked: a king in check, a double jump
with its ghosts, arrows and numbered landings. The backgammon lines draw a midgame with
checkers on the bar and borne off, a 6-point stack, dice, an owned cube, a match score and a
last turn of two steps with two hits: ``backgammon`` with its arrows cached (a turn drawn
again), ``bg new turn`` with the arrow cache emptied before every run (in a game almost every
turn's arrows are new). The ludo line draws a four-player midgame read from its stored text:
stacks, finished tokens, the die, a last move with a knocked token's ghost. The load average is
printed before and after: figures taken while other processes keep the cores busy are not the
quiet machine's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from PIL import Image

import rules
from rendering import Caption, compose, placement_pieces
from rendering.backgammon import compose_backgammon
from rendering.backgammon_board import backgammon_background
from rendering.backgammon_layout import backgammon_layout
from rendering.backgammon_sprites import (
    cube_sprite,
    die_face,
    ghost_checker,
    triangle_mask,
)
from rendering.board import board_background
from rendering.captures import _start_for
from rendering.chess import compose_chess
from rendering.chess_pieces import _coloured, _source, chess_sprite
from rendering.draughts import _ghost, compose_draughts, draughts_background
from rendering.layout import layout
from rendering.ludo import compose_ludo, ludo_background
from rendering.ludo_layout import ludo_layout
from rendering.ludo_sprites import ghost_token, token_sprite
from rendering.marks import arrow_sprite, check_mark
from rendering.palette import forget_palettes, reduce_colours
from rendering.plain_text import backgammon_position, backgammon_steps, ludo_move, ludo_position
from rendering.render import encode_png, png_bytes
from rendering.sprites import piece_sprite
from rendering.text import _load, has_glyph

# Mid-game-looking positions with a last move, so highlights and the caption are exercised.
CASES: list[tuple[str, str, list[str]]] = [
    ("8x8 classic", "classic", ["c8-c5", "e2-e4", "a8-a6", "a1-a5"]),
    ("8x8 rugen", "rugen", ["a2-a3", "h7-h6", "a3-a5"]),
    (
        "12x8 classic",
        "classic:ssssssssssss/5e6/12/12/12/12/6E5/SSSSSSSSSSSS b",
        ["c8-c5", "g2-g4", "a8-a6"],
    ),
    ("11x8 lat", "lat", ["a1-a4", "k8-k5", "f2-f4"]),
]


def _clear_caches() -> None:
    for cached in (
        piece_sprite,
        board_background,
        _load,
        has_glyph,
        layout,
        _start_for,
        chess_sprite,
        _coloured,
        _source,
        check_mark,
        draughts_background,
        _ghost,
        arrow_sprite,
        backgammon_layout,
        backgammon_background,
        triangle_mask,
        die_face,
        ludo_layout,
        ludo_background,
        token_sprite,
        ghost_token,
        cube_sprite,
        ghost_checker,
    ):
        cached.cache_clear()
    forget_palettes()


def _chess() -> Image.Image:
    return compose_chess(
        placement_pieces("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR"),
        last_move=("h5", "f7"),
        check="e8",
        to_move="black",
        caption=Caption(players=("Alice", "Bob"), title="Chess", move_number=7),
    )


def _draughts() -> Image.Image:
    return compose_draughts(
        {1: "b", 2: "b", 5: "b", 9: "B", 31: "B", 14: "w", 22: "w", 25: "w", 29: "W"},
        last_move=[15, 24, 31],
        jumped={19: "w", 27: "W"},
        to_move="white",
        caption=Caption(players=("Alice", "Bob"), title="Draughts", move_number=20),
    )


#: White bearing off (3 off) after 8/2* 6/1*, Black with 2 on the bar, 7-point match, 2-cube.
BACKGAMMON = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:1:-1:52:2:4:0:7:10"


def _backgammon() -> Image.Image:
    steps, hits = backgammon_steps("8/2* 6/1*")
    return compose_backgammon(
        backgammon_position(BACKGAMMON),
        last_move=steps,
        hits=hits,
        caption=Caption(players=("Alice", "Bob")),
    )


def _backgammon_new_turn() -> Image.Image:
    arrow_sprite.cache_clear()  # a turn whose arrows were never drawn before
    return _backgammon()


#: Blue to move a 6 after red's 6-12 knocked a yellow token; stacks on 3 and the finish.
LUDO = "ludo:R:41,12,0,B/B:F,3,3,B/Y:F,F,B,B/G:43,39,B,B B 6"


def _ludo() -> Image.Image:
    return compose_ludo(
        ludo_position(LUDO, ["Alice", "Bob", "Cyril", "Dana"]),
        last_move=ludo_move("R:6-12"),
        knocked=[("Y", 12)],
    )


def _median(values: list[float]) -> float:
    return statistics.median(values)


def _measure(label: str, draw: Callable[[], Image.Image], runs: int, goal: float) -> None:
    _clear_caches()
    t0 = time.perf_counter()
    png = encode_png(draw())
    cold = (time.perf_counter() - t0) * 1000
    times: list[float] = []
    cpu: list[float] = []
    stages: tuple[list[float], list[float], list[float]] = ([], [], [])
    for _ in range(runs):
        t0, c0 = time.perf_counter(), time.process_time()
        img = draw()
        t1 = time.perf_counter()
        pal = reduce_colours(img)
        t2 = time.perf_counter()
        png = png_bytes(pal)
        t3 = time.perf_counter()
        times.append((t3 - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        for stage, ms in zip(stages, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            stage.append(ms * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, round(len(times) * 0.95))]
    draw_ms, colours_ms, png_ms = (_median(s) for s in stages)
    print(
        f"{label:<14} {cold:8.1f} {_median(times):10.2f} {p95:8.2f} {_median(cpu):8.2f} "
        f"{draw_ms:8.2f} {colours_ms:8.2f} {png_ms:8.2f} {len(png) / 1024:8.1f} {goal:6.0f}"
    )


def _load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    print(_load_average())
    print(
        f"{'board':<14} {'cold ms':>8} {'median ms':>10} {'p95 ms':>8} {'cpu ms':>8} "
        f"{'draw ms':>8} {'colours':>8} {'png ms':>8} {'PNG KB':>8} {'goal':>6}"
    )
    for label, start, moves in CASES:
        game = rules.Game(rules.position_from_text(start))
        last = None
        for m in moves:
            last = game.play(m)
        position, ply = game.position, game.ply

        def draw(
            position: rules.Position = position, last: object = last, ply: int = ply
        ) -> Image.Image:
            return compose(
                position,
                last_move=last,  # type: ignore[arg-type]
                players=("Alice", "Bob"),
                move_number=ply,
            )

        _measure(label, draw, args.runs, 10 if label.startswith("8x8") else 18)
    _measure("8x8 chess", _chess, args.runs, 10)
    _measure("8x8 draughts", _draughts, args.runs, 10)
    _measure("backgammon", _backgammon, args.runs, 18)
    _measure("bg new turn", _backgammon_new_turn, args.runs, 18)
    _measure("ludo 4 seats", _ludo, args.runs, 18)
    print(_load_average())


if __name__ == "__main__":
    main()
