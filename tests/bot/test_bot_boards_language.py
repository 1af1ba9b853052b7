"""A game's boards, their captions, buttons and announcements in the server's language
(``/language server:``), a private board in the viewer's own, and reminders and timeouts in
the language of the place they are read (issue 17, the ``boards`` domain)."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import translate, translate_plural

from .helpers import button_labels, challenge_and_accept, last_board

MIN = 60


async def set_server_language(arena, code: str) -> None:
    """Set the server's default as its members do: ``/language server:`` by someone with
    Manage Server."""
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    r = await dora.slash(arena.channel, "language", server=code)
    assert not r.response.content.startswith("Only"), r.response.content
    assert await arena.db.guilds.language(arena.guild.id) == code


def greek(english: str, /, **values: object) -> str:
    """The catalog's Greek (checked to be a translation, not the English)."""
    found = translate(english, "el", **values)
    assert found != english.format(**values), english
    return found


async def test_a_greek_servers_game_thread_speaks_greek_from_start_to_end(arena) -> None:
    await set_server_language(arena, "el")
    alice, bob = arena.alice, arena.bob
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    start = last_board(where)
    white, black = greek("White"), greek("Black")
    assert greek("**Game #{game}**", game=game.id) in start.content
    assert f"**{greek('Chess')}**" in start.content  # Σκάκι
    deadline = f"<t:{int(game.turn_since + arena.bot.settings.move_timeout_seconds)}:R>"
    your_move = greek(
        "{player}, your move ({seat}) — by {deadline}.",
        player=f"<@{alice.id}>",
        seat=white,
        deadline=deadline,
    )
    assert f"{your_move} {greek('Use `/move` or the Move button.')}" in start.content
    assert button_labels(start) == [greek("Move")]

    r = await alice.slash(where, "move", move="f3")
    played = greek("{who} ({seat}) played `{move}`", who=f"<@{alice.id}>", seat=white, move="f3")
    assert f"{played}." in r.response.content
    assert greek("move {number}, {side} to play", number=1, side=black) in r.response.content
    for member, move in [(bob, "e5"), (alice, "g4")]:
        await member.slash(where, "move", move=move)
    r = await bob.slash(where, "move", move="Qh4#")
    final = r.response.content
    mate = greek("{who} ({seat}) played `{move}`", who=f"<@{bob.id}>", seat=black, move="Qh4#")
    assert greek("{text} — checkmate", text=mate) + "." in final
    result = greek("**{who} ({seat}) wins**: {why}.", who="Bob", seat=black, why=greek("checkmate"))
    assert greek("**Game #{game} is over.** {result}", game=game.id, result=result) in final
    assert greek("Records: {records}.", records="").removesuffix(".") in final
    assert "Records:" not in final and "wins**" not in final
    assert button_labels(r.response) == [greek("Rematch"), greek("Analysis")]
    ratings = greek("Ratings ({game}): {changes}.", game=greek("Chess"), changes="@")
    assert ratings.split("@")[0] in final  # the game's name in the rating line too
    replay = [m for m in where.history() if m.attachments and "replay" in m.attachments[0].filename]
    assert replay and replay[-1].content == greek(
        "🎞️ Game #{game} from the first move to the last (`/history` has it too).", game=game.id
    )


async def test_a_private_board_is_in_the_viewers_language_a_public_one_in_the_servers(
    arena,
) -> None:
    await set_server_language(arena, "el")
    game, where = await challenge_and_accept(arena, "backgammon")
    await arena.bob.slash(arena.channel, "language", language="ru")

    mine = await arena.bob.slash(where, "board", private=True)
    assert mine.ephemeral
    content = mine.response.content
    assert translate("**Game #{game}**", "ru", game=game.id) in content
    assert f"**{translate('Backgammon', 'ru')}**" in content  # Нарды
    assert "Cube" not in content and translate("White", "ru") in content

    public = await arena.bob.slash(where, "board")
    assert not public.ephemeral
    assert f"**{greek('Backgammon')}**" in public.response.content  # Τάβλι
    assert translate("**Game #{game}**", "ru", game=game.id) not in public.response.content
    board = last_board(where)
    assert set(button_labels(board)) <= {greek("Roll"), greek("Double"), greek("Move")}


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_the_reminder_and_the_timeout_speak_the_servers_language(arena) -> None:
    await set_server_language(arena, "bg")
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    deadline = int(game.turn_since + 15 * MIN)
    await arena.env.advance_time(12 * MIN)
    reminder = [m for m in where.history() if m.content.startswith("⏰")][-1]
    expected = translate(
        "⏰ {player}, your move in game #{game} — you have {duration} left ({deadline}). "
        "The board: {link}",
        "bg",
        player=f"<@{arena.alice.id}>",
        game=game.id,
        duration=translate_plural("{count} minute", "{count} minutes", 3, "bg"),
        deadline=f"<t:{deadline}:R>",
        link="",
    )
    assert reminder.content.startswith(expected) and "остават ви 3 минути" in reminder.content

    await arena.env.advance_time(4 * MIN)
    final = last_board(where)
    minutes = translate_plural("{count} minute", "{count} minutes", 15, "bg")
    assert minutes == "15 минути"
    assert (
        translate(
            "⏰ Time is up: {player} did not move within {duration}.",
            "bg",
            player=f"<@{arena.alice.id}>",
            duration=minutes,
        )
        in final.content
    )
    assert "Времето изтече" in final.content
    result = translate(
        "**{who} ({seat}) wins**: {loser} ran out of time.",
        "bg",
        who="Bob",
        seat=translate("Black", "bg"),
        loser="Alice",
    )
    assert result in final.content
    assert button_labels(final) == [translate("Rematch", "bg")]


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_reminder_by_dm_is_in_the_players_own_language(arena) -> None:
    await set_server_language(arena, "bg")
    await arena.alice.slash(arena.channel, "language", language="tr")
    await arena.db.players.set_notify(arena.alice.id, "Alice", "dm")
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    await arena.env.advance_time(12 * MIN)
    [dm] = [m for m in arena.alice.user.dm_channel.history() if m.content.startswith("⏰")]
    assert dm.content.startswith(
        translate(
            "⏰ {player}, your move in game #{game} — you have {duration} left ({deadline}).",
            "tr",
            player=f"<@{arena.alice.id}>",
            game=game.id,
            duration=translate_plural("{count} minute", "{count} minutes", 3, "tr"),
            deadline="",
        ).split("(")[0]
    )
    assert "sıra sizde" in dm.content
    # the thread's own messages stay in the server's language
    assert translate("Move", "bg") in button_labels(last_board(where))
