"""Hints asked for faster than they are thought about keep one thread busy, not one each:
the hint under way answers a repeated ask, and a newer hint cancels the one before."""

from __future__ import annotations

import threading

from controller.app.thinking import ThinkRequest, ThreadThinker
from controller.games import get_game
from controller.profile import load_profile
from sim.front.served import served_board
from tests.support.web import Served

WAIT = 30.0


def thinking_threads() -> int:
    return sum(1 for thread in threading.enumerate() if thread.name.startswith("think-"))


def test_twenty_hints_a_second_keep_one_thread(tmp_path):
    with served_board(load_profile("kaskade-8x8"), tmp_path, think=5.0) as running:
        served = Served(running.app, running.server)
        served.wait_for(lambda: running.bridge.board.latest is not None, "first picture", WAIT)
        served.pair()
        status, answer = served.request("POST", "/api/games",
                                        {"game": "kaskade", "options": {"size": "4x4"}})
        assert status == 201, answer
        served.wait_for(lambda: served.request("GET", "/api/state")[1]["screen"] ==
                        "KaskadeScreen", "the game", WAIT)
        most = 0
        for _ in range(40):  # each hint thinks for 5 s: without a limit, 40 threads
            status, answer = served.request("POST", "/api/game/hint")
            assert status == 200, answer
            most = max(most, thinking_threads())
        assert most == 1


def test_a_newer_hint_cancels_the_one_before():
    state = get_game("kaskade").new({"size": "4x4"})
    thinker = ThreadThinker()
    answers: list[int] = []
    first = ThinkRequest(1, state.copy(), 5, 60.0, seed=1, hint=True)
    second = ThinkRequest(2, state.copy(), 5, 0.01, seed=2, hint=True)
    move = ThinkRequest(3, state.copy(), 1, 0.01, seed=3)
    thinker.start(first, lambda answer: answers.append(answer.token))
    thinker.start(move, lambda answer: answers.append(answer.token))
    assert not first.cancel.is_set(), "a computer's move leaves the hint alone"
    thinker.start(second, lambda answer: answers.append(answer.token))
    assert first.cancel.is_set()
    assert not second.cancel.is_set()
    deadline = threading.Event()
    for _ in range(int(WAIT / 0.05)):
        if thinking_threads() == 0:
            break
        deadline.wait(0.05)
    assert thinking_threads() == 0, "the cancelled search stopped long before its 60 s"
    assert sorted(answers) == [2, 3]
