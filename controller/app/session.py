"""A game being played on the board: the game with its seats and id, saved after every change."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Callable, Optional

from controller.app.autosave import Autosave
from controller.app.history import Match
from controller.app.storage import StorageError
from controller.games import Event, GameState
from controller.games.replay import record_text, replay

HUMAN = "human"


class Session:
    """``start`` plus ``moves`` with the app's ``tags``; every change is saved at once."""

    def __init__(self, start: GameState[Any], moves: list[str], tags: dict[str, str],
                 autosave: Autosave, on_problem: Callable[[str], None] = print) -> None:
        self.start = start
        self.on_problem = on_problem
        """Told when the game could not be saved; play goes on, the next save tries again."""
        self.state = start.copy()
        replay(self.state, moves)
        self.moves = list(moves)
        self.tags = tags
        self.autosave = autosave

    @classmethod
    def new(cls, start: GameState[Any], now: datetime, autosave: Autosave,
            on_problem: Callable[[str], None] = print) -> Session:
        """A new game with every seat taken by a person; saved at once."""
        tags = {"Id": uuid.uuid4().hex, "Date": now.date().isoformat(),
                "Started": now.isoformat(timespec="seconds")}
        tags.update({player.capitalize(): HUMAN for player in start.info.players})
        session = cls(start, [], tags, autosave, on_problem)
        session.save()
        return session

    # -- playing ---------------------------------------------------------------------------------

    def play(self, move: Any) -> list[Event]:
        """Play ``move`` (legal, or this raises and nothing changes) and save."""
        name = self.state.move_name(move)
        events = self.state.play(move)
        self.moves.append(name)
        self.save()
        return events

    def undo(self) -> Any:
        """Take back the last move and save; a resignation cannot be taken back."""
        move = self.state.undo()
        self.moves.pop()
        self.save()
        return move

    def resign(self, player: int) -> None:
        """``player`` gives up; the game is over and saved so."""
        players = self.state.info.players
        self.tags["Result"] = players[1 - player] if len(players) == 2 else "lost"
        self.tags["Termination"] = f"{self.state.player_title(player)} resigned"
        self.save()

    def save(self) -> None:
        """Write the game to the autosave file."""
        try:
            self.autosave.save(self.start, self.moves, self.tags)
        except StorageError as error:
            self.on_problem(f"the game could not be saved: {error}")

    # -- how it stands ---------------------------------------------------------------------------

    @property
    def resigned(self) -> bool:
        """Whether a player resigned."""
        return "Termination" in self.tags

    @property
    def finished(self) -> bool:
        """Over by the rules or by resignation."""
        return self.state.is_over() or self.resigned

    @property
    def winner(self) -> Optional[int]:
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
            record=record_text(self.start, self.moves, self.tags),
        )
