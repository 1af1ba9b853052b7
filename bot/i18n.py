"""The bot's languages: gettext catalogs read with Babel, plural forms, number formats, and
which language a player is answered in.

English is the source language: the texts stay in the code, wrapped in :func:`translate` /
:func:`translate_plural` (or marked with :func:`mark` where they are constants), and
``tools/extract_messages.py`` collects them into ``bot/locale/bot.pot``. Each language has
``bot/locale/<code>/LC_MESSAGES/bot.po``, read **directly at run time** with
``babel.messages.pofile`` (no ``.mo`` compile step to forget: the catalogs are small and read once
per process). A text missing from a catalog, or marked fuzzy, is shown in English.

Placeholders are ``str.format`` fields (``{name}``); plural forms follow the catalog's
``Plural-Forms`` header, which the catalog test holds equal to Babel's rule for the language
(Arabic six forms, Slovenian four, Turkish one).
"""

from __future__ import annotations

import datetime
import functools
import gettext
import logging
from collections.abc import Callable
from pathlib import Path

from babel.dates import format_date
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

__all__ = [
    "CLIENT_LANGUAGES",
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LOCALE_DIR",
    "babel_locale",
    "catalog",
    "catalog_files",
    "format_day",
    "format_number",
    "lookup",
    "mark",
    "resolve_language",
    "translate",
    "translate_plural",
]

log = logging.getLogger(__name__)

DEFAULT_LANGUAGE = "en"

LANGUAGES: dict[str, str] = {
    "en": "English",
    "bg": "Български",
    "hr": "Hrvatski",
    "el": "Ελληνικά",
    "ru": "Русский",
    "tr": "Türkçe",
    "sr": "Srpski (latinica)",
    "sl": "Slovenščina",
    "ar": "العربية",
}
"""The bot's language codes and each language's own name for itself (shown in choices)."""

CLIENT_LANGUAGES: frozenset[str] = frozenset({"bg", "hr", "el", "ru", "tr"})
"""The languages Discord's client offers among ours (``interaction.locale`` values): the only
ones command names and descriptions can be localised in. Serbian, Slovenian and Arabic are
reached through ``/language`` only."""

_BABEL_LOCALES = {"sr": "sr_Latn"}

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "bot"


def mark(text: str) -> str:
    """Mark a constant English text for the extractor; translate it later with
    :func:`translate` (the constant is needed in English first, e.g. at import time)."""
    return text


def babel_locale(language: str) -> str:
    """The Babel locale identifier of a bot language code (Serbian is written in Latin)."""
    return _BABEL_LOCALES.get(language, language)


def catalog_files(language: str) -> list[Path]:
    """The ``.po`` files of ``language``, one per domain (see :mod:`bot.catalogs`), in name
    order."""
    return sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"))


@functools.cache
def catalog(language: str) -> Catalog | None:
    """Every text of ``language``, all its domains' ``.po`` files merged into one catalog,
    read once (None for English and unknown codes).

    The texts are split into domains by the part of the code they come from, so that
    independent changes to different parts never touch the same file; a text is looked up
    in all of them. The merged catalog's plural rule is Babel's for the language, which the
    catalog test holds every file's ``Plural-Forms`` header to."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return None
    merged = Catalog(locale=babel_locale(language), domain=DOMAIN, fuzzy=False)
    for path in catalog_files(language):
        with path.open("rb") as f:
            part = read_po(f, locale=babel_locale(language), domain=path.stem)
        for message in part:
            if message.id:
                merged[message.id] = message
    return merged


@functools.cache
def _plural_index(language: str) -> Callable[[int], int]:
    found = catalog(language)
    expr = found.plural_expr if found is not None else "(n != 1)"
    return gettext.c2py(expr)


def lookup(language: str, text: str, *, context: str | None = None) -> str | None:
    """The translation of ``text`` (None when there is none: the caller keeps English)."""
    found = catalog(language)
    if found is None:
        return None
    message = found.get(text, context)
    if message is None or message.fuzzy or not isinstance(message.string, str):
        return None
    return message.string or None


def translate(text: str, language: str, /, **placeholders: object) -> str:
    """``text`` in ``language`` (English when untranslated), its ``{placeholders}`` filled."""
    result = lookup(language, text) or text
    return result.format(**placeholders) if placeholders else result


def translate_plural(
    singular: str, plural: str, count: int, language: str, /, **placeholders: object
) -> str:
    """The form of ``singular``/``plural`` that ``count`` takes in ``language``; ``{count}``
    is filled with the number as the language writes it."""
    values = {"count": format_number(count, language), **placeholders}
    english = singular if count == 1 else plural
    found = catalog(language)
    message = found.get((singular, plural)) if found is not None else None
    forms = message.string if message is not None and not message.fuzzy else None
    if not isinstance(forms, tuple | list) or not all(forms):
        return english.format(**values)
    assert found is not None
    index = _plural_index(language)(count)
    if index >= len(forms):
        log.warning("catalog %s: %r lacks plural form %d", language, singular, index)
        return english.format(**values)
    return str(forms[index]).format(**values)


def format_day(day: datetime.date, language: str) -> str:
    """``day`` as the language writes a date in prose ("23 ноября 2026 г.", "23. studenoga
    2026."), from CLDR through Babel."""
    return format_date(day, format="long", locale=babel_locale(language))


def format_number(value: float, language: str) -> str:
    """``value`` with the language's digits grouping and decimal sign (1 234,5 / 1,234.5)."""
    return format_decimal(value, locale=babel_locale(language))


def resolve_language(
    player_setting: str | None, interaction_locale: str | None, server_default: str | None
) -> str:
    """The language a player is answered in: the one they chose with ``/language``, else
    their Discord client's when it is one of ours (not English: an English client is
    Discord's default, so it says little, and the server's choice wins over it), else the
    server's default, else English. Unknown codes at any step are passed over."""
    if player_setting in LANGUAGES:
        assert player_setting is not None
        return player_setting
    if interaction_locale in CLIENT_LANGUAGES:
        assert interaction_locale is not None
        return interaction_locale
    if server_default in LANGUAGES:
        assert server_default is not None
        return server_default
    return DEFAULT_LANGUAGE
