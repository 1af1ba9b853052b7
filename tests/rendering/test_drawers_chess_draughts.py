"""Chess and draughts pictures drawn from a :class:`~rendering.drawers.Scene` (issue 31): the
rules' view of the position and the last action's effects, never a position or a move text.

Each scene is drawn through :func:`rendering.drawers.draw`, encoded as the bot sends it and
decoded, then read as a player would: the last move's squares tinted, the king in check
glowing, a jump's path, crosses and ghosts, whose turn the caption shows.
"""

from __future__ import annotations

import inspect
from dataclasses import replace

import pytest
from PIL import Image

from rendering import THEMES, Caption, encode_png, layout
from rendering.board import square_colour
from rendering.chess import chess_square, compose_chess
from rendering.chess import draw_scene as draw_chess_scene
from rendering.draughts import compose_draughts, draughts_square
from rendering.draughts import draw_scene as draw_draughts_scene
from rendering.drawers import Scene, draw
from rendering.layout import Layout
from rendering.theme import mix
from rules import Side
from rules.games import GameOutcome, Reason, find_game
from rules.games.effects import Effect, Moved, Promoted, Taken
from rules.games.view import PieceView, PositionView
from tests.import_probe import run_code

from .render_pixels import close, corner_pixel, decode, patch, share

LIGHT = THEMES["light"]
CAPTION = Caption(players=("Alice", "Bob"), title="Game")


def played(game: str, moves: str) -> tuple[PositionView, tuple[Effect, ...]]:
    """The rules' view after ``moves`` from the start, and the last move's effects."""
    session = find_game(game).session()
    effects: tuple[Effect, ...] = ()
    for text in moves.split():
        effects = session.play(text).effects
    return session.view(), effects


def picture(scene: Scene) -> Image.Image:
    """The scene as the bot sends it (a PNG), decoded."""
    return decode(encode_png(draw(scene)))


def tinted(img: Image.Image, lay: Layout, name: str, theme: str = "light") -> bool:
    pal = THEMES[theme]
    sq = chess_square(name)
    want = mix(square_colour(sq, pal), pal.move_tint, pal.move_tint_strength)
    return close(corner_pixel(img, lay, sq), want, 3)


def plain(img: Image.Image, lay: Layout, name: str, theme: str = "light") -> bool:
    sq = chess_square(name)
    return close(corner_pixel(img, lay, sq), square_colour(sq, THEMES[theme]), 3)


def glowing(img: Image.Image, lay: Layout, name: str) -> bool:
    r, g, b = corner_pixel(img, lay, chess_square(name))
    return r > g + 60 and r > b + 60


# ----- chess ----------------------------------------------------------------------------------


@pytest.mark.parametrize("view", list(Side))
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_chess_mate_marks_the_last_move_and_the_king_in_check(view: Side, theme: str) -> None:
    board, last = played("chess", "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#")
    assert board.extra["check"] == "e8" and board.outcome is not None
    img = picture(Scene(board, CAPTION, last, perspective=view.value, theme=theme))
    lay = layout(8, 8, view)
    assert tinted(img, lay, "h5", theme) and tinted(img, lay, "f7", theme)
    assert glowing(img, lay, "e8")
    for name in ("e4", "c4", "f6", "e1"):
        assert plain(img, lay, name, theme), name
    # the white queen now stands on f7, the black king on e8
    pal = THEMES[theme]
    assert share(patch(img, lay, chess_square("f7"), 0.3), pal.white_fill, 16) > 0.2
    assert share(patch(img, lay, chess_square("e8"), 0.3), pal.black_fill, 16) > 0.2


def test_chess_castling_marks_the_kings_move() -> None:
    board, last = played("chess", "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O")
    img = picture(Scene(board, CAPTION, last))
    lay = layout(8, 8)
    assert tinted(img, lay, "e1") and tinted(img, lay, "g1")
    assert plain(img, lay, "h1") and plain(img, lay, "f1")
    assert not glowing(img, lay, "e8")


def test_chess_en_passant_marks_the_pawns_squares_and_empties_the_taken_one() -> None:
    board, last = played("chess", "e4 a6 e5 d5 exd6")
    assert any(isinstance(e, Taken) and e.cell == "d5" for e in last)
    img = picture(Scene(board, CAPTION, last))
    lay = layout(8, 8)
    assert tinted(img, lay, "e5") and tinted(img, lay, "d6")
    sq = chess_square("d5")
    assert share(patch(img, lay, sq, 0.3), square_colour(sq, LIGHT), 6) > 0.97


def letters(board: PositionView) -> dict[str, str]:
    """The view's pieces as FEN letters, spelled out here (White's upper case)."""
    fen = {"pawn": "p", "knight": "n", "bishop": "b", "rook": "r", "queen": "q", "king": "k"}
    return {
        cell: fen[p.piece].upper() if p.seat == "white" else fen[p.piece]
        for cell, (p,) in board.pieces.items()
    }


def test_chess_scene_draws_what_compose_chess_draws_from_the_same_facts() -> None:
    board, last = played("chess", "e4 d5 exd5 Qxd5 Nc3 Qe5+")
    scene = Scene(board, CAPTION, last, perspective="black", theme="dark")
    want = compose_chess(
        letters(board),
        last_move=("d5", "e5"),
        check="e1",
        to_move="white",
        view="black",
        theme="dark",
        caption=CAPTION,
    )
    assert draw(scene).tobytes() == want.tobytes()


def test_a_resignation_off_the_board_shows_no_side_to_move() -> None:
    board, last = played("chess", "e4 e5")
    assert board.to_move == "white" and board.outcome is None
    resigned = GameOutcome("black", Reason.RESIGNATION)
    won = Caption(players=("Alice", "Bob"), status="Bob (Black) wins — resignation", winner="black")
    shown = draw(Scene(board, won, last, outcome=resigned))
    over = compose_chess(letters(board), last_move=("e7", "e5"), to_move=None, caption=won)
    ongoing = compose_chess(letters(board), last_move=("e7", "e5"), to_move="white", caption=won)
    assert shown.tobytes() == over.tobytes() != ongoing.tobytes()


# ----- draughts -------------------------------------------------------------------------------

#: Black's man on 15 has just jumped White's man on 19 and king on 27, landing on 31 (crowned).
_PIECES = {"1": "bm", "2": "bm", "5": "bm", "9": "bk", "31": "bk", "14": "wm", "22": "wm"}
_PIECES |= {"25": "wm", "29": "wk"}
JUMP: tuple[Effect, ...] = (
    Moved("black", "man", "15", "31", ("24",)),
    Taken("white", "man", "19"),
    Taken("white", "king", "27"),
    Promoted("black", "31", "man", "king"),
)


def draughts_view(to_move: str | None = "white") -> PositionView:
    """A draughts position built by hand: nobody ever wrote it as a position text."""
    seats = {"b": "black", "w": "white"}
    kinds = {"m": "man", "k": "king"}
    return PositionView(
        game="draughts",
        board="grid",
        files=8,
        ranks=8,
        cells=tuple(str(n) for n in range(1, 33)),
        pieces={c: (PieceView(seats[w[0]], kinds[w[1]]),) for c, w in _PIECES.items()},
        seats=("black", "white"),
        to_move=to_move,
    )


def side_pixel(img: Image.Image, lay: Layout, number: int) -> tuple[int, int, int]:
    """A pixel in the top right corner of a square, clear of its number and of a piece."""
    _, y0, x1, _ = lay.square_rect(draughts_square(number))
    return img.getpixel((x1 - 4, y0 + 4))  # type: ignore[return-value]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_draughts_multi_jump_marks_the_path_and_ghosts_the_pieces_taken(theme: str) -> None:
    pal = THEMES[theme]
    lay = layout(8, 8, Side.WHITE, edge_labels=False)
    img = picture(Scene(draughts_view(), CAPTION, JUMP, theme=theme))
    tint = mix(pal.dark_square, pal.move_tint, pal.move_tint_strength)
    for n in (15, 24):
        assert close(side_pixel(img, lay, n), tint, 3), n
    # a ✕ over each square jumped, over a ghost of the piece taken
    for n in (19, 27):
        sq = draughts_square(n)
        assert share(patch(img, lay, sq, 0.2), pal.captured, 40) > 0.1, n
        cx, cy = lay.square_center(sq)
        px = img.getpixel((cx, cy - round(lay.square * 0.37)))
        assert sum(pal.dark_square) + 30 < sum(px) < sum(pal.white_fill) - 30  # type: ignore[arg-type]
    # an untouched dark square keeps its colour
    assert close(side_pixel(img, lay, 20), pal.dark_square, 3)
    # the ghost on 27 is the king the effects say was taken, the one on 19 a man
    pieces = {int(c): w[0] if w[1] == "m" else w[0].upper() for c, w in _PIECES.items()}
    as_kings = compose_draughts(
        pieces, last_move=[15, 24, 31], jumped={19: "w", 27: "W"}, to_move="white", theme=theme
    )
    as_men = compose_draughts(
        pieces, last_move=[15, 24, 31], jumped={19: "w", 27: "w"}, to_move="white", theme=theme
    )
    drawn = draw(Scene(draughts_view(), Caption(), JUMP, theme=theme))
    assert drawn.tobytes() == as_kings.tobytes() != as_men.tobytes()


def test_draughts_scene_from_the_rules_matches_compose_draughts() -> None:
    board, last = played("draughts", "11-15 22-18 15x22 25x18")
    moved = next(e for e in last if isinstance(e, Moved))
    assert (moved.source, moved.target) == ("25", "18")
    pieces = {
        int(c): ("w" if p.seat == "white" else "b")
        if p.piece == "man"
        else ("W" if p.seat == "white" else "B")
        for c, (p,) in board.pieces.items()
    }
    want = compose_draughts(
        pieces, last_move=[25, 18], jumped={22: "b"}, to_move="black", caption=CAPTION
    )
    assert draw(Scene(board, CAPTION, last)).tobytes() == want.tobytes()


def test_a_finished_view_shows_no_side_to_move() -> None:
    """Over on the board (the view's outcome) or off it (the scene's): nobody to move."""
    over = replace(draughts_view(None), outcome={"winner": "black"})
    resigned = GameOutcome("black", Reason.RESIGNATION)
    a = draw(Scene(over, CAPTION, JUMP))
    b = draw(Scene(draughts_view(), CAPTION, JUMP, outcome=resigned))
    c = draw(Scene(draughts_view(), CAPTION, JUMP))
    assert a.tobytes() == b.tobytes() != c.tobytes()


# ----- no position text -------------------------------------------------------------------------


@pytest.mark.parametrize("drawer", [draw_chess_scene, draw_draughts_scene])
def test_a_drawer_takes_only_a_scene(drawer: object) -> None:
    assert list(inspect.signature(drawer).parameters) == ["scene"]  # type: ignore[arg-type]


def test_scenes_built_by_hand_draw_without_the_games_rules_or_python_chess() -> None:
    probe = run_code(
        "from rendering import Caption\n"
        "from rendering.drawers import Scene, draw\n"
        "from rules.games.effects import Moved, Taken\n"
        "from rules.games.view import PieceView, PositionView\n"
        "k = {'e1': (PieceView('white', 'king'),), 'e8': (PieceView('black', 'king'),)}\n"
        "v = PositionView('chess', 'grid', 8, 8, (), k, ('white', 'black'), 'black',\n"
        "                 extra={'check': 'e8'})\n"
        "draw(Scene(v, Caption(), (Moved('white', 'king', 'e2', 'e1'),)))\n"
        "m = {'15': (PieceView('black', 'man'),)}\n"
        "v = PositionView('draughts', 'grid', 8, 8, (), m, ('black', 'white'), 'white')\n"
        "draw(Scene(v, Caption(), (Moved('black', 'man', '6', '15'),\n"
        "                          Taken('white', 'king', '10'))))\n"
    )
    assert probe.returncode == 0, probe.stderr
    assert not probe.loaded(["chess", "rules.games.chess", "rules.games.draughts"])
