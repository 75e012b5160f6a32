"""The games, each entered once by short name: the one place a game is added.

A game is two folders, its rules and its face, and its entry names both, as ``module:name``
targets imported only when the game is asked for, so listing the games or starting the command
line does not pay for loading every rule set. The rules are loaded here; the face (its picture,
screen, set-up, how to play and lesson: ``controller/faces/face.py``) is the app's to load from
the same entry — this package, pure, only names it and never imports it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from controller.games.base import GameState
from controller.games.errors import RegistrationError, UnknownGameError

_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_TARGET = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")


@dataclass(frozen=True)
class GameEntry:
    """One game: its short name and where its parts are."""

    name: str
    """The short name records, the command line and the menus use (``big-balls``)."""
    rules: str
    """The state class, as ``module:Class`` (``controller.games.kaskade:KaskadeState``)."""
    face: str
    """Its face, as ``module:name`` (``controller.faces.kaskade:FACE``): read by the app."""

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise RegistrationError(f"game name {self.name!r}: lower-case words joined by "
                                    "hyphens, such as big-balls")
        for part, target, example in (
                ("rules", self.rules, "controller.games.kaskade:KaskadeState"),
                ("face", self.face, "controller.faces.kaskade:FACE")):
            if not _TARGET.fullmatch(target):
                raise RegistrationError(f"{self.name}'s {part} {target!r}: write module:name, "
                                        f"such as {example}")


_ENTRIES: dict[str, GameEntry] = {entry.name: entry for entry in (
    GameEntry("kaskade", "controller.games.kaskade:KaskadeState",
              "controller.faces.kaskade:FACE"),
    GameEntry("cascades", "controller.games.cascades:CascadesState",
              "controller.faces.cascades:FACE"),
    GameEntry("big-balls", "controller.games.big_balls:BigBallsState",
              "controller.faces.big_balls:FACE"),
    GameEntry("colliding-circles", "controller.games.colliding_circles:CollidingCirclesState",
              "controller.faces.colliding_circles:FACE"),
    GameEntry("cascades-decktet", "controller.games.cascades_decktet:CascadesDecktetState",
              "controller.faces.cascades_decktet:FACE"),
)}
"""Every game, in the order the home menu shows them."""


def register(entry: GameEntry) -> None:
    """Add a game after the others; from now on every part of the product finds it by name."""
    if entry.name in _ENTRIES:
        raise RegistrationError(f"there is already a game called {entry.name!r}")
    _ENTRIES[entry.name] = entry


def unregister(name: str) -> None:
    """Take a game out again (a game added for a while, as in a test)."""
    _ENTRIES.pop(game_entry(name).name)


def entries() -> tuple[GameEntry, ...]:
    """Every game's entry, in the order they were entered (the home menu's order)."""
    return tuple(_ENTRIES.values())


def game_names() -> list[str]:
    """The short names of all registered games, sorted."""
    return sorted(_ENTRIES)


def game_entry(name: str) -> GameEntry:
    """The entry of the game called ``name`` (case-insensitive)."""
    try:
        return _ENTRIES[name.strip().lower()]
    except KeyError:
        known = ", ".join(game_names())
        raise UnknownGameError(f"no game called {name!r}; the games are: {known}") from None


def get_game(name: str) -> type[GameState[Any]]:
    """The state class of the game registered as ``name`` (case-insensitive)."""
    module_name, _, class_name = game_entry(name).rules.partition(":")
    game: type[GameState[Any]] = getattr(import_module(module_name), class_name)
    return game
