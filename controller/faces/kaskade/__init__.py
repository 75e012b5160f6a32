"""Kaskade's face: its picture and cascades on the LEDs (``picture``, ``animation``), the
screen that plays it by touch (``screen``), its set-up by touching the far corner of the board
wanted (``board_size``), how to play it and its board as text (``text``), and its lesson from
the pictures of its specification (``lesson``)."""

from controller.faces.face import Face
from controller.faces.kaskade import picture
from controller.faces.kaskade.board_size import FIRST_SIZE, BoardSizeScreen
from controller.faces.kaskade.lesson import LESSON
from controller.faces.kaskade.screen import KaskadeScreen
from controller.faces.kaskade.text import HOW_TO_PLAY, TEXT
from controller.faces.setup import Size
from controller.games.kaskade.grid import MIN_SIDE
from controller.profile.model import Profile


def options(profile: Profile) -> tuple[Size, ...]:
    """The grid: any size from 2x2 up to the board's pads; 6x6 (or as much of it as fits)
    until another is chosen."""
    largest = (profile.columns, profile.rows)
    return (Size("size", (MIN_SIDE, MIN_SIDE), largest,
                 (min(FIRST_SIZE[0], largest[0]), min(FIRST_SIZE[1], largest[1]))),)


FACE = Face("kaskade", fits=lambda profile: True, holds=picture.holds, options=options,
            screen=KaskadeScreen, icon=picture.icon, how_to_play=HOW_TO_PLAY, text=TEXT,
            lesson=LESSON, setup=BoardSizeScreen)
"""Kaskade: any board holds its smallest grid; the grid's size is chosen first."""
