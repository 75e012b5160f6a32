"""Kaskade positions as one line of text and as JSON.

Position text (documented in ``docs/notation.md``), e.g. a 3 x 3 board after three moves::

    .../.w2./b1.. b

ranks from the top (rank H) down to rank 1 separated by ``/``; in each rank, left to right,
``.`` for an empty cell or the owner (``w``/``b``) followed by the ball count; then a space and
the side to move: ``w``, ``b``, or ``-`` when the game is over. The side to move, the ply count
and the winner all follow from the balls (one ball is added per move), so the side is only a
check against typing mistakes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from controller.games.errors import PositionError
from controller.games.kaskade.grid import MAX_SIDE, MIN_SIDE, Grid, grid
from controller.games.kaskade.rules import PLAYERS

_TOKEN = re.compile(r"\.|([wb])([1-9])", re.IGNORECASE)
_SIDES = {"w": 0, "b": 1, "-": None}


def owner(value: int) -> int | None:
    """The owner of a cell value on the signed board (0 White, 1 Black, ``None`` empty)."""
    if value > 0:
        return 0
    return 1 if value < 0 else None


def cell_token(value: int) -> str:
    """``.`` or ``w2``/``b1``: how a cell is written in position text."""
    if not value:
        return "."
    return f"{'w' if value > 0 else 'b'}{abs(value)}"


def position_text(board: Grid, cells: Sequence[int], to_move: int | None) -> str:
    """The one-line position of ``cells`` on ``board``."""
    width = board.width
    ranks = (
        "".join(cell_token(v) for v in cells[rank * width : (rank + 1) * width])
        for rank in reversed(range(board.height))
    )
    side = "-" if to_move is None else "wb"[to_move]
    return f"{'/'.join(ranks)} {side}"


def parse_position(text: str) -> tuple[Grid, list[int], int | None]:
    """``(grid, cells, side)`` from position text; the side is ``None`` for ``-``.
    Only the syntax is checked here; ``rules.check_reachable`` checks the rest."""
    parts = text.split()
    if len(parts) != 2 or parts[1].lower() not in _SIDES:
        raise PositionError(
            f"position {text!r} is not of the form RANKS SIDE, e.g. '..../..../.w1../b1... w'"
        )
    ranks = parts[0].split("/")
    rows = [_parse_rank(rank, number) for number, rank in zip(range(len(ranks), 0, -1), ranks)]
    width, height = len(rows[0]), len(rows)
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise PositionError(
            f"position {text!r} is {width}x{height}; boards are {MIN_SIDE}x{MIN_SIDE} "
            f"to {MAX_SIDE}x{MAX_SIDE}"
        )
    for number, row in zip(range(height, 0, -1), rows):
        if len(row) != width:
            raise PositionError(
                f"position {text!r}: rank {number} has {len(row)} cells, the top rank {width}"
            )
    cells = [value for row in reversed(rows) for value in row]
    return grid(width, height), cells, _SIDES[parts[1].lower()]


def _parse_rank(text: str, number: int) -> list[int]:
    values = []
    index = 0
    while index < len(text):
        match = _TOKEN.match(text, index)
        if match is None:
            raise PositionError(
                f"rank {number} {text!r}: {text[index:]!r} is not a cell; write '.' for an "
                "empty cell or w1, b2, … for balls"
            )
        balls = int(match[2]) if match[2] else 0
        values.append(-balls if match[1] and match[1].lower() == "b" else balls)
        index = match.end()
    return values


def position_json(board: Grid, cells: Sequence[int], plies: int, to_move: int | None,
                  winner: int | None) -> dict[str, Any]:
    """The JSON object of a position: game, size, plies, to_move, winner, occupied cells."""
    return {
        "game": "kaskade",
        "size": [board.width, board.height],
        "plies": plies,
        "to_move": None if to_move is None else PLAYERS[to_move],
        "winner": None if winner is None else PLAYERS[winner],
        "cells": {
            board.name(cell): {"owner": PLAYERS[0 if value > 0 else 1], "balls": abs(value)}
            for cell, value in enumerate(cells)
            if value
        },
    }


def parse_json(data: Mapping[str, Any]) -> tuple[Grid, list[int]]:
    """``(grid, cells)`` from a position's JSON object; ``plies``, ``to_move`` and ``winner``
    are checked by the caller against what the cells imply."""
    if not isinstance(data, Mapping) or data.get("game") != "kaskade":
        raise PositionError('a Kaskade position is a JSON object with "game": "kaskade"')
    size = data.get("size")
    if (
        not isinstance(size, list)
        or len(size) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in size)
    ):
        raise PositionError(f'"size" must be [width, height], not {size!r}')
    try:
        board = grid(size[0], size[1])
    except ValueError as error:
        raise PositionError(str(error)) from None
    cells_in = data.get("cells")
    if not isinstance(cells_in, Mapping):
        raise PositionError('"cells" must be an object mapping cell names to contents')
    cells = [0] * board.cells
    for name, content in cells_in.items():
        cell = board.find(name) if isinstance(name, str) else None
        if cell is None:
            raise PositionError(f"{name!r} is not a cell of a {board.size_text} board")
        if cells[cell]:
            raise PositionError(f"{board.name(cell)} is named twice in \"cells\"")
        cells[cell] = _cell_value(name, content)
    return board, cells


def _cell_value(name: str, content: Any) -> int:
    if not isinstance(content, Mapping):
        raise PositionError(f'{name}: expected {{"owner": …, "balls": …}}, got {content!r}')
    player, balls = content.get("owner"), content.get("balls")
    if player not in PLAYERS:
        raise PositionError(f'{name}: "owner" must be "white" or "black", not {player!r}')
    if not isinstance(balls, int) or isinstance(balls, bool) or balls < 1:
        raise PositionError(f'{name}: "balls" must be a whole number from 1, not {balls!r}')
    return balls if player == "white" else -balls
