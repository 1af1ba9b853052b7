"""Command names, descriptions and choices in the players' languages, through discord.py's
``app_commands.Translator`` (set on the tree in ``setup_hook``; used when the commands sync).

Every text is looked up in the catalogs with its place as the gettext context
(``command_name``, ``command_description``, ``parameter_name``, ``parameter_description``,
``choice_name``), so the command name "language" and an option "language" may be translated
differently. A text with no translation is sent without one: Discord shows the English.
Only the locales Discord's client offers are asked for (:data:`bot.i18n.CLIENT_LANGUAGES`).
Texts that must never be translated (a language's own name) are ``locale_str(...,
translate=False)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextTypes, locale_str

from .i18n import CLIENT_LANGUAGES, lookup

__all__ = ["CatalogTranslator", "as_client_names", "command_mention", "command_texts"]


def _wanted(string: locale_str) -> bool:
    return bool(string.extras.get("translate", True))


class CatalogTranslator(app_commands.Translator):
    """Looks command texts up in the gettext catalogs."""

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        if locale.value not in CLIENT_LANGUAGES or not _wanted(string):
            return None
        return lookup(locale.value, string.message, context=context.location.name)


class _Recorder(app_commands.Translator):
    """Notes every text discord.py asks to have translated (and translates none)."""

    def __init__(self) -> None:
        self.texts: dict[tuple[str, str], None] = {}

    async def translate(
        self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes
    ) -> str | None:
        if _wanted(string):
            self.texts[(context.location.name, string.message)] = None
        return None


async def command_texts(
    commands: Iterable[app_commands.Command[Any, ..., Any]],
) -> list[tuple[str, str]]:
    """(context, English text) of everything the translator is asked for when ``commands``
    sync, in order: what their catalog entries must be (the extractor and the catalog test
    read it from discord.py's own payload building, so no text is missed)."""
    client = discord.Client(intents=discord.Intents.none())
    tree: app_commands.CommandTree[discord.Client] = app_commands.CommandTree(client)
    recorder = _Recorder()
    for command in commands:
        await command.get_translated_payload(tree, recorder)
    return list(recorder.texts)


def command_mention(name: str, client_locale: str) -> str:
    """```/name``` as the player's client lists the command (its localised name where the
    client's language has one): what to tell them to type, whatever language the reply is in."""
    local = None
    if client_locale in CLIENT_LANGUAGES:
        local = lookup(client_locale, name, context="command_name")
    return f"`/{local or name}`"


_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_OPTION = re.compile(r"(\[?)([a-z_]+)((?::[^\]]*)?)(\]?)")


def _option_name(token: str, client_locale: str) -> str:
    """``token`` (``name``, ``[name]``, ``name:value`` or ``[name:value]``) with the option's
    name as the client lists it; a word that is no option's name is left alone (``/move
    take``: "take" is a value)."""
    match = _OPTION.fullmatch(token)
    if match is None:
        return token
    opening, name, value, closing = match.groups()
    local = lookup(client_locale, name, context="parameter_name")
    if local is None:
        return token
    return f"{opening}{local}{value}{closing}"


def as_client_names(text: str, client_locale: str) -> str:
    """``text`` (already in the reader's language) with every command it names in a code span
    -- ``/challenge variant [opponent]``, ``/move roll``, a lone ``opponent`` -- as the reader's
    Discord client lists the commands and their options: a Greek client shows ``/πρόκληση
    παραλλαγή``, and typing what it is told must find the command.

    Only for texts one reader sees (replies to their interaction): Discord does not localise
    command mentions (``</name:id>`` shows the name written, discord-api-docs #5518), so texts
    everyone in a thread reads keep the commands' own names. Words that are neither a command
    nor an option's name (moves, values such as ``take`` or ``match=N``) are left alone; a
    client language without the bot's catalogs changes nothing."""
    if client_locale not in CLIENT_LANGUAGES:
        return text

    def rename(span: re.Match[str]) -> str:
        body = span.group(1)
        if body.startswith("/"):
            command, space, rest = body[1:].partition(" ")
            local = lookup(client_locale, command, context="command_name")
            if local is None:
                return span.group(0)
            body = f"/{local}{space}{rest}"
            tokens = body.split(" ")
            return (
                "`"
                + " ".join([tokens[0], *(_option_name(t, client_locale) for t in tokens[1:])])
                + "`"
            )
        # a lone option (`opponent`, `rated:False`) or options after a mention (` [level]`)
        return "`" + " ".join(_option_name(t, client_locale) for t in body.split(" ")) + "`"

    return _CODE_SPAN.sub(rename, text)
