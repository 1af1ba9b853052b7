"""The audit helper finds English phrases and leaves notation, code, names and links alone."""

from __future__ import annotations

from .english_leaks import english_in, english_phrases, latin_words


def test_two_latin_words_in_a_row_are_english() -> None:
    assert english_phrases("Ход белых. Your turn, alice.") == ["Your turn, alice"]


def test_notation_code_links_and_allowed_names_are_not() -> None:
    text = (
        "alice Smith сыграла a2-a5, Nf3 и O-O; `/move move:e2-e4 ` см. "
        "[партия](https://discord.com/channels/1/2/3) <@123> <:pip:456> FEN"
    )
    assert english_phrases(text, allowed=["alice Smith"]) == []


def test_messages_embeds_and_components_are_read() -> None:
    message = {
        "content": "Доска",
        "embeds": [{"title": "Партия", "footer": {"text": "Game over"}}],
        "components": [
            {"components": [{"label": "Сдаться"}, {"options": [{"label": "Move list"}]}]}
        ],
    }
    assert [phrase for phrase, _ in english_in([message])] == ["Game over", "Move list"]


def test_latin_words_finds_single_words_but_not_notation_code_or_names() -> None:
    text = "Параметр size игры classic: `rows=1`, a2-a5, Nf3, <@123> Alice, 8x8 или LAT"
    assert latin_words(text, allowed=["Alice", "LAT"]) == ["size", "classic"]
    assert latin_words("Позиция решена (no_soldiers).") == ["soldiers"]
