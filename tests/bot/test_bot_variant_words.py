"""How players meet a variant: by its name, never its id, with a one-line summary that says what
kind of game it is, in ``/challenge``'s choices (whole, within Discord's 100 characters), on the
challenge, in ``/rules``, ``/history``, ``/games`` and board headers."""

from __future__ import annotations

import discord
import pytest

from bot.services.rules_texts import rules_text
from rules import find_variant, variants
from rules.games import find_game

from .conftest import GUILD_ID
from .helpers import challenge_and_accept

SUMMARIES = {
    "classic": "Rook moves; flanked soldiers are held captive till freed; trap the eagle.",
    "rugen": "Two rows a side, rook moves; flanked soldiers are removed; take them all.",
    "schadler": "Place 16 counters, then step or jump like checkers; trap to take.",
    "lat": "Queen, Valkyries and Berserkers on 11×8, each type captured its own way.",
}


async def test_challenge_choices_show_each_variant_with_its_whole_summary(arena):
    commands = await arena.bot.tree.fetch_commands(guild=discord.Object(GUILD_ID))
    [challenge] = [c for c in commands if c.name == "challenge"]
    [option] = [o for o in challenge.options if o.name == "variant"]
    shown = {c.value: c.name for c in option.choices}
    # every game the bot plays: the four rule sets, then chess, draughts, backgammon, ludo
    assert list(shown) == [*SUMMARIES, "chess", "draughts", "backgammon", "ludo"]
    for game in map(find_game, ("chess", "draughts", "backgammon", "ludo")):
        assert shown[game.id] == f"{game.name} — {game.description.rstrip('.')}"
    for vid, summary in SUMMARIES.items():
        expected = f"{find_variant(vid).name} — {summary.rstrip('.')}"
        assert shown[vid] == expected  # not cut short
        assert len(expected) <= 100
    assert not any(name.startswith(("The museum-sheet", "classic")) for name in shown.values())


@pytest.mark.parametrize("game_kind", [v.id for v in variants()])
async def test_rules_is_titled_with_the_variants_name(arena, game_kind):
    r = await arena.alice.slash(arena.channel, "rules", variant=game_kind)
    [embed] = r.response.embeds
    assert embed.title == find_variant(game_kind).name
    assert embed.description == rules_text(game_kind, "en").body


async def test_challenge_names_the_variant_and_says_what_kind_of_game(arena):
    r = await arena.alice.slash(arena.channel, "challenge", variant="schadler", opponent=arena.bob)
    assert f"**Ludus latrunculorum (Schädler)**: {SUMMARIES['schadler']}" in r.response.content


async def test_history_games_and_headers_show_names_not_ids(arena):
    game, where = await challenge_and_accept(arena, "rugen")
    await arena.alice.slash(where, "move", move="a2-a3")
    r = await arena.carol.slash(where, "history")
    head = r.response.content.split("\n")[0]
    assert head.startswith(f"**Game #{game.id}** · Latrunculi (Rügen) · Alice (White)"), head
    assert "rugen" not in head
    r = await arena.alice.slash(arena.channel, "games")
    assert f"#{game.id} Latrunculi (Rügen) vs Bob (their move)" in r.response.content

    wide, where = await challenge_and_accept(arena, "classic", options="size=12x8")
    name = "Latrunculi (classic) (board size: 12×8)"
    r = await arena.carol.slash(where, "history")
    assert r.response.content.startswith(f"**Game #{wide.id}** · {name} · ")
    r = await arena.carol.slash(where, "board")
    header = r.response.content.split("\n")[0]
    assert header == f"**Game #{wide.id}** · **{name}** · move 1, Black to play"
