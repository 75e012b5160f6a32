"""Cascades positions as one line of text, as JSON, and as a diagram.

Text: the rows from the top, ``/`` between them, ``w`` a White stone, ``b`` a Black one, ``.``
an empty cell; then the player to move (``-`` once the game is over) and ``key=value`` fields::

    .w.b.w.b/......../......... ... white plies=0 first=- passes=0 placement=each scoring=bottom

``first`` is the stone placed earlier in the current turn (``-`` at a turn's start). The board's
shape and top width follow from the rows. Every field is checked: a position no game could reach
(a stone with no stone of its colour above it, a changed top row) is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from controller.games.cascades.slope import Slope
from controller.games.errors import OptionsError, PositionError

if TYPE_CHECKING:
    from controller.games.cascades.state import CascadesState

TOKENS = {"w": 0, "b": 1, ".": -1}
CHARS = {value: key for key, value in TOKENS.items()}
FIELDS = ("plies", "first", "passes", "placement", "scoring")


def rows_text(state: CascadesState) -> list[str]:
    """Each row as its characters, top row first."""
    slope = state.slope
    return ["".join(CHARS[state.cells[slope.starts[row] + i]] for i in range(width))
            for row, width in enumerate(slope.widths)]


def position_text(state: CascadesState) -> str:
    """The one-line position."""
    to_move = "-" if state.to_move is None else state.info.players[state.to_move]
    first = "-" if state.first is None else state.slope.name(state.first)
    return (f"{'/'.join(rows_text(state))} {to_move} plies={state.plies} first={first} "
            f"passes={state.passes} placement={state.placement} scoring={state.scoring}")


def parse_position(game: type[CascadesState], text: str) -> CascadesState:
    """The state ``text`` describes; :class:`PositionError` says what is wrong."""
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
    rows = words[0].split("/")
    state = _board(game, rows, fields["placement"], fields["scoring"], where)
    to_move = words[1]
    if to_move != "-" and to_move not in game.info.players:
        raise PositionError(f"{where}: the player to move is white, black or '-', "
                            f"not {to_move!r}")
    return _finish(state, None if to_move == "-" else game.info.players.index(to_move),
                   fields["plies"], fields["first"], fields["passes"], where)


def _board(game: type[CascadesState], rows: list[str], placement: str, scoring: str,
           where: str) -> CascadesState:
    slope = Slope.from_widths(tuple(len(row) for row in rows))
    if slope is None:
        raise PositionError(f"{where}: rows of {'/'.join(str(len(r)) for r in rows)} cells are "
                            "no Cascades board (rows widen by one from 3 to 13 cells, and may "
                            "narrow back)")
    try:
        state = game(slope, placement, scoring)
    except OptionsError as error:
        raise PositionError(f"{where}: {error}") from None
    cells = []
    for number, row in enumerate(rows, 1):
        for char in row:
            if char not in TOKENS:
                raise PositionError(f"{where}: row {number} has {char!r}; cells are w, b or .")
            cells.append(TOKENS[char])
    top = list(slope.top_row)
    if cells[: len(top)] != state.cells[: len(top)]:
        raise PositionError(f"{where}: the top row must hold the starting stones "
                            f"{rows_text(state)[0]}; stones are never placed there")
    for cell in range(len(top), slope.cells):
        owner = cells[cell]
        if owner >= 0 and not any(cells[c] == owner for c in slope.above[cell]):
            raise PositionError(f"{where}: {slope.name(cell)} has no stone of its colour above "
                                "it, so no game can reach this position")
    state.cells = cells
    return state


def _finish(state: CascadesState, to_move: int | None, plies: str, first: str,
            passes: str, where: str) -> CascadesState:
    """Set the turn fields, then check them against the board and the rules."""
    slope = state.slope
    if not plies.isdigit() or passes not in ("0", "1", "2"):
        raise PositionError(f"{where}: plies is a number and passes 0, 1 or 2")
    state._plies = int(plies)
    state.passes = int(passes)
    placed = sum(1 for owner in state.cells if owner >= 0) - slope.top
    if state._plies < placed:
        raise PositionError(f"{where}: {placed} stones were placed, more than plies={plies}")
    if first != "-":
        cell = slope.find(first)
        if cell is None or to_move is None or state.cells[cell] != to_move or state.passes:
            raise PositionError(f"{where}: first={first} must be a stone of the player to move, "
                                "placed this turn (and no pass just made)")
        state.first = cell
    state.player = 0 if to_move is None else to_move
    state._outcome = None
    for player in (0, 1):
        if state.score(player) * 2 > state.counted:
            state._outcome = state._decided(player)
    if state._outcome is None:
        state._outcome = state._stalled()
    if (state._outcome is None) != (to_move is not None):
        status = "is over" if state._outcome is not None else "goes on"
        raise PositionError(f"{where}: the game {status}, so the player to move must be "
                            f"{'-' if state._outcome is not None else 'white or black'}")
    if state._outcome is not None:
        state.player = 0
    if state.first_turn and to_move == 1:
        raise PositionError(f"{where}: White makes the first move")
    return state


def position_json(state: CascadesState) -> dict[str, Any]:
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


def parse_json(game: type[CascadesState], data: Mapping[str, Any]) -> CascadesState:
    """The state a JSON object describes; every field is checked against the others."""
    where = "JSON position"
    keys = ("rows", "to_move", "plies", "first", "passes", "placement", "scoring")
    missing = [key for key in keys if key not in data]
    if missing:
        raise PositionError(f"{where}: missing {', '.join(map(repr, missing))}")
    rows = data["rows"]
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        raise PositionError(f'{where}: "rows" is a list of strings, top row first')
    to_move = data["to_move"]
    if to_move is not None and to_move not in game.info.players:
        raise PositionError(f'{where}: "to_move" is "white", "black" or null, not {to_move!r}')
    first = data["first"]
    text = (f"{'/'.join(rows)} {to_move or '-'} plies={data['plies']} "
            f"first={first or '-'} passes={data['passes']} placement={data['placement']} "
            f"scoring={data['scoring']}")
    state = parse_position(game, text)
    expected = position_json(state)
    for key in ("winner", "size", "shape", "score"):
        if key in data and data[key] != expected[key]:
            raise PositionError(f"{where}: {key!r} is {data[key]!r}, but the rows say "
                                f"{expected[key]!r}")
    return state


def diagram(state: CascadesState) -> str:
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
