"""The 255 colours a picture is reduced to for its PNG and a replay's GIF: one fixed palette per
kind of picture and theme.

Why fixed: giving each picture a palette of its own (Pillow's FASTOCTREE over the whole
picture) cost 4–10 ms, about half of a board's render + encode; mapping a picture onto a
palette made beforehand costs under a millisecond (Pillow looks each colour up in a cache of
the nearest palette entry). The pictures of one kind (the Latrunculi boards, chess, draughts,
backgammon, ludo) in one theme are all drawn from the same few dozen flat colours — squares,
pieces, marks, caption — and the blends of their antialiased edges, ghosts, tints and glows; so
a palette quantised from a sheet of sample pictures of that kind (FASTOCTREE, then refined by
k-means), which show every piece, mark and caption style it draws, holds the colours of any
picture of the kind. Each
renderer module draws its own samples (``_palette_samples``, registered with :func:`register`).

The palettes are made ahead of time and shipped in ``assets/palettes.json`` (drawing the
samples takes ~0.3 s per kind and theme, too long for a first picture); ``python -m
rendering.make_palettes`` makes them again after a change of colours or marks, and
``tests/rendering/test_palette.py`` fails while a shipped palette no longer fits its samples.
A kind and theme missing from the file gets its palette made from its samples the first time
one of its pictures is encoded. A colour the samples lack is mapped to its nearest entry, as a
picture's own palette did with its rarest colours. Against the unreduced picture, 40 random
Latrunculi boards are off by 0.4 per channel on average (their own palettes: 1.0), 0.22 % of
pixels by more than 8 (0.56 %), and a few dozen antialiased edge pixels per picture by 17 to
~30 (their own palettes: at most 15); flat colours (squares, fills, the caption) are exact.

A picture says what it is with :func:`tag` (its ``compose_*`` does it): ``img.info[KIND]`` is
(kind, theme). A picture without one (the rating chart) gets a palette of its own as before.

255 colours, not 256: a replay's GIF keeps index 255 free for "unchanged since the last
frame" (transparent), and shares its board pictures' palette.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from PIL import Image

log = logging.getLogger(__name__)

__all__ = [
    "COLOURS",
    "KIND",
    "RENDERERS",
    "SHIPPED",
    "fixed_palette",
    "forget_palettes",
    "make_palette",
    "make_table",
    "own_palette",
    "refine",
    "palette_image",
    "palette_of",
    "reduce_colours",
    "register",
    "sample_sheet",
    "tag",
]

#: The key in a picture's ``info`` holding its (kind, theme name).
KIND = "rendering.palette"
#: Colours of every palette: one index of 256 stays free for a GIF's transparency.
COLOURS = 255
#: The palettes made ahead of time: {"<kind> <theme>": 255 colours as hex RGB}.
SHIPPED = Path(__file__).parent / "assets" / "palettes.json"
#: k-means rounds refining a palette made from samples, and the weight of a colour in them:
#: its pixel count to this power (1: flat colours pull hardest; less: rare blends count more).
REFINE_ROUNDS = 10
REFINE_WEIGHT = 0.75
#: The modules that draw each kind's samples (``rendering.make_palettes`` imports them all).
RENDERERS = ("render", "chess", "draughts", "backgammon", "ludo")

#: A kind's sample pictures in a theme: every colour its pictures draw should be in them.
Samples = Callable[[str], Sequence[Image.Image]]

_SAMPLES: dict[str, Samples] = {}
_MADE: dict[tuple[str, str], Image.Image | None] = {}
_LOCK = threading.Lock()


def register(kind: str, samples: Samples) -> None:
    """Say how to draw the sample pictures of ``kind`` (each renderer module, at import)."""
    _SAMPLES[kind] = samples


def tag(img: Image.Image, kind: str, theme: str) -> Image.Image:
    """Mark ``img`` as a picture of ``kind`` in ``theme`` (it is then reduced with that
    kind's fixed palette); returns ``img``. Copies keep the tag (Pillow copies ``info``)."""
    img.info[KIND] = (kind, theme)
    return img


def own_palette(img: Image.Image, colours: int = COLOURS) -> Image.Image:
    """``img`` reduced to ``colours`` colours of its own (Pillow's FASTOCTREE, no dithering:
    deterministic, and no dither noise on flat squares); its palette serves as a palette."""
    return img.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def sample_sheet(samples: Sequence[Image.Image]) -> Image.Image:
    """The samples stacked into one RGB picture (the narrower ones padded with the first's
    corner colour, the page, so the padding adds no colour of its own)."""
    rgb = [s.convert("RGB") for s in samples]
    width = max(s.width for s in rgb)
    sheet = Image.new("RGB", (width, sum(s.height for s in rgb)), rgb[0].getpixel((0, 0)))
    y = 0
    for s in rgb:
        sheet.paste(s, (0, y))
        y += s.height
    return sheet


def refine(sheet: Image.Image, palette: Image.Image, rounds: int = REFINE_ROUNDS) -> Image.Image:
    """``palette`` moved closer to the colours of ``sheet`` by k-means (Lloyd's) rounds: each
    of the sheet's distinct colours goes to its nearest entry (Pillow's mapping), each entry
    to the mean of its colours, weighted by their pixel counts to the power
    :data:`REFINE_WEIGHT`; last, an entry whose colours are mostly one (half its pixels or
    more: a square, a piece's fill) becomes exactly that colour. FASTOCTREE alone gives one
    entry per 16×16×16 box of colours, the average of all in it; refined, a flat colour keeps
    an exact entry of its own and an antialiased blend one near it (measured on 40 random
    Latrunculi boards against the unreduced pictures: mean error per pixel 1.1 → 0.4, pixels
    off by more than 8 0.41 % → 0.22 %)."""
    colours = [
        (n, (int(c[0]), int(c[1]), int(c[2])))
        for n, c in sheet.convert("RGB").getcolors(1 << 24) or []
        if isinstance(c, tuple)
    ]
    points = Image.new("RGB", (len(colours), 1))
    points.putdata([c for _, c in colours])
    weights = [n**REFINE_WEIGHT for n, _ in colours]
    raw = (palette.getpalette() or [])[: 3 * COLOURS]
    entries: list[tuple[int, ...]] = [tuple(raw[i : i + 3]) for i in range(0, len(raw), 3)]
    for _ in range(rounds):
        nearest = points.quantize(
            palette=palette_image(bytes(c for e in entries for c in e)), dither=Image.Dither.NONE
        ).tobytes()
        sums = [[0.0, 0.0, 0.0, 0.0] for _ in entries]
        for (_, (r, g, b)), w, i in zip(colours, weights, nearest, strict=True):
            acc = sums[i]
            acc[0] += r * w
            acc[1] += g * w
            acc[2] += b * w
            acc[3] += w
        entries = [
            tuple(round(acc[j] / acc[3]) for j in range(3)) if acc[3] else entry
            for acc, entry in zip(sums, entries, strict=True)
        ]
    # an entry whose colours are mostly one (a square, a piece's fill) becomes exactly it
    nearest = points.quantize(
        palette=palette_image(bytes(c for e in entries for c in e)), dither=Image.Dither.NONE
    ).tobytes()
    pixels = [0] * len(entries)
    commonest: dict[int, tuple[int, tuple[int, int, int]]] = {}
    for (n, colour), i in zip(colours, nearest, strict=True):
        pixels[i] += n
        if n > commonest.get(i, (0, (0, 0, 0)))[0]:
            commonest[i] = (n, colour)
    for i, (n, colour) in commonest.items():
        if 2 * n >= pixels[i]:
            entries[i] = colour
    return palette_image(bytes(c for e in entries for c in e))


def make_palette(kind: str, theme: str) -> Image.Image:
    """The palette of ``kind`` in ``theme`` made from its samples: FASTOCTREE, then
    :func:`refine` (KeyError: no samples)."""
    sheet = sample_sheet(_SAMPLES[kind](theme))
    return refine(sheet, own_palette(sheet))


def palette_image(rgb: bytes) -> Image.Image:
    """A palette image holding the colours ``rgb`` (3 bytes each), for ``quantize``."""
    img = Image.new("P", (1, 1))
    img.putpalette(rgb)
    return img


def _shipped(kind: str, theme: str) -> Image.Image | None:
    try:
        table = json.loads(SHIPPED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    colours = table.get(f"{kind} {theme}") if isinstance(table, dict) else None
    if not isinstance(colours, str):
        return None
    return palette_image(bytes.fromhex(colours))


def fixed_palette(kind: str, theme: str) -> Image.Image | None:
    """The palette image of ``kind`` pictures in ``theme``: the shipped one, else made from
    its samples the first time; ``None`` for a kind with neither, or whose samples could not
    be drawn (its pictures then get palettes of their own: slower, never wrong)."""
    key = (kind, theme)
    if key in _MADE:
        return _MADE[key]
    with _LOCK:  # two worker threads asking at once make it once
        if key not in _MADE:
            palette = _shipped(kind, theme)
            if palette is None and kind in _SAMPLES:
                try:
                    palette = make_palette(kind, theme)
                except Exception:  # a sample that cannot be drawn must not cost the picture
                    log.exception("the %s palette (%s theme) could not be made", kind, theme)
            _MADE[key] = palette
        return _MADE[key]


def forget_palettes() -> None:
    """Drop the palettes loaded or made so far (the render benchmark's cold start, tests)."""
    with _LOCK:
        _MADE.clear()


def palette_of(img: Image.Image) -> Image.Image | None:
    """The fixed palette ``img`` is tagged with (:func:`tag`), or ``None``."""
    tagged = img.info.get(KIND)
    if not isinstance(tagged, tuple) or len(tagged) != 2:
        return None
    kind, theme = tagged
    return fixed_palette(str(kind), str(theme))


def reduce_colours(img: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """``img`` as a palette image: mapped onto ``palette``, else onto its kind's fixed palette,
    else onto a palette of its own. Never dithered (flat squares stay flat)."""
    palette = palette if palette is not None else palette_of(img)
    if palette is None:
        return own_palette(img)
    rgb = img if img.mode == "RGB" else img.convert("RGB")
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def make_table() -> dict[str, str]:
    """Every registered kind's palettes in every theme, made from their samples, as
    :data:`SHIPPED` holds them: {"<kind> <theme>": hex RGB}."""
    from .theme import THEMES

    table = {}
    for kind in sorted(_SAMPLES):
        for theme in THEMES:
            palette = make_palette(kind, theme).getpalette() or []
            table[f"{kind} {theme}"] = bytes(palette[: 3 * COLOURS]).hex()
    return table
