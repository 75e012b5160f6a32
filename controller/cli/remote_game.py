"""A game with a board elsewhere at the keyboard (``kaskade play --terminal --black remote``
offers one, ``--join CODE`` joins one): the board app itself runs behind the text — on the mock
board, its real-time loop on a thread, linked to the broker — so the game is checked, saved,
and played with the other board exactly as on a board; the keyboard drives it by the app's
commands, and the other board's moves are shown as they arrive, whatever is being typed.

Commands besides moves: ``undo`` (asks the other board to take back; typed while it asks, it
agrees; after the other board has been away long enough, it claims the game), ``resign``,
``moves``, ``help``, ``quit`` (the game stays saved at the broker and here:
``kaskade play --terminal --remote`` goes on with it).
"""

from __future__ import annotations

import os
import select
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from controller.app.app import App
from controller.app.driver import Driver
from controller.app.loop import Call
from controller.app.loop import run as run_loop
from controller.app.store import Store
from controller.cli import game_text
from controller.cli.terminal_game import Console
from controller.devices.mock import mock_board
from controller.errors import KaskadeError
from controller.games import MoveError
from controller.profile.model import Profile
from controller.remote.config import BrokerSettings
from controller.remote.link import RemoteLink

T = TypeVar("T")
LOOK_SECONDS = 0.2
"""How often the board is looked at while nothing is typed."""
CALL_SECONDS = 30.0
JOIN_SECONDS = 120.0
"""How long an invite code is looked up before the terminal gives up."""
COMMANDS = """\
Commands:
  undo     ask the other board to take back (while it asks you: agree; when it has been
           away long enough: claim the game)
  moves    show the game so far as a record
  resign   give up the game
  help     show this text
  quit     leave; the game stays saved (kaskade play --terminal --remote goes on with it)"""


GOES_ON = "The game stays saved: kaskade play --terminal --remote goes on with it."


class RemoteGameError(KaskadeError, RuntimeError):
    """A game with a board elsewhere that cannot be offered, found or played here."""


@dataclass(frozen=True)
class Seen:
    """What the terminal showed last of the game: its plies, the words about the other
    board, whether it was over."""

    plies: int
    words: str
    finished: bool


class Keyboard:
    """Lines typed on the file descriptor ``fd``, waited for no longer than asked: the game
    looks at the board meanwhile (read straight from the descriptor, so a line already
    typed is never hidden in a buffer while the descriptor looks idle)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""
        self.ended = False

    def line(self, timeout: float) -> str | None:
        """The next line typed (without its end), ``""`` when none came within ``timeout``
        seconds, ``None`` once input has ended."""
        while b"\n" not in self.pending and not self.ended:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return ""
            more = os.read(self.fd, 4096)
            self.ended = not more
            self.pending += more
        if b"\n" in self.pending:
            line, self.pending = self.pending.split(b"\n", 1)
        elif self.pending:
            line, self.pending = self.pending, b""
        else:
            return None
        return line.decode("utf-8", errors="replace").strip() or " "


class RemoteGame:
    """The board ``profile`` with its files in ``store``, linked by ``settings``, at the
    ``console`` (what the game says goes to its ``write``) and the ``keyboard``."""

    def __init__(self, profile: Profile, store: Store, settings: BrokerSettings,
                 console: Console, keyboard: Keyboard) -> None:
        self.console = console
        self.keyboard = keyboard
        self.app = App(profile, store, think_seconds=0.5)
        self.link = RemoteLink(settings, store.directory)
        self.stop = threading.Event()
        self.loop = threading.Thread(target=run_loop,
                                     args=(Driver(self.app, mock_board(profile)), self.stop),
                                     kwargs={"companion": self.link}, daemon=True,
                                     name="board")
        self.seen: Seen | None = None

    # -- the app, on its own thread ---------------------------------------------------------

    def _on_loop(self, function: Callable[[App, float], T]) -> T:
        call = Call(function)
        assert self.link.post is not None
        self.link.post(call)
        reply: Future[T] = call.reply
        return reply.result(CALL_SECONDS)

    def run(self, offer: tuple[str, dict[str, str], int] | None, join: str | None) -> int:
        """Offer the game ``offer`` names (game, options, the seat played here), join the
        game ``join``'s code stands for, or go on with the one under way; play it until it
        ends, input ends, or ``quit``."""
        self.loop.start()
        while self.link.post is None:
            time.sleep(0.01)
        try:
            if offer is not None:
                game, options, seat = offer
                code = self._on_loop(lambda app, now: self.link.offer(app, game, options, [seat]))
                self._say(f"Offered: type the invite code {code} on the other board (or on "
                          "its web page); the game goes on here once it joins.")
            elif join is not None:
                self._on_loop(lambda app, now: self.link.join(join))
                self._say(f"Looking up the game under {join} …")
                self._wait_for_game()
            elif self.link.game is None:
                raise RemoteGameError("no game with a board elsewhere is under way here: "
                                      "offer one (--black remote: a board elsewhere plays "
                                      "Black) or join one (--join CODE)")
            else:
                self._say("Going on with the game with a board elsewhere …")
                self._wait_for_game()
            return self._play()
        finally:
            self.stop.set()
            self.loop.join(timeout=10)
            self.link.close()

    def _wait_for_game(self) -> None:
        deadline = time.monotonic() + JOIN_SECONDS
        while self._on_loop(lambda app, now: self._remote_session(app) is None):
            if time.monotonic() > deadline:
                trouble = self.link.connection_words(time.monotonic())
                raise RemoteGameError("no game was found under that code"
                                      + (f" ({trouble})" if trouble else ""))
            time.sleep(LOOK_SECONDS)

    def _remote_session(self, app: App) -> Any:
        game = self.link.game
        return None if game is None else app.game(game.session_id)

    # -- the keyboard -----------------------------------------------------------------------

    def _play(self) -> int:
        while True:
            if self._show():
                return 0
            try:
                line = self.keyboard.line(LOOK_SECONDS)
            except KeyboardInterrupt:
                line = None
            if line == "":
                continue
            if line is None:
                self._say(GOES_ON)
                return 0
            command = line.strip()
            if command.lower() in ("quit", "q", "exit"):
                self._say(GOES_ON)
                return 0
            if command:
                self._command(command)

    def _command(self, command: str) -> None:
        if command.lower() in ("help", "h", "?"):
            self._say(COMMANDS)
        elif command.lower() in ("undo", "u"):
            self._on_loop(lambda app, now: app.take_back(now))
        elif command.lower() == "resign":
            try:
                self._say(self._on_loop(lambda app, now: app.resign()))
            except KaskadeError as error:
                self._say(str(error))
        elif command.lower() == "moves":
            self._say(self._on_loop(lambda app, now: app.session.record()
                                    if app.session is not None else "no game"))
        else:
            self._say(self._on_loop(lambda app, now: self._move(app, command, now)))

    def _move(self, app: App, text: str, now: float) -> str:
        """Play ``text`` for the people here, on the app's thread; what to say (``""``)."""
        session = self._remote_session(app)
        screen = app.current_game()
        if session is None or screen is None or screen.session is not session:
            return "No game is on the board yet."
        if session.finished:
            return "The game is over: quit leaves."
        if not screen.person_to_move():
            return "It is not your turn: the other board is to move (or chance is drawn)."
        try:
            move = session.state.parse_move(text)
        except MoveError as error:
            return f"{text}: {error.reason}. Type 'help' for the commands."
        if not session.state.is_legal(move):
            return f"{text}: not a legal move now. Type 'help' for the commands."
        app.play_move(session.tags["Id"], move, now)
        return ""

    # -- the screen -------------------------------------------------------------------------

    def _show(self) -> bool:
        """Print what changed on the board since the last look; whether the game is over."""
        look = self._on_loop(self._look)
        if look is None:
            return False
        seen, picture, prompt = look
        if self.seen is None or seen.plies != self.seen.plies or \
                seen.finished != self.seen.finished:
            self.console.write(picture)
        if seen.words and (self.seen is None or seen.words != self.seen.words):
            self._say(seen.words)
        if prompt and (self.seen is None or (seen.plies, seen.finished) !=
                       (self.seen.plies, self.seen.finished)):
            self._say(prompt)
        self.seen = seen
        return seen.finished

    def _look(self, app: App, now: float) -> tuple[Seen, str, str] | None:
        session = self._remote_session(app)
        if session is None:
            return None
        words = app.game_words(session)
        screen = app.current_game()
        mine = screen is not None and screen.session is session and screen.person_to_move()
        prompt = "Your move (help: the commands)." if mine else ""
        if session.finished:
            prompt = f"The game is over: {session.tags.get('Termination', 'by the rules')}."
        return (Seen(session.state.plies, words, session.finished),
                game_text.picture(session.state, self.console.colour), prompt)

    def _say(self, text: str) -> None:
        if text:
            self.console.write(text)

