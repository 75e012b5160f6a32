"""Any of the board's games at the keyboard (``kaskade play --terminal``), on the same game
session as the board: people type their moves, the computer answers in the seats it takes, dice
and shuffles are drawn as the board draws them, and the session keeps the record and saves it
after every change.

Every game is drawn in its colours, as its face draws it as text (:mod:`controller.cli.game_text`),
Kaskade with its cascades animated. ``hint`` asks the
computer for a move (the solitaire's solver also says whether the deal can still be won), and a
finished game goes into the board's history, where ``kaskade history`` lists it.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from controller.ai.base import Budget
from controller.ai.levels import STRONGEST
from controller.ai.solitaire import LOST, WINNABLE, fallback, solve
from controller.app.history import History
from controller.app.session import Session
from controller.app.storage import StorageError, write_atomically
from controller.app.thinking import ThinkRequest
from controller.cli import game_text
from controller.games import CHANCE, Event, GameState, MoveError
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.status import status_line

COMMANDS = """\
Commands:
  legal       list the moves that may be made now
  hint        ask the computer for a good move (the solitaire: can the deal still be won)
  undo        take back your last move (and the computer's answer to it)
  moves       list the moves so far
  save FILE   write the game so far to a record file
  resign      give up the game
  help        show this text
  quit        leave (with --record FILE the game is already saved there)"""

EXIT_INTERRUPTED = 130
DEFAULT_THINK_SECONDS = 1.0


@dataclass
class Console:
    """Where the game talks to: injected so tests can script a whole game."""

    write: Callable[[str], None]
    read: Callable[[str], str]
    """Show a prompt and return the typed line; raises EOFError at the end of input."""
    colour: bool = False
    animate: bool = False
    sleep: Callable[[float], None] = time.sleep

    def warn(self, problem: str) -> None:
        """Say what went wrong beside the game (a save that failed): play goes on."""
        self.write(f"Warning: {problem}")


class TerminalGame:
    """One game at the keyboard: shows the board, reads moves and commands, lets the computer
    and chance play their turns; the session keeps the record and saves it after every change
    (made with the console's ``warn`` as its ``on_problem``, a save that fails is said
    there)."""

    def __init__(self, session: Session[Any], console: Console,
                 think_seconds: float = DEFAULT_THINK_SECONDS,
                 history: History | None = None,
                 wall_clock: Callable[[], datetime] = datetime.now) -> None:
        self.session = session
        self.console = console
        self.think_seconds = think_seconds
        self.history = history
        """Where a finished game is kept (the board's history), if anywhere."""
        self.wall_clock = wall_clock
        self.record_path = None if session.autosave is None else session.autosave.path

    @property
    def state(self) -> GameState[Any]:
        """The game as it stands."""
        return self.session.state

    def run(self) -> int:
        """Play until the players quit (or resign, or input ends); returns the exit status."""
        self._say(f"{status_line(self.state).split(' · ')[0]} — type 'help' for how to play "
                  "and the commands.")
        if self.record_path is not None:
            verb = "Continuing" if self.session.moves else "Saving"
            self._say(f"{verb} the game in {self.record_path}.")
            if not self.session.moves:
                self.session.save()  # who sits where is kept from the start
        self._show(self.state)
        if self.session.resigned:
            self._say(f"{self.session.tags['Termination']}: the game is over.")
        status = 0
        while True:
            if self._machine_turn():
                continue
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
        kept = self._keep_in_history()
        if self.record_path is not None:
            self._say(f"The game is saved in {self.record_path}.")
            if not self.session.finished:
                self._say(f"Continue it with: kaskade play --terminal --record "
                          f"{self.record_path}")
        elif self.session.moves and not kept:
            self._say("This game was not saved; 'save FILE' or --record FILE keeps a game.")

    def _keep_in_history(self) -> bool:
        """Put a finished game into the history, as the board does when its players leave it
        (stored under the game's id: a game continued and finished again keeps one entry);
        whether it is there."""
        if self.history is None or not self.session.finished:
            return False
        # a record written elsewhere has no id: it is named by its text, so leaving the same
        # finished game twice keeps one entry
        named = None if "Id" in self.session.tags else \
            uuid.uuid5(uuid.NAMESPACE_URL, self.session.record()).hex
        try:
            self.history.add(self.session.match(self.wall_clock(), game_id=named))
        except StorageError as error:
            self._say(f"The game was not added to the history: {error}")
            return False
        self._say("The game is in the history: kaskade history lists it, kaskade history "
                  f"--show {self.session.tags['Id'][:8]} prints its record.")
        return True

    # -- the computer and chance ------------------------------------------------------------------

    def _machine_turn(self) -> bool:
        """Play the turn of chance or of the computer, if it is theirs; whether one was."""
        if self.session.finished:
            return False
        state = self.state
        if state.to_move == CHANCE:
            seed = f"{self.session.tags.get('Id', '')}:{state.plies}"
            move = state.sample_chance(random.Random(seed))
            self._say(f"Chance: {game_text.said(state, move)}.")
            self._play(move)
            return True
        level = self.session.computer_level(state.to_move)
        if level is None:
            return False
        request = ThinkRequest(0, state.copy(), level, self.think_seconds, seed=state.plies)
        answer = request.think(Budget(seconds=self.think_seconds))
        assert state.to_move is not None
        self._say(f"{self._player(state.to_move)} plays {state.move_name(answer.move)}.")
        self._play(answer.move)
        return True

    # -- commands -------------------------------------------------------------------------------

    def _command(self, command: str, argument: str) -> str | None:
        if command in ("help", "h", "?"):
            self._say(self._help())
        elif command in ("undo", "u"):
            self._undo()
        elif command == "legal":
            self._legal()
        elif command == "hint":
            self._hint()
        elif command == "moves":
            self._say(self._moves())
        elif command == "save":
            self._save_as(argument)
        elif command == "resign":
            return self._resign()
        else:
            self._move(command if not argument else f"{command} {argument}")
        return None

    def _moves(self) -> str:
        """The moves so far as people read them, one a line (cards not yet seen stay
        hidden: the record, 'save FILE', has the whole game)."""
        if not self.session.moves:
            return "No moves yet."
        session = self.session
        lines = [f"{number:>3}. {said}" + ("" if drawn else f"  ({self._player(mover)})")
                 for number, (said, mover, drawn) in enumerate(
                     zip(session.said, session.movers, session.drawn, strict=True), start=1)]
        return "\n".join(lines) + "\n'save FILE' writes the whole game as a record."

    def _help(self) -> str:
        legal = self.state.legal_moves() if not self.session.finished else []
        example = f" Now, for example: {self.state.move_name(legal[0])}." if legal else ""
        return f"{game_text.how_to_play(self.state)}{example}\n\n{COMMANDS}"

    def _hint(self) -> None:
        """The computer's suggestion for the person to move; for the solitaire, the solver's
        verdict on the deal too (it sees the face-down cards, as the board's hint does)."""
        state = self.state
        if self.session.finished:
            self._say("The game is over: no hint.")
            return
        budget = Budget(seconds=self.think_seconds)
        if isinstance(state, CascadesDecktetState):
            verdict = solve(state, budget)
            if verdict.answer == WINNABLE:
                self._say(f"Hint: winnable — the deal can still be won; play "
                          f"{state.move_name(verdict.line[0])} (the first move of a winning "
                          "line).")
            elif verdict.answer == LOST:
                self._say(f"Hint: lost — no order of moves wins this deal any more; "
                          f"{state.move_name(fallback(state))} plays on.")
            else:
                self._say(f"Hint: unknown — the solver found no answer in "
                          f"{self.think_seconds:g} s; {state.move_name(fallback(state))} is the "
                          "careful move.")
            return
        request = ThinkRequest(0, state.copy(), STRONGEST, self.think_seconds, seed=state.plies)
        move = request.think(budget).move
        self._say(f"Hint: {state.move_name(move)} (the computer at level {STRONGEST} would "
                  "play it).")

    def _legal(self) -> None:
        if self.session.finished:
            self._say("The game is over: no moves.")
            return
        names = [self.state.move_name(move) for move in self.state.legal_moves()]
        self._say(f"{len(names)} move{'s' if len(names) != 1 else ''}: {' '.join(names)}")

    def _move(self, text: str) -> None:
        if self.session.finished:
            self._say("The game is over: 'undo' to take back the last move, 'quit' to leave.")
            return
        try:
            move = self.state.parse_move(text)
        except MoveError as error:
            self._say(f"{text}: {error.reason}. Type 'help' for how to play.")
            return
        self._play(move)

    def _play(self, move: Any) -> None:
        """Play ``move`` for the side to move, save, and show what it did."""
        before = self.state.copy()
        try:
            events = self.session.play(move)
        except MoveError as error:
            self._say(f"{before.move_name(move)}: {error.reason}. Type 'help' for how to play.")
            return
        self.session.save()
        if self.console.animate:
            game_text.animate(before, self.state, events, self.console.colour,
                              self.console.write, self.console.sleep)
        self._show(self.state)
        self._comment(events)

    def _undo(self) -> None:
        if self.session.resigned:
            self._say("A resignation cannot be taken back.")
            return
        count = self.session.takeback()
        if not count:
            self._say("There is no move to undo.")
            return
        names = []
        for _ in range(count):
            move = self.session.undo()
            names.append(self.state.move_name(move))
        self.session.save()
        self._say(f"Took back {', '.join(names)}.")
        self._show(self.state)

    def _resign(self) -> str | None:
        mover = self.state.turn_player()
        if self.session.finished:
            self._say("The game is already over.")
            return None
        self.session.resign(mover)
        self.session.save()
        if len(self.state.info.players) == 1:
            self._say("You give up the game.")
        else:
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

    # -- drawing and words ----------------------------------------------------------------------

    def _show(self, state: GameState[Any]) -> int:
        """Print the game (with its status line); how many lines that took."""
        text = game_text.picture(state, self.console.colour)
        self.console.write(text)
        return text.count("\n") + 1

    def _comment(self, events: Sequence[Event]) -> None:
        said = game_text.move_words(self.state, events)
        if said is not None:
            self._say(said)
        outcome = self.state.outcome()
        if outcome is None:
            return
        if outcome.winner is None:
            verdict = "Lost" if len(self.state.info.players) == 1 else "Draw"
            self._say(f"{verdict}. ({outcome.reason}) 'undo' takes the last move back, 'quit' "
                      "leaves.")
        elif len(self.state.info.players) == 1:
            self._say(f"Won! ({outcome.reason}) 'quit' leaves.")
        else:
            self._say(f"{self._player(outcome.winner)} wins! ({outcome.reason}) 'undo' takes "
                      "the last move back, 'quit' leaves.")

    def _player(self, player: int) -> str:
        title = self.state.player_title(player)
        name = self.session.tags.get(title)
        level = self.session.computer_level(player)
        if level is not None:
            return f"Level {level} ({title})"
        return f"{name} ({title})" if name and name != "human" else title

    def _prompt(self) -> str:
        if self.session.finished:
            return "game over> "
        if len(self.state.info.players) == 1:
            return "> "
        return f"{self._player(self.state.turn_player())}> "

    def _say(self, text: str) -> None:
        self.console.write(text)

