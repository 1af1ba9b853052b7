"""Rating maths: Glicko-2 with lichess's settings for two-player games, and the Weng-Lin
Plackett-Luce model (the ``openskill`` library) for ludo's 2-4 players ranked by place.

Pure functions on plain values: no database, no Discord. :mod:`storage.ratings` calls them in
the transaction that finishes a game.

Why Glicko-2 is written out here rather than taken from the ``glicko2`` package on PyPI
(2.1.0, MIT): its volatility iteration uses the player's rating where Glickman's function
``f(x)`` needs the rating deviation (``self.__rating**2`` for ``phi**2``), which only cancels
for a 1500 player -- so it passes the paper's example yet gives a 2200 player a wrong new
volatility; its wheel installs a top-level ``tests`` package into site-packages (the name of
this project's own test package); its ``tau`` is a class attribute shared by every user of
the module; and it has no type hints. A wrapper would have had to override its name-mangled
private method. The algorithm below is the paper's steps 1-8, nothing more, and is checked
against the paper's worked example in ``tests/storage/test_rating_maths.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

__all__ = [
    "DEFAULT_RATING",
    "DEFAULT_RD",
    "DEFAULT_VOLATILITY",
    "MAX_RD",
    "MIN_RD",
    "PROVISIONAL_RD",
    "RATING_PERIODS_PER_DAY",
    "TAU",
    "Glicko",
    "Opponent",
    "decayed_rd",
    "glicko2_update",
    "is_provisional",
    "lichess_update",
    "placed_update",
]

DEFAULT_RATING = 1500.0
DEFAULT_RD = 500.0
DEFAULT_VOLATILITY = 0.09
TAU = 0.75
MIN_RD = 45.0
MAX_RD = 500.0
PROVISIONAL_RD = 110.0
"""A rating is provisional ("?" after it) while its deviation is at least this."""
RATING_PERIODS_PER_DAY = 0.21436
"""lichess's rate of inactivity: a player's deviation grows as if this many rating periods
passed per day without a game."""

_SCALE = 173.7178
"""Glicko-2's scale factor between the Glicko scale (1500, RD) and its internal (mu, phi)."""
_EPSILON = 0.000001
"""Convergence tolerance of the volatility iteration (the paper's value)."""


@dataclass(frozen=True, slots=True)
class Glicko:
    """A rating on the Glicko scale: rating, deviation (RD) and volatility (sigma)."""

    rating: float = DEFAULT_RATING
    rd: float = DEFAULT_RD
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True, slots=True)
class Opponent:
    """One game of a rating period: the opponent's rating and RD, and the score (1 won,
    0.5 drawn, 0 lost)."""

    rating: float
    rd: float
    score: float


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def glicko2_update(player: Glicko, games: Sequence[Opponent], *, tau: float = TAU) -> Glicko:
    """The player's rating after one rating period with ``games`` (Glickman, "Example of the
    Glicko-2 system", steps 2-8). With no games only the deviation grows (step 6)."""
    mu = (player.rating - DEFAULT_RATING) / _SCALE
    phi = player.rd / _SCALE
    sigma = player.volatility
    if not games:
        return Glicko(player.rating, math.sqrt(phi * phi + sigma * sigma) * _SCALE, sigma)
    opponents = [((g.rating - DEFAULT_RATING) / _SCALE, g.rd / _SCALE, g.score) for g in games]
    # Step 3: the estimated variance of the rating from the game outcomes alone.
    v = 1.0 / sum(
        _g(phi_j) ** 2 * _expected(mu, mu_j, phi_j) * (1.0 - _expected(mu, mu_j, phi_j))
        for mu_j, phi_j, _ in opponents
    )
    # Step 4: the estimated improvement.
    improvement = sum(_g(phi_j) * (s - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, s in opponents)
    delta = v * improvement
    # Step 5: the new volatility (the Illinois algorithm of the paper's 2013 revision).
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2.0)
    # Steps 6-7: the pre-period deviation, then the new deviation and rating.
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # Step 8: back to the Glicko scale.
    return Glicko(new_mu * _SCALE + DEFAULT_RATING, new_phi * _SCALE, new_sigma)


def decayed_rd(rd: float, volatility: float, idle_days: float) -> float:
    """The deviation after ``idle_days`` without a rated game (as lichess: the paper's step 6
    for the fraction of rating periods that passed), never above :data:`MAX_RD`."""
    periods = max(0.0, idle_days) * RATING_PERIODS_PER_DAY
    return min(MAX_RD, math.sqrt(rd * rd + periods * volatility * volatility * _SCALE * _SCALE))


def lichess_update(
    player: Glicko, opponent: Glicko, score: float, *, idle_days: float, opponent_idle_days: float
) -> Glicko:
    """One rated game as lichess rates it: each side's deviation first grows with its
    inactivity, then one Glicko-2 period with the single result (tau 0.75), the new deviation
    kept between 45 and 500."""
    before = Glicko(
        player.rating, decayed_rd(player.rd, player.volatility, idle_days), player.volatility
    )
    against = Opponent(
        opponent.rating,
        decayed_rd(opponent.rd, opponent.volatility, opponent_idle_days),
        score,
    )
    after = glicko2_update(before, [against], tau=TAU)
    return Glicko(after.rating, min(MAX_RD, max(MIN_RD, after.rd)), after.volatility)


def is_provisional(rd: float) -> bool:
    """Whether a rating with this deviation is shown with "?" and listed apart."""
    return rd >= PROVISIONAL_RD


_LUDO_SCALE = DEFAULT_RATING / 25.0
"""openskill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300) multiplied by 60, so a ludo
rating starts at 1500 with deviation 500, like the Glicko ones: the same model on the same
scale as the others, and the same provisional rule."""
LUDO_MODEL = PlackettLuce(
    mu=25.0 * _LUDO_SCALE,
    sigma=25.0 / 3.0 * _LUDO_SCALE,
    beta=25.0 / 6.0 * _LUDO_SCALE,
    tau=25.0 / 300.0 * _LUDO_SCALE,
)


def placed_update(
    players: Sequence[tuple[float, float]], *, model: PlackettLuce = LUDO_MODEL
) -> list[tuple[float, float]]:
    """New ``(rating, deviation)`` of 2-4 players listed from first place to last, each a team
    of one in openskill's Plackett-Luce model (``rate`` with ranks 1, 2, ...)."""
    if not 2 <= len(players) <= 4:
        raise ValueError(f"a placed game has 2-4 players, not {len(players)}")
    teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in players]
    rated = model.rate(teams, ranks=[float(place) for place in range(1, len(players) + 1)])
    return [(team[0].mu, team[0].sigma) for team in rated]
