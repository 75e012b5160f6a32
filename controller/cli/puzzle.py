"""``kaskade puzzle``: the puzzle of the day in the terminal — the same puzzle the board's
puzzle tile and the web page set today (``controller/games/puzzle.py``).

The position is shown with its question; the player types moves in the game's notation. A
right move is played and answered by the defence the puzzle holds; a wrong one is refuted in
words and counts a try. Today's puzzle solved today goes into the history (``--state-dir``, as
for ``kaskade history``) and makes the streak; another day's (``--date``) is practice.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from controller.app.history import History
from controller.app.puzzles import keep_solve, standing, streak_words
from controller.cli import ansi
from controller.cli.game_text import picture
from controller.cli.history import add_state_dir, history_of
from controller.cli.play import line_reader
from controller.cli.terminal_game import Console
from controller.cli.usage import UsageError
from controller.games import GameState, MoveError
from controller.games.puzzle import Puzzle, Quiz, puzzle_of

COMMANDS = """\
Type a move as the game writes moves (for Kaskade a cell such as c3).
  again    the puzzle from its start
  legal    the moves that may be made now
  answer   show the right moves now (the puzzle then counts as not solved today)
  help     this text
  quit     leave"""


def register(commands: Any) -> None:
    """Add ``puzzle`` to the command line."""
    parser = commands.add_parser(
        "puzzle", help="the puzzle of the day: a position and a question, proven by the "
        "computer's exact searches",
        description="The puzzle of the day — the same on every board, a new one each day: a "
        "Kaskade win in 2 or 3, the one winning stone of a solved Cascades position, or the "
        "one move that keeps a Decktet solitaire deal winnable. Type your moves; today's "
        "puzzle solved today goes into the history and makes your streak.",
        epilog="Examples: kaskade puzzle · kaskade puzzle --date 2026-12-24 (practice) · "
        "kaskade puzzle --solved (the streak)",
    )
    parser.add_argument("--date", metavar="YYYY-MM-DD", type=_day,
                        help="another day's puzzle, for practice (not kept in the history)")
    parser.add_argument("--solved", action="store_true",
                        help="list the puzzles solved, with the current and longest streak")
    parser.add_argument("--make-book", type=int, metavar="N",
                        help="make a new book of N puzzles of each kind with the exact "
                        "searches and write it to --out (for the program's makers: minutes)")
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help="where --make-book writes the book (a Python module)")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                        default="auto", help="colour the board (default: when on a terminal)")
    add_state_dir(parser)
    parser.set_defaults(handler=run)


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date: write YYYY-MM-DD, such as "
                                         "2026-12-24") from None


def run(args: argparse.Namespace) -> int:
    """Today's puzzle (or another day's), the list of solves, or a new book."""
    if args.make_book is not None:
        return _make_book(args.make_book, args.out)
    if args.out is not None:
        raise UsageError("--out goes with --make-book")
    history = history_of(args)
    now = datetime.datetime.now()
    if args.solved:
        _print_solved(history, now.date())
        return 0
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(write=lambda text: print(text, flush=True), read=line_reader(),
                      colour=colour)
    day = args.date or now.date()
    return TerminalPuzzle(puzzle_of(day.toordinal()), console, None if args.date else history,
                          datetime.datetime.now).run()


def _make_book(per_kind: int, out: Path | None) -> int:
    from controller.ai.puzzles import book_module, make_book, prove  # noqa: PLC0415
    from controller.games.puzzle import Puzzle, _node  # noqa: PLC0415

    if out is None:
        raise UsageError("--make-book N needs --out FILE: where to write the book")
    if not 1 <= per_kind <= 1000:
        raise UsageError("--make-book N: from 1 to 1000 puzzles of each kind")
    found = make_book(per_kind)
    for index, puzzle in enumerate(found):
        problems = prove(Puzzle(f"new-{index}", puzzle.kind, puzzle.position,
                                _node(puzzle.tree)))
        if problems:
            raise UsageError(f"a puzzle made is not sound: {problems[0]}")
    out.write_text(book_module(found), encoding="utf-8")
    print(f"{len(found)} puzzles, each proven, written to {out}")
    return 0


def _print_solved(history: History, today: datetime.date) -> None:
    found = standing(history, today)
    solves = history.puzzles()
    if not solves:
        print("No puzzle solved yet: kaskade puzzle sets today's.")
        return
    for solve in solves:
        tries = "at the first try" if solve.tries == 0 else \
            f"after {solve.tries} wrong move{'s' if solve.tries != 1 else ''}"
        who = f" by {solve.who}" if solve.who else ""
        print(f"{solve.day}  {solve.puzzle}  solved{who} {tries}")
    print(f"Streak: {streak_words(found.streak)}; longest {found.longest}; "
          f"{found.solved} solved in all.")
    if found.solved_today is None:
        print("Today's puzzle is still open: kaskade puzzle")


class TerminalPuzzle:
    """One person at the keyboard with ``puzzle``; a solve is kept in ``history`` (``None``:
    practice) at the time ``clock`` says."""

    def __init__(self, puzzle: Puzzle, console: Console, history: History | None,
                 clock: Callable[[], datetime.datetime]) -> None:
        self.puzzle = puzzle
        self.console = console
        self.history = history
        self.clock = clock
        self.quiz = Quiz(puzzle)
        self.state: GameState[Any] = self.quiz.start()
        self.gave_up = False

    def run(self) -> int:
        """Until the puzzle is solved, or the player leaves (status 0)."""
        say = self.console.write
        title = self.state.info.title
        say(f"The puzzle of the day ({self.puzzle.id}, {title}). Type 'help' for how.")
        self._show()
        while not self.quiz.solved:
            try:
                line = self.console.read("puzzle> ").strip()
            except (EOFError, KeyboardInterrupt):
                say("")
                return 0
            word = line.lower()
            if word in ("quit", "q", "exit"):
                return 0
            if word == "help":
                say(COMMANDS)
            elif word == "again":
                self.quiz.again()
                self.state = self.quiz.start()
                self._show()
            elif word == "legal":
                say(" ".join(self.state.move_name(m) for m in self.state.legal_moves()))
            elif word == "answer":
                self.gave_up = True
                say(f"Right now: {' or '.join(self.quiz.node.right)}.")
            elif line:
                self._try(line)
        self._solved()
        return 0

    def _show(self) -> None:
        self.console.write(f"\n{picture(self.state, self.console.colour)}\n"
                           f"{self.puzzle.question()}")

    def _try(self, text: str) -> None:
        state = self.state
        try:
            move = state.parse_move(text)
        except MoveError as error:
            self.console.write(f"{text}: {error.reason}. Type 'legal' for the moves.")
            return
        if not state.is_legal(move):
            self.console.write(f"{text} is not a move here. Type 'legal' for the moves.")
            return
        right = self.quiz.judge(state, move)
        answer = self.quiz.answers[-1]
        self.console.write(answer.words(self.puzzle, state))
        if not right:
            return
        state.play(move)
        reply = self.quiz.reply(state)
        if reply is not None:
            state.play(reply)
        if not self.quiz.solved:
            self._show()

    def _solved(self) -> None:
        say = self.console.write
        say(picture(self.state, self.console.colour))
        tries = self.quiz.tries
        words = "at the first try" if tries == 0 else \
            f"after {tries} wrong move{'s' if tries != 1 else ''}"
        say(f"Solved {words}.")
        if self.history is None or self.gave_up:
            why = "with the answer shown" if self.gave_up else "practice"
            say(f"({why}: not kept in the history)")
            return
        now = self.clock()
        if keep_solve(self.history, self.puzzle, now, tries):
            found = standing(self.history, now.date())
            say(f"Kept in the history: {streak_words(found.streak)} "
                f"(longest {found.longest}).")
        else:
            say("Today's puzzle was solved already today: the first solve counts.")
