"""The board side of each game: what the app needs to know of it beyond its rules — whether it
fits the board, how a new game is set up after the players are chosen, the screen that plays it
and its tile on the home menu.

A game is entered once, in ``controller/games/registry.py``; this module finds its board side
from that entry and imports it only when the game is asked for. The board's own games keep
theirs as ``FRONT`` at the foot of their screen module (``controller/app/screens/NAME.py``,
hyphens as underscores), so their entry need not name the app (the rules may not); a game from
elsewhere names its own in its entry's ``board``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

from controller.errors import KaskadeError
from controller.games import GameState
from controller.games.registry import GameEntry, entries, game_entry
from controller.profile.model import Profile
from controller.render.tile import Icon

if TYPE_CHECKING:
    from controller.app.host import Host
    from controller.app.screens.base import Screen
    from controller.app.screens.game import GameScreen
    from controller.app.session import Session

SCREENS = "controller.app.screens"
"""The package whose module named after a game holds the board side of the board's own games."""


class BoardSideError(KaskadeError, LookupError):
    """A registered game whose board side is not where its entry says."""


@dataclass(frozen=True)
class Front:
    """One game as the app offers it."""

    name: str
    fits: Callable[[Profile], bool]
    """Whether the game can be played on a board (its smallest set-up fits)."""
    holds: Callable[[Profile, GameState[Any]], bool]
    """Whether a particular game (a saved one) fits a board."""
    setup: Callable[[Host[Screen], dict[int, int]], Screen]
    """The set-up after the players were chosen (the computer's seats and levels)."""
    screen: Callable[[Host[Screen], Session[Any]], GameScreen[Any]]
    """The screen that plays a game of it."""
    icon: Icon
    """Its tile on the home menu."""


def board_target(entry: GameEntry) -> str:
    """Where ``entry``'s board side is, as ``module:name``."""
    return entry.board or f"{SCREENS}.{entry.name.replace('-', '_')}:FRONT"


def front(name: str) -> Front:
    """The board side of the game called ``name``, imported now if it was not yet."""
    entry = game_entry(name)
    target = board_target(entry)
    module_name, _, attribute = target.partition(":")
    try:
        found = getattr(import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise BoardSideError(f"the board side of {entry.name}, {target}, cannot be found: "
                             f"{error}") from error
    if not isinstance(found, Front) or found.name != entry.name:
        raise BoardSideError(f"the board side of {entry.name}, {target}, is not its Front")
    return found


def fronts() -> tuple[Front, ...]:
    """Every game with a tile on the home menu, in order."""
    return tuple(front(entry.name) for entry in entries())


def fronts_for(profile: Profile) -> tuple[Front, ...]:
    """The games that fit ``profile``'s board."""
    return tuple(game for game in fronts() if game.fits(profile))
