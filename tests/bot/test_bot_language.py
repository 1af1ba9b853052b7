"""``/language`` and translated ``/help`` through simcord.

simcord 3.2.1 sends every interaction with ``locale: en-US`` and has no setting for another;
the ``client_locales`` fixture (tests/bot/conftest.py) makes it send a member's client language
as Discord does, so the client step of the resolution runs through the real dispatch here too,
besides the stored paths (a player's own choice, a server's default) and the direct test of
the resolution (tests/bot/test_bot_i18n.py::test_resolve_language)."""

from __future__ import annotations

import unicodedata
from typing import Any

import discord

from bot.catalogs import localised_commands
from bot.errors import UserError, message_for
from bot.exts.info import GAMES_TITLE, NO_GAMES
from bot.exts.language import NOT_ALLOWED
from bot.i18n import CLIENT_LANGUAGES, translate, translate_plural
from bot.presenters import playable_games

from .conftest import Arena
from .helpers import challenge_and_accept

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


async def test_a_greek_client_is_answered_in_greek_over_the_servers_bulgarian_until_it_chooses(
    arena: Arena, client_locales: dict[int, str]
) -> None:
    """The client step of the resolution through the real dispatch (``client_locales`` sends
    Bob's Discord language in his interactions): it beats the server's default, a player's own
    choice beats it, and ``auto`` returns to it."""
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    await dora.slash(arena.channel, "language", server="bg")
    client_locales[arena.bob.id] = "el"

    r = await arena.bob.slash(arena.channel, "language")
    assert r.ephemeral and r.response.content.splitlines() == [
        "Η γλώσσα σας: **Ελληνικά** (η γλώσσα του Discord σας).",
        "Προεπιλεγμένη γλώσσα διακομιστή: **Български**.",
        "Αλλάξτε τη με `/γλώσσα`.",  # the command as his client lists it
    ]
    r = await arena.bob.slash(arena.channel, "help")
    [embed] = r.response.embeds
    assert embed.title == "Το bot Latrunculi"
    assert "το ρωμαϊκό παιχνίδι των στρατιωτών" in embed.description
    # the commands, their options and the buttons as his client and his language name them
    assert (
        "• `/πρόκληση παραλλαγή [αντίπαλος] [χρώμα] [επιλογές]` — προκαλέστε" in embed.description
    )
    assert "αφήστε το `αντίπαλος` κενό" in embed.description
    assert "`/κίνηση 24/18 13/11` ή το κουμπί **Κίνηση**" in embed.description
    assert "`/challenge" not in embed.description and "**Move**" not in embed.description
    r = await arena.bob.slash(arena.channel, "notify")
    assert r.response.content.endswith("`/ειδοποιήσεις τρόπος`.")
    r = await arena.bob.slash(arena.channel, "rules", variant="chess")
    messages = [r.response, *r.followups]
    rules = "\n".join(e.description or "" for m in messages for e in m.embeds)
    assert "`/ισοπαλία`" in rules and "`/draw`" not in rules
    r = await arena.carol.slash(arena.channel, "help")  # an English client: the server's
    [embed] = r.response.embeds
    assert embed.title == BULGARIAN_TITLE
    assert "• `/challenge variant [opponent] [colour] [options]` — " in embed.description
    assert "**Ход**" in embed.description  # the Move button in Bulgarian

    # a refusal naming a command: the command as his client lists it
    game, _ = await challenge_and_accept(
        arena, "backgammon", challenger=arena.bob, opponent=arena.carol
    )
    r = await arena.bob.slash(arena.channel, "draw", game=f"#{game.id}")
    assert r.ephemeral and r.response.content.endswith("`/παραίτηση`.")
    r = await arena.carol.slash(arena.channel, "draw", game=f"#{game.id}")
    assert r.ephemeral and r.response.content.endswith("`/resign`.")  # Bulgarian, English client

    r = await arena.bob.slash(arena.channel, "language", language="en")  # his choice wins
    assert r.response.content == "Your language is now **English**."
    r = await arena.bob.slash(arena.channel, "help")
    [embed] = r.response.embeds
    assert embed.title == "Latrunculi bot"
    r = await arena.bob.slash(arena.channel, "language", language="auto")
    assert r.response.content == (
        "Ξανά αυτόματα: η γλώσσα του Discord σας, αλλιώς του διακομιστή. "
        "Εδώ αυτό σημαίνει **Ελληνικά**."
    )
    assert await arena.db.players.language(arena.bob.id) is None


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


def _synced(arena: Arena) -> list[dict[str, Any]]:
    """The commands as the bot last synced them (the bulk PUT discord.py sends)."""
    puts = [
        request.json
        for request in arena.env.http_requests
        if request.method == "PUT" and isinstance(request.json, list)
    ]
    return list(puts[-1])


def _is_name(text: str) -> bool:
    """Discord's rule for command and option names: ``^[-_\\p{L}\\p{N}]{1,32}$``, lowercase."""
    return (
        1 <= len(text) <= 32
        and all(c in "-_" or unicodedata.category(c)[0] in "LN" for c in text)
        and text == text.lower()
    )


def _options(command: dict[str, Any]) -> list[dict[str, Any]]:
    """A command's options, those of its subcommands (and groups) included."""
    found = []
    for option in command.get("options", []):
        found.append(option)
        if option.get("type") in (1, 2):  # subcommand, subcommand group
            found.extend(_options(option))
    return found


async def test_command_names_and_descriptions_are_synced_in_the_client_languages(
    arena: Arena,
) -> None:
    """The translator set in setup_hook localises every command of the bot -- its name,
    description, options and choices -- for the languages Discord's client offers."""
    synced = _synced(arena)
    assert {c["name"] for c in synced} == {c.name for c in localised_commands()}
    for command in synced:
        for field in ("name_localizations", "description_localizations"):
            assert set(command.get(field) or {}) == CLIENT_LANGUAGES, (command["name"], field)
        for name in command["name_localizations"].values():
            assert _is_name(name), (command["name"], name)
        for text in command["description_localizations"].values():
            assert 1 <= len(text) <= 100, (command["name"], text)
        for option in _options(command):
            where = (command["name"], option["name"])
            assert set(option.get("name_localizations") or {}) == CLIENT_LANGUAGES, where
            assert set(option.get("description_localizations") or {}) == CLIENT_LANGUAGES, where
            assert all(_is_name(n) for n in option["name_localizations"].values()), where
            for choice in option.get("choices", []):
                names = choice.get("name_localizations") or {}
                assert all(1 <= len(n) <= 100 for n in names.values()), (where, choice)
    by_name = {c["name"]: c for c in synced}
    assert by_name["help"]["name_localizations"] == {
        "bg": "помощ",
        "hr": "pomoć",
        "el": "βοήθεια",
        "ru": "помощь",
        "tr": "yardım",
    }
    assert by_name["move"]["name_localizations"]["hr"] == "potez"
    assert by_name["challenge"]["description_localizations"]["tr"] == (
        "Birine (ya da herkese) Latrunculi, satranç, dama, tavla ya da Kızma Birader için meydan "
        "okuyun"
    )
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


async def test_choices_whose_values_are_ids_keep_them_and_translate_only_their_names(
    arena: Arena,
) -> None:
    by_name = {c["name"]: c for c in _synced(arena)}
    challenge = {o["name"]: o for o in by_name["challenge"]["options"]}
    game_kinds = {c["value"]: c for c in challenge["variant"]["choices"]}
    assert set(game_kinds) == {g.id for g in playable_games()}
    assert game_kinds["backgammon"]["name_localizations"]["el"].startswith("Τάβλι")
    assert game_kinds["ludo"]["name_localizations"]["tr"].startswith("Kızma Birader")
    levels = {c["value"]: c for c in challenge["level"]["choices"]}
    assert set(levels) == {"easy", "medium", "hard"}
    assert levels["easy"]["name_localizations"]["bg"] == "Лесно — начинаещ може да спечели"


async def test_option_names_are_unique_within_each_command_in_every_locale(
    arena: Arena,
) -> None:
    """Discord refuses a command whose options share a name in any locale; and command names
    must be unique per locale too."""
    synced = _synced(arena)
    for locale in CLIENT_LANGUAGES:
        names = [c["name_localizations"][locale] for c in synced]
        assert len(names) == len(set(names)), locale
        for command in synced:
            siblings = [command.get("options", [])]
            siblings += [o.get("options", []) for o in _options(command) if o.get("type") in (1, 2)]
            for options in siblings:
                local = [o["name_localizations"][locale] for o in options]
                assert len(local) == len(set(local)), (locale, command["name"], local)


async def test_games_lists_a_players_games_in_their_language(arena: Arena) -> None:
    game, _ = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(arena.channel, "language", language="sl")
    r = await arena.alice.slash(arena.channel, "games")
    title = translate_plural(*GAMES_TITLE, 1, "sl")
    assert title == "Vaša igra v teku tukaj (1):"
    assert r.ephemeral and r.response.content.startswith(title + "\n")
    assert f"#{game.id}" in r.response.content
    await arena.carol.slash(arena.channel, "language", language="tr")
    r = await arena.carol.slash(arena.channel, "games")
    assert r.response.content == translate(NO_GAMES, "tr") != NO_GAMES


async def test_the_commands_speak_of_every_game_not_latrunculi_alone(arena: Arena) -> None:
    """The bot plays eight games: /challenge names them, /help is about "the games", a bot's
    /stats and the leaderboard's title say nothing of Latrunculi alone (issue 30.16)."""
    by_name = {c["name"]: c for c in _synced(arena)}
    challenge = by_name["challenge"]
    for text in (challenge["description"], *challenge["description_localizations"].values()):
        assert len(text) <= 100
    assert all(g in challenge["description"] for g in ("chess", "draughts", "backgammon", "ludo"))
    assert challenge["description_localizations"]["ru"].count(",") >= 3  # every game named
    assert "Latrunculi" not in by_name["help"]["description"]
    robot = arena.env.create_user("robot", bot=True)
    arena.guild.add_member(robot)
    r = await arena.alice.slash(arena.channel, "stats", user=robot)
    assert "Latrunculi" not in r.response.content
    assert "is a bot: its games are not rated" in r.response.content
