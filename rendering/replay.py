"""A whole game as an animated GIF: one frame per ply, the final position held longer.

The caller draws the frames (each game's ``compose_*`` with ``strip=False``, so the caption
strip is left blank) and the final picture with its caption; :func:`encode_gif` copies that
one caption into every frame, maps all frames to one shared palette and lets Pillow's GIF
writer store each frame as the rectangle that changed since the previous one (unchanged
pixels inside it transparent). A ply changes a few squares, so a 60-ply game stays small.

Why a caption that does not change: a caption redrawn per frame (the move number, whose
turn) would put its whole strip into every frame's changed rectangle and cost a text layout
per frame; the final caption (names, the game, the result) reads well throughout a replay.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from .caption import CAPTION_TOP

#: How long each ply's frame shows, in milliseconds: long enough to see what moved.
PLY_MS = 900
#: How long the final position shows before the replay starts again.
LAST_MS = 4000
#: Frames the shared palette is taken from (spread over the game): a piece colour seen only
#: in the middle of a game (a ghost, a capture mark) still gets palette entries.
PALETTE_SAMPLES = 4
PALETTE_COLOURS = 255  # one index left free for the writer's "unchanged" transparency


def shared_palette(frames: Sequence[Image.Image]) -> Image.Image:
    """A 255-colour palette image made from a few frames spread over the game."""
    count = min(PALETTE_SAMPLES, len(frames))
    picks = sorted({round(i * (len(frames) - 1) / max(1, count - 1)) for i in range(count)})
    width, height = frames[0].size
    # a narrow strip of each sample suffices to cover the squares' and pieces' colours, but a
    # whole frame is what holds every mark: stack the samples, scaled to half (fast, and the
    # flat colours survive a NEAREST resize unchanged)
    half = (max(1, width // 2), max(1, height // 2))
    sheet = Image.new("RGB", (half[0], half[1] * len(picks)))
    for row, i in enumerate(picks):
        sheet.paste(frames[i].resize(half, Image.Resampling.NEAREST), (0, row * half[1]))
    return sheet.quantize(
        PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )


def with_caption(frames: Sequence[Image.Image], captioned: Image.Image) -> list[Image.Image]:
    """``frames`` (drawn without their caption strip) with the caption of ``captioned`` pasted
    in; ``captioned`` itself is the last frame. Frames of another size are refused."""
    top = captioned.info.get(CAPTION_TOP)
    out: list[Image.Image] = []
    strip = None
    if isinstance(top, int):
        strip = (captioned.crop((0, top, captioned.width, captioned.height)), top)
    for frame in frames:
        if frame.size != captioned.size:
            raise ValueError(f"frame of {frame.size} in a replay of {captioned.size} pictures")
        if strip is not None:
            frame.paste(strip[0], (0, strip[1]))
        out.append(frame)
    out.append(captioned)
    return out


def encode_gif(
    frames: Sequence[Image.Image], *, ply_ms: int = PLY_MS, last_ms: int = LAST_MS
) -> bytes:
    """The RGB ``frames`` (first position … final position) as a looping GIF, each shown
    ``ply_ms``, the last ``last_ms``. Frames equal to the one before are merged into it (a
    pass changes nothing on the board)."""
    if not frames:
        raise ValueError("a replay needs at least one frame")
    palette = shared_palette(frames)
    mapped = [f.convert("RGB").quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
    durations = [ply_ms] * (len(mapped) - 1) + [last_ms]
    buf = io.BytesIO()
    mapped[0].save(
        buf,
        format="GIF",
        save_all=True,
        append_images=mapped[1:],
        duration=durations,
        loop=0,
        optimize=True,
        disposal=1,
    )
    return buf.getvalue()
