"""The marks of a piece taken (the ✕ of draughts, backgammon, ludo and Latrunculi) and of a king
in check, seen through red-green colour blindness on the decoded pictures (issue 32).

Each picture is drawn the way the bot draws it (a scene from a real game through
:func:`rendering.drawers.draw`, or Latrunculi's :func:`rendering.render_board`), encoded as PNG
and decoded; the same scene without the mark gives the square under it. Every pixel is then
seen as a deuteranope and a protanope see it: Machado, Oliveira & Fernandes (2009) at severity
1, applied to linearised sRGB, and compared in CIELAB (D65) by CIE76 ΔE.

Threshold, ΔE >= 30 between the mark's coloured core and the square under it, for normal eyes
and under both simulations. 2.3 is a just-noticeable difference between large patches side by
side, but a mark is a few pixels wide on a phone and is to be *found* on a busy board: small
fields need differences several times larger to be told apart at a glance, and 30 is where
colours read as different rather than as shades of one. It also separates the old marks from the
new: the red ✕ was 15 from the light theme's dark square for a deuteranope, 17 for a protanope,
and the red check glow 17 from the dark theme's dark square for a protanope (see
:func:`test_the_old_red_marks_would_not_pass`). :mod:`tests.rendering.test_marks_access` uses
the same 30 for Latrunculi's capture and release colours.

And the shape must not rest on colour alone: round the core, on both sides of a ✕'s arm and
outside the check ring, there are pixels of a second lightness, L* at least 30 below the core's
as the colour-blind eye sees it (the near-black outline).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import pytest
from PIL import Image

import rules
from rendering import THEMES, Caption, encode_png, layout, render_board
from rendering.backgammon import BackgammonPosition, compose_backgammon
from rendering.backgammon_layout import backgammon_layout
from rendering.board import square_colour
from rendering.chess import chess_square
from rendering.draughts import draughts_square
from rendering.drawers import Scene, draw
from rendering.ludo import knock_spot, knocked_size, token_centre
from rendering.ludo_layout import ludo_layout
from rules import Move, MoveKind, MoveResult, Side, parse_square
from rules.games import find_game
from rules.games.effects import Effect
from rules.games.view import PositionView

from .render_pixels import (
    DEUTERANOPIA,
    NORMAL_VISION,
    PROTANOPIA,
    Colour,
    decode,
    seen,
)
from .test_drawers_dice import entering_with_a_hit

Point = tuple[float, float]

#: ΔE (CIE76) a mark's core keeps from the square under it, and the drop in L* to its outline.
MIN_DELTA_E = 30.0
MIN_OUTLINE_DROP = 30.0

VISION = {"normal": NORMAL_VISION, "deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA}


def delta_e(a: Colour, b: Colour, matrix: Sequence[Sequence[float]]) -> float:
    return math.dist(seen(a, matrix), seen(b, matrix))


# ----- the pictures -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Marked:
    """A picture with a mark, the same picture without it, and where the mark's core is.

    ``core`` are pixels inside the mark's coloured stroke; ``outward`` the direction from each
    across the stroke to the ground beyond its outline (both ways for a ✕'s arm).
    """

    marked: Image.Image
    plain: Image.Image
    core: tuple[Point, ...]
    outward: tuple[tuple[Point, ...], ...]
    reach: float  # px from a core pixel within which the outline must show


def _picture(scene: Scene) -> Image.Image:
    return decode(encode_png(draw(scene)))


def _played(
    game: str, actions: Sequence[str], start: str | None = None
) -> tuple[PositionView, tuple[Effect, ...]]:
    session = find_game(game).session(start)
    effects: tuple[Effect, ...] = ()
    for text in actions:
        effects = session.play(text).effects
    return session.view(), effects


def _cross(
    marked: Image.Image, plain: Image.Image, centre: Point, radius: float, width: float
) -> Marked:
    """The ✕ drawn by :func:`rendering.marks.taken_mark`: arms from ``centre`` to
    ``centre ± (radius, radius)``, ``width`` px wide."""
    cx, cy = centre
    core = []
    outward = []
    for sx, sy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        across = (sy / math.sqrt(2), -sx / math.sqrt(2))  # perpendicular to the arm
        # clear of the crossing, where one arm's colour runs into the other's outline
        for t in (0.5, 0.6, 0.7, 0.8):
            core.append((cx + sx * radius * t, cy + sy * radius * t))
            outward.append((across, (-across[0], -across[1])))
    return Marked(marked, plain, tuple(core), tuple(outward), width * 1.5 + 2)


def draughts_capture(theme: str) -> Marked:
    """A real game's first capture: 15x22 takes White's man on 18 (a dark square)."""
    view, effects = _played("draughts", ["11-15", "22-18", "15x22"])
    caption = Caption(players=("Ann", "Bo"))
    marked = _picture(Scene(view, caption, effects, theme=theme))
    plain = _picture(Scene(view, caption, (), theme=theme))
    lay = layout(8, 8, Side.WHITE, edge_labels=False)
    centre = lay.square_center(draughts_square(18))
    return _cross(marked, plain, centre, lay.square * 0.21, max(3, round(lay.square / 11)))


def backgammon_hit(theme: str, point_colour: str) -> Marked:
    """A blot hit on a point of each colour: a real game's bar/22* (White's 3-point), and
    Black's bar/21* (White's 4-point) drawn from a plain position."""
    lay = backgammon_layout()
    if point_colour == "odd":
        view, effects = _played("backgammon", ["bar/22* 13/9"], entering_with_a_hit())
        caption = Caption(players=("Ann", "Bo"))
        names = {"white": "Ann", "black": "Bo"}
        marked = _picture(Scene(view, caption, effects, names, theme=theme))
        plain = _picture(Scene(view, caption, (), names, theme=theme))
        centre = lay.checker_centre(3, 1)
    else:
        board = [0] * 24
        board[5], board[7], board[12], board[3] = 5, 3, 5, -1
        board[18], board[11] = -5, -9
        pos = BackgammonPosition(points=tuple(board), bar=(1, 0), to_move="white", dice=(5, 2))
        kw = {"mover": "black", "theme": theme}
        marked = compose_backgammon(pos, last_move=[(25, 21)], hits=[21], **kw)  # type: ignore[arg-type]
        plain = compose_backgammon(pos, **kw)  # type: ignore[arg-type]
        marked, plain = (decode(encode_png(img)) for img in (marked, plain))
        centre = lay.checker_centre(4, 1)
    return _cross(marked, plain, centre, lay.checker * 0.26, max(3, round(lay.unit / 11)))


def ludo_knock(theme: str) -> Marked:
    """Red's 6-12 knocks Yellow's token on field 12: its ghost, crossed, beside the field."""
    view, effects = _played("ludo", ["6-12"], "ludo:R:6,B,B,B/Y:32,B,B,B R 6")
    caption = Caption(title="Ludo")
    names = {"red": "Ann", "yellow": "Yuri"}
    marked = _picture(Scene(view, caption, effects, names, theme=theme))
    plain = _picture(Scene(view, caption, (), names, theme=theme))
    lay = ludo_layout(rows=2)
    centre = knock_spot(lay, 12, token_centre(lay, "R", 6))
    size = knocked_size(lay)
    return _cross(marked, plain, centre, size * 0.3, max(3, round(lay.cell / 12)))


#: Latrunculi: Black's a8-a7 took the soldiers on c3 (a dark square) and d3 (a light one).
_LAT_BEFORE = rules.parse_position("classic:s7/8/8/2ss4/8/2ss4/8/3e3E w")
_LAT_AFTER = rules.parse_position("classic:s7/8/8/2ss4/8/8/8/3e3E w")
_LAT_MOVE = Move(MoveKind.MOVE, (parse_square("a8"), parse_square("a7")))


def latrunculi_capture(theme: str, name: str) -> Marked:
    took = MoveResult(_LAT_MOVE, Side.BLACK, captured=(parse_square("c3"), parse_square("d3")))
    marked = decode(render_board(_LAT_AFTER, last_move=took, before=_LAT_BEFORE, theme=theme))
    plain = decode(
        render_board(_LAT_AFTER, last_move=MoveResult(_LAT_MOVE, Side.BLACK), theme=theme)
    )
    lay = layout(8, 8)
    centre = lay.square_center(parse_square(name))
    return _cross(marked, plain, centre, lay.square * 0.2, lay.square * 0.085)


def chess_check(theme: str, king: str) -> Marked:
    """A real game's check: on e8 (a light square) after the scholar's mate, on e1 (a dark
    one) after the fool's mate. The ring's core runs 0.432 of a square from the king's centre;
    only where the king does not cover it is it looked at."""
    moves = "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" if king == "e8" else "f3 e5 g4 Qh4#"
    view, effects = _played("chess", moves.split())
    assert view.extra["check"] == king
    caption = Caption(players=("Ann", "Bo"))
    marked = _picture(Scene(view, caption, effects, theme=theme))
    no_check = replace(view, extra={**view.extra, "check": None})
    plain = _picture(Scene(no_check, caption, effects, theme=theme))
    lay = layout(8, 8)
    sq = chess_square(king)
    cx, cy = lay.square_center(sq)
    ground = square_colour(sq, THEMES[theme])
    core, outward = [], []
    for i in range(48):
        a = 2 * math.pi * i / 48
        p = (cx + lay.square * 0.432 * math.cos(a), cy + lay.square * 0.432 * math.sin(a))
        q = (cx + lay.square * 0.5 * math.cos(a), cy + lay.square * 0.5 * math.sin(a))
        clear = all(
            max(abs(u - v) for u, v in zip(_px(plain, r), ground, strict=True)) <= 6 for r in (p, q)
        )
        if clear:
            core.append(p)
            outward.append(((math.cos(a), math.sin(a)),))
    assert len(core) >= 24, (theme, king, len(core))
    return Marked(marked, plain, tuple(core), tuple(outward), lay.square * 0.06)


def _px(img: Image.Image, p: Point) -> Colour:
    return img.getpixel((round(p[0]), round(p[1])))  # type: ignore[return-value]


# ----- the measures -----------------------------------------------------------------------------


def core_delta_e(mark: Marked, vision: str) -> list[float]:
    """ΔE of each core pixel from the same pixel without the mark (the square under it)."""
    m = VISION[vision]
    return [delta_e(_px(mark.marked, p), _px(mark.plain, p), m) for p in mark.core]


def outline_drops(mark: Marked, vision: str) -> list[float]:
    """For each core pixel and each way out of the stroke, how far L* falls below the core's
    within ``reach`` px (the darkest pixel met)."""
    m = VISION[vision]
    drops = []
    for p, ways in zip(mark.core, mark.outward, strict=True):
        lightness = seen(_px(mark.marked, p), m)[0]
        for dx, dy in ways:
            steps = round(mark.reach * 2)
            darkest = min(
                seen(_px(mark.marked, (p[0] + dx * k / 2, p[1] + dy * k / 2)), m)[0]
                for k in range(1, steps + 1)
            )
            drops.append(lightness - darkest)
    return drops


CASES: dict[str, Callable[[str], Marked]] = {
    "draughts 18": draughts_capture,
    "backgammon odd point": lambda t: backgammon_hit(t, "odd"),
    "backgammon even point": lambda t: backgammon_hit(t, "even"),
    "ludo knock": ludo_knock,
    "latrunculi c3 (dark)": lambda t: latrunculi_capture(t, "c3"),
    "latrunculi d3 (light)": lambda t: latrunculi_capture(t, "d3"),
    "chess check e8 (light)": lambda t: chess_check(t, "e8"),
    "chess check e1 (dark)": lambda t: chess_check(t, "e1"),
}


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("case", list(CASES))
def test_marks_stand_apart_from_their_square_for_red_green_colour_blind_eyes(
    case: str, theme: str
) -> None:
    mark = CASES[case](theme)
    for vision in VISION:
        des = core_delta_e(mark, vision)
        # every core pixel clears the bar
        assert min(des) >= MIN_DELTA_E, (case, theme, vision, sorted(round(d) for d in des)[:6])


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("case", list(CASES))
def test_marks_have_a_dark_outline_round_their_colour(case: str, theme: str) -> None:
    mark = CASES[case](theme)
    for vision in VISION:
        drops = outline_drops(mark, vision)
        assert min(drops) >= MIN_OUTLINE_DROP, (case, theme, vision, sorted(drops)[:6])


def test_the_old_red_marks_would_not_pass() -> None:
    """The measure is strict enough: the red ✕ (light theme (214, 36, 48)) on the light
    theme's dark square and the red check (222, 28, 36) on the dark theme's dark square."""
    light, dark = THEMES["light"], THEMES["dark"]
    assert delta_e((214, 36, 48), light.dark_square, DEUTERANOPIA) < 20
    assert delta_e((214, 36, 48), light.dark_square, PROTANOPIA) < 20
    assert delta_e((222, 28, 36), dark.dark_square, PROTANOPIA) < 20
    # and the colour the marks have now clears it on every square of both themes
    for theme in (light, dark):
        for square in (theme.light_square, theme.dark_square):
            for matrix in VISION.values():
                assert delta_e(theme.capture_mark, square, matrix) >= MIN_DELTA_E
                assert delta_e(theme.check, square, matrix) >= MIN_DELTA_E
