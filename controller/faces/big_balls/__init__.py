"""Big Balls' face: the triangle, the die and the stones as die faces on the LEDs
(``picture``), the screen that plays it by touch (``screen``), how to play it and the triangle
as text (``text``), and its lesson (``lesson``). Its set-up: who moves first."""

from controller.faces.big_balls import picture
from controller.faces.big_balls.lesson import LESSON
from controller.faces.big_balls.screen import BigBallsScreen
from controller.faces.big_balls.text import HOW_TO_PLAY, TEXT
from controller.faces.face import Face
from controller.faces.setup import Menu
from controller.games.big_balls.state import PLAYERS
from controller.profile.model import Profile


def options(profile: Profile) -> tuple[Menu, ...]:
    """Who moves first (Black, as the rules' notation has it, unless chosen otherwise)."""
    return (Menu("first", PLAYERS),)


FACE = Face("big-balls", fits=picture.fits, holds=lambda profile, state: picture.fits(profile),
            options=options, screen=BigBallsScreen, icon=picture.icon, how_to_play=HOW_TO_PLAY,
            text=TEXT, lesson=LESSON)
"""Big Balls: one size of board, so a game fits wherever the game does."""
