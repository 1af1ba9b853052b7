"""A replay GIF is written frame by frame with bounded memory, whatever the game's length
(issue 38), and looks as the replays made before did.

Memory is checked by structure, not by measuring: the frames are drawn by a generator, and
when each is drawn the earlier ones must already be gone (weak references), so the writer never
holds more than the frame in hand and the one before it. A 300-ply game gives a GIF of 301
frames that way; the bot's replay of it shows the last :data:`MAX_REPLAY_PLIES` plies (a frame
cap, not sampling: docs/bot.md).
"""

from __future__ import annotations

import copy
import io
import random
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import rules
from bot.presenters import BoardView, presenter_for
from bot.services.replays import MAX_REPLAY_PLIES, replay_boards
from rendering.caption import CAPTION_TOP
from rendering.game_frames import Frame, game_frames, replay_gif
from rendering.palette import COLOURS
from rendering.render import compose, encode_png
from rendering.replay import LAST_MS, PLY_MS, encode_gif
from rules.games import find_game
from storage import Database, PlyToRecord

from .test_palette import off_by, summary
from .test_replay import played_game


def gif_frames(gif: bytes) -> list[tuple[Image.Image, int]]:
    out = []
    with Image.open(io.BytesIO(gif)) as img:
        assert img.format == "GIF"
        for i in range(img.n_frames):
            img.seek(i)
            out.append((img.convert("RGB"), img.info["duration"]))
    return out


class Watched:
    """Pictures handed out by a drawer, watched: how many earlier ones are still alive each
    time a new one is drawn."""

    def __init__(self) -> None:
        self.alive: list[weakref.ref[Image.Image]] = []
        self.most_alive_before = 0
        self.drawn = 0

    def __call__(self, img: Image.Image) -> Image.Image:
        living = sum(ref() is not None for ref in self.alive)
        self.most_alive_before = max(self.most_alive_before, living)
        self.alive = [ref for ref in self.alive if ref() is not None]
        self.alive.append(weakref.ref(img))
        self.drawn += 1
        return img


def watched_drawers(drawers: Sequence[Frame], watch: Watched) -> list[Frame]:
    def wrap(drawer: Frame) -> Frame:
        return lambda frame: watch(drawer(frame))

    return [wrap(d) for d in drawers]


def old_encode_gif(frames: Sequence[Image.Image]) -> bytes:
    """The replay as written before issue 38: every frame in a list, a palette sampled from
    four of them, Pillow's writer (which keeps every frame until the end)."""
    count = min(4, len(frames))
    picks = sorted({round(i * (len(frames) - 1) / max(1, count - 1)) for i in range(count)})
    width, height = frames[0].size
    half = (max(1, width // 2), max(1, height // 2))
    sheet = Image.new("RGB", (half[0], half[1] * len(picks)))
    for row, i in enumerate(picks):
        sheet.paste(frames[i].resize(half, Image.Resampling.NEAREST), (0, row * half[1]))
    palette = sheet.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    mapped = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    buf = io.BytesIO()
    mapped[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=mapped[1:],
        duration=[PLY_MS] * (len(mapped) - 1) + [LAST_MS],
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buf.getvalue()


def test_encode_gif_draws_each_frame_when_it_needs_it_and_keeps_two_at_most() -> None:
    game = rules.Game(rules.start_position("rugen"))
    positions: list[tuple[rules.Position, rules.MoveResult | None]] = [(game.position, None)]
    rng = random.Random(5)
    for _ in range(30):
        last = game.play(rng.choice(game.legal_moves()))
        positions.append((game.position, last))
    watch = Watched()
    asked: list[int] = []

    def frames() -> Iterator[Image.Image]:
        for i, (position, last) in enumerate(positions):
            asked.append(i)
            yield watch(compose(position, last_move=last, strip=False))

    stream = frames()
    gif = encode_gif(stream)
    assert asked == list(range(31)) and watch.drawn == 31
    assert watch.most_alive_before <= 1  # the previous frame at most, never the game
    assert len(gif_frames(gif)) == 31


def test_a_300_ply_game_is_301_frames_drawn_one_by_one() -> None:
    """The command line's and the benchmark's replays have no cap: a 300-ply LAT game is 301
    frames, and still no more than two of them are alive at once."""
    moves = played_game("lat", 300, seed=7)
    watch = Watched()
    drawers = watched_drawers(game_frames("lat", moves, players=("Ann", "Bo")), watch)
    gif = replay_gif(drawers)
    frames = gif_frames(gif)
    assert watch.drawn == 301 and len(frames) == 301
    assert watch.most_alive_before <= 1  # the frame before at most
    assert [d for _, d in frames[:-1]] == [PLY_MS] * 300 and frames[-1][1] == LAST_MS


def test_each_gif_frame_is_its_board_picture_exactly() -> None:
    """The GIF and the PNG boards share the kind's fixed palette, so each frame is pixel for
    pixel the PNG of that position with its own caption and number (decoded); only the last
    one's caption is the final one's."""
    moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
    drawers = game_frames("chess", moves)
    frames = gif_frames(replay_gif(drawers))
    final = drawers[-1]((8, 8))
    top = final.info[CAPTION_TOP]
    final_png = Image.open(io.BytesIO(encode_png(final))).convert("RGB")
    strip = (0, top, final.width, final.height)
    for number, ((frame, _), drawer) in enumerate(zip(frames, drawers, strict=True), start=1):
        png = Image.open(io.BytesIO(encode_png(drawer((number, 8))))).convert("RGB")
        assert ImageChops.difference(frame, png).getbbox() is None
        same = ImageChops.difference(frame.crop(strip), final_png.crop(strip)).getbbox() is None
        assert same is (number == 8)


@pytest.mark.parametrize("game_id", ["lat", "draughts"])
def test_the_gif_looks_as_the_old_one_did(game_id: str) -> None:
    """Same frames, same durations, the same pictures but for palette rounding: the old GIF
    took its palette from four of its frames, the new one the kind's fixed palette."""
    moves = played_game(game_id, 40, seed=11)
    drawers = game_frames(game_id, moves, players=("Ann", "Bo"))
    new = gif_frames(replay_gif(drawers))
    drawn = [d((n, len(drawers))) for n, d in enumerate(drawers, start=1)]
    old = gif_frames(old_encode_gif(drawn))
    assert [d for _, d in new] == [d for _, d in old]
    hist = [0] * 256
    hist_new = [0] * 256
    hist_old = [0] * 256
    for (a, _), (b, _), picture in zip(new, old, drawn, strict=True):
        for h, (x, y) in ((hist, (a, b)), (hist_new, (a, picture)), (hist_old, (b, picture))):
            for i, c in enumerate(off_by(x, y)):
                h[i] += c
    mean, over8, over16, worst = summary(hist)
    assert mean < 2 and over8 < 0.02 and over16 < 0.002, summary(hist)
    # the worst pixel: the new GIF's against what was drawn (the old palette, made from four
    # frames, could lack a mark's colour -- the capture red -- and be off by more)
    assert summary(hist_new)[3] <= 64, summary(hist_new)
    assert summary(hist_new)[0] < summary(hist_old)[0]  # closer to what was drawn


def controls(gif: bytes) -> list[tuple[int, int, int | None]]:
    """Each frame's graphic control extension: (disposal, duration in ms, transparent index)."""
    out = []
    at = gif.find(b"!\xf9\x04")
    while at != -1:
        packed, centis, index = (
            gif[at + 3],
            int.from_bytes(gif[at + 4 : at + 6], "little"),
            gif[at + 6],
        )
        out.append(((packed >> 2) & 7, centis * 10, index if packed & 1 else None))
        at = gif.find(b"!\xf9\x04", at + 8)
    return out


def test_each_frame_after_the_first_is_the_changed_rectangle_with_255_transparent() -> None:
    moves = played_game("chess", 6, seed=3)
    gif = replay_gif(game_frames("chess", moves))
    assert controls(gif) == [(1, PLY_MS, None)] + [(1, PLY_MS, COLOURS)] * 5 + [
        (1, LAST_MS, COLOURS)
    ]
    frames = gif_frames(gif)
    with Image.open(io.BytesIO(gif)) as img:
        img.seek(3)
        extents = img.tile[0][1]  # the rectangle the frame stores: a move's squares and the
        assert extents is not None  # words of the caption that changed, nothing more
    changed = ImageChops.difference(frames[2][0], frames[3][0]).convert("L")
    assert extents == changed.getbbox()
    moved = sum(changed.point(lambda v: 255 if v else 0).histogram()[255:])
    assert moved < frames[3][0].width * frames[3][0].height / 4  # the rest is transparent


def test_a_pass_is_merged_into_the_frame_before() -> None:
    still = compose(rules.start_position("classic"), strip=False)
    moved = rules.Game(rules.start_position("classic"))
    last = moved.play(moved.legal_moves()[0])
    other = compose(moved.position, last_move=last, strip=False)
    frames = gif_frames(encode_gif(iter([still, still.copy(), other, other.copy()])))
    assert [d for _, d in frames] == [2 * PLY_MS, PLY_MS + LAST_MS]


def test_a_frame_of_another_size_is_refused() -> None:
    small = Image.new("RGB", (10, 10))
    with pytest.raises(ValueError, match="frame of"):
        encode_gif(iter([Image.new("RGB", (12, 10)), small]))


async def _long_game(db: Database, plies: int) -> int:
    """A classic game of ``plies`` random plies that do not end it, stored move by move."""
    for uid, name in ((1, "Ann"), (2, "Bo")):
        await db.players.upsert_player(uid, name)
    start = rules.start_position("classic").to_lpn()
    record = await db.games.create_game(
        guild_id=None,
        channel_id=9,
        game_kind="classic",
        start_position=start,
        white_id=1,
        black_id=2,
    )
    session = find_game("classic").session(start)
    rng = random.Random(38)
    batch: list[PlyToRecord] = []
    while session.ply < plies:
        options = []
        for move in session.legal_moves():
            session.push(move)
            if not session.is_over:
                options.append(move)
            session.pop()
        mover = 1 if session.to_move == "white" else 2
        move = rng.choice(options)
        text = session.format(move)
        session.push(move)
        batch.append(PlyToRecord(mover, text, session.position_text()))
    await db.games.record_moves(record.id, 0, batch)
    return record.id


async def test_the_bots_replay_of_a_300_ply_game_is_its_last_plies_streamed(
    tmp_path: Path,
) -> None:
    """``/history`` and the game's end: the last :data:`MAX_REPLAY_PLIES` plies from the
    position before them (a cap, not sampling), each frame drawn by the presenter when the
    GIF writer asks for it."""
    db = Database(tmp_path / "replay.sqlite3")
    await db.start()
    try:
        game_id = await _long_game(db, 300)
        record = await db.games.require_game(game_id)
        boards = await replay_boards(db, record)
    finally:
        await db.stop()
    assert len(boards) == MAX_REPLAY_PLIES + 1 == 151
    moves = [b.last for b in boards[1:]]
    assert all(m is not None for m in moves)
    assert boards[0].position == moves[0].before  # type: ignore[union-attr]
    presenter = presenter_for("classic")
    watch = Watched()
    real: Callable[..., Image.Image] = presenter.frame

    def frame(board: BoardView, *, strip: bool = True) -> Image.Image:
        return watch(real(board, strip=strip))

    counting = copy.copy(presenter)
    counting.frame = frame  # type: ignore[method-assign]
    frames = gif_frames(counting.replay(boards))
    assert len(frames) == 151 and watch.drawn == 151
    assert watch.most_alive_before <= 1  # the frame before at most
