"""Board pictures reduced to their kind's fixed palette look the same as before (issue 38).

Before, every PNG got a 256-colour palette of its own (FASTOCTREE over the picture, ~4–10 ms);
now each kind of picture (Latrunculi, chess, draughts, backgammon, ludo) in each theme is
mapped onto one 255-colour palette made ahead of time from sample pictures (under 1 ms). The
palettes differ, so the decoded pixels are compared within a tolerance: the new PNG against
the old one, and both against the picture before any reduction (what was drawn). Measured on
the pictures below (random positions of each kind, both themes): ~1 per channel on average
from the old PNG, over 99.9 % of pixels within 16 of it; against what was drawn, 0.12–0.43
on average where the old PNG was 0.62–1.14 (flat colours are exact now), the rare pixels off
by more than 16 antialiased edges whose exact colour neither palette has.
"""

from __future__ import annotations

import io
import json
import math
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

import rules
from rendering import make_palettes, marks, palette
from rendering.backgammon import compose_backgammon
from rendering.chess import compose_chess, placement_pieces
from rendering.game_frames import game_frames
from rendering.ludo import compose_ludo
from rendering.marks import _arrow_polygon, arrow_sprite
from rendering.plain_text import backgammon_position, backgammon_steps, ludo_move, ludo_position
from rendering.rating_chart import RatingPoint, render_rating_chart
from rendering.render import PNG_COMPRESS_LEVEL, compose, encode_png
from rendering.sprites import SUPERSAMPLE
from rendering.theme import THEMES
from rules.games import find_game

KINDS = ("latrunculi", "chess", "draughts", "backgammon", "ludo")


def old_png(img: Image.Image) -> bytes:
    """The PNG as it was made before issue 38: a palette of the picture's own."""
    pal = img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=PNG_COMPRESS_LEVEL, optimize=False)
    return buf.getvalue()


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def off_by(a: Image.Image, b: Image.Image) -> list[int]:
    """How many pixels differ by 0, 1, … 255 in their most different channel."""
    assert a.size == b.size
    r, g, bl = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).split()
    return ImageChops.lighter(ImageChops.lighter(r, g), bl).histogram()


def summary(hist: list[int]) -> tuple[float, float, float, int]:
    """(mean, share > 8, share > 16, max) of an :func:`off_by` histogram."""
    n = sum(hist)
    mean = sum(i * c for i, c in enumerate(hist)) / n
    return mean, sum(hist[9:]) / n, sum(hist[17:]) / n, max(i for i, c in enumerate(hist) if c)


def _latrunculi(theme: str, rng: random.Random) -> Iterator[Image.Image]:
    for variant in (
        "classic",
        "rugen",
        "schadler",
        "lat",
        "classic:" + "s" * 12 + "/5e6/" + "12/" * 4 + "6E5/" + "S" * 12 + " b",
    ):
        game = rules.Game(rules.position_from_text(variant))
        before = last = None
        for _ in range(rng.randint(10, 70)):
            moves = game.legal_moves()
            if game.outcome is not None or not moves:
                break
            before = game.position
            last = game.play(rng.choice(moves))
        yield compose(
            game.position,
            last_move=last,
            before=before,
            outcome=game.outcome,
            theme=theme,
            view=rng.choice(list(rules.Side)),
            players=("Анна", "Bob"),
            move_number=game.ply,
        )


def _random_game(game_id: str, plies: int, rng: random.Random) -> list[str]:
    session = find_game(game_id).session()
    moves: list[str] = []
    while len(moves) < plies and not session.is_over:
        text = rng.choice(session.legal_actions())
        session.play(text)
        moves.append(text)
    return moves


def _chess_or_draughts(game_id: str) -> Callable[[str, random.Random], Iterator[Image.Image]]:
    def pictures(theme: str, rng: random.Random) -> Iterator[Image.Image]:
        for _ in range(3):
            moves = _random_game(game_id, rng.randint(5, 60), rng)
            view = rng.choice(("white", "black"))
            frames = game_frames(game_id, moves, view=view, theme=theme, players=("Ann", "Bo"))
            yield frames[-1]((len(frames), len(frames)))  # a replay's last frame
        yield (
            compose_chess(placement_pieces("4k3/8/8/8/8/8/3q4/4K3"), check="e1", theme=theme)
            if game_id == "chess"
            else frames[len(frames) // 2](None)
        )

    return pictures


def _played(game_id: str, rng: random.Random) -> tuple[str, object]:
    """A random game's position text and its last action (rolls played as they come)."""
    session = find_game(game_id).session()
    last = None
    for _ in range(rng.randint(20, 120)):
        if session.is_over:
            break
        if session.chance_due:
            session.play(session.roll(rng))
            continue
        last = session.play(rng.choice(session.legal_actions()))
    return session.position_text(), last


def _backgammon(theme: str, rng: random.Random) -> Iterator[Image.Image]:
    for _ in range(4):
        text, last = _played("backgammon", rng)
        steps: list[tuple[int, int]] = []
        hits: list[int] = []
        if last is not None and "/" in last.canonical:  # type: ignore[attr-defined]
            steps, hits = backgammon_steps(last.canonical)  # type: ignore[attr-defined]
        position = backgammon_position(text)
        mover = last.seat if last is not None and position.to_move is None else None  # type: ignore[attr-defined]
        yield compose_backgammon(
            position, last_move=steps, hits=hits, mover=mover, theme=theme, sheet_labels=True
        )


def _ludo(theme: str, rng: random.Random) -> Iterator[Image.Image]:
    for _ in range(4):
        text, last = _played("ludo", rng)
        move = None
        canonical = getattr(last, "canonical", "")
        if "-" in canonical and ":" not in canonical:
            move = ludo_move(f"{last.seat[0].upper()}:{canonical}")  # type: ignore[attr-defined]
        yield compose_ludo(ludo_position(text, ["Ann", "Bo"]), last_move=move, theme=theme)


PICTURES: dict[str, Callable[[str, random.Random], Iterator[Image.Image]]] = {
    "latrunculi": _latrunculi,
    "chess": _chess_or_draughts("chess"),
    "draughts": _chess_or_draughts("draughts"),
    "backgammon": _backgammon,
    "ludo": _ludo,
}


def test_every_kind_and_theme_has_a_shipped_palette_of_255_colours() -> None:
    table = json.loads(palette.SHIPPED.read_text(encoding="utf-8"))
    assert set(table) == {f"{k} {t}" for k in KINDS for t in THEMES}
    for colours in table.values():
        assert len(bytes.fromhex(colours)) == 3 * palette.COLOURS


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_shipped_palette_still_fits_its_samples(kind: str, theme: str) -> None:
    """A changed colour, piece or mark shows up here: run ``python -m rendering.make_palettes``
    (the file is made from these samples; measured: 0.16–0.5 per channel on average, at most
    0.38 % of pixels off by more than 8, 0.017 % by more than 16)."""
    shipped = palette.fixed_palette(kind, theme)
    assert shipped is not None
    for sample in palette._SAMPLES[kind](theme):
        reduced = palette.reduce_colours(sample.convert("RGB"), shipped)
        mean, over8, over16, _ = summary(off_by(sample, reduced))
        assert mean < 1.0 and over8 < 0.01 and over16 < 0.0005, (
            "rendering/assets/palettes.json no longer fits the pictures: run "
            f"python -m rendering.make_palettes ({kind} {theme}: mean {mean:.2f}, "
            f"{over8:.2%} off by > 8, {over16:.3%} by > 16)"
        )


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_pictures_look_the_same_with_the_fixed_palette(kind: str, theme: str) -> None:
    """New PNG vs old PNG (decoded RGB), and each against the unreduced picture, over random
    positions of the kind (not its samples)."""
    rng = random.Random(38)
    new_vs_old = [0] * 256
    new_vs_drawn = [0] * 256
    old_vs_drawn = [0] * 256
    for img in PICTURES[kind](theme, rng):
        assert img.info[palette.KIND] == (kind, theme)
        new, old = decoded(encode_png(img)), decoded(old_png(img))
        for hist, (a, b) in (
            (new_vs_old, (new, old)),
            (new_vs_drawn, (new, img)),
            (old_vs_drawn, (old, img)),
        ):
            for i, c in enumerate(off_by(a, b)):
                hist[i] += c
    # measured: 0.66–1.19 on average, 0.4–1.1 % of pixels off by more than 8, ≤ 0.054 % by
    # more than 16, the worst 50 (an antialiased token rim)
    mean, over8, over16, worst = summary(new_vs_old)
    assert mean < 2 and over8 < 0.02 and over16 < 0.002 and worst <= 64, summary(new_vs_old)
    # and no further from what was drawn than the picture's own palette was: measured 0.12–0.43
    # on average against 0.62–1.14, the share off by more than 8 about the same, by more than 16
    # ≤ 0.038 % (own palette ≤ 0.0024 %)
    new_mean, new8, new16, _ = summary(new_vs_drawn)
    old_mean, old8, _, _ = summary(old_vs_drawn)
    assert new_mean < old_mean and new8 < old8 + 0.003 and new16 < 0.001, (
        summary(new_vs_drawn),
        summary(old_vs_drawn),
    )


def test_a_board_png_leaves_index_255_free_for_the_gif() -> None:
    img = compose(rules.start_position("classic"))
    with Image.open(io.BytesIO(encode_png(img))) as png:
        assert png.mode == "P"
        assert max(png.getextrema()) < palette.COLOURS  # type: ignore[operator]


def test_the_same_colour_gets_the_same_index_in_every_picture() -> None:
    """One palette per kind: a square looks the same on every board (a picture's own palette
    could shift it by a unit or two between moves)."""
    a = decoded(encode_png(compose(rules.start_position("classic"))))
    game = rules.Game(rules.start_position("classic"))
    last = game.play(game.legal_moves()[0])
    b = decoded(encode_png(compose(game.position, last_move=last)))
    assert a.getpixel((300, 330)) == b.getpixel((300, 330))


def test_a_picture_of_no_known_kind_keeps_a_palette_of_its_own() -> None:
    points = [RatingPoint(i, 1500 + 20 * i, 80 - i) for i in range(12)]
    png = render_rating_chart(points, title="Alice")
    chart = decoded(png)
    with Image.open(io.BytesIO(png)) as img:
        assert img.mode == "P"
    assert chart.size[0] > 100
    untagged = Image.new("RGB", (40, 20), (12, 200, 99))
    assert palette.palette_of(untagged) is None
    assert decoded(encode_png(untagged)).getpixel((5, 5)) == (12, 200, 99)


def test_make_palettes_writes_every_kind_and_theme(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "palettes.json"
    assert make_palettes.main(["-o", str(out)]) == 0
    table = json.loads(out.read_text(encoding="utf-8"))
    assert set(table) == {f"{k} {t}" for k in KINDS for t in THEMES}
    assert str(out) in capsys.readouterr().out


def test_a_palette_missing_from_the_file_is_made_from_the_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    palette.forget_palettes()
    try:
        monkeypatch.setattr(palette, "SHIPPED", palette.SHIPPED.with_name("no-such-file.json"))
        made = palette.fixed_palette("chess", "dark")
        assert made is not None and len(made.getpalette() or []) == 3 * palette.COLOURS
    finally:
        palette.forget_palettes()


def old_arrow_sprite(
    a: tuple[float, float],
    b: tuple[float, float],
    width: float,
    colour: tuple[int, int, int],
    edge: tuple[int, int, int],
) -> tuple[Image.Image, tuple[int, int]]:
    """The arrow as drawn before issue 38: one RGBA layer, 4× the size, LANCZOS down."""
    pad = width * 2
    x0 = math.floor(min(a[0], b[0]) - pad)
    y0 = math.floor(min(a[1], b[1]) - pad)
    x1 = math.ceil(max(a[0], b[0]) + pad)
    y1 = math.ceil(max(a[1], b[1]) + pad)
    s = SUPERSAMPLE
    layer = Image.new("RGBA", ((x1 - x0) * s, (y1 - y0) * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)

    def local(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - x0) * s, (p[1] - y0) * s)

    head = width * 2.2
    border = max(1.0, width * 0.22)
    outer = _arrow_polygon(local(a), local(b), (width + 2 * border) * s, (head + border) * s)
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    back = border * 1.8 / length
    tip = (b[0] - (b[0] - a[0]) * back, b[1] - (b[1] - a[1]) * back)
    inner = _arrow_polygon(local(a), local(tip), width * s, head * s)
    draw.polygon(outer, fill=(*edge, 255))
    draw.polygon(inner, fill=(*colour, 255))
    small = layer.convert("RGBa").resize((x1 - x0, y1 - y0), Image.Resampling.LANCZOS)
    return small.convert("RGBA"), (x0, y0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ((85.0, 360.0), (210.0, 100.0)),  # a backgammon checker across the board
        ((100.0, 500.0), (600.0, 80.0)),  # the longest diagonal
        ((300.0, 300.0), (340.5, 300.25)),  # a short one, off the pixel grid
        ((150.0, 150.0), (150.0, 420.0)),  # straight down
    ],
)
def test_an_arrow_looks_as_before(a: tuple[float, float], b: tuple[float, float]) -> None:
    """Coverage masks averaged down (``reduce``) instead of an RGBA layer resized with
    LANCZOS: the same shape, but no ringing. The old arrow's core overshot its colour (249
    for 232) and darkened its edge (9 for 30) where LANCZOS rang; the new one is the exact
    area average. Measured: 20–39 % of an arrow's pixels differ by more than 8 (those rims),
    at most 14 by more than 32 (a faint halo the old one left behind its head)."""
    marks.arrow_sprite.cache_clear()
    ground = Image.new("RGB", (700, 600), (218, 200, 160))
    width, colour, edge = 5.0, (232, 140, 24), (30, 24, 20)
    old, old_at = old_arrow_sprite(a, b, width, colour, edge)
    new, new_at = arrow_sprite(a, b, width, colour, edge)
    assert (old.size, old_at) == (new.size, new_at)
    # the same shape: the coverage (alpha) within 16 but for a few pixels at the head's back
    coverage = ImageChops.difference(old.getchannel("A"), new.getchannel("A")).histogram()
    assert sum(coverage[17:]) <= 32, summary(coverage)
    before, after = ground.copy(), ground.copy()
    before.paste(old, old_at, old)
    after.paste(new, new_at, new)
    hist = off_by(before, after)
    arrow = sum(
        ImageChops.lighter(
            ImageChops.difference(before, ground).convert("L"),
            ImageChops.difference(after, ground).convert("L"),
        )
        .point(lambda v: 255 if v else 0)
        .histogram()[255:]
    )
    assert sum(hist[9:]) <= 0.45 * arrow and sum(hist[33:]) <= 20, (arrow, summary(hist))
    # the middle of the shaft is the arrow's own colour, exactly
    mid = (round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2))
    assert after.getpixel(mid) == colour
