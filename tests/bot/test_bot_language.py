"""``/language`` and translated ``/help`` through simcord.

simcord 3.2.1 sends every interaction with ``locale: en-US`` and has no way to set another, so
a member whose *client* is Bulgarian cannot be simulated: that step of the resolution is
tested directly (tests/bot/test_bot_i18n.py::test_resolve_language), and here through the
stored paths: a player's own choice and a server's default."""

from __future__ import annotations

import discord

from bot.errors import UserError, message_for
from bot.exts.language import NOT_ALLOWED
from bot.i18n import translate

from .conftest import Arena

ARABIC_TITLE = "بوت Latrunculi"
BULGARIAN_TITLE = "Ботът Latrunculi"


async def test_a_member_who_chose_arabic_gets_help_in_arabic(arena: Arena) -> None:
    r = await arena.alice.slash(arena.channel, "language", language="ar")
    assert r.ephemeral and r.response.content == "لغتك الآن **العربية**."
    assert await arena.db.players.language(arena.alice.id) == "ar"

    r = await arena.alice.slash(arena.channel, "help")
    [embed] = r.response.embeds
    assert embed.title == ARABIC_TITLE
    assert "تحدَّ أحدًا" in embed.description  # the /challenge line
    assert embed.description.endswith("أتحدث 9 لغات؛ اختر لغتك بالأمر `/language`.")
    r = await arena.bob.slash(arena.channel, "help")  # Bob chose nothing: English
    [embed] = r.response.embeds
    assert embed.title == "Latrunculi bot" and "challenge someone" in embed.description


async def test_a_servers_default_answers_members_who_chose_nothing(arena: Arena) -> None:
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    r = await dora.slash(arena.channel, "language", server="bg")
    assert r.response.content == "Езикът по подразбиране на сървъра вече е **Български**."
    assert await arena.db.guilds.language(arena.guild.id) == "bg"

    r = await arena.bob.slash(arena.channel, "help")
    [embed] = r.response.embeds
    assert embed.title == BULGARIAN_TITLE
    assert "предизвикайте някого" in embed.description
    r = await arena.bob.slash(arena.channel, "language")
    assert r.response.content.splitlines() == [
        "Вашият език: **Български** (по подразбиране за сървъра).",
        "Език по подразбиране на сървъра: **Български**.",
        "Сменете го с `/language`.",
    ]
    # Bob's own choice wins over the server's; "automatic" gives the server's back
    await arena.bob.slash(arena.channel, "language", language="en")
    r = await arena.bob.slash(arena.channel, "help")
    assert r.response.embeds[0].title == "Latrunculi bot"
    r = await arena.bob.slash(arena.channel, "language", language="auto")
    assert r.response.content == (
        "Отново автоматично: езикът на вашия Discord, иначе този на сървъра. "
        "Тук това е **Български**."
    )
    assert await arena.db.players.language(arena.bob.id) is None


async def test_only_manage_server_sets_the_servers_language_and_a_refusal_changes_nothing(
    arena: Arena,
) -> None:
    r = await arena.alice.slash(arena.channel, "language", language="tr", server="el")
    assert r.ephemeral and r.response.content == (
        "Only someone with the Manage Server permission can set this server's language."
    )
    assert await arena.db.guilds.language(arena.guild.id) is None
    assert await arena.db.players.language(arena.alice.id) is None  # her choice neither
    r = await arena.alice.slash(arena.channel, "language")
    assert r.response.content.splitlines() == [
        "Your language: **English** (the bot's default).",
        "This server has no default language (English).",
        "Change it with `/language`.",
    ]


async def test_a_refusal_is_told_in_the_language_the_player_chose(arena: Arena) -> None:
    await arena.alice.slash(arena.channel, "language", language="ru")
    r = await arena.alice.slash(arena.channel, "language", server="el")
    russian = "Только участник с правом «Управлять сервером» может задать язык сервера."
    assert translate(NOT_ALLOWED, "ru") == russian  # the catalog's, not the English
    assert r.ephemeral and r.response.content == russian
    assert await arena.db.guilds.language(arena.guild.id) is None


def test_a_refusal_template_is_filled_after_translation() -> None:
    error = UserError("Game #{game} is not yours.", game=7)  # deliberately not in a catalog
    assert str(error) == "Game #7 is not yours."
    assert message_for(error, "ru") == "Game #7 is not yours."  # no catalog entry: English
    assert message_for(UserError(NOT_ALLOWED), "ru") == translate(NOT_ALLOWED, "ru")


async def test_command_names_and_descriptions_are_synced_in_the_client_languages(
    arena: Arena,
) -> None:
    """The translator set in setup_hook localises /help and /language for the languages
    Discord's client offers, and leaves the other commands alone for now."""
    synced = [
        command
        for request in arena.env.http_requests
        if request.method == "PUT" and isinstance(request.json, list)
        for command in request.json
    ]
    by_name = {c["name"]: c for c in synced}
    assert by_name["help"]["name_localizations"] == {
        "bg": "помощ",
        "hr": "pomoć",
        "el": "βοήθεια",
        "ru": "помощь",
        "tr": "yardım",
    }
    language = by_name["language"]
    assert language["description_localizations"]["ru"] == (
        "Язык, на котором я с вами говорю (или язык сервера по умолчанию)"
    )
    server = next(o for o in language["options"] if o["name"] == "server")
    assert server["name_localizations"]["tr"] == "sunucu"
    [auto] = [c for c in language["options"][0]["choices"] if c["value"] == "auto"]
    assert auto["name_localizations"]["el"].startswith("Αυτόματα")
    native = [c for c in language["options"][0]["choices"] if c["value"] == "ar"]
    assert not native[0].get("name_localizations")  # a language's own name is never translated
    assert not by_name["move"].get("name_localizations")
