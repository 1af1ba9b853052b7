"""``python -m rendering``: writes a PNG for people and docs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from rendering import layout
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
