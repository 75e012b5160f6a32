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
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
    DICE,
    EMPTY,
    END,
    HAND,
    PLAYERS,
    Manoeuvre,
    Move,
    Place,
    Rethrow,
    Throw,
    die,
    owner_of,
    value_of,
)
from controller.games.errors import InvalidMoveError, PositionError

if TYPE_CHECKING:
    from controller.games.colliding_circles.state import CollidingCirclesState

_PLACE = re.compile(r"([1-6])\s*\*\s*([a-f]\d{1,2})")
_MANOEUVRE = re.compile(r"([a-f]\d{1,2})\s*-\s*([a-f]\d{1,2})(?:\(([1-6])\))?")
_RETHROW = re.compile(r"\+\s*([1-6])")
_THROW = re.compile(r"[1-6]{1,5}")
_DIE = re.compile(r"([1-6])([A-F]\d{1,2})")
STAGE_NAMES = ("deal", "opening", "manoeuvre", "place", "second", "refill")


def move_name(state: CollidingCirclesState, move: Move) -> str:
    """The token for ``move`` in ``state``."""
    if move == END:
        return END
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


def parse_move(state: CollidingCirclesState, text: str) -> Move:
    """The move a token names (legality is ``play``'s business)."""
    word = text.strip().lower()
    if word == END:
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


def _shortest_value(state: CollidingCirclesState, origin: int, target: int) -> int:
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

def _stage(state: CollidingCirclesState) -> str:
    return "over" if state.outcome() is not None else state.stage


def _hand(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def position_text(state: CollidingCirclesState) -> str:
    """The one-line position."""
    dice = []
    for player, name in enumerate(PLAYERS):
        own = [f"{value_of(c)}{NAMES[f]}" for f, c in enumerate(state.board)
               if c and owner_of(c) == player]
        dice.append(f"{name}:{','.join(own) or '-'}")
    mover = "-" if state.outcome() is not None else PLAYERS[state.player]
    return f"{' '.join(dice)} hands={_hand(state.hands[0])}/{_hand(state.hands[1])} " \
        f"pools={state.pools[0]}/{state.pools[1]} {mover} {_stage(state)} plies={state.plies}"


def parse_position(game: type[CollidingCirclesState], text: str) -> CollidingCirclesState:
    """The state ``text`` describes; :class:`PositionError` says what is wrong."""
    where = f"position {text!r}"
    words = text.split()
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
    if not plies.isdigit() or not all(p.isdigit() for p in pools):
        raise PositionError(f"{where}: pools and plies are whole numbers")
    for hand in hands:
        if hand != "-" and not _THROW.fullmatch(hand):
            raise PositionError(f"{where}: a hand lists up to five values 1-6, or - for none")
    return build(game, dice, [tuple(int(c) for c in h if c != "-") for h in hands],
                 [int(p) for p in pools], words[4], words[5], int(plies), where)


def build(game: type[CollidingCirclesState], dice: Mapping[str, tuple[str, int]],
          hands: list[tuple[int, ...]], pools: list[int], player: str, stage: str, plies: int,
          where: str) -> CollidingCirclesState:
    """A state from its parts, checked: text and JSON positions both come through here."""
    state = game()
    for name, (owner, value) in dice.items():
        state.board[INDEX[name]] = die(PLAYERS.index(owner), value)
    for field, cell in enumerate(state.board):
        if cell and not rules.fits(state.board, field, value_of(cell)):
            raise PositionError(f"{where}: the die on {NAMES[field]} breaks the adjacency rule "
                                "(neighbouring dice differ by one, 6 and 1 included)")
    for player_number, name in enumerate(PLAYERS):
        hand, pool = hands[player_number], pools[player_number]
        used = sum(1 for c in state.board if c and owner_of(c) == player_number)
        if len(hand) > HAND:
            raise PositionError(f"{where}: {name}'s hand holds at most {HAND} dice")
        if used + len(hand) + pool != DICE:
            raise PositionError(f"{where}: {name} has {DICE} dice, but the board, hand and "
                                f"pool give {used + len(hand) + pool}")
    state.hands = [tuple(sorted(h, reverse=True)) for h in hands]
    state.pools = list(pools)
    state._plies = plies
    if stage == "over":
        if player != "-":
            raise PositionError(f"{where}: a finished game has '-' as the player to move")
        _set_over(state, where)
        return state
    if player not in PLAYERS or stage not in STAGE_NAMES:
        raise PositionError(f"{where}: the player is red or black and the stage one of "
                            f"{', '.join(STAGE_NAMES)} or over (with -)")
    state.player, state.stage = PLAYERS.index(player), stage
    _check_stage(state, where)
    return state


def _set_over(state: CollidingCirclesState, where: str) -> None:
    for player in (0, 1):
        if not state.hands[player] and not state.pools[player]:
            state._finish(f"{state.player_title(player)} placed the last die")
            return
    state._check_blocked()
    if state.outcome() is None:
        raise PositionError(f"{where}: the game is not over on this board")


def _check_stage(state: CollidingCirclesState, where: str) -> None:
    empty = not any(state.board)
    hands = [len(h) for h in state.hands]
    if state.stage == "deal":
        expected = [0, 0] if state.player == 0 else [HAND, 0]
        if not empty or hands != expected:
            raise PositionError(f"{where}: while {PLAYERS[state.player]}'s opening hand is "
                                "thrown the board is empty and only earlier hands are full")
        return
    if state.stage == "opening":
        if not empty or state.player != 0 or hands != [HAND, HAND]:
            raise PositionError(f"{where}: the opening is Red's, on an empty board, with both "
                                "hands thrown")
        return
    if empty:
        raise PositionError(f"{where}: after the opening the board holds a die")
    if state.stage == "refill" and state.throw_count() == 0:
        raise PositionError(f"{where}: a refill needs room in the hand and dice in the pool")
    for player in (0, 1):
        if not state.hands[player] and not state.pools[player]:
            raise PositionError(f"{where}: {PLAYERS[player]} has placed every die: the game "
                                "is over (write '- over')")
    if state.stage != "refill" and not state.hands[state.player]:
        raise PositionError(f"{where}: the player to move has an empty hand")
    state._check_blocked()
    if state.outcome() is not None:
        raise PositionError(f"{where}: the game is over on this board (write '- over')")


def position_json(state: CollidingCirclesState) -> dict[str, Any]:
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
        "stage": _stage(state),
        "dice": [{"field": NAMES[f], "player": PLAYERS[owner_of(c)], "value": value_of(c)}
                 for f, c in enumerate(state.board) if c],
        "hands": {name: list(state.hands[p]) for p, name in enumerate(PLAYERS)},
        "pools": {name: state.pools[p] for p, name in enumerate(PLAYERS)},
        "scores": {"red": red, "black": black},
        "circles": circles,
        "holes": [NAMES[f] for f in state.holes()],
        "reason": None if outcome is None else outcome.reason,
    }


def parse_json(game: type[CollidingCirclesState], data: Mapping[str, Any]) \
        -> CollidingCirclesState:
    """The state a :func:`position_json` object describes."""
    where = "JSON position"
    try:
        dice = {}
        for item in data["dice"]:
            name = str(item["field"]).upper()
            if name not in INDEX or item["player"] not in PLAYERS or \
                    item["value"] not in range(1, 7) or name in dice:
                raise PositionError(f"{where}: bad die {item!r}")
            dice[name] = (item["player"], int(item["value"]))
        hands = [tuple(int(v) for v in data["hands"][p]) for p in PLAYERS]
        pools = [int(data["pools"][p]) for p in PLAYERS]
        stage = data["stage"]
        player = "-" if stage == "over" else data["player"]
        plies = int(data["plies"])
    except (KeyError, TypeError, ValueError) as error:
        raise PositionError(f"{where}: missing or malformed field ({error})") from None
    if any(v not in range(1, 7) for h in hands for v in h) or min(pools) < 0 or plies < 0:
        raise PositionError(f"{where}: hand values are 1-6, pools and plies not negative")
    return build(game, dice, hands, pools, str(player), str(stage), plies, where)


def diagram(state: CollidingCirclesState) -> str:
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

