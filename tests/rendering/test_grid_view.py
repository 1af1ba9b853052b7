"""The generic grid drawer (rendering.grid_view): any grid game's picture from its position
view alone -- sizes, the pieces in their seats' colours, the last action's tint, and the
command line's frames of a game registered from outside."""

from __future__ import annotations

import pytest

from rendering.game_frames import game_frames, replay_gif
from rendering.grid_view import compose_grid, grid_cells, grid_layout
from rules import Side
from rules.games import find_game, register, unregister
from rules.games.view import PieceView, PositionView
from tests.outside_game.tictactoe import GAME_ID, TicTacToeRules


def _view(**kw: object) -> PositionView:
    values: dict[str, object] = {
        "game": "example",
        "board": "grid",
        "files": 3,
        "ranks": 3,
        "cells": tuple(f"{f}{r}" for r in "123" for f in "abc"),
        "pieces": {"a1": (PieceView("white", "x"),), "b2": (PieceView("black", "o"),)},
        "seats": ("white", "black"),
        "to_move": "white",
        "last": ("b2",),
    }
    values.update(kw)
    return PositionView(**values)  # type: ignore[arg-type]


def test_a_small_board_is_drawn_as_wide_as_a_chess_board() -> None:
    img = compose_grid(_view())
    assert img.size == grid_layout(3, 3).image_size == (614, 743)
    assert grid_layout(8, 8).square == 72 and grid_layout(12, 8).square == 72


def test_pieces_marks_and_perspective() -> None:
    view = _view()
    cells = grid_cells(view)
    for perspective in (Side.WHITE, Side.BLACK):
        img = compose_grid(view, perspective=perspective.value).convert("RGB")
        lay = grid_layout(3, 3, perspective)

        # a disc's fill: inside it, clear of its letter
        fills = {}
        for cell in ("a1", "b2"):
            x, y = lay.square_center(cells[cell])
            fills[cell] = img.getpixel((x + round(lay.square * 0.27), y))
        assert sum(fills["a1"]) > 600  # White's disc is light
        assert sum(fills["b2"]) < 150  # Black's is dark
        x0, y0, _, _ = lay.square_rect(cells["b2"])
        tinted = img.getpixel((x0 + 2, y0 + 2))
        x0, y0, _, _ = lay.square_rect(cells["a1"])  # b2 and a1 are both dark squares
        assert tinted != img.getpixel((x0 + 2, y0 + 2))  # the last action's cell is tinted


def test_cells_not_named_as_squares_need_a_full_board() -> None:
    view = _view(cells=tuple(str(n) for n in range(1, 10)), pieces={}, last=())
    assert grid_cells(view)["4"] == grid_cells(_view())["a2"]
    with pytest.raises(ValueError):
        grid_cells(_view(cells=("1", "2"), pieces={}, last=()))
    with pytest.raises(ValueError):
        compose_grid(_view(board="points"))


def test_the_command_line_draws_a_game_registered_from_outside() -> None:
    register(TicTacToeRules())
    try:
        frames = game_frames(GAME_ID, ["a1", "a2", "b1", "b2", "c1"])
        assert len(frames) == 6
        assert frames[-1](None).size == (614, 743)
        assert replay_gif(frames)[:6] == b"GIF89a"
        assert find_game(GAME_ID).session().view().files == 3
    finally:
        unregister(GAME_ID)
