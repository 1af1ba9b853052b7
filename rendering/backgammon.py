"""Backgammon board pictures from a plain description: signed checker counts per point.

The caller says where the checkers stand in White's numbering (the XGID's bottom player) —
``points[p - 1]`` is ``+n`` for n White checkers on White's ``p``-point, ``-n`` for Black's —
plus the bar, dice, cube and score; no rules engine is needed, so the picture does not change
when it does. :func:`rendering.plain_text.backgammon_position` reads an XGID into this form.

White is at the bottom, moving counter-clockwise to its home board at the bottom right (as
gnubg draws it); Black's view (``view="black"``) shows Black there the same way, the board
mirrored top to bottom. The point labels follow the side to move (each player counts from
their own 1-point). The last turn is drawn as arrows from where each checker stood (a faint ghost)
to where it landed; a hit leaves a crossed-out ghost of the blot beside the checker that hit.

    >>> from rendering.backgammon import BackgammonPosition, render_backgammon
    >>> png = render_backgammon(BackgammonPosition(dice=(6, 1)), last_move=[(24, 18)])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rules import Side
from rules.games.effects import Effect, Hit, Moved

from .backgammon_board import backgammon_background
from .backgammon_layout import (
    CHECKERS,
    DEFAULT_UNIT,
    STACK,
    BackgammonLayout,
    Point,
    backgammon_layout,
)
from .backgammon_sprites import (
    checker_sprite,
    cube_sprite,
    die_sprite,
    ghost_checker,
    side_colours,
)
from .caption import Caption, PlayerRow, chip_size, draw_caption_strip, row_name, who
from .marks import arrow, taken_mark
from .palette import register, tag
from .render import encode_png
from .sprites import side_chip
from .text import draw_text, font
from .theme import Theme, get_theme
from .words import Words

if TYPE_CHECKING:
    from rules.games import GameOutcome
    from rules.games.view import PositionView

    from .drawers import Scene

#: The start: 2 on the 24-point, 5 on the 13, 3 on the 8, 5 on the 6, for each side.
START_POINTS: tuple[int, ...] = tuple(
    {24: 2, 13: 5, 8: 3, 6: 5}.get(p, 0) - {1: 2, 12: 5, 17: 3, 19: 5}.get(p, 0)
    for p in range(1, 25)
)
#: The picture kind of backgammon boards: their fixed palette (:mod:`rendering.palette`).
KIND = "backgammon"
#: The bar and "borne off" in a step's numbering, as in the rules' turn notation.
BAR, OFF = 25, 0
_OWNERS = {"centre": None, "center": None, "white": Side.WHITE, "black": Side.BLACK}


@dataclass(frozen=True, slots=True)
class BackgammonPosition:
    """What a backgammon picture shows, in plain values (an XGID's content).

    ``points`` are 24 signed counts in White's numbering, index 0 = White's 1-point (= Black's
    24): positive for White's checkers, negative for Black's. ``bar`` and ``off`` are
    (White's, Black's) checkers on the bar and borne off (``off`` defaults to the 15 not on the
    board). ``to_move`` is ``"white"``, ``"black"`` or ``None`` once the game is over;
    ``dice`` the two dice rolled (a double is shown as two equal dice), ``None`` before the
    roll. ``cube`` is its value (1 is shown as 64, centred, as on a real cube);
    ``cube_owner`` ``"centre"``, ``"white"`` or ``"black"``; ``offered_by`` the side that has
    just doubled (the cube then stands in its half showing the doubled value, and the other
    side, ``to_move``, answers). ``match_length`` 0 is a single game; ``score`` is (White's,
    Black's) points in the match; ``crawford`` marks the Crawford game, in which nobody may
    double: its picture has no cube (gnubg leaves it off the board then).
    """

    points: Sequence[int] = START_POINTS
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] | None = None
    to_move: Side | str | None = Side.WHITE
    dice: tuple[int, int] | None = None
    cube: int = 1
    cube_owner: str = "centre"
    offered_by: Side | str | None = None
    match_length: int = 0
    score: tuple[int, int] = (0, 0)
    crawford: bool = False

    def count(self, side: Side, point: int) -> int:
        """``side``'s checkers on White's ``point`` (1–24)."""
        n = self.points[point - 1]
        return max(n, 0) if side is Side.WHITE else max(-n, 0)

    def borne_off(self, side: Side) -> int:
        if self.off is not None:
            return self.off[side.index]
        on_board = sum(self.count(side, p) for p in range(1, 25)) + self.bar[side.index]
        return CHECKERS - on_board

    def pips(self, side: Side) -> int:
        """The race count: points to travel, the bar counting 25."""
        total = 25 * self.bar[side.index]
        for p in range(1, 25):
            total += self.count(side, p) * (p if side is Side.WHITE else 25 - p)
        return total


def _side(value: Side | str | None, what: str) -> Side | None:
    if value is None:
        return None
    try:
        return Side(value)
    except ValueError:
        raise ValueError(f"{what} is 'white' or 'black', not {value!r}") from None


def _check(pos: BackgammonPosition) -> None:
    """A ValueError naming the first thing in ``pos`` that cannot be drawn."""
    if len(pos.points) != 24:
        raise ValueError(f"a backgammon board has 24 points, not {len(pos.points)}")
    for side in Side:
        for pair, what in ((pos.bar, "bar"), (pos.off or (0, 0), "borne-off")):
            if not 0 <= pair[side.index] <= CHECKERS:
                raise ValueError(f"{side.value}'s {what} count {pair[side.index]} is not 0–15")
        on_board = sum(pos.count(side, p) for p in range(1, 25)) + pos.bar[side.index]
        total = on_board + (pos.off[side.index] if pos.off is not None else 0)
        if total > CHECKERS or (pos.off is not None and total != CHECKERS):
            raise ValueError(f"{side.value} has {total} checkers in all (15 expected)")
    if pos.dice is not None and not all(1 <= d <= 6 for d in pos.dice):
        raise ValueError(f"dice are 1–6, not {pos.dice!r}")
    if pos.cube < 1 or pos.cube & (pos.cube - 1):
        raise ValueError(f"the cube shows a power of two, not {pos.cube!r}")
    if pos.cube_owner not in _OWNERS:
        raise ValueError(f"the cube's owner is centre, white or black, not {pos.cube_owner!r}")
    if pos.match_length < 0:
        raise ValueError(f"a match length is 0 (a single game) or more, not {pos.match_length}")
    _side(pos.to_move, "the side to move")
    _side(pos.offered_by, "the side that doubled")


# ----- drawing -----------------------------------------------------------------------------


def _paste_centred(img: Image.Image, sprite: Image.Image, centre: Point) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def _count_on(
    draw: ImageDraw.ImageDraw,
    lay: BackgammonLayout,
    theme: Theme,
    side: Side,
    centre: Point,
    n: int,
) -> None:
    """The number of checkers written on the top one of a stack too tall to draw."""
    ink = side_colours(side, theme)[1]
    f = font(max(10, round(lay.checker * 0.46)))
    draw_text(draw, centre, str(n), f, ink, align="center", bold=True)


def _stack(
    img: Image.Image,
    lay: BackgammonLayout,
    theme: Theme,
    side: Side,
    n: int,
    place: Callable[[int], Point],
) -> None:
    """``n`` checkers from ``place(0)`` outwards; above five, the count on the fifth."""
    sprite = checker_sprite(side, lay, theme)
    for i in range(min(n, STACK)):
        _paste_centred(img, sprite, place(i))
    if n > STACK:
        _count_on(ImageDraw.Draw(img), lay, theme, side, place(STACK - 1), n)


def _slabs(
    draw: ImageDraw.ImageDraw, lay: BackgammonLayout, theme: Theme, side: Side, n: int
) -> None:
    fill, ink = side_colours(side, theme)
    for i in range(n):
        x0, y0, x1, y1 = lay.slab_rect(side.index, i)
        draw.rounded_rectangle(
            (x0, y0, x1 - 1, y1 - 1), radius=(y1 - y0) / 3, fill=fill, outline=ink, width=1
        )


def _tray_count(
    draw: ImageDraw.ImageDraw, lay: BackgammonLayout, theme: Theme, side: Side, n: int
) -> None:
    """``n`` borne off, on a pill in the side's colours in the middle strip of the trays."""
    fill, ink = side_colours(side, theme)
    cx, cy = lay.tray_count_centre(side.index)
    f = font(max(10, round(lay.unit * 0.36)))
    w = lay.side_column * 0.7 / 2
    h = lay.gap * 0.18
    draw.rounded_rectangle(
        (cx - w, cy - h, cx + w, cy + h),
        radius=h,
        fill=fill,
        outline=ink,
        width=max(1, round(lay.unit / 30)),
    )
    draw_text(draw, (cx, cy), str(n), f, ink, align="center", bold=True)


@dataclass(frozen=True, slots=True)
class _Step:
    start: Point
    end: Point
    to_off: bool
    ghost_at: Point | None


def _steps(
    pos: BackgammonPosition,
    lay: BackgammonLayout,
    mover: Side,
    last_move: Sequence[tuple[int, int]],
) -> list[_Step]:
    """Where each step's arrow starts and ends, replaying the turn on the mover's counts.

    The position is the one after the turn, so the counts before it are rebuilt first
    (each step took a checker from its start and added one to its end); replaying then says
    which checker of a stack moved: the top one, which is where its ghost goes.
    """

    def where(step_point: int) -> int:
        """A step's point in the mover's numbering → White's point (BAR, OFF kept)."""
        if step_point in (BAR, OFF):
            return step_point
        if not 1 <= step_point <= 24:
            raise ValueError(f"{step_point!r} is not a point of a step (0 off, 1–24, 25 bar)")
        return step_point if mover is Side.WHITE else 25 - step_point

    moves = [(where(a), where(b)) for a, b in last_move]
    for a, b in moves:
        if a == OFF or b == BAR:
            raise ValueError(f"a step goes from a point or the bar to a point or off, not {a}/{b}")
    now: dict[int, int] = {p: pos.count(mover, p) for p in range(1, 25)}
    now[BAR] = pos.bar[mover.index]
    now[OFF] = pos.borne_off(mover)
    count = dict(now)
    for a, b in moves:
        count[a] += 1
        count[b] -= 1
    landed: set[tuple[int, int]] = set()
    out = []
    for a, b in moves:
        count[a] -= 1
        index = max(0, count[a])
        start = lay.bar_centre(mover.index, index) if a == BAR else lay.checker_centre(a, index)
        gone = index >= now[a] and (a, min(index, STACK - 1)) not in landed
        if b == OFF:
            x0, y0, x1, y1 = lay.slab_rect(mover.index, max(0, count[b]))
            end: Point = ((x0 + x1) / 2, (y0 + y1) / 2)
        else:
            end = lay.checker_centre(b, max(0, count[b]))
            landed.add((b, min(max(0, count[b]), STACK - 1)))
        count[b] += 1
        out.append(_Step(start, end, b == OFF, start if gone and index < STACK else None))
    return out


def _toward(a: Point, b: Point, cut: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    return (b[0] - dx / length * cut, b[1] - dy / length * cut)


def backgammon_status(
    pos: BackgammonPosition, words: Caption, to_move: Side | None, offered: Side | None
) -> str:
    """The status line of a backgammon picture: the caller's (a result), else the action
    that is due with its dice or cube (who is to roll, to play which dice, or to answer a
    double), else who won. It leads with the action and holds nothing else: the match's
    length and the Crawford game are in the players' rows (their score), the game's title
    goes before it only when both fit (:func:`rendering.caption.draw_caption_strip`)."""
    players = words.players
    said = words.words
    if words.status is not None:
        return words.status
    if words.winner is not None:
        return said.wins.format(player=who(Side(words.winner), players, said))
    if offered is not None:
        text = said.doubles_to.format(player=who(offered, players, said), cube=pos.cube * 2)
        return said.take_or_drop.format(status=text) if to_move is not None else text
    if to_move is None:
        return said.game_over
    player = who(to_move, players, said)
    if pos.dice is not None:
        text = said.to_play_dice.format(player=player, dice=f"{pos.dice[0]}-{pos.dice[1]}")
    else:
        text = said.to_roll.format(player=player)
    if words.move_number is not None:
        text = said.move_number.format(number=words.move_number, status=text)
    return text


def _score_note(pos: BackgammonPosition, side: Side, said: Words) -> str:
    """A player's match score in its row, ``score 4/5`` (the match's length after the
    slash), with the Crawford game marked in the row of the leader it protects."""
    score = said.score.format(score=pos.score[side.index], length=pos.match_length)
    if pos.crawford and pos.score[side.index] == pos.match_length - 1:
        score = said.crawford.format(match=score)
    return score


def compose_backgammon(
    position: BackgammonPosition,
    *,
    last_move: Sequence[tuple[int, int]] = (),
    mover: Side | str | None = None,
    hits: Sequence[int] = (),
    pips: tuple[int, int] | None = None,
    numbering: Side | str | None = None,
    view: Side | str | None = None,
    sheet_labels: bool = False,
    theme: str = "light",
    caption: Caption | None = None,
    unit: int = DEFAULT_UNIT,
    strip: bool = True,
) -> Image.Image:
    """The backgammon picture as a Pillow image (see :func:`render_backgammon`).

    ``strip=False`` leaves the caption strip blank.
    """
    pal = get_theme(theme)
    _check(position)
    to_move = _side(position.to_move, "the side to move")
    offered = _side(position.offered_by, "the side that doubled")
    words = caption if caption is not None else Caption()
    label_side = _side(numbering, "the numbering") or to_move or Side.WHITE
    bottom = _side(view, "the view") or Side.WHITE
    moved_by = _side(mover, "the mover") or (to_move.other if to_move else None)
    if moved_by is None:
        if last_move or hits:
            raise ValueError("say who made the last turn (mover) once nobody is to move")
        moved_by = Side.WHITE
    lay = backgammon_layout(unit, sheet_labels, bottom.index)
    img = backgammon_background(lay, pal, label_side).copy()
    draw = ImageDraw.Draw(img)

    steps = _steps(position, lay, moved_by, last_move) if last_move else []
    for step in steps:
        if step.ghost_at is not None:
            _paste_centred(img, ghost_checker(moved_by, lay, pal), step.ghost_at)

    # in the bottom player's order (its 1-point first), so that either side's view of a
    # position overlaps neighbouring checkers' edges and shadows alike
    sides = (bottom, bottom.other)
    for p in range(1, 25) if bottom is Side.WHITE else range(24, 0, -1):
        for side in sides:
            n = position.count(side, p)
            if n:
                _stack(img, lay, pal, side, n, partial(lay.checker_centre, p))
    for side in sides:
        n = position.bar[side.index]
        if n:
            _stack(img, lay, pal, side, n, partial(lay.bar_centre, side.index))
        off = position.borne_off(side)
        _slabs(draw, lay, pal, side, off)
        if off:
            _tray_count(draw, lay, pal, side, off)

    for h in hits:
        if not 1 <= h <= 24:
            raise ValueError(f"{h!r} is not a point where a blot was hit (1 to 24)")
        p = h if moved_by is Side.WHITE else 25 - h
        victim = moved_by.other
        centre = lay.checker_centre(p, position.count(moved_by, p))
        _paste_centred(img, ghost_checker(victim, lay, pal), centre)
        w = max(3, round(lay.unit / 11))
        taken_mark(img, centre, lay.checker * 0.26, w, pal)

    width = max(3.0, lay.unit * 0.1)
    for step in steps:
        tip = step.end if step.to_off else _toward(step.start, step.end, lay.checker * 0.42)
        arrow(img, step.start, tip, width=width, colour=pal.path_line, edge=pal.mark_shadow)

    if position.dice is not None and to_move is not None and offered is None:
        for value, centre in zip(position.dice, lay.dice_centres(to_move.index), strict=True):
            _paste_centred(img, die_sprite(value, to_move, lay.die, pal), centre)
    if not position.crawford:  # no doubling in the Crawford game: no cube, as gnubg draws it
        owner = _OWNERS[position.cube_owner]
        shown = position.cube * 2 if offered is not None else position.cube
        cube = cube_sprite(64 if shown == 1 else shown, lay.cube, pal)
        _paste_centred(
            img,
            cube,
            lay.cube_centre(
                None if owner is None else owner.index, None if offered is None else offered.index
            ),
        )

    winner = Side(words.winner) if words.winner is not None else None
    over = to_move is None and (winner is not None or words.status is not None)
    chip = chip_size(lay)
    race = pips if pips is not None else (position.pips(Side.WHITE), position.pips(Side.BLACK))
    rows = []
    for side in (bottom.other, bottom):  # the rows in the board's order: the top player's first
        said = words.words
        notes: list[str | Image.Image] = [said.pips.format(count=race[side.index])]
        if position.match_length:
            notes.append(f"{_score_note(position, side, said)}  ·  ")
        if words.notes[side.index]:
            notes.append(f"{words.notes[side.index]}  ·  ")
        rows.append(
            PlayerRow(
                name=row_name(words.players[side.index], side, words.words),
                chip=side_chip(side, chip, pal),
                highlighted=side is to_move,
                notes=tuple(notes),
                trophy=over and side is winner,
            )
        )
    tag(img, KIND, pal.name)
    if strip:
        draw_caption_strip(
            img,
            lay,
            pal,
            backgammon_status(position, words, to_move, offered),
            (rows[0], rows[1]),
            over=over,
            title=words.title,
            rtl=words.words.rtl,
            frame=words.frame,
        )
    return img


def render_backgammon(
    position: BackgammonPosition,
    *,
    last_move: Sequence[tuple[int, int]] = (),
    mover: Side | str | None = None,
    hits: Sequence[int] = (),
    pips: tuple[int, int] | None = None,
    numbering: Side | str | None = None,
    view: Side | str | None = None,
    sheet_labels: bool = False,
    theme: str = "light",
    caption: Caption | None = None,
    unit: int = DEFAULT_UNIT,
) -> bytes:
    """A backgammon position as PNG bytes.

    ``position`` is the board, dice, cube and score (see :class:`BackgammonPosition`).
    ``last_move`` is the turn that led here as (from, to) steps in the mover's numbering,
    ``25`` the bar and ``0`` off (``24/18 13/11`` is ``[(24, 18), (13, 11)]``; a checker's
    two steps are two pairs); ``mover`` is the side that played it (default: the side not to
    move); ``hits`` the points (mover's numbering) where it hit a blot. ``pips`` overrides the
    race counts derived from the board. ``numbering`` is the side whose numbers label the
    points (default: the side to move, as gnubg does); ``view`` the side seen at the bottom,
    its home board bottom right (default White; Black's view is the board mirrored top to
    bottom, so Black's checkers go round it as White's do in White's); ``sheet_labels`` adds
    the game sheet's 1–12 / 1A–12A in small print. ``caption`` carries the names, a title,
    a status or result line (default: who is to roll, to play which dice, or to answer a
    double) and the winner. Raises ValueError for anything that cannot be drawn (with what is
    wrong).
    """
    return encode_png(
        compose_backgammon(
            position,
            last_move=last_move,
            mover=mover,
            hits=hits,
            pips=pips,
            numbering=numbering,
            view=view,
            sheet_labels=sheet_labels,
            theme=theme,
            caption=caption,
            unit=unit,
        )
    )


# ----- drawn from the rules' view ----------------------------------------------------------


def _own_point(seat: str, cell: str) -> int:
    """An effect's cell (White's numbering, ``bar``, ``off``) as ``seat`` numbers its points
    (25 the bar, 0 off)."""
    if cell in ("bar", "off"):
        return BAR if cell == "bar" else OFF
    return int(cell) if seat == "white" else 25 - int(cell)


def turn_steps(effects: Sequence[Effect]) -> tuple[str | None, list[tuple[int, int]], list[int]]:
    """A turn's mover, its checker steps as (from, to) and the points it hit, in the mover's
    numbering, from the turn's effects (no mover nor steps for a roll, a pass or a cube
    action)."""
    mover: str | None = None
    steps: list[tuple[int, int]] = []
    hits: list[int] = []
    for effect in effects:
        if isinstance(effect, Moved):
            mover = effect.seat
            steps.append((_own_point(mover, effect.source), _own_point(mover, effect.target)))
        elif isinstance(effect, Hit) and mover is not None:
            point = _own_point(mover, effect.cell)
            if point not in hits:
                hits.append(point)
    return mover, steps, hits


def _number(value: object) -> int:
    """A whole number of the view's ``extra`` (0 when missing)."""
    return value if isinstance(value, int) else 0


def _pair(value: object) -> tuple[int, int]:
    """A view's ``{"white": …, "black": …}`` as (White's, Black's)."""
    if not isinstance(value, Mapping):
        return 0, 0
    return _number(value.get("white")), _number(value.get("black"))


def match_score(view: PositionView, outcome: GameOutcome | None = None) -> tuple[int, int]:
    """The match score (White's, Black's) the picture shows: the view's, plus the points of
    ``outcome`` (the game's result, which the position's score does not count yet)."""
    white, black = _pair(view.extra.get("score"))
    if outcome is not None and outcome.winner is not None and _number(view.extra.get("match")):
        points = outcome.points or 0
        if outcome.winner == "white":
            white += points
        else:
            black += points
    return white, black


def view_position(view: PositionView, outcome: GameOutcome | None = None) -> BackgammonPosition:
    """What the picture shows of the rules' ``view`` (checkers by point, bars, trays, dice,
    cube with its owner and an offer, match length, score and Crawford), once the game is over
    (``outcome``, decided on the board or off it) with nobody to move, no dice and no offer,
    and the score counting the game's points."""
    points = [0] * 24
    for index, cell in enumerate(view.cells):
        for piece in view.pieces.get(cell, ()):
            points[index] += piece.count if piece.seat == "white" else -piece.count
    off = view.off_board
    white, black = off.get("white", {}), off.get("black", {})
    cube = view.cube
    over = outcome is not None
    to_move = None if over else view.to_move
    offered = cube is not None and cube.offered is not None and to_move is not None and not over
    dice = tuple(view.dice)
    return BackgammonPosition(
        points=tuple(points),
        bar=(white.get("bar", 0), black.get("bar", 0)),
        off=(white.get("off", 0), black.get("off", 0)),
        to_move=to_move,
        dice=(dice[0], dice[1]) if len(dice) == 2 and not over else None,
        cube=cube.value if cube is not None else 1,
        cube_owner=cube.owner if cube is not None and cube.owner is not None else "centre",
        offered_by=Side(to_move).other if offered and to_move is not None else None,
        match_length=_number(view.extra.get("match")),
        score=match_score(view, outcome),
        crawford=bool(view.extra.get("crawford", False)),
    )


def draw_scene(scene: Scene) -> Image.Image:
    """The backgammon picture of ``scene`` (:func:`rendering.drawers.draw`): the rules' view
    of the position, the last turn's steps and hits from its effects, the pip counts of the
    view, the caption's words as given, seen from the scene's perspective (its side at the
    bottom)."""
    mover, steps, hits = turn_steps(scene.last)
    pips = scene.view.extra.get("pips")
    return compose_backgammon(
        view_position(scene.view, scene.outcome),
        last_move=steps,
        mover=mover,
        hits=hits,
        pips=_pair(pips) if pips is not None else None,
        # a replay's frames number the points from one side throughout (a board alone
        # numbers them for the side to move)
        numbering=scene.perspective if scene.caption.frame is not None else None,
        view=scene.perspective,
        theme=scene.theme,
        caption=scene.caption,
        strip=scene.strip,
    )


def _points(**counts: int) -> list[int]:
    """24 signed counts from ``p6=5, p12=-4`` (White's numbering)."""
    return [counts.get(f"p{p}", 0) for p in range(1, 25)]


def _palette_samples(theme: str) -> list[Image.Image]:
    """Backgammon boards showing every checker, die, cube, mark and caption style, for the
    palette (:mod:`rendering.palette`): a bear-off with hits and a stack counted, Black's
    entry from the bar with the game sheet's labels, each side's dice, a double offered, the
    cube owned by either side, a match score and a finished match's banner and trophy."""
    from .plain_text import backgammon_position, backgammon_steps  # it imports this module

    players = Caption(players=("Alice", "Bob"))
    steps, hits = backgammon_steps("8/2* 6/1*")
    mid = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:1:-1:52:2:4:0:7:10"
    out = [
        compose_backgammon(
            backgammon_position(mid), last_move=steps, hits=hits, theme=theme, caption=players
        )
    ]
    entry = BackgammonPosition(
        points=_points(p6=5, p8=3, p13=5, p24=1, p3=-1, p16=-1, p12=-4, p19=-5, p17=-3, p1=-1),
        bar=(1, 0),
        to_move="white",
        dice=(5, 2),
        cube=4,
        cube_owner="black",
    )
    steps, hits = backgammon_steps("bar/22* 13/9")
    out.append(
        compose_backgammon(
            entry, last_move=steps, hits=hits, sheet_labels=True, theme=theme, caption=players
        )
    )
    offered = "backgammon:XGID=-b----E-C---eE---c-e----B-:1:1:1:D:0:0:0:0:10"
    out.append(compose_backgammon(backgammon_position(offered), theme=theme, caption=players))
    black = BackgammonPosition(to_move="black", dice=(6, 6), cube=2, cube_owner="white")
    out.append(compose_backgammon(black, theme=theme, caption=players, numbering="white"))
    over = BackgammonPosition(
        points=_points(p6=-3, p19=-5, p21=-7),
        to_move=None,
        dice=None,
        match_length=5,
        score=(4, 1),
    )
    won = Caption(players=("Alice", "Bob"), winner="white", status="Alice wins a gammon")
    out.append(
        compose_backgammon(
            over, last_move=[(2, 0), (1, 0)], mover="white", theme=theme, caption=won
        )
    )
    return out


register(KIND, _palette_samples)
