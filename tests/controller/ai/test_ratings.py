"""Ratings with intervals, held to the model's own numbers: the closed forms a pairing has,
the likelihood's maximum found by brute force for a list, intervals that cover the truth as
often as they say in simulated tournaments (Ordo's way of checking its errors), and the SPRT's
bounds and verdicts."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.ai import ratings
from controller.ai.ratings import (
    HALF_CHI2_95,
    SCALE,
    elo_of,
    expected,
    pair_interval,
    rating_list,
    sprt,
)


def likelihood(difference: float, score: float, games: int) -> float:
    p = expected(difference)
    return score * math.log(p) + (games - score) * math.log(1 - p)


@given(score=st.integers(1, 39))
def test_a_pairings_difference_is_the_closed_form_and_its_interval_the_likelihood_ratios(score):
    interval = pair_interval(score, 40)
    assert interval.elo == pytest.approx(400 * math.log10(score / (40 - score)))
    top = likelihood(interval.elo, score, 40)
    for bound in (interval.low, interval.high):
        assert top - likelihood(bound, score, 40) == pytest.approx(HALF_CHI2_95, abs=1e-6)
    assert interval.low < interval.elo < interval.high


def test_a_clean_sweep_has_a_bound_only():
    sweep = pair_interval(40, 40)
    assert sweep.elo is None
    assert sweep.high is None
    assert 40 * math.log(expected(sweep.low)) == pytest.approx(-HALF_CHI2_95)
    assert sweep.text() == f"> +{sweep.low:.0f}"
    assert pair_interval(0, 40).high == pytest.approx(-sweep.low)
    assert pair_interval(36, 40).text() == "+382 [+223, +591]"
    with pytest.raises(ValueError, match="a score between 0 and the number of games"):
        pair_interval(5, 4)


def brute_force(results, anchor):
    """The maximum of the same penalised likelihood by coordinate search on a fine grid."""
    names = sorted({n for pair in results for n in pair})
    rating = dict.fromkeys(names, 0.0)

    def total(r):
        value = 0.0
        for name in names:  # the prior: PRIOR_GAMES draws against a player of 0
            p = expected(r[name])
            value += ratings.PRIOR_GAMES * 0.5 * (math.log(p) + math.log(1 - p))
        for (a, b), (score, games) in results.items():
            value += likelihood(r[a] - r[b], score, games)
        return value

    for step in (64.0, 16.0, 4.0, 1.0, 0.25, 0.0625):
        for _ in range(200):
            moved = False
            for name in names:
                for delta in (step, -step):
                    trial = {**rating, name: rating[name] + delta}
                    if total(trial) > total(rating):
                        rating, moved = trial, True
            if not moved:
                break
    return {name: value - rating[anchor] for name, value in rating.items()}


def test_the_rating_list_is_the_likelihoods_maximum():
    results = {("l2", "l1"): (37, 40), ("l3", "l2"): (39, 40), ("l4", "l3"): (30, 40),
               ("l4", "l1"): (20, 20), ("l1", "l3"): (1.5, 20)}
    fitted = rating_list(results, "l1")
    expected_ = brute_force(results, "l1")
    for name in expected_:
        assert fitted[name].elo == pytest.approx(expected_[name], abs=0.2)
    assert fitted["l1"].elo == 0
    assert fitted["l1"].error == 0


def test_two_players_come_out_near_the_closed_form():
    fitted = rating_list({("a", "b"): (300, 400)}, "b")
    assert fitted["a"].elo == pytest.approx(elo_of(0.75), abs=2)  # the prior's pull is small
    assert fitted["a"].error == pytest.approx(
        1.96 / SCALE / math.sqrt(400 * 0.75 * 0.25), rel=0.03)
    with pytest.raises(ValueError, match="played no game"):
        rating_list({("a", "b"): (3, 4)}, "c")


def test_the_intervals_cover_the_truth_about_95_times_in_100():
    """Simulated tournaments from known ratings, as Ordo checks its errors: each player's
    interval holds its true rating in close to 95 % of them."""
    truth = {"a": 0.0, "b": 150.0, "c": 300.0, "d": 420.0}
    rng = random.Random(7)
    covered = trials = 0
    for _ in range(300):
        results = {}
        for x, y in (("b", "a"), ("c", "b"), ("d", "c"), ("c", "a"), ("d", "b")):
            p = expected(truth[x] - truth[y])
            results[x, y] = (float(sum(rng.random() < p for _ in range(40))), 40)
        fitted = rating_list(results, "a")
        for name in ("b", "c", "d"):
            trials += 1
            covered += abs(fitted[name].elo - truth[name]) <= fitted[name].error
    assert 0.90 <= covered / trials <= 0.99


def test_the_sprt_stops_at_walds_bounds():
    test = sprt(20, 40, 0, 100)
    assert test.upper == pytest.approx(math.log(0.95 / 0.05))
    assert test.lower == pytest.approx(-test.upper)
    assert test.verdict is None
    assert sprt(36, 40, 0, 200).verdict == "elo1"
    assert sprt(10, 40, 0, 200).verdict == "elo0"
    p0, p1 = expected(0), expected(200)
    assert sprt(3, 4, 0, 200).llr == pytest.approx(3 * math.log(p1 / p0) +
                                                   math.log((1 - p1) / (1 - p0)))
    with pytest.raises(ValueError, match="elo0 below elo1"):
        sprt(1, 2, 100, 0)
