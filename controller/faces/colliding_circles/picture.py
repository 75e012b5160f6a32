"""Colliding Circles on the LEDs: the 54 fields, dice as pips in each player's colour, both
hands, the pools, the scores, and the buttons to rethrow and end the turn.

The board keeps its own geometry: column A-F is a pad column, row 1-11 a pad row, so
neighbouring fields are neighbouring pads. On a 16 x 16 board::

    row 15   Red's score from the left ........ Black's score from the right
    rows 2-12  Red's pool | Red's hand |  the fields A-F  | Black's hand | Black's pool
    row 0    [rethrow]                           [end turn]

A score is a row of pads each worth 5 with the rest as pips on the last; a pool is a bar of
pads each holding four dice (the last one dimmer when it holds fewer).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from controller.games.colliding_circles.board import FIELDS
from controller.games.colliding_circles.pieces import HAND, owner_of, value_of
from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import BLACK_PLAYER, CONFIRM, HIGHLIGHT, RED_PLAYER, Colour, mix, scale
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
from controller.render.glyphs import number_rows, solid_rows
from controller.render.pixel_art import Art, art_icon
from controller.render.tile import Pad

WIDTH, HEIGHT = 14, 14
"""Pads the game needs: the fields with a hand and a pool each side; buttons and scores."""
POOL_PER_PAD = 4
HOLE: Colour = (90, 0, 0)
TARGET = 0.35
FLASH = 1.2
"""Seconds a circle just completed or broken blinks."""


def fits(profile: Profile) -> bool:
    """Whether the board, hands, pools and scores fit ``profile``'s grid."""
    return profile.columns >= WIDTH and profile.rows >= HEIGHT and profile.per_pad >= 2


@dataclass(frozen=True)
class CollidingCirclesLayout:
    """Where everything is on the grid."""

    fields: tuple[Pad, ...]
    hands: tuple[tuple[Pad, ...], tuple[Pad, ...]]
    pools: tuple[tuple[Pad, ...], tuple[Pad, ...]]
    """Each pool's bar, bottom first."""
    scores: tuple[tuple[Pad, ...], tuple[Pad, ...]]
    """Red's score pads from the left, Black's from the right."""
    rethrow: tuple[Pad, ...]
    end: tuple[Pad, ...]

    @classmethod
    def of(cls, profile: Profile) -> CollidingCirclesLayout:
        """Everything centred on the grid."""
        if not fits(profile):
            raise ValueError(f"Colliding Circles needs {WIDTH}x{HEIGHT} pads of 2x2 LEDs or more")
        left = (profile.columns - 6) // 2
        bottom = (profile.rows - HEIGHT) // 2 + 2
        fields = tuple((left + "ABCDEF".index(c), bottom + row - 1) for c, row in FIELDS)
        middle = bottom + 3
        hands = (tuple((left - 2, middle + 4 - i) for i in range(HAND)),
                 tuple((left + 7, middle + 4 - i) for i in range(HAND)))
        pools = (tuple((left - 4, bottom + i) for i in range(7)),
                 tuple((left + 9, bottom + i) for i in range(7)))
        top = bottom + 11
        half = profile.columns // 2
        scores = (tuple((x, top) for x in range(half)),
                  tuple((profile.columns - 1 - x, top) for x in range(profile.columns - half)))
        row = bottom - 2
        return cls(fields, hands, pools, scores, ((left, row), (left + 1, row)),
                   ((left + 4, row), (left + 5, row)))

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """``("field", n)``, ``("hand", index)`` of the player's own hand (any side),
        ``("rethrow", 0)``, ``("end", 0)`` or ``None``."""
        if pad in self.fields:
            return "field", self.fields.index(pad)
        for hand in self.hands:
            if pad in hand:
                return "hand", hand.index(pad)
        if pad in self.rethrow:
            return "rethrow", 0
        if pad in self.end:
            return "end", 0
        return None


@dataclass(frozen=True)
class CollidingCirclesView:
    """What to show."""

    board: Sequence[int]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    pools: tuple[int, int]
    scores: tuple[int, int]
    colours: tuple[Colour, Colour]
    holes: frozenset[int] = frozenset()
    chosen_die: int | None = None
    """The index in the mover's hand of the die picked up."""
    chosen_field: int | None = None
    """The field of a die picked up to manoeuvre."""
    targets: dict[int, int] = field(default_factory=dict)
    """Fields the picked die may go to, with the value it would show there."""
    can_rethrow: bool = False
    can_end: bool = False
    movable: frozenset[int] = frozenset()
    """Fields whose die may be manoeuvred now (only at the turn's start)."""
    last: tuple[int, ...] = ()
    flashing: tuple[int, ...] = ()
    """Fields of circles completed or broken by the last move."""
    hint: tuple[Pad, ...] = ()
    outlined: frozenset[int] = frozenset()
    """Fields of the circles through the field a finger rests on (its circles' outlines)."""
    turn: Turn = field(default_factory=Turn)


OUTLINE = 0.45
"""How far an outlined empty field is lit towards white."""


def draw_colliding_circles(canvas: Canvas, profile: Profile, layout: CollidingCirclesLayout,
                           view: CollidingCirclesView, now: float) -> bool:
    """Draw ``view``; returns whether the picture changes with time."""
    k = profile.per_pad
    animating = view.turn.thinking or view.turn.winner is not None
    theme = backdrop(canvas, view.colours, view.turn.to_move, view.turn.winner, now)
    empty = scale(theme, THINKING * pulse(now, 0.3) if view.turn.thinking else EMPTY)
    since_move = now - view.turn.moved_at
    flash_on = 0 <= since_move < FLASH and int(since_move / 0.2) % 2 == 0
    animating |= 0 <= since_move < FLASH and bool(view.flashing)
    for number, pad in enumerate(layout.fields):
        cell = view.board[number]
        if number in view.targets:
            owner = view.turn.to_move if view.chosen_die is not None else \
                owner_of(view.board[view.chosen_field]) if view.chosen_field is not None else 0
            rows = number_rows(k, view.targets[number], scale(view.colours[owner or 0], TARGET),
                               0.5)
        elif cell:
            colour = view.colours[owner_of(cell)]
            if number == view.chosen_field:
                colour = mix(colour, HIGHLIGHT, 0.5)
            elif number in view.last:
                colour = mix(colour, HIGHLIGHT, 0.25)
            if flash_on and number in view.flashing:
                colour = HIGHLIGHT
            rows = number_rows(k, value_of(cell), colour)
        elif number in view.holes:
            rows = solid_rows(k, HOLE)
        else:
            rows = solid_rows(k, mix(empty, HIGHLIGHT, OUTLINE) if number in view.outlined
                              else empty)
        if cell and number in view.outlined and number not in view.targets:
            rows = number_rows(k, value_of(cell), view.colours[owner_of(cell)],
                               OUTLINE)  # a die on the outline: its unlit LEDs glow
        canvas.block(pad[0] * k, pad[1] * k, rows)
    _hands(canvas, layout, view, k)
    _bars(canvas, layout, view, k)
    animating |= _buttons(canvas, layout, view, k, now)
    animating |= _hint(canvas, view, k, now)
    animating |= draw_touches(canvas, profile, view.turn.touches, now)
    return animating


def _hands(canvas: Canvas, layout: CollidingCirclesLayout, view: CollidingCirclesView,
           k: int) -> None:
    for player, pads in enumerate(layout.hands):
        colour = view.colours[player]
        if view.turn.to_move is not None and player != view.turn.to_move:
            colour = scale(colour, 0.5)
        for index, pad in enumerate(pads):
            if index >= len(view.hands[player]):
                continue
            shown = mix(colour, HIGHLIGHT, 0.5) if player == view.turn.to_move and \
                index == view.chosen_die else colour
            canvas.block(pad[0] * k, pad[1] * k,
                         number_rows(k, view.hands[player][index], shown))


def _bars(canvas: Canvas, layout: CollidingCirclesLayout, view: CollidingCirclesView,
          k: int) -> None:
    """The pools (a pad per four dice) and the scores (a pad per five points, the rest as
    pips)."""
    for player in (0, 1):
        colour = view.colours[player]
        pool = view.pools[player]
        for index, pad in enumerate(layout.pools[player]):
            held = min(POOL_PER_PAD, pool - index * POOL_PER_PAD)
            if held > 0:
                fill_at(canvas, pad, k, scale(colour, 0.15 + 0.15 * held))
        score = view.scores[player]
        pads = layout.scores[player]
        fives, rest = divmod(score, 5)
        for index in range(min(fives, len(pads))):
            fill_at(canvas, pads[index], k, colour)
        if rest and fives < len(pads):
            pad = pads[fives]
            canvas.block(pad[0] * k, pad[1] * k, number_rows(k, rest, colour))


def _buttons(canvas: Canvas, layout: CollidingCirclesLayout, view: CollidingCirclesView, k: int,
             now: float) -> bool:
    if view.turn.to_move is None or view.turn.thinking:
        return False
    level = 0.35 + 0.4 * pulse(now, 0.25)
    if view.can_rethrow:
        for pad in layout.rethrow:
            fill_at(canvas, pad, k, scale(view.colours[view.turn.to_move], level))
    if view.can_end:
        for pad in layout.end:
            fill_at(canvas, pad, k, scale(CONFIRM, level))
    return view.can_rethrow or view.can_end


def _hint(canvas: Canvas, view: CollidingCirclesView, k: int, now: float) -> bool:
    if view.turn.to_move is None:
        return False
    return blink_hint(canvas, view.hint, k, mix(view.colours[view.turn.to_move], HIGHLIGHT, 0.6),
                      view.turn.hint_at, now, HINT)


ICON: Art = {
    2: ("RB",
        "BR"),
    4: ("RR..",
        "RwB.",
        ".BwB",
        "..BB"),
    6: (".RR...",
        "Rw.R..",
        "R..BB.",
        ".RR..B",
        "..B.wB",
        "...BB."),
}
"""Two interlocking circles, a pip in each: a red and a blue one."""
ICON_PALETTE = {"R": RED_PLAYER, "B": BLACK_PLAYER, "w": HIGHLIGHT}


icon = art_icon(ICON, ICON_PALETTE)
"""Its home tile."""
