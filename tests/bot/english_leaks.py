"""Finding English left in what the bot shows a player who reads another language.

Used by the language audits (issue 17): play in a Russian (or Arabic) server with a player who
chose that language, collect every text the bot showed -- message content, embeds, button
labels, select menus, autocomplete choices -- and look for English in it. A Cyrillic or Arabic
text has no business holding two Latin words in a row; single Latin tokens are allowed
(notation such as ``a2-a5``/``Nf3``, ids, abbreviations such as FEN/PGN, player names), and
so is whatever sits in code spans (command names and moves are shown in backticks), links,
mentions and emoji.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
_LINK = re.compile(r"<?https?://\S+>?|\]\([^)]*\)")
_MENTION = re.compile(r"<(?:@[!&]?|#|/[^:>]*:|a?:\w+:)\d*>")
_WORD = r"[A-Za-z][A-Za-z'’]+"
_PHRASE = re.compile(rf"\b{_WORD}(?:[ \t,;:.!?–—-]+{_WORD}\b)+")


_LATIN_WORD = re.compile(r"(?<![A-Za-z])[A-Za-z][A-Za-z'’]{2,}(?![A-Za-z])")
"""Letters between non-letters: ``no_soldiers`` is two words, ``8x8`` and ``Nf3`` none."""


def latin_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Every Latin word of three letters or more in ``text`` once code spans, links, mentions
    and the ``allowed`` texts are taken out: stricter than :func:`english_phrases`, for an
    area where even one English word (a game's id, a label) is a leak."""
    text = _without(text, allowed)
    return _LATIN_WORD.findall(text)


def _without(text: str, allowed: Iterable[str]) -> str:
    for phrase in sorted(allowed, key=len, reverse=True):
        text = text.replace(phrase, " ")
    for pattern in (_CODE, _LINK, _MENTION):
        text = pattern.sub(" ", text)
    return text


def english_phrases(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Runs of two or more Latin words in ``text`` once code spans, links, mentions and the
    ``allowed`` texts (player names, a game's own Latin name...) are taken out."""
    return [m.group(0) for m in _PHRASE.finditer(_without(text, allowed))]


def _get(thing: Any, key: str) -> Any:
    if isinstance(thing, dict):
        return thing.get(key)
    return getattr(thing, key, None)


def _embed_texts(embed: Any) -> Iterable[str]:
    if not isinstance(embed, dict) and hasattr(embed, "to_dict"):
        embed = embed.to_dict()
    yield from (embed.get("title") or "", embed.get("description") or "")
    for part in ("footer", "author"):
        yield (embed.get(part) or {}).get("text") or (embed.get(part) or {}).get("name") or ""
    for field in embed.get("fields") or ():
        yield from (field.get("name") or "", field.get("value") or "")


def _component_texts(component: Any) -> Iterable[str]:
    yield from (_get(component, "label") or "", _get(component, "placeholder") or "")
    for option in _get(component, "options") or ():
        yield from (_get(option, "label") or "", _get(option, "description") or "")
    for child in _get(component, "components") or _get(component, "children") or ():
        yield from _component_texts(child)


def texts_of(message: Any) -> list[str]:
    """Every text a player reads on ``message`` (a discord.Message, a simcord response or a
    dict payload): content, embeds, buttons' labels, select menus' placeholders and options."""
    out = [_get(message, "content") or ""]
    for embed in _get(message, "embeds") or ():
        out.extend(_embed_texts(embed))
    for row in _get(message, "components") or ():
        out.extend(_component_texts(row))
    return [t for t in out if t]


def english_in(messages: Iterable[Any], allowed: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``(phrase, the text it was found in)`` for every English phrase in ``messages``."""
    allowed = tuple(allowed)
    found = []
    for message in messages:
        if message is None:
            continue
        for text in texts_of(message):
            found.extend((phrase, text) for phrase in english_phrases(text, allowed))
    return found
