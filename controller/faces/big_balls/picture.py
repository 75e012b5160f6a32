"""Big Balls on the LEDs: the triangle on the pad grid, numbered stones, big balls, the die,
the stones the die lets move, a chosen piece and where it can go, hints, the win.

The triangle is drawn skewed: hole (file f, rank r) sits on pad (f − 1, r − 1) from the bottom
left, so its neighbours are the pads next to it (north-east straight up, north-west up-left,
south-east down-right). The die is a block of 3 x 3 pads above the triangle's long side: its
face is the die's pips; before a throw it is the button to throw (it breathes in the colour of
the player to move); it also shows the number of a stone a finger rests on, for boards whose
pads have one LED.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from controller.games.big_balls import HOLES
from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import (
    BIG_BALL,
    BLACK_PLAYER,
    HIGHLIGHT,
    WHITE_PLAYER,
    Colour,
    mix,
    scale,
)
from controller.render.feedback import (
    EMPTY,
    HINT,
    THINKING,
    Turn,
    backdrop,
    blink_hint,
    draw_touches,
    fill_at,
)
from controller.render.glyphs import number_rows, pip_pads, solid_rows
from controller.render.pixel_art import Art, art_icon
from controller.render.tile import Pad

PIP: Colour = (255, 255, 255)
TARGET = 0.55
"""Brightness of a hole the chosen piece may go to, in the mover's colour (a piece it would
take blinks with it)."""
ROLLING = 0.6
"""Seconds the die tumbles before it shows its number."""
SIDE = 8
"""Pads the triangle and the die need each way."""


def fits(profile: Profile) -> bool:
    """Whether the triangle and the die fit ``profile``'s grid."""
    return profile.columns >= SIDE and profile.rows >= SIDE


@dataclass(frozen=True)
class BigBallsLayout:
    """Where each hole and the die are on the grid."""

    holes: tuple[Pad, ...]
    die: tuple[Pad, ...]
    """The die's 3 x 3 pads, bottom row first, left to right."""

    @classmethod
    def of(cls, profile: Profile) -> BigBallsLayout:
        """The triangle and die centred on the grid."""
        if not fits(profile):
            raise ValueError(f"Big Balls needs {SIDE}x{SIDE} pads")
        left, bottom = (profile.columns - SIDE) // 2, (profile.rows - SIDE) // 2
        holes = tuple((left + file - 1, bottom + rank - 1) for file, rank in HOLES)
        die = tuple((left + 5 + x, bottom + 5 + y) for y in range(3) for x in range(3))
        return cls(holes, die)

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """``("hole", number)``, ``("die", 0)`` or ``None``."""
        if pad in self.die:
            return "die", 0
        try:
            return "hole", self.holes.index(pad)
        except ValueError:
            return None


@dataclass(frozen=True)
class BigBallsView:
    """What to show."""

    board: Sequence[int]
    """Per hole: 0 empty, -1 a big ball, else a stone ``player * 6 + number``."""
    colours: tuple[Colour, Colour]
    die: int | None = None
    """The die's number while its stone is to move."""
    rolling_since: float | None = None
    """The die tumbles (a throw was made, its number not yet shown)."""
    can_throw: bool = False
    movable: frozenset[int] = frozenset()
    """Holes of the stones the die lets move (they blink)."""
    chosen: int | None = None
    """The hole of the piece picked up by a touch."""
    targets: frozenset[int] = frozenset()
    """Where the chosen piece may go."""
    shown_number: tuple[int, int] | None = None
    """``(player, number)`` of a stone a finger rests on, shown on the die."""
    last: tuple[int, ...] = ()
    """The holes of the last move (from, to)."""
    hint: tuple[int, ...] = ()
    """Holes a hint points at, or ``(-1,)`` for the die."""
    turn: Turn = field(default_factory=Turn)


def draw_big_balls(canvas: Canvas, profile: Profile, layout: BigBallsLayout, view: BigBallsView,
                   now: float) -> bool:
    """Draw ``view``; returns whether the picture changes with time."""
    k = profile.per_pad
    animating = view.turn.thinking or view.turn.winner is not None or view.rolling_since is not None
    theme = backdrop(canvas, view.colours, view.turn.to_move, view.turn.winner, now)
    empty = scale(theme, THINKING * pulse(now, 0.3) if view.turn.thinking else EMPTY)
    blink_on = int(now / 0.3) % 2 == 0
    target = scale(theme, TARGET)
    for hole, value in enumerate(view.board):
        column, row = layout.holes[hole]
        if hole in view.targets and (value == 0 or not blink_on):
            rows = solid_rows(k, target)
            animating |= value != 0
        elif value == 0:
            rows = solid_rows(k, empty)
        elif value < 0:
            rows = solid_rows(k, BIG_BALL)
        else:
            player, number = (value - 1) // 6, (value - 1) % 6 + 1
            colour = view.colours[player]
            if hole == view.chosen:
                colour = mix(colour, HIGHLIGHT, 0.5)
            elif hole in view.movable:
                colour = colour if blink_on else scale(colour, 0.35)
                animating = True
            rows = number_rows(k, number, colour)
        if hole == view.chosen and value < 0:
            rows = solid_rows(k, mix(BIG_BALL, HIGHLIGHT, 0.5))
        canvas.block(column * k, row * k, rows)
    animating |= _die(canvas, layout, view, k, now)
    animating |= _hint(canvas, layout, view, k, now)
    animating |= draw_touches(canvas, profile, view.turn.touches, now)
    return animating


def _die(canvas: Canvas, layout: BigBallsLayout, view: BigBallsView, k: int,
         now: float) -> bool:
    """The die block: a stone's number under a finger, the tumbling or thrown die, or the
    throw button."""
    if view.turn.to_move is None and view.turn.winner is None:
        return False
    owner = view.turn.to_move if view.turn.to_move is not None else view.turn.winner
    assert owner is not None
    colour = view.colours[owner]
    face: int | None = None
    animating = False
    if view.shown_number is not None:
        owner, face = view.shown_number
        colour = view.colours[owner]
    elif view.rolling_since is not None:
        face = 1 + int((now - view.rolling_since) / 0.08) % 6
        animating = True
    elif view.die is not None:
        face = view.die
    elif view.can_throw and not view.turn.thinking:
        level = pulse(now, 0.25)
        for pad in layout.die:
            fill_at(canvas, pad, k, scale(colour, 0.6 * level))
        return True
    else:
        return False
    pips = pip_pads(face)
    for index, pad in enumerate(layout.die):
        place = (index % 3, index // 3)
        fill_at(canvas, pad, k, PIP if place in pips else scale(colour, 0.45))
    return animating


def _hint(canvas: Canvas, layout: BigBallsLayout, view: BigBallsView, k: int,
          now: float) -> bool:
    if not view.hint or view.turn.to_move is None:
        return False
    pads = layout.die if view.hint == (-1,) else [layout.holes[h] for h in view.hint]
    return blink_hint(canvas, pads, k, mix(view.colours[view.turn.to_move], HIGHLIGHT, 0.6),
                      view.turn.hint_at, now, HINT)


ICON: Art = {
    2: ("M.",
        "WB"),
    4: ("M...",
        "MM..",
        "gWg.",
        "gBgW"),
    6: ("M.....",
        "MM....",
        "ggg...",
        "gWgB..",
        "ggggg.",
        "BgWggB"),
}
"""The triangle of holes with a big ball at its apex and stones of both colours."""
ICON_PALETTE = {"M": BIG_BALL, "W": WHITE_PLAYER, "B": BLACK_PLAYER, "g": (45, 45, 45)}


icon = art_icon(ICON, ICON_PALETTE)
"""Its home tile."""
