"""The caption strip under the board: the status line and one row per player.

The status line says whose turn it is (or the result) in words; the player rows show each
display name next to a chip in its piece colour, with captures so far and, in schadler's
placement phase, the counters still in hand. The row of the player at the bottom of the board
is the lower one, so a player reads their own row next to their own pieces. The side to move
(or the winner) gets an accent-coloured row.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from rules import Outcome, Position, Side

from .layout import Layout
from .sprites import piece_sprite, side_chip
from .text import draw_text, fit_text, font
from .theme import Theme

#: Outcome reason ids (rules' and the bot's) in the words players read after the dash.
REASON_WORDS: dict[str, str] = {
    "eagle_captured": "eagle captured",
    "no_soldiers": "no soldiers left",
    "no_legal_moves": "no legal moves",
    "fifty_move_rule": "fifty-move rule",
    "blocked": "both sides blocked",
    "one_counter_left": "one counter left",
    "queen_captured": "queen captured",
    "only_queen_left": "only the queen left",
    "resignation": "resignation",
    "agreement": "agreed",
    "timeout": "out of time",
    "aborted": "game aborted",
}


def reason_words(reason: str) -> str:
    """``eagle_captured`` → ``eagle captured``; unknown ids are still readable."""
    return REASON_WORDS.get(reason, reason.replace("_", " "))


def _who(side: Side, players: tuple[str, str]) -> str:
    name = players[side.index].strip()
    if not name or name == side.title:
        return side.title
    if len(name) > 18:
        name = name[:17].rstrip() + "..."
    return f"{name} ({side.title})"


def status_text(
    position: Position,
    *,
    players: tuple[str, str] = ("White", "Black"),
    outcome: Outcome | None = None,
    status: str | None = None,
    move_number: int | None = None,
) -> str:
    """The status line: ``status`` if given, else the result, else who is to move."""
    if status is not None:
        return status
    if outcome is not None:
        words = reason_words(outcome.reason)
        if outcome.winner is None:
            return f"Draw — {words}"
        return f"{_who(outcome.winner, players)} wins — {words}"
    verb = "to place" if position.hand[position.turn.index] > 0 else "to move"
    text = f"{_who(position.turn, players)} {verb}"
    if move_number is not None:
        text = f"Move {move_number} · {text}"
    return text


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
    captures: tuple[int, int],
) -> None:
    """Draw the caption strip into ``img`` at ``lay.caption_rect``."""
    draw = ImageDraw.Draw(img)
    _, cy0, _, _ = lay.caption_rect
    left, _, right, _ = lay.board_rect
    row = lay.caption_row
    gap = lay.pad // 2

    text = status_text(
        position, players=players, outcome=outcome, status=status, move_number=move_number
    )
    status_font = font(max(12, round(lay.text_unit * 0.36)))
    y = cy0 + gap + row / 2
    draw_text(
        draw,
        ((left + right) / 2, y),
        fit_text(text, status_font, right - left),
        status_font,
        theme.text,
        align="center",
        bold=True,
    )

    show_hand = position.hand != (0, 0)
    if outcome is not None:
        active: Side | None = outcome.winner
    elif status is None:
        active = position.turn
    else:
        active = None
    name_font = font(max(11, round(lay.text_unit * 0.32)))
    info_font = font(max(10, round(lay.text_unit * 0.27)))
    chip = max(8, round(row * 0.78))
    inset = round(row * 0.14)
    for i, side in enumerate((lay.view.other, lay.view)):
        top = cy0 + gap + row * (i + 1) + gap
        bottom = top + row - gap // 2
        mid = (top + bottom) / 2
        highlighted = side is active
        fg = theme.accent_text if highlighted else theme.text
        muted = theme.accent_text if highlighted else theme.muted_text
        if highlighted:
            draw.rounded_rectangle(
                (left, top, right - 1, bottom), radius=(bottom - top) // 2, fill=theme.accent
            )
        sprite = side_chip(side, chip, theme)
        img.paste(sprite, (left + inset, round(mid - chip / 2)), sprite)

        # right-hand figures first, so the name gets whatever room is left
        x = float(right - inset * 2)
        x -= draw_text(
            draw, (x, mid), f"captured {captures[side.index]}", info_font, muted, align="right"
        )
        if show_hand:
            hand_text = f"in hand {position.hand[side.index]}  ·  "
            x -= draw_text(draw, (x, mid), hand_text, info_font, muted, align="right")
            icon = round(chip * 0.8)
            counter = piece_sprite("C", side, False, icon, theme)
            x -= icon + inset // 2
            img.paste(counter, (round(x), round(mid - icon / 2)), counter)
        name_x = left + inset * 2 + chip
        room = x - name_x - inset * 2
        name = players[side.index].strip() or side.title
        draw_text(draw, (name_x, mid), fit_text(name, name_font, room), name_font, fg, bold=True)
