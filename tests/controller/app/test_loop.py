"""The real-time loop with the computer thinking on its own thread: the LEDs keep animating and
the buttons keep working while it thinks."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Call, run
from controller.app.store import Store
from controller.devices.mock import mock_board
from controller.profile import load_profile
from tests.support.board import NOON


def test_the_board_stays_alive_while_the_computer_thinks(tmp_path):
    # the computer thinks longer than the test waits for anything: it is still thinking
    # whenever the test looks, however busy the machine, until undo cancels it
    app, board, stop, loop, tap, follower = running(tmp_path, think=10 * WAIT)
    try:
        tap("a8")   # Kaskade's name
        tap("a8")   # play it
        tap("e4")   # against the computer, level 5
        tap("h8")   # an 8 x 8 board: too large to solve in a moment, so the search runs on
        assert type(app.screen).__name__ == "KaskadeScreen"
        tap("h1")   # skips "your turn"
        tap("b2")
        frames = len(board.pixels.frames)
        # 30 frames a second when idle: the LEDs keep animating while the search runs on the GIL
        wait_for(lambda: len(board.pixels.frames) - frames >= 3, "frames while the computer thinks")
        assert app.session.moves == ["b2"], "the computer is still thinking"
        board.buttons.down("undo")
        board.buttons.up("undo")
        follower.settle()
        assert app.session.moves == []
        wait_for(lambda: not any(thread.name.startswith("think-")
                                 for thread in threading.enumerate()), "the search to stop")
        follower.settle()
        assert app.session.moves == [], "the cancelled thinking played nothing"
        app.thinking.think_seconds = 0.2
        tap("a1")
        wait_for(lambda: len(app.session.moves) >= 2, "the computer's answer")
        assert len(app.session.moves) == 2, "the computer answered"
    finally:
        stop.set()
        loop.join(timeout=WAIT)
    assert not loop.is_alive()


WAIT = 60.0
"""Seconds to wait for the loop: generous, for a busy machine."""


class Follower:
    """Beside the loop like the web server: it is handed the loop's queue, so the test can wait
    until the loop has handled everything sent before (a call queued behind it)."""

    def __init__(self) -> None:
        self.post: Callable[[Any], None] | None = None
        self.attached = threading.Event()

    def attach(self, post: Callable[[Any], None]) -> None:
        self.post = post
        self.attached.set()

    def publish(self, driver: Driver, now: float) -> None:
        pass

    def settle(self) -> None:
        """Return once the loop has handled every event sent so far."""
        assert self.post is not None
        call: Call = Call(lambda app, now: None)
        self.post(call)
        call.reply.result(timeout=WAIT)


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, f"waited {WAIT} s for {what}"
        time.sleep(0.02)


def running(tmp_path, think: float = 0.2):
    profile = load_profile("kaskade-8x8")
    app = App(profile, Store.at(tmp_path, "kaskade-8x8"), lambda: NOON, think_seconds=think)
    board = mock_board(profile)
    stop = threading.Event()
    follower = Follower()
    loop = threading.Thread(target=run, args=(Driver(app, board), stop),
                            kwargs={"companion": follower}, daemon=True)
    loop.start()
    assert follower.attached.wait(WAIT), "the loop started"

    def tap(name: str) -> None:
        """Touch and let go of ``name``; return once the loop has handled both."""
        pad = (int(name[1:]) - 1) * 8 + ord(name[0]) - ord("a")
        board.touches.down(pad)
        board.touches.up(pad)
        follower.settle()

    return app, board, stop, loop, tap, follower


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
    app, _, stop, loop, tap, _ = running(tmp_path)
    try:
        tap("a8")
        tap("a8")
        tap("e4")
        tap("c3")
        tap("h1")
        tap("b2")
        wait_for(lambda: len(app.session.moves) >= 2, "the computer's answer")
        assert len(app.session.moves) == 2, "the computer answered"
    finally:
        stop.set()
        loop.join(timeout=WAIT)


def test_a_screen_that_fails_sends_the_board_home_with_its_game_kept(tmp_path, monkeypatch):
    from controller.faces.kaskade.screen import KaskadeScreen

    app, _, stop, loop, tap, _ = running(tmp_path)
    try:
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
        loop.join(timeout=WAIT)


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")
def test_failing_again_and_again_ends_the_loop_for_a_fresh_start(tmp_path, monkeypatch):
    from controller.app.screens.home import HomeScreen

    monkeypatch.setattr(HomeScreen, "draw", lambda self, canvas, now: 1 / 0)
    _, _, stop, loop, _, _ = running(tmp_path)
    loop.join(timeout=WAIT)
    assert not loop.is_alive(), "it gave up instead of failing in a loop"
    stop.set()
