"""``kaskade solve``: small boards solved exactly — Kaskade: who wins the empty board with perfect
play, in how many plies, and with which first moves (``docs/ai.md``, "Small boards solved");
Cascades: who wins and with which first stones (``docs/games/cascades.md``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from controller.ai.cascades_solve import Solver
from controller.ai.solved.exact import TABLE_BYTES, Analysis, analyse
from controller.ai.solved.openings import build, dump
from controller.ai.solved.strategy import build as build_strategy
from controller.cli.usage import UsageError
from controller.games.algebraic import cell_name
from controller.games.cascades.slope import Slope
from controller.games.kaskade.grid import parse_size

DEFAULT_SIZES = "2x2,2x3,2x4,2x5,2x6,3x3,3x4"
CASCADES_SIZES = "3,4,5"


def register(commands: Any) -> None:
    """Add ``solve`` to the command line."""
    parser = commands.add_parser(
        "solve", help="solve small Kaskade (or Cascades) boards exactly: who wins with perfect "
        "play",
        description="Search every position reachable on each board (an exact solver of its "
        "own, sharing no code with the game or its computer players) and print who wins the "
        "empty board with perfect play, in how many plies (the winner hurrying, the loser "
        "holding out), the first moves that achieve it, and the positions searched. 3x4 takes "
        "about half a minute and 60 MB; --proof only proves who wins (a length is then an "
        "upper bound) and stops at the first winning first move, for larger boards; "
        "--openings prints the perfect player's opening tables, --strategy the second "
        "player's strategy table of a board the second player wins.",
        epilog="examples: kaskade solve;  kaskade solve 3x3 --json;  kaskade solve 3x5 --proof;  "
        "kaskade solve 4x4 --proof --seconds 3600 --memory 4096;  kaskade solve 2x6,3x4 "
        "--openings 5 > controller/ai/solved/openings.json;  kaskade solve 4x4 --strategy 13 "
        "--memory 4096 > controller/ai/solved/strategy-4x4.bin;  kaskade solve --game "
        "cascades 3,4,5",
    )
    parser.add_argument("sizes", nargs="?", metavar="SIZE,…",
                        help=f"the boards: Kaskade's WxH (default {DEFAULT_SIZES}), Cascades' "
                        f"top widths (default {CASCADES_SIZES})")
    parser.add_argument("--game", choices=("kaskade", "cascades"), default="kaskade",
                        help="the game (default kaskade); Cascades with its standard options")
    parser.add_argument("--greedy", action="store_true",
                        help="Cascades: only turns of two stones where two fit (a smaller "
                        "search, not a proof by itself)")
    parser.add_argument("--proof", action="store_true",
                        help="prove who wins only, stopping at the first winning first move")
    parser.add_argument("--first", metavar="CELL,…",
                        help="the first moves to try, in this order (default every cell)")
    parser.add_argument("--limit", type=int, default=0, metavar="N",
                        help="give up after N positions (default: no limit)")
    parser.add_argument("--seconds", type=float, default=0, metavar="S",
                        help="give up after S seconds (default: no limit)")
    parser.add_argument("--memory", type=int, default=TABLE_BYTES >> 20, metavar="MB",
                        help="the table of solved positions on boards too large for a direct "
                        f"one (from 3x5 and 2x7 up), in MB (default {TABLE_BYTES >> 20})")
    parser.add_argument("--openings", type=int, metavar="PLIES",
                        help="print, as JSON, the perfect moves of every position of each "
                        "board's first PLIES plies (the perfect player's opening tables)")
    parser.add_argument("--strategy", type=int, metavar="PLIES",
                        help="write the second player's strategy table (binary, to a "
                        "redirected output): its proved winning move in every position the "
                        "first player can reach before ply PLIES; progress on stderr")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Solve each board, print a line per board."""
    if args.limit < 0:
        raise UsageError("--limit must be 0 (none) or more")
    if args.seconds < 0:
        raise UsageError("--seconds must be 0 (none) or more")
    if args.memory < 1:
        raise UsageError("--memory must be at least 1 MB")
    if args.game == "cascades":
        return run_cascades(args)
    if args.greedy:
        raise UsageError("--greedy is for Cascades (--game cascades)")
    sizes = [parse_size(size) for size in (args.sizes or DEFAULT_SIZES).split(",")]
    if args.openings is not None:
        return run_openings(args, sizes)
    if args.strategy is not None:
        return run_strategy(args, sizes)
    rows = []
    for width, height in sizes:
        order = None if args.first is None else _cells(args.first, width, height)
        started = time.perf_counter()
        analysis = analyse(width, height, [0] * (width * height), 0, exact=not args.proof,
                           limit=args.limit, order=order, first=args.proof,
                           check=_deadline(args.seconds), table_bytes=args.memory << 20)
        rows.append(_row(width, height, analysis, time.perf_counter() - started))
        if not args.json:
            print(_line(rows[-1]), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


def _deadline(seconds: float) -> Callable[[int], bool] | None:
    """A solver's check that stops it ``seconds`` from now (``None``: never)."""
    if not seconds:
        return None
    deadline = time.perf_counter() + seconds
    return lambda _: time.perf_counter() > deadline


def run_openings(args: argparse.Namespace, sizes: list[tuple[int, int]]) -> int:
    """Print the opening tables of ``sizes`` (each in its narrow orientation) as JSON."""
    if args.openings < 1:
        raise UsageError("--openings takes the plies to cover, 1 or more")
    if args.proof or args.first or args.limit or args.seconds or args.json:
        raise UsageError("--openings solves every position exactly: it takes no --proof, "
                         "--first, --limit, --seconds or --json")
    tables = [build(min(size), max(size), args.openings) for size in sizes]
    print(json.dumps(dump(tables), separators=(",", ":")))
    return 0


def run_strategy(args: argparse.Namespace, sizes: list[tuple[int, int]]) -> int:
    """Write the second player's strategy table of one board to standard output."""
    if args.strategy < 2:
        raise UsageError("--strategy takes the plies to cover, 2 or more")
    if len(sizes) != 1:
        raise UsageError("--strategy makes the table of one board at a time")
    if args.proof or args.first or args.limit or args.seconds or args.json:
        raise UsageError("--strategy proves its own positions: it takes no --proof, --first, "
                         "--limit, --seconds or --json")
    if sys.stdout.isatty():
        raise UsageError("--strategy writes a binary table: redirect it to a file")
    width, height = sizes[0]
    started = time.perf_counter()

    def progress(ply: int, positions: int, proved: int) -> None:
        print(f"ply {ply}: {positions:,} positions up to symmetry, {proved:,} proved so far, "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    strategy = build_strategy(min(width, height), max(width, height), args.strategy,
                              table_bytes=args.memory << 20, progress=progress)
    data = strategy.to_bytes()
    sys.stdout.buffer.write(data)
    print(f"{len(strategy.entries):,} positions, {len(data):,} bytes, "
          f"{time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


def _cells(text: str, width: int, height: int) -> list[int]:
    """Cell names (``a1,b2``) as cell numbers of a ``width`` x ``height`` board."""
    names = {cell_name(cell % width, cell // width): cell for cell in range(width * height)}
    unknown = [name for name in text.split(",") if name.strip().lower() not in names]
    if unknown:
        raise UsageError(f"--first: {', '.join(unknown)} is not a cell of a {width}x{height} "
                         "board")
    return [names[name.strip().lower()] for name in text.split(",")]


def _row(width: int, height: int, analysis: Analysis, seconds: float) -> dict[str, Any]:
    """What one board's solution says, as JSON-ready figures."""
    value = analysis.value
    decided = analysis.complete and value != 0
    winning = [cell_name(m % width, m // width) for m in analysis.winning()]
    best = [cell_name(m % width, m // width) for m in analysis.best()]
    return {
        "size": f"{width}x{height}",
        "winner": None if not decided else "first" if value > 0 else "second",
        "plies": abs(value) if decided else None,
        "exact_length": analysis.exact,
        "winning_first_moves": winning,
        "best_first_moves": best if decided else [],
        "positions": analysis.positions,
        "complete": analysis.complete,
        "seconds": round(seconds, 2),
    }


def _line(row: dict[str, Any]) -> str:
    """One board's solution in words."""
    if row["winner"] is None:
        return (f"{row['size']}: undecided after {row['positions']:,} positions "
                f"({row['seconds']:.1f} s)")
    length = f"{row['plies']} plies" if row["exact_length"] else f"at most {row['plies']} plies"
    if row["winner"] == "first":
        moves = f"winning first moves {' '.join(row['winning_first_moves'])}"
        if row["best_first_moves"] != row["winning_first_moves"]:
            moves += f" (quickest {' '.join(row['best_first_moves'])})"
    else:
        moves = f"every first move loses (longest {' '.join(row['best_first_moves'])})"
    return (f"{row['size']}: the first player {'wins' if row['winner'] == 'first' else 'loses'} "
            f"in {length}; {moves}; {row['positions']:,} positions, {row['seconds']:.1f} s")


def run_cascades(args: argparse.Namespace) -> int:
    """Solve Cascades for each top width: the value of every first stone."""
    if args.proof or args.first or args.limit:
        raise UsageError("--proof, --first and --limit are for Kaskade")
    rows = []
    for text in (args.sizes or CASCADES_SIZES).split(","):
        if not text.strip().isdigit():
            raise UsageError(f"Cascades' sizes are top widths (3, 4, …), not {text!r}")
        started = time.perf_counter()
        solver = Solver(int(text), greedy=args.greedy)
        values = solver.first_moves()
        slope = Slope(int(text))
        rows.append({
            "size": int(text),
            "winner": "first" if max(values.values()) > 0 else
                      "draw" if max(values.values()) == 0 else "second",
            "first_moves": {slope.name(cell): value for cell, value in values.items()},
            "positions": len(solver.table),
            "greedy": args.greedy,
            "seconds": round(time.perf_counter() - started, 2),
        })
        if not args.json:
            print(_cascades_line(rows[-1]), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


def _cascades_line(row: dict[str, Any]) -> str:
    """One Cascades board's solution in words."""
    outcome = {"first": "wins", "draw": "draws", "second": "loses"}[row["winner"]]
    winning = [name for name, value in row["first_moves"].items() if value > 0]
    stones = f"; winning first stones {' '.join(winning)}" if winning else ""
    greedy = " (two-stone turns only)" if row["greedy"] else ""
    return (f"top {row['size']}: the first player {outcome}{stones}; {row['positions']:,} "
            f"positions{greedy}, {row['seconds']:.1f} s")
