"""Setting up a game by its options (its face's, the same the web page offers): a row of pads
per option, the chosen value lit; the green tile starts the game.

A number (Cascades' top width) is a bar that lights up to the chosen value, so a longer bar is a
bigger board; a choice between words lights the chosen word's pad. ``docs/board.md`` says which
row is which for each game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from controller.app.screens.base import Screen
from controller.app.words import option_word
from controller.devices.interfaces import Sound
from controller.faces.setup import Menu, Number, allowed, kept
from controller.games import get_game
from controller.render.canvas import Canvas
from controller.render.menu import OPTION_COLOURS, OptionsLayout, draw_options

if TYPE_CHECKING:
    from controller.app.host import Host


@dataclass(frozen=True)
class Choice:
    """An option of the game and the values offered on this board."""

    name: str
    values: tuple[str, ...]
    default: str
    bar: bool = False
    """Show as a bar (a number: every pad up to the chosen one lit)."""

    @classmethod
    def of(cls, option: Menu | Number) -> Choice:
        """A row of pads for ``option``: a bar for a number, a pad a word for a menu."""
        return cls(option.name, option.values, str(option.default), isinstance(option, Number))


class OptionsScreen(Screen):
    """Choose ``options`` for game ``game`` (the computer in the seats ``levels`` names), then
    start it; the choices are kept for the next game of it."""

    def __init__(self, host: Host[Screen], game: str, options: Sequence[Menu | Number],
                 levels: dict[int, int]) -> None:
        super().__init__(host)
        self.game = game
        self.options = tuple(options)
        self.choices = tuple(Choice.of(option) for option in self.options)
        self.levels = levels
        self.chosen = kept(self.options, host.settings.options.get(game, {}))
        self.layout = OptionsLayout.of(self.profile, [len(c.values) for c in self.choices])

    def allowed(self, chosen: dict[str, str]) -> dict[str, str]:
        """``chosen`` with a choice that does not go with the others adjusted (a top row too
        wide for the slope's shape)."""
        return allowed(self.options, chosen)

    def pad_up(self, pad: int, now: float) -> Screen | None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return None
        self.host.say(Sound.TAP)
        row, index = hit
        if isinstance(row, str):  # the start tile
            self.host.settings.options[self.game] = dict(self.chosen)
            self.host.save_settings()
            return self.host.start_game(get_game(self.game).new(self.chosen), self.levels)
        choice = self.choices[row]
        self.chosen = self.allowed({**self.chosen, choice.name: choice.values[index]})
        language = self.host.settings.language
        self.host.caption(f"{option_word(language, choice.name)} "
                         f"{option_word(language, self.chosen[choice.name])}", now,
                         OPTION_COLOURS[row % len(OPTION_COLOURS)])
        return None

    def button_down(self, button: str, now: float) -> Screen | None:
        return self.host.home() if button == "menu" else None

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        row, index = hit
        if isinstance(row, str):
            return "start the game"
        choice = self.choices[row]
        return f"{choice.name} {choice.values[index]}"

    def describe(self, now: float) -> str:
        chosen = " · ".join(f"{choice.name} {self.chosen[choice.name]}"
                            for choice in self.choices)
        return (f"{get_game(self.game).info.title} · {chosen} · touch a value to change it, "
                "the start tile to play")

    def draw(self, canvas: Canvas, now: float) -> bool:
        picked = [choice.values.index(self.chosen[choice.name]) for choice in self.choices]
        draw_options(canvas, self.profile, self.layout, picked,
                     [choice.bar for choice in self.choices])
        return False
