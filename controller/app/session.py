"""A game being played on the board: the game with its seats and id, saved after every change.

A change marks the game ``unsaved``; the driver saves it right after handing the frame that
shows the change to the LEDs (``App.flush``), through the app's writer (on a thread of its own
beside the real-time loop), so a slow disk never delays what the players see. A save that fails
(a full card) is tried again after a pause that doubles each time, up to a minute — and at
once when the game changes again (the next move), so that a move is never left unsaved for
longer than the card refuses it. Whoever must not acknowledge a change before it is on the
card (the web companion) waits for :meth:`Session.on_disk`.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from concurrent.futures import Future
from datetime import datetime
from typing import Any, Generic, TypeVar

from controller.app.autosave import Autosave
from controller.app.happenings import Ended, Happening, Played, TakeBackAsked, TookBack
from controller.app.history import Match
from controller.app.seats import HUMAN, computer_level, person_name, remote_name, seat
from controller.app.storage import StorageError
from controller.app.writer import Writer
from controller.faces.face import face
from controller.faces.text import move_said
from controller.games import CHANCE, Event, GameState
from controller.games.replay import game_record, mover_of

RETRY_FIRST = 1.0
RETRY_LONGEST = 60.0
"""Seconds before a failed save is tried again: the first pause, doubling up to the longest
(a full card stays full for a while; trying 30 times a second only fills the log)."""

S = TypeVar("S", bound=GameState[Any])
"""The game a session plays (``Session[KaskadeState]``), so its screen knows its state's type."""


class Session(Generic[S]):
    """``start`` plus ``moves`` with the app's ``tags``; every change is saved at once (to
    ``autosave``; with none, as in a terminal game with no record file, it is kept nowhere)."""

    def __init__(self, start: S, moves: list[str], tags: dict[str, str],
                 autosave: Autosave | None, on_problem: Callable[[str], None] = print,
                 writer: Writer | None = None) -> None:
        self.start = start
        self.on_problem = on_problem
        """Told when the game could not be saved; play goes on, the next save tries again."""
        self.state = start.copy()
        self.moves: list[str] = []
        """The moves as the game names them (``c2xc3`` for a capture typed ``c2-c3``)."""
        self.movers: list[int] = []
        self.said: list[str] = []
        """The moves as people read them in a list (``the die shows 4``; a shuffled deck's
        order never): see :func:`controller.faces.text.move_said`."""
        self.drawn: list[bool] = []
        """Whether each move was a chance step (drawn, not chosen by a player)."""
        self._chance_words = face(start.info.name).text.chance
        for text in moves:
            move = self.state.parse_move(text)
            noted = self._noted(move)
            self.state.play(move)
            self._note(noted)
        self.tags = tags
        self.autosave = autosave
        self.writer = writer or Writer()
        """Where the saves run (at once, unless the app hands it its writer thread)."""
        self.unsaved = False
        """Changed since the last save was asked for."""
        self.saving = False
        """A save is under way (the next one waits for it: the newest game is then saved)."""
        self.failures = 0
        """Saves that failed in a row."""
        self.retry_at = 0.0
        """When a failed save may be tried again."""
        self.now = 0.0
        """The latest time a save was asked for at (a save asked for without one counts
        its pause from it)."""
        self.last_write: Future[None] | None = None
        """The last save asked for: done when it is on the disk (or raising why not)."""
        self.problem: str | None = None
        """Why the last save failed, until one succeeds."""
        self._promised: list[Future[None]] = []
        """Told when the changes made so far are on the disk: waiting for the next save."""
        self._writing: list[Future[None]] = []
        """Told when the save under way is on the disk (it holds every change)."""
        self.happenings: list[Happening] = []
        """What happened in the game since this session was made, in order (moves, take-backs,
        its end, a take-back asked for: ``controller/app/happenings.py``), for whatever plays
        a seat from elsewhere."""
        self.still = False
        """A game only looked at (a replay's): its screen draws no chance and asks the
        computer for no move."""

    @classmethod
    def new(cls, start: S, now: datetime, autosave: Autosave | None,
            on_problem: Callable[[str], None] = print,
            levels: dict[int, int] | None = None, game_id: str | None = None,
            writer: Writer | None = None, names: dict[int, str] | None = None) -> Session[S]:
        """A new game; ``levels`` gives the computer's level for the seats it takes (player
        number -> level), every other seat is a person's: the one ``names`` names for it, if
        it names one. ``game_id`` names the game (a fresh random one by default); it also
        seeds the game's dice and shuffles."""
        tags = {"Id": game_id or uuid.uuid4().hex, "Date": now.date().isoformat(),
                "Started": now.isoformat(timespec="seconds")}
        for number, player in enumerate(start.info.players):
            level = (levels or {}).get(number)
            tags[player.capitalize()] = seat(level, (names or {}).get(number))
        session = cls(start, [], tags, autosave, on_problem, writer)
        session.unsaved = True
        return session

    # -- playing ---------------------------------------------------------------------------------

    def play(self, move: Any) -> list[Event]:
        """Play ``move`` (legal, or this raises and nothing changes)."""
        state = self.state
        ply, player = state.plies, state.to_move
        noted = self._noted(move)
        events = state.play(move)
        self._note(noted)
        self._changed()
        self.happenings.append(Played(ply, move, noted[0], CHANCE if player is None else player))
        return events

    def _noted(self, move: Any) -> tuple[str, int, str, bool]:
        """``move``, about to be played: its name, whose turn it belongs to, how people read
        it and whether chance draws it."""
        return (self.state.move_name(move), mover_of(self.state),
                move_said(self.state, move, self._chance_words), self.state.to_move == CHANCE)

    def _note(self, noted: tuple[str, int, str, bool]) -> None:
        name, mover, said, drawn = noted
        self.moves.append(name)
        self.movers.append(mover)
        self.said.append(said)
        self.drawn.append(drawn)

    def undo(self) -> Any:
        """Take back the last move (a resignation cannot be taken back)."""
        move = self.state.undo()
        self.moves.pop()
        self.movers.pop()
        self.said.pop()
        self.drawn.pop()
        self._changed()
        self.happenings.append(TookBack(self.state.plies))
        return move

    def resign(self, player: int) -> None:
        """``player`` gives up; the game is over."""
        players = self.state.info.players
        winner = 1 - player if len(players) == 2 else None
        termination = f"{self.state.player_title(player)} resigned"
        self.tags["Result"] = players[winner] if winner is not None else "lost"
        self.tags["Termination"] = termination
        self._changed()
        self.happenings.append(Ended(winner, termination, player))

    def end(self, winner: int | None, termination: str) -> None:
        """The game ends as ``termination`` says (a board elsewhere left it, the game was
        claimed), ``winner`` (a player's number, or ``None``) winning."""
        players = self.state.info.players
        self.tags["Result"] = players[winner] if winner is not None else "*"
        self.tags["Termination"] = termination
        self._changed()
        self.happenings.append(Ended(winner, termination))

    def ask_take_back(self) -> None:
        """The people here asked to take back, where a seat played elsewhere must agree;
        whatever plays that seat answers (``TakeBackAsked``)."""
        self.happenings.append(TakeBackAsked())

    def seat(self, player: int, who: str) -> None:
        """``player``'s seat is ``who`` from now on (a seat's tag: ``seats.py``), e.g. the
        name of the board that joined."""
        title = self.state.player_title(player)
        if self.tags.get(title) != who:
            self.tags[title] = who
            self._changed()

    def _changed(self) -> None:
        """The game changed: it is saved at the next flush, at once even after a failed save
        (the card may have room again; a move must not wait out the pause)."""
        self.unsaved = True
        self.retry_at = 0.0

    def on_disk(self) -> Future[None]:
        """A future done once every change made so far is on the disk, or raising why the
        save that was to hold them failed (the game goes on; the next change tries again)."""
        future: Future[None] = Future()
        if self.unsaved:
            self._promised.append(future)
        elif self.saving:
            self._writing.append(future)
        else:
            future.set_result(None)
        return future

    def record(self) -> str:
        """The game as a record."""
        return game_record(self.start, self.state, self.moves, self.movers, self.tags)

    def save(self, now: float | None = None, then: Callable[[], None] | None = None) -> None:
        """Save the game to the autosave file, then do ``then`` (on the writer's thread, only
        if the save succeeded). Not while a save is under way (the one after it saves the
        newest game), nor at ``now`` before a failed save may be tried again; each failure is
        told to ``on_problem`` (the app says a repeated one once), and retried later."""
        if self.autosave is None:
            self.unsaved = False
            _tell(self._promised, None)
            self._promised = []
            return
        if now is not None:
            self.now = now
        if self.saving or (now is not None and now < self.retry_at):
            return
        autosave, text = self.autosave, self.record()

        def write() -> None:
            autosave.save(text)
            if then is not None:
                then()

        self.unsaved, self.saving = False, True
        self._writing, self._promised = self._promised, []
        asked = self.now
        self.last_write = self.writer.submit(write, lambda error: self._saved(error, asked))

    def _saved(self, error: Exception | None, asked: float) -> None:
        """How the save asked for at ``asked`` went (told on the app's thread)."""
        self.saving = False
        told, self._writing = self._writing, []
        _tell(told, error)
        if error is None:
            self.failures, self.retry_at, self.problem = 0, 0.0, None
            return
        self.unsaved = True
        self.failures += 1
        self.problem = (f"the last change is not saved yet ({str(error).rsplit(': ', 1)[-1]}): "
                        "it is shown once it is")
        pause = min(RETRY_LONGEST, RETRY_FIRST * 2 ** min(self.failures - 1, 16))
        self.retry_at = asked + pause
        self.on_problem(f"the game could not be saved: {error}; trying again every "
                        f"{RETRY_LONGEST:g} s at most" if isinstance(error, StorageError)
                        else f"the game could not be saved ({type(error).__name__}: {error})")

    # -- how it stands ---------------------------------------------------------------------------

    def computer_level(self, player: int | None) -> int | None:
        """The computer's level if it plays ``player``'s seat, else ``None`` (a person)."""
        if player is None or player < 0:
            return None
        return computer_level(self.tags.get(self.state.player_title(player), HUMAN))

    def person_name(self, player: int | None) -> str | None:
        """The name of the person in ``player``'s seat, if a named person sits there."""
        if player is None or player < 0:
            return None
        return person_name(self.tags.get(self.state.player_title(player), HUMAN))

    def remote_player(self, player: int | None) -> str | None:
        """The name of the board elsewhere that plays ``player``'s seat, else ``None``."""
        if player is None or player < 0:
            return None
        return remote_name(self.tags.get(self.state.player_title(player), HUMAN))

    @property
    def remote(self) -> bool:
        """Whether a seat is played by a board elsewhere (its moves and the game's chance come
        through the link between the boards)."""
        return any(self.remote_player(p) is not None
                   for p in range(len(self.state.info.players)))

    @property
    def resigner(self) -> int:
        """Who gives up when the people here resign: the player whose turn it is, or in a
        game against a board elsewhere the seat played here."""
        here = [p for p in range(len(self.state.info.players)) if self.remote_player(p) is None]
        return here[0] if self.remote and here else self.state.turn_player()

    def takeback(self) -> int:
        """How many moves undo takes back to reach the last decision of a person — past the
        computer's moves and past chance, so a die is never thrown again by taking a move back
        (0: none can be; a resignation is never taken back)."""
        if self.resigned:
            return 0
        probe = self.state.copy()
        count = 0
        while probe.moves:
            probe.undo()
            count += 1
            mover = probe.to_move
            if mover != CHANCE and self.computer_level(mover) is None and \
                    self.remote_player(mover) is None:
                return count
        return 0

    @property
    def resigned(self) -> bool:
        """Whether a player resigned."""
        return "Termination" in self.tags

    @property
    def finished(self) -> bool:
        """Over by the rules or by resignation."""
        return self.state.is_over() or self.resigned

    @property
    def winner(self) -> int | None:
        """The winner's number once the game is finished (``None`` for a draw or while on)."""
        outcome = self.state.outcome()
        if outcome is not None:
            return outcome.winner
        result = self.tags.get("Result")
        players = self.state.info.players
        return players.index(result) if result in players else None

    def match(self, now: datetime, game_id: str | None = None) -> Match:
        """The finished game as a history entry (under ``game_id``, when given, instead of its
        own id: its tags and record change to it)."""
        if game_id is not None:
            self.tags["Id"] = game_id
        outcome = self.state.outcome()
        players = self.state.info.players
        if outcome is not None:
            result = players[outcome.winner] if outcome.winner is not None else "draw"
            termination = outcome.reason
        else:
            result, termination = self.tags["Result"], self.tags["Termination"]
        return Match(
            id=self.tags["Id"],
            game=self.state.info.name,
            options=self.start.options(),
            players={p: self.tags.get(p.capitalize(), HUMAN) for p in players},
            started=self.tags.get("Started", ""),
            finished=now.isoformat(timespec="seconds"),
            result=result,
            termination=termination,
            plies=self.state.plies,
            record=self.record(),
            left_over=self.state.left_over(),
        )


def _tell(futures: list[Future[None]], error: Exception | None) -> None:
    """Tell each of ``futures`` how the save went."""
    for future in futures:
        if error is None:
            future.set_result(None)
        else:
            future.set_exception(error)
