"""The live board's own words (its buttons, headings, seat names, confirmations) in a
reader's language, as the pages receive them from ``/api/words``.

The pages write their texts in English as ``t("…")`` / ``tn("…", "…", n)`` calls;
:mod:`bot.catalogs` extracts them into the ``web`` domain (``bot/locale/web.pot``), so the
catalogs stay the one place translations live. This module reads that template and answers
with each text's translation; a plural text is sent as one template per CLDR plural category
(the browser picks the category with ``Intl.PluralRules``), found by asking the catalog's own
``Plural-Forms`` rule which form each number takes.
"""

from __future__ import annotations

import functools
from typing import Any

from babel import Locale
from babel.messages.pofile import read_po

from .catalogs import WEB_DOMAIN
from .i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    LOCALE_DIR,
    babel_locale,
    catalog,
    lookup,
    plural_rule,
)

__all__ = ["game_titles", "game_words", "page_language", "page_words"]

_SAMPLES = range(0, 201)
"""Numbers that reach every integer plural category of our languages (Arabic's "other"
first at 100)."""


@functools.cache
def game_words(game_kind: str | None, language: str) -> dict[str, Any] | None:
    """A game's own words on its page: its name and why it may end (``checkmate``, ...), as
    the bot's presenter says them in ``language`` (None: no game, or one the bot lacks)."""
    if game_kind is None:
        return None
    from .presenters import presenter_for
    from .presenters.base import COMMON_REASONS
    from .texts import game_name

    try:
        presenter = presenter_for(game_kind)
    except KeyError:
        return None
    reasons = {*presenter.reasons, *COMMON_REASONS}
    return {
        "title": game_name(game_kind, language),
        "reasons": {r.value: presenter.reason_words(r, language) for r in reasons},
    }


def game_titles(language: str) -> dict[str, str]:
    """Every game's name in ``language``, by game kind: the list pages (a server's games, a
    player's own) name games of every kind, as the bot's catalogs say them."""
    from .presenters import playable_games
    from .texts import game_name

    return {rules.id: game_name(rules.id, language) for rules in playable_games()}


def page_language(player: str | None, server: str | None, accept_language: str) -> str:
    """The language a page speaks: the reader's ``/language``, else their server's, else
    the first of the browser's ``Accept-Language`` (by preference) that the bot speaks,
    else English."""
    for chosen in (player, server):
        if chosen in LANGUAGES:
            assert chosen is not None
            return chosen
    offered: list[tuple[float, int, str]] = []
    for position, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        offered.append((-quality, position, tag.split("-")[0].strip().lower()))
    for quality, _position, code in sorted(offered):
        if quality < 0 and code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


@functools.cache
def _template() -> tuple[tuple[str, str | None], ...]:
    """The web domain's texts: (text, None) or (singular, plural)."""
    with (LOCALE_DIR / f"{WEB_DOMAIN}.pot").open("rb") as f:
        pot = read_po(f)
    found: list[tuple[str, str | None]] = []
    for message in pot:
        if isinstance(message.id, tuple | list):
            found.append((str(message.id[0]), str(message.id[1])))
        elif message.id:
            found.append((str(message.id), None))
    return tuple(found)


def _plural_forms(language: str, singular: str, plural: str) -> dict[str, str]:
    english = {"one": singular, "other": plural}
    rule = plural_rule(language, singular)
    merged = catalog(language)
    message = merged.get(singular) if merged is not None else None
    forms = message.string if message is not None and not message.fuzzy else None
    if rule is None or not isinstance(forms, tuple | list) or not all(forms):
        return english
    cldr = Locale.parse(babel_locale(language))
    by_category: dict[str, str] = {}
    for number in _SAMPLES:
        index = rule.index(number)
        if index < len(forms):
            by_category.setdefault(cldr.plural_form(number), str(forms[index]))
    by_category.setdefault("other", str(forms[-1]))  # fractions' category (Russian's "other")
    return by_category


@functools.cache
def page_words(language: str) -> dict[str, Any]:
    """``{"language", "messages": {english: text}, "plurals": {singular: {category: text}}}``
    for ``language`` (untranslated texts are left out: the page shows its English)."""
    if language not in LANGUAGES:
        language = DEFAULT_LANGUAGE
    messages: dict[str, str] = {}
    plurals: dict[str, dict[str, str]] = {}
    for text, plural in _template():
        if plural is not None:
            plurals[text] = _plural_forms(language, text, plural)
        else:
            found = lookup(language, text) if language != DEFAULT_LANGUAGE else None
            if found:
                messages[text] = found
    return {"language": language, "messages": messages, "plurals": plurals}
