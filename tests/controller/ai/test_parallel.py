"""The general search on several processes: the steps of all of them count against the
budget, their counts add up to a legal move, a cancel stops every one, the strongest level
of a Monte Carlo game takes it when given threads, and a worker process that searched on them
still ends (the bench plays its games in such workers)."""

from __future__ import annotations

import multiprocessing
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor

from controller.ai.base import Budget
from controller.ai.levels import Share, computer
from controller.ai.parallel import RootParallel
from controller.games import get_game


def test_the_steps_of_every_process_count_and_the_move_is_legal():
    state = get_game("cascades").new()
    player = RootParallel("cascades", threads=2)
    budget = Budget(steps=300)
    thought = player.think(state, budget, random.Random(1))
    assert state.is_legal(thought.move)
    assert budget.used == thought.steps
    assert 300 <= thought.steps <= 302  # 150 each, each stopping after its step


def test_a_cancel_stops_every_process():
    state = get_game("big-balls").new()
    player = RootParallel("big-balls", threads=2)
    budget = Budget(seconds=300)
    budget.cancel.set()
    began = time.perf_counter()
    thought = player.think(state, budget, random.Random(1))
    assert time.perf_counter() - began < 120, "stopped long before its five minutes"
    assert thought.move in state.legal_moves()


def test_the_strongest_level_of_a_monte_carlo_game_searches_on_its_threads():
    player = computer("colliding-circles", 5, threads=3)
    assert isinstance(player, Share)
    assert isinstance(player.player, RootParallel)
    assert player.player.threads == 3
    one = computer("colliding-circles", 5)
    assert isinstance(one, Share)
    assert not isinstance(one.player, RootParallel)


def _one_move_on_two_processes(seed: int) -> bool:
    """In a worker process: a move of the general search on two processes of its own."""
    state = get_game("cascades").new()
    thought = RootParallel("cascades", threads=2).think(state, Budget(steps=20),
                                                       random.Random(seed))
    return state.is_legal(thought.move)


def test_a_worker_process_that_searched_on_processes_of_its_own_still_ends():
    """A worker ends by waiting for its child processes; the search's processes must have
    been told to end before that, or the worker — and the program waiting for it — waits
    forever (``kaskade bench ai --jobs 2 --pi`` of a Monte Carlo game did)."""
    workers = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("forkserver"))
    ended = threading.Event()
    try:
        assert list(workers.map(_one_move_on_two_processes, [1])) == [True]
        threading.Thread(target=lambda: (workers.shutdown(), ended.set()), daemon=True).start()
        assert ended.wait(120), "the worker never ended"
    finally:
        if not ended.is_set():
            for process in list(workers._processes.values()):  # a hung worker: end it
                process.kill()
