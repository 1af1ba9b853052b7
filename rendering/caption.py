"""The caption strip under the board: the status line and one row per player.

The status line says whose turn it is (or the result) in words; the player rows show each
display name next to a chip in its piece colour, with captures so far and, in schadler's
placement phase, the counters still in hand. The row of the player at the bottom of the board
is the lower one, so a player reads their own row next to their own pieces. The side to move
(or the winner) gets an accent-coloured row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PIL import Image, ImageDraw, ImageFilter, ImageStat

from rules import Outcome, Position, Side

from .captures import (
    KIND_ORDER,
    derive_taken,
    held_word,
    marker_kind,
    turns_held_over,
    variant_name,
)
from .layout import Layout, Rect
from .sprites import piece_sprite
from .text import Font, bold_of, draw_text, drawable, fit_text, font, text_width
from .theme import RGB, Theme, relative_luminance
from .trophy import trophy_sprite
from .words import ENGLISH, REASON_WORDS, Words

__all__ = [
    "CAPTION_TOP",
    "REASON_WORDS",
    "Caption",
    "PlayerRow",
    "count_chip",
    "draw_caption",
    "draw_caption_strip",
    "draw_frame_counter",
    "game_rows",
    "game_status",
    "reason_words",
    "row_name",
    "fit_status",
    "status_fits",
    "status_lines",
    "status_room",
    "status_text",
    "who",
]

#: The key in a picture's ``info`` holding the caption strip's top edge (y), set when the
#: strip is drawn (where a replay frame's caption starts).
CAPTION_TOP = "caption_top"


def reason_words(reason: str, words: Words = ENGLISH) -> str:
    """``eagle_captured`` → ``eagle captured``; unknown ids are still readable."""
    return words.reason(reason)


def named(name: str, side_id: str, words: Words = ENGLISH) -> str:
    """``Alice (White)``: a display name with its seat, or the seat alone when unnamed.

    A name made only of characters no shipped font can draw (e.g. emoji) counts as unnamed,
    and so does the seat's English name (a caller's default for a missing name).
    """
    title = words.side(side_id)
    name = drawable(name).strip()
    if not name or name in (title, side_id.title()):
        return title
    if len(name) > 18:
        name = name[:17].rstrip() + "..."
    return words.named.format(name=name, side=title)


def who(side: Side, players: tuple[str, str], words: Words = ENGLISH) -> str:
    """``Alice (White)``: a display name with its side, or the side alone when unnamed."""
    return named(players[side.index], side.value, words)


def row_name(name: str, side: Side, words: Words = ENGLISH) -> str:
    """The name shown in a player row: the side's title when nothing drawable is left."""
    return drawable(name).strip() or words.side(side.value)


def status_text(
    position: Position,
    *,
    players: tuple[str, str] = ("White", "Black"),
    outcome: Outcome | None = None,
    status: str | None = None,
    move_number: int | None = None,
    words: Words = ENGLISH,
) -> str:
    """The status line: ``status`` if given, else the result, else who is to move."""
    if status is not None:
        return status
    if outcome is not None:
        reason = reason_words(outcome.reason, words)
        if outcome.winner is None:
            return words.draw_reason.format(reason=reason)
        return words.wins_reason.format(player=who(outcome.winner, players, words), reason=reason)
    verb = words.to_place if position.hand[position.turn.index] > 0 else words.to_move
    text = verb.format(player=who(position.turn, players, words))
    if move_number is not None:
        text = words.move_number.format(number=move_number, status=text)
    return text


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player's row of the caption strip, in words and pictures any game can provide.

    ``chip`` is a small RGBA picture of the player's piece; ``notes`` are drawn from the right
    edge leftwards in the order given (text in the muted colour, pictures as icons), and the
    name gets the room that is left; ``highlighted`` gives the row the accent colour (the side
    to move, or the winner).
    """

    name: str
    chip: Image.Image
    highlighted: bool = False
    notes: tuple[str | Image.Image, ...] = ()
    #: The winner of a finished game: a gold band and a trophy instead of the blue band of
    #: the side to move (a finished board must not read as "to move").
    trophy: bool = False


class CaptionGeometry(Protocol):
    """Where a picture's caption strip goes and how big its text is.

    The grid boards' :class:`~rendering.layout.Layout` has these; so has the backgammon
    layout, which is not a grid of squares but shares the caption strip.
    """

    @property
    def caption_rect(self) -> Rect: ...

    @property
    def board_rect(self) -> Rect: ...

    @property
    def caption_row(self) -> int: ...

    @property
    def pad(self) -> int: ...

    @property
    def text_unit(self) -> float: ...


def chip_size(lay: CaptionGeometry) -> int:
    """Edge of the piece chip at the start of a player row, in pixels."""
    return max(8, round(lay.caption_row * 0.78))


#: How far the status line may shrink before it is wrapped to a second line: a result in
#: Bulgarian or Greek runs a third longer than in English, in a wide face.
SMALLEST_STATUS = 0.72
#: How far a status wrapped to two lines may shrink before it is cut short (the last
#: resort, which leaves the end of the line, the reason, whole).
SMALLEST_WRAPPED = 0.6


def _status_size(lay: CaptionGeometry) -> int:
    """The status line's full size in pixels."""
    return max(12, round(lay.text_unit * 0.36))


def _status_font(status: str, lay: CaptionGeometry, room: float, rtl: bool = False) -> Font:
    """The status line's face on one line: its full size, or down to 72 % of it so a long
    result fits.

    DejaVu Sans Bold is wide (it is what lets every script show), so a long line such as
    "Şükrü Ağaoğlu (White) wins — queen captured" shrinks a little before it is wrapped.
    """
    size = _status_size(lay)
    smallest = max(12, round(size * SMALLEST_STATUS))
    f = font(size)
    while size > smallest and text_width(status, bold_of(f), rtl=rtl) > room:
        size -= 1
        f = font(size)
    return f


def status_room(lay: CaptionGeometry, *, over: bool = False) -> float:
    """The width the status line may take: the board's, less the banner's rounded ends."""
    left, _, right, _ = lay.board_rect
    return right - left - (lay.caption_row if over else 0)


def status_fits(
    status: str, lay: CaptionGeometry, *, over: bool = False, rtl: bool = False
) -> bool:
    """Whether ``status`` is drawn whole on one line (at 72 % of its size at the least)
    rather than wrapped to two lines: what a translation's longer words must leave room
    for."""
    room = status_room(lay, over=over)
    f = _status_font(status, lay, room, rtl)
    return text_width(status, bold_of(f), rtl=rtl) <= room


def _pitch(f: Font) -> int:
    """The distance between the middles of two wrapped status lines in face ``f``."""
    return round(f.size * 1.1)


def wrapped_box(lay: CaptionGeometry) -> Rect:
    """Where a status wrapped to two lines is drawn: the status box grown into the gaps
    above and below it, up to the top of the caption strip and the first player row (the
    picture keeps its size)."""
    left, _, right, _ = lay.board_rect
    _, cy0, _, _ = lay.caption_rect
    _, row_top, _, _ = row_box(lay, 0)
    edge = max(1, lay.pad // 6)
    return (left, cy0 + edge, right, row_top - edge)


def _break(status: str, face: Font, room: float, rtl: bool) -> tuple[str, str] | None:
    """``status`` split at a space into two lines that each fit ``room``: before its last
    " — " (the reason on a line of its own) when both halves fit, else where the longer line
    is shortest; None when no split fits."""
    best: tuple[float, tuple[str, str]] | None = None
    dash = status.rfind(" \u2014 ")
    for i, ch in enumerate(status):
        if ch != " ":
            continue
        head, tail = status[:i].rstrip(), status[i + 1 :].lstrip()
        if not head or not tail:
            continue
        wide = max(text_width(head, face, rtl=rtl), text_width(tail, face, rtl=rtl))
        if wide > room:
            continue
        if i == dash:
            return (head, tail)
        if best is None or wide < best[0]:
            best = (wide, (head, tail))
    return best[1] if best is not None else None


def _cut_break(status: str, face: Font, room: float, rtl: bool) -> tuple[str, str]:
    """The last resort: the longest end of ``status`` that fits ``room`` on the second line
    (the reason is at the end), the rest cut short with "..." on the first."""
    spaces = [i for i, ch in enumerate(status) if ch == " "]
    for i in spaces:
        tail = status[i + 1 :].lstrip()
        if tail and text_width(tail, face, rtl=rtl) <= room:
            return (fit_text(status[:i].rstrip(), face, room, rtl=rtl), tail)
    return ("", fit_text(status, face, room, rtl=rtl))


def fit_status(
    status: str,
    lay: CaptionGeometry,
    *,
    over: bool = False,
    rtl: bool = False,
    reserved: float = 0.0,
) -> tuple[Font, tuple[str, ...]]:
    """How the status line is drawn: its face and its lines.

    One line at its full size, or shrunk down to 72 % of it; if still too wide, two lines
    (broken at a space, before " — " when it can) in a face small enough for two lines to fit
    :func:`wrapped_box`, shrinking down to 60 % of the full size; only then is the first line
    cut short with "...", never the second (the end of the status, where the reason is).
    ``reserved``: room the line leaves free at each end (a replay frame's counter).
    """
    room = status_room(lay, over=over) - 2 * reserved
    status = drawable(status)
    one = _status_font(status, lay, room, rtl)
    if text_width(status, bold_of(one), rtl=rtl) <= room:
        return one, (status,)
    full = _status_size(lay)
    _, top, _, bottom = wrapped_box(lay)
    size = round(one.size)
    smallest = max(10, round(full * SMALLEST_WRAPPED))
    f = font(size)
    while size > smallest:
        ascent, descent = bold_of(f).getmetrics()
        if _pitch(f) + ascent + descent <= bottom - top:
            break
        size -= 1
        f = font(size)
    while True:
        lines = _break(status, bold_of(f), room, rtl)
        if lines is not None:
            return f, lines
        if size <= smallest:
            return f, _cut_break(status, bold_of(f), room, rtl)
        size -= 1
        f = font(size)


def status_lines(
    status: str, lay: CaptionGeometry, *, over: bool = False, rtl: bool = False
) -> list[str]:
    """The lines the status is drawn in (one or two, see :func:`fit_status`): joined with a
    space they are ``status`` itself unless it had to be cut short."""
    return list(fit_status(status, lay, over=over, rtl=rtl)[1])


def status_box(lay: CaptionGeometry) -> Rect:
    """Where the status line (or the result banner) is drawn: (left, top, right, bottom)."""
    _, cy0, _, _ = lay.caption_rect
    left, _, right, _ = lay.board_rect
    top = cy0 + lay.pad // 2
    return (left, top, right, top + lay.caption_row)


def row_box(lay: CaptionGeometry, index: int) -> Rect:
    """Where player row ``index`` (0: the top one) is drawn: (left, top, right, bottom)."""
    _, cy0, _, _ = lay.caption_rect
    left, _, right, _ = lay.board_rect
    gap = lay.pad // 2
    top = cy0 + gap + lay.caption_row * (index + 1) + gap
    return (left, top, right, top + lay.caption_row - gap // 2)


def draw_caption_strip(
    img: Image.Image,
    lay: CaptionGeometry,
    theme: Theme,
    status: str,
    rows: tuple[PlayerRow, ...],
    *,
    over: bool = False,
    title: str | None = None,
    rtl: bool = False,
    frame: tuple[int, int] | None = None,
) -> None:
    """Draw the caption strip into ``img``: ``status`` centred, then ``rows`` (top row first).

    ``frame`` (a replay's frame N of M) is drawn as ``N/M`` at the end of the status line
    (:func:`draw_frame_counter`), the status centred in the room left between.

    ``rtl`` (a right-to-left language) lays every line out right to left: the status line's
    base direction, and each row mirrored (the chip and the name at the right edge, the
    notes from the left edge).

    ``title`` (the game's name) goes before the status when both fit the line at 80 % of the
    status size at least; otherwise the status alone is shown (who is to move, or the result,
    matters more than the name the thread title already says).

    Every game's picture uses this, so captions look alike whatever is being played. ``over``
    (a finished game) draws the status line as the result banner: a band across the board's
    width that stands out from the page (dark on the light theme, light on the dark one), so
    a final board reads as finished at a glance.
    """
    draw = ImageDraw.Draw(img)
    _, cy0, _, _ = lay.caption_rect
    img.info[CAPTION_TOP] = cy0  # where the caption starts (a replay's frames are compared there)
    left, _, right, _ = lay.board_rect
    row = lay.caption_row

    reserved = frame_counter_width(lay, frame) if frame is not None else 0.0
    room = status_room(lay, over=over) - 2 * reserved
    if title:
        titled = f"{title} · {status}"
        smallest = font(max(12, round(_status_size(lay) * 0.8)))
        if text_width(titled, bold_of(smallest), rtl=rtl) <= room:
            status = titled
    status_font, lines = fit_status(status, lay, over=over, rtl=rtl, reserved=reserved)
    _, band_top, _, band_bottom = status_box(lay) if len(lines) == 1 else wrapped_box(lay)
    y = (band_top + band_bottom) / 2
    ink = theme.text
    if over:
        draw.rounded_rectangle(
            (left, band_top, right - 1, band_bottom - 1), radius=row // 4, fill=theme.banner
        )
        ink = theme.banner_text
    if frame is not None:
        draw_frame_counter(draw, lay, frame, ink if over else theme.muted_text, rtl=rtl)
    pitch = _pitch(status_font)
    for i, line in enumerate(lines):
        draw_text(
            draw,
            ((left + right) / 2, y + (i - (len(lines) - 1) / 2) * pitch),
            line,
            status_font,
            ink,
            align="center",
            bold=True,
            rtl=rtl,
        )

    name_font = font(max(11, round(lay.text_unit * 0.32)))
    info_font = font(max(10, round(lay.text_unit * 0.27)))
    chip = chip_size(lay)
    inset = round(row * 0.14)
    for i, player in enumerate(rows):
        _, top, _, bottom = row_box(lay, i)
        mid = (top + bottom) / 2
        fg = theme.accent_text if player.highlighted else theme.text
        muted = theme.accent_text if player.highlighted else theme.muted_text
        band = theme.accent if player.highlighted else None
        if player.trophy:
            fg = muted = theme.win_text
            band = theme.win_band
        if band is not None:
            draw.rounded_rectangle(
                (left, top, right - 1, bottom), radius=(bottom - top) // 2, fill=band
            )
        if rtl:
            fonts = (name_font, info_font)
            _row_rtl(img, draw, player, (left, right, mid), fonts, chip, inset, theme, (fg, muted))
            continue
        img.paste(player.chip, (left + inset, round(mid - chip / 2)), player.chip)
        name_x = float(left + inset * 2 + chip)
        if player.trophy:
            cup = trophy_sprite(chip, theme)
            img.paste(cup, (round(name_x), round(mid - chip / 2)), cup)
            name_x += chip + inset

        # right-hand notes first, so the name gets whatever room is left
        x = float(right - inset * 2)
        for note in player.notes:
            if isinstance(note, str):
                x -= draw_text(draw, (x, mid), note, info_font, muted, align="right")
            else:
                x -= note.width + inset // 2
                img.paste(note, (round(x), round(mid - note.height / 2)), note)
        name_room = x - name_x - inset * 2
        draw_text(
            draw,
            (name_x, mid),
            fit_text(player.name, bold_of(name_font), name_room),
            name_font,
            fg,
            bold=True,
        )


def draw_frame_counter(
    draw: ImageDraw.ImageDraw,
    lay: CaptionGeometry,
    frame: tuple[int, int],
    ink: RGB,
    *,
    rtl: bool = False,
) -> float:
    """A replay frame's place, ``N/M`` (digits: the same in every language), in the small
    face at the end of the status line (its left end in a right-to-left picture); the width
    it takes with its margin, which the centred status line leaves free on both sides."""
    left, top, right, bottom = status_box(lay)
    counter = f"{frame[0]}/{frame[1]}"
    small = font(max(10, round(lay.text_unit * 0.27)))
    inset = round(lay.caption_row * 0.14)
    x = left + inset if rtl else right - inset
    width = draw_text(
        draw, (x, (top + bottom) / 2), counter, small, ink, align="left" if rtl else "right"
    )
    return width + 2 * inset


def frame_counter_width(lay: CaptionGeometry, frame: tuple[int, int]) -> float:
    """The width :func:`draw_frame_counter` takes with its margin, before it is drawn."""
    small = font(max(10, round(lay.text_unit * 0.27)))
    inset = round(lay.caption_row * 0.14)
    return text_width(f"{frame[0]}/{frame[1]}", small) + 2 * inset


def _row_rtl(
    img: Image.Image,
    draw: ImageDraw.ImageDraw,
    player: PlayerRow,
    span: tuple[float, float, float],
    fonts: tuple[Font, Font],
    chip: int,
    inset: int,
    theme: Theme,
    inks: tuple[RGB, RGB],
) -> None:
    """One player row laid out right to left: the chip (and trophy) at the right edge, the
    name right-aligned beside it, the notes from the left edge rightwards."""
    left, right, mid = span
    name_font, info_font = fonts
    fg, muted = inks
    chip_x = round(right - inset - chip)
    img.paste(player.chip, (chip_x, round(mid - chip / 2)), player.chip)
    name_x = float(chip_x - inset)
    if player.trophy:
        cup = trophy_sprite(chip, theme)
        img.paste(cup, (round(name_x - chip), round(mid - chip / 2)), cup)
        name_x -= chip + inset
    x = float(left + inset * 2)
    for note in player.notes:
        if isinstance(note, str):
            x += draw_text(draw, (x, mid), note, info_font, muted, rtl=True)
        else:
            img.paste(note, (round(x), round(mid - note.height / 2)), note)
            x += note.width + inset // 2
    name_room = name_x - x - inset * 2
    draw_text(
        draw,
        (name_x, mid),
        fit_text(player.name, bold_of(name_font), name_room, rtl=True),
        name_font,
        fg,
        align="right",
        bold=True,
        rtl=True,
    )


def draw_caption(
    img: Image.Image,
    lay: Layout,
    theme: Theme,
    position: Position,
    *,
    players: tuple[str, str],
    outcome: Outcome | None,
    status: str | None,
    move_number: int | None,
    captures: tuple[int, int] | None,
    winner: Side | None = None,
    over: bool = False,
    words: Words = ENGLISH,
    removed: tuple[str, str] | None = None,
    frame: tuple[int, int] | None = None,
    show_turn: bool = False,
) -> None:
    """Draw a Latrunculi caption strip into ``img`` at ``lay.caption_rect``.

    A finished game (``outcome``, or ``over`` for one the players or the clock ended) gets
    the result banner and a trophy in the row of its winner (``outcome.winner`` or
    ``winner``); no row is marked as to move. ``words`` are the caption's words (English by
    default). ``removed``: the kinds (White, Black) removed in the game, counted from its
    moves (else worked out against the rule set's start, see :func:`derive_taken`).
    """
    text = status_text(
        position,
        players=players,
        outcome=outcome,
        status=status,
        move_number=move_number,
        words=words,
    )
    title = words.title or variant_name(position.variant)
    show_hand = position.hand != (0, 0)
    if outcome is not None:
        over, winner = True, outcome.winner
    # a status of the caller's marks no row as to move, unless ``show_turn`` (who moves first)
    active = position.turn if not over and (status is None or show_turn) else None
    chip = chip_size(lay)
    icon = round(chip * 0.8)
    taken = derive_taken(position)
    if removed is not None:  # counted from the game's moves: right from a custom start too
        taken = ((removed[0], taken[0][1]), (removed[1], taken[1][1]))
    upside = turns_held_over(position.variant)
    marker = marker_kind(position.variant, position.width, position.height)
    rows = []
    for side in (lay.view.other, lay.view):
        enemy = side.other
        gone, held = taken[side.index]
        notes: list[str | Image.Image] = []
        if captures is not None:
            notes.append(words.captured.format(count=captures[side.index]))
        elif not gone and not held:
            notes.append(words.no_captures)
        if held:  # still on the board: a classic captive may yet be freed
            notes.append(words.held(held_word(position.variant), len(held)))
            notes.append(_icons(held, enemy, True, icon, theme, upside))
        if gone:
            notes.append(_icons(gone, enemy, False, icon, theme, upside))
        if show_hand:
            notes.append(words.in_hand.format(count=position.hand[side.index]) + "  ·  ")
            notes.append(piece_sprite("C", side, False, icon, theme))
        rows.append(
            PlayerRow(
                name=row_name(players[side.index], side, words),
                chip=piece_sprite(marker, side, False, chip, theme),
                highlighted=side is active,
                notes=tuple(notes),
                trophy=over and side is winner,
            )
        )
    draw_caption_strip(
        img,
        lay,
        theme,
        text,
        (rows[0], rows[1]),
        over=over,
        title=title,
        rtl=words.rtl,
        frame=frame,
    )


def _icons(
    kinds: str, side: Side, held: bool, size: int, theme: Theme, upside: bool
) -> Image.Image:
    """Small icons of Latrunculi pieces of ``side`` (LPN ``kinds``, not empty) taken by the
    other side: free ones as they stood, held ones as held pieces are drawn on the board."""

    def piece(kind: str, px: int) -> Image.Image:
        return piece_sprite(kind, side, held, px, theme, upside)

    strip = taken_strip(kinds, size, piece, KIND_ORDER)
    assert strip is not None
    return strip


@dataclass(frozen=True, slots=True)
class Caption:
    """The words under a chess or draughts board, as plain values any caller can give.

    ``players`` are the display names of (White, Black). ``status`` replaces the whole status
    line (a result such as "Alice wins — checkmate", or "Waiting for Bob"); without it the line
    says who is to move. ``title`` (the game's name) goes before the status line. ``winner``
    ("white" or "black") gives that player's row the accent colour after the game, as the side
    to move has it during the game. ``notes`` are short words at the right of (White's,
    Black's) rows, e.g. "+3"; ``taken`` are the pieces (White, Black) has taken, as the
    game's piece letters (chess ``"pnb"`` for black pieces White took; draughts ``"wwW"``),
    shown as small icons in the taker's row; ``move_number`` is shown as "Move N" with the
    default status line.
    """

    players: tuple[str, str] = ("White", "Black")
    status: str | None = None
    title: str | None = None
    winner: str | None = None
    notes: tuple[str, str] = ("", "")
    taken: tuple[str, str] = ("", "")
    move_number: int | None = None
    #: The words the picture draws around these (English by default), and their direction.
    words: Words = ENGLISH
    #: A replay's frame N of M, drawn as ``N/M`` at the end of the status line.
    frame: tuple[int, int] | None = None


def game_status(caption: Caption, to_move: Side | None, check: bool = False) -> str:
    """The status line of a chess or draughts caption (see :class:`Caption`)."""
    words = caption.words
    if caption.status is not None:
        text = caption.status
    elif caption.winner is not None:
        text = words.wins.format(player=who(Side(caption.winner), caption.players, words))
    elif to_move is not None:
        text = words.to_move.format(player=who(to_move, caption.players, words))
        if check:
            text = words.check.format(status=text)
        if caption.move_number is not None:
            text = words.move_number.format(number=caption.move_number, status=text)
    else:
        text = words.game_over
    return text


#: The outline of a light icon among the taken pieces (a white piece on the cream strip
#: has a contrast of 1.05 without it) and the chip a count of alike pieces is written on.
ICON_OUTLINE: RGB = (38, 30, 24)
COUNT_CHIP: RGB = (36, 30, 26)
COUNT_TEXT: RGB = (255, 255, 255)
#: The rim of the count's chip, so the dark chip stands out on a dark band or theme too.
COUNT_RIM: RGB = (228, 222, 210)
#: The mean relative luminance from which a taken piece's icon counts as light (white
#: pieces measure 0.37-0.52, black ones 0.05-0.16; a white queen, drawn with many dark
#: lines, 0.17).
LIGHT_ICON = 0.3


def _outlined(icon: Image.Image) -> Image.Image:
    """``icon`` with a dark outline around it when the piece is light (a white piece: its
    fill has a contrast of 1.05 on the cream strip, and its thin drawn edge gets lost at
    icon size); it then stands out from the light strip and the gold band. A dark piece is
    left alone."""
    rgba = icon if icon.mode == "RGBA" else icon.convert("RGBA")
    return _outline_of(rgba.size, rgba.tobytes())


@lru_cache(maxsize=256)
def _outline_of(size: tuple[int, int], data: bytes) -> Image.Image:
    """:func:`_outlined` of the RGBA icon of ``size`` whose pixels are ``data`` (cached: a
    caption draws the same few icons again and again, and an outline costs a millisecond)."""
    icon = Image.frombytes("RGBA", size, data)
    alpha = icon.getchannel("A")
    solid = alpha.point(lambda v: 255 if v > 128 else 0)
    if not solid.getbbox():
        return icon
    mean = ImageStat.Stat(icon.convert("RGB"), solid).mean
    if relative_luminance((round(mean[0]), round(mean[1]), round(mean[2]))) < LIGHT_ICON:
        return icon
    width = max(1, round(icon.width / 12))
    out = Image.new("RGBA", (icon.width + 2 * width, icon.height + 2 * width), (0, 0, 0, 0))
    grown = Image.new("L", out.size, 0)
    grown.paste(alpha, (width, width))
    grown = grown.filter(ImageFilter.MaxFilter(2 * width + 1))
    out.paste(Image.new("RGBA", out.size, (*ICON_OUTLINE, 255)), (0, 0), grown)
    out.alpha_composite(icon, (width, width))
    return out


@lru_cache(maxsize=128)
def count_chip(count: int, size: int) -> Image.Image:
    """ "×N" in white on a dark rounded chip with a light rim, ``size`` px high: how many alike
    pieces one icon stands for."""
    f = bold_of(font(max(9, round(size * 0.72))))
    label = f"\u00d7{count}"
    pad = max(2, round(size * 0.22))
    width = round(text_width(label, f)) + 2 * pad
    chip = Image.new("RGBA", (width, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(chip)
    rim = max(1, round(size / 14))
    draw.rounded_rectangle(
        (0, 0, width - 1, size - 1), radius=size // 2, fill=COUNT_CHIP, outline=COUNT_RIM, width=rim
    )
    draw.text((width / 2, size / 2), label, font=f, fill=COUNT_TEXT, anchor="mm")
    return chip


def taken_strip(
    letters: str, size: int, piece: Callable[[str, int], Image.Image], order: str
) -> Image.Image | None:
    """Small icons of the pieces in ``letters``, one per kind, with "×N" on a dark chip at
    its lower right when N alike pieces were taken (overlapping icons could not be counted).

    Sorted by their place in ``order`` (most valuable first); letters not in it come last.
    ``piece(letter, size)`` draws one; a light icon gets a dark outline. None when there is
    nothing to show.
    """
    if not letters:
        return None
    counts = Counter(letters)
    kinds = sorted(counts, key=lambda c: (order.find(c) % (len(order) + 1), c))
    gap = round(size * 0.18)
    chip_height = max(10, round(size * 0.7))
    parts: list[tuple[Image.Image, Image.Image | None]] = []
    for kind in kinds:
        icon = _outlined(piece(kind, size))
        parts.append((icon, count_chip(counts[kind], chip_height) if counts[kind] > 1 else None))
    overlap = round(size * 0.25)
    height = max(icon.height for icon, _ in parts)
    width = sum(
        icon.width + (chip.width - overlap if chip is not None else 0) for icon, chip in parts
    ) + gap * (len(parts) - 1)
    strip = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    x = 0
    for icon, chip in parts:
        strip.alpha_composite(icon, (x, (height - icon.height) // 2))
        x += icon.width
        if chip is not None:
            x -= overlap
            strip.alpha_composite(chip, (x, height - chip.height))
            x += chip.width
        x += gap
    return strip


def game_rows(
    lay: Layout,
    caption: Caption,
    to_move: Side | None,
    chip: Callable[[Side, int], Image.Image],
    piece: Callable[[str, int], Image.Image],
    order: str,
) -> tuple[PlayerRow, PlayerRow]:
    """The two player rows of a chess or draughts caption, the top-of-board side first.

    ``chip(side, size)`` draws the side's piece for the marker at the start of its row;
    ``piece(letter, size)`` a piece it has taken (see :func:`taken_strip` for ``order``).
    Once the game is over (``to_move`` is ``None``) no row is to move and the winner's row
    gets the trophy.
    """
    winner = Side(caption.winner) if caption.winner is not None else None
    size = chip_size(lay)
    icon = round(size * 0.8)
    rows = []
    for side in (lay.view.other, lay.view):
        notes: list[str | Image.Image] = []
        if caption.notes[side.index]:
            notes.append(caption.notes[side.index])
        strip = taken_strip(caption.taken[side.index], icon, piece, order)
        if strip is not None:
            notes.append(strip)
        rows.append(
            PlayerRow(
                name=row_name(caption.players[side.index], side, caption.words),
                chip=chip(side, size),
                highlighted=side is to_move,
                notes=tuple(notes),
                trophy=to_move is None and side is winner,
            )
        )
    return (rows[0], rows[1])
