"""The lobby audit (issue 17): in a server whose language is Russian (and Arabic), with players
who chose it, go through every lobby command and path a player would — ``/challenge`` of every
game (the ludo table too), against the bot with a level, bad options, refused, declined,
cancelled and expired challenges, the options' suggestions, a table's buttons, ``/stats`` with
its chart, ``/leaderboard``, ``/settings``, ``/vacation``, ``/notify``, rematches and a
backgammon match's score lines — and collect every text the bot showed: replies, followups,
ephemeral refusals, autocomplete suggestions, every message of the channel, the games' threads
and the players' DMs. None of it may hold English (:mod:`tests.bot.english_leaks`); only the
members' names are allowed.

The chart of ``/stats`` is written to ``$LOBBY_AUDIT_PNG_DIR`` when that is set, to be looked
at."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.i18n import translate
from bot.presenters import playable_games
from bot.texts import game_name

from .computer_helpers import the_bot
from .conftest import open_png
from .english_leaks import english_in, latin_words, texts_of
from .helpers import challenge_and_accept, components_of, last_board

CHOICE_VALUE = {"ru": "ru", "ar": "ar"}


def _custom_id(message: Any, suffix: str) -> str:
    [cid] = [
        c["custom_id"] if isinstance(c, dict) else c.custom_id
        for c in components_of(message)
        if str(c["custom_id"] if isinstance(c, dict) else c.custom_id).endswith(suffix)
    ]
    return cid


class Seen:
    """Everything the bot answered through the members' own actions."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def add(self, result: Any) -> Any:
        if result is None:
            return result
        if isinstance(result, list):  # autocomplete suggestions
            self.messages.extend({"content": choice["name"]} for choice in result)
            return result
        self.messages.append(result.response)
        self.messages.extend(getattr(result, "followups", None) or ())
        return result


def everything(arena: Any, seen: Seen, members: list[Any]) -> list[Any]:
    """Every message the bot showed: what ``seen`` collected, the channel's messages (with the
    ephemeral ones), every thread's messages and name, and the members' DMs."""
    out = list(seen.messages)
    out.extend(arena.channel.history())
    for thread in arena.channel.threads:
        out.append({"content": thread.name})
        out.extend(thread.history())
    for member in members:
        dm = member.user.dm_channel
        if dm is not None:
            out.extend(dm.history())
    return out


async def _rated_players(arena: Any, game: str, count: int) -> None:
    """``count`` settled players of ``game`` in the arena's server, rated just now (as the
    ratings tests store them)."""
    now_ms = round(arena.bot.now() * 1000)
    for i in range(count):
        await arena.db.execute(
            "INSERT INTO players (user_id, created_at, updated_at) VALUES (?, 0, 0)", (9000 + i,)
        )
        await arena.db.execute(
            "INSERT INTO ratings VALUES (?, ?, ?, ?, 60, 0.06, 30, ?)",
            (arena.guild.id, game, 9000 + i, 2000 - i * 5, now_ms),
        )


async def _resign(member: Any, where: Any, seen: Seen) -> None:
    r = seen.add(await member.slash(where, "resign"))
    assert not r.ephemeral, r.response.content


@pytest.mark.parametrize("language", ["ru", "ar"])
@pytest.mark.bot_settings(challenge_ttl_hours=0.5)
@pytest.mark.simcord(settle_timeout=30)
async def test_no_english_in_the_lobby(arena, language, tmp_path, monkeypatch) -> None:
    env, channel = arena.env, arena.channel
    alice, bob, carol = arena.alice, arena.bob, arena.carol
    admins = arena.guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    dora = arena.guild.add_member(env.create_user("dora", global_name="Dora"), roles=[admins])
    members = [alice, bob, carol, dora]
    seen = Seen()
    seen.add(await dora.slash(channel, "language", server=CHOICE_VALUE[language]))
    for member in (alice, bob, carol):
        seen.add(await member.slash(channel, "language", language=CHOICE_VALUE[language]))
    assert await arena.db.guilds.language(arena.guild.id) == language
    bot_member = the_bot(arena)

    # -- /settings, /notify, /vacation ------------------------------------------------------
    seen.add(await alice.slash(channel, "settings"))
    seen.add(await alice.slash(channel, "settings", only_turn="on"))
    seen.add(await alice.slash(channel, "settings", only_turn="off"))
    seen.add(await bob.slash(channel, "notify"))
    seen.add(await bob.slash(channel, "notify", mode="dm"))  # the welcome DM
    seen.add(await carol.slash(channel, "vacation"))
    seen.add(await carol.slash(channel, "leaderboard"))  # nothing finished yet: refused
    seen.add(await carol.slash(channel, "stats"))

    # -- the options' suggestions, for every game -------------------------------------------
    for game in playable_games():
        seen.add(await alice.autocomplete(channel, "challenge", "options", "", variant=game.id))
    suggestions = await alice.autocomplete(
        channel, "challenge", "options", "", variant="backgammon"
    )
    assert suggestions, "backgammon has its match option"

    # -- refusals ------------------------------------------------------------------------
    bad = [
        dict(variant="rugen", opponent=alice),  # yourself
        dict(variant="chess", options="size=12x8"),  # chess has no options
        dict(variant="classic", options="size=1x1"),  # not one of the sizes
        dict(variant="classic", options="rows=1"),  # not an option of classic
        dict(variant="rugen", options="rows"),  # not key=value
        dict(variant="rugen", options="rows=1, rows=0"),  # twice
        dict(variant="rugen", options="x" * 120),  # far too long
        dict(variant="rugen", position="nonsense"),  # not a position
        dict(variant="backgammon", position="XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:3:10"),
        dict(variant="rugen", position="8/8/8/8/8/8/8/4E3 w"),  # decided: no soldiers left
        dict(variant="chess", options="size=8x8", position="8/8/8/8/8/8/8/8 w - - 0 1"),
        dict(variant="rugen", players=bob.mention),  # players is for ludo
        dict(variant="rugen", opponent=bob, level="hard"),  # level is for the bot
        dict(variant="ludo", colour="white"),
        dict(variant="ludo", position="x"),
        dict(variant="ludo", level="easy"),
        dict(
            variant="ludo",
            players=f"{bob.mention} {carol.mention} {dora.mention} <@123456789012345678>",
        ),
        dict(variant="ludo", players="Bob"),  # nobody mentioned
    ]
    robot = arena.guild.add_member(env.create_user("robot", bot=True))
    bad.append(dict(variant="rugen", opponent=robot))
    bad.append(dict(variant="ludo", opponent=robot))
    for options in bad:
        r = seen.add(await alice.slash(channel, "challenge", **options))
        assert r.ephemeral, (options, r.response.content)
    # a game the computer does not play (every game has an engine today: one taken away)
    monkeypatch.setattr(
        sys.modules["bot.services.challenge_requests"],
        "computer_games",
        lambda: ["rugen", "chess", "ludo"],
    )
    r = seen.add(await alice.slash(channel, "challenge", variant="draughts", opponent=bot_member))
    assert r.ephemeral
    assert game_name("chess", language) in r.response.content
    monkeypatch.undo()

    # -- declined, cancelled, refused clicks, closed challenges -----------------------------
    r = seen.add(await alice.slash(channel, "challenge", variant="chess", opponent=bob))
    challenge = r.response
    accept, cancel = _custom_id(challenge, ":accept"), _custom_id(challenge, ":cancel")
    seen.add(await alice.click(challenge, custom_id=accept))  # her own
    seen.add(await carol.click(challenge, custom_id=accept))  # not hers
    seen.add(await carol.click(challenge, custom_id=cancel))
    seen.add(await bob.click(challenge, custom_id=_custom_id(challenge, ":decline")))
    r = seen.add(await alice.slash(channel, "challenge", variant="draughts", colour="black"))
    seen.add(await alice.click(r.response, custom_id=_custom_id(r.response, ":cancel")))

    # -- every game, accepted; the Latrunculi ones with options ------------------------------
    starts = {"classic": "size=12x8", "rugen": "rows=1", "backgammon": "match=3"}
    games: dict[str, tuple[Any, Any]] = {}
    for game in playable_games():
        if game.id == "ludo":
            continue
        games[game.id] = await challenge_and_accept(
            arena, game.id, challenger=alice, opponent=bob, options=starts.get(game.id)
        )
    custom = seen.add(  # a custom start: casual
        await alice.slash(
            channel,
            "challenge",
            variant="rugen",
            opponent=carol,
            position="8/8/4e3/8/8/3E4/SS6/8 w",
        )
    )
    await carol.click(custom.response, custom_id=_custom_id(custom.response, ":accept"))
    open_r = seen.add(await carol.slash(channel, "challenge", variant="lat"))  # open: anyone
    accept = _custom_id(open_r.response, ":accept")
    seen.add(await carol.click(open_r.response, custom_id=accept))  # her own
    seen.add(await dora.click(open_r.response, custom_id=accept))

    # -- results: a rated game ends; /stats and its chart; /leaderboard ----------------------
    rugen, rugen_where = games["rugen"]
    await _resign(bob, rugen_where, seen)
    chess, chess_where = games["chess"]
    await _resign(alice, chess_where, seen)
    seen.add(await alice.slash(channel, "stats"))
    r = seen.add(await alice.slash(channel, "stats", private=True, game="rugen"))
    [chart] = [a for a in r.response.attachments if a.filename == "rating.png"]
    image = open_png(await chart.read())
    if os.environ.get("LOBBY_AUDIT_PNG_DIR"):
        image.save(Path(os.environ["LOBBY_AUDIT_PNG_DIR"]) / f"rating-{language}.png")
    seen.add(await alice.slash(channel, "stats", game="draughts"))  # no rated result
    seen.add(await bob.slash(channel, "stats", user=alice))
    seen.add(await bob.slash(channel, "stats", user=robot))
    seen.add(await carol.slash(channel, "leaderboard"))
    seen.add(await carol.slash(channel, "leaderboard", game="rugen", private=True))
    seen.add(await carol.slash(channel, "leaderboard", game="ludo"))
    await _rated_players(arena, "chess", 60)  # more than one page of chess ratings
    r = seen.add(await carol.slash(channel, "leaderboard", game="chess"))
    pages = r.response
    seen.add(await dora.click(pages, custom_id=_custom_id(pages, ":next")))

    # -- rematch: declined, offered again, twice, accepted ----------------------------------
    final = last_board(rugen_where)
    rematch_id = _custom_id(final, f"rematch:{rugen.id}")
    seen.add(await carol.click(final, custom_id=rematch_id))  # not her game
    seen.add(await bob.click(final, custom_id=rematch_id))
    seen.add(await bob.click(final, custom_id=rematch_id))  # already offered
    offer = channel.history()[-1]
    seen.add(await alice.click(offer, custom_id=_custom_id(offer, ":decline")))
    seen.add(await alice.click(final, custom_id=rematch_id))
    offer = channel.history()[-1]
    seen.add(await bob.click(offer, custom_id=_custom_id(offer, ":accept")))
    seen.add(await alice.click(final, custom_id=rematch_id))  # already accepted

    # -- a backgammon match: a game resigned, the next one starts with the score ------------
    backgammon, bg_where = games["backgammon"]
    await _resign(bob, bg_where, seen)
    await _resign(bob, bg_where, seen)
    await _resign(bob, bg_where, seen)

    # -- against the bot, with a level; its rematch -----------------------------------------
    r = seen.add(
        await alice.slash(
            channel,
            "challenge",
            variant="rugen",
            opponent=bot_member,
            level="hard",
            colour="white",
        )
    )
    await env.settle()
    [versus] = [
        g for g in await arena.db.games.active_games(user_id=alice.id) if g.against_computer
    ]
    [bot_where] = [t for t in channel.threads if t.id == versus.thread_id]
    await _resign(alice, bot_where, seen)
    final = last_board(bot_where)
    seen.add(await alice.click(final, custom_id=_custom_id(final, f"rematch:{versus.id}")))
    await env.settle()

    # -- a ludo table: join, leave, the computer's seat, start ------------------------------
    r = seen.add(await alice.slash(channel, "challenge", variant="ludo", players=bob.mention))
    table_id = r.response.id

    def table() -> Any:
        return next(m for m in channel.history() if m.id == table_id)

    def tbl(action: str) -> str:
        return _custom_id(table(), f":{action}")

    seen.add(await bob.click(table(), custom_id=tbl("join")))
    seen.add(await bob.click(table(), custom_id=tbl("join")))  # seated already
    seen.add(await carol.click(table(), custom_id=tbl("leave")))  # not seated
    seen.add(await carol.click(table(), custom_id=tbl("bot-easy")))  # not the host
    seen.add(await alice.click(table(), custom_id=tbl("bot-hard")))
    seen.add(await alice.click(table(), custom_id=tbl("unbot")))
    seen.add(await alice.click(table(), custom_id=tbl("unbot")))  # no seat of mine
    seen.add(await carol.click(table(), custom_id=tbl("join")))
    seen.add(await carol.click(table(), custom_id=tbl("leave")))
    seen.add(await bob.click(table(), custom_id=tbl("start")))  # only the host
    seen.add(await alice.click(table(), custom_id=tbl("start")))
    [ludo] = [g for g in await arena.db.games.active_games(user_id=bob.id) if g.game_kind == "ludo"]
    [ludo_where] = [t for t in channel.threads if t.id == ludo.thread_id]
    await _resign(bob, ludo_where, seen)  # two players: Alice wins
    final = last_board(ludo_where)
    seen.add(await bob.click(final, custom_id=_custom_id(final, f"rematch:{ludo.id}")))
    await env.settle()
    r = seen.add(await carol.slash(channel, "challenge", variant="ludo"))
    closed_id = r.response.id
    lonely = next(m for m in channel.history() if m.id == closed_id)
    seen.add(await carol.click(lonely, custom_id=_custom_id(lonely, ":start")))  # alone
    seen.add(await carol.click(lonely, custom_id=_custom_id(lonely, ":leave")))  # the host
    r = seen.add(
        await dora.slash(channel, "challenge", variant="ludo", opponent=bot_member, level="easy")
    )
    await env.settle()

    # -- vacation with games waiting, and over the monthly limit ----------------------------
    seen.add(await bob.slash(channel, "vacation", days=3))
    seen.add(await bob.slash(channel, "vacation"))
    seen.add(await bob.slash(channel, "vacation", days=14))

    # -- an expired challenge; the hours pass (reminders, the DM digest) --------------------
    seen.add(await carol.slash(channel, "challenge", variant="schadler", opponent=dora))
    await env.advance_time(31 * 60)
    await env.advance_time(2 * 3600)

    shown = everything(arena, seen, members)
    # the members' names; the proper names kept as they are in every language: the bot's own
    # "Latrunculi", Schädler's "Ludus latrunculorum", the LAT rule set's name, FIDE, XGID
    names = ["Alice", "Bob", "Carol", "Dora", arena.bot.user.display_name]
    proper = ["Ludus latrunculorum", "Latrunculi", "LAT", "FIDE", "XGID"]
    leaks = english_in(shown, allowed=[*names, "Ludus latrunculorum"])
    # stricter: not one Latin word (a game's id, an option's key outside code, a button's
    # "Next") anywhere
    words = {
        (word, text)
        for message in shown
        for text in texts_of(message)
        for word in latin_words(text, allowed=[*names, *proper])
    }
    assert sorted(words) == []
    assert leaks == [], "\n".join(f"{phrase!r} in {text!r}" for phrase, text in leaks)
    assert translate("Accept", language) != "Accept"


# -- the leaks found, each in the catalog's own words ---------------------------------------


def _translated(text: str, language: str, **values: object) -> str:
    result = translate(text, language, **values)
    assert result != text.format(**values), (language, text)
    return result


async def test_the_options_suggestions_are_in_the_players_language(arena) -> None:
    from bot.exts.challenges import OPTION_DESCRIPTIONS

    await arena.bob.slash(arena.channel, "language", language="bg")
    got = await arena.bob.autocomplete(arena.channel, "challenge", "options", "", variant="classic")
    assert [c["value"] for c in got] == ["size=8x8", "size=12x8"]  # the values stay
    description = _translated(OPTION_DESCRIPTIONS["size"], "bg")
    assert [c["name"] for c in got] == [
        _translated(
            "{option}: {value} (default) — {description}",
            "bg",
            option=_translated("Board size", "bg"),
            value="8×8",
            description=description,
        ),
        f"{translate('Board size', 'bg')}: 12×8 — {description}",
    ]
    got = await arena.bob.autocomplete(
        arena.channel, "challenge", "options", "точк", variant="backgammon"
    )
    assert got and all(c["value"].startswith("match=") for c in got)  # typed in Bulgarian
    got = await arena.alice.autocomplete(
        arena.channel, "challenge", "options", "", variant="backgammon"
    )
    assert got[0]["name"] == (  # Alice chose nothing: English
        "Match: 1 point — Play a match to this many points (without it: a single game with the "
        "cube)"
    )
    # ludo's only option, players, is the table's seats to decide: nothing to suggest
    assert (
        await arena.alice.autocomplete(arena.channel, "challenge", "options", "", variant="ludo")
        == []
    )


def test_every_options_suggestion_fits_a_choice_whole_in_every_language() -> None:
    from bot.exts.challenges import OPTION_DESCRIPTIONS, option_choices
    from bot.i18n import LANGUAGES

    for game in playable_games():
        for option in game.options:
            assert OPTION_DESCRIPTIONS[option.key] == option.description  # the rules' English
        seated = game.seated_options  # a table's seats decide those
        offered = [o for o in game.options if o.key not in seated]
        for language in LANGUAGES:
            choices = option_choices(game.id, "", language)
            assert len(choices) == min(25, sum(len(o.choices) for o in offered))
            # whole: none cut to a choice's 100 characters with "…"
            assert [c.name for c in choices if c.name.endswith("…")] == [], language


async def test_the_games_the_computer_plays_are_named_in_the_players_language(
    arena, monkeypatch
) -> None:
    await arena.alice.slash(arena.channel, "language", language="tr")
    monkeypatch.setattr(
        sys.modules["bot.services.challenge_requests"], "computer_games", lambda: ["chess", "ludo"]
    )
    r = await arena.alice.slash(
        arena.channel, "challenge", variant="draughts", opponent=the_bot(arena)
    )
    assert r.ephemeral
    games = _translated(
        "{items} and {last}", "tr", items=game_name("chess", "tr"), last=game_name("ludo", "tr")
    )
    assert r.response.content == _translated(
        "I can't play {game} myself yet; challenge a person to it. I play {games}.",
        "tr",
        game=game_name("draughts", "tr"),
        games=games,
    )
    assert "Satranç" in r.response.content
    assert await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now()) == []


def test_the_rating_charts_words_are_the_catalogs() -> None:
    from bot.services.ratings import chart_words

    arabic = chart_words("ar")
    assert arabic.rtl and not chart_words("ru").rtl
    assert arabic.now == translate("now {rating} ± {rd}", "ar") == "الآن {rating} ± {rd}"
    assert chart_words("ru").results(5) == "5 рейтинговых результатов"
    assert chart_words().results(1) == "1 rated result"


async def test_a_bad_option_is_refused_naming_the_game_in_the_players_language(arena) -> None:
    """Not the rules core's "classic option size" (its id): the game's name, in Slovenian."""
    await arena.carol.slash(arena.channel, "language", language="sl")
    r = await arena.carol.slash(arena.channel, "challenge", variant="classic", options="size=9x9")
    assert r.ephemeral and r.response.content == _translated(
        "{game}: {option} must be one of {values}, not {value}. No challenge was made.",
        "sl",
        game=game_name("classic", "sl"),
        option="`size`",
        values="`8x8`, `12x8`",
        value="`9x9`",
    )
    r = await arena.carol.slash(arena.channel, "challenge", variant="rugen", options="size=9x9")
    assert r.response.content == _translated(
        "{game} has no option {option}; its options: {options}. No challenge was made.",
        "sl",
        game=game_name("rugen", "sl"),
        option="`size`",
        options="`rows`",
    )
    assert await arena.db.challenges.pending_challenges(arena.guild.id, now=arena.bot.now()) == []
