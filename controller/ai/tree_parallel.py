"""The general search on several cores with one tree: the playouts run on the pool's processes.

Root parallelism (:mod:`controller.ai.parallel`) gives each core a tree of its own and adds up
their roots. That serves a game whose moves a small tree covers, but a search that widens
(Colliding Circles: a move's children are added as its visits grow) needs all of its steps in
one tree — four trees of a Raspberry Pi core's 130 playouts each add the same few best-first
moves four times and look no deeper than one. Here one tree lives in this process and is walked
here; each new leaf's playout, the costly part, is sent to a process of the pool, and while it
runs the path to it counts as visited and lost (a virtual loss), so the next walks take other
paths. As many playouts run at once as there are processes; each result is counted as it comes
back. The tree is kept from move to move as the single-core search keeps it.
"""

from __future__ import annotations

import random
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any

from controller.ai.base import Budget, Player, Thought
from controller.ai.general import general_search
from controller.ai.mcts import Mcts, Node, results
from controller.ai.parallel import POLL, SearchKey, pool
from controller.ai.playouts import Playout
from controller.games import GameState

_playouts: dict[SearchKey, Playout] = {}
"""In a search process: the playout policy of each kind of search it has served."""


def _playout(key: SearchKey, position: GameState[Any], seed: int) -> tuple[float, ...]:
    """One playout from ``position`` in a search process: each player's result."""
    playout = _playouts.get(key)
    if playout is None:
        playout = _playouts[key] = general_search(*key).playout
    outcome = position.outcome() or playout(position, random.Random(seed))
    return results(outcome, len(position.info.players))


class TreeParallel(Player):
    """The general search of ``game`` (with its ``policy`` and ``prior``), one tree walked in
    this process and its playouts on ``threads`` processes; on one, the search itself."""

    def __init__(self, game: str, policy: bool = True, prior: bool = True,
                 threads: int = 1) -> None:
        self.key: SearchKey = (game, policy, prior)
        self.threads = threads
        self.name = f"mcts-tree-{threads}"
        self.search: Mcts = general_search(*self.key)

    def think(self, state: GameState[Any], budget: Budget, rng: random.Random) -> Thought:
        if self.threads == 1:
            return self.search.think(state, budget, rng)
        executor, _ = pool(self.threads)
        root = self.search.begin(state)
        players = len(state.info.players)
        running: dict[Future[tuple[float, ...]], list[Node]] = {}
        iterations = 0
        while True:
            while len(running) < self.threads and not self._enough(budget, len(running)):
                position, path = self.search.leaf(root, state, rng)
                ended = position.outcome()
                if ended is not None:
                    self.search.back_up(path, results(ended, players))
                    iterations += 1
                    budget.step()
                    continue
                self.search.hold(path)
                running[executor.submit(_playout, self.key, position,
                                        rng.getrandbits(64))] = path
            if not running or budget.cancel.is_set():
                break
            done, _ = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in done:
                self.search.release(running.pop(future), future.result())
                iterations += 1
                budget.step()
        for future, path in running.items():
            future.cancel()
            self.search.release(path, None)
        if iterations == 0:
            # Cancelled before any playout came back: one here, so there is a move to answer.
            position, path = self.search.leaf(root, state, rng)
            outcome = position.outcome() or self.search.playout(position, rng)
            self.search.back_up(path, results(outcome, players))
            iterations = 1
        return self.search.finish(state, root, iterations, budget)

    @staticmethod
    def _enough(budget: Budget, running: int) -> bool:
        """Whether no more playouts may start: the budget is spent, or its steps are all
        taken by the playouts still running."""
        if budget.spent():
            return True
        return budget.steps is not None and budget.used + running >= budget.steps
