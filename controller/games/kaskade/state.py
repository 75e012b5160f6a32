"""Kaskade, the board's flagship: chain-reaction overflow on a W x H grid.

Rules: ``docs/games/kaskade.md``. White moves first; a move adds one ball to an empty cell or
to one of the mover's cells; a cell that reaches its critical mass (its number of orthogonal
neighbours) overflows, one ball to each neighbour, capturing it; overflows cascade in
generations; the game ends — even mid-cascade — once both have placed and one owns no cell.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from controller.games.base import Event, GameInfo, GameOver, GameState, Outcome, Rng
from controller.games.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
)
from controller.games.kaskade import diagram, notation, playout, rules
from controller.games.kaskade.events import CellContent, Generation, Placed
from controller.games.kaskade.grid import DEFAULT_SIZE, Grid, grid, parse_size
from controller.games.kaskade.moves import Place
from controller.games.kaskade.overflow import fire


class KaskadeState(GameState[Place]):
    """A Kaskade game. A move is a :class:`Place` (a ball onto a cell); its notation is the
    algebraic cell name (``c3``)."""

    info = GameInfo(
        name="kaskade",
        title="Kaskade",
        players=rules.PLAYERS,
        options={"size": "board width x height, 2x2 to 16x16 (default 6x9)"},
    )

    def __init__(self, width: int = DEFAULT_SIZE[0], height: int = DEFAULT_SIZE[1]) -> None:
        self.grid: Grid = grid(width, height)
        self._cells = [0] * self.grid.cells
        self._counts = [0, 0]
        self._plies = 0
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Place, tuple[int, ...], tuple[int, int]]] = []

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> KaskadeState:
        options = dict(options or {})
        size = options.pop("size", None)
        if options:
            raise OptionsError(
                f"Kaskade has no option {', '.join(sorted(options))}; its only option is size"
            )
        return cls(*(parse_size(size) if size is not None else DEFAULT_SIZE))

    def options(self) -> dict[str, str]:
        return {"size": self.grid.size_text}

    @classmethod
    def from_position(cls, text: str) -> KaskadeState:
        board, cells, side = notation.parse_position(text)
        status = rules.check_reachable(board, cells, side, f"position {text!r}")
        return cls._from_board(board, cells, status)

    def position(self) -> str:
        return notation.position_text(self.grid, self._cells, self.to_move)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> KaskadeState:
        board, cells = notation.parse_json(data)
        missing = [key for key in ("plies", "to_move", "winner") if key not in data]
        if missing:
            raise PositionError(f"JSON position: missing {', '.join(map(repr, missing))}")
        to_move = data["to_move"]
        if to_move is not None and to_move not in rules.PLAYERS:
            raise PositionError(f'"to_move" must be "white", "black" or null, not {to_move!r}')
        side = None if to_move is None else rules.PLAYERS.index(to_move)
        status = rules.check_reachable(board, cells, side, "JSON position")
        winner = None if status.winner is None else rules.PLAYERS[status.winner]
        for key, claimed, actual in (("plies", data.get("plies"), status.plies),
                                     ("winner", data.get("winner"), winner)):
            if claimed != actual:
                raise PositionError(
                    f"JSON position: {key!r} is {claimed!r}, but the cells say {actual!r}"
                )
        return cls._from_board(board, cells, status)

    @classmethod
    def _from_board(cls, board: Grid, cells: list[int], status: rules.Status) -> KaskadeState:
        state = cls(board.width, board.height)
        state._cells = cells
        state._counts = list(status.counts)
        state._plies = status.plies
        state._outcome = None if status.winner is None else rules.elimination(status.winner)
        return state

    def to_json(self) -> dict[str, Any]:
        winner = None if self._outcome is None else self._outcome.winner
        return notation.position_json(self.grid, self._cells, self._plies, self.to_move, winner)

    def copy(self) -> KaskadeState:
        twin = type(self).__new__(type(self))
        twin.grid = self.grid
        twin._cells = self._cells[:]
        twin._counts = self._counts[:]
        twin._plies = self._plies
        twin._outcome = self._outcome
        twin._undo = self._undo[:]
        return twin

    def diagram(self) -> str:
        return diagram.diagram(self.grid, self._cells)

    # -- reading the board --------------------------------------------------------------------

    def situation(self) -> str:
        """``White 5 cells · Black 3 cells``."""
        white = sum(1 for value in self.cells if value > 0)
        black = sum(1 for value in self.cells if value < 0)
        return f"White {_cells(white)} · Black {_cells(black)}"

    def cell(self, cell: int) -> CellContent:
        """What ``cell`` holds now."""
        value = self._cells[cell]
        return CellContent(cell, notation.owner(value), abs(value))

    @property
    def cells(self) -> Sequence[int]:
        """The board as signed ball counts per cell (White positive, Black negative); read-only
        by contract, for renderers and evaluation functions that need speed."""
        return self._cells

    def owned(self, player: int) -> int:
        """How many cells ``player`` owns."""
        return self._counts[player]

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._plies & 1

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> Sequence[Place]:
        return tuple(move for move, _, _ in self._undo)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Place]:
        if self._outcome is not None:
            return []
        sign = 1 - 2 * (self._plies & 1)
        return [place for place, value in zip(self.grid.places, self._cells) if value * sign >= 0]

    def is_legal(self, move: Place) -> bool:
        return self._refusal(move) is None

    def is_cell(self, move: object) -> bool:
        """Whether ``move`` places a ball on a cell of this board."""
        return isinstance(move, Place) and 0 <= move.cell < self.grid.cells

    def _refusal(self, move: Place) -> str | None:
        """Why ``move`` may not be played now, or ``None`` if it may."""
        if not self.is_cell(move):
            return f"not a cell of this {self.grid.size_text} board"
        if self._outcome is not None:
            return f"the game is over: {self._outcome.reason}"
        value = self._cells[move.cell] * (1 - 2 * (self._plies & 1))
        if value < 0:
            opponent = rules.PLAYERS[1 - (self._plies & 1)].capitalize()
            return f"{self.grid.name(move.cell)} holds {opponent}'s balls"
        return None

    def play(self, move: Place) -> list[Event]:
        refusal = self._refusal(move)
        if refusal is not None:
            name = self.grid.name(move.cell) if self.is_cell(move) else repr(move)
            raise IllegalMoveError(name, self.position(), refusal)
        cells = self._cells
        counts = self._counts
        self._undo.append((move, tuple(cells), (counts[0], counts[1])))
        mover = self._plies & 1
        sign = 1 - 2 * mover
        cell = move.cell
        balls = cells[cell] * sign + 1
        cells[cell] = balls * sign
        if balls == 1:
            counts[mover] += 1
        self._plies += 1
        events: list[Event] = [Placed(cell, mover, balls)]
        if balls >= self.grid.critical[cell]:
            self._cascade(cell, mover, events)
        return events

    def _cascade(self, start: int, mover: int, events: list[Event]) -> None:
        """Overflow generation by generation from ``start``, reporting each generation, and
        stop as soon as the opponent owns no cell (once both have placed a ball)."""
        cells, counts, board = self._cells, self._counts, self.grid
        sign = 1 - 2 * mover
        overflowing = [start]
        number = 0
        while overflowing:
            number += 1
            before = {
                c: cells[c] for fired in overflowing for c in (fired, *board.neighbours[fired])
            }
            due = fire(cells, board.critical, board.neighbours, overflowing, sign, counts)
            changed = sorted(c for c, value in before.items() if cells[c] != value)
            events.append(Generation(
                number,
                tuple(overflowing),
                tuple(CellContent(c, notation.owner(cells[c]), abs(cells[c])) for c in changed),
                tuple(c for c in changed if before[c] * sign < 0),
            ))
            if not counts[1 - mover] and self._plies >= 2:
                self._outcome = rules.elimination(mover)
                events.append(GameOver(self._outcome))
                return
            overflowing = due

    def undo(self) -> Place:
        if not self._undo:
            raise NothingToUndoError("there is no move to undo")
        move, cells, counts = self._undo.pop()
        self._cells = list(cells)
        self._counts = list(counts)
        self._plies -= 1
        self._outcome = None
        return move

    def parse_move(self, text: str) -> Place:
        cell = self.grid.find(text)
        if cell is None:
            raise InvalidMoveError(
                text, self.position(),
                f"not a cell of this {self.grid.size_text} board (cells are "
                f"{self.grid.describe_bounds()})",
            )
        return self.grid.places[cell]

    def move_name(self, move: Place) -> str:
        if not self.is_cell(move):
            raise InvalidMoveError(repr(move), self.position(), "not a cell of this board")
        return self.grid.name(move.cell)

    # -- simulation ---------------------------------------------------------------------------

    def random_playout(self, rng: Rng) -> Outcome:
        if self._outcome is not None:
            return self._outcome
        winner, _ = playout.random_playout(
            self.grid, self._cells[:], self._counts[:], self._plies, rng
        )
        return rules.elimination(winner)


def _cells(count: int) -> str:
    return f"{count} cell{'' if count == 1 else 's'}"
