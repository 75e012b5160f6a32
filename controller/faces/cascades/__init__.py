"""Cascades' face: the slope on the LEDs, skewed so that neighbours touch (``picture``), the
screen that plays it by touch (``screen``), how to play it and the slope as text (``text``),
and its lesson (``lesson``). Its set-up: the top row's width, the slope's shape, the placement
rule and the scoring, each as a row of pads on the board and a control on the page."""

from controller.faces.cascades import picture
from controller.faces.cascades.lesson import LESSON
from controller.faces.cascades.screen import CascadesScreen
from controller.faces.cascades.text import HOW_TO_PLAY, TEXT
from controller.faces.face import Face
from controller.faces.setup import Menu, Number
from controller.games.cascades.slope import MIN_TOP, SHAPES
from controller.games.cascades.state import DEFAULTS, PLACEMENTS, SCORINGS
from controller.profile.model import Profile


def options(profile: Profile) -> tuple[Menu | Number, ...]:
    """The top row's width up to the widest slope of each shape that fits the board (the
    shapes that fit at all offered), the rules' standard width where it fits; the placement
    rule; the scoring."""
    fitting = {shape: top for shape in SHAPES
               if (top := picture.largest_top(profile, shape)) is not None}
    if not fitting:
        return ()
    shapes = tuple(fitting)
    default = min(int(DEFAULTS["size"]), fitting[shapes[0]])
    return (Number("size", MIN_TOP, max(fitting.values()), default, limit_by=("shape", fitting)),
            Menu("shape", shapes), Menu("placement", PLACEMENTS), Menu("scoring", SCORINGS))


FACE = Face("cascades", fits=lambda profile: picture.largest_top(profile) is not None,
            holds=picture.holds, options=options, screen=CascadesScreen, icon=picture.icon,
            how_to_play=HOW_TO_PLAY, text=TEXT, lesson=LESSON)
"""Cascades: it fits where its smallest slope does."""
