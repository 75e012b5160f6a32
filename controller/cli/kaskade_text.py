"""Kaskade as coloured text: White's balls bright, Black's dark on light, a cell one ball from
overflowing underlined, the last move reversed; and a cascade replayed generation by generation
from the move's events, as the LED board shows it. The terminal game uses it for Kaskade; the
other games print their own diagrams."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from controller.cli import ansi
from controller.games import Event
from controller.games.kaskade import Generation, KaskadeState, Placed
from controller.games.kaskade.diagram import diagram

ANIMATION_SECONDS = 3.0
"""Longest a cascade's animation may take; long cascades are played faster."""
GENERATION_SECONDS = 0.3

HOW_TO_PLAY = """\
Type a cell to put a ball there, e.g. c3 (a1 is the bottom-left cell). You may put a ball on
an empty cell or on your own balls. A cell overflows when it holds as many balls as it has
neighbours (corner 2, edge 3, inside 4): it empties and each neighbour gets a ball and becomes
yours, with every ball on it. Take all of your opponent's cells to win."""

Show = Callable[[Sequence[int], str | None], int]
"""Prints cells with a caption (``None``: the status line); returns the lines it took."""


def plain(state: KaskadeState, cells: Sequence[int]) -> str:
    """The board ``cells`` without colour (``W2``, ``b1``, ``.``)."""
    return diagram(state.grid, cells)


def painted(state: KaskadeState, cells: Sequence[int]) -> str:
    """The board ``cells`` in colour, with its legend."""
    critical = state.grid.critical
    last = state.moves[-1].cell if state.moves else None

    def paint(cell: int, token: str) -> str:
        value = cells[cell]
        codes = [ansi.WHITE_BALLS if value > 0 else ansi.BLACK_BALLS if value else ansi.DIM]
        if value and abs(value) == critical[cell] - 1:
            codes.append(ansi.UNDERLINE)
        if cell == last:
            codes.append(ansi.REVERSE)
        return ansi.style(token, *codes)

    legend = ansi.style("underlined: one ball from overflowing · reversed: last move", ansi.DIM)
    return f"{diagram(state.grid, cells, paint)}\n{legend}"


def animate(state: KaskadeState, before: list[int], events: Sequence[Event], show: Show,
            write: Callable[[str], None], sleep: Callable[[float], None]) -> None:
    """Redraw the board in place for the placement and each cascade generation."""
    generations = [e for e in events if isinstance(e, Generation)]
    if not generations:
        return
    frame = list(before)
    placed = events[0]
    assert isinstance(placed, Placed)
    frame[placed.cell] = placed.balls if placed.player == 0 else -placed.balls
    delay = min(GENERATION_SECONDS, ANIMATION_SECONDS / len(generations))
    name = state.grid.name(placed.cell)
    lines = show(frame, f"{name} overflows …")
    for generation in generations:
        sleep(delay)
        for change in generation.changes:
            frame[change.cell] = change.balls if change.owner == 0 else -change.balls
        write(f"\x1b[{lines}F\x1b[J")
        lines = show(frame, f"{name} overflows … generation {generation.number}")
    sleep(delay)
    write(f"\x1b[{lines}F\x1b[J")


def cascade_words(events: Sequence[Event]) -> str | None:
    """``Cascade: 2 generations, 2 cells captured.``, or ``None`` without a cascade."""
    generations = [e for e in events if isinstance(e, Generation)]
    if not generations:
        return None
    captured = sum(len(g.captured) for g in generations)
    return (f"Cascade: {len(generations)} generation{'s' if len(generations) != 1 else ''}, "
            f"{captured} cell{'s' if captured != 1 else ''} captured.")
