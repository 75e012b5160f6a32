"""A slow SD card (an fsync that takes seconds, as worn cards do) delays only the save: the
loop goes on answering while the writer thread waits for the card, the page learns of a move
only once the move is on the card, and the saves keep their order. The real loop and server,
the mock board; the card is an fsync that waits until the test lets it go."""

from __future__ import annotations

import os
import threading

from tests.support.web import Served

WAIT = 30.0
"""Generous: the machine may be busy."""


class SlowCard:
    """fsync waits for ``release`` while ``held`` (and says it has started waiting)."""

    def __init__(self, monkeypatch) -> None:
        self.held = False
        self.waiting = threading.Event()
        self.release = threading.Event()
        real = os.fsync

        def fsync(descriptor: int) -> None:
            if self.held:
                self.waiting.set()
                assert self.release.wait(WAIT), "never released"
            real(descriptor)

        monkeypatch.setattr(os, "fsync", fsync)


def moves_shown(served: Served) -> list[str]:
    return (served.request("GET", "/api/state")[1]["game"] or {}).get("moves", [])


def saved_moves(served: Served) -> str:
    return served.app.store.autosave.path.read_text(encoding="utf-8").split("\n\n", 1)[1]


def start_two_people(served: Served) -> None:
    served.pair()
    status, answer = served.request("POST", "/api/games",
                                    {"game": "kaskade", "options": {"size": "4x4"}})
    assert status == 201, answer
    served.wait_for(lambda: served.request("GET", "/api/state")[1]["screen"] == "KaskadeScreen",
                    "the game", WAIT)
    served.request("POST", "/api/touch", {"pad": "d4"})  # skips "White to move"
    served.wait_for(lambda: served.app.store.autosave.path.exists() and
                    served.app.writer.pending == 0, "the new game saved", WAIT)


def test_the_loop_answers_while_the_card_is_slow_and_the_page_waits_for_the_save(
        served, monkeypatch):
    start_two_people(served)
    card = SlowCard(monkeypatch)
    card.held = True
    assert served.request("POST", "/api/touch", {"pad": "b2"})[0] == 200
    assert card.waiting.wait(WAIT), "the move's save reached the card"
    # the save waits for the card; the loop does not: a call to the app is answered
    status, settings = served.request("GET", "/api/settings")
    assert status == 200, settings
    served.wait_for(lambda: served.app.session.moves == ["b2"], "the move played", WAIT)
    assert moves_shown(served) == [], "the page is not told of a move before it is saved"
    card.held = False
    card.release.set()
    served.wait_for(lambda: moves_shown(served) == ["b2"], "the move on the page", WAIT)
    assert "b2" in saved_moves(served), "a kill now would lose nothing the page showed"


def test_moves_are_saved_in_order_before_the_page_shows_them(served, monkeypatch):
    start_two_people(served)
    card = SlowCard(monkeypatch)
    card.held = True
    for pad in ("b2", "c3", "a1"):
        assert served.request("POST", "/api/touch", {"pad": pad})[0] == 200
    served.wait_for(lambda: served.app.session.moves == ["b2", "c3", "a1"], "three moves",
                    WAIT)
    assert moves_shown(served) == []
    card.held = False
    card.release.set()
    served.wait_for(lambda: moves_shown(served) == ["b2", "c3", "a1"], "the moves", WAIT)
    text = saved_moves(served)
    assert text.index("b2") < text.index("c3") < text.index("a1")
    assert served.app.writer.pending == 0
