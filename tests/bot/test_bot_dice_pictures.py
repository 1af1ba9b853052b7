"""The dice games' pictures from the presenters, decoded: backgammon's status line in every
language the bot speaks (the action — the verb, the dice, the cube, the result — leads, the
match's header stays out of it: the players' rows hold the match score; with short names the
line is drawn whole, the drawn words' width against the full text's), and a winner whose name
is emoji alone named by the seat in a finished game's picture."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.i18n import LANGUAGES, translate
from bot.presenters import BoardView, presenter_for
from bot.presenters.words import picture_words
from rendering.backgammon_layout import backgammon_layout
from rendering.caption import _status_font, named, status_box, status_fits, status_room
from rendering.text import bold_of, text_width
from rules.games import GameOutcome, Reason, find_game

LAY = backgammon_layout()
PLAYERS = {"white": "Alice", "black": "Bob"}
#: Black owns the 2-cube in a 5-point match, White 2, Black 4 (the Crawford game is next).
MID = "backgammon:XGID=bBCBCAA------b-----dc-b-b-:1:-1:{turn}:{dice}:2:4:{crawford}:5:10"


def _decoded(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def _ink_width(img: Image.Image, over: bool) -> int:
    """How wide the status line's words are drawn: the span of the columns in the status box
    whose pixels differ from the line's ground (the page, or the result banner)."""
    left, top, right, bottom = status_box(LAY)
    inset = LAY.caption_row // 2 if over else 0  # the banner's rounded ends
    ground = img.getpixel((left + inset, (top + bottom) // 2))
    columns = [
        x
        for x in range(left + inset, right - inset)
        if any(
            max(abs(a - b) for a, b in zip(img.getpixel((x, y)), ground, strict=True)) > 60  # type: ignore[arg-type]
            for y in range(top + 2, bottom - 2)
        )
    ]
    assert columns, "no words in the status line"
    return columns[-1] - columns[0] + 1


def _drawn_whole(img: Image.Image, status: str, language: str, over: bool) -> None:
    """``status`` fits its line and the picture draws it whole: as wide as the full text in
    the face the caption picks for it (a cut line ends in "..." a room's width short)."""
    rtl = picture_words(language).rtl
    assert status_fits(status, LAY, over=over, rtl=rtl), (language, status)
    face = _status_font(status, LAY, status_room(LAY, over=over), rtl)
    full = text_width(status, bold_of(face), rtl=rtl)
    assert abs(_ink_width(img, over) - full) <= 8, (language, status, _ink_width(img, over), full)


def _picture(position: str, language: str, outcome: GameOutcome | None = None) -> Image.Image:
    board = BoardView(position, PLAYERS, outcome=outcome, language=language)
    return _decoded(presenter_for("backgammon").picture(board))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_status_leads_with_the_action_and_is_drawn_whole(language: str) -> None:
    words = picture_words(language)
    alice, bob = named("Alice", "white", words), named("Bob", "black", words)
    # Black doubles to 4: the offer and the question, no "5-point match" before them
    session = find_game("backgammon").session(MID.format(turn=-1, dice="00", crawford=0))
    session.play("double")
    offer = words.take_or_drop.format(status=words.doubles_to.format(player=bob, cube=4))
    _drawn_whole(_picture(session.position_text(), language), offer, language, False)
    # the Crawford game, White to play 5-2: the dice in the line, the Crawford mark in a row
    dice = MID.format(turn=1, dice="52", crawford=1)
    play = words.to_play_dice.format(player=alice, dice="5-2")
    _drawn_whole(_picture(dice, language), play, language, False)
    # White to roll
    roll = MID.format(turn=1, dice="00", crawford=0)
    _drawn_whole(_picture(roll, language), words.to_roll.format(player=alice), language, False)
    # a game won (a gammon, 2 points: 4-4 in the match) and the match won (Black's gammon)
    gammon = GameOutcome("white", Reason.GAMMON, points=2)
    status = presenter_for("backgammon").caption_status(
        BoardView(roll, PLAYERS, outcome=gammon, language=language)
    )
    assert status is not None and "Alice" in status
    _drawn_whole(_picture(roll, language, gammon), status, language, True)
    match = translate(
        "Match to {length} won by {who}", language, length=5, who=named("Bob", "black", words)
    )
    black = GameOutcome("black", Reason.GAMMON, points=2)
    _drawn_whole(_picture(roll, language, black), match, language, True)


@pytest.mark.parametrize(
    ("game", "position", "winner"),
    [
        ("ludo", "ludo:R:F,F,F,F/B:F,42,3,B/Y:timeout1/G:43,39,17,17 R", "red"),
        ("backgammon", MID.format(turn=1, dice="00", crawford=0), "white"),
    ],
)
def test_a_winner_named_in_emoji_alone_is_named_by_the_seat(
    game: str, position: str, winner: str
) -> None:
    """The fonts draw no emoji: "🎲🎉 (Red) wins" would be drawn " (Red) wins"; the picture
    says "Red wins", as for a player without a name, in the status and in the row."""
    session = find_game(game).session(position)
    outcome = session.outcome or GameOutcome(winner, Reason.GAMMON, points=2)
    seats = find_game(game).seats if game == "backgammon" else ("red", "blue", "yellow", "green")
    names = {seat: f"P{i}" for i, seat in enumerate(seats)}
    presenter = presenter_for(game)

    def drawn(name: str) -> bytes:
        board = BoardView(position, {**names, winner: name}, outcome=outcome)
        return _decoded(presenter.picture(board)).tobytes()

    title = presenter.seat_title(winner)
    assert drawn("🎲🎉") == drawn(title) != drawn("Zoe")
