"""Cascades as text: how to play, and the slope with its rows numbered from the top and each
empty cell showing its letter, so the board names its cells as ``legal`` does (``c2``: the
cell ``c`` of row 2)."""

from __future__ import annotations

from typing import Any

from controller.faces.text import HowToPlay, Paint, Text
from controller.games import GameState
from controller.games.cascades import CascadesState

HOW_TO_PLAY = HowToPlay(
    goal="Hold the majority of the bottom row. Both start with stones on the top row, taking "
         "turns along it. Stones flow down the slope: each goes on an empty cell just below "
         "one of your own (the second stone of a turn may go below the first), and stones "
         "never move again. A turn is one or two stones (the first player's first turn one) "
         "or a pass. The game ends once a player holds more than half of the bottom row, or "
         "when both pass one after the other or neither can play; then more bottom cells "
         "win, equal counts draw (with territory scoring every stone counts).",
    moves="Type a cell to put a stone there: its letter in its row (a leftmost) and its row "
          "counted from the top, e.g. c2. The board shows each empty cell's letter, W White's "
          "stones and B Black's. 'end' stops after the first stone, 'pass' gives up the whole "
          "turn.")


def board(state: GameState[Any], paint: Paint) -> str:
    """The slope, rows numbered from the top::

         1        a W c B e f g h
         2       a b c d e f g h i
    """
    assert isinstance(state, CascadesState)
    slope = state.slope
    widest = max(slope.widths)
    lines = []
    for row, width in enumerate(slope.widths):
        tokens = []
        for index in range(width):
            owner = state.cells[slope.starts[row] + index]
            if owner < 0:
                tokens.append(paint(chr(ord("a") + index), ["dim"]))
            else:
                tokens.append(paint("WB"[owner], ["white" if owner == 0 else "black"]))
        lines.append(f"{row + 1:>2} {' ' * (widest - width)}{' '.join(tokens)}")
    lines.append(paint("letters: the empty cells (c2 is the cell c of row 2) · W White · "
                       "B Black", ["dim"]))
    return "\n".join(lines)


TEXT = Text(board)
