"""The lobby's texts in other languages through simcord: ``/settings``, ``/vacation``,
``/notify``, ``/stats`` and ``/leaderboard`` in the language of whoever reads them (a private
reply: the player's; a public one: the server's), and the "your move" DM digest in the
recipient's.

Every expected text is the catalog's (``translate(...)``) and is checked to differ from the
English, so a missing translation fails here and not only in the catalog test."""

from __future__ import annotations

from typing import Any

import pytest

from bot import ui
from bot.exts.notify import EXPLAINED as NOTIFY_EXPLAINED
from bot.exts.notify import WELCOME_DM
from bot.exts.preferences import CHANGE_IT
from bot.exts.preferences import EXPLAINED as TURN_EXPLAINED
from bot.i18n import translate, translate_plural
from bot.texts import game_name

from .helpers import button_labels, challenge_and_accept, last_board
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
    await choose_language(arena.bob, arena.channel, "tr")  # his own language is not the thread's
    _, where = await challenge_and_accept(arena, "rugen", challenger=arena.alice,
                                          opponent=arena.bob, colour="black")
    await arena.db.guilds.set_language(arena.guild.id, "ru")
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
    await choose_language(arena.alice, arena.channel, "ar")
    for member in (arena.alice, arena.bob):
        await member.slash(arena.channel, "notify", mode="dm")
    await challenge_and_accept(arena, "rugen", challenger=arena.bob, opponent=arena.alice,
                               colour="black")  # Alice (White) to move
    await arena.db.guilds.set_language(arena.guild.id, "ru")  # after the English challenge
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
    assert embed.title == translated("Leaderboard: every game", "bg")
    assert embed.description.splitlines()[0] == (
        f"🥇 <@{arena.alice.id}> — победи: 1, загуби: 0, равни: 0 (1 игра)"
    )
    robot = arena.guild.add_member(arena.env.create_user("robot", bot=True))
    r = await arena.alice.slash(arena.channel, "stats", user=robot)
    assert r.ephemeral and r.response.content == translated(
        "{player} is a bot: its games are not rated and it keeps no record.",
        "el",
        player=f"<@{robot.id}>",
    )


# -- challenges and tables: public in the server's language, refusals in the player's ---------


async def test_a_challenge_in_a_russian_server_reads_and_is_answered_in_russian(arena) -> None:
    await arena.db.guilds.set_language(arena.guild.id, "ru")
    alice, bob = arena.alice, arena.bob
    r = await alice.slash(arena.channel, "challenge", variant="rugen", opponent=bob,
                          colour="white")
    assert not r.ephemeral
    lines = r.response.content.splitlines()
    colour = translated("<@{player}> plays White", "ru", player=alice.id)
    assert lines[0] == (
        translated(
            "⚔️ <@{challenger}> challenges <@{challenged}> to a game of {game} ({colour}).",
            "ru",
            challenger=alice.id,
            challenged=bob.id,
            game=game_name("rugen", "ru"),
            colour=colour,
        )
        + " "
        + translated("Rated.", "ru")
    )
    assert lines[0].startswith(f"⚔️ <@{alice.id}> вызывает <@{bob.id}> на партию")
    assert lines[-1].startswith(translated("Only <@{player}> can accept or decline.", "ru",
                                           player=bob.id))
    assert button_labels(r.response) == ["Принять", "Отклонить", "Отменить"]
    assert [translate(t, "ru") for t in ("Accept", "Decline", "Cancel")] == button_labels(
        r.response
    )

    # her own: refused; she chose no language, so the server's answers her too
    refused = await alice.click(r.response, label="Принять")
    assert refused.ephemeral and refused.response.content == translated(
        "You can't accept or decline your own challenge; use Cancel to withdraw it.", "ru"
    )
    await bob.click(r.response, label="Принять")
    [game] = await arena.db.games.active_games(user_id=alice.id)
    message = arena.channel.history()[0]
    assert message.content.splitlines()[1] == translated(
        "✅ Accepted by <@{player}>: **game #{game}** has started.", "ru", player=bob.id,
        game=game.id
    )
    [thread] = arena.channel.threads
    assert thread.name == f"Партия #{game.id}: Alice против Bob"  # "{white} vs {black}"
    board = last_board(thread)
    assert f"\n**Партия #{game.id} начинается.** " in board.content


async def test_challenge_refusals_in_the_players_turkish(arena) -> None:
    await arena.db.guilds.set_language(arena.guild.id, "ru")  # the server's is not hers
    await choose_language(arena.alice, arena.channel, "tr")
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen",
                                opponent=arena.alice)
    assert r.ephemeral and r.response.content == translated(
        "You can't challenge yourself. Leave `opponent` empty for an open challenge.", "tr"
    )
    assert r.response.content.startswith("Kendinize meydan okuyamazsınız.")
    r = await arena.alice.slash(arena.channel, "challenge", variant="chess", options="size=1x1")
    assert r.ephemeral and r.response.content == translated(
        "{game} has no options; leave `options` empty.", "tr", game=game_name("chess", "tr")
    )
    assert r.response.content.startswith("Satranç ")  # the game's name in Turkish too
    assert await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now()) == []

    # Bob's challenge to Carol: public in Russian; Alice's refused click in Turkish
    r = await arena.bob.slash(arena.channel, "challenge", variant="rugen", opponent=arena.carol)
    c = await arena.alice.click(r.response, label="Принять")
    assert c.ephemeral and c.response.content == translated(
        "This challenge is for <@{player}>; only they can answer it.", "tr", player=arena.carol.id
    )
    await arena.bob.click(r.response, label="Отменить")
    message = arena.channel.history()[0]
    assert not message.components  # the buttons are gone
    assert message.content.splitlines()[1] == translated("🚫 Cancelled by the challenger.", "ru")


@pytest.mark.bot_settings(challenge_ttl_hours=0.5)
async def test_an_expired_challenge_is_marked_in_the_servers_language(arena) -> None:
    await arena.db.guilds.set_language(arena.guild.id, "sl")
    r = await arena.alice.slash(arena.channel, "challenge", variant="rugen", opponent=arena.bob)
    expires = int((await arena.db.challenges.get_challenge(1)).expires_at)
    assert translated("This challenge expires <t:{expires}:R> (<t:{expires}:f>).", "sl",
                      expires=expires) in r.response.content
    await arena.env.advance_time(31 * 60)
    message = arena.channel.history()[0]
    assert not message.components
    assert message.content.splitlines()[1] == translated(
        "⌛ This challenge expired <t:{expires}:R> without an answer.", "sl", expires=expires
    )


async def test_a_ludo_table_in_a_russian_server(arena) -> None:
    await arena.db.guilds.set_language(arena.guild.id, "ru")
    await choose_language(arena.carol, arena.channel, "el")
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    r = await alice.slash(arena.channel, "challenge", variant="ludo", players=bob.mention)
    assert not r.ephemeral
    table = r.response
    lines = table.content.splitlines()
    assert lines[0].startswith(f"🎲 <@{alice.id}> открывает стол для партии в Лудо (2–4 игрока).")
    assert lines[1] == translated("Invited: {players}.", "ru", players=bob.mention)
    assert lines[2] == "**Места (1 из 4):**"
    assert lines[3].endswith(f"<@{alice.id}> (организатор)")
    assert "нажать **Присоединиться**" in lines[-2] and "нажимает **Начать**" in lines[-2]
    labels = [translated(ui.TABLE_LABELS[action], "ru") for action in
              ("join", "leave", "start", "bot-easy", "bot-medium", "bot-hard", "unbot")]
    assert labels[:3] == ["Присоединиться", "Выйти", "Начать"]
    assert button_labels(table) == labels
    add, remove = translated("Add bot", "ru"), labels[-1]
    assert f"кнопкой **{add}**" in lines[-1] and f"кнопкой **{remove}**" in lines[-1]

    r = await bob.click(table, label="Присоединиться")
    assert r.acknowledged and not r.ephemeral
    table = next(m for m in arena.channel.history() if m.id == table.id)
    assert "**Места (2 из 4):**" in table.content
    assert button_labels(table) == labels
    r = await alice.click(table, label=labels[5])  # hard: the computer sits third
    table = next(m for m in arena.channel.history() if m.id == table.id)
    assert f"<@{arena.bot.user.id}> (компьютер, сложный)" in table.content
    assert translated(
        "With the computer playing: recorded, not counted in records or the leaderboard.", "ru"
    ) in table.content.splitlines()[0]
    await alice.click(table, label=remove)
    table = next(m for m in arena.channel.history() if m.id == table.id)
    assert "**Места (2 из 4):**" in table.content
    r = await carol.click(table, label="Выйти")  # not seated: refused in her Greek
    assert r.ephemeral and r.response.content == translated(
        "You are not seated at this table.", "el"
    )
    r = await bob.click(table, label="Начать")  # only the host starts (Bob: the server's)
    assert r.ephemeral and r.response.content == translated(
        "Only the host, <@{host}>, can start the game.", "ru", host=alice.id
    )
    await alice.click(table, label="Начать")
    [game] = await arena.db.games.active_games(user_id=alice.id)
    table = next(m for m in arena.channel.history() if m.id == table.id)
    assert table.content.splitlines()[1] == translated(
        "✅ **Game #{game}** has started: {players}.", "ru", game=game.id,
        players=f"<@{alice.id}>, <@{bob.id}>"
    )
    assert not table.components
