"""``kaskade bench``: speed measurements that the computer players and the Pi depend on.

``bench engine`` measures, on one core, for Kaskade on each board size:

* ``playouts_per_s`` — complete random games per second through ``random_playout``, the call
  a search makes (Kaskade's fast path);
* ``moves_per_s`` — moves per second through the full public interface
  (``legal_moves`` + ``play`` with its events and undo record), what the app and a generic
  search pay per move;
* ``plies_per_game`` — the average length of those random games.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

from controller.games import get_game
from controller.games.kaskade.grid import parse_size

DEFAULT_SIZES = "5x5,6x9,8x8"


def register(commands: Any) -> None:
    """Add ``bench`` and its targets to the command line."""
    parser = commands.add_parser(
        "bench", help="measure speed (engine)",
        description="Measure how fast parts of Kaskade Board run on this machine.",
    )
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    engine = targets.add_parser(
        "engine", help="random playouts and moves per second of the Kaskade engine",
        description="Random playouts per second and moves per second for Kaskade, one core. "
        "A Raspberry Pi is several times slower than a desktop; compare like with like.",
    )
    engine.add_argument("--sizes", default=DEFAULT_SIZES, metavar="WxH,…",
                        help=f"board sizes to measure (default {DEFAULT_SIZES})")
    engine.add_argument("--seconds", type=_positive, default=2.0, metavar="S",
                        help="time spent on each measurement (default 2)")
    engine.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    engine.add_argument("--json", action="store_true",
                        help='print {"kaskade": {"8x8": {"playouts_per_s": …, …}, …}}')
    engine.set_defaults(handler=run_engine)


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text!r}: give a time above 0 seconds")
    return value


def run_engine(args: argparse.Namespace) -> int:
    """Measure every size, then print a table or JSON."""
    sizes = [parse_size(text) for text in args.sizes.split(",")]
    results = {
        f"{width}x{height}": measure_kaskade(width, height, args.seconds, args.seed)
        for width, height in sizes
    }
    if args.json:
        print(json.dumps({"kaskade": results}))
        return 0
    print(f"Kaskade engine, one core — Python {platform.python_version()} on "
          f"{platform.machine()}, {args.seconds:g} s per figure")
    print(f"{'size':<6}{'playouts/s':>12}{'moves/s':>12}{'plies/game':>12}")
    for size, figures in results.items():
        print(f"{size:<6}{figures['playouts_per_s']:>12,.0f}{figures['moves_per_s']:>12,.0f}"
              f"{figures['plies_per_game']:>12.1f}")
    return 0


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
