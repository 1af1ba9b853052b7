"""The live board's API and its security, through the real bot (simcord), its real web
server on loopback and a fake Discord OAuth2 provider: who sees a game, who may move, the
CSRF and state checks, the rate limit, and a ``/move`` pushed to an open event stream."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from tests.bot.helpers import button_labels, challenge_and_accept, last_board
from web.signing import Signer

from .conftest import SECRET, client, sign_in


def watch_token(game_id: int) -> str:
    return Signer(SECRET).watch_token(game_id)


async def test_a_board_links_to_its_live_page(arena, web_url):
    game, where = await challenge_and_accept(arena, "chess")
    board = last_board(where)
    assert "Watch live" in button_labels(board)
    [url] = [c.url for row in board.components for c in row.children if getattr(c, "url", None)]
    assert url == f"{web_url}/games/{game.id}?t={watch_token(game.id)}"


async def test_spectators_need_the_games_token(arena, web_url):
    game, _ = await challenge_and_accept(arena, "chess")
    other, _ = await challenge_and_accept(arena, "draughts", challenger=arena.carol)
    async with client() as http:
        async with http.get(f"{web_url}/api/games/{game.id}?t={watch_token(game.id)}") as r:
            assert r.status == 200
            data = await r.json()
        assert data["variant"] == "chess" and data["to_move"] == "white"
        assert data["view"]["board"] == "grid" and data["view"]["files"] == 8
        assert [s["name"] for s in data["seats"]] == ["Alice", "Bob"]
        assert data["actions"] == []  # a spectator is shown no legal actions
        assert SECRET not in json.dumps(data) and "fake-client-secret" not in json.dumps(data)
        for bad in ("", "nonsense", watch_token(other.id), watch_token(game.id)[:-1] + "A"):
            async with http.get(f"{web_url}/api/games/{game.id}?t={bad}") as r:
                assert r.status == 404, bad
                assert "no such game" in (await r.json())["error"]
        async with http.get(f"{web_url}/api/games/{game.id}/events?t=x") as r:
            assert r.status == 404


async def test_a_removed_servers_game_is_refused_even_with_its_token(arena, web_url):
    game, _ = await challenge_and_accept(arena, "chess")
    link = f"{web_url}/api/games/{game.id}?t={watch_token(game.id)}"
    async with client() as http:
        async with http.get(link) as r:
            assert r.status == 200
        arena.env.backend.remove_guild(arena.guild.id)  # the server removed the bot
        await arena.env.settle()
        async with http.get(link) as r:
            assert r.status == 404


async def test_sign_in_checks_the_state(arena, web_url, fake_discord):
    fake_discord.fake.add_user(arena.alice.id, "Alice")
    async with client() as http:
        async with http.get(f"{web_url}/auth/login", allow_redirects=False) as r:
            assert r.status == 302
            location = r.headers["Location"]
        assert location.startswith(f"{fake_discord.url}/oauth2/authorize?")
        assert "scope=identify" in location and "state=" in location
        # the callback with another state (an attacker's link) is refused, nothing signed in
        async with http.get(
            f"{web_url}/auth/callback?code=stolen&state=forged", allow_redirects=False
        ) as r:
            assert r.status == 400
            assert "state did not match" in await r.text()
        async with http.get(f"{web_url}/api/me") as r:
            assert (await r.json())["user"] is None
    assert fake_discord.fake.exchanges == []  # no code was exchanged


async def test_only_the_player_to_move_gets_actions_and_plays_through_the_pipeline(
    arena, web_url, fake_discord
):
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    async with client() as alice_http, client() as bob_http:
        alice_csrf = await sign_in(alice_http, web_url, fake_discord, arena.alice)
        bob_csrf = await sign_in(bob_http, web_url, fake_discord, arena.bob)
        # a player needs no token for their own game
        async with alice_http.get(f"{web_url}/api/games/{game.id}") as r:
            mine = await r.json()
        assert mine["me"]["seat"] == "white"
        assert "f3" in {a["text"] for a in mine["actions"]} and len(mine["actions"]) == 20
        async with bob_http.get(f"{web_url}/api/games/{game.id}") as r:
            assert (await r.json())["actions"] == []

        url = f"{web_url}/api/games/{game.id}/move"
        body = {"action": "f3", "ply": 0}
        # no CSRF token, a forged one, another user's, a foreign origin: refused
        for headers in (
            {},
            {"X-CSRF-Token": "forged"},
            {"X-CSRF-Token": bob_csrf},
            {"X-CSRF-Token": alice_csrf, "Origin": "https://evil.example"},
        ):
            async with alice_http.post(url, json=body, headers=headers) as r:
                assert r.status == 403, headers
        # Bob may not move for Alice: the pipeline's own words
        async with bob_http.post(url, json=body, headers={"X-CSRF-Token": bob_csrf}) as r:
            refused = await r.json()
        assert r.status == 409 and "not your turn" in refused["error"]
        # an illegal move is refused with the rules' reason
        async with alice_http.post(
            url, json={"action": "Ke3", "ply": 0}, headers={"X-CSRF-Token": alice_csrf}
        ) as r:
            assert r.status == 409
        assert [m.move for m in await arena.db.games.game_moves(game.id)] == []

        async with alice_http.post(url, json=body, headers={"X-CSRF-Token": alice_csrf}) as r:
            assert r.status == 200, await r.text()
        await arena.env.settle()
        # the same board as after /move, posted in the game's thread
        assert "(White) played `f3`" in last_board(where).content
        # the same click again (the page had ply 0): refused, not played twice
        async with alice_http.post(url, json=body, headers={"X-CSRF-Token": alice_csrf}) as r:
            assert r.status == 409
        assert [m.move for m in await arena.db.games.game_moves(game.id)] == ["f3"]


async def test_two_clicks_at_once_play_one_move(arena, web_url, fake_discord):
    game, _ = await challenge_and_accept(arena, "chess")
    async with client() as http:
        csrf = await sign_in(http, web_url, fake_discord, arena.alice)
        url = f"{web_url}/api/games/{game.id}/move"

        async def click(move: str) -> int:
            async with http.post(
                url, json={"action": move, "ply": 0}, headers={"X-CSRF-Token": csrf}
            ) as r:
                return r.status

        statuses = await asyncio.gather(click("e4"), click("d4"))
    await arena.env.settle()
    assert sorted(statuses) == [200, 409]
    assert len(await arena.db.games.game_moves(game.id)) == 1


async def test_moves_are_rate_limited(arena, web_url, fake_discord):
    game, _ = await challenge_and_accept(arena, "chess")
    async with client() as http:
        csrf = await sign_in(http, web_url, fake_discord, arena.bob)  # not their turn
        url = f"{web_url}/api/games/{game.id}/move"
        statuses = []
        for _ in range(15):
            async with http.post(
                url, json={"action": "e5", "ply": 0}, headers={"X-CSRF-Token": csrf}
            ) as r:
                statuses.append(r.status)
    assert statuses[0] == 409 and statuses[-1] == 429


async def read_event(stream: aiohttp.StreamReader) -> dict[str, Any]:
    """The next ``data:`` event of a Server-Sent Events stream."""
    while True:
        line = (await stream.readline()).decode()
        if line.startswith("data: "):
            return dict(json.loads(line[6:]))


async def test_the_event_stream_delivers_a_move_made_in_discord(arena, web_url):
    game, where = await challenge_and_accept(arena, "chess")
    async with client() as http:
        async with http.get(
            f"{web_url}/api/games/{game.id}/events?t={watch_token(game.id)}",
            timeout=aiohttp.ClientTimeout(total=60),
        ) as stream:
            assert stream.headers["Content-Type"] == "text/event-stream"
            first = await read_event(stream.content)
            assert first["ply"] == 0
            r = await arena.alice.slash(where, "move", move="e4")
            assert not r.ephemeral
            pushed = await read_event(stream.content)
            assert pushed["ply"] == 1 and pushed["moves"][-1]["text"] == "e4"
            assert pushed["to_move"] == "black"
            assert pushed["view"]["last"] == ["e2", "e4"]


async def test_a_player_resigns_from_the_page(arena, web_url, fake_discord):
    game, where = await challenge_and_accept(arena, "chess")
    async with client() as http:
        csrf = await sign_in(http, web_url, fake_discord, arena.bob)
        async with http.post(
            f"{web_url}/api/games/{game.id}/resign", headers={"X-CSRF-Token": csrf}
        ) as r:
            assert r.status == 200, await r.text()
    await arena.env.settle()
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "resignation")
    assert "resigned" in last_board(where).content


async def test_my_games_lists_the_games_waiting_for_me(arena, web_url, fake_discord):
    first, _ = await challenge_and_accept(arena, "chess")  # Alice to move
    second, _ = await challenge_and_accept(arena, "draughts", colour="white")  # Bob (black)
    async with client() as http:
        await sign_in(http, web_url, fake_discord, arena.alice)
        async with http.get(f"{web_url}/api/me/games") as r:
            games = (await r.json())["games"]
    assert [(g["id"], g["your_turn"]) for g in games] == [(first.id, True), (second.id, False)]
    assert games[0]["link"] == f"/games/{first.id}?t={watch_token(first.id)}"


async def test_the_server_overview_lists_its_games_to_watch(arena, web_url):
    game, _ = await challenge_and_accept(arena, "chess")
    signer = Signer(SECRET)
    async with client() as http:
        async with http.get(f"{web_url}/api/games/{game.id}?t={watch_token(game.id)}") as r:
            link = (await r.json())["server_link"]
        assert link == f"/servers/{arena.guild.id}?t={signer.server_token(arena.guild.id)}"
        guild, _, token = link.removeprefix("/servers/").partition("?t=")
        async with http.get(f"{web_url}/api/servers/{guild}?t={token}") as r:
            listed = (await r.json())["games"]
        assert [(g["id"], g["title"], g["to_move"]) for g in listed] == [
            (game.id, "Chess", "white")
        ]
        assert listed[0]["link"] == f"/games/{game.id}?t={watch_token(game.id)}"
        # another server's token, or a game's token, opens nothing
        for bad in (signer.server_token(arena.guild.id + 1), watch_token(game.id), ""):
            async with http.get(f"{web_url}/api/servers/{guild}?t={bad}") as r:
                assert r.status == 404


async def test_a_draw_offered_and_accepted_from_the_page(arena, web_url, fake_discord):
    game, where = await challenge_and_accept(arena, "chess")
    async with client() as alice_http, client() as bob_http:
        alice_csrf = await sign_in(alice_http, web_url, fake_discord, arena.alice)
        bob_csrf = await sign_in(bob_http, web_url, fake_discord, arena.bob)
        url = f"{web_url}/api/games/{game.id}/draw"
        async with alice_http.post(url, headers={"X-CSRF-Token": alice_csrf}) as r:
            assert (r.status, (await r.json())["done"]) == (200, "offered")
        await arena.env.settle()
        # the offer is posted in the game's thread with its buttons, as /draw posts it
        offer = where.history()[-1]
        assert "offers a draw" in offer.content
        assert button_labels(offer) == ["Accept draw", "Decline draw"]
        async with bob_http.get(f"{web_url}/api/games/{game.id}") as r:
            assert (await r.json())["draw_offer"] == str(arena.alice.id)
        async with alice_http.post(url, headers={"X-CSRF-Token": alice_csrf}) as r:
            assert r.status == 409 and "already offered" in (await r.json())["error"]
        async with bob_http.post(url, headers={"X-CSRF-Token": bob_csrf}) as r:
            assert (r.status, (await r.json())["done"]) == (200, "accepted")
    await arena.env.settle()
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", None, "agreement")
    assert "accepted the draw offer" in last_board(where).content


async def test_a_refusal_is_said_in_the_players_language(arena, web_url, fake_discord):
    game, _ = await challenge_and_accept(arena, "chess")
    await arena.db.players.set_language(arena.bob.id, "Bob", "ru")  # as /language stores it
    async with client() as http:
        csrf = await sign_in(http, web_url, fake_discord, arena.bob)
        async with http.post(
            f"{web_url}/api/games/{game.id}/move",
            json={"action": "e5", "ply": 0},
            headers={"X-CSRF-Token": csrf},
        ) as r:
            refused = await r.json()
    assert r.status == 409 and refused["error"].startswith(f"Сейчас не ваш ход в партии #{game.id}")


async def test_the_pages_words_are_in_the_readers_language(arena, web_url, fake_discord):
    """/api/words: the reader's /language first, then the server of the game they watch,
    then the browser's Accept-Language; a game the reader may not watch reveals nothing."""
    game, _ = await challenge_and_accept(arena, "chess")
    await arena.db.players.set_language(arena.bob.id, "Bob", "ru")  # as /language stores it
    async with client() as http:
        prefers = {"Accept-Language": "de, tr;q=0.8"}
        async with http.get(f"{web_url}/api/words", headers=prefers) as r:
            assert r.status == 200
            browser = await r.json()
        assert browser["language"] == "tr" and browser["messages"]["Resign"] == "Terk et"
        await arena.db.guilds.set_language(game.guild_id, "bg")
        watch = f"{web_url}/api/words?game={game.id}&t={watch_token(game.id)}"
        async with http.get(watch, headers={"Accept-Language": "tr"}) as r:
            assert (await r.json())["language"] == "bg"
        forged = f"{web_url}/api/words?game={game.id}&t={watch_token(game.id + 1)}"
        async with http.get(forged, headers={"Accept-Language": "tr"}) as r:
            assert (await r.json())["language"] == "tr"
        # a server's overview speaks its server's language, with its token only
        signer = Signer(SECRET)
        overview = f"{web_url}/api/words?server={game.guild_id}&t="
        async with http.get(overview + signer.server_token(game.guild_id)) as r:
            words = await r.json()
        assert words["language"] == "bg" and words["titles"]["backgammon"] == "Табла"
        async with http.get(overview + signer.watch_token(game.guild_id)) as r:
            assert (await r.json())["language"] == "en"  # another purpose's token: nothing
        await sign_in(http, web_url, fake_discord, arena.bob)
        async with http.get(watch, headers={"Accept-Language": "tr"}) as r:
            words = await r.json()
    assert words["language"] == "ru"
    assert words["messages"]["Resign"] == "Сдаться" and words["messages"]["Yes"] == "Да"
    wins = words["plurals"]["{name} ({seat}) wins {count} point: {reason}."]
    assert wins["few"] == "{name} ({seat}) выигрывает {count} очка: {reason}."
    assert words["game"]["title"] == "Шахматы"  # the game's own words, as the bot says them
    assert words["game"]["reasons"]["checkmate"] == "мат"
