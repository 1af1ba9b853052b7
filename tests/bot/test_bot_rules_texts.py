"""``/rules`` in every language: each game's sheet in the reader's language (the sheet's own
words where the sheet has that language), then the house decisions; within Discord's limits;
and ``/help`` naming every game and every command."""

from __future__ import annotations

import discord
import pytest

from bot.catalogs import localised_commands
from bot.exts.info import START_FOOTER, help_text
from bot.i18n import LANGUAGES, translate
from bot.limits import is_balanced
from bot.presenters import playable_games
from bot.services.rules_texts import (
    MAX_EMBEDS,
    MAX_MESSAGE_EMBEDS,
    RULES_DIR,
    rules_messages,
    rules_text,
)

from .conftest import Arena

GAMES = [game.id for game in playable_games()]

HOUSE_HEADING = {
    "en": "**House decisions of this bot**",
    "bg": "**Решения на този бот**",
    "hr": "**Odluke ovog bota**",
    "el": "**Αποφάσεις αυτού του bot**",
    "ru": "**Решения этого бота**",
    "tr": "**Bu botun kararları**",
    "sr": "**Odluke ovog bota**",
    "sl": "**Odločitve tega bota**",
    "ar": "**قرارات هذا البوت**",
}
"""How each language heads the house decisions, after the sheet's text."""

CROATIAN_CHESS = "Konj je jedina figura koja može skakati preko drugih figura."
"""A sentence of the Croatian chess sheet (seeds/lattjo-game-set-multilingual.txt)."""
BULGARIAN_MUSEUM = "Орелът може да пленява, но не може да бъде пленен по описания начин"
"""A line of the museum sheet (seeds/latrunculi-museum-sheet.txt), the ``classic`` rules."""


def test_every_game_has_its_rules_in_every_language() -> None:
    assert sorted(GAMES) == sorted(p.name for p in RULES_DIR.iterdir() if p.is_dir())
    for game in GAMES:
        assert sorted(p.stem for p in (RULES_DIR / game).glob("*.md")) == sorted(LANGUAGES)
        for language in LANGUAGES:
            text = rules_text(game, language)
            assert text.title and len(text.body) > 1000, (game, language)
            # the sheet first, then the house decisions
            sheet, _, house = text.body.partition(HOUSE_HEADING[language])
            assert len(sheet) > 500 and house.count("\n- ") >= 3, (game, language)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
@pytest.mark.parametrize("game", GAMES)
def test_every_game_and_language_fits_discords_limits(game: str, language: str) -> None:
    footer = translate(START_FOOTER, language, format="XGID", position="x" * 70)
    messages = rules_messages(game, language, colour=discord.Colour.dark_gold(), footer=footer)
    shown = ""
    for embeds in messages:
        assert 1 <= len(embeds) <= MAX_EMBEDS
        assert sum(len(embed) for embed in embeds) <= MAX_MESSAGE_EMBEDS
        for embed in embeds:
            assert embed.description and len(embed.description) <= 4096
            assert is_balanced(embed.description), (game, language)
            shown += embed.description + "\n"
    assert len(messages[0][0].title or "") <= 256
    # nothing lost in the cutting
    words = rules_text(game, language).body.split()
    assert shown.split() == words


def test_the_sheets_own_text_is_used_where_the_sheet_has_the_language() -> None:
    assert CROATIAN_CHESS in rules_text("chess", "hr").body
    assert BULGARIAN_MUSEUM in rules_text("classic", "bg").body
    assert "Τάβλι" == rules_text("backgammon", "el").title
    assert "Kızma Birader" == rules_text("ludo", "tr").title


def test_a_language_the_bot_does_not_speak_gets_english() -> None:
    assert rules_text("chess", "xx") == rules_text("chess", "en")


async def test_a_player_who_chose_croatian_reads_the_croatian_chess_sheet(arena: Arena) -> None:
    await arena.alice.slash(arena.channel, "language", language="hr")
    r = await arena.alice.slash(arena.channel, "rules", variant="chess")
    assert r.ephemeral
    embeds = [e for message in [r.response, *r.followups] for e in message.embeds]
    assert embeds[0].title == "Šah"
    text = "\n".join(e.description or "" for e in embeds)
    assert CROATIAN_CHESS in text
    assert "**Odluke ovog bota**" in text
    assert r.response.embeds[-1].footer.text.startswith("Početni položaj (FEN): chess:")
    assert translate(START_FOOTER, "hr") != START_FOOTER
    # Bob chose nothing: English, translated from the sheet
    r = await arena.bob.slash(arena.channel, "rules", variant="chess")
    assert r.response.embeds[0].title == "Chess"


async def test_a_bulgarian_server_reads_latrunculi_from_the_museum_sheet(arena: Arena) -> None:
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    await dora.slash(arena.channel, "language", server="bg")
    r = await arena.bob.slash(arena.channel, "rules", variant="classic")
    [embed] = r.response.embeds
    assert embed.title == "Латрункули (класически)"
    assert BULGARIAN_MUSEUM in (embed.description or "")
    assert "Пленените войници не могат да се движат" in (embed.description or "")
    [att] = r.response.attachments
    assert att.filename == "start.png"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_help_names_every_command_and_every_game(language: str) -> None:
    mention = "<@1456074443980800000>"
    text = help_text(language, "en-US", mention)
    for command in localised_commands():
        assert f"/{command.name}" in text, (language, command.name)
    assert f"`/challenge variant opponent:`{mention}` [level]`" in text
    for words in ("Latrunculi", "classic", "Rügen", "Schädler", "LAT", "match=N", "2–4"):
        assert words in text, (language, words)


async def test_help_names_the_bot_as_the_opponent_to_play_against(arena: Arena) -> None:
    r = await arena.alice.slash(arena.channel, "help")
    [embed] = r.response.embeds
    me = arena.bot.user
    assert me is not None
    assert f"`/challenge variant opponent:`{me.mention}` [level]` — play against me" in (
        embed.description or ""
    )
    for game in ("**chess**", "**English draughts**", "**backgammon**", "**ludo**"):
        assert game in (embed.description or "")
