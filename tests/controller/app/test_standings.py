"""The running score: a series between two computer levels rates the stronger higher, and head
to head counts every scored game once; games with a person not named are kept, not scored."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.levels import computer
from controller.app.history import History
from controller.app.session import Session
from controller.app.standings import scored_pair, standings, standings_json
from controller.games import get_game
from tests.support.history import finished

SERIES = 10


def play_series(history: History, weak: int, strong: int) -> None:
    """``SERIES`` games of Kaskade 4x4 between the computer at two levels, colours
    alternating, each on a node budget (no clock) and seeded, kept in ``history``."""
    start = get_game("kaskade").new({"size": "4x4"})
    began = datetime(2026, 11, 21, 12, 0)
    for number in range(SERIES):
        levels = {0: weak, 1: strong} if number % 2 == 0 else {0: strong, 1: weak}
        session = Session.new(start, began + timedelta(minutes=number), None, levels=levels,
                              game_id=f"series{number:02}")
        players = {seat: computer("kaskade", level) for seat, level in levels.items()}
        rng = random.Random(number)
        while not session.state.is_over():
            mover = session.state.to_move
            session.play(players[mover].think(session.state, Budget(steps=200), rng).move)
        history.add(session.match(began + timedelta(minutes=number, seconds=30)))


def test_a_series_between_two_levels_rates_the_stronger_higher(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    play_series(history, weak=1, strong=3)
    matches = history.matches()
    assert len(matches) == SERIES
    scores = standings(matches)
    by_who = {s.who: s for s in scores.ratings}
    assert set(by_who) == {"level 1", "level 3"}
    assert by_who["level 3"].rating.rating > 1500 > by_who["level 1"].rating.rating
    assert scores.ratings[0].who == "level 3", "strongest first"
    assert by_who["level 3"].games == by_who["level 1"].games == SERIES
    (pair,) = scores.head_to_head
    assert (pair.first, pair.second) == ("level 1", "level 3")
    assert pair.first_wins + pair.second_wins + pair.draws == SERIES
    assert pair.second_wins > pair.first_wins
    assert standings_json(scores)["ratings"][0]["who"] == "level 3"


def test_people_are_scored_by_name_and_a_person_not_named_is_not_scored():
    games = [finished(1, "Anna", "computer 3", "white"),
             finished(2, "computer 3", "Anna", "black"),
             finished(3, "Anna", "Ben", "draw"),
             finished(4, "human", "Anna", "black"),
             finished(5, "Anna", "Anna", "white")]
    assert scored_pair(games[3]) is None
    assert scored_pair(games[4]) is None
    scores = standings(games)
    by_who = {s.who: s for s in scores.ratings}
    assert (by_who["Anna"].wins, by_who["Anna"].draws, by_who["Anna"].games) == (2, 1, 3)
    assert by_who["Anna"].rating.rating > by_who["level 3"].rating.rating
    assert [(p.first, p.second, p.first_wins, p.second_wins, p.draws)
            for p in scores.head_to_head] == [("Anna", "Ben", 0, 0, 1),
                                              ("Anna", "level 3", 2, 0, 0)]


seats = st.sampled_from(["Anna", "Ben", "human", "computer 1", "computer 3"])
games = st.lists(st.tuples(seats, seats, st.sampled_from(["white", "black", "draw"])),
                 max_size=30)


@given(games)
def test_every_scored_game_is_counted_once_on_each_side(played):
    matches = [finished(number, *game) for number, game in enumerate(played)]
    scored = [m for m in matches if scored_pair(m) is not None]
    found = standings(reversed(matches))  # in any order: taken as they finished
    assert sum(s.games for s in found.ratings) == 2 * len(scored)
    assert sum(s.wins for s in found.ratings) == sum(s.losses for s in found.ratings)
    assert sum(p.first_wins + p.second_wins + p.draws for p in found.head_to_head) == \
        len(scored)
    assert all("human" not in (p.first, p.second) for p in found.head_to_head)
    assert found == standings(matches)


def test_a_board_elsewhere_is_not_scored_nor_taken_for_a_name():
    game = finished(1, "remote Ben's board", "Anna", "white")
    assert scored_pair(game) is None
    assert standings([game]).ratings == []
