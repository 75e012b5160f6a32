"""The puzzle of the day on the board, opened from the home menu's puzzle tile.

The puzzle's position is shown with its game's own screen, so a touch means what it means in
a game; its question scrolls over it in a few words (``White wins in 2``) and the description
line says it in full. The person tries a move by touch: the game's screen finds the move the
touch means and, before playing it, asks the puzzle whether it is right — a wrong one flashes
red and says "try again" (its refutation is on the description line), a right one is played
and, where the puzzle goes on, answered by the defence it holds (the computer's seat, at the
strongest level: the answer that holds out longest). Once solved, the board says so with the
streak, today's puzzle is kept in the history, and the next touch goes home.

The undo button starts the puzzle again; the menu button goes home. Nothing of a puzzle is
saved but its solve, and a game waiting on its tile stays as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.ai.levels import STRONGEST
from controller.app.screens.base import Screen
from controller.app.seats import seat
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.errors import KaskadeError
from controller.faces.face import face
from controller.games.puzzle import Puzzle, Quiz
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, ILLEGAL

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.screens.game import GameScreen


class PuzzleDoesNotFitError(KaskadeError, ValueError):
    """A puzzle whose game does not fit this board (the solitaire on an 8 x 8 board)."""


class PuzzleScreen(Screen):
    """``puzzle`` on its game's screen, move by move."""

    def __init__(self, host: Host[Screen], puzzle: Puzzle, now: float) -> None:
        super().__init__(host)
        game = face(puzzle.game)
        if not game.fits(self.profile) or not game.holds(self.profile, puzzle.start()):
            raise PuzzleDoesNotFitError(f"today's puzzle is {puzzle.start().info.title}'s, "
                                        "which does not fit this board")
        self.puzzle = puzzle
        self.quiz = Quiz(puzzle)
        self.wrong = ""
        """Why the last move was wrong, in words (its refutation), or ``""``."""
        self.praised = False
        """The solve has been said (once the last move had played out)."""
        self.streak: int | None = None
        """The streak after today's solve, once it is kept."""
        self.game: GameScreen[Any] = self._show(now)

    def _show(self, now: float) -> GameScreen[Any]:
        """The puzzle's position on its game's screen, its question over it."""
        state = self.quiz.start()
        mover = state.turn_player()
        tags = {player.capitalize(): seat(None if number == mover else STRONGEST)
                for number, player in enumerate(state.info.players)}
        game = face(self.puzzle.game).screen(self.host, Session(state, [], tags, None))
        game.judge = lambda move: self._judge(game, move)
        game.scripted = self.quiz.reply
        self.wrong = ""
        language = self.host.settings.language
        self.host.announce(self.puzzle.short(language), now=now,
                           spoken=self.puzzle.question() if language == "en" else None)
        return game

    def _judge(self, game: GameScreen[Any], move: Any) -> bool:
        """The puzzle's judgement of the person's ``move`` (with the words for a wrong one)."""
        state = game.state
        right = self.quiz.judge(state, move)
        self.wrong = "" if right else self.quiz.answers[-1].words(self.puzzle, state)
        return right

    # -- input ----------------------------------------------------------------------------------

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if not self.praised:
            self.game.pad_down(pad, now)
        return None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        if self.praised:
            return self.host.home()
        tries = self.quiz.tries
        self.game.pad_up(pad, now)
        if self.quiz.tries != tries:
            english = self.host.settings.language == "en"
            self.host.caption(self.host.say_words("lesson again"), now, ILLEGAL,
                              spoken=self.wrong if english else None)
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        if button == "menu":
            return self.host.home()
        if button == "undo" and not self.quiz.solved:
            self.host.say(Sound.UNDO)
            self.quiz.again()
            self.game = self._show(now)
        return None

    def tick(self, now: float) -> Screen | None:
        self.game.tick(now)
        game = self.game
        if self.quiz.solved and not self.praised and game.animation_end() is None:
            self.praised = True  # after the move has played out, so the words cover nothing
            standing = self.host.keep_puzzle(self.puzzle, self.quiz.tries)
            self.streak = None if standing is None else standing.streak
            words = self.host.say_words("puzzle streak", days=self.streak) \
                if self.streak is not None and self.streak > 1 else \
                self.host.say_words("puzzle solved")
            self.host.say(Sound.WIN)
            self.host.announce(words, CONFIRM, now)
        return None

    def wakeup(self, now: float) -> float | None:
        if self.quiz.solved and not self.praised:
            return now
        return self.game.wakeup(now)

    # -- drawing and words ----------------------------------------------------------------------

    def draw(self, canvas: Canvas, now: float) -> bool:
        return self.game.draw(canvas, now)

    def pad_words(self, pad: int) -> str:
        return self.game.pad_words(pad)

    def describe(self, now: float) -> str:
        """``Puzzle of the day · kaskade-007 · White to move takes … · tries 1``; once
        solved, the streak and what a touch does."""
        words = [f"Puzzle of the day ({self.puzzle.id})", self.puzzle.question()]
        if self.wrong:
            words.append(self.wrong)
        if self.quiz.tries:
            words.append(f"wrong moves so far: {self.quiz.tries}")
        if self.praised:
            streak = self.streak or 0
            words.append(f"solved — {streak} days in a row" if streak > 1 else "solved")
            words.append("touch to go home")
        else:
            words.append("undo: from the start · menu: home")
        return " · ".join(words)
