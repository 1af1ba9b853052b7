"""The game service: load → rules check → ``record_move(expected_ply)`` → report.

``/move``, the Move button's selects and the tests all call :meth:`GameService.play_move` (or its
two halves :meth:`prepare` and :meth:`commit`), so there is one code path. Storage is the truth:
a move is checked against the game as stored, and it counts only once ``record_move`` with the
ply it was checked against has committed. Two moves for one turn therefore cannot both stand,
even across processes; a per-game ``asyncio.Lock`` merely saves the loser some work.

Every game goes through here the same way: the rules are a :class:`rules.games.Session` of the
game's id (chess, draughts, a Latrunculi rule set), and what the bot shows comes from the game's
presenter (:mod:`bot.presenters`). The only thing kept in memory is a cache of replayed sessions
(the history matters for the repetition rules); an entry is used only when its ply and position
match storage, so a loaded game carries its parsed state between moves; a game leaves it
when it ends (:meth:`GameService.forget`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator, Container
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from rules import Wording
from rules.games import (
    ActionResult,
    GameOutcome,
    GameRules,
    Reason,
    Session,
    find_game,
    is_automatic,
)
from storage import ConcurrencyError, Database, GameNotFound, GameOver, GameRecord, PlyToRecord

from ..clock import Clock, discord_clock
from ..errors import UserError, game_over_error, mark_plural
from ..i18n import mark
from ..presenters import Ply, presenter_for
from ..texts import code

__all__ = [
    "GameService",
    "bot_made",
    "PendingMove",
    "Played",
    "PlayedMove",
    "player_for",
    "player_to_move",
    "position_session",
    "refuse_leaving",
]

log = logging.getLogger(__name__)

_CACHE_SIZE = 512
MAX_MOVE_TEXT = 64
"""Longer than any legal move (a long multi-jump is ~30 characters); longer text is refused
before parsing so it is never echoed back."""
_MANY_HERE = 50
"""Games of one player in one channel that ``/move`` without ``game`` considers; with more it
asks which (a game waiting for them among more could not be told apart cheaply)."""
ROLL_WORD = "roll"
"""What a player types (or the Roll button sends) to have the bot throw the dice due."""


def bot_made(canonical: str) -> bool:
    """Whether a stored action is one the bot plays, not a move of the player's own: the
    rules' automatic actions (a forced pass, a roll of the bot's dice;
    :func:`rules.games.is_automatic`)."""
    return is_automatic(canonical)


LEAVING_IS_THE_BOTS = mark(
    "{move} was not played: only the bot records a player leaving the game (when their time "
    "runs out, or when they resign). To leave the game yourself, use `/resign`."
)
"""The refusal of a seat's leaving typed as a move (ludo's ``timeout:red``, ``resign:red``)."""


def refuse_leaving(rules: GameRules, text: str) -> None:
    """Refuse ``text`` when it is a seat leaving (ludo's ``timeout:red``): the rules core
    takes such plies so that stored games replay, but only the bot plays them -- for the clock,
    or for ``/resign``, which leaves the resigning player's own seat. Typed as a move, any
    player could make another leave, and with two seats win a rated game by it."""
    word = "".join(text.split()).lower()
    if rules.is_leave(word):
        raise UserError(LEAVING_IS_THE_BOTS, move=code(text.strip()))


TAKEN_BACK_MEANWHILE = mark(
    "Game #{game} changed before your action arrived: a takeback was accepted, so it is back "
    "at an earlier turn. Nothing was changed by your action; look at the latest board and "
    "try again."
)
"""The refusal of an action checked against a game whose plies a takeback removed meanwhile."""


def _state(record: GameRecord) -> tuple[object, ...]:
    """What changes whenever a game changes: a move, a takeback, an end."""
    return (record.status, record.ply, record.current_position, record.updated_at)


def changed_meanwhile(record: GameRecord, fresh: GameRecord | None) -> Exception:
    """Why an action checked against ``record`` cannot go on, now that the game reads
    ``fresh``: gone, over, taken back (its ply went down: only a takeback does that), or
    moved on -- the same refusals as a guarded write that lost the race."""
    if fresh is None:
        return GameNotFound(record.id)
    if not fresh.is_active:
        return GameOver(record.id, record.ply, fresh.ply, fresh.reason, fresh.game_kind)
    if fresh.ply < record.ply:
        return UserError(TAKEN_BACK_MEANWHILE, game=record.id)
    return ConcurrencyError(record.id, record.ply, fresh.ply)


ALREADY_OVER = mark("Game #{game} is already over.")
"""The refusal of resigning, aborting or offering a draw in a finished game."""

_GAME_REF = re.compile(r"#?\s*(\d{1,12})")


def player_for(record: GameRecord, seat: str) -> int:
    """The player in ``seat`` (``"white"``, ``"red"``…)."""
    return record.player_at(seat)


def player_to_move(record: GameRecord) -> int:
    """The id of the player whose turn it is in the stored position (any game)."""
    return player_for(record, position_session(record).to_move)


def position_session(record: GameRecord) -> Session[Any]:
    """A session at the stored current position, without its history: enough to read whose
    turn it is (never to judge repetitions; :meth:`GameService.session` replays for that)."""
    return find_game(record.game_kind).session(record.current_position)


@dataclass(frozen=True, slots=True)
class PlayedMove:
    ply: Ply
    player_id: int
    #: Played by the bot for a player who opted in (their only legal turn).
    auto: bool = False

    @property
    def result(self) -> ActionResult:
        return self.ply.result


@dataclass(slots=True)
class Played:
    """What a successful move did: the stored game afterwards and every ply it recorded
    (the player's move, then any actions the bot played for the next player)."""

    game: GameRecord
    moves: list[PlayedMove] = field(default_factory=list)
    session: Session[Any] | None = None

    @property
    def position(self) -> str:
        return self.moves[-1].ply.after


@dataclass(slots=True)
class PendingMove:
    """A move checked against the stored game, not yet committed."""

    record: GameRecord
    session: Session[Any]
    move: Any
    text: str
    user_id: int


class GameService:
    def __init__(self, db: Database, clock: Clock = discord_clock) -> None:
        self.db = db
        self.clock = clock
        #: The bot's dice (games with chance): the system's secure source, never the player's
        #: word. Tests replace it with a seeded ``random.Random``.
        self.dice: random.Random = secrets.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache: OrderedDict[int, Session[Any]] = OrderedDict()

    # ----- finding games ---------------------------------------------------------------------

    async def load(self, game_id: int) -> GameRecord:
        """The game with its settings (:attr:`GameRecord.settings`): one statement gives the
        interaction everything it reads."""
        record = await self.db.games.load_game(game_id, settings=True)
        if record is None:
            raise UserError(mark("There is no game #{game}."), game=game_id)
        return record

    async def load_here(self, game_id: int, guild_id: int | None) -> GameRecord:
        """The game as a user in ``guild_id`` may see it: a game is seen and played only in its
        own server. A game of another server is refused with the very words used for a game
        that does not exist, so game numbers tell nothing about other servers."""
        record = await self.db.games.load_game(game_id, settings=True)
        if record is None or guild_id is None or record.guild_id != guild_id:
            raise UserError(mark("There is no game #{game} in this server."), game=game_id)
        return record

    @staticmethod
    def parse_game_ref(text: str) -> int:
        m = _GAME_REF.fullmatch(text.strip())
        if not m:
            raise UserError(
                mark("{text} is not a game number; pick one from the list or type e.g. `#12`."),
                text=code(text),
            )
        return int(m.group(1))

    async def resolve(
        self,
        user_id: int,
        channel_id: int | None,
        game_ref: str | None,
        *,
        guild_id: int | None,
    ) -> GameRecord:
        """The game a player means: the one named by the ``game`` option (of this server only),
        else their only active game here, else -- with several here -- the only one waiting for
        their move (the others wait for the opponents, so that is the one they mean)."""
        if game_ref:
            record = await self.load_here(self.parse_game_ref(game_ref), guild_id)
            if record.seat_of(user_id) is None:
                raise UserError(mark("You are not playing in game #{game}."), game=record.id)
            return record
        games = await self.db.games.active_games(
            user_id=user_id,
            channel_id=channel_id,
            guild_id=guild_id,
            limit=_MANY_HERE + 1,
            settings=True,
        )
        if not games:
            if guild_id is not None and channel_id is not None:
                # in a finished game's thread its player means that game: say it is over
                # (a /takeback after the end had said "no active game")
                thread, _, _ = await self.db.games.games_here(
                    guild_id=guild_id, channel_id=channel_id, user_id=user_id
                )
                if thread is not None and not thread.is_active and thread.seat_of(user_id):
                    raise game_over_error(thread.id, thread.game_kind, thread.reason)
            here = await self.db.games.active_games(
                channel_id=channel_id, guild_id=guild_id, limit=5
            )
            if here:
                listed = ", ".join(f"#{g.id}" for g in here)
                raise UserError(
                    mark(
                        "You are not playing in the game here ({games}); only its players "
                        "can move, resign or offer a draw. Watch it with `/board`."
                    ),
                    games=listed,
                )
            raise UserError(
                mark(
                    "You have no active game in this channel. Start one with `/challenge`, "
                    "or name the game with the `game` option (see `/games`)."
                )
            )
        if len(games) == 1:
            return games[0]
        waiting = [g for g in games if player_to_move(g) == user_id]
        if len(waiting) == 1 and len(games) <= _MANY_HERE:
            return waiting[0]
        listed = ", ".join(f"#{g.id}" for g in games[:10]) + (", …" if len(games) > 10 else "")
        if len(games) > _MANY_HERE:
            raise UserError(
                mark_plural(
                    "You have more than {count} game here ({games}); choose one with the "
                    "`game` option.",
                    "You have more than {count} games here ({games}); choose one with the "
                    "`game` option.",
                ),
                count=_MANY_HERE,
                games=listed,
            )
        if not waiting:
            raise UserError(
                mark_plural(
                    "You have {count} game here ({games}), none waiting for your move; choose "
                    "one with the `game` option.",
                    "You have {count} games here ({games}), none waiting for your move; choose "
                    "one with the `game` option.",
                ),
                count=len(games),
                games=listed,
            )
        raise UserError(
            mark_plural(
                "You have {count} game here ({games}), {waiting} of them waiting for your "
                "move; choose one with the `game` option.",
                "You have {count} games here ({games}), {waiting} of them waiting for your "
                "move; choose one with the `game` option.",
            ),
            count=len(games),
            games=listed,
            waiting=len(waiting),
        )

    # ----- rules state -------------------------------------------------------------------------

    async def session(self, record: GameRecord, *, take: bool = False) -> Session[Any]:
        """The game's rules session at the stored ply (history replayed, so repetition
        counts).

        With ``take`` the cached session is removed from the cache: the caller will mutate it.
        """
        cached = self._cache.get(record.id)
        if (
            cached is not None
            and cached.ply == record.ply
            and cached.position_text() == record.current_position
        ):
            if take:
                del self._cache[record.id]
            else:
                self._cache.move_to_end(record.id)
            return cached
        session = await self._replay(record)
        if session.position_text() != record.current_position:
            # The record and its plies are two reads: a takeback (plies removed) or a takeback
            # and new moves stored by another process in between make them disagree. That is
            # the game changing under this caller, said as such; only a game that reads the
            # same again and still disagrees with its own plies is inconsistent.
            fresh = await self.db.games.load_game(record.id)
            if fresh is None or _state(fresh) != _state(record):
                raise changed_meanwhile(record, fresh)
            session = await self._replay(record)
        if session.position_text() != record.current_position:
            log.error(
                "game %d: replayed position %s differs from stored %s",
                record.id,
                session.position_text(),
                record.current_position,
            )
            raise UserError(
                mark("Game #{game} looks inconsistent; an admin has to look at it."),
                game=record.id,
            )
        if not take and record.is_active:
            self._remember(record.id, session)
        return session

    async def _replay(self, record: GameRecord) -> Session[Any]:
        """``record``'s start with its stored plies played, up to ``record.ply`` only: another
        process may have stored the next move since the record was read, and that move
        belongs to a later record -- this caller's move then loses the race cleanly."""
        session = find_game(record.game_kind).session(record.start_position)
        if record.ply:
            for stored in (await self.db.games.game_moves(record.id))[: record.ply]:
                session.play(stored.move)
        return session

    @property
    def cached_games(self) -> int:
        """How many replayed games are kept (the memory benchmark watches it)."""
        return len(self._cache)

    def forget(self, game_id: int) -> None:
        """Drop a finished game's replayed game: it is never played again, and each keeps its
        whole history (hundreds of kilobytes for a long game), so keeping the 512 most recent
        would hold finished games for nothing."""
        self._cache.pop(game_id, None)

    def _remember(self, game_id: int, session: Session[Any]) -> None:
        self._cache[game_id] = session
        self._cache.move_to_end(game_id)
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    # ----- moving ----------------------------------------------------------------------------

    @asynccontextmanager
    async def lock(self, game_id: int) -> AsyncIterator[None]:
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            yield

    def check_turn(self, record: GameRecord, session: Session[Any], user_id: int) -> None:
        if not record.is_active:
            raise game_over_error(record.id, record.game_kind, record.reason)
        if record.seat_of(user_id) is None:
            raise UserError(
                mark("You are not playing in game #{game}; only its players can move."),
                game=record.id,
            )
        to_move = session.to_move
        if player_for(record, to_move) != user_id and record.seat(to_move).is_computer:
            title = presenter_for(record.game_kind).seat_title(to_move)
            raise UserError(
                mark(
                    "It is the bot's turn in game #{game}: {player} ({seat}) is thinking about "
                    "its move. Nothing was played; your turn comes once its move is on the board."
                ),
                game=record.id,
                player=f"<@{player_for(record, to_move)}>",
                seat=Wording(title),
            )
        if player_for(record, to_move) != user_id:
            title = presenter_for(record.game_kind).seat_title(to_move)
            raise UserError(
                mark("It is not your turn in game #{game}: it is {player}'s move ({seat})."),
                game=record.id,
                player=f"<@{player_for(record, to_move)}>",
                seat=Wording(title),
            )

    async def current(self, game: GameRecord | int) -> GameRecord:
        """The game as it stands for a move: ``game`` as the caller read it (before taking
        the game's lock) when nothing was played here since, else read again -- a move this
        process stored meanwhile (the session held has another ply) must be seen, so that
        the loser of two clicks at once is refused as before. A change by another process
        is caught by the guarded write (:meth:`storage.games.GameRepository.record_moves`)."""
        if isinstance(game, int):
            return await self.load(game)
        cached = self._cache.get(game.id)
        if game.settings is None or (cached is not None and cached.ply != game.ply):
            return await self.load(game.id)
        return game

    async def prepare(
        self,
        game: GameRecord | int,
        user_id: int,
        text: str,
        *,
        expected_ply: int | None = None,
    ) -> PendingMove:
        """Check ``text`` as ``user_id``'s move in the stored game (raises with the reason).
        ``game`` is the game read by the caller (no second read when nothing changed here
        since: :meth:`current`) or its number."""
        if len(text) > MAX_MOVE_TEXT:
            record = await self.current(game)
            raise UserError(
                mark_plural(
                    "That is {count} character, far too long to be a move; expected {hint}. "
                    "Nothing was played.",
                    "That is {count} characters, far too long to be a move; expected {hint}. "
                    "Nothing was played.",
                ),
                count=len(text),
                hint=Wording(find_game(record.game_kind).move_hint),
            )
        record = await self.current(game)
        if expected_ply is not None and record.is_active and record.ply != expected_ply:
            raise UserError(
                mark(
                    "The game moved on since you opened this menu; nothing was played. "
                    "Press {button} again on the latest board."
                ),
                button=Wording(mark("Move")),
            )
        session = await self.session(record)
        self.check_turn(record, session, user_id)
        rules = find_game(record.game_kind)
        refuse_leaving(rules, text)
        text = self._player_text(session, text)
        move = session.parse(text)
        canonical = session.format(move)
        refuse_leaving(rules, canonical)  # however it was spelt, the bot's alone
        return PendingMove(record, session, move, canonical, user_id)

    def _player_text(self, session: Session[Any], text: str) -> str:
        """A player's ``roll`` becomes the bot's dice (``roll:5-2``); dice a player names
        themselves are refused: they are never the player's to choose."""
        word = text.strip().lower()
        if not word.startswith(ROLL_WORD):
            return text
        if word != ROLL_WORD:
            raise UserError(
                mark(
                    "{move} was not played: the bot rolls the dice. Press **{button}** or type "
                    "`roll`."
                ),
                move=code(text.strip()),
                button=Wording(mark("Roll")),
            )
        return session.roll(self.dice)  # refused with the reason when no roll is due

    def _bot_actions(
        self,
        record: GameRecord,
        session: Session[Any],
        played: Played,
        only_turns: Container[int] = (),
    ) -> None:
        """Play (in memory) what the bot plays for the next player: a forced pass, the dice
        due when the player has no choice but to roll, and — for the players in
        ``only_turns``, who opted in with ``/settings`` — a turn that is their only legal
        play (marked ``auto``, so the board says the bot played it)."""
        while session.outcome is None:
            forced = session.automatic(self.dice)
            auto = False
            if forced is None and player_for(record, session.to_move) in only_turns:
                forced = session.only_play()
                auto = forced is not None
            if not forced:
                break
            before = session.position_text()
            result = session.play(forced)
            ply = Ply(result, before, session.position_text())
            played.moves.append(PlayedMove(ply, player_for(record, result.seat), auto))

    async def _only_turns(self, record: GameRecord) -> set[int]:
        """The game's players who opted in to having their only legal turn played."""
        if not find_game(record.game_kind).has_only_plays:
            return set()  # the game has no such turns: no need to ask storage
        if record.settings is not None:  # read with the game
            players = record.settings.players
            return {
                uid for uid in record.player_ids if uid in players and players[uid].play_only_turn
            }
        return await self.db.players.playing_only_turns(record.player_ids)

    async def open(self, record: GameRecord) -> Played:
        """A new game's start: the bot's actions (backgammon's opening roll, thrown again on a
        tie), stored in one transaction, and the first mover's clock, which waits for their
        return if they are on vacation (as after any move). ``played.game`` is the stored
        game; ``played.moves`` is empty when the bot had nothing to do."""
        async with self.lock(record.id):
            session = await self.session(record, take=True)
            played = Played(record)
            self._bot_actions(record, session, played, await self._only_turns(record))
            if played.moves:
                return await self._store(record, session, played, 0)  # 0: the bot
            self._remember(record.id, session)
            played.game = await self.wait_for_return(record)
            return played

    async def wait_for_return(self, record: GameRecord) -> GameRecord:
        """Start the clock of a turn that begins now (a new game, a takeback) at the end of the
        player's vacation if they are away; returns the stored game. A move does the same in
        :meth:`_store`, in its own transaction."""
        mover = player_to_move(record)
        away = (await self.db.players.vacations([mover], self.clock())).get(mover)
        if away is not None and await self.db.games.pause_turn(record.id, record.ply, away):
            return await self.load(record.id)
        return record

    async def commit(self, pending: PendingMove) -> Played:
        """Record the prepared move and the actions the bot plays after it (a Latrunculi
        forced pass), in ONE transaction.

        Those are worked out in memory first and stored with the move by ``record_moves``: a
        crash can never leave a confirmed move without them (the next player would otherwise
        be asked to move a side that cannot).
        """
        record = pending.record
        only_turns = await self._only_turns(record)  # read before the session is taken
        session = await self.session(record, take=True)
        played = Played(record)
        move = session.parse(pending.text)
        before = session.position_text()
        result = session.push(move)
        played.moves.append(
            PlayedMove(Ply(result, before, session.position_text()), pending.user_id)
        )
        self._bot_actions(record, session, played, only_turns)
        return await self._store(record, session, played, pending.user_id)

    async def _store(
        self, record: GameRecord, session: Session[Any], played: Played, by: int
    ) -> Played:
        """Store ``played``'s plies in ONE transaction (undone in memory if that fails)."""
        plies = [
            PlyToRecord(pm.player_id, pm.result.canonical, pm.ply.after) for pm in played.moves
        ]
        now = self.clock()
        turn_since = now
        if session.outcome is None:  # the next player's clock waits for their vacation's end
            nxt = player_for(record, session.to_move)
            if record.settings is not None:  # read with the game
                until = record.settings.player(nxt).vacation_until
                turn_since = max(now, until) if until is not None else now
            else:
                away = await self.db.players.vacations([nxt], now)
                turn_since = max(now, away.get(nxt, now))
        try:
            record = await self.db.games.record_moves(
                record.id,
                record.ply,
                plies,
                outcome=session.outcome,
                now=now,
                turn_since=turn_since,
                known=record,
            )
        except BaseException:
            for _ in played.moves:
                session.pop()
            self._remember(record.id, session)
            raise
        log.info(
            "game %d ply %d: %s by %d",
            record.id,
            record.ply,
            " ".join(p.move for p in plies),
            by,
        )
        played.game = record
        played.session = session
        if record.is_active:
            self._remember(record.id, session)
        return played

    async def play_move(
        self,
        game: GameRecord | int,
        user_id: int,
        text: str,
        *,
        expected_ply: int | None = None,
    ) -> Played:
        """Check and commit one move: the path every way of moving goes through."""
        game_id = game if isinstance(game, int) else game.id
        async with self.lock(game_id):
            pending = await self.prepare(game, user_id, text, expected_ply=expected_ply)
            return await self.commit(pending)

    async def play_for_computer(self, seen: GameRecord, seat: str, action: str) -> Played:
        """Play the computer's ``action`` for ``seat`` in the game as it was ``seen`` when the
        computer began to think: through the same guarded commit as a person's move, so a
        resignation, an abort or any other change meanwhile wins and nothing is played
        (:class:`UserError`). A ``roll`` is the bot's dice, as for people."""
        async with self.lock(seen.id):
            record = await self.load(seen.id)
            if not record.is_active:
                raise game_over_error(record.id, record.game_kind, record.reason)
            if record.ply != seen.ply:
                raise UserError(
                    mark("Game #{game} moved on while the computer was thinking."), game=record.id
                )
            session = await self.session(record)
            if session.to_move != seat or not record.seat(seat).is_computer:
                raise UserError(
                    mark("It is not the computer's turn in game #{game}."), game=record.id
                )
            text = self._player_text(session, action)
            move = session.parse(text)
            player = record.player_at(seat)
            return await self.commit(
                PendingMove(record, session, move, session.format(move), player)
            )

    # ----- other ways to end a game -------------------------------------------------------------

    async def leave(self, record: GameRecord, seat: str, reason: Reason) -> Played:
        """``seat`` leaves a game where seats leave (ludo: resigned or out of time) while the
        others play on: a ply of its own (``resign:red``) and the bot's actions for the next
        player, in ONE transaction guarded by ``record``'s ply (a move landing first wins:
        :class:`storage.ConcurrencyError`). The last one left wins."""
        rules = find_game(record.game_kind)
        leaver = player_for(record, seat)
        async with self.lock(record.id):
            session = await self.session(record, take=True)
            played = Played(record)
            before = session.position_text()
            result = session.play(rules.leave_action(seat, reason))
            ply = Ply(result, before, session.position_text())
            played.moves.append(PlayedMove(ply, leaver))
            self._bot_actions(record, session, played)
            played = await self._store(record, session, played, leaver)
        if not played.game.is_active:
            self.forget(record.id)
        return played

    async def resign(self, record: GameRecord, user_id: int) -> GameRecord:
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError(
                mark("You are not playing in game #{game}; only its players can resign."),
                game=record.id,
            )
        if not record.is_active:
            raise UserError(ALREADY_OVER, game=record.id)
        if find_game(record.game_kind).seats_leave:  # the others play on
            return (await self.leave(record, seat, Reason.RESIGNATION)).game
        outcome = position_session(record).conceded(seat, Reason.RESIGNATION)
        async with self.lock(record.id):
            record = await self.db.games.finish_game(
                record.id, record.ply, outcome, now=self.clock()
            )
        self.forget(record.id)
        return record

    async def abort(self, record: GameRecord, user_id: int) -> GameRecord:
        """Call off a game that has not really started: no result, no records.

        Allowed while the rules say so (:meth:`rules.games.Session.may_abort`: at most one
        side has made a move of its own; in ludo nobody). A forced pass is not a move of one's
        own (the rules played it), so White moving and Black being passed for leaves the game
        abortable by either player. Later, the players have committed to the
        game: they resign or agree a draw instead. Guarded by the ply read here, so an abort
        racing a move leaves exactly one of the two.
        """
        if record.seat_of(user_id) is None:
            raise UserError(
                mark("You are not playing in game #{game}; only its players can abort it."),
                game=record.id,
            )
        if not record.is_active:
            raise UserError(ALREADY_OVER, game=record.id)
        enough = find_game(record.game_kind).own_moves_to_abort
        # fewer plies than that cannot hold that many seats' own moves: no replay needed
        if record.ply >= enough and not (await self.session(record)).may_abort():
            if enough == 1:
                raise UserError(
                    mark(
                        "Game #{game} is under way: a token has moved, so it can no longer be "
                        "aborted. Use `/resign` to leave it (the others play on)."
                    ),
                    game=record.id,
                )
            raise UserError(
                mark(
                    "Game #{game} is under way: both sides have moved, so it can no longer "
                    "be aborted. Use `/resign` to give it up, or `/draw` to offer a draw."
                ),
                game=record.id,
            )
        async with self.lock(record.id):
            record = await self.db.games.finish_game(
                record.id, record.ply, GameOutcome(None, Reason.ABORTED), now=self.clock()
            )
        self.forget(record.id)
        return record
