"""Ratings through Discord: rated and casual challenges, the rating changes under a result,
/leaderboard game with provisional players apart and paging, /stats with its rating chart,
a backgammon match rated once at its end."""

from __future__ import annotations

from pathlib import Path

from storage.rating_maths import Glicko, lichess_update, placed_update

from .conftest import open_png
from .helpers import button_labels, challenge_and_accept, last_board
from .ludo_helpers import start_table
from .test_bot_mentions import Sent

CHART_DIR = Path("/tmp/ratings_charts")


def _arrow(before: float, after: float) -> str:
    delta = round(after) - round(before)
    return f"{round(before)}? → {round(after)}? ({delta:+d})"


async def _resigned(arena, game_kind, winner, loser, **kwargs):
    """``loser`` challenges ``winner`` and resigns; the game's final board message."""
    game, where = await challenge_and_accept(
        arena, game_kind, challenger=loser, opponent=winner, **kwargs
    )
    r = await loser.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    return game, where, last_board(where)


async def test_a_rated_game_shows_each_players_rating_change(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="chess", opponent=arena.bob)
    assert "(colours drawn at random). Rated." in r.response.content
    await arena.alice.click(r.response, label="Cancel")
    game, where, final = await _resigned(arena, "chess", arena.alice, arena.bob)
    assert game.rated
    won = lichess_update(Glicko(), Glicko(), 1, idle_days=0, opponent_idle_days=0)
    lost = lichess_update(Glicko(), Glicko(), 0, idle_days=0, opponent_idle_days=0)
    # Bob challenged with colour white, so Bob is White and listed first
    assert (
        f"Ratings (Chess): <@{arena.bob.id}> {_arrow(1500, lost.rating)}; "
        f"<@{arena.alice.id}> {_arrow(1500, won.rating)}."
    ) in final.content
    alice = await arena.db.ratings.rating(arena.guild.id, "chess", arena.alice.id)
    assert alice is not None and round(alice.rating) == round(won.rating)
    # a second rated game builds on the first: Alice is no longer at 1500
    _, _, final = await _resigned(arena, "chess", arena.alice, arena.carol)
    again = lichess_update(won, Glicko(), 1, idle_days=0, opponent_idle_days=0)
    assert f"<@{arena.alice.id}> {_arrow(won.rating, again.rating)}" in final.content


async def test_a_casual_game_changes_no_rating_and_its_rematch_stays_casual(arena):
    r = await arena.bob.slash(
        arena.channel, "challenge", variant="rugen", opponent=arena.alice, rated=False
    )
    assert "Casual: no rating changes." in r.response.content.split("\n")[0]
    await arena.bob.click(r.response, label="Cancel")
    game, where, final = await _resigned(arena, "rugen", arena.alice, arena.bob, rated=False)
    assert not game.rated
    assert "Casual game: no rating changes." in final.content
    assert "Ratings (" not in final.content
    assert await arena.db.ratings.player_ratings(arena.guild.id, arena.alice.id) == []
    # the win still counts in the record
    assert "Records: " in final.content and "1 won" in final.content
    r = await arena.bob.click(final, label="Rematch")
    assert "offers" in r.response.content and "a rematch of game" in r.response.content
    [rematch] = await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now())
    assert rematch.rematch_of == game.id and not rematch.rated


async def test_leaderboard_of_a_game_ranks_settled_players_and_lists_provisional_apart(arena):
    r = await arena.alice.slash(arena.channel, "leaderboard", game="chess")
    assert "No rated Chess results in this server yet." in r.response.content
    await _resigned(arena, "chess", arena.alice, arena.bob)  # two provisional players
    # 60 settled players (RD 60, rated just now) to fill more than one page
    now_ms = round(arena.bot.now() * 1000)
    guild = arena.guild.id
    for i in range(60):
        await arena.db.execute(
            "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, 0, 0)", (9000 + i,)
        )
        await arena.db.execute(
            "INSERT INTO ratings VALUES (?, 'chess', ?, ?, 60, 0.06, 30, ?)",
            (guild, 9000 + i, 2000 - i * 5, now_ms),
        )
    # and one settled long ago: a year away makes them provisional again
    await arena.db.execute(
        "INSERT INTO players (user_id, created_at, updated_at) VALUES (9100, 0, 0)"
    )
    await arena.db.execute(
        "INSERT INTO ratings VALUES (?, 'chess', ?, 2500, 60, 0.09, 40, ?)",
        (guild, 9100, now_ms - 365 * 86_400_000),
    )
    sent = Sent(arena.env)
    r = await arena.carol.slash(arena.channel, "leaderboard", game="chess")
    assert not r.ephemeral
    page1 = r.response.content
    assert len(page1) <= 2000
    assert page1.startswith(
        "**Chess ratings in this server** — 60 ranked, 3 provisional — page 1 of"
    )
    assert "🥇 <@9000> **2000** (30 results)" in page1
    assert "<@9100>" not in page1.split("Provisional")[0]  # never ranked among settled ones
    assert button_labels(r.response) == ["◀ Previous", "Next ▶"]
    count = int(page1.split("\n")[0].rsplit(" of ", 1)[1])
    assert count >= 2
    pages = [page1]
    message = r.response
    for _ in range(count - 1):
        click = await arena.carol.click(message, label="Next ▶")
        assert click.acknowledged
        [message] = [m for m in arena.channel.history() if m.id == message.id]
        pages.append(message.content)
    assert pages[-1].split("\n")[0].endswith(f"page {count} of {count}")
    assert all(len(p) <= 2000 for p in pages)
    text = "\n".join(pages)
    assert "60. <@9059> **1705** (30 results)" in text
    tail = text.split("**Provisional** (3")[1]
    assert "• <@9100> 2500? (40 results)" in tail
    assert f"<@{arena.alice.id}>" in tail and f"<@{arena.bob.id}>" in tail
    assert all(p == [] for p in sent.pinged())  # mentions name players without pinging


async def test_stats_shows_ratings_and_records_per_game_with_a_chart(arena):
    await _resigned(arena, "chess", arena.alice, arena.bob)
    await _resigned(arena, "chess", arena.carol, arena.alice)
    await _resigned(arena, "chess", arena.alice, arena.carol)
    await _resigned(arena, "rugen", arena.alice, arena.bob, rated=False)
    r = await arena.bob.slash(arena.channel, "stats", user=arena.alice)
    assert not r.ephemeral
    text = r.response.content
    chess = await arena.db.ratings.rating(arena.guild.id, "chess", arena.alice.id)
    assert chess is not None and chess.results == 3
    assert (
        f"• Chess: rating **{round(chess.rating)}?** (± {round(chess.rd)}, 3 rated results);"
        " 2 won, 1 lost, 0 drawn"
    ) in text
    assert "not rated yet; 1 won, 0 lost, 0 drawn" in text  # the casual Rügen win
    [att] = r.response.attachments
    assert att.filename == "rating.png"
    data = await att.read()
    img = open_png(data)
    assert img.size == (640, 380)
    # the chart in words for a screen reader: what it shows, nothing it does not
    assert att.description == (
        f"Chess rating of Alice: now {round(chess.rating)} ± {round(chess.rd)}; "
        f"3 rated results; {att.description.split('; ')[-1]}"
    )
    assert f"→ {round(chess.rating)} (" in att.description
    CHART_DIR.mkdir(exist_ok=True)
    (CHART_DIR / "alice-chess.png").write_bytes(data)
    # the chart's line is drawn in the theme's blue: there are blue pixels in the plot
    rgb = img.convert("RGB")
    blue = sum(
        1
        for x in range(84, 616, 4)
        for y in range(96, 324, 2)
        if rgb.getpixel((x, y)) == (0, 114, 178)
    )
    assert blue > 50
    # a game with no rated result: no chart, said so
    r = await arena.bob.slash(arena.channel, "stats", game="draughts")
    assert not r.response.attachments
    assert "No rated English draughts results here yet." in r.response.content


async def test_a_backgammon_match_is_rated_once_when_it_ends(arena):
    game, where = await challenge_and_accept(
        arena, "backgammon", challenger=arena.alice, opponent=arena.bob, options="match=2"
    )
    match_id = game.match_id
    assert match_id is not None and game.rated
    # Bob is Black: his resignation gives Alice 1 point, the match goes on
    r = await arena.bob.slash(where, "resign", game=str(game.id))
    assert not r.ephemeral, r.response.content
    final1 = [m for m in where.history() if f"**Game #{game.id} is over.**" in m.content][-1]
    assert "Ratings (" not in final1.content and "Casual" not in final1.content
    assert await arena.db.ratings.changes_for_game(game.id) == []
    [second] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 2]
    assert second.rated
    r = await arena.bob.slash(where, "resign", game=str(second.id))
    assert not r.ephemeral, r.response.content
    match = await arena.db.matches.require_match(match_id)
    assert match.status == "finished" and match.winner == "white"
    final2 = [m for m in where.history() if f"**Game #{second.id} is over.**" in m.content][-1]
    won = lichess_update(Glicko(), Glicko(), 1, idle_days=0, opponent_idle_days=0)
    assert f"Ratings (match): <@{arena.alice.id}> {_arrow(1500, won.rating)}" in final2.content
    alice = await arena.db.ratings.rating(arena.guild.id, "backgammon", arena.alice.id)
    assert alice is not None and alice.results == 1  # one match, one result
    assert await arena.db.fetchval("SELECT count(*) FROM rating_history") == 2


async def test_a_custom_position_challenge_is_casual_even_if_asked_rated(arena):
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    r = await arena.alice.slash(
        arena.channel, "challenge", variant="chess", opponent=arena.bob, position=fen, rated=True
    )
    assert not r.ephemeral, r.response.content
    assert "Casual: no rating changes." in r.response.content.split("\n")[0]
    await arena.bob.click(r.response, label="Accept")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert game.custom_start and not game.rated


async def test_a_ludo_game_is_rated_by_places(arena):
    """A table of three: Carol and then Bob resign (they leave and are placed last), Alice
    wins; the final board shows openskill's changes by place and the ratings are stored."""
    game, thread = await start_table(arena, [arena.alice, arena.bob, arena.carol], seed=5)
    assert game.rated
    for member in (arena.carol, arena.bob):
        r = await member.slash(thread, "resign", game=str(game.id))
        assert not r.ephemeral, r.response.content
    record = await arena.db.games.require_game(game.id)
    assert not record.is_active
    by_place = [record.player_at(seat) for seat in record.places]
    assert by_place == [arena.alice.id, arena.bob.id, arena.carol.id]
    expected = dict(zip(by_place, placed_update([(1500.0, 500.0)] * 3), strict=True))
    final = last_board(thread)
    assert "Ratings (Ludo): " in final.content
    for player, (mu, sigma) in expected.items():
        rating = await arena.db.ratings.rating(arena.guild.id, "ludo", player)
        assert rating is not None and round(rating.rating) == round(mu)
        assert round(rating.rd) == round(sigma)
        assert f"<@{player}> {_arrow(1500, mu)}" in final.content
    r = await arena.alice.slash(arena.channel, "leaderboard", game="ludo")
    assert "**Ludo ratings in this server** — 0 ranked, 3 provisional" in r.response.content


async def test_a_casual_ludo_table_stays_casual_in_its_rematch(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="ludo", rated=False)
    assert "Casual: no rating changes." in r.response.content.split("\n")[0]
    await arena.bob.click(r.response, label="Join")
    table = next(m for m in arena.channel.history() if m.id == r.response.id)
    await arena.alice.click(table, label="Start")
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert not game.rated
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    r = await arena.bob.slash(thread, "resign", game=str(game.id))
    assert not r.ephemeral, r.response.content
    final = last_board(thread)
    assert "Casual game: no rating changes." in final.content
    await arena.bob.click(final, label="Rematch")
    [rematch] = await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now())
    assert rematch.rematch_of == game.id and not rematch.rated
