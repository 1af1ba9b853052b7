"""``python -m rendering`` for a Latrunculi position loads no other game's renderer or rules
(nor python-chess): the issue "A fresh machine". The package still offers every renderer by
name (:func:`rendering.render_chess`, …), each loaded when first asked for.

Each check runs in a fresh interpreter (:mod:`tests.import_probe`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rendering
from tests.import_probe import run_cli, run_code

#: The names the package re-exports from one game's renderer, and the module they live in.
REEXPORTS = {
    "BackgammonPosition": "rendering.backgammon",
    "render_backgammon": "rendering.backgammon",
    "placement_pieces": "rendering.chess",
    "render_chess": "rendering.chess",
    "render_draughts": "rendering.draughts",
    "LudoMove": "rendering.ludo",
    "LudoPosition": "rendering.ludo",
    "LudoSeat": "rendering.ludo",
    "render_ludo": "rendering.ludo",
}


def test_importing_rendering_loads_no_game() -> None:
    probe = run_code("import rendering")
    assert probe.returncode == 0, probe.stderr
    assert probe.games() == set()


@pytest.mark.parametrize(
    ("position", "move"),
    [("classic", "a8-a3"), ("lat:vbvbvbvbvbv/5q5/11/11/11/11/5Q5/VBVBVBVBVBV w", "a1-a2")],
)
def test_a_latrunculi_picture_loads_no_other_game(position: str, move: str, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    probe = run_cli("rendering", position, "--last-move", move, "-o", str(out))
    assert probe.returncode == 0, probe.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
    assert probe.games() <= {"latrunculi"}
    assert not probe.loaded(["chess", "gnubg"])


def test_a_latrunculi_replay_loads_no_python_chess(tmp_path: Path) -> None:
    """(The replays of :mod:`rendering.game_frames` still import the chess, draughts and, through
    :mod:`rendering.plain_text`, ludo and backgammon pictures: not the libraries, nor the rules
    of chess, draughts and backgammon.)"""
    out = tmp_path / "replay.gif"
    probe = run_cli("rendering", "--gif", "rugen", "a2-a3", "-o", str(out))
    assert probe.returncode == 0, probe.stderr
    assert out.read_bytes().startswith(b"GIF")
    assert not probe.loaded(
        ["chess", "gnubg", "rules.games.chess", "rules.games.draughts", "rules.games.backgammon"]
    )


def test_a_chess_picture_does_not_need_python_chess(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    probe = run_cli("rendering", "--chess", "8/8/8/8/8/8/8/4K2k w", "-o", str(out))
    assert probe.returncode == 0, probe.stderr
    assert out.read_bytes().startswith(b"\x89PNG")
    assert "rendering.chess" in probe.modules
    assert not probe.loaded(["chess", "gnubg", "rules.games.chess", "rules.games.draughts"])


def test_the_reexported_renderers_are_the_modules_own() -> None:
    for name, module in REEXPORTS.items():
        real = getattr(__import__(module, fromlist=[name]), name)
        assert getattr(rendering, name) is real, name
        assert name in dir(rendering) and name in rendering.__all__
    assert all(hasattr(rendering, name) for name in rendering.__all__)
    with pytest.raises(AttributeError, match="no_such_name"):
        rendering.no_such_name  # noqa: B018
