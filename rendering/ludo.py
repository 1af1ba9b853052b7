"""Ludo board pictures from a plain description: each seat's colour and its tokens' progress.

The caller says who sits at the table (colour, the four tokens' progress as the rules count
it: ``-1`` in the base, 0–39 along the track from the colour's start field, 40–43 the home
line, 44 the finish), who is to roll or move and the die; no rules engine is needed, so the
picture does not change when it does. :func:`rendering.plain_text.ludo_position` reads the
stored ``ludo:…`` text into this form.

The board is the cross of this family of games (see :mod:`rendering.ludo_layout`): red's base
top left, then blue, yellow and green clockwise. Several tokens of one colour on a field are
drawn as a stack with their count; the last move is ringed where it started and where it
ended, with an arrow between, and a token it knocked is left as a crossed-out ghost beside the
token that knocked it.

    >>> from rendering.ludo import LudoPosition, LudoSeat, render_ludo
    >>> png = render_ludo(LudoPosition((LudoSeat("R", (0, -1, -1, -1)), LudoSeat("Y")), "R", 6))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from rules.games.effects import Effect, Knocked, Moved

from .backgammon_sprites import die_face
from .caption import PlayerRow, chip_size, draw_caption_strip, named
from .ludo_layout import (
    BASE,
    COLOURS,
    DEFAULT_CELL,
    FINISH,
    GRID,
    TRACK,
    LudoLayout,
    Point,
    home_cell,
    ludo_layout,
    track_cell,
)
from .ludo_sprites import NAMES, TOKEN_COLOURS, ghost_token, knocked_token, token_sprite
from .marks import arrow, badge, taken_mark
from .palette import register, tag
from .render import encode_png
from .text import drawable
from .theme import RGB, Theme, get_theme, mix
from .words import ENGLISH, Words

if TYPE_CHECKING:
    from rules.games.view import PositionView

    from .drawers import Scene

#: The picture kind of ludo boards: their fixed palette (:mod:`rendering.palette`).
KIND = "ludo"

_LETTERS = {name.lower(): letter for letter, name in NAMES.items()}


def colour_letter(value: str) -> str:
    """``R`` or ``red`` (any case) → ``R``; a ValueError for anything else."""
    text = value.strip()
    letter = _LETTERS.get(text.lower(), text.upper())
    if letter not in COLOURS or not text:
        raise ValueError(f"a ludo colour is R, B, Y or G (red, blue, yellow, green), not {value!r}")
    return letter


@dataclass(frozen=True, slots=True)
class LudoSeat:
    """One seat: its ``colour`` (``R``/``B``/``Y``/``G`` or the name), its four tokens'
    ``tokens`` progress (``-1`` base, 0–39 track, 40–43 home line, 44 finish), the player's
    ``name``, the ``place`` they finished in (1 = the winner) and, for a seat that left the
    game, ``left``: why (``"timeout"``, ``"resignation"`` or any words); its tokens are then
    off the board whatever ``tokens`` says."""

    colour: str
    tokens: Sequence[int] = (BASE, BASE, BASE, BASE)
    name: str = ""
    place: int | None = None
    left: str | None = None


@dataclass(frozen=True, slots=True)
class LudoPosition:
    """What a ludo picture shows: the ``seats`` in turn order, the colour ``to_move`` (to roll,
    or to move ``die`` when it is set; ``None`` once the game is over) and ``rolling``, the
    colours still rolling for the first turn (their dice are not shown)."""

    seats: Sequence[LudoSeat]
    to_move: str | None = None
    die: int | None = None
    rolling: str = ""


@dataclass(frozen=True, slots=True)
class LudoMove:
    """A move: a ``colour`` token went from progress ``start`` to ``end`` (``-1`` the base)."""

    colour: str
    start: int
    end: int


def _check(pos: LudoPosition) -> list[tuple[str, LudoSeat]]:
    """The seats with their colour letters; a ValueError naming what cannot be drawn."""
    if not 1 <= len(pos.seats) <= 4:
        raise ValueError(f"a ludo table has 2 to 4 seats, not {len(pos.seats)}")
    seats = [(colour_letter(s.colour), s) for s in pos.seats]
    letters = [c for c, _ in seats]
    if len(set(letters)) != len(letters):
        raise ValueError(f"each colour sits once, not {''.join(letters)}")
    for c, seat in seats:
        if len(seat.tokens) != 4:
            raise ValueError(f"{NAMES[c]} has 4 tokens, not {len(seat.tokens)}")
        for p in seat.tokens:
            if not BASE <= p <= FINISH:
                raise ValueError(f"{NAMES[c]} token progress {p} is not -1 (base) to 44 (finish)")
    if pos.to_move is not None and colour_letter(pos.to_move) not in letters:
        raise ValueError(f"{pos.to_move!r} to move is not at the table")
    if pos.die is not None and not 1 <= pos.die <= 6:
        raise ValueError(f"the die shows 1 to 6, not {pos.die}")
    return seats


# ----- the board ---------------------------------------------------------------------------


def _tinted(colour: str, theme: Theme, t: float) -> RGB:
    """``colour``'s token fill blended ``t`` of the way towards the fields' white (toward the
    felt, blue turned grey)."""
    return mix(TOKEN_COLOURS[colour][0], theme.cube_face, t)


def _felt(theme: Theme) -> RGB:
    return theme.light_square


@lru_cache(maxsize=8)
def ludo_background(lay: LudoLayout, theme: Theme) -> Image.Image:
    """The empty board and the caption strip's background (cached: the same every picture)."""
    img = Image.new("RGB", lay.image_size, theme.background)
    draw = ImageDraw.Draw(img)
    left, top, right, bottom = lay.board_rect
    f = lay.frame
    draw.rounded_rectangle(
        (left - f, top - f, right + f - 1, bottom + f - 1), radius=f * 2, fill=theme.frame
    )
    draw.rectangle((left, top, right - 1, bottom - 1), fill=_felt(theme))
    field = theme.cube_face
    edge = theme.frame
    width = max(1, round(lay.cell / 28))
    r = lay.cell * 0.43

    def disc(centre: Point, fill: RGB) -> None:
        cx, cy = centre
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=width)

    for colour in COLOURS:
        draw.rounded_rectangle(
            lay.base_rect(colour), radius=lay.cell * 0.4, fill=_tinted(colour, theme, 0.72)
        )
        for spot in range(4):
            disc(lay.base_centre(colour, spot), _tinted(colour, theme, 0.45))
    for fld in range(TRACK):
        start = COLOURS[fld // 10] if fld % 10 == 0 else None
        disc(lay.cell_centre(track_cell(fld)), _tinted(start, theme, 0.25) if start else field)
    for colour in COLOURS:
        for step in range(4):
            disc(lay.cell_centre(home_cell(colour, step)), _tinted(colour, theme, 0.55))
    # the finish: the centre field in four triangles, each colour's toward its home line
    cx, cy = lay.cell_centre((GRID // 2, GRID // 2))
    h = lay.cell * 0.5
    corners = [(cx - h, cy + h), (cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h)]
    for i, colour in enumerate(COLOURS):
        draw.polygon(
            [corners[i], corners[(i + 1) % 4], (cx, cy)],
            fill=_tinted(colour, theme, 0.3),
            outline=edge,
        )
    return img


# ----- tokens and marks --------------------------------------------------------------------


def _paste(img: Image.Image, sprite: Image.Image, centre: Point) -> None:
    img.paste(
        sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)), sprite
    )


def _count_badge(
    draw: ImageDraw.ImageDraw, lay: LudoLayout, theme: Theme, centre: Point, size: int, n: int
) -> None:
    """The number of tokens in a stack, on a small disc at the top right of the top token."""
    r = max(7.0, size * 0.26)
    spot = (centre[0] + size * 0.42, centre[1] - size * 0.42)
    badge(draw, spot, r, str(n), fill=theme.cube_face, edge=theme.mark_shadow, ink=theme.cube_ink)


def _stack(img: Image.Image, colour: str, centre: Point, n: int, size: int) -> None:
    """``n`` tokens on one spot: the ones below peek out above the top one (the count is
    drawn after every token, so a neighbour in the crowded finish cannot hide it)."""
    sprite = token_sprite(colour, size)
    lift = size * 0.1
    for i in range(min(n, 3) - 1, -1, -1):
        _paste(img, sprite, (centre[0], centre[1] - lift * i))


def _finish_size(lay: LudoLayout) -> int:
    return round(lay.cell * 0.48)


def token_centre(lay: LudoLayout, colour: str, progress: int, spot: int = 0) -> Point:
    """Where a token is drawn (tests ask this too)."""
    return lay.progress_centre(colour, progress, spot)


def _toward(a: Point, b: Point, cut: float) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
    return (b[0] - dx / length * cut, b[1] - dy / length * cut)


def _ring(
    draw: ImageDraw.ImageDraw, lay: LudoLayout, theme: Theme, centre: Point, radius: float
) -> None:
    """The last move's mark round a field: a thick ring in the path colour, edged dark
    (``radius`` in cells: a field's half, smaller round a spot in the finish)."""
    cx, cy = centre
    r = lay.cell * radius
    w = max(3, round(lay.cell / 12))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=theme.mark_shadow, width=w + 2)
    draw.ellipse((cx - r + 1, cy - r + 1, cx + r - 1, cy + r - 1), outline=theme.path_line, width=w)


def _move_ends(lay: LudoLayout, move: LudoMove, colour: str, seat: LudoSeat) -> tuple[Point, Point]:
    """Where the moved token stood and where it landed; from the base, the spot it left."""
    in_base = sum(p == BASE for p in seat.tokens)
    start = token_centre(lay, colour, move.start, min(in_base, 3))
    return start, token_centre(lay, colour, move.end)


def knocked_size(lay: LudoLayout) -> int:
    """A knocked token's ghost: nearly a token across, so it reads as a token at a glance."""
    return round(lay.token * 0.9)


def knock_spot(lay: LudoLayout, fld: int, away_from: Point | None = None) -> Point:
    """Where the ghost of a token knocked on track field ``fld`` goes: half a field off it
    diagonally, beside the token that knocked it (which covers it hardly at all), on the
    board, and of the four corners the one farthest from ``away_from`` (where the move
    started, so its arrow does not cross the ghost); up and left without one."""
    cx, cy = lay.cell_centre(track_cell(fld))
    off = lay.cell * 0.5
    r = knocked_size(lay) / 2
    left, top, right, bottom = lay.board_rect
    corners = [(cx + dx * off, cy + dy * off) for dx, dy in ((-1, -1), (1, -1), (-1, 1), (1, 1))]
    inside = [
        (x, y) for x, y in corners if left + r <= x <= right - r and top + r <= y <= bottom - r
    ] or corners
    if away_from is None:
        return inside[0]
    ax, ay = away_from
    return max(inside, key=lambda p: round((p[0] - ax) ** 2 + (p[1] - ay) ** 2, 3))


def _winner(seats: list[tuple[str, LudoSeat]]) -> str | None:
    """The seat placed first; without places, one with all four home or the last one left."""
    for c, seat in seats:
        if seat.place == 1:
            return c
    for c, seat in seats:
        if seat.left is None and all(p == FINISH for p in seat.tokens):
            return c
    staying = [c for c, seat in seats if seat.left is None]
    return staying[0] if len(staying) == 1 else None


def _status(seats: list[tuple[str, LudoSeat]], pos: LudoPosition, words: Words) -> str:
    def who(c: str, seat: LudoSeat) -> str:
        return named(seat.name, NAMES[c], words)

    by_colour = dict(seats)
    if pos.rolling:
        names = ", ".join(who(c, by_colour[c]) for c in map(colour_letter, pos.rolling))
        return words.rolling_first.format(players=names)
    winner = _winner(seats)
    if pos.to_move is None:
        if winner:
            return words.wins.format(player=who(winner, by_colour[winner]))
        return words.game_over
    c = colour_letter(pos.to_move)
    if pos.die is None:
        return words.to_roll.format(player=who(c, by_colour[c]))
    return words.to_move_die.format(player=who(c, by_colour[c]), die=pos.die)


def compose_ludo(
    position: LudoPosition,
    *,
    last_move: LudoMove | None = None,
    knocked: Sequence[int | tuple[str, int]] = (),
    title: str | None = "Ludo",
    status: str | None = None,
    theme: str = "light",
    cell: int = DEFAULT_CELL,
    words: Words = ENGLISH,
    frame: tuple[int, int] | None = None,
) -> Image.Image:
    """The ludo picture as a Pillow image (see :func:`render_ludo`); ``words`` are its
    caption's words (English by default); ``frame``: a replay's frame N of M."""
    pal = get_theme(theme)
    seats = _check(position)
    lay = ludo_layout(cell, len(seats))
    img = ludo_background(lay, pal).copy()
    draw = ImageDraw.Draw(img)
    by_colour = dict(seats)

    ends: tuple[Point, Point] | None = None
    mover = ""
    if last_move is not None:
        mover = colour_letter(last_move.colour)
        if mover not in by_colour:
            raise ValueError(f"{NAMES[mover]} made the last move but is not at the table")
        for p in (last_move.start, last_move.end):
            if not BASE <= p <= FINISH:
                raise ValueError(f"a move goes from and to -1 (base) … 44 (finish), not {p}")
        ends = _move_ends(lay, last_move, mover, by_colour[mover])
        for centre, p in zip(ends, (last_move.start, last_move.end), strict=True):
            _ring(draw, lay, pal, centre, 0.32 if p == FINISH else 0.5)
        if last_move.start == BASE:
            _paste(img, ghost_token(mover, lay.token), ends[0])

    counts_at: list[tuple[Point, int, int]] = []
    finished: list[tuple[str, int]] = []
    for c, seat in seats:
        if seat.left is not None:
            continue
        in_base = 0
        counts = Counter(p for p in seat.tokens if p != BASE)
        for p in seat.tokens:
            if p == BASE:
                _paste(img, token_sprite(c, lay.token), token_centre(lay, c, BASE, in_base))
                in_base += 1
        for p, n in sorted(counts.items()):
            size = _finish_size(lay) if p == FINISH else lay.token
            _stack(img, c, token_centre(lay, c, p), 1 if p == FINISH else n, size)
            if n > 1 and p == FINISH:
                finished.append((c, n))
            elif n > 1:
                counts_at.append((token_centre(lay, c, p), size, n))
    for centre, size, n in counts_at:
        _count_badge(draw, lay, pal, centre, size, n)
    for c, n in finished:
        r = max(7.0, lay.cell * 0.15)
        badge(
            draw,
            lay.finish_count_centre(c),
            r,
            str(n),
            fill=pal.cube_face,
            edge=pal.mark_shadow,
            ink=pal.cube_ink,
        )

    for item in knocked:
        colour, fld = (None, item) if isinstance(item, int) else (colour_letter(item[0]), item[1])
        if not 0 <= fld < TRACK:
            raise ValueError(f"a token is knocked on a track field 0–39, not {fld}")
        size = knocked_size(lay)
        spot = knock_spot(lay, fld, ends[0] if ends is not None else None)
        if colour is not None:
            _paste(img, knocked_token(colour, size), spot)
        taken_mark(img, spot, size * 0.3, max(3, round(lay.cell / 12)), pal)

    if ends is not None and ends[0] != ends[1]:
        a, b = ends
        cut = lay.token * 0.55
        arrow(
            img,
            _toward(b, a, cut),
            _toward(a, b, cut),
            width=max(3.0, lay.cell * 0.09),
            colour=pal.path_line,
            edge=pal.mark_shadow,
        )

    if position.die is not None and position.to_move is not None:
        c = colour_letter(position.to_move)
        fill, ink = TOKEN_COLOURS[c]
        _paste(img, die_face(position.die, fill, ink, lay.die), lay.die_centre(c))

    tag(img, KIND, pal.name)
    _caption(img, lay, pal, seats, position, title, status, words, frame)
    return img


def _caption(
    img: Image.Image,
    lay: LudoLayout,
    theme: Theme,
    seats: list[tuple[str, LudoSeat]],
    pos: LudoPosition,
    title: str | None,
    status: str | None,
    words: Words = ENGLISH,
    frame: tuple[int, int] | None = None,
) -> None:
    text = status if status is not None else _status(seats, pos, words)
    # a finished game (nobody to move, nobody rolling): the result banner, the winner's row
    # with the trophy, no row "to move", and the rows in place order (1st, 2nd, …)
    over = pos.to_move is None and not pos.rolling
    won = _winner(seats) if over else None
    if pos.rolling:
        active = {colour_letter(c) for c in pos.rolling}
    elif pos.to_move is not None:
        active = {colour_letter(pos.to_move)}
    else:
        active = set()
    ordered = seats
    if over:
        ordered = sorted(seats, key=lambda cs: cs[1].place if cs[1].place is not None else 99)
    size = chip_size(lay)
    rows = []
    for c, seat in ordered:
        notes: list[str | Image.Image] = []
        if seat.left == "timeout":
            notes.append(words.left_timeout)
        elif seat.left == "resignation":
            notes.append(words.left_resigned)
        elif seat.left is not None:
            notes.append(words.left_other.format(why=seat.left))
        elif seat.place is not None:
            notes.append(words.place(seat.place))
        else:
            done = sum(p == FINISH for p in seat.tokens)
            notes.append(words.home.format(count=done))
        rows.append(
            PlayerRow(
                # a name of emoji alone draws as nothing: the seat's colour instead
                name=drawable(seat.name).strip() or words.side(NAMES[c]),
                chip=token_sprite(c, size),
                highlighted=c in active,
                notes=tuple(notes),
                trophy=c == won,
            )
        )
    # the game's name goes first when both fit; who is to move or won matters more
    draw_caption_strip(
        img, lay, theme, text, tuple(rows), over=over, title=title, rtl=words.rtl, frame=frame
    )


def render_ludo(
    position: LudoPosition,
    *,
    last_move: LudoMove | None = None,
    knocked: Sequence[int | tuple[str, int]] = (),
    title: str | None = "Ludo",
    status: str | None = None,
    theme: str = "light",
    cell: int = DEFAULT_CELL,
    words: Words = ENGLISH,
) -> bytes:
    """A ludo position as PNG bytes.

    ``position`` is the table (see :class:`LudoPosition`, :class:`LudoSeat`): seats with
    their colours, tokens' progress, names, places and whether they left, who is to roll or
    move and the die. ``last_move`` is the move that led here (colour, progress before, after);
    ``knocked`` the track fields (0–39, red's start 0) where it knocked tokens back to their
    base, each as the field alone or as (colour, field) to draw the knocked token's ghost.
    ``status`` replaces the caption's line (default: who is to roll or move, or who won);
    ``title`` goes before it (when both fit); ``words`` are the caption's words (English by
    default). Raises ValueError for anything that cannot be drawn.
    """
    return encode_png(
        compose_ludo(
            position,
            last_move=last_move,
            knocked=knocked,
            title=title,
            status=status,
            theme=theme,
            cell=cell,
            words=words,
        )
    )


# ----- drawn from the rules' view ----------------------------------------------------------


def _progress(view: PositionView, seat: str, cell: str) -> int:
    """A cell of the view (a track field, ``home:i``, ``yard``, ``home``) as ``seat``'s
    token progress (``-1`` the base, 0–39 from its start field, 40–43 the home line, 44 the
    finish)."""
    if cell == "yard":
        return BASE
    if cell == "home":
        return FINISH
    if cell.startswith("home:"):
        return TRACK + int(cell.removeprefix("home:"))
    starts = view.extra.get("start_fields")
    start = starts.get(seat, 0) if isinstance(starts, Mapping) else 0
    return (int(cell) - int(str(start))) % TRACK


def view_position(view: PositionView, players: Mapping[str, str]) -> LudoPosition:
    """What the picture shows of the rules' ``view``: each seat's tokens by progress (from
    the fields, the yard and the finish), its player's name (``players`` by seat, else the
    colour), its place once the game is over and why it left; who is to roll or move, the
    die, and the seats rolling for the first turn."""
    left = view.extra.get("left")
    gone = left if isinstance(left, Mapping) else {}
    outcome = view.outcome
    places = outcome.get("places") if outcome is not None else None
    ranked = [str(p) for p in places] if isinstance(places, Sequence) else []
    seats = []
    for seat in view.seats:
        off = view.off_board.get(seat, {})
        tokens = [BASE] * off.get("yard", 0)
        for cell, pieces in view.pieces.items():
            for piece in pieces:
                if piece.seat == seat:
                    tokens += [_progress(view, seat, cell)] * piece.count
        tokens += [FINISH] * off.get("home", 0)
        tokens += [BASE] * (4 - len(tokens))  # a seat that left has no tokens
        why = gone.get(seat)
        seats.append(
            LudoSeat(
                colour_letter(seat),
                tuple(tokens),
                players.get(seat, seat.title()),
                place=ranked.index(seat) + 1 if seat in ranked else None,
                left=None if why is None else str(why),
            )
        )
    rolling = view.extra.get("rolling")
    return LudoPosition(
        tuple(seats),
        to_move=colour_letter(view.to_move) if view.to_move is not None else None,
        die=view.dice[0] if view.dice else None,
        rolling="".join(
            colour_letter(str(s)) for s in (rolling if isinstance(rolling, Sequence) else ())
        ),
    )


def last_marks(
    view: PositionView, effects: Sequence[Effect]
) -> tuple[LudoMove | None, list[tuple[str, int]]]:
    """The move to mark (its first token's, by progress) and the tokens it knocked, as
    (colour, track field), from the last action's ``effects``."""
    move = None
    knocked: list[tuple[str, int]] = []
    for effect in effects:
        if isinstance(effect, Moved) and move is None:
            move = LudoMove(
                colour_letter(effect.seat),
                _progress(view, effect.seat, effect.source),
                _progress(view, effect.seat, effect.target),
            )
        elif isinstance(effect, Knocked):
            spot = (colour_letter(effect.seat), int(effect.cell))
            if spot not in knocked:
                knocked.append(spot)
    return move, knocked


def draw_scene(scene: Scene) -> Image.Image:
    """The ludo picture of ``scene`` (:func:`rendering.drawers.draw`): the rules' view of the
    table, the names of ``scene.players``, the last move and its knocks from its effects, the
    caption's title, status (``None``: who is to roll or move, or who won) and words. A game
    ``scene.outcome`` ended off the board (aborted, say) is drawn finished: nobody to move, no
    die, the outcome's places."""
    move, knocked = last_marks(scene.view, scene.last)
    caption = scene.caption
    position = view_position(scene.view, scene.players)
    outcome = scene.outcome
    if outcome is not None and position.to_move is not None:  # ended off the board
        places = list(outcome.places)
        seats = tuple(
            s
            if s.place is not None or seat not in places
            else replace(s, place=places.index(seat) + 1)
            for seat, s in zip(scene.view.seats, position.seats, strict=True)
        )
        position = LudoPosition(seats)
    return compose_ludo(
        position,
        last_move=move,
        knocked=knocked,
        status=caption.status,
        theme=scene.theme,
        title=caption.title,
        words=caption.words,
        frame=caption.frame,
    )


def _palette_samples(theme: str) -> list[Image.Image]:
    """Ludo tables showing every token colour, mark and caption style, for the palette
    (:mod:`rendering.palette`): four seats in a midgame (stacks, a knocked token's ghost, the
    die, finished tokens), three seats with a token entering from its base, and a finished
    two-seat game with places and a seat that left."""
    names = ("Alice", "Bob", "Cyril", "Dana")
    four = LudoPosition(
        (
            LudoSeat("R", (41, 12, 0, BASE), names[0]),
            LudoSeat("B", (FINISH, 3, 3, BASE), names[1]),
            LudoSeat("Y", (FINISH, FINISH, BASE, BASE), names[2]),
            LudoSeat("G", (43, 39, BASE, BASE), names[3]),
        ),
        to_move="B",
        die=6,
    )
    out = [compose_ludo(four, last_move=LudoMove("R", 6, 12), knocked=[("Y", 12)], theme=theme)]
    three = LudoPosition(
        (
            LudoSeat("Y", (0, 20, BASE, BASE), names[2]),
            LudoSeat("G", (40, 41, 42, BASE), names[3]),
            LudoSeat("R", (FINISH, FINISH, 30, 5), names[0]),
        ),
        to_move="G",
        die=4,
    )
    out.append(compose_ludo(three, last_move=LudoMove("Y", BASE, 0), theme=theme))
    two = LudoPosition(
        (
            LudoSeat("B", (FINISH,) * 4, names[1], place=1),
            LudoSeat("G", (10, 43, FINISH, BASE), names[3], place=2),
            LudoSeat("R", (BASE,) * 4, names[0], left="timeout"),
        )
    )
    out.append(compose_ludo(two, last_move=LudoMove("B", 42, FINISH), theme=theme))
    return out


register(KIND, _palette_samples)
