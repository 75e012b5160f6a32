"""The Decktet solitaire on the LEDs: three tiers with a column per rank, the waste's top card,
the reserve piles, the stock, the passes and the cards left.

A card is a pad lit in its suits' colours (two suits: left half and right half; three: three
of the four LEDs), so it needs pads of 2 x 2 LEDs or more. In the tiers the column tells the
rank — Ace Ace 2 3 4 5 6 7 8 9 Crown Crown, then Pawn Pawn Court Court with the extended deck —
so 12 columns (16 with Pawns and Courts) and 13 rows are needed. On a 16 x 16 board::

    row 15   passes left (left) ............ cards left, a pad per four (right)
    row 13   top tier          (a column per rank; the end card breathes)
    row 11   middle tier
    row  9   bottom tier
    row  7   the ruler: the picked card's rank column lit
    rows 3-5 reserve piles 1 2 3 | the waste's top card (2 x 2 pads) | the stock (2 x 2 pads)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from controller.games import GameState
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.cascades_decktet.cards import ACE, CARDS, COURT, CROWN, PAWN, TWICE
from controller.profile.model import Profile
from controller.render.breath import pulse
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, HIGHLIGHT, ILLEGAL, NEUTRAL, Colour, mix, scale
from controller.render.feedback import HINT, Turn, blink_hint, draw_touches, fill_at
from controller.render.pixel_art import Art, art_icon
from controller.render.tile import Pad

SUIT_COLOURS: tuple[Colour, ...] = (
    (255, 120, 255),   # Moons: lilac
    (240, 255, 0),     # Suns: yellow
    (0, 35, 255),      # Waves: blue
    (85, 255, 170),    # Leaves: mint green
    (85, 35, 85),      # Wyrms: dark purple
    (155, 35, 15),     # Knots: brick red
)
"""Chosen by lightness as much as hue, so every pair stays apart for people with protanopia,
deuteranopia or tritanopia (tests/controller/render/test_colour_vision.py)."""
BASIC_COLUMNS, EXTENDED_COLUMNS, ROWS = 12, 16, 13
PASS: Colour = (255, 140, 0)
FACE_DOWN: Colour = (60, 60, 60)
UNKNOWN: Colour = (255, 190, 0)
VERDICT = 4.0
"""Seconds a hint's verdict (green winnable, red lost, amber unknown) stays on show."""


def fits(profile: Profile, extended: bool = False) -> bool:
    """Whether the table fits ``profile``'s grid (``extended``: with Pawns and Courts)."""
    columns = EXTENDED_COLUMNS if extended else BASIC_COLUMNS
    return profile.columns >= columns and profile.rows >= ROWS and profile.per_pad >= 2


def rank_column(rank: int, copy: int) -> int:
    """The column (0-15) of a tier for the ``copy``-th (0 or 1) card of ``rank``."""
    if rank == ACE:
        return copy
    if rank == CROWN:
        return 10 + copy
    if rank == PAWN:
        return 12 + copy
    if rank == COURT:
        return 14 + copy
    return rank


@lru_cache(maxsize=512)
def card_rows(k: int, card: int, level: float = 1.0) -> tuple[bytes, ...]:
    """A card's pad: its suits' colours spread over the LEDs (bottom row first)."""
    suits = CARDS[card].suits
    colours = [bytes(scale(SUIT_COLOURS[s], level)) for s in suits]
    rows = []
    for y in range(k):
        line = b""
        for x in range(k):
            if len(suits) == 2:
                line += colours[0 if x < (k + 1) // 2 else 1]
            else:
                line += colours[(y * k + x) % len(suits)]
        rows.append(line)
    return tuple(rows)


@dataclass(frozen=True)
class CascadesDecktetLayout:
    """Where everything is on the grid."""

    left: int
    """The column of rank Ace in the tiers."""
    tiers: tuple[int, int, int]
    """The row of each tier."""
    ruler: int
    reserves: tuple[tuple[Pad, ...], ...]
    """Each pile's pads, bottom first: one per card, the top card's pad last."""
    waste: tuple[Pad, ...]
    stock: tuple[Pad, ...]
    passes: tuple[Pad, ...]
    left_bar: tuple[Pad, ...]
    verdict: Pad

    @classmethod
    def of(cls, profile: Profile, extended: bool = False) -> CascadesDecktetLayout:
        if not fits(profile, extended):
            raise ValueError("the Decktet solitaire needs 12 x 13 pads (16 x 13 with Pawns and "
                             "Courts) of 2 x 2 LEDs or more")
        width = EXTENDED_COLUMNS if extended else BASIC_COLUMNS
        left = (profile.columns - width) // 2
        bottom = (profile.rows - ROWS) // 2
        middle = profile.columns // 2
        reserves = tuple(tuple((middle - 7 + 2 * p, bottom + 3 + i) for i in range(3))
                         for p in range(3))
        waste = tuple((middle + x, bottom + 4 + y) for y in range(2) for x in range(2))
        stock = tuple((middle + 3 + x, bottom + 4 + y) for y in range(2) for x in range(2))
        top = bottom + ROWS - 1
        return cls(left, (top - 2, top - 4, top - 6), top - 8, reserves, waste, stock,
                   tuple((x, top) for x in range(3)),
                   tuple((profile.columns - 1 - x, top) for x in range(11)),
                   (middle, top))

    def tier_pad(self, tier: int, rank: int, copy: int) -> Pad:
        return self.left + rank_column(rank, copy), self.tiers[tier]

    def hit(self, pad: Pad) -> tuple[str, int] | None:
        """``("tier", n)``, ``("reserve", n)``, ``("waste", 0)``, ``("stock", 0)`` or
        ``None``."""
        if pad[1] in self.tiers and self.left <= pad[0] < self.left + EXTENDED_COLUMNS:
            return "tier", self.tiers.index(pad[1])
        for pile, pads in enumerate(self.reserves):
            if pad in pads:
                return "reserve", pile
        if pad in self.waste:
            return "waste", 0
        if pad in self.stock:
            return "stock", 0
        return None


@dataclass(frozen=True)
class CascadesDecktetView:
    """What to show."""

    tiers: Sequence[Sequence[int]]
    reserves: Sequence[Sequence[int]]
    opened: int
    waste_top: int | None
    stock: int
    can_turn: bool = False
    passes_left: int | None = None
    cards_left: int = 0
    chosen: int | None = None
    """The card picked up (from the waste or a reserve)."""
    targets: frozenset[int] = frozenset()
    """Tiers the picked card may go to."""
    verdict: float | None = None
    """The last hint's verdict: 1 winnable, -1 lost, 0 unknown."""
    hint: tuple[Pad, ...] = ()
    turn: Turn = field(default_factory=Turn)


def draw_cascades_decktet(canvas: Canvas, profile: Profile, layout: CascadesDecktetLayout,
                          view: CascadesDecktetView, now: float) -> bool:
    """Draw ``view``; returns whether the picture changes with time."""
    k = profile.per_pad
    canvas.fill((0, 0, 0))
    animating = view.turn.thinking or view.turn.winner == 0
    glow = pulse(now, 0.4)
    if view.turn.winner == 0:
        canvas.fill(scale(CONFIRM, 0.25 * glow))
    for tier, row in enumerate(view.tiers):
        copies: dict[int, int] = {}
        for index, card in enumerate(row):
            rank = CARDS[card].rank
            copy = copies.get(rank, 0)
            copies[rank] = copy + 1
            end = index == len(row) - 1
            level = 0.55 + 0.45 * glow if end and view.turn.to_move is not None else 0.7
            animating |= end
            canvas.block(*_at(layout.tier_pad(tier, rank, copy), k),
                         card_rows(k, card, level))
    if view.chosen is not None:
        rank = CARDS[view.chosen].rank
        for tier in view.targets:
            copy = sum(1 for c in view.tiers[tier] if CARDS[c].rank == rank)
            pad = layout.tier_pad(tier, rank, copy)
            canvas.block(*_at(pad, k), card_rows(k, view.chosen, 0.25 + 0.35 * glow))
            animating = True
        for copy in range(2 if rank in TWICE else 1):
            fill_at(canvas, (layout.left + rank_column(rank, copy), layout.ruler), k,
                    scale(HIGHLIGHT, 0.5))
    _sources(canvas, layout, view, k)
    animating |= _stock(canvas, layout, view, k, now)
    _counts(canvas, layout, view, k)
    animating |= _verdict_and_hint(canvas, layout, view, k, now)
    animating |= draw_touches(canvas, profile, view.turn.touches, now)
    return animating


def _at(pad: Pad, k: int) -> tuple[int, int]:
    return pad[0] * k, pad[1] * k


def _sources(canvas: Canvas, layout: CascadesDecktetLayout, view: CascadesDecktetView,
             k: int) -> None:
    for pile, pads in enumerate(layout.reserves):
        cards = view.reserves[pile]
        for index, pad in enumerate(pads[:len(cards)]):
            top = index == len(cards) - 1
            if top and pile < view.opened:
                lit = mix(HIGHLIGHT, (0, 0, 0), 0.2) if cards[-1] == view.chosen else None
                if lit is not None:
                    fill_at(canvas, pad, k, lit)
                else:
                    canvas.block(*_at(pad, k), card_rows(k, cards[-1]))
            else:
                fill_at(canvas, pad, k, FACE_DOWN)
    if view.waste_top is not None:
        chosen = view.waste_top == view.chosen
        for pad in layout.waste:
            canvas.block(*_at(pad, k), card_rows(k, view.waste_top, 1.0 if chosen else 0.75))
        if chosen:
            fill_at(canvas, layout.waste[0], k, scale(HIGHLIGHT, 0.6))


def _stock(canvas: Canvas, layout: CascadesDecktetLayout, view: CascadesDecktetView, k: int,
           now: float) -> bool:
    if view.stock:
        level = 0.3 + 0.5 * min(1.0, view.stock / 27)
        for pad in layout.stock:
            fill_at(canvas, pad, k, scale(NEUTRAL, level * 2))
        return False
    if view.can_turn and not view.turn.thinking:
        for pad in layout.stock:
            fill_at(canvas, pad, k, scale(PASS, 0.2 + 0.5 * pulse(now, 0.25)))
        return True
    return False


def _counts(canvas: Canvas, layout: CascadesDecktetLayout, view: CascadesDecktetView,
            k: int) -> None:
    if view.passes_left is not None:
        for index, pad in enumerate(layout.passes):
            fill_at(canvas, pad, k, PASS if index < view.passes_left else scale(PASS, 0.1))
    for index, pad in enumerate(layout.left_bar):
        held = min(4, view.cards_left - 4 * index)
        if held > 0:
            fill_at(canvas, pad, k, scale(HIGHLIGHT, 0.1 + 0.1 * held))


def _verdict_and_hint(canvas: Canvas, layout: CascadesDecktetLayout,
                      view: CascadesDecktetView, k: int, now: float) -> bool:
    since = now - view.turn.hint_at
    if (view.verdict is None and not view.hint) or not 0 <= since < VERDICT:
        return False
    if view.verdict is not None:  # a solver's hint (a lesson's move to try has none)
        colour = CONFIRM if view.verdict > 0 else ILLEGAL if view.verdict < 0 else UNKNOWN
        fill_at(canvas, layout.verdict, k, colour)
    blink_hint(canvas, view.hint, k, HIGHLIGHT, view.turn.hint_at, now, HINT)
    return True


ICON: Art = {
    2: ("S.",
        "LK"),
    4: (".S..",
        "L.K.",
        "M.V.",
        "MYVK"),
    6: ("..S...",
        "..S...",
        ".L.K..",
        ".L.K..",
        "M.V.Y.",
        "M.V.Y."),
}
"""Three tiers of cards, one more in each tier down, in their suits' colours."""
ICON_PALETTE = {initial: SUIT_COLOURS[index] for index, initial in enumerate("MSVLYK")}
"""Moons, Suns, Waves, Leaves, Wyrms, Knots."""


icon = art_icon(ICON, ICON_PALETTE)
"""Its home tile."""


def holds(profile: Profile, state: GameState[Any]) -> bool:
    """Whether a game's deck (a saved one's: the extended deck is wider) fits the board."""
    assert isinstance(state, CascadesDecktetState)
    return fits(profile, extended=state.extended)
