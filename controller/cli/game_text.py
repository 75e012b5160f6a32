"""Any game as text for the terminal, through its face (``controller/faces/NAME/text.py``):
its board — in colour where the terminal wants it, as on the LEDs (White bright, Black dark on
light, Red red, the big balls and the cards in their suits' colours), plain otherwise — how to
play it, and what a move did, step by step where the LEDs animate it (Kaskade's cascades)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from controller.cli import ansi
from controller.faces.face import face
from controller.faces.text import Paint, move_said, plain
from controller.games import Event, GameState
from controller.games.status import status_line

ROLES = {
    "white": ansi.WHITE_BALLS, "black": ansi.BLACK_BALLS, "dim": ansi.DIM,
    "critical": ansi.UNDERLINE, "last": ansi.REVERSE, "red": "1;31", "ball": "1;35",
    # each suit's colour, as near as a terminal's sixteen come to the LEDs' (Moons lilac, Suns
    # yellow, Waves blue, Leaves green, Wyrms purple, Knots brick red)
    "suit-M": "1;95", "suit-S": "1;93", "suit-W": "1;94", "suit-L": "1;92", "suit-Y": "35",
    "suit-K": "31",
}
"""The terminal's colour for each role a face gives a piece of its board."""
STYLE_WORDS = {ansi.UNDERLINE: "underlined", ansi.REVERSE: "reversed"}
"""How a legend names a style that is not a colour."""
ANIMATION_SECONDS = 3.0
"""Longest a move's animation may take; long cascades are played faster."""
STEP_SECONDS = 0.3


def coloured(token: str, roles: Sequence[str]) -> str:
    """The :data:`~controller.faces.face.Paint` of a terminal in colour."""
    return ansi.style(token, *(ROLES[role] for role in roles if role in ROLES))


def painter(colour: bool) -> Paint:
    return coloured if colour else plain


def how_to_play(state: GameState[Any]) -> str:
    """How the game is won and how its moves are typed."""
    return face(state.info.name).how_to_play.text()


def board(state: GameState[Any], colour: bool) -> str:
    """The game's board as text, in colour when ``colour`` (with a legend of what a style
    means where a style alone says it)."""
    text = face(state.info.name).text
    drawn = text.board(state, painter(colour))
    if not colour or not text.legend:
        return drawn
    legend = " · ".join(f"{STYLE_WORDS.get(ROLES.get(role, ''), role)}: {meaning}"
                        for role, meaning in text.legend.items())
    return f"{drawn}\n{ansi.style(legend, ansi.DIM)}"


def picture(state: GameState[Any], colour: bool) -> str:
    """The game as the terminal shows it: its status line over its board."""
    return f"{status_line(state)}\n{board(state, colour)}"


def said(state: GameState[Any], move: Any) -> str:
    """``move``, about to be played from ``state``, as people read it (a chance step in words,
    a shuffled deck's order never)."""
    return move_said(state, move, face(state.info.name).text.chance)


def move_words(state: GameState[Any], events: Sequence[Event]) -> str | None:
    """What the move that gave ``events`` did, in a sentence, where its face says one."""
    words = face(state.info.name).text.words
    return None if words is None else words(events)


def animate(before: GameState[Any], after: GameState[Any], events: Sequence[Event],
            colour: bool, write: Callable[[str], None], sleep: Callable[[float], None]) -> None:
    """Show what a move did step by step, each step drawn over the last, as the LEDs animate
    it (nothing for a game whose moves show in one picture)."""
    steps = face(after.info.name).text.steps
    frames = [] if steps is None else steps(before, after, events, painter(colour))
    if not frames:
        return
    delay = min(STEP_SECONDS, ANIMATION_SECONDS / max(1, len(frames) - 1))
    lines = 0
    for index, (drawn, caption) in enumerate(frames):
        if index:
            sleep(delay)
            write(f"\x1b[{lines}F\x1b[J")
        text = f"{caption}\n{drawn}"
        write(text)
        lines = text.count("\n") + 1
    sleep(delay)
    write(f"\x1b[{lines}F\x1b[J")
