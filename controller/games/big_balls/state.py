"""Big Balls: each player climbs a triangle with six numbered stones, the die deciding which
stone may step; six neutral big balls roll down and crush what they meet.

Rules: ``docs/games/big-balls.md``. A move is one action: a deal (the opening shuffle of one
player's stones, a chance step), a big-ball roll, ``THROW`` (the decision to throw the die), the
die's number (:class:`Die`, a chance step), or a stone's step. A turn is a roll, or a throw,
its number and a step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from itertools import permutations
from types import ModuleType
from typing import Any, ClassVar

from controller.games.base import CHANCE, Event, GameInfo, GameOver, Outcome, Rng
from controller.games.big_balls import notation
from controller.games.big_balls.events import BallRolled, Dealt, DieShown, StoneMoved, Thrown
from controller.games.big_balls.notation import Setup
from controller.games.big_balls.pieces import (
    BALL,
    CHOOSE,
    DEAL_BLACK,
    DEAL_WHITE,
    DICE,
    EMPTY,
    MOVE,
    NUMBERS,
    PLAYERS,
    ROLL,
    THROW,
    BallMove,
    Deal,
    Die,
    Move,
    StoneStep,
    number,
    owner,
    stone,
)
from controller.games.big_balls.triangle import (
    APEX,
    BALL_START,
    BLACK_START,
    HOLES,
    ROLLS,
    STEPS,
    WHITE_START,
    hole_name,
)
from controller.games.errors import (
    IllegalMoveError,
    MoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
)
from controller.games.notated import NotatedState

DEALS = tuple(Deal(numbers) for numbers in permutations(NUMBERS))
"""The 720 deals of one player's stones."""


class BigBallsState(NotatedState[Move]):
    """A game of Big Balls; holes are numbered as in :mod:`triangle` (0 = a1 … 27 = a7)."""

    info = GameInfo(
        name="big-balls",
        title="Big Balls",
        players=PLAYERS,
        options={"first": "who moves first: black or white (default black)"},
        chance=True,
    )
    notation: ClassVar[ModuleType] = notation
    playout_limit = 1000
    """Stones may step sideways for ever; a search's playout must not."""

    def __init__(self, first: int = 0) -> None:
        self.first = first
        self.board = [EMPTY] * len(HOLES)
        for hole in BALL_START:
            self.board[hole] = BALL
        self.phase = DEAL_BLACK
        self.player = first
        self.die: int | None = None
        self._plies = 0
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Move, tuple[Any, ...]]] = []

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> BigBallsState:
        given = {key.strip().lower(): str(value).strip().lower()
                 for key, value in (options or {}).items()}
        first = given.pop("first", "black")
        if given:
            raise OptionsError(f"Big Balls has no option {', '.join(sorted(given))}; its only "
                               "option is first")
        if first not in PLAYERS:
            raise OptionsError(f"first {first!r}: black or white moves first")
        return cls(PLAYERS.index(first))

    def options(self) -> dict[str, str]:
        return {"first": PLAYERS[self.first]}

    @classmethod
    def from_setup(cls, setup: Setup, where: str) -> BigBallsState:
        """The state of ``setup``, checked: no stone twice, at most six balls, a deal only on
        an empty start, the phase against the board, and "over" exactly when it is."""
        state = cls(PLAYERS.index(setup.first))
        state.board = list(setup.board)
        stones = [v for v in state.board if v > 0]
        if len(stones) != len(set(stones)):
            raise PositionError(f"{where}: a stone appears twice")
        if state.board.count(BALL) > 6:
            raise PositionError(f"{where}: there are only six big balls")
        state._plies = setup.plies
        state._turn(setup, where)
        return state

    def _turn(self, setup: Setup, where: str) -> None:
        """The turn of ``setup``, checked against the board."""
        dealt = [bool(self.stones(p)) for p in (0, 1)]
        expected_deal = {DEAL_BLACK: [False, False], DEAL_WHITE: [True, False]}
        if setup.phase in expected_deal:
            if dealt != expected_deal[setup.phase] or setup.player != PLAYERS[self.first]:
                raise PositionError(f"{where}: while {setup.phase.split('-')[1]}'s stones are "
                                    "being dealt, the stones dealt so far and the first player "
                                    "must match")
            self.phase = setup.phase
            return
        self.player = PLAYERS.index(setup.player)
        if setup.phase == "over":
            outcome = self.judge()
            if outcome is None:
                raise PositionError(f"{where}: the game is not over on this board with "
                                    f"{setup.player} to move")
            self._outcome, self.phase = outcome, CHOOSE
            return
        self.phase, self.die = setup.phase, setup.die
        ended = self.judge()
        if ended is not None:
            raise PositionError(f"{where}: the game is over on this board ({ended.reason}); "
                                f"write '{setup.player} over'")
        if self.phase != CHOOSE and not self.stones(self.player):
            raise PositionError(f"{where}: {setup.player} has no stone to throw the die for")

    def setup(self) -> Setup:
        phase = "over" if self._outcome is not None else self.phase
        return Setup(tuple(self.board), PLAYERS[self.player], phase,
                              self.die if phase == MOVE else None, self._plies,
                              PLAYERS[self.first])

    def copy(self) -> BigBallsState:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.board = self.board[:]
        twin._undo = self._undo[:]
        return twin

    @classmethod
    def words_as_moves(cls, words: Sequence[str], position: str | None = None
                       ) -> list[list[str]]:
        """The original's ``BB b6-b5`` and ``4 e2-d3`` as actions (see
        :func:`notation.words_as_moves`); a die's number means the throw and the number unless
        the position has the die in the air."""
        phase = DEAL_BLACK
        if position is not None:
            with suppress(PositionError):  # reading the position again says what is wrong
                phase = notation.parse_position(position).phase
        return notation.words_as_moves(words, phase)

    def original_notation(self, moves: Sequence[str], movers: Sequence[int]
                          ) -> tuple[list[str], list[int]]:
        return notation.original_words(self, moves, movers)

    def play_text(self, text: str) -> list[Event]:
        """Play one action, or the original's whole stone turn ``4 e2-d3`` (the throw, the
        die's number, the step): all of it, or — when a part is refused — nothing."""
        events: list[Event] = []
        played = 0
        try:
            for move in notation.turn_moves(self, text):
                events += self.play(move)
                played += 1
        except MoveError:
            for _ in range(played):
                self.undo()
            raise
        return events

    # -- reading the board --------------------------------------------------------------------

    def stones(self, player: int) -> dict[int, int]:
        """``player``'s stones on the board: number -> hole."""
        return {number(v): hole for hole, v in enumerate(self.board)
                if v > 0 and owner(v) == player}

    def balls(self) -> list[int]:
        """The holes with a big ball."""
        return [hole for hole, value in enumerate(self.board) if value == BALL]

    def situation(self) -> str:
        """``roll a big ball or throw the die``, ``Black threw a 4 · move stone 3 or 5``."""
        if self._outcome is not None:
            return ""
        if self.phase == MOVE and self.die is not None:
            stones = " or ".join(str(n) for n in self.movable(self.die))
            return f"{self.player_title(self.player)} threw a {self.die} · move stone {stones}"
        if self.phase == ROLL:
            return "the die is thrown"
        if self.phase == CHOOSE:
            return "roll a big ball or throw the die"
        return "the stones are dealt"

    def movable(self, die: int, player: int | None = None) -> tuple[int, ...]:
        """The numbers of the stones ``player`` (default: the player to move) may move after
        throwing ``die``: that stone, or else the next lower and the next higher still on the
        board."""
        own = self.stones(self.player if player is None else player)
        if die in own:
            return (die,)
        lower = [n for n in own if n < die]
        higher = [n for n in own if n > die]
        return tuple(([max(lower)] if lower else []) + ([min(higher)] if higher else []))

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self._outcome is not None:
            return None
        return CHANCE if self.phase in (DEAL_BLACK, DEAL_WHITE, ROLL) else self.player

    def turn_player(self) -> int:
        """The thrower during a throw; the first player while the stones are dealt."""
        return self.player

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> Sequence[Move]:
        return tuple(move for move, _ in self._undo)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- moves ----------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        if self.phase in (DEAL_BLACK, DEAL_WHITE):
            return list(DEALS)
        if self.phase == ROLL:
            return list(DICE)
        if self.phase == MOVE:
            assert self.die is not None
            own = self.stones(self.player)
            return [StoneStep(own[n], target) for n in self.movable(self.die)
                    for target in STEPS[own[n]]]
        moves: list[Move] = self._ball_moves()
        if self.stones(self.player):
            moves.append(THROW)
        return moves

    def _ball_moves(self) -> list[Move]:
        board = self.board
        return [BallMove(hole, target) for hole in self.balls() for target in ROLLS[hole]
                if board[target] != BALL]

    def is_legal(self, move: Move) -> bool:
        return self._refusal(move) is None

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` may not be played now, or ``None``."""
        if self._outcome is not None:
            return f"the game is over: {self._outcome.reason}"
        phase = self.phase
        if phase in (DEAL_BLACK, DEAL_WHITE):
            if isinstance(move, Deal) and sorted(move.numbers) == list(NUMBERS):
                return None
            return "the stones are being dealt: a deal lists 1 to 6 once each"
        if phase == ROLL:
            return None if move in DICE else \
                "the die is being thrown: only its number can come next"
        if phase == MOVE:
            if not isinstance(move, StoneStep):
                return f"the die shows {self.die}: a stone must step now"
            return self._step_refusal(move)
        if move == THROW:
            return None if self.stones(self.player) else "there is no stone left to move"
        if isinstance(move, BallMove):
            return self._roll_refusal(move)
        if isinstance(move, StoneStep):
            return "throw the die first: it says which stone may step"
        return "not a move now: roll a big ball or throw the die"

    def _roll_refusal(self, move: BallMove) -> str | None:
        if not (0 <= move.origin < len(HOLES) and 0 <= move.target < len(HOLES)):
            return "not a hole of the board"
        if self.board[move.origin] != BALL:
            return f"there is no big ball on {hole_name(move.origin)}"
        if not ROLLS[move.origin]:
            return f"the big ball on {hole_name(move.origin)} is on the bottom row and stays"
        if move.target not in ROLLS[move.origin]:
            return "a big ball rolls one hole down, south-west or south-east"
        if self.board[move.target] == BALL:
            return f"another big ball lies on {hole_name(move.target)}"
        return None

    def _step_refusal(self, move: StoneStep) -> str | None:
        assert self.die is not None
        if not (0 <= move.origin < len(HOLES) and 0 <= move.target < len(HOLES)):
            return "not a hole of the board"
        value = self.board[move.origin]
        allowed = self.movable(self.die)
        names = " or ".join(str(n) for n in allowed)
        if value <= 0 or owner(value) != self.player or number(value) not in allowed:
            return f"the die shows {self.die}: move {self.player_title(self.player)}'s " \
                f"stone {names}"
        if move.target not in STEPS[move.origin]:
            return "a stone steps one hole north-west, north-east, west or east"
        return None

    def play(self, move: Move) -> list[Event]:
        refusal = self._refusal(move)
        if refusal is not None:
            raise IllegalMoveError(self._describe(move), self.position(), refusal)
        self._undo.append((move, (self.board[:], self.phase, self.player, self.die,
                                  self._outcome)))
        self._plies += 1
        events: list[Event]
        if isinstance(move, Deal):
            events = self._deal(move)
        elif isinstance(move, BallMove):
            events = [BallRolled(move.origin, move.target, self._take(move.target))]
            self.board[move.target], self.board[move.origin] = BALL, EMPTY
            self._end_turn()
        elif move == THROW:
            self.phase = ROLL
            events = [Thrown(self.player)]
        elif isinstance(move, Die):
            self.die, self.phase = move.number, MOVE
            events = [DieShown(move.number, self.movable(move.number))]
        else:
            assert isinstance(move, StoneStep)
            value = self.board[move.origin]
            events = [StoneMoved(self.player, number(value), move.origin, move.target,
                                 self._take(move.target))]
            self.board[move.target], self.board[move.origin] = value, EMPTY
            self._end_turn()
        if self._outcome is not None:
            events.append(GameOver(self._outcome))
        return events

    def _deal(self, move: Deal) -> list[Event]:
        player, holes = (0, BLACK_START) if self.phase == DEAL_BLACK else (1, WHITE_START)
        for hole, value in zip(holes, move.numbers):
            self.board[hole] = stone(player, value)
        self.phase = DEAL_WHITE if player == 0 else CHOOSE
        return [Dealt(player, move.numbers)]

    def _take(self, hole: int) -> tuple[int, int] | None:
        """What a piece arriving on ``hole`` captures, as ``(player, number)`` (a ball is
        ``(-1, 0)``)."""
        value = self.board[hole]
        if value == EMPTY:
            return None
        return (-1, 0) if value == BALL else (owner(value), number(value))

    def _end_turn(self) -> None:
        self.die = None
        self.phase = CHOOSE
        self.player = 1 - self.player
        self._outcome = self.judge()

    def judge(self) -> Outcome | None:
        """The seed's three endings ("Eine Partie kann auf drei verschiedene Weisen enden"), in
        its order, for the position after a turn, with :attr:`player` to move: (1) a stone on
        a7 wins; (2) the player to move who has no legal move loses — a player without stones
        still rolls big balls and loses only when none can roll; (3) only big balls left, at
        least one of which can still roll: a draw."""
        at_apex = self.board[APEX]
        if at_apex > 0:
            winner = owner(at_apex)
            return Outcome(winner, f"{self.player_title(winner)}'s stone {number(at_apex)} "
                           "reached a7")
        mover = self.player
        stones = [bool(self.stones(p)) for p in (0, 1)]
        if not stones[mover] and not self._ball_moves():
            why = "no stone left and no big ball can roll" if any(stones) else \
                "only big balls remain and none can roll"
            return Outcome(1 - mover, f"{self.player_title(mover)} cannot move: {why}")
        if not any(stones):
            return Outcome(None, "only big balls remain and one can still roll: a draw")
        return None

    def undo(self) -> Move:
        if not self._undo:
            raise NothingToUndoError("there is no move to undo")
        move, (board, phase, player, die, outcome) = self._undo.pop()
        self.board, self.phase, self.player, self.die, self._outcome = \
            board, phase, player, die, outcome
        self._plies -= 1
        return move

    # -- chance ---------------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        self._require_chance_step()
        moves = self.legal_moves()
        return [(move, 1 / len(moves)) for move in moves]

    def sample_chance(self, rng: Rng) -> Move:
        self._require_chance_step()
        if self.phase == ROLL:
            return DICE[int(rng.random() * 6)]
        numbers = list(NUMBERS)
        for index in range(len(numbers) - 1, 0, -1):
            other = int(rng.random() * (index + 1))
            numbers[index], numbers[other] = numbers[other], numbers[index]
        return Deal(tuple(numbers))
