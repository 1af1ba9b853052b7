"""Make the chess piece sprites in ``rendering/assets/chess/`` (run once, at development time).

    .venv/bin/pip install cairosvg==2.9.1   # only for this script, not a project dependency
    .venv/bin/python tools/make_chess_sprites.py

The pieces are the "cburnett" set by Colin M. L. Burnett (the Wikipedia and lichess pieces),
taken from python-chess's ``chess.svg.PIECES`` (python-chess 1.11.2, a project dependency), each
a 45×45 SVG group. Each one is wrapped in an ``<svg>`` element and rasterised unchanged by
cairosvg to a 256×256 RGBA PNG named after the piece (``wK.png`` … ``bP.png``). The board code
recolours and scales these files at run time with Pillow, so the pictures need no SVG library.
The licence and credits are in ``rendering/assets/chess/LICENSE.txt``.
"""

from __future__ import annotations

import logging
from pathlib import Path

import cairosvg  # type: ignore[import-not-found]
import chess
import chess.svg

log = logging.getLogger(__name__)

#: Where the PNGs go, and their size in pixels (big enough to scale down to any board).
OUT = Path(__file__).resolve().parent.parent / "rendering" / "assets" / "chess"
SIZE = 256


def sprite_name(symbol: str) -> str:
    """``"K"`` → ``"wK.png"``, ``"q"`` → ``"bQ.png"`` (the file names lichess uses)."""
    return f"{'w' if symbol.isupper() else 'b'}{symbol.upper()}.png"


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    OUT.mkdir(parents=True, exist_ok=True)
    for symbol, group in sorted(chess.svg.PIECES.items()):
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{SIZE}" height="{SIZE}" viewBox="0 0 45 45">{group}</svg>'
        )
        path = OUT / sprite_name(symbol)
        cairosvg.svg2png(bytestring=svg.encode(), write_to=str(path))
        log.info("%s (python-chess %s, cairosvg %s)", path, chess.__version__, cairosvg.__version__)


if __name__ == "__main__":
    main()
