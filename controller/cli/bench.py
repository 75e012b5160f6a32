"""``kaskade bench``: speed measurements that the computer players and the Pi depend on.

``bench engine`` measures, on one core, for Kaskade on each board size:

* ``playouts_per_s`` — complete random games per second through ``random_playout``, the call
  a search makes (Kaskade's fast path);
* ``moves_per_s`` — moves per second through the full public interface
  (``legal_moves`` + ``play`` with its events and undo record), what the app and a generic
  search pay per move;
* ``plies_per_game`` — the average length of those random games.

``bench render`` measures, for a board profile (default the 16 x 16 build):

* ``frame_ms`` — drawing a full game plus gamma, brightness, the current limiter and chain
  order, per frame;
* ``touch_to_frame_ms`` — from a finger leaving a pad to the frame with the move handed to the
  LEDs, through the real app and driver;
* ``save_ms`` — saving the game after that frame (record, write, fsync, rename), which happens
  after the LEDs have the move and so never delays them;
* ``transfer_ms`` — what the LEDs need to receive a frame (30 µs per LED on the longest chain),
  and ``headroom``, how many times faster the slower of the two is than that.
"""

from __future__ import annotations

import argparse
import json
import platform
from typing import Any

from controller.bench.engine import measure_kaskade
from controller.bench.render import measure_render
from controller.games.kaskade.grid import parse_size
from controller.profile import profile_names

DEFAULT_SIZES = "5x5,6x9,8x8"


def register(commands: Any) -> None:
    """Add ``bench`` and its targets to the command line."""
    parser = commands.add_parser(
        "bench", help="measure speed (engine, render)",
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
    render = targets.add_parser(
        "render", help="frame time and touch-to-frame time of the board app",
        description="Time to make one LED frame of a full board, and from a touch to the frame "
        "handed to the LEDs, against the time the LEDs need to receive it.",
    )
    render.add_argument("--profile", default="kaskade-16x16", metavar="NAME|FILE",
                        help=f"the board build ({', '.join(profile_names())}, or a file; "
                        "default kaskade-16x16)")
    render.add_argument("--seconds", type=_positive, default=2.0, metavar="S",
                        help="time spent on each measurement (default 2)")
    render.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    render.add_argument("--json", action="store_true", help="print the figures as JSON")
    render.set_defaults(handler=run_render)


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


def run_render(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    figures = measure_render(args.profile, args.seconds, args.seed)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Render, {figures['profile']} ({figures['leds']} LEDs on {figures['channels']} "
          f"channel(s)) — Python {platform.python_version()} on {platform.machine()}")
    print(f"  frame (draw, gamma, limiter, chain order) {figures['frame_ms']:>8.3f} ms")
    print(f"  touch to frame handed to the LEDs         {figures['touch_to_frame_ms']:>8.3f} ms")
    print(f"  then saving the game                      {figures['save_ms']:>8.3f} ms")
    print(f"  LEDs receive a frame in                   {figures['transfer_ms']:>8.3f} ms")
    print(f"  headroom                                  {figures['headroom']:>8.1f} x")
    return 0
