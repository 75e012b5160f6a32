"""Kaskade as a search wants it: play and undo at full speed, no events, no checks.

A ball that does not overflow is undone from a three-number record; a move that overflows
keeps a copy of the board, since a cascade can touch any cell.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from controller.ai.base import Thought
from controller.games import GameState
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.overflow import place


def as_move(state: GameState[Any], thought: Thought) -> Thought:
    """A search's thought, which names a bare cell number, with the game's move instead: what
    a player hands back."""
    if not isinstance(state, KaskadeState):
        raise TypeError(f"a Kaskade player cannot play {state.info.title}")
    return replace(thought, move=state.grid.places[thought.move])


class SearchBoard:
    """A Kaskade position for searching; ``cells`` are signed ball counts (White positive)."""

    __slots__ = ("_undo", "cells", "counts", "critical", "neighbours", "plies", "size", "won")

    def __init__(self, state: KaskadeState) -> None:
        grid = state.grid
        self.critical = grid.critical
        self.neighbours = grid.neighbours
        self.size = grid.cells
        self.cells = list(state.cells)
        self.counts = [state.owned(0), state.owned(1)]
        self.plies = state.plies
        self.won = state.is_over()
        """Whether the last move ended the game (its mover won)."""
        self._undo: list[tuple] = []

    @property
    def mover(self) -> int:
        """The player to move (0 White, 1 Black)."""
        return self.plies & 1

    def moves(self) -> list[int]:
        """The legal moves (none once the game is over)."""
        if self.won:
            return []
        sign = 1 - 2 * (self.plies & 1)
        return [cell for cell, value in enumerate(self.cells) if value * sign >= 0]

    def captures(self) -> list[int]:
        """The mover's cells one ball from overflowing next to an enemy cell: the moves that
        take cells at once, which a quiescence search follows past its horizon."""
        cells, critical, neighbours = self.cells, self.critical, self.neighbours
        sign = 1 - 2 * (self.plies & 1)
        return [cell for cell, value in enumerate(cells)
                if value * sign == critical[cell] - 1 and
                any(cells[near] * sign < 0 for near in neighbours[cell])]

    def play(self, cell: int) -> bool:
        """Play a legal move; returns whether it won."""
        cells = self.cells
        sign = 1 - 2 * (self.plies & 1)
        if cells[cell] * sign + 1 < self.critical[cell]:
            self._undo.append((cell, cells[cell], self.counts[0], self.counts[1]))
        else:
            self._undo.append((-1, cells[:], self.counts[0], self.counts[1]))
        self.won = place(cells, self.critical, self.neighbours, cell, self.plies, self.counts)
        self.plies += 1
        return self.won

    def undo(self) -> None:
        """Take back the last move."""
        cell, value, white, black = self._undo.pop()
        if cell < 0:
            self.cells = value
        else:
            self.cells[cell] = value
        self.counts = [white, black]
        self.plies -= 1
        self.won = False
