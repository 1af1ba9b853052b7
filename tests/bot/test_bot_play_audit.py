"""The play audit (issue 17): in a Russian server with players who chose Russian, and again in
Arabic (right to left, another script), every game
is played through every path a player can take -- /move (legal, out of turn, by a stranger,
malformed, illegal, oversized) and its suggestions, the Move button's menus and pickers, every
board button pressed by the wrong person, /draw, /takeback, /abort, /resign (asked, answered,
refused), the computer's turns and the end of a game for every reason -- and nothing the bot
showed holds English words (``english_in``), only the members' display names."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.errors import UserError, in_language, message_for
from bot.i18n import mark, translate
from rules import IllegalMoveError, PositionError
from rules.games import open_session

from .computer_helpers import challenge_the_bot
from .conftest import Arena
from .english_leaks import english_in
from .helpers import challenge_and_accept, components_of, game_at, last_board

GAMES = ["classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon", "ludo"]
NAMES = ("Alice", "Bob", "Carol", "Dora", "alice", "bob", "carol", "dora")
"""The members' display names: the only Latin words a reader may see in a row."""

AUDITED = ["ru", "ar"]
"""The audit's languages: a Cyrillic one and the right-to-left one."""

BAD_MOVES = ["zz", "♟️➡️🏆", "a2\u200b-a4", "   ", "x" * 70, "a" * 6000, "1-2-3-4-5", "O-O-O-O"]
"""Malformed moves of every kind (the oversized ones included)."""

ILLEGAL = {
    "classic": ["a1-h8", "h8-a1", "a2-a5"],
    "rugen": ["a1-h8", "h8-a1"],
    "schadler": ["a1-h8", "xd4", "@a1"],
    "lat": ["a1-h8", "h8-a1"],
    "chess": ["Ke2", "Qh5", "e5", "O-O", "Nxe4", "e8=Q", "exd5"],
    "draughts": ["11-16", "22-18", "1x10", "9-5", "11-15x"],
    "backgammon": ["13/11", "24/1", "6/off", "bar/20", "double", "take"],
    "ludo": ["B1", "R1-R2", "Y1", "double"],
}
"""Well-formed moves the rules refuse (some of them, depending on the position)."""


class Seen:
    """Everything the bot showed during the audit."""

    def __init__(self) -> None:
        self.items: list[Any] = []

    def __call__(self, result: Any) -> Any:
        if result is not None:
            self.items.append(getattr(result, "response", None))
            self.items.extend(getattr(result, "followups", None) or [])
        return result

    def choices(self, got: list[dict[str, Any]]) -> list[dict[str, Any]]:
        self.items.extend({"content": choice["name"]} for choice in got)
        return got

    def everything(self, arena: Arena) -> list[Any]:
        channels = [arena.channel, *arena.channel.threads]
        return [*self.items, *(m for c in channels for m in c.history())]

    def leaks(self, arena: Arena) -> str:
        """The English found, one line each (empty when there is none)."""
        names = (*NAMES, arena.bot.user.display_name)  # the bot is a member too
        found = english_in(self.everything(arena), allowed=names)
        return "\n".join(sorted({f"{phrase!r} in {text!r}" for phrase, text in found}))


@pytest.fixture(params=AUDITED)
def language(request: pytest.FixtureRequest) -> str:
    """The language the audited server and its players speak."""
    return str(request.param)


async def speak(arena: Arena, language: str) -> None:
    """The server's default is ``language``; Alice, Bob and Carol chose it too."""
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    await dora.slash(arena.channel, "language", server=language)
    for member in (arena.alice, arena.bob, arena.carol):
        await member.slash(arena.channel, "language", language=language)


async def start(arena: Arena, game_kind: str, seed: int = 3) -> tuple[Any, Any]:
    arena.bot.games.dice = random.Random(seed)
    if game_kind == "ludo":
        return await ludo_table(arena, [arena.alice, arena.bob])
    return await challenge_and_accept(arena, game_kind)


async def ludo_table(arena: Arena, members: list[Any]) -> tuple[Any, Any]:
    """``members[0]`` opens a ludo table, the others join (its buttons by their ids: their
    labels are Russian), the host starts it. Returns (game record, its thread)."""
    host = members[0]
    r = await host.slash(arena.channel, "challenge", variant="ludo")
    assert not r.ephemeral, r.response.content
    for member in members[1:]:
        await member.click(fresh(arena.channel, r.response), custom_id=ending(r.response, ":join"))
    await host.click(fresh(arena.channel, r.response), custom_id=ending(r.response, ":start"))
    game = max(await arena.db.games.active_games(user_id=host.id), key=lambda g: g.id)
    [thread] = [t for t in arena.channel.threads if t.id == game.thread_id]
    return game, thread


def fresh(channel: Any, message: Any) -> Any:
    """``message`` as it is now (after the bot's edits)."""
    return next((m for m in channel.history() if m.id == message.id), message)


def ending(message: Any, suffix: str) -> str:
    [cid] = [cid for cid in custom_ids(message) if cid.endswith(suffix)]
    return cid


async def state(arena: Arena, game_id: int) -> tuple[Any, Any, Any, Any]:
    """(record, session, the member to move, the other player)."""
    record = await arena.db.games.load_game(game_id)
    session = open_session(record.current_position)
    mover_id = record.player_at(session.to_move) if record.is_active else None
    members = {m.id: m for m in (arena.alice, arena.bob, arena.carol)}
    mover = members.get(mover_id) if mover_id else None
    other = next((m for m in (arena.alice, arena.bob) if m is not mover), arena.bob)
    return record, session, mover, other


def custom_ids(message: Any) -> list[str]:
    out = []
    for c in components_of(message):
        cid = c["custom_id"] if isinstance(c, dict) else getattr(c, "custom_id", None)
        if cid:
            out.append(str(cid))
    return out


async def press_everything_wrongly(seen: Seen, arena: Arena, where: Any, wrong: list[Any]) -> None:
    """Every button of the latest board, pressed by someone who may not press it."""
    board = last_board(where)
    for cid in custom_ids(board):
        for member in wrong:
            seen(await member.click(board, custom_id=cid))


async def walk_menus(
    seen: Seen, member: Any, message: Any, rng: random.Random, prefer: str = ""
) -> None:
    """Pick through a Move menu until a move is played (an option holding ``prefer`` if
    there is one, else at random; every step seen)."""
    for _ in range(12):
        if message is None or not message.components:
            return
        [*parts] = components_of(message)
        select = [c for c in parts if _kind(c) == 3]
        if select:
            options = _options(select[0])
            preferred = [o for o in options if prefer and prefer in o]
            preferred += [o for o in options if prefer and prefer[:2] in o]
            value = preferred[0] if preferred else rng.choice(options)
            result = seen(await member.select(message, [value]))
        else:
            cid = rng.choice(custom_ids(message))
            result = seen(await member.click(message, custom_id=cid))
        message = _latest(result, message)


def _kind(component: Any) -> int:
    kind = component["type"] if isinstance(component, dict) else component.type
    return int(getattr(kind, "value", kind))


def _options(select: Any) -> list[str]:
    options = select["options"] if isinstance(select, dict) else select.options
    return [o["value"] if isinstance(o, dict) else o.value for o in options]


def _latest(result: Any, message: Any) -> Any:
    """The menu's message after a pick (edited in place, or a new ephemeral reply)."""
    response = getattr(result, "response", None)
    if response is not None and getattr(response, "components", None):
        return response
    return None


async def move_paths(seen: Seen, arena: Arena, game_id: int, where: Any, seed: int) -> None:
    """A turn's every path: suggestions, refusals of every kind, the Move menus, a move."""
    rng = random.Random(seed)
    record, session, mover, other = await state(arena, game_id)
    if mover is None:
        return
    legal = [a for a in session.legal_actions() if a not in ("double",)]
    ref = f"#{game_id}"
    carol = arena.carol
    # suggestions for everyone: the player to move, the other one, a stranger
    for member in (mover, other, carol):
        for typed in ("", legal[0][:1] if legal else "a", "zzz", "a" * 120):
            seen.choices(await member.autocomplete(where, "move", "move", typed))
    # out of turn, by a stranger, from the channel with a wrong game number
    if legal:
        seen(await other.slash(where, "move", move=legal[0]))
        seen(await carol.slash(where, "move", move=legal[0]))
        seen(await carol.slash(arena.channel, "move", move=legal[0], game=ref))
    for bad_ref in ("abc", "#999", "9" * 40):
        seen(
            await mover.slash(arena.channel, "move", move=legal[0] if legal else "x", game=bad_ref)
        )
    # malformed and illegal moves
    for text in BAD_MOVES + ILLEGAL[record.game_kind]:
        if text in legal:
            continue
        seen(await mover.slash(where, "move", move=text))
    # the board's buttons pressed by the wrong people, then the Move menus by the mover
    await press_everything_wrongly(seen, arena, where, [other, carol])
    board = last_board(where)
    move_ids = [cid for cid in custom_ids(board) if cid.startswith("lat:move:")]
    if move_ids:
        menu = seen(await mover.click(board, custom_id=move_ids[0]))
        await walk_menus(seen, mover, menu.response, rng)
    else:  # ludo: a button for each token that can move (or Roll)
        actions = [cid for cid in custom_ids(board) if cid.startswith("lat:act:")]
        if actions:
            seen(await mover.click(board, custom_id=rng.choice(actions)))
            await arena.env.settle()


async def one_turn(seen: Seen, arena: Arena, game_id: int, where: Any, rng: random.Random) -> bool:
    """The player to move plays a legal action with /move; False when the game is over."""
    record, session, mover, _ = await state(arena, game_id)
    if mover is None or not record.is_active:
        return False
    legal = [a for a in session.legal_actions() if a != "double"] or session.legal_actions()
    seen(await mover.slash(where, "move", move=rng.choice(legal)))
    await arena.env.settle()
    return True


@pytest.mark.parametrize("game_kind", GAMES)
async def test_playing_shows_no_english(arena: Arena, game_kind: str, language: str) -> None:
    seen = Seen()
    await speak(arena, language)
    game, where = await start(arena, game_kind)
    n, ref = game.id, f"#{game.id}"
    rng = random.Random(7)
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    # before anything is played: a stranger's and a player's refusals, an abort refused
    seen(await carol.slash(where, "abort"))
    seen(await carol.slash(where, "draw"))
    seen(await carol.slash(where, "resign", game=ref))
    seen(await carol.slash(where, "takeback", game=ref))
    seen(await alice.slash(where, "takeback"))  # nothing to take back yet
    seen(await carol.slash(where, "board", game="#999"))
    seen(await carol.slash(where, "history", game="#999"))
    for _ in range(3):  # several turns, each with every path
        await move_paths(seen, arena, n, where, rng.randrange(1000))
        await one_turn(seen, arena, n, where, rng)
    record, _, mover, other = await state(arena, n)
    # both have moved: no abort; a takeback asked, refused by its asker, declined, accepted
    seen(await alice.slash(where, "abort"))
    seen(await other.slash(where, "takeback"))
    request = where.history()[-1]
    for cid in custom_ids(request):
        for member in (other, carol):  # the asker answers their own request; a stranger
            if cid in custom_ids(fresh(where, request)):
                seen(await member.click(fresh(where, request), custom_id=cid))
    no = [cid for cid in custom_ids(fresh(where, request)) if cid.endswith(":no")]
    if no:
        seen(await mover.click(fresh(where, request), custom_id=no[0]))
    seen(await other.slash(where, "takeback"))
    request = where.history()[-1]
    yes = [cid for cid in custom_ids(request) if cid.endswith(":yes")]
    if yes:
        seen(await mover.click(request, custom_id=yes[0]))
    seen(await other.slash(where, "takeback"))  # again: maybe nothing left to take back
    # a draw offered, refused to strangers, declined, offered again and lapsing with a move
    record, _, mover, other = await state(arena, n)
    seen(await other.slash(where, "draw"))
    seen(await other.slash(where, "draw"))  # twice
    offer = where.history()[-1]
    for cid in custom_ids(offer):
        for member in (carol, other):
            if cid in custom_ids(fresh(where, offer)):
                seen(await member.click(fresh(where, offer), custom_id=cid))
    no = [cid for cid in custom_ids(fresh(where, offer)) if cid.endswith(":no")]
    if no:
        seen(await mover.click(fresh(where, offer), custom_id=no[0]))
    seen(await mover.slash(where, "draw"))
    await one_turn(seen, arena, n, where, rng)
    seen(await alice.slash(where, "board"))
    seen(await alice.slash(where, "board", game=ref))
    seen(await alice.slash(where, "history"))
    # the end: a resignation, then everything refused in the finished game
    seen(await bob.slash(where, "resign"))
    seen(await bob.slash(where, "resign", game=ref))
    for command in ("draw", "takeback", "abort"):
        seen(await alice.slash(where, command, game=ref))
    seen(await alice.slash(where, "move", move="a1", game=ref))
    seen(await alice.slash(where, "move", move="a1"))
    seen.choices(await alice.autocomplete(where, "move", "move", ""))
    assert seen.leaks(arena) == ""


@pytest.mark.parametrize("game_kind", GAMES)
async def test_a_draw_agreed_and_an_abort_show_no_english(
    arena: Arena, game_kind: str, language: str
) -> None:
    seen = Seen()
    await speak(arena, language)
    game, where = await start(arena, game_kind, seed=5)
    seen(await arena.alice.slash(where, "abort"))  # before both sides moved: called off
    game, where = await start(arena, game_kind, seed=6)
    rng = random.Random(2)
    for _ in range(2):
        await one_turn(seen, arena, game.id, where, rng)
    _, _, mover, other = await state(arena, game.id)
    if game_kind in ("ludo", "backgammon"):
        seen(await other.slash(where, "draw"))  # no draws in these: refused
    else:
        r = seen(await other.slash(where, "draw"))
        offer = where.history()[-1]
        yes = [cid for cid in custom_ids(offer) if cid.endswith(":yes")]
        assert yes, (r.response.content, offer.content)
        seen(await mover.click(offer, custom_id=yes[0]))
    assert seen.leaks(arena) == ""


ENDINGS = [
    # chess: mate, stalemate
    ("chess:rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "Qh4#"),
    ("chess:7k/8/6Q1/8/8/8/8/K7 w - - 0 1", "Qf7"),
    # draughts: the last black piece taken
    ("draughts:W:W18:B14", "18x9"),
    # draughts: Black's last man blocked (no legal moves)
    ("draughts:W:W29,30:B21", "29-25"),
    # backgammon: White bears off the last checker
    ("backgammon:XGID=-A----------------------a-:0:0:1:61:0:0:0:0:10", "1/off"),
    # Latrunculi: Black's last soldier taken (no moves left)
    ("rugen:8/8/8/8/8/1S6/s7/S7 w", "b3-a3"),
]


PICKERS = [
    ("chess:4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7", "a8=Q"),  # the promotion picker
    ("draughts:B:W10,18,11,19:B6", "6", "6x15x22"),  # the capture that goes on
    ("backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "13", ""),  # steps
]


@pytest.mark.parametrize(("position", "prefer", "promote"), PICKERS)
async def test_the_move_pickers_show_no_english(
    arena: Arena,
    position: str,
    prefer: str,
    promote: str,
    language: str,
) -> None:
    """The Move button's pickers of the special cases: a promotion, a capture that goes
    on, backgammon's steps -- every step, then the move played (ludo's choice of token is
    its board's buttons, pressed in the play audit)."""
    seen = Seen()
    await speak(arena, language)
    record = await game_at(arena, open_session(position).position_text())  # canonical
    mover = arena.alice if open_session(position).to_move == "white" else arena.bob
    seen(await mover.slash(arena.channel, "board"))
    board = last_board(arena.channel)
    [move] = [cid for cid in custom_ids(board) if cid.startswith("lat:move:")]
    menu = seen(await mover.click(board, custom_id=move))
    await walk_menus(seen, mover, menu.response, random.Random(5), prefer=promote or prefer)
    for typed in ("", prefer, promote or prefer + "-"):
        seen.choices(await mover.autocomplete(arena.channel, "move", "move", typed))
    after = await arena.db.games.load_game(record.id)
    assert after.ply > record.ply  # a move was played through the pickers
    assert seen.leaks(arena) == ""


@pytest.mark.parametrize(("position", "move"), ENDINGS)
async def test_the_end_of_a_game_shows_no_english(
    arena: Arena, position: str, move: str, language: str
) -> None:
    seen = Seen()
    await speak(arena, language)
    record = await game_at(arena, open_session(position).position_text())  # canonical
    session = open_session(record.current_position)
    mover = arena.alice if session.to_move == "white" else arena.bob
    legal = session.legal_actions()
    assert move in legal, legal
    seen(await mover.slash(arena.channel, "move", move=move))
    record = await arena.db.games.load_game(record.id)
    assert not record.is_active
    seen(await mover.slash(arena.channel, "move", move=move, game=f"#{record.id}"))
    assert seen.leaks(arena) == ""


async def test_ludo_places_show_no_english(arena: Arena, language: str) -> None:
    """Three at a ludo table: Red finishes first, the game is over with its places."""
    seen = Seen()
    await speak(arena, language)
    for m in (arena.alice, arena.bob, arena.carol):
        await arena.db.players.upsert_player(m.id, m.name)
    record = await arena.db.games.create_game(
        guild_id=arena.guild.id,
        channel_id=arena.channel.id,
        game_kind="ludo",
        seats=[("red", arena.alice.id), ("blue", arena.bob.id), ("yellow", arena.carol.id)],
        start_position="ludo:R:F,F,F,42/B:B,B,B,B/Y:B,B,B,B R 2",
        now=arena.bot.now(),
    )
    seen(await arena.alice.slash(arena.channel, "move", move="42-F"))
    assert not (await arena.db.games.load_game(record.id)).is_active
    seen(await arena.bob.slash(arena.channel, "move", move="roll", game=f"#{record.id}"))
    assert seen.leaks(arena) == ""


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_game_lost_on_time_shows_no_english(arena: Arena, language: str) -> None:
    seen = Seen()
    await speak(arena, language)
    game, where = await start(arena, "chess")
    await arena.env.advance_time(16 * 60)
    assert not (await arena.db.games.load_game(game.id)).is_active
    assert seen.leaks(arena) == ""


@pytest.mark.parametrize("game_kind", GAMES)
async def test_the_computers_turns_show_no_english(
    arena: Arena, game_kind: str, language: str
) -> None:
    seen = Seen()
    await speak(arena, language)
    arena.bot.games.dice = random.Random(4)
    if game_kind == "ludo":
        return await _ludo_against_the_bot(seen, arena)
    game, where, r = await challenge_the_bot(arena, game_kind, level="easy", colour="white")
    seen(r)
    rng = random.Random(1)
    for _ in range(4):
        await move_paths(seen, arena, game.id, where, rng.randrange(1000))
        if not await one_turn(seen, arena, game.id, where, rng):
            break
    seen(await arena.alice.slash(where, "draw"))
    seen(await arena.alice.slash(where, "takeback"))
    seen(await arena.alice.slash(where, "resign"))
    assert seen.leaks(arena) == ""


async def _ludo_against_the_bot(seen: Seen, arena: Arena) -> None:
    r = seen(await arena.alice.slash(arena.channel, "challenge", variant="ludo"))
    table = r.response
    add = [cid for cid in custom_ids(table) if "bot" in cid]
    assert add, custom_ids(table)
    seen(await arena.alice.click(table, custom_id=add[0]))
    table = next(m for m in arena.channel.history() if m.id == table.id)
    start_ids = [cid for cid in custom_ids(table) if cid.endswith(":start")]
    seen(await arena.alice.click(table, custom_id=start_ids[0]))
    await arena.env.settle()
    [game] = await arena.db.games.active_games(user_id=arena.alice.id)
    [where] = [t for t in arena.channel.threads if t.id == game.thread_id]
    rng = random.Random(1)
    for _ in range(6):
        await move_paths(seen, arena, game.id, where, rng.randrange(1000))
        if not await one_turn(seen, arena, game.id, where, rng):
            break
    seen(await arena.alice.slash(where, "resign"))
    assert seen.leaks(arena) == ""


BAD_POSITIONS = {
    "chess": [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "kK6/8/8/8/8/8/8/8 w - - 0 1",
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        "classic:8/8 w",
    ],
    "draughts": [
        "draughts:W:W1,1:B2",
        "draughts:W:W33:B2",
        "draughts:W:B1:B2",
        "draughts:X",
        "draughts:W:W1,2,3,4,5,6,7,8,9,10,11,12,13:B20",
        "draughts:W:W3:B29",
    ],
    "backgammon": [
        "XGID=foo",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:3:10",  # a match: not a start
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:99",
        "XGID=--------------------------:0:0:1:00:0:0:0:0:10",
    ],
    "ludo": [
        "ludo:R:B,B,B,B R",
        "ludo:R:B,B,B,B/Y:B,B,B,B X",
        "ludo:R:B,B,B,B/Y:B,B,B,B R 7",
        "ludo:R:B,B,B/Y:B,B,B,B R",
        "ludo:R:B,B,B,Q/Y:B,B,B,B R",
        "ludo:R:B,B,B,B/R:B,B,B,B R",
        "ludo:R:F,F,F,F/Y:F,F,F,F R",
        "ludo:Q:B,B,B,B/Y:B,B,B,B R",
    ],
    "rugen": [
        "zzz",
        "rugen:zzz w",
        "rugen:8/8/8/8/8/8/8/8 q",
        "rugen:9/8/8/8/8/8/8/8 w",
        "rugen:8/8/8/8/8/8/8/7Z w",
        "rugen:8/8/8/8/8/8/8/8 w foo=1",
        "rugen:8/8/8/8/8/8/8/8 w clock=x",
        "rugen:8/8/8/8/8/8/8/0 w",
        "rugen:PPPPPPPP/PPPPPPPP/PPPPPPPP/8/8/8/8/8 w",
        "rugen:8/8/8 w",
    ],
    "classic": ["classic:8/8/8/8/8/8/8/8 w hand=1", "classic:8/8/8/8/8/8/8/8 w size=9x9"],
    "schadler": ["schadler:8/8/8/8/8/8/8/8 w hand=99,99", "schadler:8/8/8/8/8/8/8/K* w"],
    "lat": ["lat:8/8/8/8/8/8/8/8 w passes=5", "lat:8/8/8/8/8/8/8/8 w x"],
}
"""Custom start positions wrong in every way the rules core words: LPN, FEN (python-chess's
own complaints included), PDN FEN, XGID, ludo."""


async def test_bad_custom_positions_are_refused_without_english(
    arena: Arena, language: str
) -> None:
    seen = Seen()
    await speak(arena, language)
    for game_kind, positions in BAD_POSITIONS.items():
        for position in positions:
            r = seen(
                await arena.alice.slash(
                    arena.channel,
                    "challenge",
                    variant=game_kind,
                    opponent=arena.bob,
                    position=position,
                )
            )
            assert r.ephemeral, (game_kind, position, r.response.content)
    assert seen.leaks(arena) == ""


def test_the_position_errors_stay_english_in_the_rules_core() -> None:
    """``python -m rules`` prints ``str(error)``: the English sentence, as before, while the
    error carries its template and values for the bot."""
    cases = {
        "chess:8/8/8/8/8/8/8/8 w - - 0 1": (
            "'chess:8/8/8/8/8/8/8/8 w - - 0 1' is not a legal chess position: "
            "no white king, no black king, empty"
        ),
        "chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1": (
            "'chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1' is not a valid FEN: "
            "expected 8 rows in position part of fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP'"
        ),
        "classic:8/8/8 w": "a classic board is 8x8 or 12x8, not 8x3",
        "rugen:SSSSSSSS/SSSSSSSS/SSSSSSSS/8/8/8/8/8 w": (
            "white has 24 soldiers; a rugen side has at most 16"
        ),
        "draughts:W:W1,1:B2": (
            "'draughts:W:W1,1:B2': a white man cannot stand on 1, its crowning row"
        ),
        "backgammon:XGID=--------------------------:0:0:1:00:0:0:0:0:10": (
            "'backgammon:XGID=--------------------------:0:0:1:00:0:0:0:0:10': both sides "
            "have borne off every checker"
        ),
        "ludo:R:B,B,B,B R": "the colours are R/Y or R/B/Y or R/B/Y/G, clockwise from red (not R)",
    }
    for position, english in cases.items():
        with pytest.raises(PositionError) as caught:
            open_session(position)
        assert str(caught.value) == english
        template = caught.value.wording.template
        assert translate(template, "ru") != template, template


def test_a_position_error_is_said_in_the_players_language() -> None:
    """The rules core's template translated, its words (colours, python-chess's complaint)
    translated on their own, the player's input quoted literally in a code span."""
    with pytest.raises(PositionError) as caught:
        open_session("draughts:W:W1,1:B2")
    refusal = UserError(mark("That is not a valid position: {reason}."), reason=caught.value)
    assert refusal.in_language("ru").endswith(
        ": `draughts:W:W1,1:B2`: простая шашка (белые) не может стоять на 1, своём поле "
        "превращения в дамку."
    )
    assert in_language(caught.value.wording, "bg") == (
        "`draughts:W:W1,1:B2`: обикновен пул (белите) не може да стои на 1, реда си за "
        "превръщане в дама"
    )
    with pytest.raises(PositionError) as caught:
        open_session("chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1")
    assert in_language(caught.value.wording, "tr") == (
        "`chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1` geçerli bir FEN "
        "değil: FEN'in dizilim kısmında geçersiz karakter: "
        "`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ`"
    )
    with pytest.raises(PositionError) as caught:
        open_session("chess:8/8/8/8/8/8/8/8 w - - 0 1")
    assert in_language(caught.value.wording, "el").endswith(
        "δεν είναι έγκυρη θέση σκακιού: δεν υπάρχει λευκός βασιλιάς, δεν υπάρχει μαύρος "
        "βασιλιάς, κενή σκακιέρα"
    )
    with pytest.raises(PositionError) as caught:
        open_session("classic:8/8/8 w")
    assert in_language(caught.value.wording, "hr") == (
        "ploča igre classic je 8x8 ili 12x8, a ne 8x3"
    )


async def test_a_bad_fen_is_refused_in_russian(arena: Arena) -> None:
    await arena.alice.slash(arena.channel, "language", language="ru")
    r = await arena.alice.slash(
        arena.channel,
        "challenge",
        variant="chess",
        opponent=arena.bob,
        position="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    )
    assert r.ephemeral
    content = r.response.content
    assert (
        "`chess:rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1` — недопустимый FEN: "
        "недопустимая часть FEN для взятия на проходе: "
        "`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1`"
    ) in content, content
    assert await arena.db.challenges.pending_challenges(guild_id=arena.guild.id) == []


AMBIGUOUS = [
    ("chess:4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2", "(Nbd2 или Nfd2)"),
    ("draughts:W:W27,26:B23,15,22,14", "27x18", "27x18x11 или 27x18x9"),
    ("draughts:W:W27,26:B23,15,22,14", "26x10", "(26x17x10 или 26x19x10)"),
]


@pytest.mark.parametrize(("position", "move", "options"), AMBIGUOUS)
def test_ambiguous_moves_list_their_options_in_the_readers_language(
    position: str, move: str, options: str
) -> None:
    """The alternatives a refusal lists ("Nbd2 or Nfd2") are joined with the reader's "or"
    (the computer's games showed an English "or" between backgammon turns)."""
    with pytest.raises(IllegalMoveError) as caught:
        open_session(position).parse(move)
    assert " or " in str(caught.value)  # the command line's English, as before
    russian = message_for(caught.value, "ru")
    assert russian is not None and options in russian
    assert english_in([{"content": russian}]) == []
