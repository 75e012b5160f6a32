"""The solitaire's score in the history: the cards each deal left are kept with the game
(history schema 3), counted from their records for the deals an older history kept, and
scored per person — deals, wins, the fewest cards left and the average — in ``kaskade
history``, ``/api/scores`` and the page's words."""

from __future__ import annotations

import json
import random
import sqlite3
from datetime import datetime

from controller.app.history import History, Match
from controller.app.session import Session
from controller.app.standings import standings, standings_json
from controller.cli import main
from controller.games import CHANCE
from controller.games.cascades_decktet import CascadesDecktetState
from controller.web.results import match_words
from tests.controller.app.test_history_people import FIRST_SCHEMA


def solitaire(seed: int, plies: int, who: str = "human") -> Session[CascadesDecktetState]:
    """A deal played ``plies`` random moves, then given up (or to its end)."""
    session = Session(CascadesDecktetState.new({}), [], {"Id": f"deal{seed}", "Player": who},
                      None)
    rng = random.Random(seed)
    while not session.finished and session.state.plies < plies:
        state = session.state
        moves = state.legal_moves()
        session.play(state.sample_chance(rng) if state.to_move == CHANCE else
                     moves[int(rng.random() * len(moves))])
    if not session.finished:
        session.resign(0)
    return session


def test_the_cards_a_deal_left_are_kept_with_it(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    session = solitaire(1, 40)
    left = session.state.cards_left()
    assert 0 < left < 36
    history.add(session.match(datetime(2026, 11, 29, 12)))
    (kept,) = history.matches()
    assert kept.left_over == left
    assert history.matches(records=False)[0].left_over == left
    assert match_words(kept) == f"lost alone, {left} cards left"


def test_an_older_history_counts_its_deals_from_their_records(tmp_path):
    """A history of an older schema is brought up to date with the cards its deals left."""
    path = tmp_path / "history.sqlite3"
    session = solitaire(2, 30)
    match = session.match(datetime(2026, 11, 29, 12))
    connection = sqlite3.connect(path)
    connection.executescript(FIRST_SCHEMA)
    with connection:
        connection.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           (match.id, match.game, json.dumps(match.options),
                            json.dumps(match.players), match.started, match.finished,
                            match.result, match.termination, match.plies, match.record))
    connection.close()
    (found,) = History(path).matches()
    assert found.left_over == session.state.cards_left()


def test_each_person_is_scored_at_the_solitaire(tmp_path, capsys):
    history = History(tmp_path / "history.sqlite3")
    history.add_person("Émile", "2026-11-29")
    deals = [solitaire(3, 20), solitaire(4, 60), solitaire(5, 40, "Émile")]
    for number, session in enumerate(deals):
        history.add(session.match(datetime(2026, 11, 29, 12, number)))
    history.add(Match("won", "cascades-decktet", {}, {"player": "human"}, "",
                      "2026-11-29T13:00", "player", "all 36 cards are in the tiers", 120, "", 0))
    scores = standings_json(standings(history.matches()))
    alone = {a["who"]: a for a in scores["alone"]}
    left = [deals[0].state.cards_left(), deals[1].state.cards_left()]
    assert alone["a person"] == {"game": "cascades-decktet", "title": "Cascades (Decktet)",
                                 "who": "a person", "games": 3, "wins": 1, "best": 0,
                                 "average": round((left[0] + left[1]) / 3, 1)}
    assert alone["Émile"]["games"] == 1
    assert alone["Émile"]["wins"] == 0
    assert main(["history", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Alone at the board" in out
    assert f"lost, {left[0]} left" in out
    table = out.split("Alone at the board", 1)[1]
    assert "a person" in table
    assert "Émile" in table
