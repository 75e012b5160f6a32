"""Home: a tile per game that fits the board (it breathes while a game waits to be continued),
the brightness bar, the sensors pad and the sound switch."""

from __future__ import annotations

from typing import TYPE_CHECKING

from controller.app.games import fronts_for
from controller.app.screens.base import Screen
from controller.devices.interfaces import Sound
from controller.games import get_game
from controller.render.canvas import Canvas
from controller.render.menu import HomeLayout, draw_home

if TYPE_CHECKING:
    from controller.app.app import App

class HomeScreen(Screen):
    """The home menu."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        fronts = fronts_for(self.profile)
        self.games = tuple(game.name for game in fronts)
        """The games with a tile: those that fit this board."""
        self.icons = tuple(game.icon for game in fronts)
        self.layout = HomeLayout.of(self.profile, len(self.games))

    def pad_up(self, pad: int, now: float) -> Screen | None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return None
        kind, value = hit
        settings = self.app.settings
        if kind == "game":
            self.app.say(Sound.TAP)
            return self.app.open_game(self.games[value])
        if kind == "sensors":
            self.app.say(Sound.TAP)
            return self.app.sensors()
        if kind == "brightness":
            settings.brightness = value / len(self.layout.brightness)
        else:
            settings.sound = not settings.sound
        self.app.save_settings()
        self.app.say(Sound.TAP)
        return None

    def describe(self, now: float) -> str:
        settings = self.app.settings
        words = [f"Home · {len(self.games)} games"]
        waiting = [get_game(name).info.title for name in self.games
                   if name in self.app.waiting_games()]
        if waiting:
            words.append(f"{' and '.join(waiting)} waiting to be continued")
        words += [f"brightness {round(settings.brightness * 100)} %",
                  f"sound {'on' if settings.sound else 'off'}",
                  "touch a game's tile to play it"]
        return " · ".join(words)

    def draw(self, canvas: Canvas, now: float) -> bool:
        levels = len(self.layout.brightness)
        level = max(1, min(levels, round(self.app.settings.brightness * levels)))
        unfinished = self.app.waiting_games()
        waiting = [game in unfinished for game in self.games]
        return draw_home(canvas, self.profile, self.layout, level, self.app.settings.sound,
                         self.icons, waiting, now)
