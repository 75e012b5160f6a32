"""Glicko-2 ratings, as Mark Glickman describes them in "Example of the Glicko-2 system".

A rating says how strong a player is (1500 to begin with), its deviation how sure that is (350
to begin with: nothing known yet), its volatility how erratic the player's results are. After a
rating period each player's rating moves towards their results against their opponents'
ratings, by more the less sure it was; a period without games only makes it less sure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale: a rating of 1500 ± 173.7178 is 0 ± 1 on it."""
TAU = 0.5
"""How much the volatility may change in a period (Glickman suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The volatility's iteration stops when its bracket is this narrow."""


@dataclass(frozen=True)
class Rating:
    """A player's rating, its deviation and its volatility (a newcomer's by default)."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06


@dataclass(frozen=True)
class Result:
    """One game of the period: the opponent's rating before it and the score (1 a win, 0.5 a
    draw, 0 a loss)."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(player: Rating, results: Sequence[Result], tau: float = TAU) -> Rating:
    """``player``'s rating after a period with ``results`` (Glickman's steps 2 to 8)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    inverse_v = 0.0
    improvement = 0.0
    for result in results:
        mu_j = (result.opponent.rating - 1500) / SCALE
        g = _g(result.opponent.deviation / SCALE)
        expected = _expected(mu, mu_j, result.opponent.deviation / SCALE)
        inverse_v += g * g * expected * (1 - expected)
        improvement += g * (result.score - expected)
    v = 1 / inverse_v
    delta = v * improvement
    sigma = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu += phi * phi * improvement
    return Rating(1500 + SCALE * mu, SCALE * phi, sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """The new volatility: the root of Glickman's f by the Illinois algorithm (step 5)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / \
            (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    x_a = a
    if delta * delta > phi * phi + v:
        x_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        x_b = a - k * tau
    f_x_a, f_x_b = f(x_a), f(x_b)
    while abs(x_b - x_a) > EPSILON:
        middle = x_a + (x_a - x_b) * f_x_a / (f_x_b - f_x_a)
        f_middle = f(middle)
        if f_middle * f_x_b <= 0:
            x_a, f_x_a = x_b, f_x_b
        else:
            f_x_a /= 2
        x_b, f_x_b = middle, f_middle
    return math.exp(x_a / 2)
