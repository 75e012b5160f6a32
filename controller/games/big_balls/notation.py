"""Big Balls moves and positions as text and JSON, and the board as a diagram.

Moves (each one token, so a record lists one action per word):

* ``BB:b6-b5`` a big ball rolls (``BB:b6xb5`` when it crushes a stone; read without ``BB:``
  too, the hole it leaves naming the ball);
* ``throw`` the decision to throw the die, then its number ``1`` … ``6`` (chance);
* ``c2-c3`` / ``c2xc3`` the chosen stone's step, without or with a capture;
* ``315264`` a deal (chance): the numbers on the start holes a1 b1 c1 a2 b2 a3 for Black,
  then e1 f1 g1 e2 f2 e3 for White.

The original text's notation is read as well and written on request: ``BB b6-b5`` for a big
ball, and a stone's turn as the die's number and the step, ``4 e2-d3`` or ``4e2-d3`` ("Bei
einem Zug, der mit einer Nummer beginnt, war diese Nummer das Würfelergebnis"): the throw, a 4
and the step. :func:`words_as_moves` turns such words into the actions above;
:func:`turn_moves` reads a whole turn typed as one text; :func:`original_words` writes a game
the original's way.

Position: the ranks from the apex down, ``/`` between them; a hole is ``.``, ``O`` (a big ball)
or ``B1``…``B6`` / ``W1``…``W6``; then whose turn, the phase and ``key=value`` fields::

    O/OO/OOO/..../B6...W4/B3B1..W2W6/B2B5B4.W1W3W5 black choose plies=2 first=black

The phase is ``deal-black``/``deal-white`` (stones being dealt), ``choose`` (roll a ball or
throw), ``roll`` (the die in the air), ``move:4`` (a stone picked by a 4 must step) or ``over``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from controller.games.base import CHANCE, PositionBase
from controller.games.big_balls import pieces as rules
from controller.games.big_balls.pieces import PLAYERS, Move
from controller.games.big_balls.triangle import HOLES, INDEX, RANKS, find_hole, hole_name
from controller.games.errors import InvalidMoveError, PositionError


@runtime_checkable
class Position(PositionBase, Protocol):
    """What the notation reads of a Big Balls position (its state's public face): the
    notation names no state, so the rules and their notation import each other in no
    circle."""

    @property
    def board(self) -> Sequence[int]: ...
    @property
    def phase(self) -> str: ...
    @property
    def die(self) -> int | None: ...
    @property
    def first(self) -> int: ...
    @property
    def player(self) -> int: ...
    def position(self) -> str: ...
    def setup(self) -> Setup: ...
    def balls(self) -> list[int]: ...
    def stones(self, player: int) -> dict[int, int]: ...

_PIECE = re.compile(r"\.|O|[BW][1-6]")
_STEP = re.compile(r"([a-g][1-7])\s*([-x])\s*([a-g][1-7])")
_BALL = re.compile(r"bb\s*:?\s*(.+)")
_DIE_STEP = re.compile(r"([1-6])\s*([a-g][1-7]\s*[-x]\s*[a-g][1-7])")
"""The original's stone turn: the die's number, then the step (``4 e2-d3``, ``4e2xd3``)."""
_BALL_WORDS = ("bb", "bb:")
NUMBER_WORDS = tuple(str(n) for n in rules.NUMBERS)
THROW_WORD = "throw"
"""How ``THROW`` is written."""


def move_name(state: Position, move: Move) -> str:
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
        return THROW_WORD
    if isinstance(move, rules.Die) and move in rules.DICE:
        return str(move.number)
    raise InvalidMoveError(repr(move), state.position(), "not a Big Balls move")


def parse_move(state: Position, text: str) -> Move:
    """The move a token names (legality is ``play``'s business). The original's ``4 e2-d3``
    names the step once the die shows 4; before the throw it is a whole turn, which
    :func:`turn_moves` reads."""
    word = text.strip().lower()
    if word == THROW_WORD:
        return rules.THROW
    turn = _DIE_STEP.fullmatch(word)
    if turn is not None:
        if state.phase != rules.MOVE:
            raise InvalidMoveError(
                text, state.position(),
                f"{text.strip()} is a whole stone turn as the original writes it (the throw, "
                f"the die's {turn[1]} and the step): where the die is thrown for you, type "
                f"throw, then the step")
        if state.die != int(turn[1]):
            raise InvalidMoveError(text, state.position(),
                                   f"the die shows {state.die}, not {turn[1]}")
        word = turn[2]
    if word.isdigit():
        if len(word) == 1 and "1" <= word <= "6":
            return rules.DICE[int(word) - 1]
        if len(word) == 6 and sorted(word) == list("123456"):
            return rules.Deal(tuple(int(c) for c in word))
    ball = _BALL.fullmatch(word)
    step = _STEP.fullmatch(ball[1] if ball else word)
    if step is not None:
        origin, target = find_hole(step[1]), find_hole(step[3])
        if origin is not None and target is not None:
            # a step from a big ball's hole is that ball's roll, BB: or not
            rolls = ball or state.board[origin] == rules.BALL
            return (rules.BallMove if rolls else rules.StoneStep)(origin, target)
    raise InvalidMoveError(
        text, state.position(),
        "write BB:b6-b5 (or BB b6-b5) for a big ball, throw, a die number 1-6, a step such as "
        "c2-c3 or c2xc3 (4 c2-c3 once the die shows 4), or a deal such as 315264 (holes a1 to "
        "g1 on rank 1 up to a7)")


def turn_moves(state: Position, text: str) -> list[Move]:
    """The actions one typed text names from ``state``: one, or — for the original's whole
    stone turn ``4 e2-d3`` — the throw (unless the die is already in the air), the die's
    number and the step. Where a program is told the die (a record, GTP's moves), a turn can
    so be given at once."""
    turn = _DIE_STEP.fullmatch(text.strip().lower())
    if turn is None or state.phase not in (rules.CHOOSE, rules.ROLL):
        return [parse_move(state, text)]
    step = _STEP.fullmatch(turn[2])
    assert step is not None
    origin, target = find_hole(step[1]), find_hole(step[3])
    if origin is None or target is None:
        raise InvalidMoveError(text, state.position(), f"{turn[2]} names a hole that is not on "
                               "the board (a1 to g1 on rank 1 up to a7)")
    throw: list[Move] = [rules.THROW] if state.phase == rules.CHOOSE else []
    return [*throw, rules.DICE[int(turn[1]) - 1], rules.StoneStep(origin, target)]


def words_as_moves(words: Sequence[str], phase: str) -> list[list[str]]:
    """What each word of a move list stands for, in this module's tokens, starting in
    ``phase``: the original's ``BB`` joins the word after it; a die's number that begins a
    turn (not after ``throw``) stands for the throw and the number; ``4e2-d3`` for the throw
    (where due), the number and the step; a number just before the step of a die already
    thrown is the original's prefix and goes with that step (``parse_move`` checks it)."""
    result: list[list[str]] = []
    expect = {rules.ROLL: "die", rules.MOVE: "step"}.get(phase, "turn")
    held: str | None = None
    """A word that belongs to the next: ``BB``, or a die's number before its step."""
    for word in words:
        low = word.strip().lower()
        if held is not None:
            result.append([f"BB:{word}" if held.lower() in _BALL_WORDS else f"{held} {word}"])
            held, expect = None, "turn"
            continue
        turn = _DIE_STEP.fullmatch(low)
        if low in _BALL_WORDS or (low in NUMBER_WORDS and expect == "step"):
            result.append([])
            held = word
        elif low in NUMBER_WORDS:
            result.append([THROW_WORD, low] if expect == "turn" else [low])
            expect = "step"
        elif turn is not None and expect in ("turn", "die"):
            result.append([*([THROW_WORD] if expect == "turn" else []), turn[1], turn[2]])
            expect = "turn"
        else:
            result.append([word])
            expect = "die" if low == THROW_WORD else "turn"
    if held is not None:
        result[-1] = [held]
    return result


def original_words(state: Position, moves: Sequence[str], movers: Sequence[int]
                   ) -> tuple[list[str], list[int]]:
    """``moves`` (this module's tokens, played from ``state`` by ``movers``) as the original
    writes them, with who made each: ``BB b6-b5``, and a stone's turn as the die's number and
    the step, ``4 e2-d3`` — the throw left out, as the number says it. Deals, and a throw whose
    number is not yet known, stay as they are; :func:`words_as_moves` reads all of it back."""
    words: list[str] = []
    who: list[int] = []
    index = 0
    while index < len(moves):
        word, mover = moves[index], movers[index]
        index += 1
        if word.startswith("BB:"):
            word = f"BB {word[3:]}"
        elif not words and state.phase == rules.MOVE:
            word = f"{state.die} {word}"
        elif (word == THROW_WORD and index < len(moves)) or \
                (not words and state.phase == rules.ROLL):
            if word == THROW_WORD:
                word, index = moves[index], index + 1
            if index < len(moves) and _STEP.fullmatch(moves[index]):
                word, index = f"{word} {moves[index]}", index + 1
        words.append(word)
        who.append(mover)
    return words, who


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


def position_json(state: Position) -> dict[str, Any]:
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


def diagram(state: Position) -> str:
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
