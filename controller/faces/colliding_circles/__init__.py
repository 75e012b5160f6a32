"""Colliding Circles' face: the 54 fields, the dice as pips, both hands, pools and scores on
the LEDs (``picture``), the screen that plays it by touch (``screen``), how to play it and the
fields as text (``text``), and its lesson from the rules' example game (``lesson``). It has no
options: a game starts once the players are chosen."""

from controller.faces.colliding_circles import picture
from controller.faces.colliding_circles.lesson import LESSON
from controller.faces.colliding_circles.screen import CollidingCirclesScreen
from controller.faces.colliding_circles.text import HOW_TO_PLAY, TEXT
from controller.faces.face import Face

FACE = Face("colliding-circles", fits=picture.fits,
            holds=lambda profile, state: picture.fits(profile), options=lambda profile: (),
            screen=CollidingCirclesScreen, icon=picture.icon, how_to_play=HOW_TO_PLAY,
            text=TEXT, lesson=LESSON)
"""Colliding Circles: one board, on the 16 x 16 build."""
