"""Cascades positions as one line of text, as JSON, and as a diagram.

Text: the rows from the top, ``/`` between them, ``w`` a White stone, ``b`` a Black one, ``.``
an empty cell; then the player to move (``-`` once the game is over) and ``key=value`` fields::

    .w.b.w.b/......../......... ... white plies=0 first=- passes=0 placement=each scoring=bottom

``first`` is the stone placed earlier in the current turn (``-`` at a turn's start). The board's
shape and top width follow from the rows. Every field is checked: a position no game could reach
(a stone with no stone of its colour above it, a changed top row) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from controller.games.base import PositionBase
from controller.games.cascades.slope import Slope
from controller.games.errors import PositionError

PLAYERS = ("white", "black")
TOKENS = {"w": 0, "b": 1, ".": -1}
CHARS = {value: key for key, value in TOKENS.items()}
FIELDS = ("plies", "first", "passes", "placement", "scoring")


@dataclass(frozen=True)
class Setup:
    """A Cascades position as plain values, as text and JSON hold it (its form checked, not
    yet its sense: ``CascadesState.from_setup`` does that)."""

    rows: tuple[str, ...]
    """Each row's characters (``w``, ``b``, ``.``), top row first."""
    to_move: str
    """``white``, ``black`` or ``-`` once over."""
    plies: int
    first: str
    """The stone placed earlier this turn (a cell name), or ``-``."""
    passes: int
    placement: str
    scoring: str


@runtime_checkable
class Position(PositionBase, Protocol):
    """What the notation reads of a Cascades position (its state's public face): the notation
    names no state, so the rules and their notation import each other in no circle."""

    @property
    def slope(self) -> Slope: ...
    @property
    def cells(self) -> Sequence[int]: ...
    @property
    def placement(self) -> str: ...
    @property
    def scoring(self) -> str: ...
    @property
    def first(self) -> int | None: ...
    @property
    def passes(self) -> int: ...
    def score(self, player: int) -> int: ...


DERIVED = ("winner", "size", "shape", "score")
"""What a JSON position says besides the position itself, checked against it."""


def rows_text(state: Position) -> list[str]:
    """Each row as its characters, top row first."""
    slope = state.slope
    return ["".join(CHARS[state.cells[slope.starts[row] + i]] for i in range(width))
            for row, width in enumerate(slope.widths)]


def position_text(setup: Setup) -> str:
    """The one-line position."""
    return (f"{'/'.join(setup.rows)} {setup.to_move} plies={setup.plies} first={setup.first} "
            f"passes={setup.passes} placement={setup.placement} scoring={setup.scoring}")


def parse_position(text: str) -> Setup:
    """The setup ``text`` describes, its form checked; :class:`PositionError` says what is
    wrong."""
    words = text.split()
    where = f"position {text!r}"
    if len(words) != 2 + len(FIELDS):
        raise PositionError(f"{where}: write the rows, the player to move and "
                            f"{', '.join(f + '=…' for f in FIELDS)}")
    fields = {}
    for word in words[2:]:
        key, equals, value = word.partition("=")
        if not equals or key not in FIELDS or key in fields:
            raise PositionError(f"{where}: {word!r} is not one of the fields "
                                f"{', '.join(FIELDS)} (each once, as key=value)")
        fields[key] = value
    rows = tuple(words[0].split("/"))
    for number, row in enumerate(rows, 1):
        for char in row:
            if char not in TOKENS:
                raise PositionError(f"{where}: row {number} has {char!r}; cells are w, b or .")
    if words[1] != "-" and words[1] not in PLAYERS:
        raise PositionError(f"{where}: the player to move is white, black or '-', "
                            f"not {words[1]!r}")
    if not fields["plies"].isdigit() or fields["passes"] not in ("0", "1", "2"):
        raise PositionError(f"{where}: plies is a number and passes 0, 1 or 2")
    return Setup(rows, words[1], int(fields["plies"]), fields["first"], int(fields["passes"]),
                 fields["placement"], fields["scoring"])


def position_json(state: Position) -> dict[str, Any]:
    """The position as JSON (schema in ``docs/games/cascades.md``)."""
    outcome = state.outcome()
    players = state.info.players
    return {
        "game": state.info.name,
        "plies": state.plies,
        "to_move": None if state.to_move is None else players[state.to_move],
        "winner": None if outcome is None or outcome.winner is None else
        players[outcome.winner],
        "size": state.slope.top,
        "shape": state.slope.shape,
        "placement": state.placement,
        "scoring": state.scoring,
        "rows": rows_text(state),
        "first": None if state.first is None else state.slope.name(state.first),
        "passes": state.passes,
        "score": {players[p]: state.score(p) for p in (0, 1)},
    }


def parse_json(data: Mapping[str, Any]) -> Setup:
    """The setup a JSON object describes."""
    where = "JSON position"
    keys = ("rows", "to_move", "plies", "first", "passes", "placement", "scoring")
    missing = [key for key in keys if key not in data]
    if missing:
        raise PositionError(f"{where}: missing {', '.join(map(repr, missing))}")
    rows = data["rows"]
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise PositionError(f'{where}: "rows" is a list of strings, top row first')
    to_move = data["to_move"]
    if to_move is not None and to_move not in PLAYERS:
        raise PositionError(f'{where}: "to_move" is "white", "black" or null, not {to_move!r}')
    first = data["first"]
    return parse_position(f"{'/'.join(rows)} {to_move or '-'} plies={data['plies']} "
                          f"first={first or '-'} passes={data['passes']} "
                          f"placement={data['placement']} scoring={data['scoring']}")


def diagram(state: Position) -> str:
    """The slope with each row centred, row numbers on the left::

         1        . w . b
         2       . . . . .
    """
    slope = state.slope
    widest = max(slope.widths)
    symbols = {0: "W", 1: "B", -1: "."}
    lines = []
    for row, width in enumerate(slope.widths):
        cells = " ".join(symbols[state.cells[slope.starts[row] + i]] for i in range(width))
        lines.append(f"{row + 1:>2} {' ' * (widest - width)}{cells}")
    return "\n".join(lines)
