"""Helpers shared by the bot tests: start games, find the latest board, read its picture."""

from __future__ import annotations

from typing import Any

import discord

from rules import Game

from .conftest import open_png


async def challenge_and_accept(
    arena: Any,
    game_kind: str = "rugen",
    *,
    challenger: Any = None,
    opponent: Any = None,
    colour: str = "white",
    options: str | None = None,
    channel: Any = None,
    rated: bool | None = None,
    days: int | None = None,
) -> tuple[Any, Any]:
    """``challenger`` challenges ``opponent`` (playing ``colour``), who accepts.

    Returns (game record, the channel or thread the game is played in).
    """
    challenger = challenger or arena.alice
    opponent = opponent or arena.bob
    channel = channel or arena.channel
    kwargs: dict[str, Any] = {"variant": game_kind, "opponent": opponent, "colour": colour}
    if options:
        kwargs["options"] = options
    if rated is not None:
        kwargs["rated"] = rated
    if days is not None:  # the pace, in hours per move (issue 36)
        kwargs["days"] = days
    r = await challenger.slash(channel, "challenge", **kwargs)
    assert not r.ephemeral, r.response.content
    # the Accept button by its id: its label is in the server's language (/language server:)
    [accept] = [
        _get(c, "custom_id")
        for c in components_of(r.response)
        if str(_get(c, "custom_id")).endswith(":accept")
    ]
    r2 = await opponent.click(r.response, custom_id=accept)
    assert r2.acknowledged
    games = await arena.db.games.active_games(user_id=challenger.id)
    game = max(games, key=lambda g: g.id)
    where = channel
    if game.thread_id is not None:
        [where] = [t for t in channel.threads if t.id == game.thread_id]
    return game, where


def last_board(channel: Any) -> Any:
    """The most recent message with a board picture in ``channel`` (public messages only)."""
    for message in reversed(channel.history()):
        if message.attachments and any(a.filename == "board.png" for a in message.attachments):
            if not message.flags.ephemeral:
                return message
    raise AssertionError("no board message")


async def board_image(message: Any):
    [att] = [a for a in message.attachments if a.filename == "board.png"]
    return open_png(await att.read())


async def rules_game(arena: Any, game_id: int) -> Game:
    record = await arena.db.games.load_game(game_id)
    session = await arena.bot.games.session(record)
    return session.game  # a Latrunculi game: the rules core's own object


def player(arena: Any, record: Any, side_value: str) -> Any:
    uid = record.white_id if side_value == "white" else record.black_id
    return next(m for m in (arena.alice, arena.bob, arena.carol) if m.id == uid)


def components_of(message: Any) -> list[Any]:
    """A message's components, flattened (dicts or discord.py objects, as simcord gives them)."""
    out = []
    for row in message.components:
        out.extend(row["components"] if isinstance(row, dict) else row.children)
    return out


def _get(component: Any, key: str) -> Any:
    return component[key] if isinstance(component, dict) else getattr(component, key)


def menu_options(message: Any) -> list[str]:
    """The option values of the one select of a Move menu message."""
    [select] = components_of(message)
    return [_get(o, "value") for o in _get(select, "options")]


async def play_by_button(arena: Any, where: Any, member: Any, move: str) -> Any:
    """Play ``move`` through the Move button and its menus, as a phone user would: pick the
    move if it is listed, else the piece or rank that leads to it (or "More…"). Returns the
    last pick's result; its ``picks`` attribute counts the picks it took."""
    from rules import parse_move
    from rules.geometry import square_name, square_rank

    board = last_board(where)
    r = await member.click(board, label="Move")
    assert r.ephemeral, r
    parsed = parse_move(move)
    target = f"play:{parsed}"
    leads = {f"from:{square_name(parsed.path[0])}", f"rank:{square_rank(parsed.path[0]) + 1}"}
    message, picks = r.response, 0
    for _ in range(6):
        [component] = components_of(message)
        picks += 1
        if _get(component, "type") in (2, discord.ComponentType.button):
            assert _get(component, "custom_id").endswith(f":{parsed}"), component
            result = await member.click(message, custom_id=_get(component, "custom_id"))
            result.picks = picks
            return result
        values = menu_options(message)
        assert len(values) >= 2, f"a menu of one option: {values}"
        if target in values:
            result = await member.select(message, [target])
            result.picks = picks
            return result
        step = next((v for v in values if v in leads), None)
        step = step or next(v for v in values if "@" in v)  # another page
        r = await member.select(message, [step])
        message = r.response or message
    raise AssertionError(f"{move} is not reachable through the Move menus")


def select_options(message: Any) -> list[tuple[str, str]]:
    """(label, value) of every option of the message's select menus."""
    out = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for c in children:
            options = c.get("options", []) if isinstance(c, dict) else getattr(c, "options", [])
            for o in options:
                out.append((o["label"], o["value"]) if isinstance(o, dict) else (o.label, o.value))
    return out


async def pick(member: Any, message: Any, label: str) -> Any:
    """Choose the option labelled ``label`` in the Move picker shown in ``message``."""
    options = dict(select_options(message))
    assert label in options, (label, list(options))
    return await member.select(message, [options[label]])


def button_labels(message: Any) -> list[str]:
    """Labels of a message's buttons (a discord.Message or a simcord response)."""
    out = []
    for row in message.components:
        children = row["components"] if isinstance(row, dict) else row.children
        for c in children:
            out.append(c["label"] if isinstance(c, dict) else c.label)
    return out


async def game_at(arena: Any, lpn: str, *, channel: Any = None, now: float | None = None) -> Any:
    """A game between Alice (White) and Bob (Black) stored at position ``lpn`` in ``channel``
    (as if a challenge had been accepted there without a thread), started at ``now``."""
    for m in (arena.alice, arena.bob):
        await arena.db.players.upsert_player(m.id, m.name)
    return await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=(channel or arena.channel).id,
        game_kind=lpn.split(":")[0],
        white_id=arena.alice.id,
        black_id=arena.bob.id,
        start_position=lpn,
        now=now if now is not None else arena.bot.now(),
    )


def rematch_challenge(channel: Any) -> Any:
    """The latest rematch challenge message in ``channel`` (a Rematch pressed in a game's thread
    posts it in the game's channel, where its game gets a thread of its own)."""
    for message in reversed(channel.history()):
        if "to a rematch of game #" in message.content and not message.flags.ephemeral:
            return message
    raise AssertionError("no rematch challenge")
