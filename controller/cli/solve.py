"""``kaskade solve``: small boards solved exactly — Kaskade: who wins the empty board with perfect
play, in how many plies, and with which first moves (``docs/ai.md``, "Small boards solved");
Cascades: who wins and with which first stones (``docs/games/cascades.md``)."""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO

from controller.ai.cascades_book import build as build_book
from controller.ai.cascades_solve import (
    CascadesSolveError,
    CompiledSolver,
    Solver,
    Stopped,
    bits,
    make_solver,
)
from controller.ai.solved.exact import TABLE_BYTES, Analysis, analyse
from controller.ai.solved.openings import build, dump
from controller.ai.solved.strategy import build as build_strategy
from controller.cli.usage import UsageError
from controller.games.algebraic import cell_name
from controller.games.cascades.slope import Slope
from controller.games.kaskade.grid import parse_size

DEFAULT_SIZES = "2x2,2x3,2x4,2x5,2x6,3x3,3x4"
CASCADES_SIZES = "3,4,5"
INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report it."""


class Progress:
    """A solve's progress on standard error — positions, positions a second, seconds — and its
    end: ``seconds`` (0: none) from now, or Ctrl-C (:meth:`catching`). A terminal sees one
    line rewritten every ``every`` seconds (twice a second), anything else a line each time
    (every ten)."""

    def __init__(self, label: str, seconds: float = 0, stream: TextIO | None = None,
                 every: float | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.every = every if every is not None else 0.5 if self.live else 10.0
        self.started = self.shown = time.perf_counter()
        self.deadline = self.started + seconds if seconds else None
        self.positions = 0
        self.interrupted = threading.Event()

    def __call__(self, positions: int) -> bool:
        """A solver's check: ``positions`` more were searched; whether to stop now."""
        return self.reached(self.positions + positions)

    def reached(self, positions: int) -> bool:
        """The solver has searched ``positions`` in all; whether to stop now."""
        self.positions = positions
        now = time.perf_counter()
        if now - self.shown >= self.every:
            self.shown = now
            self.show(now)
        return self.interrupted.is_set() or (self.deadline is not None and now > self.deadline)

    def show(self, now: float) -> None:
        elapsed = now - self.started
        rate = self.positions / elapsed if elapsed > 0 else 0.0
        text = (f"{self.label}: {self.positions:,} positions, {rate:,.0f} a second, "
                f"{elapsed:,.0f} s")
        print(f"\r{text}\x1b[K" if self.live else text, end="" if self.live else "\n",
              file=self.stream, flush=True)

    def done(self) -> None:
        """Clear the live line before the result is printed."""
        if self.live and self.shown > self.started:
            print("\r\x1b[K", end="", file=self.stream, flush=True)

    @contextmanager
    def catching(self) -> Iterator[Progress]:
        """Ctrl-C stops the solve at its next check (within milliseconds) instead of killing
        the program, so what it found is still printed."""
        if threading.current_thread() is not threading.main_thread():
            yield self
            return

        def stop(signum: int, frame: FrameType | None) -> None:
            self.interrupted.set()

        before = signal.signal(signal.SIGINT, stop)
        try:
            yield self
        finally:
            signal.signal(signal.SIGINT, before)


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
        "cascades 3,4,5;  kaskade solve --game cascades 6 --proof --first f2;  kaskade solve "
        "--game cascades 6 --book 5 > controller/ai/cascades_book.json",
    )
    parser.add_argument("sizes", nargs="?", metavar="SIZE,…",
                        help=f"the boards: Kaskade's WxH (default {DEFAULT_SIZES}), Cascades' "
                        f"top widths (default {CASCADES_SIZES})")
    parser.add_argument("--game", choices=("kaskade", "cascades"), default="kaskade",
                        help="the game (default kaskade); Cascades with its standard options")
    parser.add_argument("--greedy", action="store_true",
                        help="Cascades: only turns of two stones where two fit (a smaller "
                        "search, not a proof by itself)")
    parser.add_argument("--python", action="store_true",
                        help="Cascades: the reference search in Python even where the compiled "
                        "one was built")
    parser.add_argument("--proof", action="store_true",
                        help="prove who wins only, stopping at the first winning first move "
                        "(Cascades: by proof-number search where the compiled solver was "
                        "built)")
    parser.add_argument("--narrow", action="store_true",
                        help="Cascades with --proof: look for the first player's win among its "
                        "turns of two stones first (still a proof: every reply is answered); "
                        "where none is found there, the whole search follows")
    parser.add_argument("--first", metavar="CELL,…",
                        help="the first moves (Cascades: first stones) to try, in this order "
                        "(default every cell)")
    parser.add_argument("--limit", type=int, default=0, metavar="N",
                        help="give up after N positions (default: no limit)")
    parser.add_argument("--seconds", type=float, default=0, metavar="S",
                        help="give up after S seconds (default: no limit)")
    parser.add_argument("--memory", type=int, default=TABLE_BYTES >> 20, metavar="MB",
                        help="the table of solved positions on boards too large for a direct "
                        f"one (from 3x5 and 2x7 up; every Cascades board but with --python), "
                        f"in MB (default {TABLE_BYTES >> 20})")
    parser.add_argument("--openings", type=int, metavar="PLIES",
                        help="print, as JSON, the perfect moves of every position of each "
                        "board's first PLIES plies (the perfect player's opening tables)")
    parser.add_argument("--book", type=int, metavar="TURNS",
                        help="Cascades: print, as JSON, the perfect player's opening book of one "
                        "top width: the first player's winning turn in each position of its "
                        "first TURNS turns whose proof would not fit a move on a Pi")
    parser.add_argument("--strategy", type=int, metavar="PLIES",
                        help="write the second player's strategy table (binary, to a "
                        "redirected output): its proved winning move in every position the "
                        "first player can reach before ply PLIES; progress on stderr")
    parser.add_argument("--progress", type=float, metavar="S",
                        help="show the positions searched, their rate and the time on standard "
                        "error every S seconds (default: twice a second on a terminal, else "
                        "every 10); Ctrl-C stops a solve and prints what it found")
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
    if args.progress is not None and not args.progress > 0:
        raise UsageError("--progress must be above 0 seconds")
    if args.game == "cascades":
        return run_cascades(args)
    if args.greedy or args.python or args.narrow or args.book is not None:
        raise UsageError("--greedy, --python, --narrow and --book are for Cascades (--game "
                         "cascades)")
    sizes = [parse_size(size) for size in (args.sizes or DEFAULT_SIZES).split(",")]
    if args.openings is not None:
        return run_openings(args, sizes)
    if args.strategy is not None:
        return run_strategy(args, sizes)
    rows = []
    for width, height in sizes:
        order = None if args.first is None else _cells(args.first, width, height)
        progress = Progress(f"{width}x{height}", args.seconds, every=args.progress)
        with progress.catching():
            analysis = analyse(width, height, [0] * (width * height), 0, exact=not args.proof,
                               limit=args.limit, order=order, first=args.proof,
                               check=progress, table_bytes=args.memory << 20)
        progress.done()
        rows.append(_row(width, height, analysis, time.perf_counter() - progress.started))
        if not args.json:
            print(_line(rows[-1]), flush=True)
        if progress.interrupted.is_set():
            break
    if args.json:
        print(json.dumps(rows))
    return _stopped(rows, progress)


def _stopped(rows: list[dict[str, Any]], progress: Progress) -> int:
    """0, or after Ctrl-C a word on standard error and :data:`INTERRUPTED`."""
    if not progress.interrupted.is_set():
        return 0
    print(f"stopped by Ctrl-C after {progress.positions:,} positions; "
          f"{len(rows) - 1} board(s) before it finished", file=sys.stderr)
    return INTERRUPTED


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
    """Solve Cascades for each top width: the value of every first stone (with ``--proof``, up
    to the first that wins)."""
    if args.openings is not None or args.strategy is not None:
        raise UsageError("--openings and --strategy are for Kaskade")
    if args.book is not None:
        return run_book(args)
    if args.narrow and not args.proof:
        raise UsageError("--narrow narrows a proof: add --proof")
    rows = []
    for text in (args.sizes or CASCADES_SIZES).split(","):
        if not text.strip().isdigit():
            raise UsageError(f"Cascades' sizes are top widths (3, 4, …), not {text!r}")
        top = int(text)
        try:
            solver = make_solver(top, args.greedy, args.python, args.memory << 20)
        except CascadesSolveError as error:
            raise UsageError(str(error)) from None
        except MemoryError:
            raise UsageError(f"--memory {args.memory}: not that much memory here") from None
        stones = _first_stones(solver, args.first)
        progress = Progress(f"top {top}", args.seconds, every=args.progress)
        solver.stop = _limits(solver, progress, args.limit)
        values: dict[str, int | None] = {}
        white, black = solver.board.start
        with progress.catching():
            for cell in stones:
                try:
                    values[Slope(top).name(cell)] = \
                        (1 if _first_wins(solver, white | 1 << cell, black, args.narrow)
                         else 0) if args.proof else -solver.value(black, white | 1 << cell,
                                                                  False)
                except Stopped:
                    values[Slope(top).name(cell)] = None
                    break
                if args.proof and values[Slope(top).name(cell)] == 1:
                    break
        progress.done()
        rows.append(_cascades_row(solver, args, values,
                                  time.perf_counter() - progress.started))
        if not args.json:
            print(_cascades_line(rows[-1]), flush=True)
        if progress.interrupted.is_set():
            break
    if args.json:
        print(json.dumps(rows))
    return _stopped(rows, progress)


def _first_wins(solver: Solver, white: int, black: int, narrow: bool) -> bool:
    """Whether White, having placed its first stone, wins: proved by proof-number search where
    the compiled solver was built (its turns of two stones tried alone first if ``narrow``),
    else by the reference search."""
    if not isinstance(solver, CompiledSolver):
        return solver.loses(black, white, False)
    if narrow and solver.proves_win(black, white, False, mover=False, narrow=True):
        return True
    return solver.proves_win(black, white, False, mover=False)


def run_book(args: argparse.Namespace) -> int:
    """Print the opening book of one Cascades top width as JSON."""
    if args.proof or args.narrow or args.first or args.limit or args.seconds or args.json or \
            args.greedy or args.python:
        raise UsageError("--book proves every position it stores: it takes no --proof, "
                         "--narrow, --first, --limit, --seconds, --json, --greedy or --python")
    if args.sizes is None or not args.sizes.strip().isdigit():
        raise UsageError("--book takes one top width (6)")
    try:
        table = build_book(int(args.sizes), args.book, args.memory << 20)
    except CascadesSolveError as error:
        raise UsageError(str(error)) from None
    print(json.dumps(table, separators=(",", ":")))
    return 0


def _limits(solver: Solver, progress: Progress, limit: int) -> Callable[[], bool]:
    """A solver's ``stop``: true once ``progress`` says so (its time is up, or Ctrl-C) or
    ``limit`` positions were searched (0: no such limit); it shows the progress too."""
    return lambda: progress.reached(solver.nodes) or bool(limit and solver.nodes >= limit)


def _first_stones(solver: Solver, names: str | None) -> list[int]:
    """The first stones to try: ``names`` (``f2,e2``) in that order, or every one."""
    white, black = solver.board.start
    legal = [stone.bit_length() - 1 for stone in bits(solver.board.places(white, white | black))]
    if names is None:
        return legal
    slope = Slope(solver.board.top)
    stones = [slope.find(name) for name in names.split(",")]
    wrong = [name for name, cell in zip(names.split(","), stones, strict=True)
             if cell not in legal]
    if wrong:
        raise UsageError(f"--first: {', '.join(wrong)} is not a first stone of top "
                         f"{solver.board.top} (those are "
                         f"{' '.join(slope.name(cell) for cell in legal)})")
    return [cell for cell in stones if cell is not None]


def _cascades_row(solver: Solver, args: argparse.Namespace, values: dict[str, int | None],
                  seconds: float) -> dict[str, Any]:
    """What one Cascades board's search says, as JSON-ready figures."""
    known = [value for value in values.values() if value is not None]
    complete = None not in values.values()
    if known and max(known) > 0:
        winner: str | None = "first"
    elif not complete or args.proof or args.first:
        winner = None  # some first stone was not searched, or only shown not to win
    else:
        winner = "draw" if max(known) == 0 else "second"
    return {
        "size": solver.board.top,
        "winner": winner,
        "first_moves": values,
        "positions": solver.positions,
        "nodes": solver.nodes,
        "complete": complete,
        "proof": args.proof,
        "greedy": args.greedy,
        "narrow": args.narrow,
        "compiled": isinstance(solver, CompiledSolver),
        "seconds": round(seconds, 2),
    }


def _cascades_line(row: dict[str, Any]) -> str:
    """One Cascades board's solution in words."""
    winning = [name for name, value in row["first_moves"].items() if value == 1]
    if row["winner"] is None:
        searched = [f"{name} {'does not win' if value == 0 and row['proof'] else value}"
                    for name, value in row["first_moves"].items() if value is not None]
        stopped = [name for name, value in row["first_moves"].items() if value is None]
        outcome = "undecided" + (f" ({', '.join(searched)})" if searched else "") + \
            (f"; stopped in {stopped[0]}" if stopped else "")
    else:
        outcome = "the first player " + \
            {"first": "wins", "draw": "draws", "second": "loses"}[row["winner"]]
        if winning:
            outcome += f"; winning first stones {' '.join(winning)}"
            if row["proof"]:
                outcome += " (the proof stops at the first)"
        for value, verb in ((0, "draw"), (-1, "lose")):
            stones = [name for name, known in row["first_moves"].items() if known == value]
            if stones and not row["proof"]:
                outcome += f"; {' '.join(stones)} {verb}"
    greedy = " (two-stone turns only)" if row["greedy"] else ""
    return (f"top {row['size']}: {outcome}; {row['positions']:,} positions{greedy}, "
            f"{row['seconds']:.1f} s")
