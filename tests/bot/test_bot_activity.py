"""The bot's side of the Discord Activity (issue 35): the **Play in Discord** button under a
board (only with ``ACTIVITY_ENABLED``) answers with a ``LAUNCH_ACTIVITY`` callback and
remembers the launched instance's game; the global command sync keeps the Activity's
entry-point command.

simcord 3.2.1 knows neither the launch callback (type 12) nor entry-point commands (type 4,
``handler``): :func:`discord_with_activities` teaches its in-memory Discord both, as the real
one behaves, and everything the bot sends is read from simcord's HTTP log."""

from __future__ import annotations

from typing import Any

import pytest
import simcord.backend.errors as simcord_errors
import simcord.backend.ops.commands as simcord_commands
import simcord.http.router as simcord_router
import simcord.http.routes.commands as simcord_command_routes
from simcord.http.routes.interactions import interaction_callback

from bot import Settings
from bot.entry_point import DISCORD_LAUNCH_ACTIVITY, PRIMARY_ENTRY_POINT, with_entry_point
from bot.settings import SettingsError

from .helpers import button_labels, challenge_and_accept, components_of, last_board

LAUNCH_ACTIVITY = 12
INSTANCE_ID = "i-1180000000000000000-gc-1100000000000000001-1180000000000000002"


class Launches(list[dict[str, Any]]):
    """The launches Discord answered; ``refuse`` makes it refuse them (an error 400)."""

    refuse = False


@pytest.fixture(autouse=True)
def discord_with_activities(monkeypatch: pytest.MonkeyPatch) -> Launches:
    """simcord's Discord, plus what real Discord does for an application with Activities:
    the interaction callback accepts ``LAUNCH_ACTIVITY`` (acknowledging the interaction and
    returning the instance it launched) and command syncs accept the ``id`` and ``handler``
    fields of an entry-point command. Returns the launches answered."""
    launches = Launches()

    def callback(ctx: Any) -> Any:
        body = ctx.body()
        if body.get("type") != LAUNCH_ACTIVITY:
            return interaction_callback(ctx)
        if launches.refuse:
            raise simcord_errors.invalid_form_body("Cannot launch an activity here")
        record = ctx.backend.interactions[ctx.int_arg("interaction_id")]
        if record.responded:
            return interaction_callback(ctx)  # simcord's own "already acknowledged"
        record.responded = True
        launches.append(body)
        return {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "activity_instance_id": INSTANCE_ID,
                "response_message_id": None,
                "response_message_loading": False,
                "response_message_ephemeral": False,
            },
            "resource": {"type": LAUNCH_ACTIVITY, "activity_instance": {"id": INSTANCE_ID}},
        }

    routes = [
        (template, callback if handler is interaction_callback else handler)
        for template, handler in simcord_router._ROUTES["POST"]
    ]
    monkeypatch.setitem(simcord_router._ROUTES, "POST", routes)
    fields = (*simcord_commands.COMMAND_FIELDS, "id", "handler")
    monkeypatch.setattr(simcord_commands, "COMMAND_FIELDS", fields)
    monkeypatch.setattr(simcord_command_routes, "COMMAND_FIELDS", fields)
    return launches


def test_activity_enabled_setting() -> None:
    base = {"DISCORD_TOKEN": "x"}
    assert Settings.from_env(base).activity_enabled is False
    assert Settings.from_env({**base, "ACTIVITY_ENABLED": "true"}).activity_enabled is True
    assert Settings.from_env({**base, "ACTIVITY_ENABLED": " 0 "}).activity_enabled is False
    with pytest.raises(SettingsError, match="ACTIVITY_ENABLED must be true or false, not 'maybe'"):
        Settings.from_env({**base, "ACTIVITY_ENABLED": "maybe"})
    assert "activity_enabled=True" in repr(Settings.from_env({**base, "ACTIVITY_ENABLED": "on"}))


def test_an_entry_point_of_the_tree_itself_is_sent_as_it_is() -> None:
    own = {"type": PRIMARY_ENTRY_POINT, "name": "play", "handler": 1, "description": ""}
    existing = [{"id": "9", "type": PRIMARY_ENTRY_POINT, "name": "launch", "handler": 2}]
    assert with_entry_point([own], existing, create=True) == [own]
    assert with_entry_point([], [], create=False) == []


async def test_no_play_button_without_the_activity(arena) -> None:
    game, where = await challenge_and_accept(arena, "draughts")
    assert "Play in Discord" not in button_labels(last_board(where))


@pytest.mark.bot_settings(activity_enabled=True)
async def test_play_in_discord_launches_the_activity_on_that_game(
    arena, discord_with_activities
) -> None:
    game, where = await challenge_and_accept(arena, "draughts")
    board = last_board(where)
    assert button_labels(board) == ["Move", "Play in Discord"]
    play = f"lat:activity:{game.id}"
    assert play in [getattr(c, "custom_id", None) for c in components_of(board)]

    # a spectator may launch it too: watching needs no extra step
    r = await arena.carol.click(board, custom_id=play)
    assert r.acknowledged and r.response is None  # no message: Discord opens the Activity
    assert discord_with_activities == [{"type": LAUNCH_ACTIVITY}]
    [sent] = [
        h
        for h in arena.env.http_requests
        if h.method == "POST" and h.path.endswith("/callback") and h.json["type"] == 12
    ]
    assert sent.json == {"type": LAUNCH_ACTIVITY}  # the whole payload the bot sent
    launch = await arena.db.fetchone(
        "SELECT game_id, user_id, guild_id, channel_id FROM activity_launches "
        "WHERE instance_id = ?",
        (INSTANCE_ID,),
    )
    assert launch is not None  # stored: any bot process, or this one restarted, finds it
    assert tuple(launch) == (game.id, arena.carol.id, arena.guild.id, where.id)
    assert await arena.bot.activity_launches.game_for(INSTANCE_ID, arena.guild.id) == game.id
    assert await arena.bot.activity_launches.game_for(INSTANCE_ID, 42) is None  # another

    # a move's new board carries the button again; a finished game's does not
    r = await arena.bob.slash(where, "move", move="11-15")
    assert "Play in Discord" in button_labels(last_board(where))
    r = await arena.alice.slash(where, "resign")
    assert not r.ephemeral, r.response.content
    assert "Play in Discord" not in button_labels(last_board(where))


@pytest.mark.bot_settings(activity_enabled=True)
async def test_old_button_after_the_activity_is_switched_off(
    arena, bot_factory, discord_with_activities
) -> None:
    game, where = await challenge_and_accept(arena, "draughts")
    board = last_board(where)
    await arena.env.restart_bot(bot_factory(activity_enabled=False))
    r = await arena.alice.click(board, label="Play in Discord")
    assert r.ephemeral
    assert "The Activity is switched off for this bot" in r.response.content
    assert discord_with_activities == []


@pytest.mark.bot_settings(activity_enabled=True)
async def test_a_launch_discord_refuses_is_told(arena, discord_with_activities) -> None:
    game, where = await challenge_and_accept(arena, "draughts")
    discord_with_activities.refuse = True
    r = await arena.bob.click(last_board(where), label="Play in Discord")
    assert r.ephemeral
    assert r.response.content == (
        "Discord could not open the Activity in this channel; "
        "play here with the buttons or `/move`."
    )
    assert await arena.db.fetchval("SELECT count(*) FROM activity_launches") == 0


def _entry_points(env: Any) -> list[dict[str, Any]]:
    return [
        c for c in env.backend.commands.get(None, {}).values() if c["type"] == PRIMARY_ENTRY_POINT
    ]


def _synced_payloads(env: Any) -> list[list[dict[str, Any]]]:
    return [
        h.json
        for h in env.http_requests
        if h.method == "PUT" and h.path.endswith("/commands") and "/guilds/" not in h.path
    ]


@pytest.mark.bot_settings(activity_enabled=True, dev_guild_id=None)
async def test_global_sync_creates_and_keeps_the_entry_point(arena) -> None:
    env = arena.env
    # at start (setup_hook) the application had no entry point: the default one is created
    [first] = _synced_payloads(env)
    [entry] = [c for c in first if c["type"] == PRIMARY_ENTRY_POINT]
    assert entry["handler"] == DISCORD_LAUNCH_ACTIVITY and entry["name"] == "launch"
    names = {c["name"] for c in first}
    assert {"challenge", "move", "board"} <= names  # the slash commands are all still there

    # renamed and translated (through Discord's API): a later sync sends it back as it is
    stored = env.backend.commands[None]
    key = ("launch", PRIMARY_ENTRY_POINT)
    portal = {**stored.pop(key), "name": "play", "name_localizations": {"tr": "oyna"}}
    stored[("play", PRIMARY_ENTRY_POINT)] = portal
    await env.bot.tree.sync()
    second = _synced_payloads(env)[-1]
    [kept] = [c for c in second if c["type"] == PRIMARY_ENTRY_POINT]
    assert kept == {
        "id": portal["id"],
        "type": PRIMARY_ENTRY_POINT,
        "name": "play",
        "name_localizations": {"tr": "oyna"},
        "description": "",
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "contexts": [0],
        "integration_types": [0],
        "default_member_permissions": None,
    }
    assert [c["id"] for c in _entry_points(env)] == [portal["id"]]  # never deleted


@pytest.mark.bot_settings(dev_guild_id=None)
async def test_sync_without_the_setting_keeps_an_entry_point_but_makes_none(arena) -> None:
    env = arena.env
    [first] = _synced_payloads(env)
    assert all(c["type"] != PRIMARY_ENTRY_POINT for c in first)
    assert _entry_points(env) == []
    # Activities were enabled in the portal (Discord made its "Launch"), the setting not yet
    env.backend.commands[None][("launch", PRIMARY_ENTRY_POINT)] = {
        "id": "1190000000000000004",
        "application_id": str(env.backend.application_id),
        "type": PRIMARY_ENTRY_POINT,
        "name": "launch",
        "description": "",
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "version": "1",
    }
    await env.bot.tree.sync()
    [kept] = [c for c in _synced_payloads(env)[-1] if c["type"] == PRIMARY_ENTRY_POINT]
    assert kept == {
        "id": "1190000000000000004",
        "type": PRIMARY_ENTRY_POINT,
        "name": "launch",
        "description": "",
        "handler": DISCORD_LAUNCH_ACTIVITY,
    }
    assert [c["id"] for c in _entry_points(env)] == ["1190000000000000004"]
