"""A whole game as an animated GIF: one frame per ply, the final position held longer.

The caller draws the frames, each the picture of its ply with its own caption -- whose turn
and the move number at that ply, what was taken so far, the result on the last frame only --
and its place in the replay, ``N/M`` at the end of the status line
(:attr:`rendering.caption.Caption.frame`); :func:`encode_gif` writes each frame as the
rectangle that changed since the previous one (unchanged pixels inside it transparent), all
on one palette. A ply changes a few squares and a few words of the caption, so a 60-ply game
stays small.

Frame by frame, with bounded memory: :func:`encode_gif` takes the frames as any iterable —
the callers pass generators that draw each frame when it is asked for — and writes each into
the GIF as soon as the next one shows what changed. At any time it holds the frame being
reduced, the previous one's palette indices and the one waiting for its duration, whatever the
game's length (Pillow's own writer keeps every frame until the end, and the frames were drawn
into a list before that: a 150-frame replay peaked at ~400 MiB). The palette is the frames'
kind's fixed palette (:mod:`rendering.palette`), known before the first frame is written;
frames of no known kind share the palette of the first one.

Why each frame has a caption of its own (issue 32): a caption shared by all frames (the final
one) put the result over the first position and the final pips, taken pieces and die beside
every earlier one. Its price is the caption strip in every frame's changed rectangle and a
text layout per frame (``bench/gif_bench.py``).
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable
from dataclasses import dataclass

from PIL import GifImagePlugin, Image, ImageChops

from .palette import COLOURS, own_palette, palette_of, reduce_colours

#: How long each ply's frame shows, in milliseconds: long enough to see what moved.
PLY_MS = 900
#: How long the final position shows before the replay starts again.
LAST_MS = 4000
#: The palette index of "unchanged since the previous frame": no palette colour uses it.
TRANSPARENT = COLOURS


@dataclass(slots=True)
class _Pending:
    """A frame written once the next one says whether it changed anything: its indices (the
    rectangle that changed), where that goes and how long it shows."""

    image: Image.Image
    offset: tuple[int, int]
    duration: int
    delta: bool


def _header(size: tuple[int, int], palette: Image.Image) -> bytes:
    """GIF89a: the screen, the global colour table (the palette, index 255 free), loop for
    ever (the NETSCAPE2.0 application extension)."""
    colours = bytes((palette.getpalette() or [])[: 3 * COLOURS])
    table = colours + b"\0" * (3 * 256 - len(colours))
    screen = struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0)  # 256-entry global table
    loop = b"!\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 0) + b"\0"
    return b"GIF89a" + screen + table + loop


def _frame(pending: _Pending) -> bytes:
    """One frame: its graphic control (duration, "leave it in place", the transparent index
    for a changed rectangle) and its LZW-compressed indices (Pillow's encoder)."""
    params: dict[str, int] = {"duration": pending.duration, "disposal": 1}
    if pending.delta:
        params["transparency"] = TRANSPARENT
    return b"".join(GifImagePlugin.getdata(pending.image, pending.offset, **params))


def _indices(img: Image.Image) -> Image.Image:
    """A palette image's indices as an L image (compared without looking up colours)."""
    return Image.frombytes("L", img.size, img.tobytes())


def encode_gif(
    frames: Iterable[Image.Image],
    *,
    ply_ms: int = PLY_MS,
    last_ms: int = LAST_MS,
    palette: Image.Image | None = None,
) -> bytes:
    """The RGB ``frames`` (first position … final position) as a looping GIF, each shown
    ``ply_ms``, the last ``last_ms``, written frame by frame as ``frames`` yields them (see the
    module's doc). Frames equal to the one before are merged into it (a pass changes nothing
    on the board). ``palette``: the colours to use, by default the frames' kind's."""
    out = io.BytesIO()
    size: tuple[int, int] | None = None
    previous: Image.Image | None = None  # the last frame's indices, as L
    pending: _Pending | None = None
    for frame in frames:
        if size is None:
            size = frame.size
            if palette is None:
                palette = palette_of(frame) or own_palette(frame.convert("RGB"))
            out.write(_header(size, palette))
        elif frame.size != size:
            raise ValueError(f"frame of {frame.size} in a replay of {size} frames")
        current = _indices(reduce_colours(frame, palette))
        del frame  # the caller's generator may let its picture go
        if previous is None or pending is None:
            pending = _Pending(_as_p(current), (0, 0), ply_ms, delta=False)
            previous = current
            continue
        changed = ImageChops.difference(current, previous)
        box = changed.getbbox()
        if box is None:  # nothing moved: the frame before shows that much longer
            pending.duration += ply_ms
            continue
        out.write(_frame(pending))
        rect = current.crop(box)
        unchanged = changed.crop(box).point(lambda v: 255 if v == 0 else 0)
        rect.paste(TRANSPARENT, (0, 0), unchanged)
        pending = _Pending(_as_p(rect), (box[0], box[1]), ply_ms, delta=True)
        previous = current
    if pending is None:
        raise ValueError("a replay needs at least one frame")
    pending.duration += last_ms - ply_ms
    out.write(_frame(pending))
    out.write(b";")
    return out.getvalue()


def _as_p(indices: Image.Image) -> Image.Image:
    """L indices as the P image the GIF encoder writes (its colours are the header's)."""
    return Image.frombytes("P", indices.size, indices.tobytes())
