"""The games the board offers and what the app needs to know of each: whether it fits the
board, how a new game is set up after the players are chosen, the screen that plays it and its
tile on the home menu. A game's board side is its entry here, its renderer
(``controller/render/NAME.py``) and its screen (``controller/app/screens/NAME.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.big_balls import BigBallsScreen
from controller.app.screens.board_size import BoardSizeScreen
from controller.app.screens.cascades import CascadesScreen
from controller.app.screens.cascades_decktet import CascadesDecktetScreen
from controller.app.screens.colliding_circles import CollidingCirclesScreen
from controller.app.screens.game import GameScreen
from controller.app.screens.kaskade import KaskadeScreen
from controller.app.screens.options import Choice, OptionsScreen
from controller.app.session import Session
from controller.games import GameState
from controller.games.big_balls import BigBallsState
from controller.games.cascades import CascadesState
from controller.games.cascades.slope import MIN_TOP, SHAPES
from controller.games.cascades.state import PLACEMENTS, SCORINGS
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.cascades_decktet.state import PASS_LIMITS, VERSIONS
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.kaskade import KaskadeState
from controller.profile.model import Profile
from controller.render import big_balls, cascades, cascades_decktet, colliding_circles, kaskade
from controller.render.tile import Icon

if TYPE_CHECKING:
    from controller.app.app import App


@dataclass(frozen=True)
class Front:
    """One game as the app offers it."""

    name: str
    fits: Callable[[Profile], bool]
    """Whether the game can be played on a board (its smallest set-up fits)."""
    holds: Callable[[Profile, GameState[Any]], bool]
    """Whether a particular game (a saved one) fits a board."""
    setup: Callable[[App, dict[int, int]], Screen]
    """The set-up after the players were chosen (the computer's seats and levels)."""
    screen: Callable[[App, Session[Any]], GameScreen[Any]]
    """The screen that plays a game of it."""
    icon: Icon
    """Its tile on the home menu."""


def _cascades_setup(app: App, levels: dict[int, int]) -> Screen:
    """Top width (up to the largest that fits), shape, placement rule, scoring."""
    largest = {shape: cascades.largest_top(app.profile, shape) for shape in SHAPES}
    shapes = tuple(shape for shape in SHAPES if largest[shape] is not None)
    widest = max(top for top in largest.values() if top is not None)

    def allowed(chosen: dict[str, str]) -> dict[str, str]:
        limit = largest[chosen["shape"]] or MIN_TOP
        return {**chosen, "size": str(min(int(chosen["size"]), limit))}

    choices = (Choice("size", tuple(str(n) for n in range(MIN_TOP, widest + 1)), bar=True),
               Choice("shape", shapes), Choice("placement", PLACEMENTS),
               Choice("scoring", SCORINGS))
    return OptionsScreen(app, "cascades", choices, levels, CascadesState.new, allowed)


def _big_balls_setup(app: App, levels: dict[int, int]) -> Screen:
    """Who moves first."""
    return OptionsScreen(app, "big-balls", (Choice("first", ("black", "white")),), levels,
                         BigBallsState.new)


def _cascades_decktet_setup(app: App, levels: dict[int, int]) -> Screen:
    """Version, pass limit, and the extended deck where the board is wide enough for it."""
    choices = [Choice("version", VERSIONS), Choice("passes", PASS_LIMITS)]
    if cascades_decktet.fits(app.profile, extended=True):
        choices += [Choice("pawns", ("no", "yes")), Choice("courts", ("no", "yes"))]
    return OptionsScreen(app, "cascades-decktet", tuple(choices), levels, CascadesDecktetState.new)


def _kaskade_holds(profile: Profile, state: GameState[Any]) -> bool:
    assert isinstance(state, KaskadeState)
    return state.grid.width <= profile.columns and state.grid.height <= profile.rows


def _cascades_holds(profile: Profile, state: GameState[Any]) -> bool:
    assert isinstance(state, CascadesState)
    return cascades.fits(profile, state.slope.top, state.slope.shape)


def _cascades_decktet_holds(profile: Profile, state: GameState[Any]) -> bool:
    assert isinstance(state, CascadesDecktetState)
    return cascades_decktet.fits(profile, extended=state.extended)


FRONTS: tuple[Front, ...] = (
    Front("kaskade", lambda profile: True, _kaskade_holds, BoardSizeScreen, KaskadeScreen,
          kaskade.icon),
    Front("cascades", lambda profile: cascades.largest_top(profile) is not None,
          _cascades_holds, _cascades_setup, CascadesScreen, cascades.icon),
    Front("big-balls", big_balls.fits, lambda profile, state: big_balls.fits(profile),
          _big_balls_setup, BigBallsScreen, big_balls.icon),
    Front("colliding-circles", colliding_circles.fits,
          lambda profile, state: colliding_circles.fits(profile),
          lambda app, levels: app.start_game(CollidingCirclesState.new(), levels),
          CollidingCirclesScreen, colliding_circles.icon),
    Front("cascades-decktet", cascades_decktet.fits, _cascades_decktet_holds,
          _cascades_decktet_setup, CascadesDecktetScreen, cascades_decktet.icon),
)
"""Every game with a tile on the home menu, in order."""


def fronts_for(profile: Profile) -> tuple[Front, ...]:
    """The games that fit ``profile``'s board."""
    return tuple(front for front in FRONTS if front.fits(profile))


def front(name: str) -> Front:
    """The game called ``name``."""
    return next(f for f in FRONTS if f.name == name)
