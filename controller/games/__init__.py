"""Pure game rules: the shared state protocol, the registry and every game.

Nothing in this package reads files, sockets or clocks, or imports anything outside the
standard library and this project; randomness comes only from an injected generator.
"""

from controller.games.base import CHANCE, Event, GameInfo, GameOver, GameState, Outcome, Rng
from controller.games.errors import (
    IllegalMoveError,
    InvalidMoveError,
    MoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
    RegistrationError,
    UnknownGameError,
)
from controller.games.registry import game_names, get_game

__all__ = [
    "CHANCE",
    "Event",
    "GameInfo",
    "GameOver",
    "GameState",
    "IllegalMoveError",
    "InvalidMoveError",
    "MoveError",
    "NothingToUndoError",
    "OptionsError",
    "Outcome",
    "PositionError",
    "RegistrationError",
    "Rng",
    "UnknownGameError",
    "game_names",
    "get_game",
]
