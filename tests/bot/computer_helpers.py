"""Helpers for the tests against the computer opponent: the bot as an opponent option, a
challenge to it, a person's side of a game played to its end, and a worker that thinks for as
long as a test wants."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from typing import Any

from simcord.actors import MemberActor
from simcord.builders import UserHandle

from ai import Level

from .conftest import SharedWorker


def the_bot(arena: Any) -> Any:
    """The bot itself as a member of the arena's server (what a player picks as opponent)."""
    return MemberActor(arena.env, arena.guild, UserHandle(arena.env, arena.env.backend.bot_user))


async def challenge_the_bot(
    arena: Any,
    game_kind: str = "rugen",
    *,
    level: str | None = "easy",
    colour: str = "white",
    options: str | None = None,
    member: Any = None,
) -> tuple[Any, Any, Any]:
    """``member`` (Alice) challenges the bot; returns (game record, its thread, the reply)."""
    member = member or arena.alice
    kwargs: dict[str, Any] = {"variant": game_kind, "opponent": the_bot(arena), "colour": colour}
    if level is not None:
        kwargs["level"] = level
    if options:
        kwargs["options"] = options
    r = await member.slash(arena.channel, "challenge", **kwargs)
    assert not r.ephemeral, r.response.content
    await arena.env.settle()
    games = await arena.db.games.active_games(user_id=member.id)
    game = max(games, key=lambda g: g.id)
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    return game, thread, r


def person_choice(session: Any, rng: random.Random) -> str:
    """What the person plays in these tests: the first action that ends the game, else a
    capture-looking one (``x`` in its notation) or any, at random. Backgammon and ludo dice
    are asked for with ``roll`` (the bot's dice), a double is always taken."""
    legal = session.legal_actions()
    if "take" in legal:
        return "take"
    if legal == ["roll"] or "roll" in legal:
        return "roll"
    legal = [a for a in legal if a != "double"]
    for action in legal:
        session.push(session.parse(action))
        over = session.outcome is not None
        session.pop()
        if over:
            return action
    captures = [a for a in legal if "x" in a or "*" in a]
    return rng.choice(captures or legal)


class GatedWorker(SharedWorker):
    """The real worker behind a gate: the computer "thinks" until the test opens the gate
    (declared to simcord as an external wait, so the bot settles meanwhile), then the real
    engine chooses. Stands only at the worker seam; the bot's dispatch is the real one."""

    def __init__(self, shared: SharedWorker, env: Any) -> None:
        super().__init__(shared.worker)
        self.env = env
        self.gate = asyncio.Event()
        self.asked: list[str] = []

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str:
        self.asked.append(position)
        await self.env.external_wait(self.gate.wait(), reason="the engine is thinking (test)")
        return await super().choose(position, level, time_limit, moves)
