"""Glicko-2 against Glickman's own worked example, and what any rating period must do."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.app.glicko import Rating, Result, rate


def test_glickmans_worked_example():
    """"Example of the Glicko-2 system": a 1500/200/0.06 player beats a 1400/30, loses to a
    1550/100 and to a 1700/300 player."""
    after = rate(Rating(1500, 200, 0.06), [Result(Rating(1400, 30), 1),
                                           Result(Rating(1550, 100), 0),
                                           Result(Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_makes_the_rating_less_sure():
    before = Rating(1612, 80, 0.06)
    after = rate(before, [])
    assert after.rating == before.rating
    assert after.deviation > before.deviation


ratings = st.builds(Rating, st.floats(800, 2400), st.floats(30, 350), st.floats(0.03, 0.1))


@given(ratings, ratings)
def test_a_win_raises_a_loss_lowers_and_either_is_surer_than_no_game(player, opponent):
    """Surer than a period without games at the volatility the game left (a surprise may
    raise the volatility, and so the deviation, above the old one's)."""
    won = rate(player, [Result(opponent, 1)])
    lost = rate(player, [Result(opponent, 0)])
    assert lost.rating < player.rating < won.rating
    for after in (won, lost):
        idle = rate(Rating(player.rating, player.deviation, after.volatility), [])
        assert after.deviation < idle.deviation
