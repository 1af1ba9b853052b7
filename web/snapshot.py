"""A game as the live board shows it: players, whose turn, the rules' position view, the
legal actions, the moves, the result and the clock -- built from storage and the rules core,
once per change of the game (every open page of it shares the same snapshot)."""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rules.games import ActionResult, find_game, is_automatic
from rules.games.effects import effects_json
from rules.games.view import actions_json
from storage import Database, GameRecord

__all__ = ["GameState", "Snapshots"]

_CACHE = 256


@dataclass(frozen=True, slots=True)
class GameState:
    """One game at one moment: ``public`` is what anyone allowed to watch sees; ``actions``
    (the legal actions of the seat to move) go to that seat's player only."""

    record: GameRecord
    public: dict[str, Any]
    actions: list[dict[str, object]]
    mover_id: int | None
    """The user whose move it is (``None``: over, or a computer's turn)."""
    encoded: dict[int | None, bytes] = field(default_factory=dict, compare=False)
    """Each reader's pushed event, made once per state (every spectator shares one)."""

    def event(self, user_id: int | None, extra: dict[str, Any]) -> bytes:
        """The Server-Sent Event of this state for ``user_id`` (``None``: a spectator); only
        the player to move gets one of their own (their actions)."""
        key = user_id if user_id is not None and self.record.seat_of(user_id) else None
        body = self.encoded.get(key)
        if body is None:
            data = {**self.for_user(key), **extra}
            text = json.dumps(data, separators=(",", ":"))
            body = self.encoded[key] = f"id: {self.record.ply}\ndata: {text}\n\n".encode()
        return body

    def for_user(self, user_id: int | None) -> dict[str, Any]:
        """The snapshot as ``user_id`` (or a spectator, ``None``) receives it."""
        data = dict(self.public)
        seat = self.record.seat_of(user_id) if user_id is not None else None
        data["me"] = {"user_id": str(user_id) if user_id else None, "seat": seat}
        data["actions"] = self.actions if user_id is not None and user_id == self.mover_id else []
        return data


def _state_key(record: GameRecord) -> tuple[object, ...]:
    return (
        record.status,
        record.ply,
        record.current_position,
        record.updated_at,
        record.turn_since,
        record.draw_offer_by,
    )


def _name(record: GameRecord, user_id: int) -> str:
    if record.settings is not None:
        name = record.settings.player(user_id).display_name
        if name:
            return name
    return f"Player {user_id}"


class Snapshots:
    """Builds and caches :class:`GameState` per game (replaying its plies once per change)."""

    def __init__(
        self, db: Database, move_timeout: float | None, clock: Callable[[], float] = time.time
    ) -> None:
        self.db = db
        self.clock = clock
        """The bot's clock (the one ``turn_since`` was written with), for the clocks' ``now``."""
        self.move_timeout = move_timeout
        self._cache: OrderedDict[int, tuple[tuple[object, ...], GameState]] = OrderedDict()
        self._fresh: dict[int, GameState] = {}
        self._building: dict[int, asyncio.Future[GameState | None]] = {}
        self._generation: dict[int, int] = {}

    def invalidate(self, game_id: int) -> None:
        """``game_id`` changed (storage said so): the next :meth:`current` reads it again."""
        self._generation[game_id] = self._generation.get(game_id, 0) + 1
        self._fresh.pop(game_id, None)
        self._building.pop(game_id, None)

    async def current(self, game_id: int) -> GameState | None:
        """The game as the pushed pages show it: read from storage once per change however
        many pages follow it (one read, shared by every open page; the rest wait for it)."""
        state = self._fresh.get(game_id)
        if state is not None:
            return state
        building = self._building.get(game_id)
        if building is None:
            generation = self._generation.get(game_id, 0)
            building = asyncio.ensure_future(self.state(game_id))
            self._building[game_id] = building

            def built(done: asyncio.Future[GameState | None]) -> None:
                if self._building.get(game_id) is done:
                    del self._building[game_id]
                if (
                    not done.cancelled()
                    and done.exception() is None
                    and done.result() is not None
                    and self._generation.get(game_id, 0) == generation
                ):
                    self._fresh[game_id] = done.result()  # type: ignore[assignment]
                    if len(self._fresh) > _CACHE:
                        self._fresh.pop(next(iter(self._fresh)))

            building.add_done_callback(built)
        return await asyncio.shield(building)

    async def state(self, game_id: int) -> GameState | None:
        """The game as it stands now (``None``: no such game)."""
        record = await self.db.games.load_game(game_id, settings=True)
        if record is None:
            return None
        key = _state_key(record)
        cached = self._cache.get(game_id)
        if cached is not None and cached[0] == key:
            self._cache.move_to_end(game_id)
            return cached[1]
        state = await self._build(record)
        self._cache[game_id] = (key, state)
        while len(self._cache) > _CACHE:
            self._cache.popitem(last=False)
        return state

    async def _build(self, record: GameRecord) -> GameState:
        rules = find_game(record.game_kind)
        session = rules.session(record.start_position)
        moves = await self.db.games.game_moves(record.id)
        results: list[ActionResult] = []
        for stored in moves[: record.ply]:
            results.append(session.play(stored.move))
        # the effects since the last move of a player's own (rolls and passes after it too)
        recent: list[dict[str, object]] = []
        for i in range(len(results) - 1, -1, -1):
            recent.insert(0, {"ply": i + 1, "effects": effects_json(results[i].effects)})
            if not is_automatic(results[i].canonical):
                break
        active = record.is_active and session.outcome is None
        mover_id: int | None = None
        actions: list[dict[str, object]] = []
        deadline: float | None = None
        if active:
            seat = record.seat(session.to_move)
            if not seat.is_computer:
                mover_id = seat.player_id
                actions = actions_json(session.action_views())
            if self.move_timeout is not None:
                deadline = record.turn_since + self.move_timeout
        public: dict[str, Any] = {
            "id": record.id,
            "variant": record.game_kind,
            "title": rules.name,
            "status": record.status,
            "ply": record.ply,
            "rated": record.rated,
            "seats": [
                {
                    "seat": s.name,
                    "player_id": str(s.player_id),
                    "name": _name(record, s.player_id),
                    "computer": s.ai_level if s.is_computer else None,
                }
                for s in record.seats
            ],
            "to_move": session.to_move if active else None,
            "view": session.view().as_json(),
            "moves": [
                {
                    "ply": i + 1,
                    "seat": r.seat,
                    "text": r.canonical,
                    "auto": is_automatic(r.canonical),
                }
                for i, r in enumerate(results)
            ],
            "recent": recent,
            "result": None
            if record.is_active
            else {
                "winner": record.winner,
                "reason": record.reason,
                "places": list(record.places),
                "points": record.points,
            },
            "clock": {"turn_since": record.turn_since, "deadline": deadline, "now": self.clock()},
            "draw_offer": str(record.pending_draw_offer) if record.pending_draw_offer else None,
        }
        return GameState(record, public, actions, mover_id)
