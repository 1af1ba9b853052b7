"""Helpers shared by the bot tests: start games, find the latest board, read its picture."""

from __future__ import annotations

from typing import Any

from rules import Game

from .conftest import open_png


async def challenge_and_accept(
    arena: Any,
    variant: str = "rugen",
    *,
    challenger: Any = None,
    opponent: Any = None,
    colour: str = "white",
    options: str | None = None,
    channel: Any = None,
) -> tuple[Any, Any]:
    """``challenger`` challenges ``opponent`` (playing ``colour``), who accepts.

    Returns (game record, the channel or thread the game is played in).
    """
    challenger = challenger or arena.alice
    opponent = opponent or arena.bob
    channel = channel or arena.channel
    kwargs: dict[str, Any] = {"variant": variant, "opponent": opponent, "colour": colour}
    if options:
        kwargs["options"] = options
    r = await challenger.slash(channel, "challenge", **kwargs)
    assert not r.ephemeral, r.response.content
    r2 = await opponent.click(r.response, label="Accept")
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
    return await arena.bot.games.rules_game(record)


def player(arena: Any, record: Any, side_value: str) -> Any:
    uid = record.white_id if side_value == "white" else record.black_id
    return next(m for m in (arena.alice, arena.bob, arena.carol) if m.id == uid)
