"""What Kaskade's search gains from more threads (Lazy SMP, ``_core.c``): the time it takes to
finish the same depth from the same positions on one thread and on ``threads``, and the nodes
each spends.

The speed-up is the time to depth on one thread over the time on ``threads`` (more than the
cores run at once buys nothing: the threads then take turns); the node ratio is how many more
nodes the threads search together for that depth — what sharing a table rather than a tree
costs. Wall time on a machine other programs load says less than on a quiet one: the figures
come with the load average they were measured at.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from controller.ai.base import Budget
from controller.ai.kaskade.core import compiled, compiled_board, compiled_search
from controller.errors import KaskadeError
from controller.games.kaskade import KaskadeState

SHARES = (0.3, 0.45, 0.55, 0.65)
"""Where the positions are taken, as shares of the balls the board holds: opening to late."""


class NotBuiltError(KaskadeError, RuntimeError):
    """The compiled core, which alone searches on threads, was not built."""


def positions(width: int, height: int, seed: int) -> list[KaskadeState]:
    """A position of a random game at each of :data:`SHARES` of the board's capacity."""
    rng = random.Random(seed)
    found = []
    for share in SHARES:
        while True:
            state = KaskadeState(width, height)
            target = int(share * state.grid.max_plies)
            while state.plies < target and not state.is_over():
                legal = state.legal_moves()
                state.play(legal[int(rng.random() * len(legal))])
            if not state.is_over():
                found.append(state)
                break
    return found


def _to_depth(state: KaskadeState, depth: int, threads: int) -> tuple[float, int]:
    """Seconds and nodes (of every thread) to finish ``depth`` from ``state``, fresh table."""
    board = compiled_board(state)
    moves = board.moves()
    random.Random(1).shuffle(moves)
    began = time.perf_counter()
    _, _, nodes, _ = board.search(moves, depth, lambda _: False, 1024, None, threads)
    return time.perf_counter() - began, nodes


def measure_parallel(width: int, height: int, threads: int, seconds: float,
                     seed: int) -> dict[str, Any]:
    """From each of :func:`positions`, the depth one thread finishes in ``seconds``, then the
    time and nodes to finish it on one thread and on ``threads``."""
    if not compiled():
        raise NotBuiltError("the compiled core was not built: only it searches on threads")
    one_time = many_time = 0.0
    one_nodes = many_nodes = 0
    depths = []
    for state in positions(width, height, seed):
        depth = compiled_search(state, Budget(seconds=seconds), random.Random(1)).depth
        depths.append(depth)
        alone, alone_nodes = _to_depth(state, depth, 1)
        together, together_nodes = _to_depth(state, depth, threads)
        one_time += alone
        many_time += together
        one_nodes += alone_nodes
        many_nodes += together_nodes
    return {"threads": threads, "depths": depths,
            "one_thread_s": round(one_time, 3), "threads_s": round(many_time, 3),
            "speedup": round(one_time / many_time, 2),
            "one_thread_nodes": one_nodes, "threads_nodes": many_nodes,
            "node_ratio": round(many_nodes / one_nodes, 2),
            "load_average": round(os.getloadavg()[0], 1)}
