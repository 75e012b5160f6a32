"""The real-time loop with the computer thinking on its own thread: the LEDs keep animating and
the buttons keep working while it thinks."""

from __future__ import annotations

import threading
import time

import pytest

from controller.app.app import App, Store
from controller.app.driver import Driver
from controller.app.loop import run
from controller.devices.mock import mock_board
from controller.profile import load_profile
from tests.support.board import NOON


def test_the_board_stays_alive_while_the_computer_thinks(tmp_path):
    app, board, stop, loop, tap = running(tmp_path, think=1.5)
    try:
        time.sleep(0.2)
        tap("a8")   # Kaskade's name
        tap("a8")   # play it
        tap("e4")   # against the computer, level 5
        tap("h8")   # an 8 x 8 board: too large to solve in a moment, so the search runs on
        assert type(app.screen).__name__ == "KaskadeScreen"
        tap("h1")   # skips "your turn"
        tap("b2")
        frames = len(board.pixels.frames)
        time.sleep(0.5)
        assert app.session.moves == ["b2"], "still thinking"
        # 30 frames a second when idle; at least a fifth of that with a search on the GIL
        assert len(board.pixels.frames) - frames >= 3, "the LEDs kept animating"
        board.buttons.down("undo")
        board.buttons.up("undo")
        time.sleep(0.2)
        assert app.session.moves == []
        time.sleep(1.8)
        assert app.session.moves == [], "the cancelled thinking played nothing"
        tap("a1")
        deadline = time.monotonic() + 10
        while len(app.session.moves) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(app.session.moves) == 2, "the computer answered"
    finally:
        stop.set()
        loop.join(timeout=5)
    assert not loop.is_alive()


def running(tmp_path, think: float = 0.2):
    profile = load_profile("kaskade-8x8")
    app = App(profile, Store.at(tmp_path, "kaskade-8x8"), lambda: NOON, think_seconds=think)
    board = mock_board(profile)
    stop = threading.Event()
    loop = threading.Thread(target=run, args=(Driver(app, board), stop), daemon=True)
    loop.start()

    def tap(name: str) -> None:
        pad = (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a")
        board.touches.down(pad)
        time.sleep(0.05)
        board.touches.up(pad)
        time.sleep(0.15)

    return app, board, stop, loop, tap


def test_a_search_that_fails_still_answers_with_a_legal_move(tmp_path, monkeypatch):
    from controller.ai import mcts
    from controller.ai.kaskade import search

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the search")

    for module in (search, mcts):
        for name in dir(module):
            thing = getattr(module, name)
            if isinstance(thing, type) and hasattr(thing, "think"):
                monkeypatch.setattr(thing, "think", broken)
    app, _, stop, loop, tap = running(tmp_path)
    try:
        time.sleep(0.2)
        tap("a8")
        tap("a8")
        tap("e4")
        tap("c3")
        tap("h1")
        tap("b2")
        time.sleep(1.0)
        assert len(app.session.moves) == 2, "the computer answered"
    finally:
        stop.set()
        loop.join(timeout=5)


def test_a_screen_that_fails_sends_the_board_home_with_its_game_kept(tmp_path, monkeypatch):
    from controller.app.screens.kaskade import KaskadeScreen

    app, _, stop, loop, tap = running(tmp_path)
    try:
        time.sleep(0.2)
        tap("a8")   # Kaskade's name
        tap("a8")   # play it
        tap("a8")   # two people (their tile is top left)
        tap("c3")
        tap("h1")   # skips "White to move"
        tap("b2")
        assert app.session.moves == ["b2"]
        monkeypatch.setattr(KaskadeScreen, "tap", lambda self, pad, now: 1 / 0)
        tap("a1")
        assert type(app.screen).__name__ == "HomeScreen"
        assert loop.is_alive()
        assert "something went wrong on that screen" in app.notices[-1]
        assert app.session.moves == ["b2"], "the game is kept"
    finally:
        stop.set()
        loop.join(timeout=5)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_failing_again_and_again_ends_the_loop_for_a_fresh_start(tmp_path, monkeypatch):
    from controller.app.screens.home import HomeScreen

    monkeypatch.setattr(HomeScreen, "draw", lambda self, canvas, now: 1 / 0)
    _, _, stop, loop, _ = running(tmp_path)
    loop.join(timeout=5)
    assert not loop.is_alive(), "it gave up instead of failing in a loop"
    stop.set()
