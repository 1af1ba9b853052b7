"""The "game is over" refusal for an action that lost a race names the reason in the game's own
words (its presenter's), for every game, not only Latrunculi's and the bot's own reasons."""

from __future__ import annotations

import pytest

from bot.errors import message_for
from storage import GameOver


@pytest.mark.parametrize(
    ("game_kind", "reason", "words"),
    [
        ("chess", "checkmate", "checkmate"),
        ("chess", "insufficient_material", "insufficient material: neither side can mate"),
        ("draughts", "forty_moves", "forty moves each passed without a capture or a man's move"),
        ("draughts", "no_legal_moves", "the side to move could not move"),
        ("classic", "no_legal_moves", "the side to move had no legal move"),
        ("rugen", "eagle_captured", "the eagle was enclosed"),
        ("chess", "resignation", "resignation"),
        ("draughts", "timeout", "time ran out"),
    ],
)
def test_a_lost_race_names_the_reason_in_the_games_words(
    game_kind: str, reason: str, words: str
) -> None:
    text = message_for(GameOver(7, 3, 4, reason, game_kind))
    assert text == (
        f"Game #7 is over ({words}): it ended before your action arrived, so nothing was changed."
    )


def test_without_the_game_the_reason_is_left_out() -> None:
    text = message_for(GameOver(7, 3, 4, "checkmate"))
    assert text is not None and text.startswith("Game #7 is over: it ended before")
