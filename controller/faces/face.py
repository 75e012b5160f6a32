"""What a game's face is, and finding it.

A game is two folders: its rules (``controller/games/NAME/``, pure: the state, its notation,
its events) and its face (``controller/faces/NAME/``): everything else a person meets of it —
its picture on the LEDs and its home tile, the screen that plays it by touch, how a new game
is set up (the same options on the board and on the web page), how to play it in words (the
terminal's help and the page), its board as text, and its lesson. The game's one entry in
``controller/games/registry.py`` names both; the face is imported only when the game is asked
for, so listing the games loads no pictures or screens.

The board, the web page, the terminal and the remote link are generic over a :class:`Face`:
nothing outside a game's two folders names the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from controller.errors import KaskadeError
from controller.faces.setup import Option
from controller.faces.text import HowToPlay, Text
from controller.games import GameState
from controller.games.lesson import Lesson, NoLessonError
from controller.games.registry import entries, game_entry, get_game
from controller.profile.model import Profile
from controller.render.tile import Icon

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.screens.base import Screen
    from controller.app.screens.game import GameScreen
    from controller.app.session import Session


class FaceError(KaskadeError, LookupError):
    """A registered game whose face is not where its entry says, or is not its face."""


@dataclass(frozen=True)
class Face:
    """One game as people meet it: on the board, the page and the terminal."""

    name: str
    fits: Callable[[Profile], bool]
    """Whether the game can be played on a board (its smallest set-up fits)."""
    holds: Callable[[Profile, GameState[Any]], bool]
    """Whether a particular game (a saved one) fits a board."""
    options: Callable[[Profile], tuple[Option, ...]]
    """How a new game is set up on a board: each option with the values that fit it (the
    board's set-up rows and the page's controls both come from here)."""
    screen: Callable[[Host[Screen], Session[Any]], GameScreen[Any]]
    """The screen that plays a game of it by touch."""
    icon: Icon
    """Its tile on the home menu."""
    how_to_play: HowToPlay
    text: Text
    lesson: Lesson | None = None
    """Its lesson (held tile, ``kaskade learn``, the page's Learn), or ``None``."""
    setup: Callable[[Host[Screen], dict[int, int]], Screen] | None = None
    """A set-up screen of the game's own (Kaskade's: touch the board's far corner); by default
    the board offers :attr:`options` as rows of pads, or starts at once when there are none."""

    def taught(self) -> Lesson:
        """Its lesson; :class:`NoLessonError` when it has none."""
        if self.lesson is None:
            raise NoLessonError(f"{get_game(self.name).info.title} has no lesson")
        return self.lesson


def face(name: str) -> Face:
    """The face of the game called ``name``, imported now if it was not yet."""
    entry = game_entry(name)
    module_name, _, attribute = entry.face.partition(":")
    try:
        found = getattr(import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise FaceError(f"the face of {entry.name}, {entry.face}, cannot be found: "
                        f"{error}") from error
    if not isinstance(found, Face) or found.name != entry.name:
        raise FaceError(f"the face of {entry.name}, {entry.face}, is not its Face")
    if found.lesson is not None and found.lesson.game != entry.name:
        raise FaceError(f"the lesson in {entry.name}'s face teaches {found.lesson.game}")
    return found


def faces() -> tuple[Face, ...]:
    """Every game's face, in the home menu's order."""
    return tuple(face(entry.name) for entry in entries())


def faces_for(profile: Profile) -> tuple[Face, ...]:
    """The faces of the games that fit ``profile``'s board."""
    return tuple(game for game in faces() if game.fits(profile))


def lesson(name: str) -> Lesson:
    """The lesson of the game called ``name`` (``UnknownGameError`` for no such game,
    :class:`NoLessonError` for a game without one)."""
    return face(name).taught()
