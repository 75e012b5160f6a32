"""The running score drawn from the history: per game, how each pair of players has fared
against each other (head to head) and a Glicko-2 rating for each person and each computer
level, so "Anna beats level 3 now" can be read off.

Only games between two players who are known are scored: a person by name and the computer by
level (``seats.competitor``); a person not named could be anybody. Each game is a rating period
of its own for its two players, each rated against the other's rating before it, in the order
the games finished, so the newest games count as the latest word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from controller.app.glicko import Rating, Result, rate
from controller.app.history import Match
from controller.app.seats import competitor
from controller.games import UnknownGameError, get_game


@dataclass
class Standing:
    """One player's rating and record in one game."""

    game: str
    who: str
    rating: Rating = field(default_factory=Rating)
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass
class HeadToHead:
    """How ``first`` and ``second`` (in alphabetical order) have fared against each other in
    ``game``."""

    game: str
    first: str
    second: str
    first_wins: int = 0
    second_wins: int = 0
    draws: int = 0


@dataclass(frozen=True)
class Standings:
    """Every player's standing per game (strongest first) and every pairing's score."""

    ratings: list[Standing]
    head_to_head: list[HeadToHead]


def scored_pair(match: Match) -> tuple[tuple[str, str], tuple[float, float]] | None:
    """The two players ``match`` scores and each one's score (1 a win, ½ a draw), or ``None``
    when it scores nobody (one seat, a person not named, or a player against themselves)."""
    if len(match.players) != 2:
        return None
    (colour_a, seat_a), (colour_b, seat_b) = match.players.items()
    a, b = competitor(seat_a), competitor(seat_b)
    if a is None or b is None or a.casefold() == b.casefold():
        return None
    if match.result == colour_a:
        return (a, b), (1.0, 0.0)
    if match.result == colour_b:
        return (a, b), (0.0, 1.0)
    return (a, b), (0.5, 0.5)


def standings(matches: Iterable[Match]) -> Standings:
    """The standings after ``matches`` (in any order: they are taken in the order they
    finished)."""
    players: dict[tuple[str, str], Standing] = {}
    pairs: dict[tuple[str, str, str], HeadToHead] = {}
    for match in sorted(matches, key=lambda m: (m.finished, m.id)):
        scored = scored_pair(match)
        if scored is None:
            continue
        (a, b), (score_a, score_b) = scored
        one = players.setdefault((match.game, a), Standing(match.game, a))
        other = players.setdefault((match.game, b), Standing(match.game, b))
        one.rating, other.rating = (rate(one.rating, [Result(other.rating, score_a)]),
                                    rate(other.rating, [Result(one.rating, score_b)]))
        for standing, score in ((one, score_a), (other, score_b)):
            if score == 1:
                standing.wins += 1
            elif score == 0:
                standing.losses += 1
            else:
                standing.draws += 1
        first, second = sorted((a, b), key=str.casefold)
        pair = pairs.setdefault((match.game, first, second),
                                HeadToHead(match.game, first, second))
        if score_a == score_b:
            pair.draws += 1
        elif (score_a == 1) == (a == first):
            pair.first_wins += 1
        else:
            pair.second_wins += 1
    ratings = sorted(players.values(), key=lambda s: (s.game, -s.rating.rating, s.who))
    return Standings(ratings, sorted(pairs.values(),
                                     key=lambda p: (p.game, p.first.casefold(), p.second)))


def standings_json(found: Standings) -> dict[str, list[dict[str, Any]]]:
    """``found`` as plain values (``kaskade history --scores --json``, the web page):
    ratings rounded to whole points, as they are shown, each game with its ``title`` (every
    game, also one that does not fit the board the page is served by)."""
    return {
        "ratings": [{"game": s.game, "title": game_title(s.game), "who": s.who,
                     "rating": round(s.rating.rating),
                     "deviation": round(s.rating.deviation),
                     "volatility": round(s.rating.volatility, 5), "games": s.games,
                     "wins": s.wins, "losses": s.losses, "draws": s.draws}
                    for s in found.ratings],
        "head_to_head": [{**asdict(pair), "title": game_title(pair.game)}
                         for pair in found.head_to_head],
    }


def game_title(name: str) -> str:
    """A game's title (``Colliding Circles``); the name itself for a game this program does
    not have (a history written by another version)."""
    try:
        return get_game(name).info.title
    except UnknownGameError:
        return name
