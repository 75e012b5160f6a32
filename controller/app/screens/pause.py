"""The pause menu over a game: continue, take back, hint, resign (hold to confirm), a new game
of the same kind (who plays it: a game against a board elsewhere is offered there), or go home
— the game kept to continue later, from its tile, whenever it is left without an end."""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.devices.interfaces import Sound
from controller.render.canvas import Canvas
from controller.render.menu import PauseLayout, draw_pause

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.session import Session
    from controller.app.thinking import ComputerMove

RESIGN_HOLD = 1.5
"""Seconds the resign tile is held to give up: a tap cannot end a game by accident."""


class PausableScreen(Screen):
    """A screen the pause menu can pause: what the menu asks of it (``GameScreen`` is one; it
    makes the menu, so the menu does not name it)."""

    session: Session[Any]
    """The game paused."""

    @abstractmethod
    def announce_turn(self, now: float | None = None) -> None:
        """Say whose turn it is (the game continues)."""

    @abstractmethod
    def person_to_move(self) -> bool:
        """Whether a person is to move (and so may ask for a hint)."""

    @abstractmethod
    def can_take_back(self) -> bool:
        """Whether there is a move to take back."""

    @abstractmethod
    def take_back(self, now: float) -> None:
        """Take back the last move."""

    @abstractmethod
    def hint_requested(self) -> bool:
        """Ask for a hint; whether one is coming."""

    @abstractmethod
    def stop_thinking(self) -> None:
        """Forget a move or hint asked for (the game waits at home)."""

    @abstractmethod
    def resigned(self) -> None:
        """The game has just ended by resignation (or as the app was told: a board elsewhere
        left it): shown, and into the history."""


class PauseScreen(Screen):
    """Paused ``play``."""

    def __init__(self, host: Host[Screen], play: PausableScreen) -> None:
        super().__init__(host)
        self.play = play
        self.layout = PauseLayout.of(self.profile)
        self.resign_since: float | None = None

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if self.layout.hit(self.pad(pad)) == "resign" and not self.play.session.finished:
            self.resign_since = now
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        self.resign_since = None
        choice = self.layout.hit(self.pad(pad))
        if choice == "resume":
            self.host.say(Sound.TAP)
            self.play.announce_turn(now)
            return self.play
        if choice == "undo":
            if not self.play.can_take_back():
                self.host.say(Sound.ILLEGAL)
                return None
            self.play.take_back(now)
            return self.play
        if choice == "hint":
            if not self.play.hint_requested():
                self.host.say(Sound.ILLEGAL)
                return None
            self.host.say(Sound.TAP)
            return self.play
        if choice == "home":
            self.host.say(Sound.TAP)
            self.play.stop_thinking()
            return self.host.home()
        if choice == "new":
            self.host.say(Sound.TAP)
            self.play.stop_thinking()
            return self.host.choose_players(self.play.session.state.info.name)
        return None

    def computer_move(self, answer: ComputerMove, now: float) -> Screen | None:
        """The computer's move (or a hint) goes to the game, shown when it continues."""
        return self.play.computer_move(answer, now)

    def button_down(self, button: str, now: float) -> Screen | None:
        if button != "menu":
            return None
        self.play.announce_turn(now)
        return self.play

    def tick(self, now: float) -> Screen | None:
        if self.resign_since is not None and now - self.resign_since >= RESIGN_HOLD:
            session = self.play.session
            session.resign(session.resigner)
            self.play.resigned()
            return self.play
        return None

    def wakeup(self, now: float) -> float | None:
        return None if self.resign_since is None else self.resign_since + RESIGN_HOLD

    def pad_words(self, pad: int) -> str:
        return {"resume": "continue the game", "undo": "take back the last move",
                "hint": "a hint (it blinks on the game)", "resign": "hold to resign",
                "new": "a new game of it (who plays; this one waits on its tile)",
                "home": "home; the game waits on its tile"}.get(
                    self.layout.hit(self.pad(pad)) or "", "")

    def describe(self, now: float) -> str:
        words = [f"Paused: {self.play.session.state.info.title}", "continue"]
        if self.play.can_take_back():
            words.append("take back")
        if self.play.person_to_move():
            words.append("hint")
        if not self.play.session.finished:
            words.append("hold resign to give up" if self.resign_since is None else
                         "keep holding to resign")
        words.append("new game or home (this one waits)")
        return " · ".join(words)

    def draw(self, canvas: Canvas, now: float) -> bool:
        animating = self.play.draw(canvas, now)
        progress = 0.0
        if self.resign_since is not None:
            progress = min(1.0, (now - self.resign_since) / RESIGN_HOLD)
            animating = True
        session = self.play.session
        person = session.computer_level(session.state.to_move) is None
        draw_pause(canvas, self.profile, self.layout, progress,
                   hint=person and not session.finished, undo=self.play.can_take_back())
        return animating
