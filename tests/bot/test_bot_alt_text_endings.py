"""Alt text at every end (issue 32): the final board's picture says who won and why -- or that
it is a draw, or that the game was called off -- in every game, for the endings players bring
about (resigning, agreeing a draw, aborting) through the real bot, for the endings the board
decides in a game played to its end, and for every reason each game has in every language."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES
from bot.presenters import BoardView, presenter_for
from bot.texts import game_name
from rules.games import GameOutcome, Reason

from .helpers import challenge_and_accept, last_board
from .ludo_helpers import start_table

TWO_SIDED = ["classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon"]


def _alt(message) -> str:
    [picture] = [a for a in message.attachments if a.filename.endswith(".png")]
    assert picture.description, "a board picture without alt text"
    assert len(picture.description) <= 1024
    return str(picture.description)


@pytest.mark.parametrize("game_id", TWO_SIDED)
async def test_a_resignation_is_said_in_the_final_pictures_alt_text(arena, game_id):
    game, where = await challenge_and_accept(arena, game_id)  # Alice White, Bob Black
    r = await arena.bob.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    said = _alt(last_board(where))
    assert said.startswith(game_name(game_id, "en") + "."), said
    assert "Alice (White) wins" in said and "resign" in said.lower(), said
    assert "to move" not in said and "to play" not in said, said


async def test_a_ludo_resignation_at_a_table_of_two_is_said_in_the_alt_text(arena):
    game, where = await start_table(arena, [arena.alice, arena.bob], seed=3)
    r = await arena.bob.slash(where, "resign")
    assert r.response.content
    said = _alt(last_board(where))
    assert said.startswith("Ludo.") and "wins" in said, said
    assert "to move" not in said and "to roll" not in said, said


@pytest.mark.parametrize("game_id", ["rugen", "chess", "draughts"])
async def test_an_agreed_draw_is_said_in_the_alt_text(arena, game_id):
    game, where = await challenge_and_accept(arena, game_id)
    await arena.alice.slash(where, "draw")
    r = await arena.bob.slash(where, "draw")
    assert not r.ephemeral, r.response.content
    said = _alt(last_board(where))
    assert "Draw by agreement" in said, said


async def test_a_mate_on_the_board_is_said_in_the_alt_text(arena):
    game, where = await challenge_and_accept(arena, "chess")
    for member, move in zip((arena.alice, arena.bob) * 2, ("f3", "e5", "g4", "Qh4#"), strict=True):
        await member.slash(where, "move", move=move)
    said = _alt(last_board(where))
    assert "Bob (Black) wins" in said and "checkmate" in said, said
    assert "played Qh4" in said, said


async def test_the_eagle_captured_is_said_in_the_alt_text(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    line = "a2-a4 e6-e5 f2-f3 e5-e4 h2-h3 e4-e3 a4-e4".split()
    for i, move in enumerate(line):
        await (arena.alice if i % 2 == 0 else arena.bob).slash(where, "move", move=move)
    said = _alt(last_board(where))
    assert "Alice (White) wins" in said and "eagle" in said, said


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("game_id", [*TWO_SIDED, "ludo"])
def test_every_reason_of_every_game_is_said_whole_in_every_language(game_id, language):
    """Each ending the game has, with a long name: the alt text names the winner's seat (or a
    draw) and says the reason as the game's words say it, never cut short."""
    presenter = presenter_for(game_id)
    seats = presenter.rules.seats
    long_name = "Maximilian-Alexander Konstantin"  # 31 characters, as Discord allows 32
    reasons = [*presenter.reasons, Reason.RESIGNATION, Reason.TIMEOUT]
    for reason in reasons:
        outcome = GameOutcome(seats[0], reason, points=1 if game_id == "backgammon" else None)
        board = BoardView(
            presenter.rules.start(),
            {s: long_name for s in seats},
            outcome=outcome,
            language=language,
        )
        said = presenter.alt_text(board)
        why = presenter.reason_words(reason, language)
        short = presenter.short_reason(reason, language)
        assert why in said or short in said, (reason, said)
        assert said.endswith("."), said
        assert len(said) <= 1024


async def test_an_aborted_game_is_said_in_the_alt_text(arena):
    game, where = await challenge_and_accept(arena, "draughts")
    r = await arena.alice.slash(where, "abort")
    assert not r.ephemeral, r.response.content
    said = _alt(last_board(where))
    assert said.startswith("English draughts.") and "Aborted: no result" in said, said
    assert "wins" not in said and "to move" not in said, said
