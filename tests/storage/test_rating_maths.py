"""The rating maths against published figures: Glickman's worked Glicko-2 example, lichess's
settings, and openskill's own documented example."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from storage.rating_maths import (
    LUDO_MODEL,
    MAX_RD,
    MIN_RD,
    Glicko,
    Opponent,
    decayed_rd,
    glicko2_update,
    is_provisional,
    lichess_update,
    placed_update,
)


def test_glickmans_worked_example() -> None:
    """"Example of the Glicko-2 system" (Glickman): a 1500 player, RD 200, volatility 0.06,
    tau 0.5, beats a 1400/30 player and loses to 1550/100 and 1700/300: rating 1464.06,
    RD 151.52, volatility 0.05999. Tolerances: the paper rounds mu' = -0.2069 before
    converting (1464.05 unrounded), and works its volatility out with rounded intermediate
    values (0.059996 unrounded)."""
    after = glicko2_update(
        Glicko(1500, 200, 0.06),
        [Opponent(1400, 30, 1), Opponent(1550, 100, 0), Opponent(1700, 300, 0)],
        tau=0.5,
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    """Step 6 alone: phi* = sqrt(phi^2 + sigma^2); the rating and volatility stay."""
    after = glicko2_update(Glicko(1500, 200, 0.06), [])
    assert (after.rating, after.volatility) == (1500, 0.06)
    assert after.rd == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)


def test_lichess_settings_for_new_players() -> None:
    """Two new players (1500, RD 500, volatility 0.09): the winner gains what the loser
    loses, a draw moves nobody, and both deviations shrink below 500."""
    new = Glicko()
    assert (new.rating, new.rd, new.volatility) == (1500, 500, 0.09)
    won = lichess_update(new, new, 1.0, idle_days=0, opponent_idle_days=0)
    lost = lichess_update(new, new, 0.0, idle_days=0, opponent_idle_days=0)
    drawn = lichess_update(new, new, 0.5, idle_days=0, opponent_idle_days=0)
    assert won.rating > 1500 + 100
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert drawn.rating == pytest.approx(1500)
    assert MIN_RD < won.rd < MAX_RD and won.rd == pytest.approx(lost.rd)


def test_the_deviation_stays_between_45_and_500() -> None:
    """Many games of a steady player against a settled opponent never push RD below 45 (with
    lichess's volatility 0.09 it settles near 73 first); a long absence never lifts it above
    500."""
    player, rock = Glicko(1500, 100, 0.01), Glicko(1500, 45, 0.01)
    for n in range(200):
        player = lichess_update(player, rock, n % 2, idle_days=0, opponent_idle_days=0)
    assert player.rd == MIN_RD
    busy = Glicko()
    for n in range(200):
        busy = lichess_update(busy, rock, n % 2, idle_days=0, opponent_idle_days=0)
    assert 60 < busy.rd < 110
    assert decayed_rd(60, 0.09, 365 * 50) == MAX_RD
    back = lichess_update(Glicko(1500, 60, 0.09), rock, 1, idle_days=365 * 50, opponent_idle_days=0)
    assert back.rd <= MAX_RD


def test_the_deviation_grows_with_inactivity_and_makes_a_rating_provisional_again() -> None:
    """lichess's 0.21436 rating periods a day: an RD of 60 stays settled after a month but
    is provisional (>= 110) again after a year without a game."""
    assert decayed_rd(60, 0.09, 0) == 60
    month, year = decayed_rd(60, 0.09, 30), decayed_rd(60, 0.09, 365)
    assert 60 < month < 110 <= year
    assert not is_provisional(month) and is_provisional(year) and is_provisional(500)
    assert not is_provisional(109.99)
    # and the widened deviation makes the next result count for more
    settled = lichess_update(Glicko(1500, 60, 0.09), Glicko(), 1, idle_days=0, opponent_idle_days=0)
    rusty = lichess_update(Glicko(1500, 60, 0.09), Glicko(), 1, idle_days=365, opponent_idle_days=0)
    assert rusty.rating - 1500 > settled.rating - 1500 > 0


def test_openskill_reproduces_its_documented_example() -> None:
    """openskill's README (6.2.0): two teams of two new players, the first team wins:
    mu 26.964294621803063 and 23.035705378196937, sigma 8.177962604389991 for all four."""
    model = PlackettLuce()
    r = model.rating
    [[a, b], [x, y]] = model.rate([[r(), r()], [r(), r()]])
    assert a.mu == pytest.approx(26.964294621803063) and b.mu == pytest.approx(a.mu)
    assert x.mu == pytest.approx(23.035705378196937) and y.mu == pytest.approx(x.mu)
    assert a.sigma == pytest.approx(8.177962604389991) and x.sigma == pytest.approx(a.sigma)


def test_ludo_ratings_are_openskill_by_place_on_the_1500_scale() -> None:
    """placed_update is openskill's Plackett-Luce with every default multiplied by 60: the
    same result as the library's defaults, scaled; first place gains most, last loses most."""
    players = [(1500.0, 500.0), (1620.0, 300.0), (1410.0, 420.0), (1500.0, 120.0)]
    scaled = placed_update(players)
    plain = placed_update([(mu / 60, sigma / 60) for mu, sigma in players], model=PlackettLuce())
    for (mu, sigma), (mu1, sigma1) in zip(scaled, plain, strict=True):
        assert mu == pytest.approx(mu1 * 60) and sigma == pytest.approx(sigma1 * 60)
    assert LUDO_MODEL.rating().mu == 1500 and LUDO_MODEL.rating().sigma == pytest.approx(500)
    fresh = placed_update([(1500.0, 500.0)] * 4)
    gains = [mu - 1500 for mu, _ in fresh]
    assert gains == sorted(gains, reverse=True) and gains[0] > 0 > gains[-1]
    assert all(sigma < 500 for _, sigma in fresh)
    with pytest.raises(ValueError, match="2-4 players, not 1"):
        placed_update([(1500.0, 500.0)])
