"""The catalogs: current with the code, complete in every language, placeholders and plural
forms right, and nothing longer than Discord allows."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.catalogs import domain_of, template, templates
from bot.exts.info import HELP_TITLE, help_text
from bot.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LOCALE_DIR,
    babel_locale,
    catalog,
    catalog_files,
    lookup,
    translate,
)
from bot.limits import MAX_CONTENT

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
NAME = re.compile(r"^[-_\w]{1,32}$")  # Discord: letters, digits, - and _; lowercase
LIMITS = {"command_description": 100, "parameter_description": 100, "choice_name": 100}
EMBED_DESCRIPTION, EMBED_TITLE = 4096, 256
BOT_MENTION = "<@1456074443980800000>"  # a snowflake's mention at its longest


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _pots() -> dict[str, Catalog]:
    return {path.stem: _read(path) for path in sorted(LOCALE_DIR.glob("*.pot"))}


def _pot() -> Catalog:
    """Every domain's template in one."""
    merged = Catalog()
    for pot in _pots().values():
        for message in pot:
            if message.id:
                merged[message.id] = message
    return merged


def _keys(cat: Catalog) -> set[tuple[object, str | None]]:
    return {(m.id, m.context) for m in cat if m.id}


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _forms(message: Message) -> list[str]:
    value = message.string
    return [value] if isinstance(value, str) else list(value)


async def test_the_templates_hold_exactly_the_texts_of_the_code() -> None:
    """A text added to the code without running tools/extract_messages.py fails here, and so
    does a text left in the domain of a file it moved away from."""
    code = await templates()
    assert sorted(code) == sorted(_pots())
    for domain, pot in _pots().items():
        assert _keys(code[domain]) == _keys(pot), domain
    assert _keys(await template()) == _keys(_pot())


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_has_one_catalog_per_domain(language: str) -> None:
    assert [p.stem for p in catalog_files(language)] == sorted(_pots())


def test_texts_are_in_the_domain_of_the_file_they_come_from() -> None:
    assert domain_of("bot/exts/play.py") == "play"
    assert domain_of("bot/presenters/ludo.py") == "boards"
    assert domain_of("rendering/caption.py") == "boards"
    assert domain_of("bot/exts/challenges.py") == "lobby"
    assert domain_of("bot/exts/info.py") == "bot"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_translates_every_text_with_the_same_placeholders(language: str) -> None:
    cat = catalog(language)
    assert cat is not None
    for source in _pot():
        if not source.id:
            continue
        message = cat.get(source.id, source.context)
        assert message is not None, (language, source.id)
        assert not message.fuzzy, (language, source.id)
        forms = _forms(message)
        assert forms and all(forms), (language, source.id)
        if isinstance(source.id, tuple):  # a plural form may spell the number out (Arabic 1, 2)
            wanted = _fields(source.id[1])
            assert all(_fields(f) <= wanted for f in forms), (language, source.id)
            assert any(_fields(f) == wanted for f in forms), (language, source.id)
        else:
            assert [_fields(f) for f in forms] == [_fields(source.id)], (language, source.id)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_babels_rule_for_the_language(language: str) -> None:
    rule = get_plural(babel_locale(language))
    for path in catalog_files(language):  # each file's Plural-Forms header
        with path.open("rb") as f:
            part = read_po(f)
        assert (part.num_plurals, part.plural_expr) == (rule.num_plurals, rule.plural_expr), path
    cat = catalog(language)
    assert cat is not None
    plurals = [m for m in cat if isinstance(m.id, tuple)]
    assert plurals
    assert all(len(_forms(m)) == rule.num_plurals for m in plurals), language


def test_arabic_has_six_plural_forms_and_slovenian_four() -> None:
    assert [get_plural(babel_locale(code)).num_plurals for code in ("ar", "sl", "tr")] == [6, 4, 1]


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_text_is_longer_than_discord_allows(language: str) -> None:
    cat = catalog(language)
    assert cat is not None
    for message in cat:
        if not message.id:
            continue
        for text in _forms(message):
            if message.context in ("command_name", "parameter_name"):
                assert NAME.match(text) and text == text.lower(), (language, text)
            elif message.context in LIMITS:
                assert 1 <= len(text) <= LIMITS[message.context], (language, text)
            else:  # a reply: room left for its placeholders' values
                assert len(text) <= MAX_CONTENT - 200, (language, text)
    for client in (language, "en-US"):
        assert len(help_text(language, client, BOT_MENTION)) <= EMBED_DESCRIPTION
    assert len(translate(HELP_TITLE, language)) <= EMBED_TITLE


GAME_BY_NUMBER = re.compile(r"(\w+)\W{0,3}#\{(?:game|new|rematch)\}")
"""The word in front of a game's number (``game #{game}``)."""


@pytest.mark.parametrize("language", ["bg", "hr", "el", "ru", "sr", "sl"])
def test_a_game_referred_to_by_its_number_is_one_word_in_each_language(language: str) -> None:
    """Players read "game #12" in many texts; one language must not call it "партия" in one
    and "игра" in the next (Turkish puts the number first, Arabic prefixes the article, so
    they are not checked this way)."""
    cat = catalog(language)
    assert cat is not None
    stems: dict[str, str] = {}
    for message in cat:
        for text in _forms(message) if message.id else []:
            for word in GAME_BY_NUMBER.findall(text):
                stems.setdefault(word.lower()[:4], text)
    assert len(stems) == 1, (language, stems)


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translation_names_a_button_by_its_english_label(language: str) -> None:
    """A text telling the player to press a button names it as the button is labelled in
    their language (a ``{button}`` filled with the label's translation), never "Move" or
    "Roll" left English inside the sentence. Labels are the catalogs' one-word capitalised
    texts that the language translates otherwise (Croatian "Start" may stay "Start"); code
    spans and placeholders are not words of the sentence."""
    cat = catalog(language)
    assert cat is not None
    labels = {
        m.id
        for m in _pot()
        if isinstance(m.id, str)
        and re.fullmatch(r"[A-Z][a-z]+", m.id)
        and lookup(language, m.id) not in (None, m.id)
    }
    assert {"Move", "Roll", "Join", "Take", "Drop"} <= labels
    left = []
    for message in cat:
        for text in _forms(message) if message.id else []:
            words = re.sub(r"`[^`]*`|\{[^}]*\}", " ", text)
            left += [(label, text) for label in labels if re.search(rf"\b{label}\b", words)]
    assert left == [], left
