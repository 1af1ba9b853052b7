"""The bot's languages: gettext catalogs read with Babel, plural forms, number formats, and
which language a player is answered in.

English is the source language: the texts stay in the code, wrapped in :func:`translate` /
:func:`translate_plural` (or marked with :func:`mark` where they are constants), and
``tools/extract_messages.py`` collects them into ``bot/locale/bot.pot``. Each language has
``bot/locale/<code>/LC_MESSAGES/bot.po``, read **directly at run time** with
``babel.messages.pofile`` (no ``.mo`` compile step to forget: the catalogs are small and read once
per process). A text missing from a catalog, or marked fuzzy, is shown in English.

Placeholders are ``str.format`` fields (``{name}``). A plural form is chosen exactly as GNU
gettext chooses it: by the ``Plural-Forms`` header of the ``.po`` file the text comes from (its
translator wrote the forms in that order), never by the installed Babel's CLDR rule, which can
number the same forms differently from one release to the next (Babel 2.19 gave Turkish two
forms where our catalogs have one, and numbered Arabic's last two the other way round). Babel's
rule is only where a new catalog's header comes from (``tools/extract_messages.py``).
"""

from __future__ import annotations

import ast
import datetime
import functools
import gettext
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from babel.dates import format_date
from babel.messages.catalog import Catalog, Message
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
    "plural_header",
    "plural_rule",
    "PluralRule",
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


#: Locale folders besides the bot's own (``<dir>/<code>/LC_MESSAGES/*.po``): those of games
#: registered from outside (:attr:`bot.presenters.GamePresenter.locale_dir`), read after it.
_EXTRA_DIRS: list[Path] = []


def add_catalog_dir(directory: Path) -> None:
    """Read the ``.po`` files of ``directory`` (laid out as ``bot/locale``) as well: a game
    registered from outside brings its words' translations this way, by convention, with no
    edit to the bot's catalogs. Its texts are looked up after the bot's own."""
    if directory not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(directory)
        _forget_catalogs()


def remove_catalog_dir(directory: Path) -> None:
    """Stop reading a folder :func:`add_catalog_dir` added (the game was unregistered)."""
    if directory in _EXTRA_DIRS:
        _EXTRA_DIRS.remove(directory)
        _forget_catalogs()


def _forget_catalogs() -> None:
    catalog.cache_clear()
    _parts.cache_clear()


def catalog_files(language: str) -> list[Path]:
    """The ``.po`` files of ``language``, one per domain (see :mod:`bot.catalogs`), in name
    order; then those of the folders :func:`add_catalog_dir` added, in the order added."""
    files = sorted((LOCALE_DIR / language / "LC_MESSAGES").glob("*.po"))
    for directory in _EXTRA_DIRS:
        files.extend(sorted((directory / language / "LC_MESSAGES").glob("*.po")))
    return files


@functools.cache
def catalog(language: str) -> Catalog | None:
    """Every text of ``language``, all its domains' ``.po`` files merged into one catalog,
    read once (None for English and unknown codes).

    The texts are split into domains by the part of the code they come from, so that
    independent changes to different parts never touch the same file; a text is looked up
    in all of them. A plural text's form is chosen by its own file's header
    (:func:`plural_rule`), not by this merged catalog's."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return None
    merged = Catalog(locale=babel_locale(language), domain=DOMAIN, fuzzy=False)
    for part in _parts(language):
        for message in part.catalog:
            if message.id:
                merged[message.id] = message
    return merged


@dataclass(frozen=True)
class PluralRule:
    """A ``Plural-Forms`` header: how many forms a text has and which one a number takes."""

    count: int
    expression: str
    index: Callable[[int], int]

    @classmethod
    def parse(cls, header: str | None) -> PluralRule:
        """The rule a ``Plural-Forms`` header value states (GNU gettext's default, English's
        ``nplurals=2; plural=(n != 1)``, when there is none), through the standard library's
        gettext, which implements GNU gettext's C expression language."""
        if header is None:
            header = "nplurals=2; plural=(n != 1);"
        found = _PLURAL_FORMS.search(header)
        if found is None:
            raise ValueError(f"not a Plural-Forms header: {header!r}")
        expression = found.group("plural").strip()
        return cls(int(found.group("count")), expression, gettext.c2py(expression))


_PLURAL_FORMS = re.compile(r"nplurals\s*=\s*(?P<count>\d+)\s*;\s*plural\s*=\s*(?P<plural>[^;]+)")


@dataclass(frozen=True)
class _Part:
    """One ``.po`` file of a language and the plural rule its header states."""

    path: Path
    catalog: Catalog
    plural: PluralRule


def plural_header(po_text: str) -> str | None:
    """The ``Plural-Forms`` value a ``.po`` file's header entry (the ``msgid ""`` at its top)
    states, read from the file's text as GNU gettext reads it (Babel's parsed catalog falls back
    to its own CLDR rule when a file has none, so it cannot tell)."""
    lines = iter(po_text.splitlines())
    for line in lines:
        if line.startswith("msgstr"):
            break
    else:
        return None
    header = []
    for line in lines:
        line = line.strip()
        if not line.startswith('"'):
            break
        header.append(ast.literal_eval(line))
    for entry in "".join(header).splitlines():
        name, _, value = entry.partition(":")
        if name.strip().lower() == "plural-forms":
            return value.strip()
    return None


@functools.cache
def _parts(language: str) -> tuple[_Part, ...]:
    parts = []
    for path in catalog_files(language):
        with path.open("rb") as f:
            part = read_po(f, locale=babel_locale(language), domain=path.stem)
        header = plural_header(path.read_text(encoding="utf-8"))
        parts.append(_Part(path, part, PluralRule.parse(header)))
    return tuple(parts)


def _plural_message(language: str, singular: str) -> tuple[Message, PluralRule] | None:
    """The plural text ``singular`` in ``language`` and the rule of the file it comes from
    (a later file wins, as in :func:`catalog`)."""
    if language == DEFAULT_LANGUAGE or language not in LANGUAGES:
        return None
    for part in reversed(_parts(language)):
        message = part.catalog.get(singular)
        if message is not None and isinstance(message.id, tuple | list):
            return message, part.plural
    return None


def plural_rule(language: str, singular: str) -> PluralRule | None:
    """The plural rule of the file that translates the plural text ``singular`` in
    ``language`` (None when no file does)."""
    found = _plural_message(language, singular)
    return found[1] if found is not None else None


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
    found = _plural_message(language, singular)
    if found is None:
        return english.format(**values)
    message, rule = found
    forms = message.string if not message.fuzzy else None
    if not isinstance(forms, tuple | list) or not all(forms):
        return english.format(**values)
    index = rule.index(count)
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
