"""Lessons: a game taught in a few steps, each a position, words, and a move for the learner
to try, which the game's own rules check.

A lesson is data in its game's face (``LESSON`` in ``controller/faces/NAME/lesson.py``), taken
from the game's original text: Kaskade's from its specification's pictures, Colliding
Circles' from its example game. Each step is a position in the game's own notation (so the
engine reads it and refuses one that no game could reach), the words that explain it, the
moves that do what the words ask, and what to say when the learner does something else. The
board, the terminal and the web page all run the same lesson through :class:`Tutor`, so a
touch, a typed move and a tap on the page are judged alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.errors import KaskadeError
from controller.games.base import GameState
from controller.games.registry import get_game


class NoLessonError(KaskadeError, LookupError):
    """A game without a lesson."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson."""

    short: str
    """A few words for the LEDs (they scroll over the position): ``empty cell``."""
    words: str
    """What the step shows and what to try, in a sentence or two (the description line, the
    terminal, the web page)."""
    position: str
    """The position, in the game's position text."""
    expect: tuple[str, ...]
    """The moves that do what the words ask, in the game's notation; the first is the one
    shown (it blinks as a hint does)."""
    wrong: str
    """Said when the learner tries anything else."""
    done: str
    """Said once the move is played: what happened."""
    short_de: str = ""
    """:attr:`short` in German, for a board that speaks German (its LED words are the only
    ones the board translates)."""
    chance: tuple[str, ...] = ()
    """What chance draws after the learner's move, in the game's notation (a die's ``4``, a
    hand refilled with ``62``), so that the words of this step and the next are true: a
    lesson that says "the die shows 4" throws a 4. Chance beyond these is drawn as in a game."""

    def led_words(self, language: str) -> str:
        """:attr:`short` in ``language`` (``en`` or ``de``; English where there is no German)."""
        return self.short_de if language == "de" and self.short_de else self.short


@dataclass(frozen=True)
class Lesson:
    """The steps that teach ``game``."""

    game: str
    steps: tuple[Step, ...] = field(default_factory=tuple)

    @property
    def title(self) -> str:
        """The game's title (``Kaskade``)."""
        return get_game(self.game).info.title

    def position(self, index: int) -> GameState[Any]:
        """A fresh game at step ``index``'s position, with nothing to take back."""
        return get_game(self.game).from_position(self.steps[index].position)

    def expected(self, index: int, state: GameState[Any]) -> list[Any]:
        """The moves step ``index`` asks for, read by ``state``'s own notation."""
        return [state.parse_move(text) for text in self.steps[index].expect]


class Tutor:
    """A learner going through ``lesson``: the step on show and whether its move has been
    played. Whoever shows the step (the board's screen, the terminal) plays on a state of its
    own from :meth:`position` and asks :meth:`judge` before each of the learner's moves."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.done = False
        """The step's move has been played (the next step waits for the learner)."""

    @property
    def step(self) -> Step:
        """The step on show."""
        return self.lesson.steps[self.index]

    @property
    def finished(self) -> bool:
        """The last step's move has been played."""
        return self.done and self.index == len(self.lesson.steps) - 1

    def position(self) -> GameState[Any]:
        """A fresh game at the step's position."""
        return self.lesson.position(self.index)

    def shown(self, state: GameState[Any]) -> Any:
        """The move the step shows (it blinks on the LEDs), read by ``state``."""
        return self.lesson.expected(self.index, state)[0]

    def chance(self, state: GameState[Any]) -> Any | None:
        """The chance outcome the step sets for ``state`` (a chance step after the learner's
        move: the first one set, then the next), or ``None`` to draw it as a game does."""
        drawn = state.plies - self.position().plies - 1
        if not self.done or not 0 <= drawn < len(self.step.chance):
            return None
        return state.parse_move(self.step.chance[drawn])

    def judge(self, state: GameState[Any], move: Any) -> bool:
        """Whether ``move`` in ``state`` is what the step asks for (compared as the game names
        moves, so a move typed differently but meaning the same is the same); once it is,
        the step is done."""
        if self.done:
            return False
        wanted = {state.move_name(m) for m in self.lesson.expected(self.index, state)}
        self.done = state.is_legal(move) and state.move_name(move) in wanted
        return self.done

    def go_on(self) -> bool:
        """To the next step once this one is done (False after the last); the same step again
        from its start while it is not."""
        if self.done:
            if self.index + 1 == len(self.lesson.steps):
                return False
            self.index += 1
        self.done = False
        return True

    def again(self) -> None:
        """The step on show from its start (whoever shows it takes a fresh :meth:`position`)."""
        self.done = False

    def words(self) -> str:
        """The step in words, ``step 2 of 7: …``; once it is done, what happened."""
        step, count = self.step, len(self.lesson.steps)
        if self.done:
            return f"step {self.index + 1} of {count} done: {step.done}"
        return f"step {self.index + 1} of {count}: {step.words}"
