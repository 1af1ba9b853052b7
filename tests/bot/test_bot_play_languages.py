"""Playing in other languages (issue 17): what only one player sees -- refusals with the rules'
reasons, confirmations, the Move menus, suggestions -- comes in that player's language; what
both players read in the game's thread -- a draw offer, a takeback request, their answers --
in the server's language (English when it has none).

The whole-game proof of the issue asks for a member whose Discord client is Bulgarian. simcord
3.2.1 writes ``"locale": "en-US"`` into every interaction it builds
(``simcord.interactions.base_payload``) and offers no setting for it, so the ``client_locales``
fixture (tests/bot/conftest.py) wraps that builder to send the member's client language as
Discord does; the whole game is played twice: once with Alice's *client* Bulgarian, once with
Alice having chosen Bulgarian with ``/language`` (the stored setting, which the resolution puts
first). The resolution itself is tested directly too (tests/bot/test_bot_i18n.py).
"""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.errors import UserError, game_over, in_language, message_for
from bot.i18n import mark, resolve_language, translate
from bot.limits import fit_lines
from bot.services.games import ALREADY_OVER
from bot.services.pipeline import PLAYED
from rules import IllegalMoveError, PositionError
from rules.games import find_game
from storage import NotAllowed

from .conftest import Arena
from .helpers import challenge_and_accept, last_board, pick

OFFER = (
    "🤝 {player} offers a draw in game #{game}. {opponent}, do you accept? "
    "(The offer lapses when a move is played.)"
)
DECLINED = "{player} declined the draw offer in game #{game}. Play on!"
NOT_YOUR_TURN = "It is not your turn in game #{game}: it is {player}'s move ({seat})."
NOTE = "✅ You played {move} in game #{game}:"
TAKEBACK_ASKED = (
    "↩️ {player} asks to take back {moves} in game #{game}. {opponent}, do you accept? "
    "(The request lapses when a move is played.)"
)
TAKEBACK_DECLINED = "{player} declined {asker}'s takeback request in game #{game}. Play on!"


async def set_languages(
    arena: Arena, *, server: str | None, client_locales: dict[int, str] | None = None
) -> None:
    """Alice is Bulgarian -- her Discord client's language when ``client_locales`` is given,
    else her ``/language`` choice --, Bob chooses Arabic; ``server`` is set by a member with
    Manage Server."""
    if client_locales is not None:
        client_locales[arena.alice.id] = "bg"
    else:
        await arena.alice.slash(arena.channel, "language", language="bg")
    await arena.bob.slash(arena.channel, "language", language="ar")
    if server is not None:
        admins = arena.guild.create_role(
            "Admins", permissions=discord.Permissions(manage_guild=True)
        )
        dora = arena.guild.add_member(arena.env.create_user("dora"), roles=[admins])
        await dora.slash(arena.channel, "language", server=server)


def components(message: Any) -> list[Any]:
    out = []
    for row in message.components:
        out.extend(row["components"] if isinstance(row, dict) else row.children)
    return out


def custom_id_of(message: Any, prefix: str, suffix: str = "") -> str:
    """The custom id of the message's component starting with ``prefix`` and ending with
    ``suffix`` (labels are words of the server's language, ids are not)."""
    for c in components(message):
        cid = c["custom_id"] if isinstance(c, dict) else c.custom_id
        if cid and cid.startswith(prefix) and cid.endswith(suffix):
            return str(cid)
    raise AssertionError(f"no component {prefix}…{suffix} in {message}")


def public_texts(thread: Any) -> list[str]:
    """Every public message in the game's thread, as all its members read them."""
    return [m.content for m in thread.history() if not m.flags.ephemeral]


@pytest.mark.parametrize("bulgarian_by", ["her Discord client", "her /language choice"])
async def test_a_whole_game_bulgarian_and_arabic_players_greek_server(
    arena: Arena, client_locales: dict[int, str], bulgarian_by: str
) -> None:
    """Fool's mate between Alice (Bulgarian) and Bob (Arabic) in a server whose default is
    Greek: every private reply to Alice in Bulgarian, to Bob in Arabic, and the thread's
    messages about the draw offer in Greek."""
    alice, bob, channel = arena.alice, arena.bob, arena.channel
    game, thread = await challenge_and_accept(arena, "chess")  # Alice White
    # read at each reply: set once the game is on
    by_client = bulgarian_by == "her Discord client"
    await set_languages(arena, server="el", client_locales=client_locales if by_client else None)
    n = game.id
    ref = f"#{n}"

    # Bob before his turn: a refusal and a suggestion line in Arabic
    r = await bob.slash(thread, "move", move="e5")
    white = translate("White", "ar")
    expected = translate(NOT_YOUR_TURN, "ar", game=n, player=f"<@{alice.id}>", seat=white)
    assert expected.startswith("ليس دورك في اللعبة #")
    assert r.ephemeral and r.response.content == expected
    [hint] = await bob.autocomplete(thread, "move", "move", "")
    assert hint["name"].startswith("ليس دورك: الدور على Alice")

    # Alice's illegal move: the rules core's reason, in Bulgarian
    r = await alice.slash(thread, "move", move="Ke2")
    assert r.ephemeral and r.response.content == (
        "`Ke2` не е позволен тук: никоя фигура „цар“ (белите) не може да отиде на e2."
    )
    # Alice moves from the channel: the board goes to the thread, her note is Bulgarian
    r = await alice.slash(channel, "move", move="f3", game=ref)
    assert r.ephemeral and r.response.content.startswith(f"✅ Изиграхте `f3` в партия #{n}:")
    assert r.response.content.startswith(translate(NOTE, "bg", move="`f3`", game=n))
    r = await bob.slash(channel, "move", move="e5", game=ref)
    assert r.ephemeral and r.response.content.startswith(f"✅ لعبت `e5` في اللعبة #{n}:")

    # Alice offers a draw: the offer in the thread is Greek, her note Bulgarian
    r = await alice.slash(channel, "draw", game=ref)
    assert r.ephemeral and r.response.content.startswith("Предложено реми: ")
    offer = thread.history()[-1]
    greek_offer = translate(OFFER, "el", player=f"<@{alice.id}>", game=n, opponent=f"<@{bob.id}>")
    assert greek_offer.startswith(f"🤝 Ο/Η <@{alice.id}> προτείνει ισοπαλία στην παρτίδα #{n}.")
    assert offer.content == greek_offer
    # Bob declines with the offer's button: the offer message now says so, in Greek
    await bob.click(offer, custom_id=custom_id_of(offer, f"lat:draw:{n}:", ":no"))
    greek_declined = translate(DECLINED, "el", player=f"<@{bob.id}>", game=n)
    assert greek_declined == (
        f"Ο/Η <@{bob.id}> απέρριψε την πρόταση ισοπαλίας στην παρτίδα #{n}. Συνεχίστε!"
    )
    assert greek_declined in public_texts(thread)

    # Alice's g4 through the Move menu: prompt and confirmation in Bulgarian
    menu = await alice.click(last_board(thread), custom_id=f"lat:move:{n}")
    assert menu.ephemeral and menu.response.content == f"**Партия #{n}**: изберете ход."
    done = await pick(alice, menu.response, "g4")
    assert done.acknowledged
    content = menu.response.content  # the menu became the confirmation
    assert content.startswith(f"✅ Изиграхте `g4` в партия #{n}: ")
    assert content.startswith(translate(PLAYED, "bg", move="`g4`", game=n, link=""))

    r = await bob.slash(channel, "move", move="Qh4#", game=ref)
    assert r.ephemeral and r.response.content.startswith(f"✅ لعبت `Qh4#` في اللعبة #{n}:")
    record = await arena.db.games.load_game(n)
    assert not record.is_active and record.reason == "checkmate"

    # after the end: Alice's /resign and Bob's /takeback refused in their own languages
    r = await alice.slash(channel, "resign", game=ref)
    assert r.ephemeral and r.response.content == f"Партия #{n} вече приключи."
    assert r.response.content == translate(ALREADY_OVER, "bg", game=n)
    r = await bob.slash(channel, "takeback", game=ref)
    over = in_language(game_over(n, "chess", "checkmate"), "ar")
    assert over.startswith(f"انتهت اللعبة #{n} (")
    assert r.ephemeral and r.response.content == f"{over}: لا يمكن التراجع في لعبة منتهية."

    # the thread's boards (the boards' texts) are Greek too: the moves, the mate, the result
    public = public_texts(thread)
    assert any(f"<@{alice.id}> (Λευκά) έπαιξε `f3`." in text for text in public)
    [final] = [text for text in public if "`Qh4#`" in text]
    assert "— ματ." in final and "**Bob (Μαύρα) κερδίζει**: ματ." in final
    # /history in the thread: public, so Greek, whoever asks
    r = await alice.slash(thread, "history")
    header = r.response.content.splitlines()[0]
    assert not r.ephemeral and "Alice (Λευκά) εναντίον Bob (Μαύρα)" in header
    assert "Πρώτοι έπαιξαν: Λευκά" in header and "1. f3 e5 2. g4 Qh4#" in r.response.content
    # nothing of this game's thread is in Bulgarian or Arabic: those were private
    for text in public_texts(thread):
        assert "Изиграхте" not in text and "لعبت" not in text and "Предложено" not in text
        assert "Партия" not in text and "اللعبة" not in text


async def test_without_a_server_default_the_thread_is_english_and_replies_personal(
    arena: Arena,
) -> None:
    alice, bob, channel = arena.alice, arena.bob, arena.channel
    game, thread = await challenge_and_accept(arena, "chess")
    await set_languages(arena, server=None)
    n, ref = game.id, f"#{game.id}"
    r = await alice.slash(channel, "move", move="e4", game=ref)
    assert r.response.content.startswith(f"✅ Изиграхте `e4` в партия #{n}:")
    r = await alice.slash(channel, "draw", game=ref)
    assert r.response.content.startswith("Предложено реми: ")
    english = OFFER.format(player=f"<@{alice.id}>", game=n, opponent=f"<@{bob.id}>")
    assert thread.history()[-1].content == english
    r = await bob.slash(channel, "move", move="e5", game=ref)
    assert r.response.content.startswith(f"✅ لعبت `e5` في اللعبة #{n}:")
    public = public_texts(thread)
    assert f"🤝 <@{alice.id}>'s draw offer in game #{n} lapsed: a move was played." in public
    assert any(f"<@{alice.id}> (White) played `e4`." in text for text in public)


async def test_a_takeback_asked_and_declined_in_the_servers_greek(arena: Arena) -> None:
    alice, bob, channel = arena.alice, arena.bob, arena.channel
    game, thread = await challenge_and_accept(arena, "chess")
    await set_languages(arena, server="el")
    n, ref = game.id, f"#{game.id}"
    await alice.slash(channel, "move", move="e4", game=ref)
    r = await alice.slash(channel, "takeback", game=ref)
    assert r.ephemeral and r.response.content.startswith("Поискано връщане на ход: ")
    request = thread.history()[-1]
    assert request.content == translate(
        TAKEBACK_ASKED,
        "el",
        player=f"<@{alice.id}>",
        moves=f"`e4` (<@{alice.id}>)",
        game=n,
        opponent=f"<@{bob.id}>",
    )
    assert request.content.startswith(f"↩️ Ο/Η <@{alice.id}> ζητά να επιστραφεί `e4`")
    # Alice cannot answer her own request: told in Bulgarian
    r = await alice.click(request, custom_id=custom_id_of(request, f"lat:tb:{n}:", ":yes"))
    assert r.ephemeral
    assert r.response.content == "Вие поискахте това връщане; отговаря противникът ви."
    await bob.click(request, custom_id=custom_id_of(request, f"lat:tb:{n}:", ":no"))
    declined = translate(
        TAKEBACK_DECLINED, "el", player=f"<@{bob.id}>", asker=f"<@{alice.id}>", game=n
    )
    assert declined in public_texts(thread)


async def test_resigning_is_announced_in_the_servers_language(arena: Arena) -> None:
    alice, channel = arena.alice, arena.channel
    game, thread = await challenge_and_accept(arena, "chess")
    await set_languages(arena, server="el")
    r = await alice.slash(channel, "resign", game=f"#{game.id}")
    assert r.ephemeral and r.response.content.startswith("Готово: ")
    assert any(f"🏳️ Ο/Η <@{alice.id}> παραιτήθηκε." in text for text in public_texts(thread))


def test_a_bulgarian_client_is_answered_in_bulgarian_unless_the_player_chose() -> None:
    """The client-language step simcord cannot drive: a Bulgarian client beats a Greek server
    default, a player's own choice beats the client, an English client says nothing."""
    assert resolve_language(None, "bg", "el") == "bg"
    assert resolve_language("ar", "bg", "el") == "ar"
    assert resolve_language(None, "en-US", "el") == "el"
    assert resolve_language(None, "en-US", None) == "en"


def test_the_rules_reasons_are_translated_and_stay_english_in_the_rules_core() -> None:
    """A rules core error keeps its English sentence (the command line prints it) and
    carries its template and values, translated word by word where shown."""
    chess = find_game("chess").session()
    try:
        chess.parse("Ke2")
    except IllegalMoveError as error:
        assert str(error) == "Ke2: no white king can move to e2"
        assert error.reason == "no white king can move to e2"
        assert message_for(error) == "`Ke2` is not legal here: no white king can move to e2."
        assert message_for(error, "ru") == (
            "`Ke2` здесь невозможен: ни одна фигура «король» (белые) не может пойти на e2."
        )
        assert message_for(error, "tr") == (
            "`Ke2` burada geçerli değil: hiçbir şah (beyaz) e2 karesine gidemez."
        )
    else:  # pragma: no cover - the test fails here
        raise AssertionError("Ke2 was accepted")
    backgammon = find_game("backgammon").session()
    try:
        backgammon.parse("13/11")
    except IllegalMoveError as error:
        assert error.reason == "the opening roll is due"
        assert message_for(error, "el") == (
            "Η `13/11` δεν επιτρέπεται εδώ: σειρά έχει η αρχική ζαριά."
        )
    else:  # pragma: no cover
        raise AssertionError("13/11 was accepted before the opening roll")


def test_storage_refusals_are_said_in_the_users_language() -> None:
    """storage keeps its English sentence (``str``) and its template and values apart; the
    bot says the refusal from its own marked sentence, in the user's language."""
    full = NotAllowed("the table is full: all {seats} seats are taken", seats=4)
    assert str(full) == "the table is full: all 4 seats are taken"
    assert message_for(full) == "The table is full: all 4 seats are taken."
    assert message_for(full, "ru") == "Стол заполнен: все места (4) заняты."
    assert message_for(NotAllowed("you cannot {verb} this challenge", verb="cancel"), "bg") == (
        "Не можете да отмените това предизвикателство."
    )
    stranger = NotAllowed("user {user} is not a player of game {game}", user=5, game=12)
    assert message_for(stranger, "el") == "Δεν παίζετε στην παρτίδα #12."
    unknown = NotAllowed("something new")  # no sentence of the bot's: the English, tidied
    assert message_for(unknown, "ru") == "Something new."


async def test_a_wrong_option_is_refused_with_the_rules_words_in_russian(arena: Arena) -> None:
    """A wrong option is refused in the player's language (the lobby's own refusal, naming
    the game rather than its id; the rules core's own template is checked below)."""
    await arena.alice.slash(arena.channel, "language", language="ru")
    r = await arena.alice.slash(
        arena.channel, "challenge", variant="classic", opponent=arena.bob, options="size=9x9"
    )
    assert r.ephemeral
    assert r.response.content == (
        "Латрункули (классические): `size` должно быть одним из `8x8`, `12x8`, а не `9x9`. "
        "Вызов не сделан."
    ), r.response.content


def test_a_shortened_list_says_how_many_were_left_out_in_the_readers_language() -> None:
    lines = [f"line {i}" for i in range(40)]
    assert fit_lines(lines, 60).endswith("\n… and 34 more.")
    russian = fit_lines(lines, 60, language="ru")
    kept = russian.count("line ")
    assert russian.endswith(f"\n… и ещё {40 - kept}.") and len(russian) <= 60
    assert fit_lines(lines, 60, language="sl").endswith("\n… in še 33.")


def test_a_rules_error_quoted_in_a_refusal_is_quoted_in_the_refusals_language() -> None:
    try:
        find_game("classic").start({"size": "9x9"})
    except PositionError as error:
        refusal = UserError(mark("That is not a valid position: {reason}."), reason=error)
        assert str(refusal) == (
            "That is not a valid position: classic option size must be one of 8x8, 12x8, not '9x9'."
        )
        assert refusal.in_language("ru").endswith(
            "параметр size игры classic должен быть одним из: 8x8, 12x8, а не '9x9'."
        )
    else:  # pragma: no cover
        raise AssertionError("a 9x9 classic board was accepted")


async def test_a_refusal_names_the_buttons_by_their_labels_in_the_readers_language(
    arena: Arena,
) -> None:
    """ "Press Roll", "press Move again": the button as the reader sees it labelled (it had
    stayed English inside every translation), through the real dispatch."""
    from .helpers import game_at

    await arena.alice.slash(arena.channel, "language", language="ru")
    await arena.bob.slash(arena.channel, "language", language="el")
    # Alice (White) to roll; naming her own dice is refused
    record = await game_at(arena, "backgammon:XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
    r = await arena.alice.slash(arena.channel, "move", move="roll:6-6", game=f"#{record.id}")
    assert r.ephemeral and r.response.content == (
        "`roll:6-6` не сыгран: кубики бросает бот. Нажмите **Бросить** или введите `roll`."
    )
    # Bob's menu of an earlier turn in a rugen game (kept 16 minutes: no longer taken down)
    game, where = await challenge_and_accept(
        arena, "rugen", challenger=arena.bob, opponent=arena.alice, colour="white"
    )
    menu = await arena.bob.click(last_board(where), custom_id=f"lat:move:{game.id}")
    await arena.env.advance_time(16 * 60)
    await arena.bob.slash(where, "move", move="b2-b3")
    await arena.alice.slash(where, "move", move="a7-a6")
    r = await arena.bob.select(menu.response, ["from:a2"])
    assert r.response.content.startswith(
        f"Η παρτίδα #{game.id} προχώρησε από τότε που άνοιξε αυτό το μενού — πατήστε ξανά "
        "Κίνηση στο τελευταίο ταμπλό: https://discord.com/channels/"
    )
