"""Translation, plural forms, numbers and the choice of a player's language."""

from __future__ import annotations

import pytest

from bot.i18n import format_number, resolve_language, translate, translate_plural

ONE = "I speak {count} language; choose yours with {command}."
MANY = "I speak {count} languages; choose yours with {command}."


def _speak(count: int, language: str) -> str:
    return translate_plural(ONE, MANY, count, language, command="/x")


def test_arabic_takes_all_six_plural_forms() -> None:
    texts = [_speak(n, "ar") for n in (0, 1, 2, 3, 11, 100)]
    assert len(set(texts)) == 6
    assert texts[1] == "أتحدث لغة واحدة؛ اختر لغتك بالأمر /x."  # one: the number in words
    assert texts[3] == "أتحدث 3 لغات؛ اختر لغتك بالأمر /x."  # few: 3-10
    assert texts[4] == "أتحدث 11 لغةً؛ اختر لغتك بالأمر /x."  # many: 11-99
    assert texts[5] == "أتحدث 100 لغة؛ اختر لغتك بالأمر /x."  # other: 100-102 (gettext order)


def test_slovenian_takes_four_plural_forms_by_the_last_two_digits() -> None:
    words = [_speak(n, "sl").split(";")[0] for n in (1, 2, 3, 5, 101, 102, 104, 111)]
    assert words == [
        "Govorim 1 jezik",
        "Govorim 2 jezika",
        "Govorim 3 jezike",
        "Govorim 5 jezikov",
        "Govorim 101 jezik",
        "Govorim 102 jezika",
        "Govorim 104 jezike",
        "Govorim 111 jezikov",
    ]


def test_russian_and_english_plurals() -> None:
    assert [_speak(n, "ru").split(";")[0] for n in (1, 3, 5, 21)] == [
        "Я знаю 1 язык",
        "Я знаю 3 языка",
        "Я знаю 5 языков",
        "Я знаю 21 язык",
    ]
    assert _speak(1, "en") == "I speak 1 language; choose yours with /x."
    assert _speak(9, "en") == "I speak 9 languages; choose yours with /x."


def test_a_count_is_written_as_the_language_writes_numbers() -> None:
    assert _speak(12345, "en").startswith("I speak 12,345 languages")
    assert _speak(12345, "ru").startswith("Я знаю 12\xa0345 языков")
    assert format_number(1234.5, "bg") == "1\xa0234,5"
    assert format_number(1234.5, "tr") == "1.234,5"
    assert format_number(1234.5, "en") == "1,234.5"


def test_untranslated_text_and_unknown_languages_stay_english() -> None:
    assert translate("No such text {x}.", "bg", x=1) == "No such text 1."
    assert translate("Latrunculi bot", "xx") == "Latrunculi bot"
    assert translate("Latrunculi bot", "ru") == "Бот Latrunculi"
    assert translate("Your language is now {language}.", "tr", language="Türkçe") == (
        "Diliniz artık Türkçe."
    )


@pytest.mark.parametrize(
    ("player", "client", "server", "expected"),
    [
        ("ar", "bg", "tr", "ar"),  # the player's own choice first
        ("en", "bg", "tr", "en"),  # even English
        (None, "bg", "tr", "bg"),  # then a client language of ours
        (None, "el", None, "el"),
        (None, "en-US", "sl", "sl"),  # an English client is Discord's default: the server's
        (None, "de", "sr", "sr"),  # a client language we do not speak: the server's
        (None, "de", None, "en"),  # nothing: English
        (None, "en-GB", None, "en"),
        ("xx", "fr", "yy", "en"),  # unknown stored codes are passed over
        (None, "sl", None, "en"),  # Discord offers no Slovenian; never trust such a locale
    ],
)
def test_resolve_language(
    player: str | None, client: str, server: str | None, expected: str
) -> None:
    assert resolve_language(player, client, server) == expected


def test_commands_in_a_text_are_named_as_the_readers_client_lists_them() -> None:
    """Commands and option names in code spans take the client's names; moves, option values
    and positions stay as typed; an English or unknown client changes nothing."""
    from bot.translator import as_client_names

    text = (
        "Use `/move roll` or `/move take` / `drop`; `/challenge variant:backgammon "
        "[options:match=5]`, leave `opponent` empty, `rated:False`, `24/18`, `Nf3`, "
        "`rnbqkbnr/8 w KQkq - 0 1`, `/nosuchcommand x`."
    )
    assert as_client_names(text, "ru") == (
        "Use `/ход roll` or `/ход take` / `drop`; `/вызов вариант:backgammon "
        "[параметры:match=5]`, leave `соперник` empty, `рейтинговая:False`, `24/18`, `Nf3`, "
        "`rnbqkbnr/8 w KQkq - 0 1`, `/nosuchcommand x`."
    )
    assert as_client_names(text, "en-US") == text
    assert as_client_names(text, "sl") == text  # Discord's client has no Slovenian


def test_a_count_never_comes_before_a_noun_it_cannot_agree_with() -> None:
    """A record ("{wins} won", three counts in one text) and the pips drawn on a backgammon
    board have no plural forms, so languages whose nouns agree with numbers label the counts
    instead: Russian "1 побед", "2 поражений", "141 пипов" were wrong; "победы: 1" and
    "пипы: 141" are right whatever the count."""
    from bot.presenters.words import picture_words
    from bot.texts import record_words

    assert record_words(1, 2, 5, "ru") == "победы: 1, поражения: 2, ничьи: 5"
    assert picture_words("ru").pips.format(count=141) == "пипы: 141"  # was "141 пипов"
    for language in ("bg", "hr", "el", "ru", "sr", "sl", "ar"):
        for text in (record_words(1, 2, 5, language), picture_words(language).pips):
            assert not text[0].isdigit() and not text.startswith("{"), (language, text)
