"""What the app knows of play with boards elsewhere: where such a game is offered or joined
(given by the link to the broker once it is attached), and the link's words about each game
it plays (``waiting for Anna's board · 2 min``), shown in that game's description. The app
holds these for the link; the rules, the sessions and the screens never learn that a seat is
played on another board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

ScreenT = TypeVar("ScreenT")


class RemoteWiring(Generic[ScreenT]):
    """Nothing linked until :meth:`link`."""

    def __init__(self) -> None:
        self.setup: Callable[[str, int], ScreenT] | None = None
        """Makes the screen where a game of a name, the seat played here, is offered or
        joined; ``None`` while no broker is linked."""
        self.join: Callable[[str], None] | None = None
        """Looks up the game an invite code stands for and joins it (the web page's way)."""
        self.words: dict[str, str] = {}
        """The link's words about a game, by the game's id."""

    def link(self, setup: Callable[[str, int], ScreenT], join: Callable[[str], None]) -> None:
        """Remote play is set up (see the attributes)."""
        self.setup, self.join = setup, join

    def say(self, game_id: str, words: str) -> None:
        """The link's words about the game ``game_id`` (``""``: none)."""
        if words:
            self.words[game_id] = words
        else:
            self.words.pop(game_id, None)
