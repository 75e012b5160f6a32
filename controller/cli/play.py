"""``kaskade play``: the board app on the board (``--board``), or Kaskade for two people at one
keyboard in the terminal (``--terminal``).

In the terminal the board is drawn in colour (White's balls bright, Black's balls dark on
light, a cell one ball from overflowing underlined, the last move reversed) and a cascade is
animated generation by generation from the move's events, as the LED board shows it.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import run as run_loop
from controller.app.storage import StorageError, read_text, write_atomically
from controller.cli import ansi
from controller.cli.board import add_board_options, open_store, run_simulator
from controller.cli.status import status_line
from controller.devices.backends import CHOICES, detect, open_board
from controller.errors import KaskadeError
from controller.games import Event, MoveError, NothingToUndoError, OptionsError
from controller.games.kaskade import Generation, KaskadeState, Placed
from controller.games.kaskade.diagram import diagram
from controller.games.record import parse_record
from controller.games.replay import record_text, replay, starting_state

HELP = """\
Type a cell to put a ball there, e.g. c3 (a1 is the bottom-left cell). You may put a ball on
an empty cell or on your own balls. A cell overflows when it holds as many balls as it has
neighbours (corner 2, edge 3, inside 4): it empties and each neighbour gets a ball and becomes
yours, with every ball on it. Take all of your opponent's cells to win.

Commands:
  undo        take back the last move
  moves       show the game so far as a record
  save FILE   write the game so far to a record file
  resign      give up the game
  help        show this text
  quit        leave (with --record FILE the game is already saved there)"""

EXIT_INTERRUPTED = 130
ANIMATION_SECONDS = 3.0
"""Longest a cascade's animation may take; long cascades are played faster."""
GENERATION_SECONDS = 0.3


@dataclass
class Console:
    """Where the game talks to: injected so tests can script a whole game."""

    write: Callable[[str], None]
    read: Callable[[str], str]
    """Show a prompt and return the typed line; raises EOFError at the end of input."""
    colour: bool = False
    animate: bool = False
    sleep: Callable[[float], None] = time.sleep


def register(commands: Any) -> None:
    """Add ``play`` to the command line."""
    parser = commands.add_parser(
        "play", help="run the board app, or play Kaskade in the terminal (--terminal)",
        description="Run the board app on the board: the real one on a Raspberry Pi, the "
        "simulator elsewhere (--board). With --terminal, play Kaskade in this terminal instead, "
        "two people taking turns at one keyboard; type 'help' during that game.",
    )
    parser.add_argument("--board", choices=CHOICES, default="auto",
                        help="which board: the simulator, the real one on a Pi, or auto (the "
                        "real one on a Pi, else the simulator; default)")
    add_board_options(parser)
    parser.add_argument("--port", metavar="PATH",
                        help="the touch board's serial port (default: found by its USB id); "
                        "e.g. the pseudo-terminal of kaskade sim --touch-board")
    parser.add_argument("--terminal", action="store_true",
                        help="play Kaskade as text in this terminal; the options below go with it")
    parser.add_argument("--size", metavar="WxH",
                        help="board size, width x height, 2x2 to 16x16 (default 6x9)")
    parser.add_argument("--record", type=Path, metavar="FILE",
                        help="keep the game in this record file: continue it if the file exists, "
                        "start it there otherwise; every move is saved at once")
    parser.add_argument("--white", metavar="NAME", help="the name of the player with White")
    parser.add_argument("--black", metavar="NAME", help="the name of the player with Black")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                        default="auto", help="colour the board (default: when on a terminal)")
    parser.add_argument("--no-animation", action="store_true",
                        help="show the end of each cascade at once")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The board app, or the terminal game with ``--terminal``."""
    text_options = [flag for flag, value in (
        ("--size", args.size), ("--record", args.record), ("--white", args.white),
        ("--black", args.black), ("--no-animation", args.no_animation or None),
        ("--colour", None if args.colour == "auto" else args.colour)) if value is not None]
    if args.terminal and args.port:
        raise OptionsError("--port goes with the board app, not with --terminal")
    if not args.terminal:
        if text_options:
            raise OptionsError(f"{text_options[0]} goes with --terminal (the text game); on "
                               "the board everything is chosen by touch")
        return run_board(args)
    start, moves, tags = _setup(args)
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(
        write=lambda text: print(text, flush=True),
        read=_line_reader(),
        colour=colour,
        animate=colour and not args.no_animation,
    )
    return TerminalGame(start, moves, tags, console, args.record).run()


def run_board(args: argparse.Namespace) -> int:
    """The board app on the board ``--board`` picks, until it is stopped."""
    profile, store = open_store(args)
    kind = detect() if args.board == "auto" else args.board
    if kind == "sim":
        return run_simulator(profile, store, terminal=False, think=args.think, port=args.port)
    thresholds = store.settings.load().thresholds
    board = open_board(kind, profile, port=args.port,
                       thresholds=(thresholds[0], thresholds[1]) if thresholds else None)
    stop = threading.Event()
    for signal_number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signal_number, lambda *_: stop.set())
    try:
        run_loop(Driver(App(profile, store, think_seconds=args.think), board), stop)
    finally:
        board.close()
    return 0


def _setup(args: argparse.Namespace) -> tuple[KaskadeState, list[str], dict[str, str]]:
    """The start, the moves so far and the tags, from a record file or the options."""
    tags = {"White": args.white or "", "Black": args.black or ""}
    if args.record is not None and args.record.exists():
        record = parse_record(read_text(args.record))
        start = starting_state(record)
        if not isinstance(start, KaskadeState):
            raise OptionsError(f"{args.record} holds a game of {record.game}, not Kaskade")
        if args.size is not None and start.options() != KaskadeState.new(
                {"size": args.size}).options():
            raise OptionsError(f"{args.record} holds a {start.options()['size']} game; "
                               f"leave out --size {args.size} to continue it")
        kept = {k: v for k, v in record.tags.items() if k in ("White", "Black", "Date")}
        tags = {**kept, **{k: v for k, v in tags.items() if v}}
        return start, list(record.moves), tags
    start = KaskadeState.new({} if args.size is None else {"size": args.size})
    tags["Date"] = datetime.date.today().isoformat()
    return start, [], {k: v for k, v in tags.items() if v}


def _line_reader() -> Callable[[str], str]:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401, PLC0415  (line editing and history where available)
    return input


class TerminalGame:
    """One game at the keyboard: shows the board, reads moves and commands, keeps the record."""

    def __init__(
        self,
        start: KaskadeState,
        moves: Sequence[str],
        tags: dict[str, str],
        console: Console,
        record_path: Path | None = None,
    ) -> None:
        self.start = start
        self.state = start.copy()
        replay(self.state, moves)
        self.moves = list(moves)
        self.tags = tags
        self.console = console
        self.record_path = record_path
        self.resigned: int | None = None

    def run(self) -> int:
        """Play until the players quit (or resign, or input ends); returns the exit status."""
        self._say(f"Kaskade {self.state.grid.size_text} — type 'help' for the rules and commands.")
        if self.record_path is not None:
            verb = "Continuing" if self.moves else "Saving"
            self._say(f"{verb} the game in {self.record_path}.")
        self._show(self.state.cells)
        status = 0
        while True:
            try:
                line = self.console.read(self._prompt())
            except EOFError:
                self._say("")
                break
            except KeyboardInterrupt:
                self._say("")
                status = EXIT_INTERRUPTED
                break
            command, _, argument = line.strip().partition(" ")
            if not command:
                continue
            if command.lower() in ("quit", "q", "exit"):
                break
            if self._command(command.lower(), argument.strip()) == "resigned":
                break
        self._farewell()
        return status

    def _farewell(self) -> None:
        if self.record_path is not None:
            self._say(f"The game is saved in {self.record_path}.")
            if not self.state.is_over() and self.resigned is None:
                self._say(f"Continue it with: kaskade play --record {self.record_path}")
        elif self.moves:
            self._say("This game was not saved; 'save FILE' or --record FILE keeps a game.")

    # -- commands -------------------------------------------------------------------------------

    def _command(self, command: str, argument: str) -> str | None:
        if command in ("help", "h", "?"):
            self._say(HELP)
        elif command in ("undo", "u"):
            self._undo()
        elif command == "moves":
            self._say(self._record())
        elif command == "save":
            self._save_as(argument)
        elif command == "resign":
            return self._resign()
        else:
            self._move(command)
        return None

    def _move(self, text: str) -> None:
        if self.state.is_over():
            self._say("The game is over: 'undo' to take back the last move, 'quit' to leave.")
            return
        before = list(self.state.cells)
        try:
            move = self.state.parse_move(text)
            events = self.state.play(move)
        except MoveError as error:
            self._say(f"{text}: {error.reason}. Type 'help' for how to play.")
            return
        self.moves.append(self.state.move_name(move))
        self._autosave()
        self._animate(before, events)
        self._show(self.state.cells)
        self._comment(events)

    def _undo(self) -> None:
        try:
            move = self.state.undo()
        except NothingToUndoError:
            self._say("There is no move to undo.")
            return
        self.moves.pop()
        self._autosave()
        self._say(f"Took back {self.state.move_name(move)}.")
        self._show(self.state.cells)

    def _resign(self) -> str | None:
        mover = self.state.to_move
        if mover is None:
            self._say("The game is already over.")
            return None
        self.resigned = mover
        self._autosave()
        winner = 1 - mover
        self._say(f"{self._player(mover)} resigns. {self._player(winner)} wins.")
        return "resigned"

    def _save_as(self, name: str) -> None:
        if not name:
            self._say("Say where: save FILE")
            return
        try:
            write_atomically(Path(name), self._record())
        except StorageError as error:
            self._say(f"Not saved: {error}")
        else:
            self._say(f"Saved to {name}.")

    # -- saving ---------------------------------------------------------------------------------

    def _record(self) -> str:
        tags = dict(self.tags)
        if self.resigned is not None:
            tags["Result"] = self.state.info.players[1 - self.resigned]
            tags["Termination"] = f"{self.state.player_title(self.resigned)} resigned"
        return record_text(self.start, self.moves, tags)

    def _autosave(self) -> None:
        if self.record_path is None:
            return
        try:
            write_atomically(self.record_path, self._record())
        except KaskadeError as error:
            self._say(f"Warning: the game could not be saved: {error}")

    # -- drawing --------------------------------------------------------------------------------

    def _show(self, cells: Sequence[int], caption: str | None = None) -> int:
        """Print the board (with a status line) and return how many lines that took."""
        last = self.state.moves[-1] if self.state.moves else None
        text = "\n".join([caption or status_line(self.state), self._board(cells, last)])
        self.console.write(text)
        return text.count("\n") + 1

    def _board(self, cells: Sequence[int], last: int | None) -> str:
        if not self.console.colour:
            return diagram(self.state.grid, cells)
        critical = self.state.grid.critical

        def paint(cell: int, token: str) -> str:
            value = cells[cell]
            codes = [ansi.WHITE_BALLS if value > 0 else ansi.BLACK_BALLS if value else ansi.DIM]
            if value and abs(value) == critical[cell] - 1:
                codes.append(ansi.UNDERLINE)
            if cell == last:
                codes.append(ansi.REVERSE)
            return ansi.style(token, *codes)

        legend = ansi.style("underlined: one ball from overflowing · reversed: last move",
                            ansi.DIM)
        return f"{diagram(self.state.grid, cells, paint)}\n{legend}"

    def _animate(self, before: list[int], events: Sequence[Event]) -> None:
        """Redraw the board in place for the placement and each cascade generation."""
        generations = [e for e in events if isinstance(e, Generation)]
        if not (self.console.animate and generations):
            return
        frame = list(before)
        placed = events[0]
        assert isinstance(placed, Placed)
        frame[placed.cell] = placed.balls if placed.player == 0 else -placed.balls
        delay = min(GENERATION_SECONDS, ANIMATION_SECONDS / len(generations))
        name = self.state.grid.name(placed.cell)
        lines = self._show(frame, f"{name} overflows …")
        for generation in generations:
            self.console.sleep(delay)
            for change in generation.changes:
                frame[change.cell] = change.balls if change.owner == 0 else -change.balls
            self.console.write(f"\x1b[{lines}F\x1b[J")
            lines = self._show(frame, f"{name} overflows … generation {generation.number}")
        self.console.sleep(delay)
        self.console.write(f"\x1b[{lines}F\x1b[J")

    def _comment(self, events: Sequence[Event]) -> None:
        generations = [e for e in events if isinstance(e, Generation)]
        if generations:
            captured = sum(len(g.captured) for g in generations)
            self._say(f"Cascade: {len(generations)} generation"
                      f"{'s' if len(generations) != 1 else ''}, {captured} cell"
                      f"{'s' if captured != 1 else ''} captured.")
        outcome = self.state.outcome()
        if outcome is not None and outcome.winner is not None:
            self._say(f"{self._player(outcome.winner)} wins! ({outcome.reason}) "
                      "'undo' takes the last move back, 'quit' leaves.")

    # -- words ----------------------------------------------------------------------------------

    def _player(self, player: int) -> str:
        title = self.state.player_title(player)
        name = self.tags.get(title)
        return f"{name} ({title})" if name else title

    def _prompt(self) -> str:
        mover = self.state.to_move
        return "game over> " if mover is None else f"{self._player(mover)}> "

    def _say(self, text: str) -> None:
        self.console.write(text)
