"""The catalogs: current with the code, complete in every language, placeholders and plural
forms right, and nothing longer than Discord allows."""

from __future__ import annotations

import gettext
import io
import re
import string
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot.catalogs import domain_of, template, templates
from bot.exts.info import HELP_TITLE, help_text
from bot.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LOCALE_DIR,
    PluralRule,
    babel_locale,
    catalog,
    catalog_files,
    format_number,
    lookup,
    plural_header,
    translate,
    translate_plural,
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
    assert domain_of("web/frontend/src/game.ts") == "web"
    assert domain_of("web/frontend-activity/src/app.ts") == "web"


async def test_the_web_pages_words_are_read_from_their_typescript() -> None:
    """The pages' t()/tn() calls are the web domain's texts (a button, a plural)."""
    web = (await templates())["web"]
    assert web.get("Resign") is not None and web.get("Games to watch") is not None
    plural = web.get("{name} ({seat}) wins {count} point: {reason}.")
    assert plural is not None and plural.id[1] == "{name} ({seat}) wins {count} points: {reason}."


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_pages_get_every_web_text_translated(language: str) -> None:
    """What /api/words sends: every text of the web domain translated, and every plural text
    a form for every plural category the browser can pick for a whole number."""
    from bot.web_words import page_words

    web = read_po((LOCALE_DIR / "web.pot").open("rb"))
    words = page_words(language)
    assert words["language"] == language
    singular = [m.id for m in web if m.id and not isinstance(m.id, tuple)]
    plural = [m.id for m in web if isinstance(m.id, tuple)]
    assert singular and plural
    for text in singular:
        assert words["messages"].get(text) not in (None, "", text), text
    categories = {Locale.parse(babel_locale(language)).plural_form(n) for n in range(1000)}
    for english in plural:
        forms = words["plurals"][english[0]]
        assert categories <= set(forms), (english, forms)
        assert not set(forms.values()) & set(english), forms


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


NUMBERS = range(1001)
"""The numbers plural rules are compared on: behaviour, never the expression's text (Babel
writes the same Russian rule as ``n%100<10 || n%100>=20`` in one release and
``n % 100 < 12 || n % 100 > 14`` in the next)."""


def _header_rule(path: Path) -> PluralRule:
    return PluralRule.parse(plural_header(path.read_text(encoding="utf-8")))


def _gnu_translations(path: Path) -> gettext.GNUTranslations:
    """``path`` compiled to a ``.mo`` and read by the standard library's ``gettext``, which
    chooses plural forms as GNU gettext does: by the ``Plural-Forms`` header in the file."""
    with path.open("rb") as f:
        cat = read_po(f)
    compiled = io.BytesIO()
    write_mo(compiled, cat)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_plural_text_takes_the_form_its_files_header_picks(language: str) -> None:
    """For n = 0…130 the bot's form of every plural text is the one GNU gettext picks from the
    ``.po`` file the text comes from, whatever Babel release is installed (Babel 2.19's CLDR
    data gave Turkish two forms and numbered Arabic's last two the other way round, and the
    bot had followed it: Turkish fell back to English, Arabic wrote "11 يومًا")."""
    winners: dict[str, Path] = {}  # a text in two domains' files: the later file's, as the bot
    for path in catalog_files(language):
        winners.update({m.id[0]: path for m in _read(path) if isinstance(m.id, tuple | list)})
    checked = 0
    for path in catalog_files(language):
        gnu = _gnu_translations(path)
        for message in _read(path):
            if not isinstance(message.id, tuple | list) or winners[message.id[0]] != path:
                continue
            singular, plural = message.id
            fields = {name: "X" for form in _forms(message) for name in _fields(form)}
            fields.pop("count", None)
            for n in range(131):
                chosen = translate_plural(singular, plural, n, language, **fields)
                wanted = gnu.ngettext(singular, plural, n)
                assert chosen == wanted.format(count=format_number(n, language), **fields), (
                    path,
                    singular,
                    n,
                )
                checked += 1
    assert checked >= 20 * 131, language  # every file's plural texts, not none


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_file_of_a_language_has_one_plural_rule_and_every_text_all_its_forms(
    language: str,
) -> None:
    rules = {path.name: _header_rule(path) for path in catalog_files(language)}
    behaviours = {name: [rule.index(n) for n in NUMBERS] for name, rule in rules.items()}
    assert len({tuple(b) for b in behaviours.values()}) == 1, (language, sorted(rules))
    for path in catalog_files(language):
        count = rules[path.name].count
        assert all(0 <= rules[path.name].index(n) < count for n in NUMBERS), path
        plurals = [m for m in _read(path) if isinstance(m.id, tuple | list)]
        assert all(len(_forms(m)) == count for m in plurals), path


@pytest.mark.parametrize("language", TRANSLATED)
def test_numbers_cldr_puts_together_take_the_same_form(language: str) -> None:
    """The header agrees with CLDR's plural categories (through the installed Babel) by
    behaviour: two numbers of one category never take different forms. How the forms are
    numbered, and a language that writes one form for all (Turkish: "1 gün", "5 gün"), are
    the translator's, so neither is compared."""
    cldr = Locale.parse(babel_locale(language)).plural_form
    for path in catalog_files(language):
        rule = _header_rule(path)
        forms_of_category: dict[str, set[int]] = {}
        for n in NUMBERS:
            forms_of_category.setdefault(cldr(n), set()).add(rule.index(n))
        assert all(len(forms) == 1 for forms in forms_of_category.values()), (
            path,
            forms_of_category,
        )


def test_arabic_has_six_plural_forms_slovenian_four_and_turkish_one() -> None:
    counts = {code: _header_rule(catalog_files(code)[0]).count for code in ("ar", "sl", "tr")}
    assert counts == {"ar": 6, "sl": 4, "tr": 1}


def test_a_plural_forms_header_is_read_from_the_files_text() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: xx\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10==2 ? 1 : "\n"2);\\n"\n\n'
        'msgid "a"\nmsgstr "b"\n'
    )
    rule = PluralRule.parse(plural_header(text))
    assert (rule.count, [rule.index(n) for n in (1, 2, 12, 5)]) == (3, [0, 1, 1, 2])
    english = PluralRule.parse(plural_header('msgid ""\nmsgstr ""\n"Language: xx\\n"\n'))
    assert (english.count, english.index(1), english.index(0)) == (2, 0, 1)


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
