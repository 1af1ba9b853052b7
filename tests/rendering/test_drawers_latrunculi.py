"""The Latrunculi pictures drawn from a :class:`rendering.drawers.Scene`: the rules' view of
the position and the last action's effects, nothing else (issue 31)."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image

import rules
from rendering import THEMES, Caption, compose, encode_png, layout
from rendering.board import square_colour
from rendering.drawers import Scene, draw, drawer_for
from rendering.latrunculi_scene import (
    LatrunculiCaption,
    draw_scene,
    move_result,
    position_of,
    with_taken,
)
from rules import MoveKind, Side, parse_square
from rules.games import GameOutcome, Reason, find_game

from .render_pixels import close, corner_pixel, decode, patch, share, top_edge

LIGHT = THEMES["light"]
SQ = parse_square


def picture(scene: Scene) -> Image.Image:
    return decode(encode_png(draw(scene)))


@pytest.mark.parametrize("game", ["classic", "rugen", "schadler", "lat"])
def test_the_four_rule_sets_are_drawn_by_the_latrunculi_drawer(game: str) -> None:
    assert drawer_for(game) is draw_scene


@pytest.mark.parametrize(
    "lpn",
    [
        "classic:8/3e4/8/8/8/2Ss*S3/4E3/8 w",
        "classic:ss3sss/3eS*3/1ss5/8/8/2SsS3/4E3/SSS2SS1 b",
        "schadler:8/8/c*7/8/3cC3/2c5/5C*2/C6C w hand=3,2 passes=1",
        "rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w rows=1 clock=7",
        "lat:11/b3v3q2/2b5V2/b1VB4B2/7b3/4V5B/B1V5b2/4Vv1v1B1 w",
    ],
)
def test_the_view_gives_back_the_position(lpn: str) -> None:
    position = rules.parse_position(lpn)
    assert position_of(find_game(position.variant).session(lpn).view()) == position


def test_a_captive_is_drawn_from_the_view() -> None:
    lpn = "classic:8/3e4/8/8/8/2Ss*S3/4E3/8 w"
    view = find_game("classic").session(lpn).view()
    img = picture(Scene(view, Caption()))
    lay = layout(8, 8)
    captive, free = patch(img, lay, SQ("d3"), 0.3), patch(img, lay, SQ("c3"), 0.3)
    assert share(captive, LIGHT.held_mark, 30) > 0.1
    assert share(free, LIGHT.held_mark, 30) == 0
    # the same picture as the position's own
    old = compose(rules.parse_position(lpn), removed=("", ""))  # the caption's: none taken
    assert draw(Scene(view, Caption())).tobytes() == old.tobytes()


def test_the_last_move_is_marked_from_its_effects() -> None:
    """c8-c4 makes c3 captive and frees the black soldier on d3: the move's squares are tinted,
    a dashed frame goes round the captive, a ring round the freed piece."""
    session = find_game("classic").session("classic:2s5/3e4/8/8/8/2Ss*S3/2s1E3/8 b")
    result = session.play("c8-c4")
    view = session.view()
    lay = layout(8, 8)
    img = picture(Scene(view, Caption(), last=result.effects))
    plain = picture(Scene(view, Caption()))
    for name in ("c8", "c4"):
        sq = SQ(name)
        assert not close(corner_pixel(img, lay, sq), square_colour(sq, LIGHT), 8), name
        assert close(corner_pixel(plain, lay, sq), square_colour(sq, LIGHT), 4), name
    assert share(top_edge(img, lay, SQ("c3")), LIGHT.capture_mark, 30) > 0.3
    assert share(top_edge(img, lay, SQ("d3")), LIGHT.release_mark, 30) < 0.35
    x0, y0, _, _ = lay.square_rect(SQ("d3"))
    left = [img.getpixel((x, y0 + lay.square // 2)) for x in range(x0, x0 + lay.square // 4)]
    assert share(left, LIGHT.release_mark, 30) > 0.1
    # nothing of it without the effects
    assert share(top_edge(plain, lay, SQ("c3")), LIGHT.capture_mark, 30) == 0


def test_a_placement_is_tinted_and_a_removal_framed() -> None:
    session = find_game("schadler").session("schadler:8/8/8/8/3c4/8/2C5/8 b hand=15,15")
    placed = session.play("@d5")
    lay = layout(8, 8)
    img = picture(Scene(session.view(), Caption(), last=placed.effects))
    d5 = SQ("d5")
    assert not close(corner_pixel(img, lay, d5), square_colour(d5, LIGHT), 8)
    assert move_result(placed.effects).move.kind is MoveKind.PLACE

    session = find_game("schadler").session("schadler:7c/8/8/8/8/8/8/Cc*C5 w hand=0,0")
    taken = session.play("xb1")
    report = move_result(taken.effects)
    assert report.move.kind is MoveKind.REMOVE and report.side is Side.WHITE
    img = picture(Scene(session.view(), Caption(), last=taken.effects))
    b1 = SQ("b1")
    assert share(patch(img, lay, b1, 0.08), LIGHT.capture_mark, 30) > 0.2
    # the piece before the removal was the alligatus taken off
    before = with_taken(position_of(session.view()), taken.effects)
    assert before.piece_at(b1) is rules.piece("C", Side.BLACK, True)


def test_a_result_off_the_board_finishes_the_caption() -> None:
    """A resignation is not the rules' outcome: the scene's own finishes the picture (the
    winner's row, no side to move), as the old ``over``/``winner`` arguments did."""
    lpn = "rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w"
    view = find_game("rugen").session(lpn).view()
    resigned = GameOutcome("black", Reason.RESIGNATION)
    caption = Caption(players=("Alice", "Bob"), status="Bob wins — resignation")
    img = draw(Scene(view, caption, outcome=resigned, theme="dark", perspective="black"))
    old = compose(
        rules.parse_position(lpn),
        players=("Alice", "Bob"),
        status="Bob wins — resignation",
        over=True,
        winner=Side.BLACK,
        theme="dark",
        view=Side.BLACK,
        removed=("", ""),
    )
    assert img.tobytes() == old.tobytes()
    assert img.tobytes() != draw(Scene(view, caption, theme="dark", perspective="black")).tobytes()


def test_the_taken_pieces_are_the_captions_unless_not_counted() -> None:
    """``taken`` counted from the moves is drawn as given; not counted, the pieces missing
    from the start are (the renderer's fallback)."""
    lpn = "rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w"
    position = rules.parse_position(lpn)
    view = find_game("rugen").session(lpn).view()
    counted = draw(Scene(view, LatrunculiCaption(taken=("S", ""))))
    assert counted.tobytes() == compose(position, removed=("S", "")).tobytes()
    unknown = draw(Scene(view, LatrunculiCaption(taken=("", ""), counted=False)))
    assert unknown.tobytes() == compose(position).tobytes() != counted.tobytes()


def test_a_finished_view_gets_the_turn_after_the_last_move() -> None:
    session = find_game("classic").session("classic:eS6/8/8/8/7s/8/8/S3E3 w")
    result = session.play("a1-a7")
    view = session.view()
    assert view.to_move is None and view.outcome is not None
    assert position_of(view, result.effects) == rules.parse_position(session.position_text())
    words = dataclasses.replace(Caption().words, title="Latrunculi")
    scene = Scene(view, Caption(title="Latrunculi"), last=result.effects, outcome=session.outcome)
    assert draw(scene).tobytes() == (
        compose(
            rules.parse_position(session.position_text()),
            last_move=move_result(result.effects),
            before=with_taken(rules.parse_position(session.position_text()), result.effects),
            outcome=rules.Outcome(Side.WHITE, rules.Termination.EAGLE_CAPTURED),
            over=True,
            winner=Side.WHITE,
            words=words,
            removed=("", ""),
        ).tobytes()
    )
