"""Colours as the renderers think of them: (red, green, blue) in 0-255 as a person sees them.

The frame pipeline (``output.py``) turns these into LED drive values with gamma, so a colour
here at half value looks half as bright on the board.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

OFF: Colour = (0, 0, 0)
WHITE_PLAYER: Colour = (255, 232, 205)
"""White's balls: warm white (black light would be dark, so each side has its own light)."""
BLACK_PLAYER: Colour = (40, 110, 255)
"""Black's balls: blue."""
PLAYERS: tuple[Colour, Colour] = (WHITE_PLAYER, BLACK_PLAYER)
NEUTRAL: Colour = (70, 70, 70)
"""An empty cell of the game area."""
RED_PLAYER: Colour = (255, 50, 20)
"""Colliding Circles' red dice."""
BIG_BALL: Colour = (190, 60, 170)
"""Big Balls' neutral balls: magenta, unlike either player."""
ILLEGAL: Colour = (255, 0, 0)
CONFIRM: Colour = (0, 215, 165)
"""Go, passed: a bluish green, which people with red-green colour blindness still tell from
``ILLEGAL`` (tests/controller/render/test_colour_vision.py)."""
HIGHLIGHT: Colour = (255, 255, 255)


def scale(colour: Colour, factor: float) -> Colour:
    """``colour`` dimmed (or brightened, clipped) by ``factor``."""
    return (min(255, int(colour[0] * factor)), min(255, int(colour[1] * factor)),
            min(255, int(colour[2] * factor)))


def mix(first: Colour, second: Colour, amount: float) -> Colour:
    """``first`` moved ``amount`` (0-1) of the way towards ``second``."""
    keep = 1 - amount
    return (int(first[0] * keep + second[0] * amount), int(first[1] * keep + second[1] * amount),
            int(first[2] * keep + second[2] * amount))


def player_colours(players: tuple[str, ...]) -> tuple[Colour, Colour]:
    """The light of each seat by the player's name (``white`` warm white, ``black`` blue,
    ``red`` red), so a game whose first player is Black still shows Black in blue."""
    by_name = {"white": WHITE_PLAYER, "black": BLACK_PLAYER, "red": RED_PLAYER}
    first, second = (by_name.get(name, PLAYERS[i]) for i, name in enumerate(players[:2]))
    return first, second
