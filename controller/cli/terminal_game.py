"""Kaskade for two people at one keyboard (``kaskade play --terminal``), on a game session.

The board is drawn in colour (White's balls bright, Black's balls dark on light, a cell one ball
from overflowing underlined, the last move reversed) and a cascade is animated generation by
generation from the move's events, as the LED board shows it. The session keeps the record and
saves it after every change, as on the board.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from controller.app.session import Session
from controller.app.storage import StorageError, write_atomically
from controller.cli import ansi
from controller.games import Event, MoveError, NothingToUndoError
from controller.games.kaskade import Generation, KaskadeState, Placed
from controller.games.kaskade.diagram import diagram
from controller.games.status import status_line

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


class TerminalGame:
    """One game at the keyboard: shows the board, reads moves and commands; the session keeps
    the record and saves it after every change."""

    def __init__(self, session: Session[KaskadeState], console: Console) -> None:
        self.session = session
        self.console = console
        session.on_problem = lambda problem: self._say(f"Warning: {problem}")
        self.record_path = None if session.autosave is None else session.autosave.path

    @property
    def state(self) -> KaskadeState:
        """The game as it stands."""
        return self.session.state

    def run(self) -> int:
        """Play until the players quit (or resign, or input ends); returns the exit status."""
        self._say(f"Kaskade {self.state.grid.size_text} — type 'help' for the rules and commands.")
        if self.record_path is not None:
            verb = "Continuing" if self.session.moves else "Saving"
            self._say(f"{verb} the game in {self.record_path}.")
        self._show(self.state.cells)
        if self.session.resigned:
            self._say(f"{self.session.tags['Termination']}: the game is over.")
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
            if not self.session.finished:
                self._say(f"Continue it with: kaskade play --record {self.record_path}")
        elif self.session.moves:
            self._say("This game was not saved; 'save FILE' or --record FILE keeps a game.")

    # -- commands -------------------------------------------------------------------------------

    def _command(self, command: str, argument: str) -> str | None:
        if command in ("help", "h", "?"):
            self._say(HELP)
        elif command in ("undo", "u"):
            self._undo()
        elif command == "moves":
            self._say(self.session.record())
        elif command == "save":
            self._save_as(argument)
        elif command == "resign":
            return self._resign()
        else:
            self._move(command)
        return None

    def _move(self, text: str) -> None:
        if self.session.finished:
            self._say("The game is over: 'undo' to take back the last move, 'quit' to leave.")
            return
        before = list(self.state.cells)
        try:
            events = self.session.play(self.state.parse_move(text))
        except MoveError as error:
            self._say(f"{text}: {error.reason}. Type 'help' for how to play.")
            return
        self.session.save()
        self._animate(before, events)
        self._show(self.state.cells)
        self._comment(events)

    def _undo(self) -> None:
        if self.session.resigned:
            self._say("A resignation cannot be taken back.")
            return
        try:
            move = self.session.undo()
        except NothingToUndoError:
            self._say("There is no move to undo.")
            return
        self.session.save()
        self._say(f"Took back {self.state.move_name(move)}.")
        self._show(self.state.cells)

    def _resign(self) -> str | None:
        mover = self.state.to_move
        if mover is None or self.session.finished:
            self._say("The game is already over.")
            return None
        self.session.resign(mover)
        self.session.save()
        self._say(f"{self._player(mover)} resigns. {self._player(1 - mover)} wins.")
        return "resigned"

    def _save_as(self, name: str) -> None:
        if not name:
            self._say("Say where: save FILE")
            return
        try:
            write_atomically(Path(name), self.session.record())
        except StorageError as error:
            self._say(f"Not saved: {error}")
        else:
            self._say(f"Saved to {name}.")

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
        name = self.session.tags.get(title)
        return f"{name} ({title})" if name else title

    def _prompt(self) -> str:
        mover = self.state.to_move
        if mover is None or self.session.finished:
            return "game over> "
        return f"{self._player(mover)}> "

    def _say(self, text: str) -> None:
        self.console.write(text)
