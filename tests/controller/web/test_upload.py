"""Records uploaded to the board (``POST /api/records``) against the real server: each is
checked as the app checks its own saved game, so one that would stop the app at its next start
or replace a game of the history is refused with the reason, and nothing changes."""

from __future__ import annotations

import pytest

from controller.app.history import Match

HEADER = '[Game "kaskade"]\n[Size "3x3"]\n'
FINISHED_WITHOUT_ID = HEADER + '[White "human"]\n[Black "human"]\n\n1. a1 c3 2. b1 c2 3. a2\n'


def history_game(served) -> Match:
    match = Match("feedc0de", "kaskade", {"size": "3x3"}, {"white": "human", "black": "human"},
                  "2026-11-21T12:00:00", "2026-11-21T12:05:00", "white", "won", 5,
                  HEADER + '[Id "feedc0de"]\n\n1. a1 c3\n')
    served.app.store.history.add(match)
    return match


@pytest.mark.parametrize(("record", "reason"), [
    (HEADER + '[White "human"]\n\na1\n', "record: no [Id] naming the game"),
    (HEADER + '[Id "ok1"]\n[White "human"]\n[Black "computer 9"]\n\na1\n',
     "record: [Black 'computer 9'] is neither 'human', 'computer N' with a level from 1 "
     "to 5 nor 'remote NAME'"),
    (HEADER + '[Id "ok2"]\n[White "human"]\n[Termination "White resigned"]\n\na1 b2\n',
     "record: [Termination] without a [Result] naming white or black"),
    (HEADER + '[Id "feedc0de"]\n[White "human"]\n\nb2\n',
     "record: [Id 'feedc0de'] is a game of the history; it cannot be played on"),
    (HEADER + '[Id "../../x y"]\n\nb2\n', "record: [Id '../../x y'] is not 1 to 64 letters"),
])
def test_a_record_the_app_could_not_resume_is_refused_and_changes_nothing(served, record,
                                                                          reason):
    kept = history_game(served)
    served.pair()
    before = served.request("GET", "/api/state")[1]
    status, answer = served.request("POST", "/api/records", {"record": record})
    assert status == 400, answer
    assert answer["error"].startswith(reason)
    assert served.app.session is None
    assert not served.app.store.autosave.path.exists()
    assert served.app.store.history.matches() == [kept]
    assert served.request("GET", "/api/state")[1]["screen"] == before["screen"]


def test_an_uploaded_game_gets_the_boards_own_id_and_tags(served):
    served.pair()
    record = HEADER + ('[Id "mine"]\n[White "human"]\n[Black "computer 2"]\n[Event "club"]\n'
                       '[Started "1999-01-01T00:00:00"]\n\n1. a1 c3\n')
    status, answer = served.request("POST", "/api/records", {"record": record})
    assert status == 201, answer
    assert answer["id"] != "mine"
    assert len(answer["id"]) == 32
    saved = served.app.store.autosave.load()
    assert saved is not None, "saved before the answer"
    assert saved.tags["Id"] == answer["id"]
    assert saved.tags["Black"] == "computer 2"
    assert "Event" not in saved.tags
    assert not saved.tags["Started"].startswith("1999")


def test_the_same_record_uploaded_twice_is_two_games(served):
    """Neither replaces the other when they finish: each has an id of the board's own."""
    served.pair()
    ids = set()
    for _ in range(2):
        record = HEADER + '[Id "same"]\n[White "human"]\n[Black "human"]\n\n1. a1 c3\n'
        status, answer = served.request("POST", "/api/records", {"record": record})
        assert status == 201, answer
        ids.add(answer["id"])
    assert len(ids) == 2


def test_an_uploaded_game_that_cannot_be_saved_is_a_507(served, monkeypatch):
    served.pair()

    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("controller.app.storage._replace", full)
    status, answer = served.request("POST", "/api/records", {"record": HEADER + (
        '[Id "a"]\n[White "human"]\n\n1. a1\n')})
    assert status == 507, answer
    assert "could not be saved" in answer["error"]
    assert "No space left on device" in answer["error"]
