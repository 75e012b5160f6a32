"""``kaskade learn GAME``: a game's lesson in the terminal — the same lesson the board gives
when a game's tile is held (``controller/faces/NAME/lesson.py``).

Each step prints its position and words; the learner types the move the step asks for, and
the game's own rules and the lesson judge it, as on the board: anything else is answered with
the step's words for it and the step waits. Once the move is played the position after it is
shown with what happened, and Enter goes on to the next step.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any

from controller.cli import ansi
from controller.cli.game_text import move_words, picture, said
from controller.cli.play import line_reader
from controller.cli.terminal_game import Console
from controller.faces.face import lesson
from controller.games import CHANCE, GameState, MoveError
from controller.games.lesson import Tutor
from controller.games.registry import game_names

COMMANDS = """\
Type the move the step asks for, as the game writes moves (the board's "touch b2" is b2 here).
  again   the step from its start
  legal   the moves that may be made now (only the step's move is accepted)
  help    this text
  quit    leave the lesson"""


def register(commands: Any) -> None:
    """Add ``learn`` to the command line."""
    parser = commands.add_parser(
        "learn", help="learn a game: its lesson, step by step, in this terminal",
        description="Learn a game in this terminal: the lesson the board gives when the "
        "game's tile is held. Each step shows a position and says what to try; type the move "
        "and the game's rules check it.",
    )
    parser.add_argument("game", choices=game_names(), help="which game")
    parser.add_argument("--colour", "--color", choices=("auto", "always", "never"),
                        default="auto", help="colour the board (default: when on a terminal)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """The lesson of ``args.game`` at the keyboard."""
    colour = ansi.wants_colour(sys.stdout, {"auto": None, "always": True, "never": False}[
        args.colour])
    console = Console(write=lambda text: print(text, flush=True), read=line_reader(),
                      colour=colour)
    return TerminalLesson(Tutor(lesson(args.game)), console).run()


class TerminalLesson:
    """One learner going through ``tutor``'s lesson at ``console``."""

    def __init__(self, tutor: Tutor, console: Console) -> None:
        self.tutor = tutor
        self.console = console
        self.state: GameState[Any] = tutor.position()

    def run(self) -> int:
        """Step by step to the end of the lesson, or until the learner quits (status 0)."""
        tutor, say = self.tutor, self.console.write
        count = len(tutor.lesson.steps)
        say(f"Learning {tutor.lesson.title}: {count} steps. Type 'help' for how.")
        self._show_step()
        while True:
            try:
                line = self.console.read(self._prompt()).strip()
            except (EOFError, KeyboardInterrupt):
                say("")
                return 0
            if tutor.done and line.lower() in ("", "on", "next"):
                if not tutor.go_on():
                    say(f"That was the {tutor.lesson.title} lesson. Play it: kaskade play "
                        f"--terminal --game {tutor.lesson.game}")
                    return 0
                self.state = tutor.position()
                self._show_step()
            elif line.lower() in ("quit", "q", "exit"):
                return 0
            elif line.lower() == "help":
                say(COMMANDS)
            elif line.lower() == "again":
                tutor.again()
                self.state = tutor.position()
                self._show_step()
            elif line.lower() == "legal":
                say(" ".join(self.state.move_name(m) for m in self.state.legal_moves()))
            elif line and not tutor.done:
                self._try(line)

    def _prompt(self) -> str:
        if not self.tutor.done:
            return "learn> "
        return "Press Enter to end the lesson> " if self.tutor.finished else \
            "Press Enter for the next step> "

    def _show_step(self) -> None:
        tutor = self.tutor
        shown = self.state.move_name(tutor.shown(self.state))
        self.console.write(f"\n{picture(self.state, self.console.colour)}\n"
                           f"Step {tutor.index + 1} of {len(tutor.lesson.steps)}: "
                           f"{tutor.step.words}\n(On the board {shown} blinks: type {shown}.)")

    def _try(self, text: str) -> None:
        """The learner's move ``text``: played when it is the step's, else the step's words."""
        say, state = self.console.write, self.state
        typed = f"Type {state.move_name(self.tutor.shown(state))} for it."
        try:
            move = state.parse_move(text)
        except MoveError as error:
            say(f"{text}: {error.reason}. {self.tutor.step.wrong} {typed}")
            return
        if not self.tutor.judge(state, move):
            say(f"{self.tutor.step.wrong} {typed}")
            return
        events = state.play(move)
        while state.to_move == CHANCE:  # a die or a refill after the move, as the board draws
            drawn = self.tutor.chance(state)
            if drawn is None:
                drawn = state.sample_chance(random.Random(f"lesson:{state.plies}"))
            say(f"Chance: {said(state, drawn)}.")
            state.play(drawn)
        say(picture(state, self.console.colour))
        words = move_words(state, events)
        if words is not None:
            say(words)
        say(self.tutor.step.done)
