"""Shown only when saved, on the real server and the real loop with its writer thread: a move
the card refuses (``ENOSPC``) is not shown to the page nor the API — they keep the last saved
position and say why the rest waits — and the next move tries the save again at once, not
after the pause a full card earns; a resignation or a new game is acknowledged only once it
is on the card."""

from __future__ import annotations

import errno
import os

import pytest

from controller.app import session as session_module


class Card:
    """The card under the board's files: full or not (every ``fsync`` fails while it is)."""

    def __init__(self, monkeypatch) -> None:
        self.full = False
        real = os.fsync

        def fsync(descriptor: int) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real(descriptor)

        monkeypatch.setattr(os, "fsync", fsync)


@pytest.fixture
def card(monkeypatch) -> Card:
    # A full card earns an hour's pause before the same game is saved again: only a new
    # move may try sooner.
    monkeypatch.setattr(session_module, "RETRY_FIRST", 3600.0)
    return Card(monkeypatch)


def started(served) -> None:
    served.pair()
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "4x4"}})
    assert status == 201, answer
    served.wait_for(lambda: served.app.session is not None, "the game")
    served.request("POST", "/api/touch", {"pad": "h8"})  # past "White to move"
    served.wait_for(lambda: served.app.screen.session.state.turn_player() == 0 and
                    type(served.app.screen).__name__ != "NoticeScreen", "the game's screen")


def shown_moves(served) -> tuple[list[str], str | None]:
    state = served.request("GET", "/api/state")[1]
    return (state["game"] or {}).get("moves", []), state.get("unsaved")


def test_a_move_the_card_refuses_is_not_shown_and_the_next_move_saves_at_once(served, card):
    started(served)
    autosave = served.app.store.autosave.path
    card.full = True
    assert served.request("POST", "/api/touch", {"pad": "a1"})[0] == 200
    served.wait_for(lambda: shown_moves(served)[1] is not None or
                    "a1" in shown_moves(served)[0], "the page told")
    moves, why = shown_moves(served)
    assert moves == [], "the move the card refused is not shown"
    assert why is not None
    assert "No space left on device" in why
    assert served.app.session.moves == ["a1"], "the board plays on"

    card.full = False
    assert served.request("POST", "/api/touch", {"pad": "d4"})[0] == 200
    served.wait_for(lambda: shown_moves(served) == (["a1", "d4"], None),
                    "both moves saved and shown", seconds=30)
    saved = autosave.read_text(encoding="utf-8")
    assert "a1" in saved
    assert "d4" in saved


def test_a_resignation_is_acknowledged_only_once_it_is_on_the_card(served, card):
    started(served)
    card.full = True
    status, answer = served.request("POST", "/api/game/resign")
    assert status == 507, answer
    assert "could not save it" in answer["error"]
    assert "No space left on device" in answer["error"]
    served.wait_for(lambda: shown_moves(served)[1] is not None, "the page told")
    state = served.request("GET", "/api/state")[1]
    assert not state["game"]["finished"], "the resignation is not shown while unsaved"
    card.full = False
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "4x4"}})
    assert status == 201, answer
    history = served.request("GET", "/api/history")[1]
    assert [match["termination"] for match in history] == ["White resigned"]
