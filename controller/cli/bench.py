"""``kaskade bench``: speed and strength measurements that the Pi and the players depend on.

``bench engine`` measures, on one core, for Kaskade on each board size:

* ``playouts_per_s`` — complete random games per second through ``random_playout``, the call
  a search makes (Kaskade's fast path);
* ``moves_per_s`` — moves per second through the full public interface
  (``legal_moves`` + ``play`` with its events and undo record), what the app and a generic
  search pay per move;
* ``plies_per_game`` — the average length of those random games;
* ``search_nodes_per_s`` — the level search's nodes per second (alpha-beta over the classical
  evaluation) from a mid-game position, in Python;
* ``compiled_playouts_per_s``, ``compiled_search_nodes_per_s`` and their ``…_speedup`` — the
  same through the compiled core, and how many times the Python figure that is (where it was
  built);
* ``compiled_late_nodes_per_s`` — the compiled search's nodes per second late in a game (from
  where level 5 spends three times its budget), where long fronts of cells about to overflow
  make a node dearer than in the middle game.

``bench render`` measures, for a board profile (default the 16 x 16 build):

* ``frame_ms`` — drawing a full game plus gamma, brightness, the current limiter and chain
  order, per frame;
* ``message_frame_ms`` — the same with words scrolling over the game ("Black wins 5:3");
* ``touch_to_frame_ms`` — from a finger leaving a pad to the frame with the move handed to the
  LEDs, through the real app and driver;
* ``save_ms`` — saving the game after that frame (record, write, fsync, rename), which happens
  after the LEDs have the move and so never delays them;
* ``transfer_ms`` — what the LEDs need to receive a frame (30 µs per LED on the longest chain),
  and ``headroom``, how many times faster the slower of the two is than that.

``bench link`` measures the touch path (see ``controller.bench.link``): firmware scans from a
finger to the touch line, milliseconds from a finger to the app's event through the real
firmware, a pseudo-terminal, pyserial and the touch link, and the host codec's lines per second.

``bench firmware`` imports the touch firmware on the real MicroPython interpreter, from source
and compiled to ``.mpy``, and reports the RAM each module keeps and the names in its globals.
``bench firmware --silicon`` runs it on an emulated Pico instead (MicroPython's rp2 port on
rp2040js, with each reference build's touch chips; see ``sim.silicon.measure``): per build, each
scan of the main loop against the scan period (median, worst, a hand on every chip included),
the sensor's own delay, milliseconds from a finger to its touch line in simulated time (the
sensor's delay included), the heap free after start, and the time from a restart to the
hello; each build printed as it is done. Goals: the median scan at most half the period, the
worst at most all of it, a touch line within 35 ms, 100 kB of heap free.

``bench web`` touches the brightness bar through the web companion's API while following its
live stream as the page does: milliseconds from letting go to the new picture (median, worst),
then the process's CPU share while the LEDs animate, without and with a page open.

``bench web-load`` is what a hostile client on the home network gets: pairing guesses checked
per second while it sends them as fast as it can, and the board loop's call latency while eight
clients replay a long finished game.

``bench solver`` deals the Decktet solitaire from fixed seeds, for each version and pass rule
asked for, and reports how often the solver decides whether a deal can be won within its time
budget, and how long it takes (``--jobs``: deals solved at once).

``bench ai`` plays a tournament between a game's levels and baselines (colours alternating,
each move thought within the same time, ``--nodes`` search steps, or ``--pi``: a Raspberry Pi
4's four cores for a second) and prints win rates in all and by seat, each pairing's Elo
difference with its 95 % interval and a rating list with intervals (``--sprt`` stops a pairing
once its games decide it), then the strongest level's search speed and longest think on 6x9,
8x8 and 16x16; with ``--published``, the strongest level against the published Chain Reaction
program's depths 2 and 3, by seat, against the goals it must meet.

``bench parallel`` compares Kaskade's search on several threads with one: the time to the same
depths from the same positions, and the nodes it costs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
from pathlib import Path
from typing import Any

from controller.ai.levels import MAX_THREADS
from controller.ai.tournament import GameResult
from controller.bench import ai as ai_bench
from controller.bench.card import measure_card
from controller.bench.engine import measure_kaskade
from controller.bench.firmware import measure_firmware
from controller.bench.link import measure_link
from controller.bench.parallel import NotBuiltError, measure_parallel
from controller.bench.remote import measure_remote
from controller.bench.render import measure_render
from controller.bench.solver import VERSIONS as SOLVER_VERSIONS
from controller.bench.solver import measure_solver
from controller.bench.web import measure_web
from controller.bench.web_load import REPLAYERS, measure_web_load
from controller.cli.usage import UsageError
from controller.errors import KaskadeError
from controller.games import game_names, get_game
from controller.games.kaskade.grid import parse_size
from controller.profile import load_profile, profile_names
from sim.silicon import measure as silicon_bench

DEFAULT_SIZES = "5x5,6x9,8x8"
TWO_PLAYER_GAMES = tuple(name for name in game_names() if len(get_game(name).info.players) == 2)


def _register_ai(targets: Any) -> None:
    """Add ``bench ai``: tournaments between a game's levels and baselines."""
    ai = targets.add_parser(
        "ai", help="a tournament between the computer players, and their search speed",
        description="Round-robin (or chosen pairings) between a game's levels and baselines "
        "(random and flat Monte Carlo, the same random playouts for every legal move; for "
        "Kaskade also greedy one ply, minimax two plies and the classic Chain Reaction bot at "
        "2, 4 and 6 plies, the published program's depths 1, 2 and 3), colours alternating, "
        "then the strongest level's search speed and longest think per board size.",
        epilog="examples: kaskade bench ai --published --games 40 --pi --jobs 2;  "
        "kaskade bench ai --pairs level-5:level-4 --games 200 --pi --sprt 0,200 --jobs 2;  "
        "kaskade bench ai --game big-balls --pairs level-5:flat-mc --nodes 200 --jobs 2",
    )
    ai.add_argument("--game", default="kaskade", choices=TWO_PLAYER_GAMES,
                    help="the game to play (default kaskade; the solitaire has its own "
                    "bench: solver)")
    ai.add_argument("--players", metavar="NAME,…",
                    help="players for a round robin (default: every level and baseline)")
    ai.add_argument("--pairs", metavar="A:B,…", help="play only these pairings instead")
    ai.add_argument("--published", action="store_true",
                    help="Kaskade: play the strongest level against the published Chain Reaction "
                    "bot's depths 2 and 3 (classic-4 and classic-6: a move of each side per "
                    "depth) and report whether it wins 95 %% and 90 %% of the games, as White "
                    "and as Black")
    ai.add_argument("--sizes", metavar="SIZE,…",
                    help="board sizes: Kaskade WxH (default 6x9,8x8), Cascades the top width "
                    "(default 4,8); Big Balls has one board")
    ai.add_argument("--games", type=int, default=10, metavar="N",
                    help="games per pairing and size, colours alternating (default 10)")
    ai.add_argument("--seconds", type=_positive, default=1.0, metavar="S",
                    help="thinking time per move (default 1; Kaskade's level 5 on average: "
                    "less in the opening, more late)")
    ai.add_argument("--nodes", type=int, metavar="N",
                    help="think each move within N search steps instead of --seconds (Kaskade's "
                    "level 5: N on average, paced as with --seconds): the same "
                    "on any machine, so a slower machine's budget can be played here (a Pi 4: "
                    "a fifth of the nodes/s this prints; see docs/ai.md)")
    ai.add_argument("--pi", action="store_true",
                    help="a Raspberry Pi 4's second a move: the strongest level on four "
                    "threads, 4 x 500,000 nodes a Kaskade move, four times a Pi core's "
                    "playouts in the other games (the others get the same steps); see "
                    "docs/ai.md")
    ai.add_argument("--threads", type=int, metavar="T",
                    help="threads the strongest level searches on (default 1, 4 with --pi); "
                    "--nodes counts the nodes of them all")
    ai.add_argument("--sprt", metavar="ELO0,ELO1",
                    help="stop each pairing as soon as the sequential probability ratio test "
                    "decides whether the first player is ELO1 or only ELO0 stronger (5 %% error "
                    "each way), checked after every round of --jobs games; --games is the most "
                    "it plays")
    ai.add_argument("--record", type=Path, metavar="FILE",
                    help="append every game to FILE as it ends, a JSON line each (size, "
                    "players, winner, plies, and its moves in the game's notation, which "
                    "'kaskade replay GAME --moves' replays): a long tournament stopped early "
                    "keeps its games")
    ai.add_argument("--jobs", type=int, default=1, metavar="J",
                    help="games played at once, one per core (default 1)")
    ai.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ai.add_argument("--no-speed", action="store_true", help="skip the search speed figures")
    ai.add_argument("--json", action="store_true", help="print the results as JSON")
    ai.set_defaults(handler=run_ai)


def register(commands: Any) -> None:
    """Add ``bench`` and its targets to the command line."""
    parser = commands.add_parser(
        "bench",
        help="measure speed and strength (engine, render, link, ai, parallel, solver, firmware, "
        "web, card)",
        description="Measure how fast parts of Kaskade Board run on this machine.",
    )
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    engine = targets.add_parser(
        "engine", help="playouts, moves and search nodes per second of the Kaskade engine",
        description="Random playouts, moves and the level search's nodes per second for "
        "Kaskade, one core, through the Python engine and (where it was built) the compiled "
        "core. A Raspberry Pi is several times slower than a desktop; compare like with like.",
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
    _measurement_options(render, "kaskade-16x16", 2.0, "time spent on each measurement")
    render.set_defaults(handler=run_render)
    web = targets.add_parser(
        "web", help="a browser's touch to the new picture, and the web page's cost",
        description="Run the board app with its web companion, touch the brightness bar "
        "through the API while following the live stream as the page does, and report the "
        "time from letting go to the new picture (median and worst); then the process's CPU "
        "share while the LEDs animate, without and with a page open.")
    web.add_argument("--profile", default="kaskade-16x16", metavar="NAME|FILE",
                     help="the board build (default kaskade-16x16)")
    web.add_argument("--taps", type=int, default=40, help="touches to time (default 40)")
    web.add_argument("--seconds", type=_positive, default=3.0, metavar="S",
                     help="time for each CPU measurement (default 3)")
    web.add_argument("--json", action="store_true", help="print the figures as JSON")
    web.set_defaults(handler=run_web)
    _register_web_load(targets)
    _register_remote(targets)
    _register_card(targets)
    link = targets.add_parser(
        "link", help="touch latency from a finger to the app, and the codec's speed",
        description="Touch latency through the real firmware on the simulated microcontroller "
        "and the real touch link over a pseudo-terminal, and the decoding speed of the wire "
        "protocol.")
    _measurement_options(link, "kaskade-8x8", 1.0, "time spent measuring the decoder")
    link.add_argument("--taps", type=int, default=50, metavar="N",
                      help="touches to time (default 50)")
    link.set_defaults(handler=run_link)
    _register_ai(targets)
    parallel = targets.add_parser(
        "parallel", help="Kaskade's search on several threads against one: time to depth",
        description="From positions of random games (opening to late), the depth one thread "
        "of the level search finishes in --seconds; then the time and the nodes to finish that "
        "depth on one thread and on --threads, sharing one table (Lazy SMP): the speed-up and "
        "what it costs in nodes. Run it on a quiet machine: other programs' load shows in "
        "wall time.")
    parallel.add_argument("--sizes", default="6x9,8x8", metavar="WxH,…",
                          help="board sizes (default 6x9,8x8)")
    parallel.add_argument("--threads", type=int, default=os.cpu_count() or 1, metavar="T",
                          help=f"threads to compare with one (default: this machine's cores, "
                          f"{os.cpu_count() or 1})")
    parallel.add_argument("--seconds", type=_positive, default=1.0, metavar="S",
                          help="how long one thread searches to find each position's depth "
                          "(default 1)")
    parallel.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parallel.add_argument("--json", action="store_true", help="print the figures as JSON")
    parallel.set_defaults(handler=run_parallel)
    firmware = targets.add_parser(
        "firmware", help="RAM the touch firmware takes on MicroPython once imported",
        description="Import the touch firmware's modules one by one on the real MicroPython "
        "interpreter (under Node.js), from source and compiled with mpy-cross, and print the "
        "heap each keeps and the names in its globals.")
    firmware.add_argument("--json", action="store_true", help="print the results as JSON")
    _silicon_arguments(firmware)
    firmware.set_defaults(handler=run_firmware)
    solver = targets.add_parser(
        "solver", help="how often the solitaire's solver decides a deal, and how fast",
        description="Deal the Decktet solitaire from fixed seeds and ask the solver whether "
        "each deal can be won within a time budget: winnable, lost and unknown counts, and "
        "the time per deal, for each version.",
        epilog="example: kaskade bench solver --deals 1000 --seconds 5 --jobs 2 --versions "
        "standard,unlimited,ace,ace-3,extended,extended-unlimited",
    )
    solver.add_argument("--versions", default="standard,unlimited,ace", metavar="NAME,…",
                        help=f"versions to deal ({', '.join(SOLVER_VERSIONS)}; default "
                        "standard,unlimited,ace)")
    solver.add_argument("--deals", type=int, default=100, metavar="N",
                        help="deals per version (default 100)")
    solver.add_argument("--seconds", type=_positive, default=2.0, metavar="S",
                        help="time the solver may take on each deal (default 2)")
    solver.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    solver.add_argument("--jobs", type=int, default=1, metavar="J",
                        help="deals solved at once, one per core (default 1)")
    solver.add_argument("--json", action="store_true", help="print the results as JSON")
    solver.set_defaults(handler=run_solver)


def _register_remote(targets: Any) -> None:
    """Add ``bench remote``."""
    remote = targets.add_parser(
        "remote", help="a move to the other board's LEDs through an MQTT broker",
        description="Two board apps play Kaskade through a real Mosquitto started on loopback "
        "(TLS, passwords, an ACL; Debian's mosquitto and openssl are needed): the time from a "
        "move played on one board to the other board's first frame showing it, median and "
        "worst, and the messages and bytes each move costs (with no page looking, or with "
        "--watch a watcher's page on each game). A real connection adds its round trip.")
    remote.add_argument("--moves", type=int, default=100, metavar="N",
                        help="moves to time (default 100; new games as games end)")
    remote.add_argument("--size", default="6x6", help="the Kaskade board (default 6x6)")
    remote.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    remote.add_argument("--watch", action="store_true",
                        help="a watcher's page follows each game (the offering board "
                        "publishes its view for it)")
    remote.add_argument("--json", action="store_true", help="print the figures as JSON")
    remote.set_defaults(handler=run_remote)


def _register_web_load(targets: Any) -> None:
    """Add ``bench web-load``."""
    load = targets.add_parser(
        "web-load", help="what a hostile client gets: pairing guesses, replays' cost",
        description="Run the board app with its web companion and report how many pairing "
        "guesses a client sending them as fast as it can has checked per second, and the "
        "board loop's call latency without and with eight clients replaying a long game.")
    load.add_argument("--seconds", type=_positive, default=10.0, metavar="S",
                      help="time for each measurement (default 10)")
    load.add_argument("--json", action="store_true", help="print the figures as JSON")
    load.set_defaults(handler=run_web_load)


def _register_card(targets: Any) -> None:
    """``kaskade bench card``."""
    card = targets.add_parser(
        "card", help="what a slow SD card costs: a move to the LEDs, the loop, the page",
        description="Run the board app with its web companion, slow every fsync down as a "
        "worn SD card does, play moves through the API, and report the time from a move to "
        "its frame on the LEDs, how long the loop takes to answer meanwhile, and the time to "
        "the page's stream showing the move (which waits for the save).")
    card.add_argument("--fsync-ms", type=float, default=200.0, metavar="MS",
                      help="extra time each fsync takes (default 200)")
    card.add_argument("--moves", type=int, default=10, metavar="N",
                      help="moves to time, 1 to 36 (default 10)")
    card.add_argument("--json", action="store_true", help="print the figures as JSON")
    card.set_defaults(handler=run_card)


def _measurement_options(parser: argparse.ArgumentParser, profile: str, seconds: float,
                         what: str) -> None:
    """``--profile``, ``--seconds``, ``--seed`` and ``--json`` of a measurement on a board."""
    parser.add_argument("--profile", default=profile, metavar="NAME|FILE",
                        help=f"the board build ({', '.join(profile_names())}, or a file; "
                        f"default {profile})")
    parser.add_argument("--seconds", type=_positive, default=seconds, metavar="S",
                        help=f"{what} (default {seconds:g})")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")


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
    print(f"{'size':<6}{'playouts/s':>12}{'moves/s':>12}{'plies/game':>12}"
          f"{'compiled playouts/s':>22}{'search nodes/s':>16}{'compiled nodes/s':>22}"
          f"{'late nodes/s':>14}")
    for size, figures in results.items():
        if "compiled_playouts_per_s" in figures:
            core = (f"{figures['compiled_playouts_per_s']:>13,.0f} "
                    f"({figures['compiled_speedup']:g}x)")
            search = (f"{figures['compiled_search_nodes_per_s']:>13,.0f} "
                      f"({figures['compiled_search_speedup']:g}x)")
            late = f"{figures['compiled_late_nodes_per_s']:,}"
        else:
            core = search = late = "not built"
        print(f"{size:<6}{figures['playouts_per_s']:>12,.0f}{figures['moves_per_s']:>12,.0f}"
              f"{figures['plies_per_game']:>12.1f}{core:>22}"
              f"{figures['search_nodes_per_s']:>16,}{search:>22}{late:>14}")
    return 0


def run_web(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    if args.taps < 1:
        raise UsageError("--taps: give at least 1")
    figures = measure_web(args.profile, args.taps, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Web companion, {figures['profile']} — Python {platform.python_version()} on "
          f"{platform.machine()}, {figures['taps']} touches")
    median, worst = figures["touch_to_picture_median_ms"], figures["touch_to_picture_worst_ms"]
    print(f"  touch to the new picture in the stream, median {median:>8.2f} ms")
    print(f"  … worst                                        {worst:>8.2f} ms")
    print(f"  CPU while the LEDs animate, no page open      {figures['cpu_without_page']:>8.1%}")
    print(f"  … with a page following the stream            {figures['cpu_with_page']:>8.1%}")
    return 0


def run_remote(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    if args.moves < 1:
        raise UsageError("--moves: give at least 1")
    try:
        parse_size(args.size)
    except ValueError as error:
        raise UsageError(f"--size {args.size}: {error}") from None
    figures = measure_remote(args.moves, args.size, args.seed, args.watch)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Board to board through Mosquitto on loopback (TLS), Kaskade {args.size} — Python "
          f"{platform.python_version()} on {platform.machine()}, {figures['moves']} moves, "
          + ("a watcher's page looking" if args.watch else "no page looking"))
    print(f"  move to the other board's LEDs, median {figures['median_ms']:>8.2f} ms")
    print(f"  … worst                                {figures['worst_ms']:>8.2f} ms")
    print(f"  messages published per move            {figures['messages_per_move']:>8.2f}")
    print(f"  bytes per move (topics and payloads)   {figures['bytes_per_move']:>8.1f}")
    if figures["games_ended"]:
        print(f"  clearing a game that ended: {figures['clearing_messages_per_game']:.0f} "
              f"empty messages, {figures['clearing_bytes_per_game']:.0f} bytes "
              f"(games that ended: {figures['games_ended']})")
    return 0


def run_card(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    if not 1 <= args.moves <= 36:
        raise UsageError("--moves: give 1 to 36")
    if not 0 <= args.fsync_ms <= 10_000:
        raise UsageError("--fsync-ms: give 0 to 10000")
    figures = measure_card(args.fsync_ms, args.moves)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"A slow SD card, every fsync {figures['fsync_ms']:g} ms longer — Python "
          f"{platform.python_version()} on {platform.machine()}, {figures['moves']} moves")
    for key, words in (("move_to_leds", "a move to its frame on the LEDs"),
                       ("loop_call", "the loop answering a call meanwhile"),
                       ("move_to_page", "a move to the page (after its save)")):
        print(f"  {words:<40} median {figures[key + '_median_ms']:>8.1f} ms, worst "
              f"{figures[key + '_worst_ms']:>8.1f} ms")
    return 0


def run_web_load(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    figures = measure_web_load(args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    quiet, loaded = figures["loop_latency_quiet_ms"], figures["loop_latency_replaying_ms"]
    print(f"Web companion under load — Python {platform.python_version()} on "
          f"{platform.machine()}, {figures['seconds']:g} s each")
    print(f"  pairing guesses checked per second  {figures['guesses_checked_per_second']:.3f} "
          f"({figures['guesses_told_to_wait']} told to wait)")
    print(f"  loop call latency, quiet            median {quiet['median']:.1f} ms, "
          f"p95 {quiet['p95']:.1f} ms, worst {quiet['worst']:.1f} ms")
    print(f"  … {REPLAYERS} clients replaying {figures['replayed_plies']} moves  median "
          f"{loaded['median']:.1f} ms, p95 {loaded['p95']:.1f} ms, worst {loaded['worst']:.1f} ms"
          f" ({figures['replays_answered']} answered, {figures['replays_told_to_wait']} told "
          f"to wait)")
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
    print(f"  the same with a message scrolling over it {figures['message_frame_ms']:>8.3f} ms")
    print(f"  touch to frame handed to the LEDs         {figures['touch_to_frame_ms']:>8.3f} ms")
    print(f"  then saving the game                      {figures['save_ms']:>8.3f} ms")
    print(f"  LEDs receive a frame in                   {figures['transfer_ms']:>8.3f} ms")
    print(f"  headroom                                  {figures['headroom']:>8.1f} x")
    return 0


def run_link(args: argparse.Namespace) -> int:
    """Measure, then print the figures."""
    if args.taps < 1:
        raise UsageError("--taps: give at least 1")
    figures = measure_link(args.profile, args.taps, args.seed, args.seconds)
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Touch link, {figures['profile']} ({figures['sensor']} sensors, a scan every "
          f"{figures['scan_ms']:g} ms) — Python {platform.python_version()} on "
          f"{platform.machine()}")
    print(f"  finger to touch line, in scans      median {figures['scans_median']:>6}"
          f"   max {figures['scans_max']:>6}")
    print(f"  finger to the app's event, in ms    median {figures['finger_to_app_ms_median']:>6}"
          f"   max {figures['finger_to_app_ms_max']:>6}")
    print(f"  host decoding                       {figures['decode_lines_per_s']:>,} lines/s")
    return 0


def _silicon_arguments(firmware: argparse.ArgumentParser) -> None:
    firmware.add_argument("--silicon", action="store_true",
                          help="run the firmware of each reference build on an emulated Pico "
                          "(rp2 MicroPython, built and cached on first use; needs Node.js and "
                          "make silicon's emulator) and measure scan cycles, touch latency "
                          "and free heap")
    firmware.add_argument("--profile", action="append", metavar="NAME",
                          help="with --silicon: this build only (repeat for more; default every "
                          "reference build)")
    firmware.add_argument("--touches", type=int, default=silicon_bench.TOUCHES, metavar="N",
                          help="with --silicon: fingers placed and lifted per build (default "
                          f"{silicon_bench.TOUCHES})")
    firmware.add_argument("--keep-flash", type=Path, metavar="DIR",
                          help="with --silicon: keep each build's emulated flash in DIR "
                          "(BOARD.bin), so the firmware is installed once and a later run "
                          "updates only what changed (default: a bare Pico every run)")


def run_firmware(args: argparse.Namespace) -> int:
    """Measure on MicroPython, then print the figures."""
    if args.silicon:
        return run_firmware_silicon(args)
    if args.profile or args.keep_flash:
        raise UsageError("--profile and --keep-flash go with --silicon")
    figures = measure_firmware()
    if args.json:
        print(json.dumps(figures))
        return 0
    source, compiled = figures["source"], figures["compiled"]
    print("Touch firmware on MicroPython: heap kept after import, in bytes")
    print(f"  {'module':<28} {'source':>8} {'.mpy':>8}  globals")
    for name, module in compiled["modules"].items():
        print(f"  {name:<28} {source['modules'][name]['bytes']:>8,} {module['bytes']:>8,}  "
              f"{len(module['globals'])}")
    print(f"  {'all':<28} {source['total_bytes']:>8,} {compiled['total_bytes']:>8,}")
    return 0


def _print_published(rows: list[dict[str, Any]]) -> None:
    """The strongest level against the published bot, by seat, against its goals."""
    print("\nAgainst the published Chain Reaction bot (depth D: 2D plies)")
    print(f"  {'size':<6} {'opponent':<18} {'score':>9} {'as White':>9} {'as Black':>9} "
          f"{'goal':>5}")
    for row in rows:
        seats = [f"{score:g}/{games}" for score, games in (row["white"], row["black"])]
        opponent = f"depth {row['depth']} ({row['opponent']})"
        print(f"  {row['size']:<6} {opponent:<18} {row['score'][0]:>4g}/{row['score'][1]:<4} "
              f"{seats[0]:>9} {seats[1]:>9} {100 * row['goal']:>4.0f}%  "
              f"{'met' if row['met'] else 'NOT met'}")


def run_firmware_silicon(args: argparse.Namespace) -> int:
    """Each build's firmware on the emulated Pico; each build's figures against the goals as
    soon as it is measured (with ``--json``, a line of JSON each). A build that cannot be
    measured is reported with the reason, and the others are measured all the same; the exit
    status is 1 if any could not be, or missed a goal."""
    if args.touches < 1:
        raise UsageError("--touches must be at least 1")
    kept = args.keep_flash
    if kept is not None:
        try:
            kept.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"--keep-flash: cannot keep flashes in {kept}: "
                             f"{error.strerror}") from None
    names = args.profile or profile_names()
    for name in names:  # a build that does not exist is refused before any Pico starts
        try:
            load_profile(name)
        except KaskadeError as error:
            raise UsageError(f"--profile: {error}") from None
    if not args.json:
        print("Touch firmware on an emulated Pico (rp2 MicroPython, 125 MHz), simulated time; "
              "scans in ms against the period, lines in ms from the finger (sensor included)")
        print(f"  {'build':<18} {'sensor':>6} {'scan median':>11} {'worst':>13} {'hand':>6} "
              f"{'touch ms':>13} {'release ms':>13} {'hand ms':>11} {'heap free':>10}  goals",
              flush=True)
    failed = 0
    for name in names:
        if not args.json:
            print(f"{name}: flashing and measuring on the emulated Pico…", file=sys.stderr,
                  flush=True)
        try:
            row = silicon_bench.measure_build(name, args.touches, kept=kept)
        except (KaskadeError, OSError) as error:
            failed += 1
            if args.json:
                print(json.dumps({"build": name, "error": str(error)}), flush=True)
            else:
                print(f"  {name:<18} could not be measured: {error}", flush=True)
            continue
        failed += not row["within_goals"]
        if args.json:
            print(json.dumps({"build": name, **row}), flush=True)
            continue
        print(f"  {name:<18} {row['sensor_ms']:>6g} {row['scan_ms_median']:>6.2f} "
              f"{row['scan_share_median']:>4.0%} {row['scan_ms_worst']:>7.2f} "
              f"{row['scan_share_worst']:>5.0%} {row['hand_scan_ms_worst']:>6.2f} "
              f"{row['touch_ms_median']:>6} / {row['touch_ms_worst']:<5} "
              f"{row['release_ms_median']:>6} / {row['release_ms_worst']:<5} "
              f"{row['hand_touch_ms']:>5} / {row['hand_release_ms']:<5} {row['heap_free']:>10,}  "
              f"{'met' if row['within_goals'] else 'missed: ' + '; '.join(row['missed'])}",
              flush=True)
    if not args.json:
        print("  goals: median scan <= half the period, worst scan (a hand on the board "
              "included) <= the period, touch and release lines <= 35 ms, >= 100 kB heap free")
    return 1 if failed else 0


def run_ai(args: argparse.Namespace) -> int:
    """Play the tournament, measure speed, print."""
    game = args.game
    sizes = (args.sizes or ai_bench.DEFAULT_SIZES.get(game, ai_bench.STANDARD)).split(",")
    if game == "kaskade":
        for size in sizes:
            parse_size(size)
    pairs = _pairs(args)
    if args.games < 1 or args.jobs < 1 or (args.nodes is not None and args.nodes < 1):
        raise UsageError("--games, --jobs and --nodes must be at least 1")
    if args.pi and args.nodes is not None:
        raise UsageError("--pi sets the nodes itself: give it without --nodes")
    nodes, threads = ai_bench.pi4_budget(game) if args.pi else (args.nodes, 1)
    if args.threads is not None:
        if not 1 <= args.threads <= MAX_THREADS:
            raise UsageError(f"--threads must be 1 to {MAX_THREADS}")
        threads = args.threads
    sequential = _sequential(args.sprt) if args.sprt else None
    record = None
    if args.record is not None:
        try:
            record = args.record.open("a", encoding="utf-8")
        except OSError as error:
            raise UsageError(f"--record: cannot write {args.record}: {error.strerror}") from None

    def finished(size: str, result: GameResult) -> None:
        if record is not None:
            record.write(json.dumps({"size": size, "players": list(result.players),
                                     "winner": result.winner, "plies": result.plies,
                                     "moves": list(result.moves)}) + "\n")
            record.flush()

    try:
        results = ai_bench.tournament(pairs, sizes, args.games, args.seconds, args.seed,
                                      args.jobs, game, nodes, threads, sequential, finished)
    finally:
        if record is not None:
            record.close()
    report = ai_bench.summary(results, pairs, sequential)
    report["budget"] = {"nodes": nodes, "seconds": None if nodes else args.seconds,
                        "threads": threads}
    published = ai_bench.published_strength(report)
    if published:
        report["published"] = published
    if not args.no_speed:
        report["speed"] = ai_bench.speed(5, args.seconds, args.seed, game=game, threads=threads)
    if args.json:
        print(json.dumps(report))
        return 0
    _print_ai(report, args, sizes, nodes, threads)
    return 0


def _print_ai(report: dict[str, Any], args: argparse.Namespace, sizes: list[str],
              nodes: int | None, threads: int) -> None:
    """A tournament's report as tables."""
    game = args.game
    published = report.get("published")
    per_move = f"{nodes:,} steps" if nodes else f"{args.seconds:g} s"
    print(f"{get_game(game).info.title} tournament — up to {args.games} games per pairing and "
          f"size, colours alternating, {per_move} per move, the strongest level on {threads} "
          f"thread{'s' if threads > 1 else ''}")
    for size in sizes:
        print(f"\n{size}")
        print(f"  {'player':<10} {'opponent':<11} {'score':>9} {'win %':>6} {'moving 1st':>10} "
              f"{'moving 2nd':>10}  {'Elo difference [95 %]':<22} {'longest think':>13}")
        for row in report[size]["pairs"]:
            seats = [f"{score:g}/{games}" for score, games in (row["first"], row["second"])]
            verdict = f"  SPRT: {row['sprt'] or 'undecided'}" if "sprt" in row else ""
            print(f"  {row['player']:<10} {row['opponent']:<11} "
                  f"{row['score']:>4g}/{row['games']:<4} {100 * row['win_rate']:>6.0f} "
                  f"{seats[0]:>10} {seats[1]:>10}  {row['elo_text']:<22} "
                  f"{row['longest_think']:>11.2f} s{verdict}")
    if published:
        _print_published(published)
    print(f"\nRatings ({report['anchor']} = 0), all sizes, with 95 % intervals")
    for name, rating in sorted(report["all"]["ratings"].items(), key=lambda item: -item[1]["elo"]):
        print(f"  {name:<12} {rating['elo']:>6.0f} ± {rating['error']:.0f}")
    if "speed" in report:
        print(f"\nStrongest level's search, {args.seconds:g} s per move")
        for size, figures in report["speed"].items():
            print(f"  {size:<6} {figures['nodes_per_s']:>8,} nodes/s  depth {figures['depth']:>2}  "
                  f"longest think {figures['longest_think_s']:.2f} s")


def _pairs(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The pairings ``--published``, ``--pairs`` or ``--players`` ask for."""
    if args.published and (args.pairs or args.players or args.game != "kaskade"):
        raise UsageError("--published is Kaskade's, and chooses the pairings itself: "
                         "give it without --pairs or --players")
    if args.published:
        return list(ai_bench.published_pairs())
    if args.pairs:
        split = [pair.split(":", 1) for pair in args.pairs.split(",")]
        if any(len(pair) != 2 for pair in split):
            raise UsageError("--pairs takes A:B pairings separated by commas")
        return [(a, b) for a, b in split]
    names = (args.players or ",".join(ai_bench.players_of(args.game))).split(",")
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]


def _sequential(text: str) -> ai_bench.Sequential:
    """``--sprt ELO0,ELO1`` as the test it asks for."""
    try:
        elo0, elo1 = (float(part) for part in text.split(","))
    except ValueError:
        raise UsageError("--sprt takes two Elo differences, ELO0,ELO1 (such as 0,200)") from None
    if not (math.isfinite(elo0) and math.isfinite(elo1)) or elo0 >= elo1:
        raise UsageError("--sprt: ELO0 must be below ELO1")
    return ai_bench.Sequential(elo0, elo1)


def run_parallel(args: argparse.Namespace) -> int:
    """Time to depth on one thread and on several, per size."""
    if not 2 <= args.threads <= MAX_THREADS:
        raise UsageError(f"--threads must be 2 to {MAX_THREADS}")
    sizes = [parse_size(text) for text in args.sizes.split(",")]
    try:
        figures = {f"{w}x{h}": measure_parallel(w, h, args.threads, args.seconds, args.seed)
                   for w, h in sizes}
    except NotBuiltError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"Kaskade's search, 1 thread against {args.threads}, the same depths from the same "
          f"positions (this machine: {os.cpu_count()} cores)")
    print(f"  {'size':<6} {'depths':<12} {'1 thread':>10} {f'{args.threads} threads':>11} "
          f"{'speed-up':>9} {'nodes x':>8} {'load':>5}")
    for size, row in figures.items():
        depths = ",".join(map(str, row["depths"]))
        print(f"  {size:<6} {depths:<12} {row['one_thread_s']:>8.2f} s {row['threads_s']:>9.2f} s"
              f" {row['speedup']:>8.2f}x {row['node_ratio']:>7.2f}x {row['load_average']:>5}")
    return 0


def run_solver(args: argparse.Namespace) -> int:
    """Deal, solve, count, print."""
    versions = args.versions.split(",")
    unknown = [v for v in versions if v not in SOLVER_VERSIONS]
    if unknown:
        raise UsageError(f"no version {', '.join(unknown)}; the versions are "
                         f"{', '.join(SOLVER_VERSIONS)}")
    if args.deals < 1 or args.jobs < 1:
        raise UsageError("--deals and --jobs must be at least 1")
    report = {version: measure_solver(version, args.deals, args.seconds, args.seed, args.jobs)
              for version in versions}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"Cascades (Decktet) solver — {args.deals} deals per version from seed {args.seed}, "
          f"{args.seconds:g} s per deal")
    print(f"  {'version':<18} {'winnable':>8} {'lost':>5} {'unknown':>8} {'decided %':>9} "
          f"{'mean s':>7} {'max s':>6} {'positions/s':>12}")
    for version, row in report.items():
        print(f"  {version:<18} {row['winnable']:>8} {row['lost']:>5} {row['unknown']:>8} "
              f"{row['decided_pct']:>9} {row['mean_s']:>7} {row['max_s']:>6} "
              f"{row['positions_per_s']:>12}")
    return 0
