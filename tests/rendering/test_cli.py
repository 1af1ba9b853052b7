"""``python -m rendering``: writes a PNG for people and docs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from rendering import Caption, layout, placement_pieces, render_chess, render_draughts
from rendering.__main__ import main
from rules import Side


def test_variant_id_renders_its_start(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "lat.png"
    assert main(["lat", "-o", str(out)]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    with Image.open(out) as img:
        assert img.size == layout(11, 8).image_size


def test_last_move_view_and_theme(tmp_path: Path) -> None:
    out = tmp_path / "x.png"
    code = main(
        [
            "rugen:8/8/4e3/2S5/2s5/S7/3E4/8 w",
            "--last-move",
            "a3-c3",
            "--view",
            "black",
            "--theme",
            "dark",
            "--players",
            "Ann,Bo",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    with Image.open(out) as img:
        assert img.size == layout(8, 8, Side.BLACK).image_size


def test_bad_input_exits_2_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["nonsense", "-o", str(tmp_path / "a.png")]) == 2
    assert "error:" in capsys.readouterr().err
    assert main(["classic", "--last-move", "a1-a9", "-o", str(tmp_path / "b.png")]) == 2
    assert not (tmp_path / "b.png").exists()


def test_runs_as_a_module(tmp_path: Path) -> None:
    out = tmp_path / "m.png"
    proc = subprocess.run(
        [sys.executable, "-m", "rendering", "schadler", "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes().startswith(b"\x89PNG")


def test_chess_position_with_last_move_and_check(tmp_path: Path) -> None:
    out = tmp_path / "chess.png"
    fen = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    code = main(["--chess", fen, "--last-move", "h5f7", "--check", "e8", "-o", str(out)])
    assert code == 0
    assert out.read_bytes() == render_chess(
        placement_pieces(fen.split()[0]),
        last_move=("h5", "f7"),
        check="e8",
        to_move="black",
        caption=Caption(title="Chess"),
    )


def test_draughts_position_with_a_jump_in_black_view(tmp_path: Path) -> None:
    out = tmp_path / "draughts.png"
    code = main(
        [
            "--draughts",
            "draughts:W:WK29,22,25:B1,2,K31 plies=3",
            "--last-move",
            "15x24x31",
            "--jumped",
            "19,K27",
            "--view",
            "black",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    assert out.read_bytes() == render_draughts(
        {29: "W", 22: "w", 25: "w", 1: "b", 2: "b", 31: "B"},
        last_move=[15, 24, 31],
        jumped={19: "w", 27: "W"},
        to_move="white",
        view="black",
        caption=Caption(title="Draughts"),
    )


@pytest.mark.parametrize(
    "argv,words",
    [
        (["--chess", "8/8/8"], "8 ranks"),
        (["--chess", "8/8/8/8/8/8/8/4K2k w", "--last-move", "e1"], "'e1' is not a move"),
        (["--draughts", "W:W33"], "'33' is not a draughts square"),
        (["--draughts", "B:B1", "--last-move", "1/5"], "'1/5' is not a draughts move"),
        (["classic", "--chess", "8/8/8/8/8/8/8/8"], "not both"),
    ],
)
def test_bad_chess_or_draughts_input_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    out = tmp_path / "bad.png"
    assert main([*argv, "-o", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert not out.exists()
