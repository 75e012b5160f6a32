"""The board's one line of words — what the LEDs show and what the next touch does — for the
simulator, the terminal, the web page and headless scripts.

A screen describes itself (``Screen.describe``), but the LEDs can show more than the screen:
the red frame of a lost touch board, a message in letters over the screen (a caption that
touches go through, an announcement that the next touch only skips), a board asleep that the
first touch only wakes. The line says those first, so it never promises what a touch will not
do; the screen's own words follow as what comes once they are gone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from controller.app.announcer import Announcer
    from controller.app.screens.base import Screen


def describe(screen: Screen, announcer: Announcer, touches_lost: str | None, now: float) -> str:
    """The LEDs at ``now`` in one line of words (see the module's text): ``screen`` under
    what ``announcer`` shows over it, and the frame of a touch board lost (``touches_lost``
    says why) around both."""
    words = screen.describe(now)
    if touches_lost is not None:
        return (f"Touch board lost ({touches_lost}): the LEDs show the game dimmed in a "
                "pulsing red frame and touches do nothing; check the touch board's cable, "
                f"nothing is lost · when it is back: {words}")
    overlay = _overlay(announcer, now)
    return f"{overlay} · then: {words}" if overlay else words


def _overlay(announcer: Announcer, now: float) -> str:
    """What lies over the screen and takes the next touch or lets it through, or ``""``."""
    words = []
    dimming = announcer.dimming(now)
    if dimming < 1.0:
        words.append("Asleep (" + ("dark" if dimming == 0 else "dimmed")
                     + "): the first touch only wakes the board")
    message = announcer.message
    if message is not None:
        shown = "a pairing code for the people at the board" if message.secret \
            else f'"{message.text}"'
        if message.caption:
            words.append(f"{shown} on the LEDs over the screen; a touch goes through")
        else:
            words.append(f"{shown} on the LEDs; the next touch only skips these words")
    return " · ".join(words)
