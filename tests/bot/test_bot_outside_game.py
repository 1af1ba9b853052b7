"""A game from outside proves the one game contract: tic-tac-toe, defined under
``tests/outside_game/`` and nowhere else, registered through the one extension point
(:func:`bot.presenters.register_game`) before the bot is built, is played through the real bot:
challenge, ``/move`` with suggestions, the Move menu, the board picture, a win and a draw,
``/history`` with its record, Rematch, ``/rules`` and ``/help`` -- and the computer is not
offered for it (it has no engine)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot.client import EXTENSIONS
from bot.presenters import all_presenters, playable_games
from rules.games import game_ids
from tests.outside_game.tictactoe import GAME_ID, install, uninstall

from .computer_helpers import the_bot
from .conftest import open_png
from .helpers import (
    button_labels,
    challenge_and_accept,
    last_board,
    menu_options,
    rematch_challenge,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def outside_game():
    """The game registered for one test, and the registries as they were after it; the bot's
    extension modules, whose commands' game choices were built with the game, are forgotten
    too (the next bot, or the catalogs' extractor, imports them afresh)."""
    install()
    yield GAME_ID
    uninstall()
    for name in EXTENSIONS:
        sys.modules.pop(name, None)


@pytest.fixture
def simcord_bot(outside_game, bot_factory):
    """The bot built after the game is registered (its slash commands' game choices are
    made with the commands); torn down before the game is unregistered."""
    return bot_factory()


async def _play(arena, where, moves):
    """Alice (White, X) and Bob (Black, O) in turn, each move by ``/move``."""
    r = None
    for i, move in enumerate(moves):
        member = arena.alice if i % 2 == 0 else arena.bob
        r = await member.slash(where, "move", move=move)
        assert not r.ephemeral, r.response.content
    return r


async def test_challenge_suggestions_move_menu_and_picture(arena):
    game, where = await challenge_and_accept(arena, GAME_ID)  # Alice White (X), Bob Black (O)
    start = last_board(where)
    assert "**Tic-tac-toe**" in start.content
    assert f"<@{arena.alice.id}>, your move (White)" in start.content
    got = await arena.alice.autocomplete(where, "move", "move", "")
    assert [c["value"] for c in got] == ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    got = await arena.alice.autocomplete(where, "move", "move", "b")
    assert [c["value"] for c in got] == ["b1", "b2", "b3"]

    r = await arena.alice.slash(where, "move", move="b2")
    assert "(White) put X on `b2`" in r.response.content
    r = await arena.alice.slash(where, "move", move="a1")
    assert r.ephemeral and "not your turn" in r.response.content
    r = await arena.bob.slash(where, "move", move="b2")
    assert r.ephemeral and "b2 is taken" in r.response.content

    # the Move button: every free square in one menu, named as /move names them
    menu = await arena.bob.click(last_board(where), label="Move")
    assert menu.ephemeral
    assert menu_options(menu.response) == [
        f"play:{c}" for c in ("a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3")
    ]
    done = await arena.bob.select(menu.response, ["play:a1"])
    assert done.acknowledged
    board = last_board(where)
    assert "(Black) put O on `a1`" in board.content
    record = await arena.db.games.load_game(game.id)
    assert record.ply == 2 and record.current_position == "tictactoe:o...x...."

    # the picture: the generic grid drawer's, as wide as a chess board's
    [att] = [a for a in board.attachments if a.filename == "board.png"]
    img = open_png(await att.read())
    assert (img.width, img.height) == (614, 743)
    assert att.description and att.description.startswith("Tic-tac-toe.")


async def test_a_win_history_record_and_rematch(arena):
    game, where = await challenge_and_accept(arena, GAME_ID)
    r = await _play(arena, where, ["a1", "a2", "b1", "b2"])
    got = await arena.alice.autocomplete(where, "move", "move", "c")
    assert got[0] == {"name": "c1 🏆 wins", "value": "c1"}  # the win first
    r = await arena.alice.slash(where, "move", move="c1")
    final = last_board(where)
    assert "(White) wins**: three in a row." in final.content
    assert button_labels(final) == ["Rematch"]
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", "white", "three_in_a_row")

    h = await arena.bob.slash(where, "history", game=str(game.id))
    assert "1. a1 a2 2. b1 b2 3. c1" in h.response.content
    att, replay = h.response.attachments
    assert att.filename == f"{GAME_ID}-game-{game.id}.txt"
    assert replay.filename.endswith("-replay.gif")
    text = (await att.read()).decode()
    assert '[Result "1-0"]' in text and "1. a1 a2 2. b1 b2 3. c1 1-0" in text

    r = await arena.bob.click(final, label="Rematch")
    assert "a rematch" in r.response.content
    await arena.alice.click(rematch_challenge(arena.channel), label="Accept")
    [again] = await arena.db.games.active_games(user_id=arena.alice.id)
    assert again.game_kind == GAME_ID and again.white_id == arena.bob.id


async def test_its_own_translations_speak_the_servers_language(arena):
    """The game brings its Russian words in its own folder (``locale_dir``, laid out as
    ``bot/locale``): in a server set to Russian its name, its move words and its result read in
    Russian, with no edit to the bot's catalogs; the bot's own words around them too."""
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(arena.env.create_user("dora", global_name="Dora"), roles=[admins])
    await dora.slash(arena.channel, "language", server="ru")
    game, where = await challenge_and_accept(arena, GAME_ID)
    assert "**Крестики-нолики**" in last_board(where).content
    await _play(arena, where, ["a1", "a2", "b1", "b2"])
    assert "ставит O на `b2`" in last_board(where).content
    await arena.alice.slash(where, "move", move="c1")
    final = last_board(where)
    assert "**Крестики-нолики**" in final.content and "три в ряд" in final.content
    [att] = [a for a in final.attachments if a.filename == "board.png"]
    assert att.description and att.description.startswith("Крестики-нолики")


async def test_a_full_board_is_a_draw(arena):
    game, where = await challenge_and_accept(arena, GAME_ID)
    await _play(arena, where, ["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"])
    final = last_board(where)
    assert "**Draw**: the board is full." in final.content
    record = await arena.db.games.load_game(game.id)
    assert (record.status, record.winner, record.reason) == ("finished", None, "board_full")


async def test_rules_help_and_no_computer(arena):
    r = await arena.alice.slash(arena.channel, "rules", variant=GAME_ID)
    assert r.ephemeral
    assert r.response.embeds[0].title == "Tic-tac-toe"
    assert "Three of your marks in a row" in r.response.embeds[0].description
    [att] = r.response.attachments
    assert open_png(await att.read()).size == (614, 743)

    r = await arena.alice.slash(arena.channel, "help")
    help_text = r.response.embeds[0].description
    assert "• **Tic-tac-toe** — Three in a row on a 3×3 board" in help_text

    me = the_bot(arena)
    r = await arena.alice.slash(arena.channel, "challenge", variant=GAME_ID, opponent=me)
    assert r.ephemeral and "I can't play Tic-tac-toe myself yet" in r.response.content


def test_the_game_comes_and_goes_with_its_registration():
    assert GAME_ID not in game_ids()
    install()
    try:
        assert GAME_ID in game_ids() and GAME_ID in [g.id for g in playable_games()]
        assert all_presenters()[-1].game_id == GAME_ID
        with pytest.raises(ValueError, match="registered twice"):
            install()
        assert GAME_ID in game_ids()  # the refused second registration left the first alone
    finally:
        uninstall()
    assert GAME_ID not in game_ids()
    assert GAME_ID not in [p.game_id for p in all_presenters()]


def test_no_file_outside_its_own_names_the_game():
    """Adding the game edited no file of the bot, the rules, the renderers, storage or the
    computer: its id is named under ``tests/`` only (``docs/`` may point at the example)."""
    tracked = subprocess.run(
        ["git", "grep", "--untracked", "-l", "-i", GAME_ID, "--", ".", ":!tests", ":!docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert tracked.returncode in (0, 1), tracked.stderr
    assert tracked.stdout == ""
