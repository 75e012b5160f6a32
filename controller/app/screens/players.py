"""Who plays: two people at the board, or a person against the computer at a level, the person
playing the colour the colour pad shows (touch it to switch); once a broker is set up, a board
elsewhere (the pink pad above the colour pad). Then the game's own set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.ai.levels import LEVELS
from controller.app.screens.base import Screen
from controller.app.words import player_word
from controller.devices.interfaces import Sound
from controller.games import get_game
from controller.render.canvas import Canvas
from controller.render.color import Colour, player_colours
from controller.render.glyphs import solid_rows
from controller.render.menu import PlayersLayout, draw_players

if TYPE_CHECKING:
    from controller.app.host import Host

REMOTE_PINK: Colour = (255, 0, 170)
"""The pad for a board elsewhere (and the digits of an invite code)."""


class PlayersScreen(Screen):
    """The first step of setting up a game."""

    def __init__(self, host: Host[Screen], game: str) -> None:
        super().__init__(host)
        self.game = game
        self.layout = PlayersLayout.of(self.profile, len(LEVELS))
        self.colours = player_colours(get_game(game).info.players)
        self.colour = 0
        """The seat the person takes against the computer (0: the first player's)."""
        column, row = self.layout.colour
        self.remote = (column, row + 1) if row + 1 < self.layout.people.row and \
            host.remote_setup is not None else None
        """The pad for a game with a board elsewhere, when one can be had."""

    def pad_up(self, pad: int, now: float) -> Screen | None:
        if self.remote is not None and self.pad(pad) == self.remote and \
                self.host.remote_setup is not None:
            self.host.say(Sound.TAP)
            return self.host.remote_setup(self.game, self.colour)
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return None
        kind, value = hit
        host = self.host
        host.say(Sound.TAP)
        if kind == "people":
            host.caption(host.say_words("two people"), now)
            return host.set_up(self.game, {})
        if kind == "level":
            host.caption(host.say_words("level", level=value), now)
            return host.set_up(self.game, {1 - self.colour: value})
        self.colour = 1 - self.colour
        players = get_game(self.game).info.players
        host.caption(player_word(host.settings.language, players[self.colour]), now,
                    self.colours[self.colour])
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        return self.host.home() if button == "menu" else None

    def pad_words(self, pad: int) -> str:
        if self.remote is not None and self.pad(pad) == self.remote:
            return "you against a board elsewhere: offer a game or type its invite code"
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        kind, value = hit
        players = get_game(self.game).info.players
        if kind == "people":
            return "two people at the board"
        if kind == "level":
            return f"you against the computer at level {value}"
        return f"you play {players[self.colour].capitalize()} · touch: play " \
            f"{players[1 - self.colour].capitalize()}"

    def describe(self, now: float) -> str:
        info = get_game(self.game).info
        person = info.players[self.colour].capitalize()
        return (f"{info.title} · who plays? Two people, or you ({person}) against the computer "
                f"at level {LEVELS[0]} (gentle) to {LEVELS[-1]} · touch the colour pad to play "
                f"{info.players[1 - self.colour].capitalize()}"
                + (" · the pink pad above it: against a board elsewhere" if self.remote else ""))

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_players(canvas, self.profile, self.layout, self.colour, self.colours)
        if self.remote is not None:
            k = self.profile.per_pad
            canvas.block(self.remote[0] * k, self.remote[1] * k, solid_rows(k, REMOTE_PINK))
        return False
