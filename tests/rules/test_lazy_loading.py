"""The game registry loads a game's module only when that game is asked for: a fresh
``python -m rules`` for one game does not pay for python-chess and the other seven games (the
issue "A fresh machine"), yet every game is still listed, in order, and named in errors.

Each check runs in a fresh interpreter (:mod:`tests.import_probe`): in this process every game
was imported long ago by other tests.
"""

from __future__ import annotations

import json

import pytest

import rules.games
from rules.games import all_games, find_game
from tests.import_probe import GAME_MODULES, run_cli, run_code

ORDER = ["classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon", "ludo"]
#: The game whose modules a game id loads.
FAMILY = {game_id: "latrunculi" for game_id in ORDER[:4]} | {g: g for g in ORDER[4:]}
#: The names ``rules.games`` re-exports from one game's modules, and where they live.
REEXPORTS = {
    "LatrunculiRules": "rules.games.latrunculi",
    "LatrunculiSession": "rules.games.latrunculi",
    "ChessRules": "rules.games.chess",
    "ChessSession": "rules.games.chess",
    "DraughtsMove": "rules.games.draughts",
    "DraughtsRules": "rules.games.draughts",
    "DraughtsSession": "rules.games.draughts",
    "BackgammonRules": "rules.games.backgammon.session",
    "BackgammonSession": "rules.games.backgammon.session",
    "LudoAction": "rules.games.ludo.session",
    "LudoRules": "rules.games.ludo.session",
    "LudoSession": "rules.games.ludo.session",
}


def test_importing_rules_loads_no_game() -> None:
    probe = run_code("import rules, rules.games, rules.games.registry")
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == set(), probe.loaded(p for ps in GAME_MODULES.values() for p in ps)


@pytest.mark.parametrize("game_id", ["classic", "lat", "chess", "draughts", "backgammon", "ludo"])
def test_opening_a_game_loads_that_game_alone(game_id: str) -> None:
    probe = run_code(
        "from rules.games import find_game, game_of_position, open_session\n"
        f"session = open_session({game_id!r})\n"
        f"assert game_of_position(session.position_text()) is find_game({game_id!r})\n"
        "assert session.legal_actions()\n"
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == {FAMILY[game_id]}


@pytest.mark.parametrize(
    ("args", "family"),
    [
        (("moves", "classic"), "latrunculi"),
        (("start", "lat"), "latrunculi"),
        (("moves", "chess"), "chess"),
    ],
)
def test_the_rules_command_line_for_one_game_loads_that_game_alone(
    args: tuple[str, ...], family: str
) -> None:
    probe = run_cli("rules", *args)
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip()
    assert probe.games() == {family}


def test_listing_the_games_keeps_their_order() -> None:
    assert [g.id for g in all_games()] == ORDER
    assert [find_game(g.id) for g in all_games()] == all_games()
    probe = run_cli("rules", "variants")
    assert [line.split("\t")[0] for line in probe.stdout.splitlines()] == ORDER


def test_an_unknown_game_names_every_id_without_loading_any() -> None:
    probe = run_code(
        "import json\n"
        "from rules.errors import RulesError\n"
        "from rules.games import UnknownGameError, find_game, open_session\n"
        "found = []\n"
        "for call, text in ((find_game, 'tafl'), (open_session, 'tafl:xyz w')):\n"
        "    try:\n"
        "        call(text)\n"
        "    except UnknownGameError as exc:\n"
        "        found.append(str(exc))\n"
        "print(json.dumps(found))\n"
    )
    assert probe.returncode == 0, probe.stderr
    messages = json.loads(probe.stdout)
    assert len(messages) == 2
    for message in messages:
        assert "tafl" in message
        assert message.endswith("(expected one of " + ", ".join(ORDER) + ")")
    assert probe.games() == set()


def test_the_rules_command_line_names_every_game_for_an_unknown_one() -> None:
    probe = run_cli("rules", "moves", "tafl")
    assert probe.returncode == 2
    assert ", ".join(ORDER) in probe.stderr
    assert probe.games() == set()


def test_the_reexported_classes_are_the_games_own() -> None:
    for name, module in REEXPORTS.items():
        real = getattr(__import__(module, fromlist=[name]), name)
        assert getattr(rules.games, name) is real, name
        assert name in dir(rules.games) and name in rules.games.__all__
    assert all(hasattr(rules.games, name) for name in rules.games.__all__)
    with pytest.raises(AttributeError, match="no_such_name"):
        rules.games.no_such_name  # noqa: B018


def test_a_reexported_class_loads_its_game_alone() -> None:
    probe = run_code("from rules.games import LudoAction, LudoSession\nassert LudoAction\n")
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == {"ludo"}
