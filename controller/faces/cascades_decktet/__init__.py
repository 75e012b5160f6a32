"""The Decktet solitaire's face: a column per rank, the cards in their suits' colours, the
stock, waste and reserves on the LEDs (``picture``), the screen that plays it by touch
(``screen``), how to play it and the table as text (``text``), and its lesson (``lesson``).
Its set-up: the version, the number of passes, and the extended deck where the board is wide
enough for it."""

from controller.faces.cascades_decktet import picture
from controller.faces.cascades_decktet.lesson import LESSON
from controller.faces.cascades_decktet.screen import CascadesDecktetScreen
from controller.faces.cascades_decktet.text import HOW_TO_PLAY, TEXT
from controller.faces.face import Face
from controller.faces.setup import Menu
from controller.games.cascades_decktet.state import PASS_LIMITS, VERSIONS
from controller.profile.model import Profile


def options(profile: Profile) -> tuple[Menu, ...]:
    """The version, the pass limit, and the extended deck's pawns and courts where its wider
    tiers fit the board."""
    chosen: tuple[Menu, ...] = (Menu("version", VERSIONS), Menu("passes", PASS_LIMITS))
    if picture.fits(profile, extended=True):
        chosen += (Menu("pawns", ("no", "yes")), Menu("courts", ("no", "yes")))
    return chosen


FACE = Face("cascades-decktet", fits=picture.fits, holds=picture.holds, options=options,
            screen=CascadesDecktetScreen, icon=picture.icon, how_to_play=HOW_TO_PLAY,
            text=TEXT, lesson=LESSON)
"""The Decktet solitaire: the extended deck only where its wider tiers fit."""
