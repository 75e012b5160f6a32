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
from controller.app.seats import competitor, person_name
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


@dataclass
class Alone:
    """How one person has fared at one game for one (the solitaire): the deals played and
    won, and the cards left — the fewest, and on average — where the history counts them."""

    game: str
    who: str
    """The person's name, or ``a person`` for whoever played without a name."""
    games: int = 0
    wins: int = 0
    best: int | None = None
    """The fewest cards any deal left (0: a deal won)."""
    left: list[int] = field(default_factory=list)

    @property
    def average(self) -> float | None:
        """The cards left on average, over the deals that counted them."""
        return sum(self.left) / len(self.left) if self.left else None


@dataclass(frozen=True)
class Standings:
    """Every player's standing per game (strongest first), every pairing's score, and each
    person's record at the games for one."""

    ratings: list[Standing]
    head_to_head: list[HeadToHead]
    alone: list[Alone] = field(default_factory=list)


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
    alone: dict[tuple[str, str], Alone] = {}
    for match in sorted(matches, key=lambda m: (m.finished, m.id)):
        if len(match.players) == 1:
            _count_alone(alone, match)
            continue
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
                                     key=lambda p: (p.game, p.first.casefold(), p.second)),
                     sorted(alone.values(), key=lambda a: (a.game, -a.wins, a.who.casefold())))


def _count_alone(alone: dict[tuple[str, str], Alone], match: Match) -> None:
    """Count a game for one for whoever played it."""
    (colour, seat), = match.players.items()
    who = person_name(seat) or "a person"
    record = alone.setdefault((match.game, who.casefold()), Alone(match.game, who))
    record.games += 1
    record.wins += match.result == colour
    if match.left_over is not None:
        record.left.append(match.left_over)
        record.best = match.left_over if record.best is None else \
            min(record.best, match.left_over)


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
        "alone": [{"game": a.game, "title": game_title(a.game), "who": a.who, "games": a.games,
                   "wins": a.wins, "best": a.best,
                   "average": None if a.average is None else round(a.average, 1)}
                  for a in found.alone],
    }


def game_title(name: str) -> str:
    """A game's title (``Colliding Circles``); the name itself for a game this program does
    not have (a history written by another version)."""
    try:
        return get_game(name).info.title
    except UnknownGameError:
        return name
