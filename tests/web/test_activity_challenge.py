"""Challenging from the Activity's lobby (issue 35), end to end in headless Chromium with the
SDK's ``DiscordSDKMock`` against the real bot (simcord's Discord): opened in a channel without
a game, Alice challenges Bob (picked from the instance's participants) from the lobby; the
challenge message is the bot's own ``/challenge`` message in the channel; Bob accepts it in the
Activity, or with its Accept button in Discord; both Activities then show the new game's
board. Against the computer the game starts at once. ``/challenge``'s checks hold: a refused
challenge says why and stores nothing."""

from __future__ import annotations

from typing import Any

from playwright.async_api import Page

from web.activity.routes import DIST as ACTIVITY_DIST

from .browser import at_ply, chromium, past_ply, person, shot
from .test_activity_live import (  # noqa: F401 - the fixtures: the bot with its Activity
    MOCK_INSTANCE,
    activity_discord,
    activity_url,
    posted,
    web_bot_factory,
)


async def lobby(arena: Any, web_url: str, fake: Any, browser: Any, member: Any) -> Page:
    """``member``'s Activity, opened in the arena's channel (no game there: the lobby)."""
    page = await person(browser)
    await page.goto(activity_url(web_url, fake, arena, member))
    await page.wait_for_selector("body[data-state=ready], body[data-state=failed]")
    assert await page.get_attribute("body", "data-state") == "ready", await page.get_attribute(
        "body", "data-error"
    )
    assert await page.get_attribute("body", "data-mode") == "lobby"
    await page.wait_for_selector("#challenge-form")
    return page


async def start(arena: Any, discord_side: Any) -> Any:
    assert (ACTIVITY_DIST / "mock.html").is_file(), (
        "the Activity's page is not built: cd web/frontend-activity && npm ci && npm run build"
    )
    fake = discord_side.fake
    people = (arena.alice, arena.bob, arena.carol)
    for m in people:
        fake.add_user(m.id, m.name.capitalize())
    fake.launch(MOCK_INSTANCE, arena.guild.id, arena.channel.id, *(m.id for m in people))
    return fake


async def challenge(page: Page, game: str, opponent: str, colour: str = "random") -> None:
    await page.select_option("#challenge-game", game)
    await page.select_option("#challenge-opponent", opponent)
    await page.select_option("#challenge-colour", colour)
    await page.click("#challenge-send")


async def shows_board(page: Page, game_id: int) -> None:
    await page.wait_for_selector(f"body[data-mode=game][data-game='{game_id}']")
    await at_ply(page, 0)
    await page.wait_for_selector("#board [data-cell]")


async def refused(
    page: Page, body: dict[str, Any], url: str = "/api/activity/challenges"
) -> tuple[int, dict[str, Any]]:
    """A request the page's own session sends (what a tampered page could send)."""
    result: list[Any] = await page.evaluate(
        """async ([url, body]) => {
             const r = await fetch(url, {method: 'POST',
               headers: {'Content-Type': 'application/json',
                         Authorization: 'Bearer ' + window.activity.session},
               body: JSON.stringify(body)});
             return [r.status, await r.json()];
           }""",
        [url, body],
    )
    return result[0], result[1]


async def test_a_challenge_from_the_lobby_accepted_in_the_activity(
    arena,
    web_url,
    activity_discord,  # noqa: F811 - the fixture imported above
):
    fake = await start(arena, activity_discord)
    async with chromium() as browser:
        alice = await lobby(arena, web_url, fake, browser, arena.alice)
        bob = await lobby(arena, web_url, fake, browser, arena.bob)
        # the opponents offered: the others in the instance, the computer, anyone
        options = await alice.locator("#challenge-opponent option").all_inner_texts()
        assert options[:2] == ["Bob", "Carol"] and len(options) == 4
        assert len(await alice.locator("#challenge-game option").all_inner_texts()) == 8

        # /challenge's checks, worded by the bot; nothing stored
        status, body = await refused(alice, {"game": "draughts", "opponent": str(arena.alice.id)})
        assert status == 409 and body["error"].startswith("You can't challenge yourself.")
        status, body = await refused(
            alice, {"game": "chess", "opponent": str(arena.bob.id), "level": "hard"}
        )
        assert status == 409 and "`level` is for a game against me" in body["error"]
        # a mention reads as the name Discord would show, not as raw <@id> markup
        me = arena.bot.user.display_name
        assert "<@" not in body["error"] and f"choose @{me} as the opponent" in body["error"]
        status, body = await refused(alice, {"game": "draughts", "opponent": "999999999999"})
        assert status == 409 and "not a member of this server" in body["error"]
        status, body = await refused(alice, {"game": "go", "opponent": None})
        assert status == 409 and "There is no game go." in body["error"]
        status, body = await refused(alice, {"game": "chess", "colour": "purple"})
        assert status == 400 and body["code"] == "bad_request"
        # refused from the form itself: the bot's words shown on the page
        await challenge(alice, "ludo", str(arena.bob.id), "white")
        await alice.wait_for_selector("#challenge-note:has-text('colours follow the seats')")
        assert (
            await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now()) == []
        )

        await challenge(alice, "draughts", str(arena.bob.id), "white")
        await alice.wait_for_selector("#challenge-note:has-text('waiting for an answer')")
        await posted(arena.channel, "challenges")
        (ch,) = await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now())
        assert (ch.challenger_id, ch.challenged_id, ch.game_kind, ch.colour) == (
            arena.alice.id,
            arena.bob.id,
            "draughts",
            "white",
        )
        message = next(m for m in arena.channel.history() if m.id == ch.message_id)
        assert f"<@{arena.alice.id}> challenges <@{arena.bob.id}>" in message.content

        # Alice may not accept her own; Bob's lobby shows it with Accept
        assert await alice.locator(".accept-challenge").count() == 0
        await bob.wait_for_selector(f".accept-challenge[data-challenge='{ch.id}']")
        await shot(bob, "activity-lobby-challenged")
        await bob.click(f".accept-challenge[data-challenge='{ch.id}']")
        await bob.wait_for_selector("body[data-mode=game]")
        accepted = await arena.db.challenges.get_challenge(ch.id)
        game_id = accepted.game_id
        assert accepted.status == "accepted" and game_id is not None
        for page in (alice, bob):
            await shows_board(page, game_id)
        assert await bob.inner_text("#result") == "Your move."  # Black moves first
        await posted(arena.channel, f"Accepted by <@{arena.bob.id}>")


async def test_accepted_with_discords_button_and_a_game_against_the_computer(
    arena,
    web_url,
    activity_discord,  # noqa: F811 - the fixture imported above
):
    fake = await start(arena, activity_discord)
    async with chromium() as browser:
        alice = await lobby(arena, web_url, fake, browser, arena.alice)
        bob = await lobby(arena, web_url, fake, browser, arena.bob)
        r = await arena.carol.slash(arena.channel, "language", language="tr")
        assert r.ephemeral
        carol = await lobby(arena, web_url, fake, browser, arena.carol)  # in Turkish
        assert await carol.inner_text("#challenge h2 >> nth=0") == "Meydan oku"
        assert await carol.inner_text("#challenge-send") == "Meydan oku"
        await challenge(alice, "chess", str(arena.bob.id))
        await posted(arena.channel, "challenges")
        (ch,) = await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now())
        message = next(m for m in arena.channel.history() if m.id == ch.message_id)
        # Bob answers in Discord, with the message's own button
        await arena.bob.click(message, label="Accept")
        await posted(arena.channel, f"Accepted by <@{arena.bob.id}>")
        game_id = (await arena.db.challenges.get_challenge(ch.id)).game_id
        assert game_id is not None
        for page in (alice, bob):  # both Activities open the new game by themselves
            await shows_board(page, game_id)

        # Carol, whose lobby stays open meanwhile (not her game), challenges the computer
        # (a Latrunculi rule set): it starts at once
        assert await carol.get_attribute("body", "data-mode") == "lobby"
        await challenge(carol, "classic", "computer", "white")
        await carol.wait_for_selector("body[data-mode=game]")
        game = int(await carol.get_attribute("body", "data-game") or 0)
        record = await arena.db.games.load_game(game)
        assert record.game_kind == "classic"
        assert record.player_at("white") == arena.carol.id
        assert record.player_at("black") == arena.bot.user.id
        await past_ply(carol, 0)  # the computer may have moved first already
        await posted(arena.channel, "(the computer)")


async def test_declined_with_a_click_and_cancelled_from_the_activity(
    arena,
    web_url,
    activity_discord,  # noqa: F811 - the fixture imported above
):
    fake = await start(arena, activity_discord)
    async with chromium() as browser:
        alice = await lobby(arena, web_url, fake, browser, arena.alice)
        bob = await lobby(arena, web_url, fake, browser, arena.bob)
        await challenge(alice, "draughts", str(arena.bob.id))
        await alice.wait_for_selector("#challenge-note:has-text('waiting for an answer')")
        (ch,) = await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now())
        # the buttons' own checks: Alice may not decline hers, Bob may not cancel it
        url = f"/api/activity/challenges/{ch.id}"
        status, body = await refused(alice, {}, url + "/decline")
        assert status == 409 and body["error"].startswith("You can't accept or decline your own")
        status, body = await refused(bob, {}, url + "/cancel")
        assert status == 409 and "who made this challenge, can cancel it" in body["error"]
        assert (await arena.db.challenges.get_challenge(ch.id)).status == "pending"
        # Alice's lobby offers Cancel only; Bob's Accept and Decline; Bob declines
        await alice.wait_for_selector(f".cancel-challenge[data-challenge='{ch.id}']")
        assert await alice.locator(".decline-challenge").count() == 0
        await bob.wait_for_selector(f".accept-challenge[data-challenge='{ch.id}']")
        assert await bob.locator(".cancel-challenge").count() == 0
        await bob.click(f".decline-challenge[data-challenge='{ch.id}']")
        await bob.wait_for_selector(f"#challenge-note:has-text('Challenge #{ch.id} was declined.')")
        assert (await arena.db.challenges.get_challenge(ch.id)).status == "declined"
        # the challenge message in the channel says so, its buttons gone, as Decline does
        await posted(arena.channel, f"Declined by <@{arena.bob.id}>")
        message = next(m for m in arena.channel.history() if m.id == ch.message_id)
        assert not message.components
        # Alice's lobby learns it by itself; answering it again is refused
        await alice.wait_for_selector(f"#challenge-note:has-text('#{ch.id} was declined')")
        status, body = await refused(bob, {}, url + "/decline")
        assert status == 409 and "it was declined" in body["error"]

        # a second one, which Alice withdraws from her lobby
        await challenge(alice, "chess", str(arena.bob.id))
        await alice.wait_for_selector("#challenge-note:has-text('waiting for an answer')")
        (second,) = await arena.db.challenges.pending_challenges(
            arena.guild.id, now=arena.bot.now()
        )
        status, body = await refused(alice, {}, f"/api/activity/challenges/{second.id}/cancel")
        assert status == 200 and body["status"] == "cancelled"
        await posted(arena.channel, "Cancelled by the challenger.")
