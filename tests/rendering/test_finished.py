"""A finished game looks finished, whichever way it ended: the result banner, the winner's
row gold with a trophy (never the blue "to move" band), the lost eagle or Queen marked; and
what a move took: ghosts of removed pieces, the taken pieces as icons by kind."""

from __future__ import annotations

import pytest
from PIL import Image

import rules
from bot.presenters import BoardView, Ply, presenter_for
from rendering import THEMES, layout, render_board
from rendering.board import square_colour
from rendering.caption import chip_size, row_box
from rendering.sprites import piece_sprite
from rendering.theme import LIGHT, contrast_ratio
from rules import Side, parse_square
from rules.games import GameOutcome, Reason, find_game

from .render_pixels import banner_share, close, decode, row_share, share, trophy_in_row

NAMES = {"white": "Alice", "black": "Bob"}
LAT_QUEEN = ("lat:11/b3v3q2/2b5V2/b1VB4B2/7b3/4V5B/B1V3b4/4Vv1vQB1 b", "g2-i2")
CLASSIC_EAGLE = ("classic:eS6/8/8/8/7s/8/8/S3E3 w", "a1-a7")


def played(
    position: str | None, moves: list[str], game_id: str
) -> tuple[str, Ply, GameOutcome | None]:
    session = find_game(game_id).session(position)
    ply = None
    for move in moves:
        before = session.position_text()
        result = session.play(move)
        ply = Ply(result, before, session.position_text())
    assert ply is not None
    return session.position_text(), ply, session.outcome


# (game, start, moves, outcome when the players or the clock ended it, winner's seat)
ENDINGS = {
    "chess mate": ("chess", None, ["f3", "e5", "g4", "Qh4#"], None, "black"),
    "chess stalemate": (
        "chess",
        "chess:k7/8/1Q6/8/8/8/8/7K w - - 0 1",
        ["Qc7"],
        None,
        None,
    ),
    "draughts no pieces": ("draughts", "draughts:W:W18:B14", ["18x9"], None, "white"),
    "draughts timeout": (
        "draughts",
        None,
        ["11-15"],
        GameOutcome("black", Reason.TIMEOUT),
        "black",
    ),
    "lat queen captured": ("lat", LAT_QUEEN[0], [LAT_QUEEN[1]], None, "black"),
    "classic eagle captured": ("classic", CLASSIC_EAGLE[0], [CLASSIC_EAGLE[1]], None, "white"),
    "rugen resignation": (
        "rugen",
        None,
        ["a2-a3"],
        GameOutcome("black", Reason.RESIGNATION),
        "black",
    ),
    "schadler timeout": (
        "schadler",
        None,
        ["@d4"],
        GameOutcome("white", Reason.TIMEOUT),
        "white",
    ),
    "classic agreed draw": ("classic", None, ["a8-a6"], GameOutcome(None, Reason.AGREEMENT), None),
    # immobilised: the rules' reason, shown from the outcome (no status line of the bot's)
    "rugen no legal moves": (
        "rugen",
        None,
        ["a2-a3"],
        GameOutcome("white", Reason.NO_LEGAL_MOVES),
        "white",
    ),
}


@pytest.mark.parametrize("ending", sorted(ENDINGS))
def test_every_way_a_game_ends_shows_banner_and_trophy(ending: str) -> None:
    game_id, start, moves, decided, winner = ENDINGS[ending]
    after, ply, ended = played(start, moves, game_id)
    outcome = decided or ended
    assert outcome is not None, "the moves must end the game"
    assert outcome.winner == winner
    presenter = presenter_for(game_id)
    status = None
    if decided is not None and decided.reason in (Reason.TIMEOUT, Reason.AGREEMENT):
        # as the bot says it when the players or the clock decided
        status = "Draw — agreed" if winner is None else f"{winner.title()} wins — out of time"
    elif decided is not None and decided.reason is Reason.RESIGNATION:
        status = f"{str(winner).title()} wins — resignation"
    view = BoardView(after, NAMES, last=ply, outcome=outcome, status=status)
    img = decode(presenter.picture(view))
    position = (
        rules.parse_position(after)
        if ":" in after and after.split(":")[0] in ("classic", "rugen", "schadler", "lat")
        else None
    )
    if game_id == "draughts":
        lay = layout(8, 8, edge_labels=False)
    elif position is not None:
        lay = layout(position.width, position.height)
    else:
        lay = layout(8, 8)
    assert banner_share(img, lay, LIGHT) > 0.9  # the status line is the dark result banner
    for index, side in enumerate((Side.BLACK, Side.WHITE)):  # White at the bottom
        won = winner == side.value
        assert trophy_in_row(img, lay, index, LIGHT) == won, (side, ending)
        assert (row_share(img, lay, index, LIGHT.win_band) > 0.5) == won
        assert row_share(img, lay, index, LIGHT.accent) == 0  # nobody is "to move"
    # the banner's words stand out: light text on the dark band
    assert contrast_ratio(LIGHT.banner, LIGHT.banner_text) > 7


def test_a_game_in_progress_has_no_banner_and_no_trophy() -> None:
    img = decode(render_board(rules.start_position("rugen")))
    lay = layout(8, 8)
    assert banner_share(img, lay, LIGHT) == 0
    assert not trophy_in_row(img, lay, 0, LIGHT) and not trophy_in_row(img, lay, 1, LIGHT)
    assert row_share(img, lay, 1, LIGHT.accent) > 0.5  # White to move: the blue band


def _diagonal(img: Image.Image, lay, sq: int) -> list:
    """Pixels along both diagonals of ``sq`` near its upper corners (where a lost piece's
    large ✕ reaches and a plain capture's small one does not)."""
    x0, y0, _, _ = lay.square_rect(sq)
    n = lay.square
    out = []
    for t in (0.18, 0.21, 0.24):
        out.append(img.getpixel((round(x0 + t * n), round(y0 + t * n))))
        out.append(img.getpixel((round(x0 + (1 - t) * n), round(y0 + t * n))))
    return out


def test_a_lost_queen_gets_the_large_cross_over_her_ghost() -> None:
    game = rules.Game(LAT_QUEEN[0])
    before = game.position
    last = game.play(LAT_QUEEN[1])
    [sq] = [s for s in last.captured if before.piece_at(s).kind == "Q"]  # type: ignore[union-attr]
    lay = layout(11, 8)
    img = decode(render_board(game.position, last_move=last, before=before, outcome=game.outcome))
    # the ✕ reaches far towards the corners (a plain capture's ✕ stays in the middle)
    assert share(_diagonal(img, lay, sq), LIGHT.capture_mark, 40) > 0.6
    plain = rules.Game("rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w")
    pb = plain.position
    small = decode(render_board(plain.position, last_move=plain.play("a3-c3"), before=pb))
    c4 = parse_square("c4")
    assert share(_diagonal(small, layout(8, 8), c4), LIGHT.capture_mark, 40) < 0.2
    # the Queen's ghost shows through: the crown's top edge, between the ✕'s upper arms
    x0, y0, _, _ = lay.square_rect(sq)
    crown_top = img.getpixel((x0 + lay.square // 2, y0 + round(lay.square * 0.24)))
    assert not close(crown_top, square_colour(sq, LIGHT), 12)  # type: ignore[arg-type]


def test_the_enclosed_eagle_is_marked() -> None:
    game = rules.Game(CLASSIC_EAGLE[0])
    before = game.position
    last = game.play(CLASSIC_EAGLE[1])
    assert game.outcome is not None
    img = decode(render_board(game.position, last_move=last, before=before, outcome=game.outcome))
    a8 = parse_square("a8")
    assert share(_diagonal(img, layout(8, 8), a8), LIGHT.capture_mark, 40) > 0.6
    unmarked = decode(render_board(game.position, last_move=last, before=before))
    assert share(_diagonal(unmarked, layout(8, 8), a8), LIGHT.capture_mark, 40) < 0.2


def test_a_removed_piece_leaves_a_faint_ghost() -> None:
    game = rules.Game("rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w")
    before = game.position
    last = game.play("a3-c3")
    lay = layout(8, 8)
    c4 = parse_square("c4")
    x0, y0, _, _ = lay.square_rect(c4)
    rim = (x0 + lay.square // 2, y0 + round(lay.square * 0.16))  # on the disc, off the ✕
    ground = square_colour(c4, LIGHT)
    with_ghost = decode(render_board(game.position, last_move=last, before=before))
    without = decode(render_board(game.position, last_move=last))
    # the square's colour but for the capture frame's antialiasing and palette rounding
    assert close(without.getpixel(rim), ground, 10)  # type: ignore[arg-type]
    seen = with_ghost.getpixel(rim)
    assert not close(seen, ground, 20)  # type: ignore[arg-type]
    assert not close(seen, LIGHT.black_fill, 40)  # type: ignore[arg-type]  # faint, not solid


def pixels(img: Image.Image) -> list:
    return [img.getpixel((x, y)) for x in range(img.width) for y in range(img.height)]


def _row_notes(img: Image.Image, lay, index: int) -> Image.Image:
    left, top, right, bottom = row_box(lay, index)
    return img.crop(((left + right) // 2, top, right, bottom))


def test_taken_pieces_are_icons_by_kind_and_captives_apart() -> None:
    lay = layout(11, 8)
    # White has taken Black's Valkyries in one position, Black's Berserkers in the other:
    # the icons in White's row show which
    a = rules.parse_position("lat:bbbbb6/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w")
    b = rules.parse_position("lat:vvvvvv5/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w")
    ia, ib = decode(render_board(a)), decode(render_board(b))
    na, nb = _row_notes(ia, lay, 1), _row_notes(ib, lay, 1)
    assert na.tobytes() != nb.tobytes()
    assert share(pixels(na), LIGHT.black_fill, 20) > 0.02  # black pieces as icons
    # classic: a captive (still on the board, may be freed) is an icon with the held ✕
    lay8 = layout(8, 8)
    pos = rules.parse_position("classic:sssssss1/3e4/8/8/8/2Ss*S3/4E3/SSSSS3 w")
    notes = _row_notes(decode(render_board(pos)), lay8, 1)  # White's row: it holds d3
    assert share(pixels(notes), LIGHT.held_mark, 30) > 0
    free = rules.parse_position("classic:sssssss1/3e4/8/8/8/2SsS3/4E3/SSSSS3 w")
    assert share(pixels(_row_notes(decode(render_board(free)), lay8, 1)), LIGHT.held_mark, 30) == 0


@pytest.mark.parametrize(("variant", "kind"), [("lat", "Q"), ("schadler", "C"), ("rugen", "S")])
def test_the_side_marker_is_the_variants_piece(variant: str, kind: str) -> None:
    pos = rules.start_position(variant)
    lay = layout(pos.width, pos.height)
    img = decode(render_board(pos, status="Waiting"))  # no row highlighted
    chip = chip_size(lay)
    left, top, _, bottom = row_box(lay, 0)
    inset = round(lay.caption_row * 0.14)
    x, y = left + inset, round((top + bottom) / 2 - chip / 2)
    shown = img.crop((x, y, x + chip, y + chip))
    expected = Image.new("RGB", (chip, chip), LIGHT.background)
    sprite = piece_sprite(kind, Side.BLACK, False, chip, LIGHT)
    expected.paste(sprite, (0, 0), sprite)
    other = Image.new("RGB", (chip, chip), LIGHT.background)
    wrong = piece_sprite("E" if kind != "E" else "S", Side.BLACK, False, chip, LIGHT)
    other.paste(wrong, (0, 0), wrong)

    def distance(p: Image.Image, q: Image.Image) -> int:
        return sum(abs(u - v) for u, v in zip(p.tobytes(), q.tobytes(), strict=True))

    assert distance(shown, expected) * 4 < distance(shown, other)


def test_finished_marks_keep_their_contrast() -> None:
    """Contrast ratios, not only colours: the trophy's edge on the gold band and on the
    page, the banner's words, and the lost piece's ✕ (its edge) on a light and on a dark
    square."""
    assert contrast_ratio(LIGHT.trophy_edge, LIGHT.win_band) >= 4.5
    assert contrast_ratio(LIGHT.win_text, LIGHT.win_band) >= 4.5
    assert contrast_ratio(LIGHT.trophy_edge, LIGHT.background) >= 4.5
    game = rules.Game(CLASSIC_EAGLE[0])
    before = game.position
    last = game.play(CLASSIC_EAGLE[1])
    img = decode(render_board(game.position, last_move=last, before=before, outcome=game.outcome))
    lay = layout(8, 8)
    for sq in (parse_square("a8"),):  # the enclosed eagle's square (light)
        ground = square_colour(sq, LIGHT)
        best = max(contrast_ratio(p, ground) for p in _arms(img, lay, sq))
        assert best >= 3, best
    game = rules.Game(LAT_QUEEN[0])
    before = game.position
    last = game.play(LAT_QUEEN[1])
    img = decode(render_board(game.position, last_move=last, before=before, outcome=game.outcome))
    sq = parse_square("i1")  # the lost Queen's square (dark)
    ground = square_colour(sq, LIGHT)
    best = max(contrast_ratio(p, ground) for p in _arms(img, layout(11, 8), sq))
    assert best >= 3, best


def _arms(img: Image.Image, lay, sq: int) -> list:
    """Every pixel along the upper half of both diagonals of ``sq``, off the middle."""
    x0, y0, _, _ = lay.square_rect(sq)
    n = lay.square
    out = []
    for i in range(8, 30):
        out.append(img.getpixel((x0 + i, y0 + i)))
        out.append(img.getpixel((x0 + n - 1 - i, y0 + i)))
        out.append(img.getpixel((x0 + i + 2, y0 + i)))
        out.append(img.getpixel((x0 + n - 3 - i, y0 + i)))
    return out


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_banner_stands_out_from_the_page_in_every_theme(theme: str) -> None:
    pal = THEMES[theme]
    assert contrast_ratio(pal.banner, pal.background) >= 3  # the band itself is seen
    assert contrast_ratio(pal.banner_text, pal.banner) >= 7  # and its words read
    game = rules.Game(CLASSIC_EAGLE[0])
    game.play(CLASSIC_EAGLE[1])
    img = decode(render_board(game.position, outcome=game.outcome, theme=theme))
    assert banner_share(img, layout(8, 8), pal) > 0.9
