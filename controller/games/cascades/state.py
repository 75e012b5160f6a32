"""Cascades: each player lets stones flow down the slope from the top row; who holds the
majority of the bottom row wins.

Rules: ``docs/games/cascades.md``. A move is one action: a stone on a cell (:class:`Place`), a
pass (``PASS``) at the start of a turn, or ``END`` to stop after the first stone. The first
player's first turn is one stone; every later turn one or two stones, or a pass. A turn whose
first stone leaves no place for a second ends by itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import ClassVar

from controller.games.base import Event, GameInfo, GameOver, Outcome, Rng
from controller.games.cascades import notation, playout
from controller.games.cascades.events import Passed, StonePlaced, TurnEnded
from controller.games.cascades.moves import END, PASS, Move, Place
from controller.games.cascades.notation import TOKENS, Setup
from controller.games.cascades.slope import Slope
from controller.games.errors import (
    IllegalMoveError,
    InvalidMoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
)
from controller.games.notated import NotatedState

PLAYERS = ("white", "black")
EMPTY = -1
PLACEMENTS = ("each", "start")
"""``each``: every stone is checked as it is placed, so the second may go below the first;
``start``: both stones must be legal in the position at the start of the turn."""
SCORINGS = ("bottom", "territory")
"""``bottom``: the bottom row decides; ``territory``: every stone on the board counts."""
DEFAULTS = {"size": "8", "shape": "widening", "placement": "each", "scoring": "bottom"}


class CascadesState(NotatedState[Move]):
    """A Cascades game; cells are numbered row by row from the top (see :class:`Slope`)."""

    notation: ClassVar[ModuleType] = notation
    info = GameInfo(
        name="cascades",
        title="Cascades",
        players=PLAYERS,
        options={
            "size": "cells in the top row, 3 to 13 (default 8: rows of 8 to 15)",
            "shape": "widening, or hexagon: the board narrows again below its widest row, "
                     "whose rows open once the widest is full (default widening)",
            "placement": "each: a second stone may go below the first; start: both stones "
                         "must be legal at the start of the turn (default each)",
            "scoring": "bottom: the bottom row decides; territory: every stone counts "
                       "(default bottom)",
        },
    )

    def __init__(self, slope: Slope, placement: str = "each", scoring: str = "bottom") -> None:
        if placement not in PLACEMENTS:
            raise OptionsError(f"placement {placement!r}: choose {' or '.join(PLACEMENTS)}")
        if scoring not in SCORINGS:
            raise OptionsError(f"scoring {scoring!r}: choose {' or '.join(SCORINGS)}")
        self.slope = slope
        self.placement = placement
        self.scoring = scoring
        self.cells = [EMPTY] * slope.cells
        n = slope.top
        for cell in slope.top_row:
            self.cells[cell] = 0 if (n - 1 - cell) % 2 == 0 else 1
        self.player = 0
        self.first: int | None = None
        """The stone the player to move has placed this turn, if any."""
        self.passes = 0
        """Passes in a row just made (2 ends the game)."""
        self._plies = 0
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Move, int, int | None, int, Outcome | None]] = []

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> CascadesState:
        given = {key.strip().lower(): str(value).strip().lower()
                 for key, value in (options or {}).items()}
        unknown = sorted(set(given) - set(DEFAULTS))
        if unknown:
            raise OptionsError(f"Cascades has no option {', '.join(unknown)}; its options are "
                               f"{', '.join(DEFAULTS)}")
        chosen = {**DEFAULTS, **given}
        if not chosen["size"].isdigit():
            raise OptionsError(f"size {chosen['size']!r}: give the top row's width as a number "
                               "(e.g. 8)")
        slope = Slope(int(chosen["size"]), chosen["shape"])
        return cls(slope, chosen["placement"], chosen["scoring"])

    def options(self) -> dict[str, str]:
        return {"size": str(self.slope.top), "shape": self.slope.shape,
                "placement": self.placement, "scoring": self.scoring}

    @classmethod
    def from_setup(cls, setup: Setup, where: str) -> CascadesState:
        """The state of ``setup``, checked as far as the rules allow: a board of the game's
        shape, the starting top row, every stone hanging from one of its colour, nothing below
        the widest row of a hexagon before that row is full, and a turn that fits."""
        slope = Slope.from_widths(tuple(len(row) for row in setup.rows))
        if slope is None:
            raise PositionError(f"{where}: rows of {'/'.join(str(len(r)) for r in setup.rows)} "
                                "cells are no Cascades board (rows widen by one from 3 to 13 "
                                "cells, and may narrow back)")
        try:
            state = cls(slope, setup.placement, setup.scoring)
        except OptionsError as error:
            raise PositionError(f"{where}: {error}") from None
        cells = [TOKENS[char] for row in setup.rows for char in row]
        top = len(slope.top_row)
        if cells[:top] != state.cells[:top]:
            raise PositionError(f"{where}: the top row must hold the starting stones "
                                f"{notation.rows_text(state)[0]}; stones are never placed there")
        for cell in range(top, slope.cells):
            owner = cells[cell]
            if owner >= 0 and not any(cells[c] == owner for c in slope.above[cell]):
                raise PositionError(f"{where}: {slope.name(cell)} has no stone of its colour "
                                    "above it, so no game can reach this position")
        state.cells = cells
        if any(cells[c] >= 0 for c in range(slope.cells) if slope.narrowing(c)) and \
                not state.narrowing_open():
            raise PositionError(f"{where}: stones below the widest row, which is not full: the "
                                "narrowing rows open only once it is")
        state._turn(setup, where)
        return state

    def _turn(self, setup: Setup, where: str) -> None:
        """The turn fields of ``setup``, checked against the board and the rules."""
        slope = self.slope
        to_move = None if setup.to_move == "-" else PLAYERS.index(setup.to_move)
        self._plies, self.passes = setup.plies, setup.passes
        placed = sum(1 for owner in self.cells if owner >= 0) - slope.top
        if self._plies < placed:
            raise PositionError(f"{where}: {placed} stones were placed, more than "
                                f"plies={setup.plies}")
        if setup.first != "-":
            cell = slope.find(setup.first)
            if cell is None or to_move is None or self.cells[cell] != to_move or self.passes:
                raise PositionError(f"{where}: first={setup.first} must be a stone of the "
                                    "player to move, placed this turn (and no pass just made)")
            self.first = cell
        self.player = 0 if to_move is None else to_move
        self._outcome = None
        for player in (0, 1):
            if self.score(player) * 2 > self.counted:
                self._outcome = self._decided(player)
        if self._outcome is None:
            self._outcome = self._stalled()
        if (self._outcome is None) != (to_move is not None):
            status = "is over" if self._outcome is not None else "goes on"
            raise PositionError(f"{where}: the game {status}, so the player to move must be "
                                f"{'-' if self._outcome is not None else 'white or black'}")
        if self._outcome is not None:
            self.player = 0
        if self.first_turn and to_move == 1:
            raise PositionError(f"{where}: White makes the first move")

    def setup(self) -> Setup:
        to_move = "-" if self.to_move is None else PLAYERS[self.to_move]
        first = "-" if self.first is None else self.slope.name(self.first)
        return Setup(tuple(notation.rows_text(self)), to_move, self._plies, first, self.passes,
                     self.placement, self.scoring)

    def copy(self) -> CascadesState:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.cells = self.cells[:]
        twin._undo = self._undo[:]
        return twin

    # -- reading the board --------------------------------------------------------------------

    def score(self, player: int) -> int:
        """What counts for ``player`` under the scoring rule: bottom cells or all stones."""
        cells = self.slope.bottom if self.scoring == "bottom" else range(self.slope.cells)
        return sum(1 for cell in cells if self.cells[cell] == player)

    @property
    def counted(self) -> int:
        """How many cells the scoring rule counts (a majority is more than half of them)."""
        return len(self.slope.bottom) if self.scoring == "bottom" else self.slope.cells

    @property
    def first_turn(self) -> bool:
        """The first player's first turn, which is exactly one stone."""
        return self._plies == 0

    def situation(self) -> str:
        """``a second stone or end · bottom row: White 2, Black 1 of 8``."""
        where = "bottom row" if self.scoring == "bottom" else "stones"
        scores = f"{where}: White {self.score(0)}, Black {self.score(1)} of {self.counted}"
        if self._outcome is None and self.first is not None:
            return f"a second stone or end · {scores}"
        return scores

    def can_place(self, player: int) -> bool:
        """Whether ``player`` has an empty cell below one of their stones."""
        return any(self._places(player, None))

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self.player

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> Sequence[Move]:
        return tuple(entry[0] for entry in self._undo)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        stones = self.slope.stones
        moves: list[Move] = [stones[cell] for cell in
                             self._places(self.player, self._first_stone())]
        if self.first is not None:
            moves.append(END)
        elif not self.first_turn:
            moves.append(PASS)
        return moves

    def _first_stone(self) -> int | None:
        """The stone placed earlier this turn, under the stricter placement rule (it may not
        carry the second stone); ``None`` otherwise."""
        return self.first if self.placement == "start" else None

    def _places(self, player: int, excluded: int | None) -> list[int]:
        """Empty cells below a stone of ``player`` other than ``excluded``, ascending."""
        cells = self.cells
        found: set[int] = set()
        narrowing_open = self.narrowing_open(excluded)
        for cell, owner in enumerate(cells):
            if owner == player and cell != excluded:
                found.update(c for c in self.slope.below[cell] if cells[c] == EMPTY and
                             (narrowing_open or not self.slope.narrowing(c)))
        return sorted(found)

    def narrowing_open(self, unplaced: int | None = None) -> bool:
        """Whether the rows below the widest may be played: on the hexagon only once the widest
        row is full (the inventor: "after the bottom row is filled, the game can be continued
        where the board progressively narrows"). ``unplaced`` is a stone that does not count
        yet: under placement ``start`` the turn's first stone, since the second must have been
        legal when the turn began."""
        return self.slope.shape != "hexagon" or \
            all(self.cells[c] != EMPTY and c != unplaced for c in self.slope.widest)

    def is_legal(self, move: Move) -> bool:
        return self._refusal(move) is None

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` may not be played now, or ``None``."""
        if self._outcome is not None:
            return f"the game is over: {self._outcome.reason}"
        if move == PASS:
            if self.first is not None:
                return "a stone was placed this turn: end the turn instead of passing"
            return "the first turn places a stone; it cannot be passed" if self.first_turn \
                else None
        if move == END:
            return None if self.first is not None else \
                "no stone was placed this turn yet (pass instead)"
        if not isinstance(move, Place) or not 0 <= move.cell < self.slope.cells:
            return "not a cell of this board"
        return self._stone_refusal(move.cell)

    def _stone_refusal(self, cell: int) -> str | None:
        """Why a stone may not go on cell ``cell`` now, or ``None``."""
        if self.cells[cell] != EMPTY:
            return f"{self.slope.name(cell)} is taken"
        first = self._first_stone()
        if self.slope.narrowing(cell) and not self.narrowing_open(first):
            if self.narrowing_open():
                return (f"{self.slope.name(cell)} lies below the widest row, which only this "
                        "turn's first stone filled; with placement 'start' both stones must be "
                        "legal at the start of the turn")
            return f"{self.slope.name(cell)} lies below the widest row, which opens the " \
                "narrowing rows only once it is full"
        supports = [c for c in self.slope.above[cell] if self.cells[c] == self.player and
                    c != first]
        if not supports:
            if first is not None and first in self.slope.above[cell]:
                return (f"{self.slope.name(cell)} is only below this turn's first stone; with "
                        "placement 'start' both stones must be legal at the start of the turn")
            return f"{self.slope.name(cell)} is not below a " \
                f"{self.player_title(self.player)} stone"
        return None

    def play(self, move: Move) -> list[Event]:
        refusal = self._refusal(move)
        if refusal is not None:
            raise IllegalMoveError(self._describe(move), self.position(), refusal)
        player = self.player
        self._undo.append((move, player, self.first, self.passes, self._outcome))
        first_turn = self.first_turn
        self._plies += 1
        events: list[Event] = []
        if move == PASS:
            events.append(Passed(player))
            self.passes += 1
            self._next_turn()
        elif move == END:
            events.append(TurnEnded(player))
            self._next_turn()
        else:
            assert isinstance(move, Place)
            self.cells[move.cell] = player
            events.append(StonePlaced(move.cell, player, self.first is not None))
            self.passes = 0
            if self.score(player) * 2 > self.counted:
                self._outcome = self._decided(player)
            elif first_turn or self.first is not None:
                events.append(TurnEnded(player))
                self._next_turn()
            else:
                self.first = move.cell
                if not self._places(player, self._first_stone()):
                    events.append(TurnEnded(player))
                    self._next_turn()
        if self._outcome is None:
            self._outcome = self._stalled()
        if self._outcome is not None:
            self.first = None
            events.append(GameOver(self._outcome))
        return events

    def random_playout(self, rng: Rng) -> Outcome:
        """The rules' uniformly random playout, on a quick path where the board allows (see
        :mod:`playout`): the same games from the same generator."""
        if self._outcome is not None:
            return self._outcome
        if self.slope.shape != "widening" or self.placement != "each":
            return super().random_playout(rng)
        counted = self.slope.bottom if self.scoring == "bottom" else range(self.slope.cells)
        counts = [False] * self.slope.cells
        for cell in counted:
            counts[cell] = True
        end = playout.play_out(self.slope.below, counts, self.cells[:], self.player, self.first,
                               self.passes, self._plies, rng)
        final = self.copy()
        final.cells, final.player, final.passes, final._plies = \
            end.cells, end.player, end.passes, end.plies
        final.first = None
        if end.decided is not None:
            return final._decided(end.decided)
        stalled = final._stalled()
        assert stalled is not None, "a playout stops only where the rules end the game"
        return stalled

    def _next_turn(self) -> None:
        self.player = 1 - self.player
        self.first = None

    def _decided(self, player: int) -> Outcome:
        what = "bottom cells" if self.scoring == "bottom" else "cells of the board"
        return Outcome(player, f"{self.player_title(player)} holds {self.score(player)} of "
                       f"the {self.counted} {what}", self._scores())

    def _stalled(self) -> Outcome | None:
        """The end by two passes in a row, or because neither player can place a stone."""
        if self.first is not None:
            return None
        if self.passes >= 2:
            why = "both players passed"
        elif not self.can_place(0) and not self.can_place(1):
            why = "neither player can place a stone"
        else:
            return None
        white, black = self._scores()
        what = "bottom cells" if self.scoring == "bottom" else "stones"
        if white == black:
            return Outcome(None, f"{why}; {white} {what} each: a draw", (white, black))
        winner = 0 if white > black else 1
        return Outcome(winner, f"{why}; {self.player_title(winner)} has more {what} "
                       f"({max(white, black)} to {min(white, black)})", (white, black))

    def _scores(self) -> tuple[int, int]:
        return self.score(0), self.score(1)

    def undo(self) -> Move:
        if not self._undo:
            raise NothingToUndoError("there is no move to undo")
        move, player, first, passes, outcome = self._undo.pop()
        if isinstance(move, Place):
            self.cells[move.cell] = EMPTY
        self.player, self.first, self.passes, self._outcome = player, first, passes, outcome
        self._plies -= 1
        return move


    def parse_move(self, text: str) -> Move:
        word = text.strip().lower()
        if word in _WORDS:
            return _WORDS[word]
        cell = self.slope.find(word)
        if cell is None:
            raise InvalidMoveError(
                text, self.position(),
                f"not a cell of this board, nor 'pass' or 'end' (cells are a letter for the "
                f"place in the row and the row from the top, a1 to "
                f"{self.slope.name(self.slope.cells - 1)})")
        return self.slope.stones[cell]

    def move_name(self, move: Move) -> str:
        for named, word in _NAMES.items():  # not _NAMES[move]: a move may be unhashable junk
            if move == named:
                return word
        if not isinstance(move, Place) or not 0 <= move.cell < self.slope.cells:
            raise InvalidMoveError(repr(move), self.position(), "not a move of this board")
        return self.slope.name(move.cell)


_NAMES: dict[Move, str] = {PASS: "pass", END: "end"}
"""The moves written as words rather than cells."""
_WORDS = {word: move for move, word in _NAMES.items()}
