"""How fast the Kaskade engine plays: random playouts (what a search calls), moves through
the full interface (what the app and a generic search pay) and the level search's nodes; where
the compiled core was built, its playouts and search too, measured in the same run, and its
search late in a game as well, where level 5 spends most and games are decided."""

from __future__ import annotations

import random
import time

from controller.ai.base import Budget
from controller.ai.kaskade.core import compiled, compiled_board, compiled_search
from controller.ai.kaskade.pacing import phases
from controller.ai.kaskade.players import Searcher
from controller.games import get_game
from controller.games.kaskade import KaskadeState


def measure_kaskade(width: int, height: int, seconds: float, seed: int) -> dict[str, float]:
    """The three figures for one board size."""
    start = get_game("kaskade").new({"size": f"{width}x{height}"})
    assert isinstance(start, KaskadeState)
    rng = random.Random(seed)

    playouts = 0
    began = time.perf_counter()
    while True:
        start.random_playout(rng)
        playouts += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            break
    playouts_per_s = playouts / elapsed

    moves = games = 0
    draw = rng.random
    began = time.perf_counter()
    while True:
        state = start.copy()
        while not state.is_over():
            legal = state.legal_moves()
            state.play(legal[int(draw() * len(legal))])
            moves += 1
        games += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            break
    middle = _middle_game(start, seed)
    python = Searcher("searcher", engine="python").think(middle, Budget(seconds=seconds),
                                                         random.Random(seed))
    figures = {
        "playouts_per_s": round(playouts_per_s, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "plies_per_game": round(moves / games, 1),
        "search_nodes_per_s": round(python.steps / python.seconds),
    }
    if compiled():
        figures["compiled_playouts_per_s"] = round(_compiled_playouts(start, seconds, seed), 1)
        figures["compiled_speedup"] = round(figures["compiled_playouts_per_s"] / playouts_per_s,
                                            1)
        core = compiled_search(middle, Budget(seconds=seconds), random.Random(seed))
        figures["compiled_search_nodes_per_s"] = round(core.steps / core.seconds)
        figures["compiled_search_speedup"] = round(
            figures["compiled_search_nodes_per_s"] / figures["search_nodes_per_s"], 1)
        late = compiled_search(late_position(start, seed), Budget(seconds=seconds),
                               random.Random(seed))
        figures["compiled_late_nodes_per_s"] = round(late.steps / late.seconds)
    return figures


def _middle_game(start: KaskadeState, seed: int) -> KaskadeState:
    """A position a game reaches: as many random moves as the board has cells, halved (the
    search's speed from the empty board says little: no cell is near critical there)."""
    rng = random.Random(seed)
    while True:
        state = start.copy()
        while state.plies < start.grid.cells // 2 and not state.is_over():
            legal = state.legal_moves()
            state.play(legal[int(rng.random() * len(legal))])
        if not state.is_over():
            return state


def late_position(start: KaskadeState, seed: int, tries: int = 200) -> KaskadeState:
    """A position from where level 5's pacing spends most (nine sixteenths of the balls the
    board holds, each move adding one): long fronts of cells about to overflow, which cost a
    search more per node than the middle game does. Random games often end before that on
    small boards, so after ``tries`` of them the latest position any reached will do."""
    target = phases(start.grid)[1]
    rng = random.Random(seed)
    latest = start
    for _ in range(tries):
        state = start.copy()
        while state.plies < target and not state.is_over():
            legal = state.legal_moves()
            before = state.copy()
            state.play(legal[int(rng.random() * len(legal))])
            if state.is_over():
                state = before
                break
        if state.plies >= target:
            return state
        if state.plies > latest.plies:
            latest = state
    return latest


def _compiled_playouts(start: KaskadeState, seconds: float, seed: int) -> float:
    """Random playouts per second through the compiled core, in batches of 200."""
    board = compiled_board(start)
    playouts = 0
    began = time.perf_counter()
    while True:
        board.playouts(200, seed + playouts)
        playouts += 200
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return playouts / elapsed
