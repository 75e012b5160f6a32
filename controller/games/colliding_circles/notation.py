"""Colliding Circles moves and positions as text and JSON, and the board as a diagram.

Moves, one token each, as the original rules write them:

* ``5*C6`` a placement (a die showing 5 onto C6);
* ``C6-C5`` a manoeuvre by its shortest path; ``D4-E3(2)`` qualified with the value the die ends
  on, when a longer path gives another (``move_name`` qualifies only then; any may be qualified);
* ``+1`` a rethrow (the value thrown away); ``end`` ends the turn (at its start: a pass);
* ``62`` a throw (chance): the values thrown into the hand, highest first.

Position: each player's dice (value then field), the hands (highest first, ``-`` for none),
the pools, whose turn, the stage and the plies::

    red:5C6,1D5,5D7 black:6C5,4C7 hands=5421/64321 pools=21/21 black manoeuvre plies=9

The stage is ``deal`` (an opening hand is being thrown), ``opening`` (Red's first placement),
``manoeuvre`` (a turn's start), ``place`` (after the manoeuvre), ``second`` (after the first
placement), ``refill`` (the hand is being refilled) or ``over`` (with ``-`` for the player).
After turns ended without a die placed, ``idle=N`` follows: how many in a row (ten end the game).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from controller.games.base import PositionBase
from controller.games.colliding_circles import rules
from controller.games.colliding_circles.board import (
    CIRCLE_NAMES,
    COLUMNS,
    FIELDS,
    INDEX,
    NAMES,
    NEIGHBOURS,
    ROWS,
    find_field,
)
from controller.games.colliding_circles.pieces import (
    EMPTY,
    END,
    HAND,
    PLAYERS,
    Manoeuvre,
    Move,
    Place,
    Rethrow,
    Throw,
    owner_of,
    value_of,
)
from controller.games.errors import InvalidMoveError, PositionError


@runtime_checkable
class Position(PositionBase, Protocol):
    """What the notation reads of a Colliding Circles position (its state's public face): the
    notation names no state, so the rules and their notation import each other in no
    circle."""

    @property
    def board(self) -> Sequence[int]: ...
    @property
    def hands(self) -> Sequence[tuple[int, ...]]: ...
    @property
    def pools(self) -> Sequence[int]: ...
    @property
    def player(self) -> int: ...
    @property
    def stage(self) -> str: ...
    def position(self) -> str: ...
    def player_title(self, player: int) -> str: ...
    def setup(self) -> Setup: ...
    def circle(self, circle: int) -> tuple[int, int] | None: ...
    def destinations(self, origin: int) -> dict[int, list[int]]: ...
    def holes(self) -> list[int]: ...
    def scores(self) -> tuple[int, int]: ...

_PLACE = re.compile(r"([1-6])\s*\*\s*([a-f]\d{1,2})")
_MANOEUVRE = re.compile(r"([a-f]\d{1,2})\s*-\s*([a-f]\d{1,2})(?:\(([1-6])\))?")
END_WORD = "end"
"""How ``END`` is written."""
_RETHROW = re.compile(r"\+\s*([1-6])")
_THROW = re.compile(r"[1-6]{1,5}")
_DIE = re.compile(r"([1-6])([A-F]\d{1,2})")


def move_name(state: Position, move: Move) -> str:
    """The token for ``move`` in ``state``."""
    if move == END:
        return END_WORD
    if isinstance(move, Throw) and move.values and all(
            isinstance(v, int) and 1 <= v <= 6 for v in move.values) and len(move.values) <= HAND:
        return "".join(str(v) for v in move.values)
    if isinstance(move, Rethrow) and 1 <= move.value <= 6:
        return f"+{move.value}"
    if isinstance(move, Place) and 1 <= move.value <= 6 and 0 <= move.field < len(FIELDS):
        return f"{move.value}*{NAMES[move.field]}"
    if isinstance(move, Manoeuvre) and all(0 <= f < len(FIELDS)
                                           for f in (move.origin, move.target)):
        text = f"{NAMES[move.origin]}-{NAMES[move.target]}"
        values = state.destinations(move.origin).get(move.target, [])
        if values and values[0] == move.value:
            return text
        return f"{text}({move.value})"
    raise InvalidMoveError(repr(move), state.position(), "not a Colliding Circles move")


def parse_move(state: Position, text: str) -> Move:
    """The move a token names (legality is ``play``'s business)."""
    word = text.strip().lower()
    if word == END_WORD:
        return END
    if _THROW.fullmatch(word):
        return Throw(tuple(sorted((int(c) for c in word), reverse=True)))
    rethrow = _RETHROW.fullmatch(word)
    if rethrow:
        return Rethrow(int(rethrow[1]))
    place = _PLACE.fullmatch(word)
    if place and find_field(place[2]) is not None:
        return Place(int(place[1]), INDEX[place[2].upper()])
    manoeuvre = _MANOEUVRE.fullmatch(word)
    if manoeuvre and find_field(manoeuvre[1]) is not None and \
            find_field(manoeuvre[2]) is not None:
        origin, target = INDEX[manoeuvre[1].upper()], INDEX[manoeuvre[2].upper()]
        if manoeuvre[3]:
            return Manoeuvre(origin, target, int(manoeuvre[3]))
        return Manoeuvre(origin, target, _shortest_value(state, origin, target))
    raise InvalidMoveError(
        text, state.position(),
        "write 5*C6 to place, C6-C5 or D4-E3(2) to manoeuvre, +1 to rethrow, end to end the "
        "turn, or thrown values such as 62 (fields A3-A9, B2-B10, C1-C11, D1-D11, E2-E10, F3-F9)")


def _shortest_value(state: Position, origin: int, target: int) -> int:
    """The value an unqualified manoeuvre ends on: its shortest legal path's, or — when no
    path is legal — what the die would show after the fewest steps on an empty board."""
    values = state.destinations(origin).get(target)
    if values:
        return values[0]
    cell = state.board[origin]
    if cell == EMPTY:
        return 1
    seen, queue = {origin: 0}, deque([origin])
    while queue:
        field = queue.popleft()
        for other in NEIGHBOURS[field]:
            if other not in seen:
                seen[other] = seen[field] + 1
                queue.append(other)
    step = -1 if owner_of(cell) == state.player else 1
    return min(6, max(1, value_of(cell) + step * seen[target]))


# -- positions ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Setup:
    """A Colliding Circles position as plain values, as text and JSON hold it (its form
    checked, not yet its sense: ``CollidingCirclesState.from_setup`` does that)."""

    dice: tuple[tuple[str, str, int], ...]
    """``(field, player, value)`` of every die on the board."""
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    """Red's and Black's hands."""
    pools: tuple[int, int]
    player: str
    """``red``, ``black``, or ``-`` once over."""
    stage: str
    plies: int
    idle: int = 0
    """Turns ended in a row without a die placed (:data:`~pieces.IDLE_TURNS` end the game)."""


def _hand(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def position_text(setup: Setup) -> str:
    """The one-line position."""
    dice = []
    for name in PLAYERS:
        own = [f"{value}{field}" for field, player, value in setup.dice if player == name]
        dice.append(f"{name}:{','.join(own) or '-'}")
    return f"{' '.join(dice)} hands={_hand(setup.hands[0])}/{_hand(setup.hands[1])} " \
        f"pools={setup.pools[0]}/{setup.pools[1]} {setup.player} {setup.stage} " \
        f"plies={setup.plies}" + (f" idle={setup.idle}" if setup.idle else "")


def parse_position(text: str) -> Setup:
    """The setup ``text`` describes, its form checked; :class:`PositionError` says what is
    wrong."""
    where = f"position {text!r}"
    words = text.split()
    idle = "0"
    if len(words) == 8 and words[7].startswith("idle="):
        idle = words.pop()[len("idle="):]
    if len(words) != 7 or not words[0].startswith("red:") or not words[1].startswith("black:") \
            or not words[2].startswith("hands=") or not words[3].startswith("pools=") \
            or not words[6].startswith("plies="):
        raise PositionError(f"{where}: write red:DICE black:DICE hands=R/B pools=R/B, the "
                            "player to move, the stage and plies=N (e.g. red:5C6 black:- "
                            "hands=5421/64431 pools=22/23 black manoeuvre plies=4)")
    dice: dict[str, tuple[str, int]] = {}
    for player, word in zip(PLAYERS, words[:2]):
        listed = word.split(":", 1)[1]
        if listed == "-":
            continue
        for item in listed.split(","):
            found = _DIE.fullmatch(item.upper())
            if not found or find_field(found[2]) is None:
                raise PositionError(f"{where}: {item!r} is not a die: write its value and "
                                    "field, such as 5C6")
            if found[2] in dice:
                raise PositionError(f"{where}: two dice on {found[2]}")
            dice[found[2]] = (player, int(found[1]))
    hands = words[2][len("hands="):].split("/")
    pools = words[3][len("pools="):].split("/")
    if len(hands) != 2 or len(pools) != 2:
        raise PositionError(f"{where}: hands and pools give Red's then Black's, split by /")
    plies = words[6][len("plies="):]
    if not plies.isdigit() or not idle.isdigit() or not all(p.isdigit() for p in pools):
        raise PositionError(f"{where}: pools, plies and idle are whole numbers")
    for hand in hands:
        if hand != "-" and not _THROW.fullmatch(hand):
            raise PositionError(f"{where}: a hand lists up to five values 1-6, or - for none")
    red, black = (tuple(sorted((int(c) for c in h if c != "-"), reverse=True)) for h in hands)
    return Setup(_board_order(dice), (red, black), (int(pools[0]), int(pools[1])), words[4],
                 words[5], int(plies), int(idle))


def _board_order(dice: Mapping[str, tuple[str, int]]) -> tuple[tuple[str, str, int], ...]:
    """The dice as a setup lists them: in the board's order of fields (A3 … F9)."""
    return tuple((field, owner, value) for field, (owner, value)
                 in sorted(dice.items(), key=lambda item: INDEX[item[0]]))


def position_json(state: Position) -> dict[str, Any]:
    """The position as JSON (schema in ``docs/games/colliding-circles.md``)."""
    outcome = state.outcome()
    to_move = state.to_move
    red, black = state.scores()
    circles = []
    for circle, name in enumerate(CIRCLE_NAMES):
        value = state.circle(circle)
        if value is not None:
            circles.append({"circle": name, "owner": PLAYERS[value[0]], "worth": value[1],
                            "kind": rules.KINDS[value[1]]})
    return {
        "game": state.info.name,
        "plies": state.plies,
        "to_move": None if to_move is None else "chance" if to_move < 0 else PLAYERS[to_move],
        "winner": None if outcome is None or outcome.winner is None
        else PLAYERS[outcome.winner],
        "player": None if outcome is not None else PLAYERS[state.player],
        "stage": state.setup().stage,
        "idle": state.setup().idle,
        "dice": [{"field": NAMES[f], "player": PLAYERS[owner_of(c)], "value": value_of(c)}
                 for f, c in enumerate(state.board) if c],
        "hands": {name: list(state.hands[p]) for p, name in enumerate(PLAYERS)},
        "pools": {name: state.pools[p] for p, name in enumerate(PLAYERS)},
        "scores": {"red": red, "black": black},
        "circles": circles,
        "holes": [NAMES[f] for f in state.holes()],
        "reason": None if outcome is None else outcome.reason,
    }


def parse_json(data: Mapping[str, Any]) -> Setup:
    """The setup a :func:`position_json` object describes."""
    where = "JSON position"
    try:
        dice = {}
        for item in data["dice"]:
            name = str(item["field"]).upper()
            if name not in INDEX or item["player"] not in PLAYERS or \
                    item["value"] not in range(1, 7) or name in dice:
                raise PositionError(f"{where}: bad die {item!r}")
            dice[name] = (str(item["player"]), int(item["value"]))
        red, black = (tuple(sorted((int(v) for v in data["hands"][p]), reverse=True))
                      for p in PLAYERS)
        pools = (int(data["pools"]["red"]), int(data["pools"]["black"]))
        stage = str(data["stage"])
        player = "-" if stage == "over" else str(data["player"])
        plies = int(data["plies"])
        idle = int(data.get("idle", 0))
    except (KeyError, TypeError, ValueError) as error:
        raise PositionError(f"{where}: missing or malformed field ({error})") from None
    if any(v not in range(1, 7) for h in (red, black) for v in h) or min(pools) < 0 or \
            plies < 0 or idle < 0:
        raise PositionError(f"{where}: hand values are 1-6, pools, plies and idle not negative")
    return Setup(_board_order(dice), (red, black), pools, player, stage, plies, idle)


def diagram(state: Position) -> str:
    """The board drawn row by row, top (11) first: ``r5``/``b6`` dice, ``.`` free fields,
    ``()`` holes; then scores, hands and pools."""
    holes = set(state.holes())
    lines = ["     " + "   ".join(COLUMNS)]
    for row in range(11, 0, -1):
        cells = []
        for column in COLUMNS:
            if row not in ROWS[column]:
                cells.append("  ")
                continue
            field = INDEX[f"{column}{row}"]
            cell = state.board[field]
            cells.append(f"{'rb'[owner_of(cell)]}{value_of(cell)}" if cell else
                         "()" if field in holes else ". ")
        lines.append(f"{row:>3}  " + "  ".join(cells).rstrip())
    red, black = state.scores()
    lines.append(f"Red {red}/{black} Black")
    for player, name in enumerate(PLAYERS):
        lines.append(f"{name.capitalize():6} hand {_hand(state.hands[player])}, pool "
                     f"{state.pools[player]}")
    outcome = state.outcome()
    lines.append(outcome.reason if outcome else
                 f"{state.player_title(state.player)} to move ({state.stage})")
    return "\n".join(lines)

