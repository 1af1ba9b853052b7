"""Issue 32: a replay GIF's frames say only what was true at their ply.

Real games are played through the rules and stored, their boards built as ``/history`` and a
game's end build them (:func:`bot.services.replays.replay_boards`), and the presenter's GIF is
decoded frame by frame: each frame's caption is its own (whose turn, the move number, what was
taken, the pips; the result on the last frame only) with its number ``N/M``; a backgammon
replay numbers the points from one side throughout; a ludo frame's die is the seat's whose
turn its caption says.
"""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.presenters import BoardView, presenter_for
from bot.services.replays import replay_boards
from rendering import get_theme, layout
from rendering.backgammon_layout import backgammon_layout
from rendering.caption import CaptionGeometry, status_box
from rendering.layout import Rect
from rendering.ludo_layout import ludo_layout
from rendering.plain_text import ludo_position
from rendering.render import encode_png
from rules.games import find_game
from storage import Database, GameRecord, PlyToRecord

NAMES = {1: "Alice", 2: "Bob"}


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(tmp_path / "frames.sqlite3")
    await database.start()
    for uid, name in NAMES.items():
        await database.players.upsert_player(uid, name)
    try:
        yield database
    finally:
        await database.stop()


async def stored_game(
    db: Database, game_kind: str, seats: Sequence[str], moves: Sequence[str] | int, seed: int = 1
) -> GameRecord:
    """A ``variant`` game between Alice and Bob (``seats`` in order), stored ply by ply:
    ``moves`` as given, or that many plies chosen at random (dice rolled, no cube), the game
    finished when the rules end it."""
    game = find_game(game_kind)
    session = game.session()
    ids = {seat: uid for uid, seat in enumerate(seats, start=1)}
    record = await db.games.create_game(
        guild_id=None,
        channel_id=9,
        game_kind=game_kind,
        start_position=session.position_text(),
        seats=list(ids.items()),
    )
    rng = random.Random(seed)
    plies: list[PlyToRecord] = []
    count = moves if isinstance(moves, int) else len(moves)
    while len(plies) < count and not session.is_over:
        mover = ids[session.to_move]
        if not isinstance(moves, int):
            text = moves[len(plies)]
        elif session.chance_due:
            text = session.roll(rng)
        else:
            options = [a for a in session.legal_actions() if a not in ("double", "drop")]
            text = rng.choice(options)
        session.play(text)
        plies.append(PlyToRecord(mover, text, session.position_text()))
    return await db.games.record_moves(record.id, 0, plies, outcome=session.outcome)


def frames_of(gif: bytes) -> list[Image.Image]:
    out = []
    with Image.open(io.BytesIO(gif)) as img:
        assert img.format == "GIF"
        for i in range(img.n_frames):
            img.seek(i)
            out.append(img.convert("RGB"))
    return out


def picture(game_kind: str, board: BoardView) -> Image.Image:
    """``board`` drawn alone, as the bot posts it (its PNG, decoded)."""
    png = encode_png(presenter_for(game_kind).frame(board))
    return Image.open(io.BytesIO(png)).convert("RGB")


def same(a: Image.Image, b: Image.Image, box: Rect | None = None) -> bool:
    if box is not None:
        a, b = a.crop(box), b.crop(box)
    return ImageChops.difference(a, b).getbbox() is None


def counter_box(lay: CaptionGeometry) -> Rect:
    """The right end of the status line, where the frame number is drawn."""
    left, top, right, bottom = status_box(lay)
    return (right - round((right - left) * 0.15), top, right, bottom)


async def replay(db: Database, record: GameRecord) -> tuple[list[BoardView], list[Image.Image]]:
    record = await db.games.require_game(record.id)
    boards = await replay_boards(db, record)
    frames = frames_of(presenter_for(record.game_kind).replay(boards))
    assert len(frames) == len(boards)
    return boards, frames


def check_frames(
    game_kind: str, boards: list[BoardView], frames: list[Image.Image], lay: CaptionGeometry
) -> None:
    """What every replay's frames share: each is its own board's picture with its number;
    its caption strip differs from the final one's but on the last frame; the number
    changes every frame; the result banner shows on the last frame only when the game
    ended."""
    count = len(frames)
    top = lay.caption_rect[1]
    strip = (0, top, frames[0].width, frames[0].height)
    counter = counter_box(lay)
    final = frames[-1]
    for number, (board, frame) in enumerate(zip(boards, frames, strict=True), start=1):
        alone = picture(game_kind, dataclasses.replace(board, frame=(number, count)))
        assert same(frame, alone), number
        assert same(frame, final, strip) is (number == count), number
        if number > 1:
            assert not same(frame, frames[number - 2], counter), number
    # the result: only the last board has it, and only its frame has the banner
    assert all(b.outcome is None and b.status is None for b in boards[:-1])
    banner = get_theme("light").banner
    left, band_top, _, band_bottom = status_box(lay)
    spot = (left + 3, (band_top + band_bottom) // 2)
    ended = boards[-1].outcome is not None
    assert [f.getpixel(spot) == banner for f in frames] == [False] * (count - 1) + [ended]


async def test_a_chess_replay_says_whose_turn_and_the_move_at_each_ply(db: Database) -> None:
    moves = ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+", "Be2", "Qe4", "Nxe4"]
    record = await stored_game(db, "chess", ("white", "black"), moves)
    boards, frames = await replay(db, record)
    assert len(frames) == 10
    # each frame's own move number and taken pieces (the caption draws them)
    assert [b.move_number for b in boards[:-1]] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    pawn, both = ("p", "P"), ("pq", "P")  # exd5, Qxd5; then Nxe4 takes the queen
    assert [b.taken for b in boards] == [("", "")] * 3 + [("p", "")] + [pawn] * 5 + [both]
    check_frames("chess", boards, frames, layout(8, 8))
    # the first frame is the start position's board as freshly drawn: Alice (White) to
    # move, move 1, nothing taken, no result
    start = BoardView(
        find_game("chess").session().position_text(),
        players={"white": "Alice", "black": "Bob"},
        move_number=1,
        taken=("", ""),
        frame=(1, 10),
    )
    assert same(frames[0], picture("chess", start))


async def test_a_finished_chess_game_shows_its_result_on_the_last_frame_only(
    db: Database,
) -> None:
    record = await stored_game(db, "chess", ("white", "black"), ["f3", "e5", "g4", "Qh4#"])
    assert record.reason == "checkmate"
    boards, frames = await replay(db, record)
    check_frames("chess", boards, frames, layout(8, 8))
    assert boards[-1].outcome is not None


async def test_backgammon_frames_number_the_points_from_one_side_with_their_own_pips(
    db: Database,
) -> None:
    record = await stored_game(db, "backgammon", ("white", "black"), 24, seed=4)
    boards, frames = await replay(db, record)
    lay = backgammon_layout()
    check_frames("backgammon", boards, frames, lay)
    width = frames[0].width
    _, board_top, _, board_bottom = lay.board_rect
    labels = [(0, 0, width, board_top), (0, board_bottom, width, lay.caption_rect[1])]
    for frame in frames[1:]:  # the point numbers never move
        assert all(same(frame, frames[0], box) for box in labels)
    # a board alone numbers the points for the side to move: Black's turns are numbered
    # the other way round there, never in the replay
    session = find_game("backgammon").session
    blacks = [
        i for i, b in enumerate(boards[:-1]) if session(b.position).to_move == "black" and i > 0
    ]
    assert blacks
    alone = picture("backgammon", boards[blacks[0]])
    assert not same(alone, frames[blacks[0]], labels[0])
    # each frame's pips are its own: the race changes during the game
    pips = [session(b.position).pips() for b in boards]  # type: ignore[attr-defined]
    assert len(set(pips)) > 2


async def test_a_ludo_frame_shows_the_die_of_the_seat_whose_turn_it_says(db: Database) -> None:
    record = await stored_game(db, "ludo", ("red", "yellow"), 30, seed=2)
    boards, frames = await replay(db, record)
    lay = ludo_layout(rows=2)
    check_frames("ludo", boards, frames, lay)
    half = lay.die // 2 + 2

    def die_box(colour: str) -> Rect:
        x, y = lay.die_centre(colour)
        return (round(x) - half, round(y) - half, round(x) + half, round(y) + half)

    dice = 0
    for board, frame in zip(boards, frames, strict=True):
        position = ludo_position(board.position, ["Alice", "Bob"])
        # against the same tokens with no die: the die stands beside the seat to move only
        background = picture_without_die(board)
        for colour in ("R", "Y"):
            shown = not same(frame, background, die_box(colour))
            assert shown is (position.die is not None and position.to_move == colour), colour
        dice += position.die is not None
    assert dice > 3


def picture_without_die(board: BoardView) -> Image.Image:
    """``board``'s ludo picture (its marks, its tokens) as before its roll: no die."""
    position = board.position
    text, _, die = position.rpartition(" ")
    if die.isdigit():
        position = text
    assert ludo_position(position).die is None
    return picture("ludo", dataclasses.replace(board, position=position))
