"""Messages in letters over whatever screen is on show, and the board's sleep when nobody has
touched it for a while.

Two kinds of message: a *caption* names what a touch just chose on a menu (a game's name, an
option's value) and lets every touch through to the screen; an *announcement* says something
about the game ("White to move", "Black wins 5:3") and a touch only skips it, so a player who
touches at once never plays a move by accident (a button ends either and still acts). Either
ends by itself after its time (``controller/render/marquee.py``).

Sleep: after ``Settings.sleep_minutes`` without input the LEDs dim, after as long again they
go dark; the game stays as it is. The first touch or button after that only wakes the board.
The LEDs can also be put out at once (Home Assistant's "LEDs off"): dark as in sleep, until a
touch, a button or "LEDs on" wakes the board.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from controller.devices.interfaces import ButtonDown, InputEvent, PadDown, PadUp
from controller.render.canvas import Canvas
from controller.render.color import Colour
from controller.render.marquee import WHITE, Lettering, draw_message

DIMMED = 0.25
"""Brightness, relative to the setting, of a board that has begun to sleep."""


SPOKEN_KEPT = 8
"""Words said lately, kept for whoever speaks them elsewhere (the web page's voice)."""


@dataclass
class Message:
    """A message on show: its lettering and colour, since when (``None`` until first drawn),
    and whether a touch goes through to the screen."""

    lettering: Lettering
    colour: Colour
    started: float | None
    caption: bool
    text: str
    secret: bool = False
    """A pairing code: for the people at the board only (the web companion covers it)."""


class Announcer:
    """The message over a board ``width`` x ``height`` LEDs, and its sleep."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self.message: Message | None = None
        self._swallowed: set[int] = set()
        """Pads whose touch skipped a message or woke the board: their release is not a tap."""
        self.last_input: float | None = None
        self.sleep_after: float | None = None
        """Seconds without input before dimming (``None``: never)."""
        self.out = False
        """The LEDs were put out: dark until the board is woken."""
        self.spoken: deque[tuple[int, str]] = deque(maxlen=SPOKEN_KEPT)
        """The latest words to say aloud, each with its number (they count up from 1): what
        each message writes, or the fuller words it was given to say; never a secret one."""
        self.spoken_count = 0

    # -- messages -------------------------------------------------------------------------------

    def announce(self, text: str, colour: Colour = WHITE, now: float | None = None,
                 spoken: str | None = None) -> None:
        """Show ``text``; a touch skips it and does nothing else. Its clock starts at ``now``,
        or when it is first drawn. It is said aloud as ``spoken`` where given (a lesson's step
        in full beside its few words on the LEDs), else as written."""
        self._show(text, colour, now, caption=False, spoken=spoken)

    def caption(self, text: str, now: float | None = None, colour: Colour = WHITE,
                secret: bool = False, spoken: str | None = None) -> None:
        """Show ``text`` while touches go on to the screen (the next touch ends it); a
        ``secret`` one is for the people at the board only (see :attr:`secret`) and is never
        said aloud; any other is said as ``spoken`` where given, else as written."""
        self._show(text, colour, now, caption=True, secret=secret, spoken=spoken)

    def _show(self, text: str, colour: Colour, now: float | None, caption: bool,
              secret: bool = False, spoken: str | None = None) -> None:
        lettering = Lettering.of(text, self.width, self.height)
        self.message = Message(lettering, colour, now, caption, text, secret)
        if not secret:
            self.spoken_count += 1
            self.spoken.append((self.spoken_count, spoken or text))

    def said_since(self, count: int) -> list[tuple[int, str]]:
        """The words to say aloud numbered after ``count`` (as many as are kept)."""
        return [(number, text) for number, text in self.spoken if number > count]

    def clear(self) -> None:
        """Take the message away."""
        self.message = None

    @property
    def secret(self) -> bool:
        """Whether what is on show is for the people at the board only (a pairing code):
        whoever shows the LEDs elsewhere covers them meanwhile."""
        return self.message is not None and self.message.secret

    @property
    def text(self) -> str | None:
        """The message on show, if any."""
        return None if self.message is None else self.message.text

    # -- input and time -------------------------------------------------------------------------

    def intercept(self, event: InputEvent, now: float) -> bool:
        """Whether ``event`` ends here (it woke the board, or a touch skipped an announcement)
        instead of going to the screen. A button is pressed on purpose: it ends a message
        and still acts."""
        if isinstance(event, PadUp):
            if event.pad in self._swallowed:
                self._swallowed.discard(event.pad)
                return True
            return False
        if not isinstance(event, (PadDown, ButtonDown)):
            return False
        asleep = self.dimming(now) < 1.0
        self.last_input, self.out = now, False
        message, swallowed = self.message, asleep
        if message is not None:
            self.message = None
            swallowed |= not message.caption and isinstance(event, PadDown)
        if swallowed and isinstance(event, PadDown):
            self._swallowed.add(event.pad)
        return swallowed

    def activity(self, now: float) -> None:
        """Something happened that a person watches (the computer moved, an update went on):
        the board stays awake, or wakes."""
        self.last_input, self.out = now, False

    def lights_out(self) -> None:
        """Dark now, the game as it is, until a touch, a button or :meth:`activity`."""
        self.out = True

    def tick(self, now: float) -> None:
        """End a message whose time is up."""
        message = self.message
        if message is not None and message.started is not None and \
                now >= message.started + message.lettering.duration(self.width):
            self.message = None

    def wakeup(self, now: float) -> float | None:
        """When the message ends or the board next dims."""
        times = []
        if self.message is not None and self.message.started is not None:
            times.append(self.message.started + self.message.lettering.duration(self.width))
        if self.sleep_after is not None and self.last_input is not None:
            for step in (self.sleep_after, 2 * self.sleep_after):
                if self.last_input + step > now:
                    times.append(self.last_input + step)
                    break
        return min(times) if times else None

    def dimming(self, now: float) -> float:
        """How bright the board is while it sleeps: 1 awake, ``DIMMED``, then 0 (dark, or
        put out)."""
        if self.out:
            return 0.0
        if self.sleep_after is None:
            return 1.0
        if self.last_input is None:
            self.last_input = now
        idle = now - self.last_input
        if idle >= 2 * self.sleep_after:
            return 0.0
        return DIMMED if idle >= self.sleep_after else 1.0

    def draw(self, canvas: Canvas, now: float) -> bool:
        """The message over the picture; whether it moves."""
        message = self.message
        if message is None:
            return False
        if message.started is None:
            message.started = now
        draw_message(canvas, message.lettering, now - message.started, message.colour)
        return message.lettering.scrolls
