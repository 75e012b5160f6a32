"""How fast the Kaskade engine plays: random playouts (what a search calls) and moves through
the full interface (what the app and a generic search pay); where the compiled core was built,
its random playouts too, measured in the same run."""

from __future__ import annotations

import random
import time

from controller.ai.kaskade.core import compiled, compiled_board
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
    figures = {
        "playouts_per_s": round(playouts_per_s, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "plies_per_game": round(moves / games, 1),
    }
    if compiled():
        figures["compiled_playouts_per_s"] = round(_compiled_playouts(start, seconds, seed), 1)
        figures["compiled_speedup"] = round(figures["compiled_playouts_per_s"] / playouts_per_s,
                                            1)
    return figures


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
