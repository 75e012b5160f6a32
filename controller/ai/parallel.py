"""The general search on several cores: root parallelism.

Python runs one thread of Python at a time, so the Monte Carlo games' search (MCTS, in
Python) uses processes: each core searches the same position with a tree and a random
generator of its own, and the root's counts — every move's visits and results — are added up;
the most visited move over all of them is played (root parallelisation, which for MCTS is as
good as sharing one tree and needs no locks). A budget of steps is shared out between the
processes, so the steps of all of them count; a budget of time is each one's. Each process
keeps its search from move to move, so its tree carries over as one search's does. A cancel
reaches every process at once.

The processes are started once per thread count, from a clean server process ("forkserver":
never a fork of a program that runs threads), and live until the program ends — and end with
it, also where the program is itself a worker process (the bench plays its games in a pool).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.util
import random
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, cast

from controller.ai.base import Budget, Player, Thought
from controller.ai.general import general_search
from controller.ai.mcts import Mcts, settled
from controller.games import GameState

SearchKey = tuple[str, bool, bool]
"""A general search as :func:`~controller.ai.general.general_search` makes it: game, policy,
prior."""
POLL = 0.01
"""Seconds between looks at the cancel while the processes search."""

_searches: dict[SearchKey, Mcts] = {}
"""In a search process: each kind of search it has run, kept with its tree."""
_shared: dict[str, Any] = {}
"""In a search process: ``cancel``, the cancel shared by every process of its pool."""
_pools: dict[int, tuple[ProcessPoolExecutor, Any]] = {}
"""In the program: a pool of search processes and its cancel, by size."""


def _started(cancel: Any) -> None:
    _shared["cancel"] = cancel


def _search(key: SearchKey, state: GameState[Any], seconds: float | None, steps: int | None,
            seed: int) -> tuple[dict[Any, tuple[int, float]], int]:
    """One process's search: each legal move's root counts, and the steps it took."""
    search = _searches.get(key)
    if search is None:
        search = _searches[key] = general_search(*key)
    budget = Budget(seconds=seconds, steps=steps, cancel=cast(threading.Event, _shared["cancel"]))
    thought = search.think(state, budget, random.Random(seed))
    return search.counts, thought.steps


def pool(size: int) -> tuple[ProcessPoolExecutor, Any]:
    """The program's pool of ``size`` search processes and their shared cancel."""
    if size not in _pools:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["controller.ai.parallel"])
        cancel = context.Event()
        executor = ProcessPoolExecutor(max_workers=size, mp_context=context,
                                       initializer=_started, initargs=(cancel,))
        if not _pools:
            # At exit, before a worker process waits for its children (an atexit hook would
            # come after that wait, and the pool's idle processes would keep it waiting
            # forever) and before the pool's queues close (their priority is 10).
            multiprocessing.util.Finalize(None, _close, exitpriority=100)
        _pools[size] = (executor, cancel)
    return _pools[size]


def _close() -> None:
    for executor, _ in _pools.values():
        executor.shutdown(cancel_futures=True)
    _pools.clear()


class RootParallel(Player):
    """The general search of ``game`` (with its ``policy`` and ``prior``) on ``threads``
    processes; on one, the search itself."""

    def __init__(self, game: str, policy: bool = True, prior: bool = True,
                 threads: int = 1) -> None:
        self.key: SearchKey = (game, policy, prior)
        self.threads = threads
        self.name = f"mcts-{threads}"
        self._alone: Mcts | None = None

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if self.threads == 1:
            if self._alone is None:
                self._alone = general_search(*self.key)
            return self._alone.think(state, budget, rng)
        executor, cancel = pool(self.threads)
        started = time.perf_counter()
        seconds = None if budget.seconds is None else max(0.0, budget.seconds - budget.elapsed)
        steps = None if budget.steps is None else \
            max(1, (budget.steps - budget.used) // self.threads)
        futures: list[Future[tuple[dict[Any, tuple[int, float]], int]]] = [
            executor.submit(_search, self.key, state, seconds, steps, rng.getrandbits(64))
            for _ in range(self.threads)]
        pending = set(futures)
        while pending:
            _, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            if budget.cancel.is_set():
                cancel.set()
        cancel.clear()
        visits: dict[Any, int] = {}
        totals: dict[Any, float] = {}
        spent = 0
        for future in futures:
            counts, taken = future.result()
            spent += taken
            for move, (seen, total) in counts.items():
                visits[move] = visits.get(move, 0) + seen
                totals[move] = totals.get(move, 0.0) + total
        budget.step(spent)
        best = settled(state, {move: (visits[move], totals[move]) for move in visits})
        score = totals[best] / visits[best] if visits[best] else 0.0
        return Thought(best, score, spent, 0, time.perf_counter() - started)
