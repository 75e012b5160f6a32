"""Big Balls moves and positions as text and JSON, and the board as a diagram.

Moves (each one token, so a record lists one action per word):

* ``BB:b6-b5`` a big ball rolls (``BB:b6xb5`` when it crushes a stone; the seed writes
  ``BB b6-b5``, which ``parse_move`` reads too);
* ``throw`` the decision to throw the die, then its number ``1`` … ``6`` (chance);
* ``c2-c3`` / ``c2xc3`` the chosen stone's step, without or with a capture;
* ``315264`` a deal (chance): the numbers on the start holes a1 b1 c1 a2 b2 a3 for Black,
  then e1 f1 g1 e2 f2 e3 for White.

Position: the ranks from the apex down, ``/`` between them; a hole is ``.``, ``O`` (a big ball)
or ``B1``…``B6`` / ``W1``…``W6``; then whose turn, the phase and ``key=value`` fields::

    O/OO/OOO/..../B6...W4/B3B1..W2W6/B2B5B4.W1W3W5 black choose plies=2 first=black

The phase is ``deal-black``/``deal-white`` (stones being dealt), ``choose`` (roll a ball or
throw), ``roll`` (the die in the air), ``move:4`` (a stone picked by a 4 must step) or ``over``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from controller.games.base import CHANCE
from controller.games.big_balls import pieces as rules
from controller.games.big_balls.pieces import PLAYERS, Move
from controller.games.big_balls.triangle import HOLES, INDEX, RANKS, find_hole, hole_name
from controller.games.errors import InvalidMoveError, PositionError

if TYPE_CHECKING:
    from controller.games.big_balls.state import BigBallsState

_PIECE = re.compile(r"\.|O|[BW][1-6]")
_STEP = re.compile(r"([a-g][1-7])\s*([-x])\s*([a-g][1-7])")
_BALL = re.compile(r"bb\s*:?\s*(.+)")


def move_name(state: BigBallsState, move: Move) -> str:
    """The token for ``move`` in ``state``."""
    if isinstance(move, rules.Deal):
        return "".join(str(n) for n in move.numbers)
    if isinstance(move, (rules.BallMove, rules.StoneStep)):
        if not all(0 <= h < len(HOLES) for h in (move.origin, move.target)):
            raise InvalidMoveError(repr(move), state.position(), "not a hole of the board")
        taking = state.board[move.target] not in (rules.EMPTY,) and \
            not (isinstance(move, rules.BallMove) and state.board[move.target] == rules.BALL)
        text = f"{hole_name(move.origin)}{'x' if taking else '-'}{hole_name(move.target)}"
        return f"BB:{text}" if isinstance(move, rules.BallMove) else text
    if move == rules.THROW:
        return rules.THROW
    if isinstance(move, int) and not isinstance(move, bool) and 1 <= move <= 6:
        return str(move)
    raise InvalidMoveError(repr(move), state.position(), "not a Big Balls move")


def parse_move(state: BigBallsState, text: str) -> Move:
    """The move a token names (legality is ``play``'s business)."""
    word = text.strip().lower()
    if word == rules.THROW:
        return rules.THROW
    if word.isdigit():
        if len(word) == 1 and "1" <= word <= "6":
            return int(word)
        if len(word) == 6 and sorted(word) == list("123456"):
            return rules.Deal(tuple(int(c) for c in word))
    ball = _BALL.fullmatch(word)
    step = _STEP.fullmatch(ball[1] if ball else word)
    if step is not None:
        origin, target = find_hole(step[1]), find_hole(step[3])
        if origin is not None and target is not None:
            kind = rules.BallMove if ball else rules.StoneStep
            return kind(origin, target)
    raise InvalidMoveError(
        text, state.position(),
        "write BB:b6-b5 for a big ball, throw, a die number 1-6, a step such as c2-c3 or c2xc3, "
        "or a deal such as 315264 (holes a1 to g1 on rank 1 up to a7)")


def _piece(value: int) -> str:
    if value == rules.EMPTY:
        return "."
    if value == rules.BALL:
        return "O"
    return f"{'BW'[rules.owner(value)]}{rules.number(value)}"


@dataclass(frozen=True)
class Setup:
    """A Big Balls position as plain values, as text and JSON hold it (its form checked, not
    yet its sense: ``BigBallsState.from_setup`` does that)."""

    board: tuple[int, ...]
    """Each hole's piece, as in :mod:`pieces` (hole 0 = a1 … 27 = a7)."""
    player: str
    """``black`` or ``white``: whose turn it is (once over, whose it would be)."""
    phase: str
    """``deal-black``, ``deal-white``, ``choose``, ``roll``, ``move`` or ``over``."""
    die: int | None
    """The die's number in the ``move`` phase."""
    plies: int
    first: str


DERIVED = ("to_move", "winner", "die")
"""What a JSON position says besides the position itself, checked against it."""


def position_text(setup: Setup) -> str:
    """The one-line position."""
    ranks = []
    for rank in range(RANKS, 0, -1):
        ranks.append("".join(_piece(setup.board[INDEX[(file, rank)]])
                             for file in range(1, RANKS + 2 - rank)))
    phase = f"move:{setup.die}" if setup.phase == rules.MOVE else setup.phase
    return f"{'/'.join(ranks)} {setup.player} {phase} plies={setup.plies} first={setup.first}"


def parse_position(text: str) -> Setup:
    """The setup ``text`` describes, its form checked; :class:`PositionError` says what is
    wrong."""
    where = f"position {text!r}"
    words = text.split()
    if len(words) != 5 or not words[3].startswith("plies=") or not words[4].startswith("first="):
        raise PositionError(f"{where}: write the ranks, the player to move, the phase, "
                            "plies=N and first=black|white")
    ranks = words[0].split("/")
    if len(ranks) != RANKS:
        raise PositionError(f"{where}: the board has {RANKS} ranks, from a7 down to a1")
    first = words[4][len("first="):]
    if first not in PLAYERS:
        raise PositionError(f"{where}: first is black or white, not {first!r}")
    board = [rules.EMPTY] * len(HOLES)
    for offset, rank_text in enumerate(ranks):
        rank = RANKS - offset
        pieces = _PIECE.findall(rank_text)
        if "".join(pieces) != rank_text or len(pieces) != RANKS + 1 - rank:
            raise PositionError(f"{where}: rank {rank} must list {RANKS + 1 - rank} holes, each "
                                ". or O or B1-B6 or W1-W6")
        for file, piece in enumerate(pieces, 1):
            board[INDEX[(file, rank)]] = _value(piece)
    plies = words[3][len("plies="):]
    if not plies.isdigit():
        raise PositionError(f"{where}: plies is a number")
    phase, die = words[2], None
    if phase.startswith("move:") and phase[5:] in ("1", "2", "3", "4", "5", "6"):
        phase, die = rules.MOVE, int(phase[5:])
    elif phase not in (rules.DEAL_BLACK, rules.DEAL_WHITE, rules.CHOOSE, rules.ROLL, "over"):
        raise PositionError(f"{where}: the phase is deal-black, deal-white, choose, roll, "
                            f"move:N or over, not {phase!r}")
    if words[1] not in PLAYERS:
        raise PositionError(f"{where}: the player to move is black or white (with phase over: "
                            f"the one whose turn it would be), not {words[1]!r}")
    return Setup(tuple(board), words[1], phase, die, int(plies), first)


def _value(piece: str) -> int:
    if piece == ".":
        return rules.EMPTY
    if piece == "O":
        return rules.BALL
    return rules.stone("BW".index(piece[0]), int(piece[1]))


def position_json(state: BigBallsState) -> dict[str, Any]:
    """The position as JSON (schema in ``docs/games/big-balls.md``)."""
    players = state.info.players
    outcome = state.outcome()
    to_move = state.to_move
    return {
        "game": state.info.name,
        "plies": state.plies,
        "to_move": None if to_move is None else "chance" if to_move == CHANCE else
        players[to_move],
        "winner": None if outcome is None or outcome.winner is None else
        players[outcome.winner],
        "first": players[state.first],
        "player": players[state.player],
        "phase": state.setup().phase,
        "die": state.die,
        "balls": sorted(hole_name(h) for h in state.balls()),
        "stones": {players[p]: {str(n): hole_name(h) for n, h in sorted(state.stones(p).items())}
                   for p in (0, 1)},
    }


def parse_json(data: Mapping[str, Any]) -> Setup:
    """The setup a :func:`position_json` object describes."""
    where = "JSON position"
    missing = [k for k in ("plies", "first", "player", "phase", "die", "balls", "stones")
               if k not in data]
    if missing:
        raise PositionError(f"{where}: missing {', '.join(map(repr, missing))}")
    board: dict[int, str] = {}
    try:
        for name in data["balls"]:
            board[_hole(name, where)] = "O"
        for colour, stones in data["stones"].items():
            letter = {"black": "B", "white": "W"}[colour]
            for num, name in stones.items():
                if str(num) not in "123456" or len(str(num)) != 1:
                    raise PositionError(f"{where}: stone numbers are 1 to 6, not {num!r}")
                hole = _hole(name, where)
                if hole in board:
                    raise PositionError(f"{where}: two pieces on {name}")
                board[hole] = f"{letter}{num}"
    except (TypeError, KeyError, AttributeError):
        raise PositionError(f'{where}: "balls" is a list of holes and "stones" maps black and '
                            'white to {number: hole}') from None
    ranks = ["".join(board.get(INDEX[(f, r)], ".") for f in range(1, RANKS + 2 - r))
             for r in range(RANKS, 0, -1)]
    phase = data["phase"]
    if phase == "move":
        phase = f"move:{data['die']}"
    return parse_position(f"{'/'.join(ranks)} {data['player']} {phase} plies={data['plies']} "
                          f"first={data['first']}")


def _hole(name: Any, where: str) -> int:
    hole = find_hole(name) if isinstance(name, str) else None
    if hole is None:
        raise PositionError(f"{where}: {name!r} is not a hole (a1 … g1, … a7)")
    return hole


def diagram(state: BigBallsState) -> str:
    """The triangle, apex on top, ranks numbered on the left and files below::

        7          O
        6        O   O
    """
    lines = []
    for rank in range(RANKS, 0, -1):
        cells = "  ".join(_cell_text(state.board[INDEX[(f, rank)]])
                          for f in range(1, RANKS + 2 - rank))
        lines.append(f"{rank} {' ' * 2 * (rank - 1)}{cells}")
    lines.append("   " + "   ".join("abcdefg"))
    if state.phase == "move":
        lines.append(f"die: {state.die}")
    return "\n".join(lines)


def _cell_text(value: int) -> str:
    """A hole in the diagram: `` .``, `` O``, or a stone in lower case (``b3``)."""
    piece = _piece(value)
    return piece.rjust(2) if len(piece) == 1 else piece.lower()
