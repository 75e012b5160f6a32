"""A game's lesson on the board, chosen by holding the game's tile on the home menu.

Each step of the lesson (``controller/games/NAME/lesson.py``) is shown with the game's own
screen, so a touch means on the lesson what it means in a game: the step's position is on the
LEDs, its few words scroll over it, the move it asks for blinks as a hint does, and the
description line says the step in full. The learner then tries the move by touch: the game's
screen finds the move the touch means and, before playing it, asks the lesson whether it is
the one the step wants (and the rules whether it is legal at all); anything else flashes red,
and the step's words for a wrong touch are said. Once the move is played and shown (a touch
skips its animation) the next touch goes on to the next step; after the last, home.

The undo button starts the step again; the menu button goes home. Nothing of a lesson is
saved, and a game waiting on its tile stays as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.seats import seat
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.errors import KaskadeError
from controller.faces.face import face
from controller.games.lesson import Lesson, Tutor
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, ILLEGAL
from controller.render.feedback import HINT

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.screens.game import GameScreen


class LessonDoesNotFitError(KaskadeError, ValueError):
    """A lesson whose positions are larger than this board."""


class LessonScreen(Screen):
    """``lesson`` step by step, each step on its game's screen."""

    def __init__(self, host: Host[Screen], lesson: Lesson, now: float) -> None:
        super().__init__(host)
        game = face(lesson.game)
        if not all(game.holds(self.profile, lesson.position(index))
                   for index in range(len(lesson.steps))):
            raise LessonDoesNotFitError(f"the {lesson.title} lesson does not fit this board")
        self.tutor = Tutor(lesson)
        self.wrong = False
        """The last touch was not what the step asks (its words for that are said)."""
        self.praised = False
        """"right!" has been said for the step's move (once it had played out)."""
        self.game: GameScreen[Any] = self._show(now)

    def _show(self, now: float) -> GameScreen[Any]:
        """The step on show: its position on the game's screen, its words over it."""
        tutor = self.tutor
        state = tutor.position()
        tags = {player.capitalize(): seat(None) for player in state.info.players}
        game = face(tutor.lesson.game).screen(self.host, Session(state, [], tags, None))
        game.judge = lambda move: tutor.judge(game.state, move)
        game.scripted = tutor.chance
        game.hint = (tutor.shown(game.state), now)
        self.wrong = self.praised = False
        language = self.host.settings.language
        self.host.announce(tutor.step.led_words(language), now=now,
                           spoken=tutor.step.words if language == "en" else None)
        return game

    # -- input ----------------------------------------------------------------------------------

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if not self.tutor.done:
            self.game.pad_down(pad, now)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        tutor = self.tutor
        if tutor.done:
            return self._go_on(now)
        flashed = self.game.illegal
        self.game.pad_up(pad, now)
        if tutor.done:
            self.wrong = False
        elif self.game.illegal != flashed:
            self.wrong = True
            english = self.host.settings.language == "en"
            self.host.caption(self.host.say_words("lesson again"), now, ILLEGAL,
                              spoken=tutor.step.wrong if english else None)
        return None

    def _go_on(self, now: float) -> Screen | None:
        """The next step, or home after the last."""
        if not self.tutor.go_on():
            self.host.caption(self.host.say_words("lesson over"), now, CONFIRM)
            return self.host.home()
        self.game = self._show(now)
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        if button == "menu":
            return self.host.home()
        if button == "undo":
            self.host.say(Sound.UNDO)
            self.tutor.again()
            self.game = self._show(now)
        return None

    def tick(self, now: float) -> Screen | None:
        self.game.tick(now)
        game = self.game
        if self.tutor.done and not self.praised and game.animation_end() is None and \
                game.chance_at is None:
            self.praised = True  # after the move has played out, so the words cover nothing
            if not game.session.finished:  # the result is said instead
                self.host.caption(self.host.say_words("lesson right"), now, CONFIRM)
        move, since = self.game.hint
        if not self.tutor.done and (move is None or now - since >= HINT):
            self.game.hint = (self.tutor.shown(self.game.state), now)  # it keeps blinking
        return None

    def wakeup(self, now: float) -> float | None:
        times = [self.game.wakeup(now)]
        if not self.tutor.done:
            times.append(self.game.hint[1] + HINT)
        elif not self.praised:
            times.append(now)
        return min((time for time in times if time is not None), default=None)

    # -- drawing and words ----------------------------------------------------------------------

    def draw(self, canvas: Canvas, now: float) -> bool:
        return self.game.draw(canvas, now) or not self.tutor.done

    def pad_words(self, pad: int) -> str:
        return self.game.pad_words(pad)

    def describe(self, now: float) -> str:
        """``Learning Kaskade · step 3 of 7: … · blinking: c3`` and, after a wrong touch, the
        step's words for it."""
        tutor = self.tutor
        words = [f"Learning {tutor.lesson.title}", tutor.words()]
        if self.wrong:
            words.append(tutor.step.wrong)
        if tutor.finished:
            words.append("the lesson is over: touch to go home")
        elif tutor.done:
            words.append("touch to go on")
        else:
            words.append(f"blinking: {self.game.state.move_name(tutor.shown(self.game.state))}"
                         " · undo: the step again · menu: home")
        return " · ".join(words)
