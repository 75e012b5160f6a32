"""Cascades' uniformly random playout on a quick path.

Flat Monte Carlo judges a move by thousands of uniformly random games, each asking the rules
for the legal moves after every stone, which on the top-8 board costs a couple of milliseconds
a playout. This plays the very same games several times faster: it keeps each player's open
cells (empty cells below one of their stones) up to date as stones fall instead of finding them
again, and draws from the same generator in the same way as the rules' playout
(``GameState.random_playout``: the legal moves in the rules' order, stones ascending and then
the pass or the end of the turn, one ``random()`` each). Given the same generator, the two
reach the same end; the tests hold them to it.

It covers the widening board with each stone checked as it is placed (under either scoring),
which is how Cascades is played; the hexagon's closed rows and the ``start`` placement keep
the rules' own playout.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
from dataclasses import dataclass

from controller.games.base import Rng

EMPTY = -1


@dataclass(frozen=True)
class Ending:
    """Where a playout stopped: the board, whose turn it would be, the passes in a row, the
    actions played, and the player who took the majority (``None`` when it stalled)."""

    cells: list[int]
    player: int
    passes: int
    plies: int
    decided: int | None


def play_out(below: Sequence[Sequence[int]], counts: Sequence[bool], cells: list[int],
             player: int, first: int | None, passes: int, plies: int, rng: Rng) -> Ending:
    """Uniformly random actions from a game in progress to its end; ``cells`` is played on.

    ``below`` gives each cell's cells in the next row, ``counts`` whether a cell counts for
    the score. The game ends when a stone gives its player more than half of what counts, after
    two passes in a row, or when neither player has an open cell at the end of a turn.
    """
    need = sum(counts) // 2 + 1
    score = [sum(1 for cell, owner in enumerate(cells) if owner == p and counts[cell])
             for p in (0, 1)]
    is_open = [[False] * len(cells), [False] * len(cells)]
    for cell, owner in enumerate(cells):
        if owner != EMPTY:
            for lower in below[cell]:
                if cells[lower] == EMPTY:
                    is_open[owner][lower] = True
    open_cells = [[c for c in range(len(cells)) if is_open[p][c]] for p in (0, 1)]
    rand = rng.random
    while True:
        places = open_cells[player]
        choices = len(places) + (0 if first is None and plies == 0 else 1)
        index = int(rand() * choices)
        plies += 1
        if index == len(places):
            if first is None:
                passes += 1
            player, first = 1 - player, None
            if passes >= 2 or not (open_cells[0] or open_cells[1]):
                return Ending(cells, player, passes, plies, None)
            continue
        cell = places.pop(index)
        is_open[player][cell] = False
        other = 1 - player
        if is_open[other][cell]:
            is_open[other][cell] = False
            theirs = open_cells[other]
            del theirs[bisect_left(theirs, cell)]
        cells[cell] = player
        passes = 0
        for lower in below[cell]:
            if cells[lower] == EMPTY and not is_open[player][lower]:
                is_open[player][lower] = True
                insort(places, lower)
        if counts[cell]:
            score[player] += 1
            if score[player] >= need:
                return Ending(cells, player, passes, plies, player)
        if plies == 1 or first is not None or not places:
            player, first = other, None
            if not (open_cells[0] or open_cells[1]):
                return Ending(cells, player, passes, plies, None)
        else:
            first = cell
