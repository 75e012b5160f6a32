"""Ratings from game results, with how far to trust them: maximum-likelihood Elo with 95 %
intervals, and the sequential probability ratio test that stops a comparison once its games
have decided it.

The model is the one rating programs for engines fit (Ordo's, and bayeselo's without its
draw and first-move terms): player *i* scores against *j*, on average,
``1 / (1 + 10 ** ((r_j - r_i) / 400))``, a draw counting half a win. The ratings are those that
make the games played most likely.

* **A pairing** (:func:`pair_interval`): the Elo difference that best explains its score,
  ``400 log10(s / (n - s))``, and the 95 % interval of the differences the score does not
  rule out — those within 1.92 log-likelihood of the best (the likelihood-ratio interval,
  3.84 being the 95 % point of chi-squared with one degree of freedom). A pairing won or lost
  in every game has no finite best difference, only a bound: the interval says how far it
  goes.
* **A list** (:func:`rating_list`): every player's rating from all the games at once, the
  anchor at 0, each with ±1.96 standard errors of its difference from the anchor (the
  inverse of the likelihood's curvature, as bayeselo's covariance and Ordo's ``-e`` report).
  A weak prior, as of two drawn games against an average opponent per player, keeps a player
  who won or lost everything finite.
* **SPRT** (:func:`sprt`): the log-likelihood ratio of the score under two hypotheses, the
  first player ``elo0`` or ``elo1`` stronger, each game a Bernoulli trial on the score (a draw
  half of each); the test stops when the ratio leaves ``[log(beta / (1 - alpha)),
  log((1 - beta) / alpha)]`` (Wald's bounds), accepting ``elo1`` above and ``elo0`` below.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

SCALE = math.log(10) / 400
"""Elo points to the logistic model's natural units."""
HALF_CHI2_95 = 1.920729410347062
"""Half the 95 % point of chi-squared with one degree of freedom: the log-likelihood drop
that bounds a 95 % interval."""
Z95 = 1.959963984540054
PRIOR_GAMES = 2.0
"""The prior's weight: each player as if it had drawn this many games against one of 0."""


def expected(difference: float) -> float:
    """The score the model expects of a player ``difference`` Elo above its opponent."""
    return 1 / (1 + math.exp(-SCALE * difference))


def elo_of(share: float) -> float:
    """The Elo difference whose expected score is ``share`` (0 < share < 1)."""
    return math.log(share / (1 - share)) / SCALE


def _pair_likelihood(difference: float, score: float, games: int) -> float:
    p = expected(difference)
    return score * math.log(p) + (games - score) * math.log(1 - p)


@dataclass(frozen=True)
class Interval:
    """An Elo difference and its 95 % interval; ``None`` where a bound is infinite."""

    elo: float | None
    low: float | None
    high: float | None

    def text(self) -> str:
        """As the tables print it: ``+382 [+250, +560]``, ``> +560`` for a clean sweep."""
        def signed(value: float) -> str:
            return f"{value:+.0f}"

        if self.elo is None or self.low is None or self.high is None:
            return f"> {signed(self.low)}" if self.low is not None else \
                f"< {signed(self.high or 0.0)}"
        return f"{signed(self.elo)} [{signed(self.low)}, {signed(self.high)}]"


def pair_interval(score: float, games: int) -> Interval:
    """The Elo difference ``score`` of ``games`` says (draws as halves), with its 95 %
    likelihood-ratio interval."""
    if games <= 0 or not 0 <= score <= games:
        raise ValueError("a score between 0 and the number of games, of at least one game")
    if score in (0, games):  # the likelihood's supremum is 1: every game as it went
        edge = elo_of(math.exp(-HALF_CHI2_95 / games))
        return Interval(None, edge, None) if score else Interval(None, None, -edge)
    centre = elo_of(score / games)
    top = _pair_likelihood(centre, score, games)

    def drop(d: float) -> float:
        return _pair_likelihood(d, score, games) - top + HALF_CHI2_95

    return Interval(centre, _root(drop, centre, -1), _root(drop, centre, 1))


def _root(function: Callable[[float], float], start: float, direction: int) -> float:
    """Where ``function`` (positive at ``start``, falling away from it) reaches 0 going
    ``direction``: by bisection."""
    inner, outer = start, start + direction * 100.0
    while function(outer) > 0:
        inner, outer = outer, outer + direction * 2 * abs(outer - start)
    for _ in range(100):
        middle = (inner + outer) / 2
        if function(middle) > 0:
            inner = middle
        else:
            outer = middle
    return (inner + outer) / 2


@dataclass(frozen=True)
class Rating:
    """A player's rating and the ±half-width of its 95 % interval (from the anchor)."""

    elo: float
    error: float


def rating_list(results: Mapping[tuple[str, str], tuple[float, int]], anchor: str,
                iterations: int = 200) -> dict[str, Rating]:
    """Ratings that make ``results`` most likely — ``(a, b): (a's score, games)``, each
    pairing once or both ways — ``anchor`` at 0, with 95 % intervals."""
    names = sorted({name for pair in results for name in pair})
    if anchor not in names:
        raise ValueError(f"the anchor {anchor!r} played no game")
    index = {name: i for i, name in enumerate(names)}
    games: dict[tuple[int, int], list[float]] = {}
    for (a, b), (score, count) in results.items():
        i, j = index[a], index[b]
        key, mine = ((i, j), score) if i < j else ((j, i), count - score)
        entry = games.setdefault(key, [0.0, 0.0])
        entry[0] += mine
        entry[1] += count
    size = len(names)
    rating = [0.0] * size
    for _ in range(iterations):
        gradient, hessian = _derivatives(rating, games, size)
        step = _solve(hessian, gradient)
        biggest = max(abs(x) for x in step) if step else 0.0
        limit = 400 * SCALE
        if biggest > limit:
            step = [x * limit / biggest for x in step]
        rating = [r - x for r, x in zip(rating, step)]
        if biggest < 1e-10:
            break
    _, hessian = _derivatives(rating, games, size)
    covariance = _inverse([[-h for h in row] for row in hessian])
    origin = index[anchor]
    out = {}
    for name, i in index.items():
        variance = covariance[i][i] + covariance[origin][origin] - 2 * covariance[i][origin]
        out[name] = Rating((rating[i] - rating[origin]) / SCALE,
                           Z95 * math.sqrt(max(variance, 0.0)) / SCALE)
    return out


def _derivatives(rating: Sequence[float], games: Mapping[tuple[int, int], Sequence[float]],
                 size: int) -> tuple[list[float], list[list[float]]]:
    """The gradient and Hessian of the log-likelihood (with the prior) in natural units."""
    gradient = [-PRIOR_GAMES * (expected(r / SCALE) - 0.5) for r in rating]
    hessian = [[0.0] * size for _ in range(size)]
    for i, r in enumerate(rating):
        p = expected(r / SCALE)
        hessian[i][i] -= PRIOR_GAMES * p * (1 - p)
    for (i, j), (score, count) in games.items():
        p = expected((rating[i] - rating[j]) / SCALE)
        gradient[i] += score - count * p
        gradient[j] -= score - count * p
        weight = count * p * (1 - p)
        hessian[i][i] -= weight
        hessian[j][j] -= weight
        hessian[i][j] += weight
        hessian[j][i] += weight
    return gradient, hessian


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    rows = [[*row[:], value] for row, value in zip(matrix, vector)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        for r in range(size):
            if r != column and rows[r][column]:
                factor = rows[r][column] / head
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[column])]
    return [rows[r][size] / rows[r][r] for r in range(size)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    size = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(size)])
               for c in range(size)]
    return [[columns[c][r] for c in range(size)] for r in range(size)]


@dataclass(frozen=True)
class Sprt:
    """The state of a sequential test: its log-likelihood ratio, bounds and verdict."""

    llr: float
    lower: float
    upper: float

    @property
    def verdict(self) -> str | None:
        """``"elo1"`` (the stronger hypothesis holds), ``"elo0"``, or ``None``: play on."""
        if self.llr >= self.upper:
            return "elo1"
        if self.llr <= self.lower:
            return "elo0"
        return None


def sprt(score: float, games: int, elo0: float, elo1: float, alpha: float = 0.05,
         beta: float = 0.05) -> Sprt:
    """Wald's test of ``elo1`` against ``elo0`` (``elo0 < elo1``) on ``score`` of ``games``."""
    if not elo0 < elo1:
        raise ValueError("the SPRT needs elo0 below elo1")
    if not (0 < alpha < 1 and 0 < beta < 1):
        raise ValueError("alpha and beta: between 0 and 1")
    p0, p1 = expected(elo0), expected(elo1)
    llr = score * math.log(p1 / p0) + (games - score) * math.log((1 - p1) / (1 - p0))
    return Sprt(llr, math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha))
