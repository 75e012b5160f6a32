"""Offer or join a game with a board elsewhere, by touch (reached from the players screen's
remote pad, which shows only once a broker is set up).

The green tile at the top right (its corner in the colour played here) offers the game — with
its last set-up on this board, or the set-up this board suggests for it the first time (a size
that fits) — and the game starts at once, its invite code scrolling over it
until the other board joins. The ten pink digit pads (0-4 along the bottom row, 5-9 along the
row above, brighter as they count up) enter the other board's code: each touch shows the code
so far, and the sixth digit looks the game up; the menu button goes back home.
"""

from __future__ import annotations

from typing import Protocol

from controller.app.host import Host
from controller.app.screens.base import Screen
from controller.app.screens.players import REMOTE_PINK
from controller.devices.interfaces import Sound
from controller.errors import KaskadeError
from controller.faces.face import face
from controller.faces.setup import kept
from controller.games import get_game
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, HIGHLIGHT, OFF, Colour, player_colours, scale
from controller.render.glyphs import solid_rows
from controller.render.menu import Tile, tile_size


class RemoteError(KaskadeError, ValueError):
    """A remote game cannot be offered or joined now (the reason says why)."""


class Invites(Protocol):
    """Offering and joining a game with a board elsewhere: what the screen asks of the link
    (which keeps the broker), so that the screen needs neither the link nor the app."""

    def offer(self, game: str, options: dict[str, str], here: list[int]) -> str:
        """Start a game of ``game`` here, this board playing the seats ``here``; its invite
        code. ``RemoteError`` when it cannot be offered now."""

    def join(self, code: str) -> None:
        """Look up the game ``code`` stands for. ``RemoteError`` when it cannot be joined."""

    def cancel_join(self) -> None:
        """Stop looking up an invite code."""

    def trouble(self, now: float) -> str:
        """Why the broker cannot be used now (``""`` while it can): a code looked up
        meanwhile cannot be found."""

LOOKUP_SECONDS = 20.0
"""How long a code is looked up before the screen says nobody offers a game under it."""
DIGIT_COLOUR: Colour = REMOTE_PINK


class RemoteScreen(Screen):
    """Offer ``game`` (the person here playing seat ``colour``) or join by code."""

    def __init__(self, host: Host[Screen], invites: Invites, game: str, colour: int) -> None:
        super().__init__(host)
        self.invites = invites
        self.game = game
        self.colour = colour
        self.code = ""
        self.looking_since: float | None = None
        size = tile_size(self.profile)
        self.offer_tile = Tile(self.profile.columns - size, self.profile.rows - size, size)
        self.digits = {(index % 5, index // 5): index for index in range(10)}

    def options(self) -> dict[str, str]:
        """The game's last set-up on this board, as its own set-up would start from it (the
        first time: the set-up the board suggests, which fits it)."""
        settings = self.host.settings
        saved = {"size": settings.sizes[self.game]} if self.game in settings.sizes else \
            settings.options.get(self.game, {})
        return kept(face(self.game).options(self.profile), saved)

    def pad_up(self, pad: int, now: float) -> Screen | None:
        where = self.pad(pad)
        host = self.host
        if self.offer_tile.contains(where):
            try:
                self.invites.offer(self.game, self.options(), [self.colour])
            except RemoteError as error:
                host.say(Sound.ILLEGAL)
                host.announce(str(error), HIGHLIGHT, now)
                return None
            host.say(Sound.TAP)
            return None  # the game offered is on the board now
        digit = self.digits.get(where)
        if digit is None or self.looking_since is not None:
            return None
        host.say(Sound.TAP)
        self.code += str(digit)
        host.caption(self.code, now, DIGIT_COLOUR)
        if len(self.code) == 6:
            try:
                self.invites.join(self.code)
            except RemoteError as error:
                host.say(Sound.ILLEGAL)
                host.announce(str(error), HIGHLIGHT, now)
                self.code = ""
                return None
            self.looking_since = now
        return None

    def tick(self, now: float) -> Screen | None:
        if self.looking_since is not None and now - self.looking_since > LOOKUP_SECONDS:
            self.host.say(Sound.ILLEGAL)
            if not self.invites.trouble(now):  # the link's fault is on show already
                self.host.announce(f"no game under {self.code}", HIGHLIGHT, now)
            self.invites.cancel_join()
            self.code, self.looking_since = "", None
        return None

    def wakeup(self, now: float) -> float | None:
        return None if self.looking_since is None else self.looking_since + LOOKUP_SECONDS

    def button_down(self, button: str, now: float) -> Screen | None:
        if button != "menu":
            return None
        self.invites.cancel_join()
        return self.host.home()

    def pad_words(self, pad: int) -> str:
        where = self.pad(pad)
        if self.offer_tile.contains(where):
            return f"offer a game of {get_game(self.game).info.title}"
        digit = self.digits.get(where)
        return "" if digit is None else f"the digit {digit} of an invite code"

    def describe(self, now: float) -> str:
        title = get_game(self.game).info.title
        player = get_game(self.game).info.players[self.colour].capitalize()
        if self.looking_since is not None:
            trouble = self.invites.trouble(now)
            return f"{title} with a board elsewhere · looking up the invite code {self.code} " \
                f"for {now - self.looking_since:.0f} s" + (f" · {trouble}" if trouble else "")
        typed = f" · typed so far: {self.code}" if self.code else ""
        return (f"{title} with a board elsewhere, you playing {player} · touch the green tile "
                "at the top right to offer a game (its invite code shows for the other "
                "board), or type the other board's invite code on the pink digit pads: 0-4 "
                f"along the bottom row, 5-9 along the row above{typed} · menu: back home")

    def draw(self, canvas: Canvas, now: float) -> bool:
        k = self.profile.per_pad
        canvas.fill(OFF)
        for (column, row), digit in self.digits.items():
            shade = scale(DIGIT_COLOUR, 0.35 + 0.065 * digit)
            canvas.block(column * k, row * k, solid_rows(k, shade))
        colour = player_colours(get_game(self.game).info.players)[self.colour]
        for column, row in self.offer_tile.pads():
            canvas.block(column * k, row * k, solid_rows(k, CONFIRM))
        column, row = self.offer_tile.column, self.offer_tile.row
        canvas.block(column * k, row * k, solid_rows(k, colour))
        return False
