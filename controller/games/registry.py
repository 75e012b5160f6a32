"""Games by short name.

Game modules are imported only when a game is asked for, so listing the games or starting the
command line does not pay for loading every rule set.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from controller.games.base import GameState
from controller.games.errors import UnknownGameError

_GAMES: dict[str, str] = {
    "big-balls": "controller.games.big_balls:BigBallsState",
    "cascades": "controller.games.cascades:CascadesState",
    "cascades-decktet": "controller.games.cascades_decktet:CascadesDecktetState",
    "colliding-circles": "controller.games.colliding_circles:CollidingCirclesState",
    "kaskade": "controller.games.kaskade:KaskadeState",
}


def game_names() -> list[str]:
    """The short names of all registered games, sorted."""
    return sorted(_GAMES)


def get_game(name: str) -> type[GameState[Any]]:
    """The state class of the game registered as ``name`` (case-insensitive)."""
    key = name.strip().lower()
    try:
        target = _GAMES[key]
    except KeyError:
        known = ", ".join(game_names())
        raise UnknownGameError(f"no game called {name!r}; the games are: {known}") from None
    module_name, _, class_name = target.partition(":")
    game: type[GameState[Any]] = getattr(import_module(module_name), class_name)
    return game
