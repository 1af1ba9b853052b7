"""The whole game as an animated GIF: ``/history`` attaches it, and the bot posts it in the
game's thread when the game ends (not when it is aborted)."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from rendering import layout
from rendering.caption import status_box
from rendering.layout import Rect

from .helpers import challenge_and_accept, last_board

FOOLS_MATE = [("alice", "f3"), ("bob", "e5"), ("alice", "g4"), ("bob", "Qh4#")]


def gif_of(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    assert img.format == "GIF"
    return img


def same(a: Image.Image, b: Image.Image, box: Rect) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is None


def replays(where) -> list:
    return [
        m for m in where.history() if any(a.filename.endswith("-replay.gif") for a in m.attachments)
    ]


async def test_history_attaches_the_game_as_a_gif_with_a_frame_per_ply(arena):
    game, where = await challenge_and_accept(arena, "chess")
    for who, move in FOOLS_MATE[:3]:
        r = await getattr(arena, who).slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    h = await arena.alice.slash(where, "history", game=str(game.id))
    assert "1. f3 e5 2. g4" in h.response.content
    names = [a.filename for a in h.response.attachments]
    assert names == [f"chess-game-{game.id}.pgn", f"game-{game.id}-replay.gif"]
    gif = gif_of(await h.response.attachments[1].read())
    assert gif.n_frames == 4  # the start and one frame per ply
    durations = []
    for i in range(gif.n_frames):
        gif.seek(i)
        durations.append(gif.info["duration"])
    assert durations[-1] > 2 * max(durations[:-1])  # the last position is held longer
    # the last frame is the board as it stands: the same picture as the latest board's
    board = Image.open(io.BytesIO(await last_board(where).attachments[0].read())).convert("RGB")
    gif.seek(gif.n_frames - 1)
    assert gif.size == board.size


async def test_history_of_a_game_without_moves_has_no_gif(arena):
    game, where = await challenge_and_accept(arena, "chess")
    h = await arena.alice.slash(where, "history", game=str(game.id))
    assert [a.filename for a in h.response.attachments] == [f"chess-game-{game.id}.pgn"]


async def test_the_replay_is_posted_below_the_final_board_when_a_game_ends(arena):
    game, where = await challenge_and_accept(arena, "chess")
    for who, move in FOOLS_MATE:
        await getattr(arena, who).slash(where, "move", move=move)
    [post] = replays(where)
    history = where.history()
    final = last_board(where)
    assert "is over" in final.content
    assert history.index(post) > history.index(final)  # below the final board
    [att] = post.attachments
    gif = gif_of(await att.read())
    assert gif.n_frames == 5
    assert f"Game #{game.id}" in post.content
    # issue 32: each frame has its own caption (the result on the last one only) and number
    frames = []
    for i in range(gif.n_frames):
        gif.seek(i)
        frames.append(gif.convert("RGB"))
    lay = layout(8, 8)
    strip = (0, lay.caption_rect[1], gif.width, gif.height)
    left, top, right, bottom = status_box(lay)
    counter = (right - (right - left) // 7, top, right, bottom)
    for i, frame in enumerate(frames[:-1]):
        assert not same(frame, frames[-1], strip), i
        assert not same(frame, frames[i + 1], counter), i


async def test_a_resigned_game_gets_its_replay_too(arena):
    game, where = await challenge_and_accept(arena, "draughts")
    await arena.bob.slash(where, "move", move="11-15")  # Black (Bob) starts
    r = await arena.alice.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    [post] = replays(where)
    assert gif_of(await post.attachments[0].read()).n_frames == 2


async def test_an_aborted_game_gets_no_replay(arena):
    game, where = await challenge_and_accept(arena, "chess")
    await arena.alice.slash(where, "move", move="e4")
    r = await arena.alice.slash(where, "abort")
    assert not r.ephemeral, r.response.content
    record = await arena.db.games.load_game(game.id)
    assert record.reason == "aborted"
    assert replays(where) == []
