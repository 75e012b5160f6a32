"""A game being played on the board: the game with its seats and id, saved after every change.

A change marks the game ``unsaved``; the driver saves it right after handing the frame that
shows the change to the LEDs (``App.flush``), so a slow disk never delays what the players see.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime
from typing import Any, Generic, TypeVar

from controller.app.autosave import Autosave
from controller.app.history import Match
from controller.app.seats import HUMAN, computer_level, seat
from controller.app.storage import StorageError
from controller.games import CHANCE, Event, GameState
from controller.games.replay import game_record, mover_of

S = TypeVar("S", bound=GameState[Any])
"""The game a session plays (``Session[KaskadeState]``), so its screen knows its state's type."""


class Session(Generic[S]):
    """``start`` plus ``moves`` with the app's ``tags``; every change is saved at once (to
    ``autosave``; with none, as in a terminal game with no record file, it is kept nowhere)."""

    def __init__(self, start: S, moves: list[str], tags: dict[str, str],
                 autosave: Autosave | None, on_problem: Callable[[str], None] = print) -> None:
        self.start = start
        self.on_problem = on_problem
        """Told when the game could not be saved; play goes on, the next save tries again."""
        self.state = start.copy()
        self.moves: list[str] = []
        """The moves as the game names them (``c2xc3`` for a capture typed ``c2-c3``)."""
        self.movers: list[int] = []
        for text in moves:
            move = self.state.parse_move(text)
            self.moves.append(self.state.move_name(move))
            self.movers.append(mover_of(self.state))
            self.state.play(move)
        self.tags = tags
        self.autosave = autosave
        self.unsaved = False

    @classmethod
    def new(cls, start: S, now: datetime, autosave: Autosave,
            on_problem: Callable[[str], None] = print,
            levels: dict[int, int] | None = None, game_id: str | None = None) -> Session[S]:
        """A new game; ``levels`` gives the computer's level for the seats it takes (player
        number -> level), every other seat is a person's. ``game_id`` names the game (a fresh
        random one by default); it also seeds the game's dice and shuffles."""
        tags = {"Id": game_id or uuid.uuid4().hex, "Date": now.date().isoformat(),
                "Started": now.isoformat(timespec="seconds")}
        for number, player in enumerate(start.info.players):
            level = (levels or {}).get(number)
            tags[player.capitalize()] = seat(level)
        session = cls(start, [], tags, autosave, on_problem)
        session.unsaved = True
        return session

    # -- playing ---------------------------------------------------------------------------------

    def play(self, move: Any) -> list[Event]:
        """Play ``move`` (legal, or this raises and nothing changes)."""
        name = self.state.move_name(move)
        mover = mover_of(self.state)
        events = self.state.play(move)
        self.moves.append(name)
        self.movers.append(mover)
        self.unsaved = True
        return events

    def undo(self) -> Any:
        """Take back the last move (a resignation cannot be taken back)."""
        move = self.state.undo()
        self.moves.pop()
        self.movers.pop()
        self.unsaved = True
        return move

    def resign(self, player: int) -> None:
        """``player`` gives up; the game is over."""
        players = self.state.info.players
        self.tags["Result"] = players[1 - player] if len(players) == 2 else "lost"
        self.tags["Termination"] = f"{self.state.player_title(player)} resigned"
        self.unsaved = True

    def record(self) -> str:
        """The game as a record."""
        return game_record(self.start, self.state, self.moves, self.movers, self.tags)

    def save(self) -> None:
        """Write the game to the autosave file (a failure is reported; the next change tries
        again)."""
        if self.autosave is None:
            self.unsaved = False
            return
        try:
            self.autosave.save(self.record())
        except StorageError as error:
            self.on_problem(f"the game could not be saved: {error}")
        else:
            self.unsaved = False

    # -- how it stands ---------------------------------------------------------------------------

    def computer_level(self, player: int | None) -> int | None:
        """The computer's level if it plays ``player``'s seat, else ``None`` (a person)."""
        if player is None or player < 0:
            return None
        return computer_level(self.tags.get(self.state.player_title(player), HUMAN))

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
            if mover != CHANCE and self.computer_level(mover) is None:
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

    def match(self, now: datetime) -> Match:
        """The finished game as a history entry."""
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
        )
