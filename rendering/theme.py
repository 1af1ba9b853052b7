"""Colours of a board picture, one frozen record per theme.

Everything a theme decides lives here so that the drawing modules never hard-code a colour and a
new theme is one more entry in :data:`THEMES`. Colours are RGB tuples (Pillow accepts them as is).
"""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Theme:
    """The palette of one theme.

    Pieces keep the same colours in every theme (ivory and near-black with contrasting outlines)
    so that a player who switches themes still recognises their side at once; only the board,
    the frame and the caption follow the theme.
    """

    name: str
    background: RGB
    light_square: RGB
    dark_square: RGB
    frame: RGB
    label: RGB
    text: RGB
    muted_text: RGB
    accent: RGB  # marks the side to move in the caption
    accent_text: RGB
    path_line: RGB
    # piece colours
    white_fill: RGB = (244, 236, 216)
    white_outline: RGB = (40, 32, 24)
    white_detail: RGB = (150, 112, 52)
    black_fill: RGB = (34, 31, 36)
    black_outline: RGB = (238, 230, 214)
    black_detail: RGB = (206, 168, 92)
    held_white_fill: RGB = (192, 188, 180)
    held_black_fill: RGB = (84, 81, 86)
    held_mark: RGB = (214, 36, 48)
    held_mark_edge: RGB = (255, 255, 255)
    # every grid board (Latrunculi, chess, draughts): the last-move tint is chosen to change the
    # lightness of light and dark squares alike (darker light squares, lighter dark ones), not
    # only their hue
    move_tint: RGB = (180, 190, 40)
    move_tint_strength: float = 0.6
    # a king in check: the glow and ring (the ring also outlined, see rendering.marks), in the
    # colour of a capture, for the reason given there
    check: RGB = (250, 120, 20)
    mark_edge: RGB = (255, 255, 255)  # the light edge round marks, so they read on any square
    # a piece taken in every game (the ✕ over it; Latrunculi's dashed frame too) and a captive
    # released in Latrunculi (solid ring). A bright vermilion and Okabe–Ito blue: apart for
    # red-green colour-blind eyes too (they differ in blue-yellow, which deuteranopes and
    # protanopes see). The vermilion is lighter than Okabe–Ito's (213, 94, 0) so that it stays
    # ΔE >= 30 from the light theme's dark square for a protanope (that one: 26; a red: 15-17);
    # each mark also has a shape of its own and a near-black or white edge round it, so it
    # stands out at >= 3:1 on light and dark squares
    capture_mark: RGB = (250, 120, 20)
    release_mark: RGB = (0, 114, 178)
    mark_shadow: RGB = (30, 24, 20)  # the dark edge round arrows
    # a finished game: the result banner (the status line on a dark band, both themes), the
    # winner's row (a gold band with a trophy, not the blue of the side to move) and the mark
    # on a lost eagle or Queen
    banner: RGB = (36, 30, 26)
    banner_text: RGB = (255, 255, 255)
    win_band: RGB = (240, 196, 74)
    win_text: RGB = (38, 30, 24)
    trophy: RGB = (214, 160, 24)
    trophy_edge: RGB = (58, 40, 12)
    # backgammon: the playing field inside the frame and its points' two colours
    felt: RGB = (218, 200, 160)
    point_a: RGB = (164, 70, 50)
    point_b: RGB = (58, 102, 92)
    cube_face: RGB = (250, 248, 240)
    cube_ink: RGB = (30, 26, 24)

    @property
    def captured(self) -> RGB:
        """The ✕ over a piece taken (draughts, backgammon, ludo): the capture colour."""
        return self.capture_mark


#: Alias kept for callers that think of the palette as the board's style.
BoardStyle = Theme

LIGHT = Theme(
    name="light",
    background=(246, 241, 231),
    light_square=(236, 218, 181),
    dark_square=(176, 124, 82),
    frame=(92, 62, 38),
    label=(74, 52, 34),
    text=(38, 30, 24),
    muted_text=(110, 96, 84),
    accent=(52, 112, 178),
    accent_text=(255, 255, 255),
    path_line=(232, 140, 24),
)

DARK = Theme(
    name="dark",
    background=(43, 45, 49),
    light_square=(196, 178, 150),
    dark_square=(118, 92, 70),
    frame=(22, 22, 24),
    label=(214, 208, 198),
    text=(236, 232, 224),
    muted_text=(170, 164, 156),
    accent=(88, 101, 242),
    accent_text=(255, 255, 255),
    path_line=(244, 150, 36),
    move_tint=(130, 165, 35),
    # on Discord's dark page a dark banner would vanish: a light band with dark words
    banner=(228, 222, 210),
    banner_text=(30, 26, 24),
    felt=(78, 92, 80),
    point_a=(158, 78, 62),
    point_b=(176, 160, 128),
)

#: Themes by name, as accepted by :func:`rendering.render_board`.
THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK)}


def get_theme(name: str) -> Theme:
    """The theme called ``name``; a ValueError that lists the choices otherwise."""
    try:
        return THEMES[name]
    except KeyError:
        raise ValueError(f"unknown theme {name!r} (choose one of: {', '.join(THEMES)})") from None


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0..1): a highlight as an exact opaque colour.

    Blending by arithmetic instead of alpha-compositing an overlay keeps highlights cheap and the
    bytes deterministic.
    """
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def relative_luminance(c: RGB) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""

    def channel(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours: 1 (same lightness) .. 21 (black on white)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def edge_for(square: RGB, theme: Theme) -> RGB:
    """The theme's light or dark mark edge, whichever stands out more on ``square``.

    One of the two always reaches more than 4:1 against any colour.
    """
    light, dark = theme.mark_edge, theme.mark_shadow
    return light if contrast_ratio(light, square) >= contrast_ratio(dark, square) else dark
