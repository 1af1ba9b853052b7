"""The lobby's texts in other languages through simcord: ``/settings``, ``/vacation``,
``/notify``, ``/stats`` and ``/leaderboard`` in the language of whoever reads them (a private
reply: the player's; a public one: the server's), and the "your move" DM digest in the
recipient's.

Every expected text is the catalog's (``translate(...)``) and is checked to differ from the
English, so a missing translation fails here and not only in the catalog test."""

from __future__ import annotations

from typing import Any

from bot.exts.notify import EXPLAINED as NOTIFY_EXPLAINED
from bot.exts.notify import WELCOME_DM
from bot.exts.preferences import CHANGE_IT
from bot.exts.preferences import EXPLAINED as TURN_EXPLAINED
from bot.i18n import translate, translate_plural

from .helpers import challenge_and_accept
from .test_bot_notify import digests, dms

MIN = 60


def translated(text: str, language: str, **values: object) -> str:
    """``text`` from the catalog of ``language``, checked to be a real translation."""
    result = translate(text, language, **values)
    assert result != text.format(**values) if values else result != text, (language, text)
    return result


async def choose_language(member: Any, channel: Any, language: str) -> None:
    r = await member.slash(channel, "language", language=language)
    assert r.ephemeral


async def test_settings_in_the_players_turkish(arena) -> None:
    await choose_language(arena.alice, arena.channel, "tr")
    r = await arena.alice.slash(arena.channel, "settings")
    assert r.ephemeral
    assert r.response.content == (
        f"{translated(TURN_EXPLAINED[False], 'tr')}\n{translated(CHANGE_IT, 'tr')}"
    )
    assert "Tek geçerli hamle: kapalı" in r.response.content
    r = await arena.alice.slash(arena.channel, "settings", only_turn="on")
    assert r.response.content == translated(TURN_EXPLAINED[True], "tr")
    r = await arena.bob.slash(arena.channel, "settings")  # Bob chose nothing: English
    assert r.response.content.startswith("✋ **Only legal turn: off**")


async def test_vacation_answers_and_refusal_in_the_players_turkish(arena) -> None:
    await choose_language(arena.bob, arena.channel, "tr")
    r = await arena.bob.slash(arena.channel, "vacation")
    left = translated(
        "{left} of {total} vacation days left this month (`/vacation days`).",
        "tr",
        left=14,
        total=14,
    )
    assert r.response.content == f"{translated('You are not on vacation.', 'tr')} {left}"
    assert r.response.content.startswith("Tatilde değilsiniz.")

    game, _ = await challenge_and_accept(arena, "rugen", challenger=arena.alice,
                                         opponent=arena.bob, colour="black")  # Bob to move
    r = await arena.bob.slash(arena.channel, "vacation", days=10)
    assert r.ephemeral
    until = int((await arena.db.players.get_player(arena.bob.id)).vacation_until)
    assert r.response.content.startswith(
        translated("🏖️ You are on vacation until <t:{until}:f> (<t:{until}:R>).", "tr",
                   until=until)
    )
    paused = translate_plural(
        "Paused now in {count} game waiting for your move.",
        "Paused now in {count} games waiting for your move.",
        1,
        "tr",
    )
    assert paused == "Hamlenizi bekleyen 1 oyunda şimdi duraklatıldı."
    assert paused in r.response.content

    r = await arena.bob.slash(arena.channel, "vacation", days=5)  # 10 + 5 > 14
    assert r.ephemeral and r.response.content.startswith("Tatil kaydedilmedi: 5 gün daha")
    assert "4 gün kaldı" in r.response.content
    player = await arena.db.players.get_player(arena.bob.id)
    assert player.vacation_days == 10  # the refusal changed nothing


async def test_vacation_notice_in_a_games_thread_is_in_the_servers_language(arena) -> None:
    await arena.db.guilds.set_language(arena.guild.id, "ru")
    await choose_language(arena.bob, arena.channel, "tr")  # his own language is not the thread's
    _, where = await challenge_and_accept(arena, "rugen", challenger=arena.alice,
                                          opponent=arena.bob, colour="black")
    await arena.bob.slash(arena.channel, "vacation", days=3)
    until = int((await arena.db.players.get_player(arena.bob.id)).vacation_until)
    notice = translated(
        "🏖️ <@{player}> is on vacation until <t:{until}:f> (<t:{until}:R>): their move "
        "clock is paused until then.",
        "ru",
        player=arena.bob.id,
        until=until,
    )
    assert notice in [m.content for m in where.history()]


async def test_notify_replies_and_the_welcome_dm_in_the_players_russian(arena) -> None:
    await choose_language(arena.alice, arena.channel, "ru")
    r = await arena.alice.slash(arena.channel, "notify")
    assert r.response.content == (
        f"{translated(NOTIFY_EXPLAINED['mention'], 'ru')}\n"
        f"{translated('Change it with `/notify mode`.', 'ru')}"
    )
    r = await arena.alice.slash(arena.channel, "notify", mode="dm")
    assert r.ephemeral and r.response.content == translated(NOTIFY_EXPLAINED["dm"], "ru")
    [welcome] = dms(arena.alice)
    assert welcome.content == translated(WELCOME_DM, "ru")
    assert welcome.content.startswith("📬 Здесь я буду сообщать")


async def test_the_dm_digest_is_in_the_recipients_language(arena) -> None:
    """Alice chose Arabic: her digest is Arabic; Bob chose nothing in a Russian server: his is
    Russian (the server of the game he is waited for in)."""
    await arena.db.guilds.set_language(arena.guild.id, "ru")
    await choose_language(arena.alice, arena.channel, "ar")
    for member in (arena.alice, arena.bob):
        await member.slash(arena.channel, "notify", mode="dm")
    await challenge_and_accept(arena, "rugen", challenger=arena.bob, opponent=arena.alice,
                               colour="black")  # Alice (White) to move
    await arena.env.advance_time(MIN)
    [digest] = digests(arena.alice) or [m for m in dms(arena.alice) if "♟️" in m.content]
    lines = digest.content.splitlines()
    assert lines[0] == translated("♟️ It is your move:", "ar") == "♟️ حان دورك:"
    assert lines[1].startswith("• **اللعبة #")
    assert " ضد Bob — " in lines[1]
    assert lines[-1] == translated(
        "At most one such message an hour; `/notify` changes how you are told.", "ar"
    )
    # Bob's turn comes after Alice moves; his digest is in the server's Russian
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    [where] = arena.channel.threads
    await arena.alice.slash(where, "move", move="a2-a3")
    await arena.env.advance_time(MIN)
    [bobs] = [m for m in dms(arena.bob) if m.content.startswith("♟️")]
    assert bobs.content.splitlines()[0] == translated("♟️ It is your move:", "ru")
    assert f"• **Партия #{game.id}** · " in bobs.content


async def _play_out(arena: Any, winner: Any, loser: Any) -> None:
    _, where = await challenge_and_accept(arena, "rugen", challenger=loser, opponent=winner)
    r = await loser.slash(where, "resign")
    assert not r.ephemeral, r.response.content


async def test_stats_private_in_the_players_greek_public_in_the_servers_bulgarian(arena) -> None:
    await choose_language(arena.alice, arena.channel, "el")
    r = await arena.alice.slash(arena.channel, "leaderboard", private=True)
    assert r.ephemeral and r.response.content == translated(
        "No games have been finished in this server yet. Start one with `/challenge`.", "el"
    )
    await _play_out(arena, arena.alice, arena.bob)

    r = await arena.alice.slash(arena.channel, "stats", private=True)
    assert r.ephemeral
    lines = r.response.content.splitlines()
    assert lines[0] == translated("**Record of <@{player}>**", "el", player=arena.alice.id)
    assert lines[1] == translate_plural(
        "In this server: {wins} won, {losses} lost, {draws} drawn in {count} game "
        "— rank {rank} on `/leaderboard`.",
        "In this server: {wins} won, {losses} lost, {draws} drawn in {count} games "
        "— rank {rank} on `/leaderboard`.",
        1,
        "el",
        wins=1,
        losses=0,
        draws=0,
        rank=1,
    )
    assert lines[1].startswith("Σε αυτόν τον διακομιστή: νίκες: 1, ήττες: 0")

    await arena.db.guilds.set_language(arena.guild.id, "bg")
    r = await arena.alice.slash(arena.channel, "stats")  # public: everyone reads it
    assert not r.ephemeral
    assert r.response.content.splitlines()[0] == translated(
        "**Record of <@{player}>**", "bg", player=arena.alice.id
    )
    r = await arena.carol.slash(arena.channel, "leaderboard")
    [embed] = r.response.embeds
    assert embed.title == translated("Latrunculi leaderboard", "bg")
    assert embed.description.splitlines()[0] == (
        f"🥇 <@{arena.alice.id}> — победи: 1, загуби: 0, равни: 0 (1 игра)"
    )
    robot = arena.guild.add_member(arena.env.create_user("robot", bot=True))
    r = await arena.alice.slash(arena.channel, "stats", user=robot)
    assert r.ephemeral and r.response.content == translated(
        "{player} is a bot; bots don't play Latrunculi.", "el", player=f"<@{robot.id}>"
    )
