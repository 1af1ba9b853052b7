"""The computer opponent's turns: whenever a board shows that a seat the computer plays is to
move, the bot thinks (in the worker process, never on the event loop) and plays its action
through the one move path, then posts the board like any player's move.

What sets a turn going is the board itself: :func:`bot.services.announce.mark_board` calls
:meth:`ComputerPlayer.board_posted` for every board it marks as announced (a game's first
board, a person's move, a catch-up board, a match's next game). The sweep calls
:meth:`ComputerPlayer.catch_up` at start-up and every minute, so a turn the bot had not
finished when it stopped (a restart while it was thinking) is played when it comes back:
everything is read from storage, nothing is remembered across a restart.

One task per game plays the computer's turns in a row (backgammon: roll or double, then the
checkers; ludo: several computer seats one after another) and ends when a person is to move.
Its moves are guarded like anyone's (``record_moves(expected_ply)``): a person who resigns or
aborts while the computer thinks simply wins the race, and the computer's move is dropped.

With several bot processes on one database, the task first claims the game in storage (kind
``computer``, a lease renewed after each action, released when it ends): a board posted in one
process and the sweep of another never both think about the same turn. A process that dies
mid-think leaves the claim to expire (:data:`~bot.services.claims.COMPUTER_LEASE`); the next
sweep of any process then plays the turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ai import AIError, Level
from ai.engines import engine_ids
from rules.errors import RulesError
from rules.games import Session
from storage import ConcurrencyError, GameRecord

from ..errors import UserError
from .claims import COMPUTER, COMPUTER_LEASE
from .games import Played, position_session

if TYPE_CHECKING:
    from ..client import GameBot

__all__ = [
    "ComputerPlayer",
    "Opponent",
    "computer_seat_to_move",
    "computer_games",
]

log = logging.getLogger(__name__)

CATCH_UP_BATCH = 100
"""Games looked at per sweep tick for a computer turn left unplayed (a restart)."""

ATTEMPTS = 2
"""Times a turn asks the engine before leaving it to the next sweep tick (a crashed or hung
worker process is replaced after the first failure)."""


class Opponent(Protocol):
    """The worker seam: :class:`ai.worker.AIWorker` in production (the search in its own
    process, with a deadline); tests may put a slower or gated one here, never anything
    between it and the bot's dispatch."""

    def start(self) -> None: ...

    async def close(self) -> None: ...

    async def choose(
        self,
        position: str,
        level: Level,
        time_limit: float | None = None,
        moves: Sequence[str] = (),
    ) -> str: ...


def computer_games() -> list[str]:
    """The game ids the computer can play (those with an engine registered in :mod:`ai`)."""
    return engine_ids()


def computer_seat_to_move(record: GameRecord, session: Session[Any] | None = None) -> str | None:
    """The seat to move when the computer plays it (and the game goes on), else ``None``."""
    if not record.is_active or not record.against_computer:
        return None
    seat = (session or position_session(record)).to_move
    try:
        return seat if record.seat(seat).is_computer else None
    except KeyError:  # pragma: no cover - the rules' seat is always one of the game's
        return None


class ComputerPlayer:
    """Plays the computer's seats: one task per game while the computer is to move."""

    def __init__(self, bot: GameBot, opponent: Opponent) -> None:
        self.bot = bot
        self.opponent = opponent
        self._tasks: dict[int, asyncio.Task[None]] = {}

    @property
    def thinking(self) -> frozenset[int]:
        """The games whose computer turn is being played now."""
        return frozenset(g for g, t in self._tasks.items() if not t.done())

    def board_posted(self, record: GameRecord) -> None:
        """A board of ``record`` was announced: if the computer is to move, start its turn."""
        if computer_seat_to_move(record) is not None:
            self.schedule(record.id)

    def schedule(self, game_id: int) -> bool:
        """Start playing the computer's turns in ``game_id`` unless that is under way; the
        running task plays every computer turn in a row, so nothing is missed."""
        task = self._tasks.get(game_id)
        if task is not None and not task.done():
            return False
        self._tasks[game_id] = asyncio.create_task(self._turns(game_id), name=f"computer-{game_id}")
        return True

    async def catch_up(self) -> int:
        """Start the computer's turns that are due and not being played (at start-up and every
        sweep tick); returns how many were started."""
        started = 0
        for record in await self.bot.db.games.computer_games(limit=CATCH_UP_BATCH):
            if record.needs_announcement:
                continue  # the catch-up of lost boards posts it first, then it is scheduled
            if computer_seat_to_move(record) is not None and self.schedule(record.id):
                log.info("game %d: resuming the computer's turn at ply %d", record.id, record.ply)
                started += 1
        return started

    async def wait(self, game_id: int) -> None:
        """Wait until the computer has played its turns in ``game_id`` (tests, shutdown)."""
        task = self._tasks.get(game_id)
        if task is not None:
            await asyncio.shield(task)

    async def close(self) -> None:
        """Stop every turn being thought about (shutdown): the move was not stored, so the
        next start plays it again (:meth:`catch_up`)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()

    # ----- one game's turns ----------------------------------------------------------------

    async def _turns(self, game_id: int) -> None:
        claims, owner = self.bot.db.claims, self.bot.claim_owner
        try:
            # Another bot process on the same database may be playing this game's turn
            # (its board was posted there): only the holder of the claim plays it.
            if not await claims.claim(
                COMPUTER, game_id, owner, lease=COMPUTER_LEASE, now=self.bot.now()
            ):
                log.debug("game %d: the computer's turn is played by another process", game_id)
                return
            try:
                while await self._play_one(game_id):
                    if not await claims.extend(
                        COMPUTER, game_id, owner, lease=COMPUTER_LEASE, now=self.bot.now()
                    ):
                        log.warning("game %d: the computer's claim was taken over", game_id)
                        break
            finally:
                # also when cancelled (shutdown): the next start, or another process, resumes
                # the turn at once instead of after the lease
                await self._release(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("game %d: the computer's turn failed; retried at the next sweep", game_id)
        finally:
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def _release(self, game_id: int) -> None:
        """Give the game's claim back; if the database is already closed (shutdown), the
        lease simply runs out (:data:`~bot.services.claims.COMPUTER_LEASE`)."""
        try:
            await self.bot.db.claims.release(COMPUTER, game_id, self.bot.claim_owner)
        except Exception as exc:
            log.info("game %d: the computer's claim not released (%s); it expires", game_id, exc)

    async def _play_one(self, game_id: int) -> bool:
        """Play one action of the computer in ``game_id`` and post its board; ``False`` when
        there is nothing (more) for it to do."""
        bot = self.bot
        record = await bot.db.games.load_game(game_id)
        if record is None or record.needs_announcement:
            return False
        session = await bot.games.session(record)
        seat = computer_seat_to_move(record, session)
        if seat is None:
            return False
        level = record.seat(seat).ai_level
        assert level is not None
        action = await self._choose(record, session, Level(level))
        if action is None:  # the engine could not answer: the next sweep tick tries again
            return False
        try:
            played = await bot.games.play_for_computer(record, seat, action)
        except (ConcurrencyError, UserError) as exc:  # a person ended it meanwhile
            log.info("game %d: the computer's %s was not played: %s", game_id, action, exc)
            return False
        await self._announce(played)
        return played.game.is_active

    async def _choose(self, record: GameRecord, session: Session[Any], level: Level) -> str | None:
        """The engine's action for the position at ``level``, asked again once if the worker
        crashed or overran (it has been replaced); ``None`` when it still cannot give a legal
        one. Never a random move: a player who chose a level gets that level's play, and a
        turn that could not be thought of is tried again at the next sweep tick
        (:meth:`catch_up`), the game waiting meanwhile as for a slow player."""
        # the game's start and its moves, not only the position: the repetition rules count
        # positions from where the game began
        moves = [m.move for m in await self.bot.db.games.game_moves(record.id)]
        limit = self.bot.settings.ai_time_limit(level.value)
        legal = session.legal_actions()
        for attempt in range(1, ATTEMPTS + 1):
            try:
                action = await self.opponent.choose(record.start_position, level, limit, moves)
            except AIError as exc:
                log.error(
                    "game %d: the engine failed at ply %d (attempt %d of %d): %s",
                    record.id,
                    record.ply,
                    attempt,
                    ATTEMPTS,
                    exc,
                )
                continue
            if action in legal:
                return action
            try:  # the engine may write an action differently (e.g. SAN for UCI)
                return session.format(session.parse(action))
            except (RulesError, ValueError) as exc:
                log.error(
                    "game %d: the engine chose %r, not legal at ply %d: %s",
                    record.id,
                    action,
                    record.ply,
                    exc,
                )
                return None  # an engine bug: asking again would give the same answer
        return None

    async def _announce(self, played: Played) -> None:
        """Post the board after the computer's action, as after a person's move."""
        from .pipeline import announce_played  # the pipeline builds on this module's service

        await announce_played(self.bot, played)
