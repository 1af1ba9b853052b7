"""The language audit of the boards (issue 17, domain ``boards``): in a server whose default is
Russian (``/language server:`` ru; and again in Arabic), with players who chose it, every game
is played for a few moves — the four Latrunculi rule sets, chess, draughts, backgammon (with a
double offered and taken), ludo — with a draw offer, a takeback request, ``/board``,
``/history``, ``/games`` over several pages, the Move button and its menus, a reminder and a
timeout, a board whose post failed and its catch-up, ``/rules``, the end of games and their
replays. Every message in the channel and the game threads, every reply (public or private)
and every suggestion is collected, and so is every word drawn on a picture (boards, replays,
``/rules``' start): none may hold English (two Latin words in a row,
:mod:`tests.bot.english_leaks`, nor a one-word text of the catalogs left in English, such as
a button's "Decline"). Only the members' names are allowed (and, once, the start position's
notation in ``/rules``' footer)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from PIL import ImageDraw

from bot.i18n import catalog, translate
from rules.games import find_game

from .english_leaks import _CODE, _LINK, _MENTION, english_in, english_phrases, texts_of
from .helpers import _get, challenge_and_accept, components_of, game_at, last_board
from .test_bot_boards_language import set_server_language

MIN = 60
NAMES = ("Alice", "Bob", "Carol", "Dora", "alice", "bob")
"""The members' names (display names, and the user names :func:`game_at` stores): the only
Latin words a Russian server may show."""


class Audit:
    """Everything the members were shown: replies and their follow-ups, suggestions, and (at
    the end) every message of the channel and of its threads, ephemeral ones included."""

    def __init__(self, arena: Any, language: str, notation: tuple[str, ...] = ()) -> None:
        self.arena = arena
        self.language = language
        self.allowed = NAMES + notation
        self.seen: list[Any] = []

    def add(self, result: Any) -> Any:
        """Note what ``result`` showed, as it stands now (a message edited later, e.g. a
        draw offer once answered, loses its buttons)."""
        if result is None:
            return result
        for message in (getattr(result, "response", None), *(result.followups or ())):
            if message is not None:
                self.seen.extend({"content": text} for text in texts_of(message))
        self.seen.extend({"content": text} for m in self.history() for text in texts_of(m))
        return result

    async def slash(self, member: Any, where: Any, command: str, **options: Any) -> Any:
        return self.add(await member.slash(where, command, **options))

    async def click(self, member: Any, message: Any, ending: str) -> Any:
        """Click the button of ``message`` whose custom id ends with ``ending`` (labels are
        Russian here, so buttons are found by their ids)."""
        [custom_id] = [
            _get(c, "custom_id")
            for c in components_of(message)
            if str(_get(c, "custom_id")).endswith(ending)
        ][:1]
        return self.add(await member.click(message, custom_id=custom_id))

    async def record(self, member: Any, where: Any, game_id: int) -> None:
        """``/history``, and the game's record file read as players read it (ludo's record is
        written for people, in the game's language: not a format's English tags), its
        notation (positions, moves such as ``resign:red``) left out."""
        r = await self.slash(member, where, "history")
        [record] = [a for a in r.response.attachments if a.filename.endswith(".txt")]
        text = (await record.read()).decode()
        stored = await self.arena.db.games.load_game(game_id)
        moves = [m.move for m in await self.arena.db.games.game_moves(game_id)]
        notation = [stored.start_position, stored.current_position, *moves]
        for word in sorted(notation, key=len, reverse=True):
            text = text.replace(word, " ")
        self.seen.extend({"content": line} for line in text.splitlines())

    async def suggestions(self, member: Any, where: Any, command: str, option: str) -> list:
        got = await member.autocomplete(where, command, option, "")
        self.seen.extend({"content": choice["name"]} for choice in got)
        return got

    def history(self) -> list[Any]:
        """The channel's and its threads' messages as they stand (ephemeral ones too)."""
        channel = self.arena.channel
        out = list(channel.history())
        for thread in channel.threads:
            out.extend(thread.history())
        return out

    def messages(self) -> list[Any]:
        return [*self.seen, *self.history()]

    def leaks(self) -> list[tuple[str, str]]:
        return sorted(set(english_in(self.messages(), allowed=self.allowed)))


@pytest.fixture
def drawn(monkeypatch) -> list[str]:
    """Every text drawn on a picture (Pillow's one way of drawing text, whichever module of
    ``rendering`` draws it: captions, names, statuses, coordinates, dice, replay frames)."""
    texts: list[str] = []
    original = ImageDraw.ImageDraw.text

    def spy(self: Any, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        texts.append(str(text))
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    return texts


def picture_leaks(drawn: list[str]) -> list[tuple[str, str]]:
    return sorted({(p, text) for text in drawn for p in english_phrases(text, NAMES)})


@pytest.fixture(params=["ru", "ar"])
def language(request) -> str:
    """Russian (Cyrillic) and Arabic (right to left): neither has any business showing two
    Latin words in a row."""
    return request.param


async def foreign_server(arena: Any, audit: Audit, language: str) -> None:
    """The server's default and each member's own choice: ``language``."""
    await set_server_language(arena, language)
    for member in (arena.alice, arena.bob, arena.carol):
        await audit.slash(member, arena.channel, "language", language=language)


async def mover_of(arena: Any, game_id: int) -> Any:
    record = await arena.db.games.load_game(game_id)
    session = await arena.bot.games.session(record)
    uid = record.player_at(session.to_move)
    return next(m for m in (arena.alice, arena.bob, arena.carol) if m.id == uid)


async def play_suggested(arena: Any, audit: Audit, where: Any, game_id: int, plies: int) -> None:
    """The player to move plays ``/move``'s first suggestion, ``plies`` times."""
    for _ in range(plies):
        member = await mover_of(arena, game_id)
        got = await audit.suggestions(member, where, "move", "move")
        assert got, "no suggestion"
        r = await audit.slash(member, where, "move", move=got[0]["value"])
        assert not r.ephemeral, r.response.content


async def play_by_menus(arena: Any, audit: Audit, where: Any, game_id: int) -> None:
    """The player to move plays through the board's Move button and its menus (always the
    first choice, a move as soon as one is offered)."""
    member = await mover_of(arena, game_id)
    r = await audit.click(member, last_board(where), f"move:{game_id}")
    assert r.ephemeral, r.response.content
    message = r.response
    for _ in range(8):
        [component] = [c for c in components_of(message) if _get(c, "type") in (2, 3)][:1]
        if _get(component, "type") == 2:
            await audit.click(member, message, _get(component, "custom_id"))
            return
        values = [_get(o, "value") for o in _get(component, "options")]
        value = next((v for v in values if v.startswith("play:")), values[0])
        r = audit.add(await member.select(message, [value]))
        if value.startswith("play:"):
            return
        message = r.response or message
    raise AssertionError("no move reached through the Move menus")


def untranslated_words(language: str) -> set[str]:
    """The catalogs' one-word English texts that ``language`` says otherwise ("Move",
    "Decline", "Chess", "Red", "◀ Previous"): a single Latin word is no phrase, so these are
    looked for by name."""
    found = catalog(language)
    assert found is not None
    words = set()
    for m in found:
        alone = re.fullmatch(r"\W*([A-Za-z][a-z]{2,})\W*", m.id) if isinstance(m.id, str) else None
        if alone and translate(m.id, language) != m.id:  # "◀ Previous": Previous
            words.add(alone.group(1))
    return words


def single_words(texts: list[str], words: set[str], allowed: tuple[str, ...]) -> list[tuple]:
    """``(word, text)`` for each of ``words`` standing alone (as a word) in ``texts``, once
    the allowed names, code spans, links and mentions are taken out."""
    found = set()
    for text in texts:
        bare = text
        for name in allowed:
            bare = bare.replace(name, " ")
        for pattern in (_CODE, _LINK, _MENTION):
            bare = pattern.sub(" ", bare)
        found.update((w, text) for w in re.findall(r"[A-Za-z]+", bare) if w in words)
    return sorted(found)


def assert_no_english(audit: Audit, drawn: list[str]) -> None:
    """Nothing English in what was shown, nor on the pictures (each leak listed whole): no
    phrase, and no one-word text of the catalogs left in English."""
    leaks = [("message", *leak) for leak in audit.leaks()]
    leaks += [("picture", *leak) for leak in picture_leaks(drawn)]
    words = untranslated_words(audit.language)
    shown = [text for m in audit.messages() for text in texts_of(m)]
    leaks += [("message", *leak) for leak in single_words(shown, words, audit.allowed)]
    leaks += [("picture", *leak) for leak in single_words(drawn, words, audit.allowed)]
    assert not leaks, "\n".join(f"{where}: {phrase!r} in {text!r}" for where, phrase, text in leaks)


@pytest.mark.simcord(settle_timeout=60)  # final boards' replay GIFs
async def test_latrunculi_draws_takebacks_boards_history_and_games_in_the_servers_language(
    arena, drawn, language
) -> None:
    # /rules' footer gives the start as notation (an embed's footer shows no code span)
    audit = Audit(arena, language, notation=(find_game("rugen").start(),))
    alice, bob = arena.alice, arena.bob
    await foreign_server(arena, audit, language)
    games = []
    for game_kind in ("classic", "rugen", "schadler", "lat"):
        game, where = await challenge_and_accept(arena, game_kind)
        games.append((game, where))
        await play_suggested(arena, audit, where, game.id, 2)
        await play_by_menus(arena, audit, where, game.id)
    game, where = games[1]  # rugen: Bob to move

    offer = await audit.slash(bob, where, "draw")
    await audit.click(alice, last_message(where, offer), ":no")
    await play_suggested(arena, audit, where, game.id, 1)  # Bob
    ask = await audit.slash(bob, where, "takeback")
    await audit.click(alice, last_message(where, ask), ":yes")

    await audit.slash(alice, where, "board")
    await audit.slash(alice, where, "board", private=True)
    await audit.suggestions(alice, arena.channel, "board", "game")
    await audit.slash(alice, where, "history")
    await audit.slash(alice, arena.channel, "rules", variant="rugen")

    for _ in range(40):  # /games over several pages
        await game_at(arena, find_game("rugen").start())
    first = await audit.slash(alice, arena.channel, "games")
    nxt = await audit.click(alice, first.response, ":next")
    await audit.click(alice, nxt.response, ":prev")

    await audit.slash(bob, games[0][1], "resign")  # the end of a game, its replay
    await audit.slash(alice, games[0][1], "history")
    await audit.slash(alice, games[2][1], "abort")

    assert_no_english(audit, drawn)


def last_message(where: Any, result: Any) -> Any:
    """The public message ``result`` posted in ``where`` (its response when it was a reply)."""
    if result.response is not None and not result.ephemeral:
        return result.response
    return where.history()[-1]


@pytest.mark.simcord(settle_timeout=60)
async def test_chess_and_draughts_to_the_end_in_the_servers_language(
    arena, drawn, language
) -> None:
    audit = Audit(arena, language)
    alice, bob = arena.alice, arena.bob
    await foreign_server(arena, audit, language)
    game, where = await challenge_and_accept(arena, "chess")  # Alice White
    for member, move in [(alice, "f3"), (bob, "e5")]:
        await audit.slash(member, where, "move", move=move)
    await play_by_menus(arena, audit, where, game.id)  # Alice
    await audit.slash(bob, where, "move", move="Qh4#")
    await audit.slash(alice, where, "history")

    game, where = await challenge_and_accept(arena, "draughts")
    await play_suggested(arena, audit, where, game.id, 3)
    await play_by_menus(arena, audit, where, game.id)
    await audit.slash(alice, where, "board")
    await audit.slash(alice, where, "history")
    await audit.slash(bob, where, "resign")

    assert_no_english(audit, drawn)


@pytest.mark.simcord(settle_timeout=60)
async def test_backgammon_with_a_double_taken_in_the_servers_language(
    arena, drawn, language
) -> None:
    audit = Audit(arena, language)
    await foreign_server(arena, audit, language)
    arena.bot.games.dice = random.Random(7)
    game, where = await challenge_and_accept(arena, "backgammon")
    await play_suggested(arena, audit, where, game.id, 1)
    doubler = await mover_of(arena, game.id)
    await audit.click(doubler, last_board(where), ":double")
    taker = await mover_of(arena, game.id)
    assert taker is not doubler
    await audit.click(taker, last_board(where), ":take")
    await play_by_menus(arena, audit, where, game.id)  # the doubler rolls (bot) and moves
    roller = await mover_of(arena, game.id)
    board = last_board(where)
    if any(str(_get(c, "custom_id")).endswith(":roll") for c in components_of(board)):
        await audit.click(roller, board, ":roll")
    await play_suggested(arena, audit, where, game.id, 1)
    await audit.slash(arena.alice, where, "board")
    await audit.slash(arena.alice, where, "history")
    await audit.slash(arena.bob, where, "resign")

    assert_no_english(audit, drawn)


@pytest.mark.simcord(settle_timeout=60)
async def test_ludo_of_three_in_the_servers_language(arena, drawn, language) -> None:
    audit = Audit(arena, language)
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    await foreign_server(arena, audit, language)
    arena.bot.games.dice = random.Random(11)
    r = await audit.slash(alice, arena.channel, "challenge", variant="ludo")
    table = r.response
    for member in (bob, carol):
        await audit.click(member, table, ":join")
        table = next(m for m in arena.channel.history() if m.id == table.id)
    await audit.click(alice, table, ":start")
    game = max(await arena.db.games.active_games(user_id=alice.id), key=lambda g: g.id)
    [where] = [t for t in arena.channel.threads if t.id == game.thread_id]
    for turn in range(6):
        if turn % 2:
            await play_suggested(arena, audit, where, game.id, 1)
        else:  # a token's button
            member = await mover_of(arena, game.id)
            board = last_board(where)
            [token] = [
                _get(c, "custom_id")
                for c in components_of(board)
                if ":move:" not in str(_get(c, "custom_id"))
            ][:1]
            audit.add(await member.click(board, custom_id=token))
    await audit.slash(alice, where, "board")
    await audit.record(alice, where, game.id)
    for member in (alice, bob, carol):  # resignations down to the end
        record = await arena.db.games.load_game(game.id)
        if record.is_active:
            await audit.slash(member, where, "resign")
    await audit.record(alice, where, game.id)

    assert_no_english(audit, drawn)


@pytest.mark.bot_settings(move_timeout_hours=0.25)
async def test_a_failed_post_a_catch_up_a_reminder_and_a_timeout_in_the_servers_language(
    arena, drawn, language
) -> None:
    audit = Audit(arena, language)
    await foreign_server(arena, audit, language)
    game, where = await challenge_and_accept(arena, "rugen")  # Alice (White) to move
    arena.env.inject_error(
        "POST", f"/channels/{where.id}/messages", status=500, message="Internal Server Error"
    )
    await audit.slash(arena.alice, arena.channel, "move", move="a2-a3", game=f"#{game.id}")
    await arena.env.advance_time(3 * MIN)  # the catch-up posts the board
    await arena.env.advance_time(10 * MIN)  # Bob's reminder
    assert any(m.content.startswith("⏰") for m in where.history())
    await arena.env.advance_time(5 * MIN)  # and his time is up
    assert not (await arena.db.games.load_game(game.id)).is_active

    assert_no_english(audit, drawn)


async def double_and_answer(
    arena: Any, audit: Audit, where: Any, game_id: int, answer: str
) -> None:
    """The player to move doubles with the board's button (rolling first if they must play a
    turn before), the other answers with ``answer`` (``take`` or ``drop``)."""
    doubler = await mover_of(arena, game_id)
    board = last_board(where)
    if not any(str(_get(c, "custom_id")).endswith(":double") for c in components_of(board)):
        await play_suggested(arena, audit, where, game_id, 1)
        doubler = await mover_of(arena, game_id)
    await audit.click(doubler, last_board(where), ":double")
    answerer = await mover_of(arena, game_id)
    assert answerer is not doubler
    await audit.click(answerer, last_board(where), f":{answer}")


@pytest.mark.simcord(settle_timeout=60)
async def test_a_backgammon_match_a_dropped_double_a_vacation_and_a_dm_in_the_servers_language(
    arena, drawn, language
) -> None:
    """A match to 3: game 1 ends on a dropped double, game 2 (started by the bot under game
    1's final board) on a resignation after a double taken, game 3 is the Crawford game and its
    resignation wins the match; meanwhile Bob goes on vacation (the notice under the boards)
    and Alice is told it is her move by direct message — everything collected, the DMs too."""
    audit = Audit(arena, language)
    alice, bob = arena.alice, arena.bob
    await foreign_server(arena, audit, language)
    await audit.slash(alice, arena.channel, "notify", mode="dm")
    arena.bot.games.dice = random.Random(5)
    game, where = await challenge_and_accept(arena, "backgammon", options="match=3")
    match_id = game.match_id
    assert match_id is not None
    await play_suggested(arena, audit, where, game.id, 1)
    await double_and_answer(arena, audit, where, game.id, "drop")
    assert not (await arena.db.games.load_game(game.id)).is_active

    [second] = [g for g in await arena.db.matches.match_games(match_id) if g.match_game == 2]
    await audit.slash(bob, arena.channel, "vacation", days=2)
    await audit.slash(bob, arena.channel, "vacation")
    await play_suggested(arena, audit, where, second.id, 1)
    await double_and_answer(arena, audit, where, second.id, "take")
    await audit.slash(alice, where, "board", game=str(second.id))
    for _ in range(3):  # on to a turn of Alice's
        if await mover_of(arena, second.id) is alice:
            break
        await play_suggested(arena, audit, where, second.id, 1)
    assert await mover_of(arena, second.id) is alice
    await arena.env.advance_time(2 * MIN)  # the sweep's "your move" digest for Alice
    loser = await mover_of(arena, second.id)
    await audit.slash(loser, where, "resign", game=str(second.id))
    for _ in range(2):  # the Crawford game (or the deciding one) resigned to the match's end
        match = await arena.db.matches.require_match(match_id)
        if not match.is_active:
            break
        [current] = [g for g in await arena.db.matches.match_games(match_id) if g.is_active]
        await play_suggested(arena, audit, where, current.id, 1)
        await audit.slash(await mover_of(arena, current.id), where, "resign", game=str(current.id))
    match = await arena.db.matches.require_match(match_id)
    assert not match.is_active
    await audit.slash(alice, where, "history", game=str(game.id))
    dms = list(alice.user.dm_channel.history())
    assert len(dms) >= 2  # the welcome and at least one digest
    audit.seen.extend({"content": text} for m in dms for text in texts_of(m))

    assert_no_english(audit, drawn)
