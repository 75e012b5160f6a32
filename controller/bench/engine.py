"""How fast the Kaskade engine plays: random playouts (what a search calls) and moves through
the full interface (what the app and a generic search pay)."""

from __future__ import annotations

import random
import time

from controller.games import get_game


def measure_kaskade(width: int, height: int, seconds: float, seed: int) -> dict[str, float]:
    """The three figures for one board size."""
    start = get_game("kaskade").new({"size": f"{width}x{height}"})
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
    return {
        "playouts_per_s": round(playouts_per_s, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "plies_per_game": round(moves / games, 1),
    }
