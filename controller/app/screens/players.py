"""Who plays: two people at the board, or a person against the computer at a level, the person
playing the colour the colour pad shows (touch it to switch); once a broker is set up, a board
elsewhere (the pink pad above the colour pad). When the board knows people by name, the pad
left of the colour pad names the person in that colour: each touch the next name, then none
(two people: switch the colour and name the other). Then the game's own set-up."""

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
        self.people = host.people() if self.layout.name is not None else []
        """The names the name pad goes through."""
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
        if kind == "name":
            if self.people:
                name = self._next_name()
                host.caption(name or host.say_words("no name"), now, self.colours[self.colour])
            return None
        self.colour = 1 - self.colour
        players = get_game(self.game).info.players
        host.caption(player_word(host.settings.language, players[self.colour]), now,
                     self.colours[self.colour])
        return None

    def _following(self) -> str | None:
        """The name the name pad gives next: after the chosen one, the next that the other
        seat has not taken, after the last none."""
        names = self.host.seat_names
        current = names.get(self.colour)
        taken = {name for seat, name in names.items() if seat != self.colour}
        choices = [None, *(p for p in self.people if p not in taken)]
        return choices[(choices.index(current) + 1) % len(choices)] if current in choices \
            else None

    def _next_name(self) -> str | None:
        """Name the person in the chosen colour with the following name; that name."""
        following = self._following()
        if following is None:
            self.host.seat_names.pop(self.colour, None)
        else:
            self.host.seat_names[self.colour] = following
        return following

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
        if kind == "name":
            return self._name_words() if self.people else ""
        return f"you play {players[self.colour].capitalize()} · touch: play " \
            f"{players[1 - self.colour].capitalize()}"

    def _name_words(self) -> str:
        """What the name pad says and does (``Black is Anna · touch the name pad: Ben``)."""
        colour = get_game(self.game).info.players[self.colour].capitalize()
        name = self.host.seat_names.get(self.colour)
        return (f"{colour} is {name or 'not named'} · touch the name pad: "
                f"{self._following() or 'no name'}")

    def describe(self, now: float) -> str:
        info = get_game(self.game).info
        person = info.players[self.colour].capitalize()
        words = (f"{info.title} · who plays? Two people, or you ({person}) against the "
                 f"computer at level {LEVELS[0]} (gentle) to {LEVELS[-1]} · touch the colour "
                 f"pad to play {info.players[1 - self.colour].capitalize()}"
                 + (" · the pink pad above it: against a board elsewhere" if self.remote
                    else ""))
        return f"{words} · {self._name_words()}" if self.people else words

    def draw(self, canvas: Canvas, now: float) -> bool:
        named = self.colour in self.host.seat_names if self.people else None
        draw_players(canvas, self.profile, self.layout, self.colour, self.colours, named)
        if self.remote is not None:
            k = self.profile.per_pad
            canvas.block(self.remote[0] * k, self.remote[1] * k, solid_rows(k, REMOTE_PINK))
        return False
