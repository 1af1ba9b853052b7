"""Chess piece sprites: the cburnett pieces, shipped as PNGs in ``assets/chess/``.

The pieces are Colin M. L. Burnett's set (the Wikipedia and lichess pieces), rasterised once at
development time to 256×256 RGBA by ``tools/make_chess_sprites.py``; their licence and credits
are in ``assets/chess/LICENSE.txt``. Shipping pictures instead of drawing font glyphs keeps the
kinds apart at a glance (a bishop with its mitre and slit, not a pawn with a cross), and loading
them needs nothing beyond Pillow.

The files are black and white. Each is recoloured into the theme's piece colours (white pieces
ivory with a dark outline, black pieces near-black with light inner lines, as the Latrunculi
pieces; a black piece also gets a thin light rim), given the same soft drop shadow, then scaled
down with LANCZOS in premultiplied alpha; every step is cached, so after the first picture a
sprite costs one paste.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image

from .sprites import dilate, downscale, shadow_layer
from .theme import RGB, Theme

#: The twelve PNGs and their licence text.
SPRITE_DIR = Path(__file__).with_name("assets") / "chess"

#: The FEN piece letters (upper case), king first.
PIECE_LETTERS = "KQRBNP"

#: The light rim round a black piece, as a share of the sprite's width.
_RIM = 0.025


def sprite_path(letter: str) -> Path:
    """``"K"`` → ``assets/chess/wK.png``, ``"q"`` → ``assets/chess/bQ.png``."""
    if len(letter) != 1 or letter.upper() not in PIECE_LETTERS:
        raise KeyError(letter)
    return SPRITE_DIR / f"{'w' if letter.isupper() else 'b'}{letter.upper()}.png"


@lru_cache(maxsize=12)
def _source(letter: str) -> Image.Image:
    """The shipped 256 px picture of ``letter``, as loaded (RGBA)."""
    with Image.open(sprite_path(letter)) as img:
        return img.convert("RGBA")


def _ramp(dark: RGB, light: RGB) -> list[int]:
    """A ``point`` table for an RGB image taking grey level v to dark + (light - dark)·v/255."""
    return [
        d + round((li - d) * v / 255) for d, li in zip(dark, light, strict=True) for v in range(256)
    ]


@lru_cache(maxsize=32)
def _coloured(letter: str, theme: Theme) -> Image.Image:
    """The full-size sprite in ``theme``'s piece colours, on its drop shadow."""
    src = _source(letter)
    if letter.isupper():
        dark, light = theme.white_outline, theme.white_fill
    else:
        dark, light = theme.black_fill, theme.black_outline
    alpha = src.getchannel("A")
    grey = src.convert("L")
    body = Image.merge("RGB", (grey, grey, grey)).point(_ramp(dark, light))
    body.putalpha(alpha)
    if letter.isupper():
        sprite = shadow_layer(alpha)
    else:
        # a thin rim in the light outline colour: a black piece stands out on a dark square
        # and on the dark theme's caption as a white piece does on a light one
        rim = dilate(alpha, round(alpha.width * _RIM))
        sprite = shadow_layer(rim)
        sprite.paste((*theme.black_outline, 255), (0, 0), rim)
    sprite.alpha_composite(body)
    return sprite


@lru_cache(maxsize=64)
def chess_sprite(letter: str, size: int, theme: Theme) -> Image.Image:
    """The RGBA picture of the FEN piece ``letter`` (``K`` white king, ``q`` black queen…).

    Sized for a ``size`` px square; cached, so treat it as read-only.
    Raises KeyError for a letter that is no chess piece.
    """
    return downscale(_coloured(letter, theme), size)
