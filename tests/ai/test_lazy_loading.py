"""The engine registry loads a game's engine (and its rules) only when that game is played: a
fresh ``python -m ai move classic`` imports neither python-chess nor gnubg nor the other games
(the issue "A fresh machine"), while :func:`ai.engines.engine_ids` still lists every game.

Each check runs in a fresh interpreter (:mod:`tests.import_probe`).
"""

from __future__ import annotations

import json

import pytest

from ai.engines import engine_ids
from rules.games import open_session
from tests.import_probe import run_cli, run_code

ORDER = ["classic", "rugen", "schadler", "lat", "chess", "draughts", "backgammon", "ludo"]
LUDO = "ludo:R:12,0,B,B/Y:F,41,3,B Y 6"


def test_importing_ai_loads_no_engine_and_no_game() -> None:
    probe = run_code("import ai, ai.cli, ai.engines")
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == set()


@pytest.mark.parametrize(
    ("position", "family"),
    [("classic", "latrunculi"), ("schadler", "latrunculi"), (LUDO, "ludo")],
)
def test_a_move_for_one_game_loads_that_game_alone(position: str, family: str) -> None:
    probe = run_cli("ai", "move", position, "--level", "easy", "--time", "0.05", "--seed", "1")
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip() in open_session(position).legal_actions()
    assert probe.games() == {family}
    assert not probe.loaded(["chess", "gnubg"])


def test_every_game_has_an_engine_listed_without_loading_one() -> None:
    assert engine_ids() == ORDER
    probe = run_code("from ai.engines import engine_ids\nprint(','.join(engine_ids()))\n")
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip() == ",".join(ORDER)
    assert probe.games() == set()


def test_an_unknown_game_names_every_engine_without_loading_any() -> None:
    probe = run_code(
        "import json\n"
        "from ai.engines import engine_for\n"
        "from ai.errors import UnknownGameError\n"
        "try:\n"
        "    engine_for('tafl')\n"
        "except UnknownGameError as exc:\n"
        "    print(json.dumps(str(exc)))\n"
    )
    assert probe.returncode == 0, probe.stderr
    assert (
        json.loads(probe.stdout) == f"no computer opponent for 'tafl' (it plays {', '.join(ORDER)})"
    )
    assert probe.games() == set()


def test_an_engine_is_the_same_object_for_every_latrunculi_id() -> None:
    probe = run_code(
        "from ai.engines import engine_for\n"
        "engines = {id(engine_for(g)) for g in ('classic', 'RUGEN', 'schadler', 'lat')}\n"
        "assert len(engines) == 1, engines\n"
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == {"latrunculi"}
