"""Who plays: two people at the board, or a person against the computer at a level, the person
playing the colour the colour pad shows (touch it to switch). Then the game's own set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.ai.levels import LEVELS
from controller.app.screens.base import Screen
from controller.app.words import player_word
from controller.devices.interfaces import Sound
from controller.games import get_game
from controller.render.canvas import Canvas
from controller.render.color import player_colours
from controller.render.menu import PlayersLayout, draw_players

if TYPE_CHECKING:
    from controller.app.host import Host


class PlayersScreen(Screen):
    """The first step of setting up a game."""

    def __init__(self, host: Host[Screen], game: str) -> None:
        super().__init__(host)
        self.game = game
        self.layout = PlayersLayout.of(self.profile, len(LEVELS))
        self.colours = player_colours(get_game(game).info.players)
        self.colour = 0
        """The seat the person takes against the computer (0: the first player's)."""

    def pad_up(self, pad: int, now: float) -> Screen | None:
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
                f"{info.players[1 - self.colour].capitalize()}")

    def draw(self, canvas: Canvas, now: float) -> bool:
        draw_players(canvas, self.profile, self.layout, self.colour, self.colours)
        return False
