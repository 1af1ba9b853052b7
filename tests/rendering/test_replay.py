"""Replays: a whole game as an animated GIF (a frame per ply, the last held longer, each
frame with its own caption and its number, small enough to post), and ``python -m rendering
--gif``."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from rendering import layout
from rendering.__main__ import main
from rendering.game_frames import game_frames, replay_gif
from rendering.replay import LAST_MS, PLY_MS, encode_gif
from rules.games import find_game

MB = 1024 * 1024


def played_game(game_id: str, plies: int, seed: int) -> list[str]:
    """``plies`` legal moves of ``game_id`` from its start, chosen at random but repeatably,
    often captures (so the board thins out as in a real game), none ending the game."""
    rng = random.Random(seed)
    session = find_game(game_id).session()
    moves: list[str] = []
    while len(moves) < plies:
        assert not session.is_over, f"{game_id} ended after {len(moves)} plies; pick a seed"
        options, captures = [], []
        for text in session.legal_actions():
            result = session.play(text)
            ends = session.is_over
            session.pop()
            if not ends:  # the game goes on to its 60th ply
                options.append(text)
                if result.captured:
                    captures.append(text)
        text = rng.choice(captures if captures and rng.random() < 0.5 else options)
        session.play(text)
        moves.append(text)
    return moves


def caption_height(game_id: str) -> int:
    """The caption strip's height in the game's pictures (all grid boards share its rule)."""
    files = 11 if game_id == "lat" else 8
    return layout(files, 8).caption_height


def frames_of(path_or_gif: Path) -> list[tuple[Image.Image, int]]:
    out = []
    with Image.open(path_or_gif) as gif:
        assert gif.format == "GIF"
        for i in range(gif.n_frames):
            gif.seek(i)
            out.append((gif.convert("RGB"), gif.info["duration"]))
    return out


@pytest.mark.parametrize(
    ("game_id", "limit"), [("chess", 1 * MB), ("draughts", 1 * MB), ("lat", 1.5 * MB)]
)
def test_a_60_ply_game_is_a_frame_per_ply_within_the_size_limit(
    game_id: str, limit: float, tmp_path: Path
) -> None:
    moves = played_game(game_id, 60, seed=7)
    gif = replay_gif(game_frames(game_id, moves, players=("Ann", "Bo")))
    assert len(gif) <= limit
    out = tmp_path / "r.gif"
    out.write_bytes(gif)
    frames = frames_of(out)
    assert len(frames) == 61  # the start, then one per ply
    durations = [d for _, d in frames]
    assert durations[:-1] == [PLY_MS] * 60 and durations[-1] == LAST_MS > 3 * PLY_MS
    # each frame has its own caption (its number at least): none is the final one's
    first, last = frames[0][0], frames[-1][0]
    height = first.height
    box = (0, height - caption_height(game_id), first.width, height)
    for img, _ in frames[:-1]:
        assert ImageChops.difference(img.crop(box), last.crop(box)).getbbox() is not None
    # and the board changes from frame to frame
    assert ImageChops.difference(first, last).getbbox() is not None


def test_each_frame_shows_the_position_after_its_ply() -> None:
    moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    drawers = game_frames("chess", moves)
    gif = replay_gif(drawers)
    frames = []
    with Image.open(io.BytesIO(gif)) as img:
        for i in range(img.n_frames):
            img.seek(i)
            frames.append(img.convert("RGB"))
    assert len(frames) == 8
    for i, drawer in enumerate(drawers):
        # each frame is its position, caption and number as a PNG would draw them, but for
        # palette rounding
        alone = drawer((i + 1, 8)).convert("RGB")
        diff = ImageChops.difference(alone, frames[i]).convert("L")
        assert diff.getextrema()[1] < 48, i


def test_encode_gif_refuses_no_frames() -> None:
    with pytest.raises(ValueError, match="at least one frame"):
        encode_gif([])


def test_cli_writes_a_gif(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mate.gif"
    code = main(["--gif", "chess", "f3", "e5", "g4", "Qh4#", "-o", str(out)])
    assert code == 0 and capsys.readouterr().out.strip() == str(out)
    frames = frames_of(out)
    assert len(frames) == 5 and frames[-1][1] == LAST_MS
    out = tmp_path / "rugen.gif"
    assert main(["--gif", "rugen", "a2-a3", "h7-h6", "-o", str(out)]) == 0
    assert len(frames_of(out)) == 3
    out = tmp_path / "d.gif"
    assert main(["--gif", "draughts", "11-15", "22-18", "15x22", "-o", str(out)]) == 0
    assert len(frames_of(out)) == 4


def test_cli_gif_refuses_an_illegal_move_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "bad.gif"
    assert main(["--gif", "chess", "e4", "e9", "-o", str(out)]) == 2
    assert "e9" in capsys.readouterr().err
    assert not out.exists()
    assert main(["classic", "a8-a6", "-o", str(out)]) == 2  # moves need --gif
    assert "--gif" in capsys.readouterr().err
