"""Kaskade as text: how to play, the board as a diagram (each player's balls, a cell one ball
from overflowing, the last move), and a cascade step by step, generation by generation, as the
LEDs show it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import Event, GameState
from controller.games.kaskade import Generation, KaskadeState, Placed
from controller.games.kaskade.diagram import diagram

HOW_TO_PLAY = HowToPlay(
    goal="Take every cell of your opponent's. Each turn you put one ball on an empty cell or "
         "on one of your own. A cell overflows when it holds as many balls as it has "
         "neighbours (corner 2, edge 3, inside 4): it empties, each neighbour gets a ball and "
         "becomes yours with every ball on it, and a neighbour that fills up overflows in "
         "turn — a cascade. Whoever owns all the balls on the board, once both have played, "
         "wins.",
    moves="Type a cell to put a ball there, e.g. c3: its column a, b, c … from the left and "
          "its row 1, 2, 3 … from the bottom (a1 is the bottom-left cell). The board shows W2 "
          "for two of White's balls, B1 for one of Black's.")


def board(state: GameState[Any], paint: Paint) -> str:
    """The position as a diagram."""
    assert isinstance(state, KaskadeState)
    return _cells(state, state.cells, paint)


def _cells(state: KaskadeState, cells: Sequence[int], paint: Paint) -> str:
    """The board with ``cells`` (a step of a cascade, or the position)."""
    critical = state.grid.critical
    last = state.moves[-1].cell if state.moves else None

    def token(cell: int, text: str) -> str:
        value = cells[cell]
        roles = ["white" if value > 0 else "black" if value else "dim"]
        if value and abs(value) == critical[cell] - 1:
            roles.append("critical")
        if cell == last:
            roles.append("last")
        return paint(text, roles)

    return diagram(state.grid, cells, token)


def steps(before: GameState[Any], after: GameState[Any], events: Sequence[Event],
          paint: Paint) -> list[tuple[str, str]]:
    """A cascade as the LEDs play it: the ball placed, then each generation of overflows;
    nothing for a move that overflows nothing (its picture is the position after it)."""
    assert isinstance(before, KaskadeState) and isinstance(after, KaskadeState)
    generations = [event for event in events if isinstance(event, Generation)]
    if not generations:
        return []
    placed = events[0]
    assert isinstance(placed, Placed)
    cells = list(before.cells)
    cells[placed.cell] = placed.balls if placed.player == 0 else -placed.balls
    name = after.grid.name(placed.cell)
    frames = [(_cells(after, cells, paint), f"{name} overflows …")]
    for generation in generations:
        for change in generation.changes:
            cells[change.cell] = change.balls if change.owner == 0 else -change.balls
        frames.append((_cells(after, cells, paint),
                       f"{name} overflows … generation {generation.number}"))
    return frames


def words(events: Sequence[Event]) -> str | None:
    """``Cascade: 2 generations, 2 cells captured.``, or ``None`` without a cascade."""
    generations = [event for event in events if isinstance(event, Generation)]
    if not generations:
        return None
    captured = sum(len(generation.captured) for generation in generations)
    return (f"Cascade: {len(generations)} generation{'s' if len(generations) != 1 else ''}, "
            f"{captured} cell{'s' if captured != 1 else ''} captured.")


TEXT = Text(board, legend={"critical": "one ball from overflowing", "last": "last move"},
            steps=steps, words=words)
