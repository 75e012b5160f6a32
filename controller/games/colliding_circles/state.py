"""Colliding Circles: two players place and manoeuvre dice on 19 interlocking circles; a
completed circle scores for whoever shows more on it, more for a wolf or a fox.

Rules: ``docs/games/colliding-circles.md``. A move is one action: a throw of dice into a hand
(chance), a placement, a manoeuvre, a rethrow or ``END``. Red's first turn is one attracted
placement; every later turn is an optional manoeuvre, an optional placement, then an optional
second placement or a rethrow, in that order. The hand is refilled from the pool when the turn
ends (a chance step, if the pool has dice and the hand has room).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from types import ModuleType
from typing import Any, ClassVar

from controller.games.base import CHANCE, Event, GameInfo, GameOver, Outcome, Rng
from controller.games.colliding_circles import notation, playout, rules
from controller.games.colliding_circles.board import (
    CIRCLES_OF,
    FIELDS,
    INDEX,
    NAMES,
    PARITY,
    PRINTED,
)
from controller.games.colliding_circles.events import (
    CircleChanged,
    Manoeuvred,
    Placed,
    Rethrown,
    Thrown,
    TurnEnded,
)
from controller.games.colliding_circles.notation import Setup
from controller.games.colliding_circles.pieces import (
    BLACK,
    DICE,
    EMPTY,
    END,
    HAND,
    IDLE_TURNS,
    PLAYERS,
    RED,
    Manoeuvre,
    Move,
    Place,
    Rethrow,
    Throw,
    die,
    owner_of,
    value_of,
)
from controller.games.errors import (
    IllegalMoveError,
    NothingToUndoError,
    OptionsError,
    PositionError,
)
from controller.games.notated import NotatedState

DEAL = "deal"
"""Chance: a player's opening hand is thrown."""
OPENING = "opening"
"""Red's first turn: one attracted placement."""
MANOEUVRE = "manoeuvre"
"""A turn's start: manoeuvre, place, rethrow or end."""
PLACE = "place"
"""After the manoeuvre: place, rethrow or end."""
SECOND = "second"
"""After the first placement: place again, rethrow or end."""
REFILL = "refill"
"""Chance: the hand is refilled from the pool."""
STAGES = (DEAL, OPENING, MANOEUVRE, PLACE, SECOND, REFILL)


@cache
def throws(count: int) -> tuple[tuple[Throw, float], ...]:
    """Every throw of ``count`` dice (values highest first) with its probability."""
    outcomes = []
    for values in combinations_with_replacement(range(6, 0, -1), count):
        ways = factorial(count)
        for value in set(values):
            ways //= factorial(values.count(value))
        outcomes.append((Throw(values), ways / 6 ** count))
    return tuple(outcomes)


class CollidingCirclesState(NotatedState[Move]):
    """A game of Colliding Circles; fields are numbered as in :mod:`board`."""

    notation: ClassVar[ModuleType] = notation
    info = GameInfo(name="colliding-circles", title="Colliding Circles", players=PLAYERS,
                    options={}, chance=True)
    playout_limit = 600
    """Players may manoeuvre and rethrow without end; a search's playout must stop."""

    def __init__(self) -> None:
        self.board = [EMPTY] * len(FIELDS)
        self.hands: list[tuple[int, ...]] = [(), ()]
        """Each player's hand, highest first; both players see both."""
        self.pools = [DICE, DICE]
        self.player = RED
        self.stage = DEAL
        self._plies = 0
        self.idle = 0
        """Turns ended in a row without a die placed: :data:`IDLE_TURNS` end the game."""
        self._outcome: Outcome | None = None
        self._undo: list[tuple[Move, tuple[Any, ...]]] = []
        self._reach: dict[int, dict[int, list[int]]] | None = None

    # -- creating, copying, saving ----------------------------------------------------------

    @classmethod
    def new(cls, options: Mapping[str, str] | None = None) -> CollidingCirclesState:
        if options:
            raise OptionsError(f"Colliding Circles has no options (got {', '.join(options)})")
        return cls()

    def options(self) -> dict[str, str]:
        return {}

    @classmethod
    def from_setup(cls, setup: Setup, where: str) -> CollidingCirclesState:
        """The state of ``setup``, checked: each die's parity on its field (:data:`PARITY`),
        the adjacency rule on the board, 28 dice a player between board, hand and pool, and a
        stage that fits (over exactly when it is)."""
        state = cls()
        for name, owner, value in setup.dice:
            state.board[INDEX[name]] = die(PLAYERS.index(owner), value)
        for field, cell in enumerate(state.board):
            if cell and value_of(cell) % 2 != PARITY[field]:
                parity = "an odd" if PARITY[field] else "an even"
                raise PositionError(
                    f"{where}: the die on {NAMES[field]} shows {value_of(cell)}, but a die on "
                    f"{NAMES[field]} always shows {parity} number (every die descends from one "
                    "on its printed number in the centre, and each neighbour and each "
                    "manoeuvre step turns odd to even), so no game can reach this position")
        for field, cell in enumerate(state.board):
            if cell and not rules.fits(state.board, field, value_of(cell)):
                raise PositionError(f"{where}: the die on {NAMES[field]} breaks the adjacency "
                                    "rule (neighbouring dice differ by one, 6 and 1 included)")
        for number, name in enumerate(PLAYERS):
            hand, pool = setup.hands[number], setup.pools[number]
            used = sum(1 for c in state.board if c and owner_of(c) == number)
            if len(hand) > HAND:
                raise PositionError(f"{where}: {name}'s hand holds at most {HAND} dice")
            if used + len(hand) + pool != DICE:
                raise PositionError(f"{where}: {name} has {DICE} dice, but the board, hand and "
                                    f"pool give {used + len(hand) + pool}")
        state.hands = list(setup.hands)
        state.pools = list(setup.pools)
        state._plies = setup.plies
        if setup.idle > IDLE_TURNS or (setup.idle == IDLE_TURNS and setup.stage != "over"):
            raise PositionError(f"{where}: {IDLE_TURNS} turns in a row without a die placed end "
                                f"the game (write '- over' and idle={IDLE_TURNS})")
        state.idle = setup.idle
        if setup.stage == "over":
            if setup.player != "-":
                raise PositionError(f"{where}: a finished game has '-' as the player to move")
            state._set_over(where)
            return state
        if setup.player not in PLAYERS or setup.stage not in STAGES:
            raise PositionError(f"{where}: the player is red or black and the stage one of "
                                f"{', '.join(STAGES)} or over (with -)")
        state.player, state.stage = PLAYERS.index(setup.player), setup.stage
        state._check_stage(where)
        return state

    def _set_over(self, where: str) -> None:
        if self.idle == IDLE_TURNS:
            self._finish(_IDLE_END)
            return
        for player in (0, 1):
            if not self.hands[player] and not self.pools[player]:
                self._finish(f"{self.player_title(player)} placed the last die")
                return
        self._check_blocked()
        if self.outcome() is None:
            raise PositionError(f"{where}: the game is not over on this board")

    def _check_stage(self, where: str) -> None:
        empty = not any(self.board)
        hands = [len(h) for h in self.hands]
        if self.stage == DEAL:
            expected = [0, 0] if self.player == 0 else [HAND, 0]
            if not empty or hands != expected:
                raise PositionError(f"{where}: while {PLAYERS[self.player]}'s opening hand is "
                                    "thrown the board is empty and only earlier hands are full")
            return
        if self.stage == OPENING:
            if not empty or self.player != 0 or hands != [HAND, HAND]:
                raise PositionError(f"{where}: the opening is Red's, on an empty board, with "
                                    "both hands thrown")
            return
        if empty:
            raise PositionError(f"{where}: after the opening the board holds a die")
        if self.stage == REFILL and self.throw_count() == 0:
            raise PositionError(f"{where}: a refill needs room in the hand and dice in the pool")
        for player in (0, 1):
            if not self.hands[player] and not self.pools[player]:
                raise PositionError(f"{where}: {PLAYERS[player]} has placed every die: the game "
                                    "is over (write '- over')")
        if self.stage != REFILL and not self.hands[self.player]:
            raise PositionError(f"{where}: the player to move has an empty hand")
        self._check_blocked()
        if self.outcome() is not None:
            raise PositionError(f"{where}: the game is over on this board (write '- over')")

    def setup(self) -> Setup:
        over = self._outcome is not None
        dice = tuple((NAMES[f], PLAYERS[owner_of(c)], value_of(c))
                     for f, c in enumerate(self.board) if c)
        return Setup(dice, (self.hands[0], self.hands[1]), (self.pools[0], self.pools[1]),
                     "-" if over else PLAYERS[self.player], "over" if over else self.stage,
                     self._plies, self.idle)

    def copy(self) -> CollidingCirclesState:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.board = self.board[:]
        twin.hands = self.hands[:]
        twin.pools = self.pools[:]
        twin._undo = self._undo[:]
        return twin

    # -- reading the board --------------------------------------------------------------------

    def scores(self) -> tuple[int, int]:
        """The marker totals on the board: Red's, then Black's."""
        return rules.scores(self.board)

    def situation(self) -> str:
        """``Red 3 · Black 2 · place a die, rethrow one or end the turn``."""
        red, black = self.scores()
        scores = f"Red {red} · Black {black}"
        doing = {OPENING: "place a die next to a printed number",
                 MANOEUVRE: "move a die, place one, rethrow one or end the turn",
                 PLACE: "place a die, rethrow one or end the turn",
                 SECOND: "place a second die, rethrow one or end the turn",
                 DEAL: "the hands are thrown", REFILL: "the hand is refilled"}
        if self._outcome is not None:
            return scores
        return f"{scores} · {doing[self.stage]}"

    def holes(self) -> list[int]:
        """The free fields no die can fill while their neighbours stay."""
        return rules.holes(self.board)

    def circle(self, circle: int) -> tuple[int, int] | None:
        """A complete circle's ``(owner, worth)``, or ``None``."""
        return rules.circle_value(self.board, circle)

    def protected(self, field: int, mover: int) -> bool:
        """Whether the die on ``field`` sits in a circle the opponent of ``mover`` owns, so
        ``mover`` may not manoeuvre it."""
        return (1 - mover) in rules.owned_by(self.board, field)

    def destinations(self, origin: int) -> dict[int, list[int]]:
        """Where the player to move may manoeuvre the die on ``origin``: target -> final
        values, the shortest path's first."""
        if self._reach is None:
            self._reach = {}
        found = self._reach.get(origin)
        if found is None:
            if self.board[origin] == EMPTY or self.protected(origin, self.player):
                found = {}
            else:
                found = rules.reach(self.board, origin, self.player)
            self._reach[origin] = found
        return found

    def turn_player(self) -> int:
        """The thrower during a throw."""
        return self.player

    # -- whose turn, how it ended -------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        if self._outcome is not None:
            return None
        return CHANCE if self.stage in (DEAL, REFILL) else self.player

    @property
    def plies(self) -> int:
        return self._plies

    @property
    def moves(self) -> Sequence[Move]:
        return tuple(move for move, _ in self._undo)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- moves ----------------------------------------------------------------------------------

    def throw_count(self) -> int:
        """How many dice the chance step due now throws."""
        if self.stage == DEAL:
            return min(HAND, self.pools[self.player])
        return min(HAND - len(self.hands[self.player]), self.pools[self.player])

    def legal_moves(self) -> list[Move]:
        if self._outcome is not None:
            return []
        if self.stage in (DEAL, REFILL):
            return [move for move, _ in throws(self.throw_count())]
        moves: list[Move] = []
        if self.stage == MANOEUVRE:
            for origin, cell in enumerate(self.board):
                if cell:
                    for target, values in self.destinations(origin).items():
                        moves.extend(Manoeuvre(origin, target, v) for v in values)
        moves.extend(self.placements())
        if self.stage != OPENING:
            moves.extend(Rethrow(v) for v in sorted(set(self.hands[self.player]),
                                                    reverse=True))
            moves.append(END)
        return moves

    def placements(self) -> list[Place]:
        """The placements open to the player to move now."""
        hand = set(self.hands[self.player])
        board = self.board
        found: list[Place] = []
        for field, cell in enumerate(board):
            if cell:
                continue
            if rules.attached(board, field):
                if self.stage != OPENING:
                    found.extend(Place(v, field) for v in sorted(hand & rules.allowed(board, field),
                                                                 reverse=True))
            elif PRINTED.get(field) in hand:
                found.append(Place(PRINTED[field], field))
        return found

    def is_legal(self, move: Move) -> bool:
        return self._refusal(move) is None

    def _refusal(self, move: Move) -> str | None:
        """Why ``move`` may not be played now, or ``None``."""
        if self._outcome is not None:
            return f"the game is over: {self._outcome.reason}"
        who = self.player_title(self.player)
        if self.stage in (DEAL, REFILL):
            if isinstance(move, Throw) and len(move.values) == self.throw_count() and \
                    all(isinstance(v, int) and 1 <= v <= 6 for v in move.values):
                return None
            count = self.throw_count()
            return f"{who} is throwing {count} {'die' if count == 1 else 'dice'}: only " \
                f"{'its value' if count == 1 else 'their values'} can come next"
        if isinstance(move, Throw):
            return "no dice are being thrown now"
        if isinstance(move, Place):
            return self._place_refusal(move)
        if self.stage == OPENING:
            return "Red opens with one die on the centre field printed with its value"
        if move == END:
            return None
        if isinstance(move, Rethrow):
            if move.value not in self.hands[self.player]:
                return f"{who} has no {move.value} in hand"
            return None
        if isinstance(move, Manoeuvre):
            return self._manoeuvre_refusal(move)
        return "not a Colliding Circles move"

    def _place_refusal(self, move: Place) -> str | None:
        if not 0 <= move.field < len(FIELDS):
            return "not a field of the board"
        if move.value not in self.hands[self.player]:
            return f"{self.player_title(self.player)} has no {move.value} in hand"
        if self.stage == OPENING:
            if PRINTED.get(move.field) != move.value:
                return "Red opens with one die on the centre field printed with its value"
            return None
        return rules.can_place(self.board, move.field, move.value)

    def _manoeuvre_refusal(self, move: Manoeuvre) -> str | None:
        if self.stage == PLACE:
            return "one manoeuvre per turn, and this turn's is made"
        if self.stage != MANOEUVRE:
            return "a manoeuvre comes first in a turn, before any placement"
        if not (0 <= move.origin < len(FIELDS) and 0 <= move.target < len(FIELDS)):
            return "not a field of the board"
        origin = NAMES[move.origin]
        cell = self.board[move.origin]
        if cell == EMPTY:
            return f"there is no die on {origin}"
        if self.protected(move.origin, self.player):
            rival = self.player_title(1 - self.player)
            return f"the die on {origin} belongs to a circle {rival} owns"
        values = self.destinations(move.origin).get(move.target, [])
        if move.value in values:
            return None
        own = owner_of(cell) == self.player
        if values:
            return f"the die on {origin} can reach {NAMES[move.target]} only as " \
                f"{' or '.join(map(str, values))}"
        return f"no path of free fields takes the die on {origin} to {NAMES[move.target]}: " \
            f"each step {'lowers' if own else 'raises'} it by one (within 1-6) and must obey " \
            "the adjacency rule"

    def play(self, move: Move) -> list[Event]:
        refusal = self._refusal(move)
        if refusal is not None:
            raise IllegalMoveError(self._describe(move), self.position(), refusal)
        self._undo.append((move, (self.board[:], self.hands[:], self.pools[:], self.player,
                                  self.stage, self.idle, self._outcome)))
        self._plies += 1
        self._reach = None
        player = self.player
        events: list[Event] = []
        if isinstance(move, Throw):
            self.hands[player] = tuple(sorted(self.hands[player] + move.values, reverse=True))
            self.pools[player] -= len(move.values)
            events.append(Thrown(player, move.values))
            if self.stage == DEAL and player == RED:
                self.player = BLACK
            elif self.stage == DEAL:
                self.player, self.stage = RED, OPENING
            else:
                self.player, self.stage = 1 - player, MANOEUVRE
        elif isinstance(move, Place):
            before = {c: self.circle(c) for c in CIRCLES_OF[move.field]}
            self.board[move.field] = die(player, move.value)
            self._take_from_hand(player, move.value)
            events.append(Placed(player, move.value, move.field,
                                 not rules.attached(self.board, move.field)))
            events.extend(self._changes(before))
            if not self.hands[player] and not self.pools[player]:
                self._finish(f"{self.player_title(player)} placed the last die")
            elif self.stage in (OPENING, SECOND):
                events.extend(self._end_turn(placed=True))
            else:
                self.stage = SECOND
        elif isinstance(move, Manoeuvre):
            fields = (move.origin, move.target)
            before = {c: self.circle(c) for f in fields for c in CIRCLES_OF[f]}
            mover = owner_of(self.board[move.origin])
            self.board[move.origin] = EMPTY
            self.board[move.target] = die(mover, move.value)
            events.append(Manoeuvred(player, move.origin, move.target, move.value))
            events.extend(self._changes(before))
            self.stage = PLACE
        elif isinstance(move, Rethrow):
            self._take_from_hand(player, move.value)
            self.pools[player] += 1
            events.append(Rethrown(player, move.value))
            events.extend(self._end_turn(placed=self.stage == SECOND))
        else:
            events.extend(self._end_turn(placed=self.stage == SECOND))
        if self._outcome is None and not isinstance(move, Throw):
            # Every action that changes the board may block it; the game ends at once, before
            # any refill (the seed: the game is over when nothing on the board can change).
            self._check_blocked()
        if self._outcome is not None:
            events.append(GameOver(self._outcome))
        return events

    def _take_from_hand(self, player: int, value: int) -> None:
        hand = list(self.hands[player])
        hand.remove(value)
        self.hands[player] = tuple(hand)

    def _changes(self, before: dict[int, tuple[int, int] | None]) -> list[Event]:
        events: list[Event] = []
        for circle, was in before.items():
            now = self.circle(circle)
            if now != was:
                events.append(CircleChanged(circle, now[0], now[1]) if now else
                              CircleChanged(circle, None, 0))
        return events

    def _end_turn(self, placed: bool) -> list[Event]:
        """The turn's end: the hand's refill next, or the opponent's turn; the game's end after
        :data:`IDLE_TURNS` turns in a row without a die ``placed``."""
        player = self.player
        self.idle = 0 if placed else self.idle + 1
        if self.idle == IDLE_TURNS:
            self._finish(_IDLE_END)
        if self.throw_count() > 0:
            self.stage = REFILL
        else:
            self.player, self.stage = 1 - player, MANOEUVRE
        return [TurnEnded(player)]

    def _check_blocked(self) -> None:
        """The first ending: every free field is a hole, or none is free."""
        board = self.board
        for field, cell in enumerate(board):
            if cell == EMPTY and not rules.is_hole(board, field):
                return
        self._finish("every free field is a hole" if EMPTY in board else "the board is full")

    def _finish(self, why: str) -> None:
        red, black = self.scores()
        if red == black:
            self._outcome = Outcome(None, f"{why}; a draw at {_points(red)} each", (red, black))
        else:
            winner = RED if red > black else BLACK
            self._outcome = Outcome(winner, f"{why}; {self.player_title(winner)} wins by "
                                    f"{_points(max(red, black))} to {min(red, black)}",
                                    (red, black))

    def undo(self) -> Move:
        if not self._undo:
            raise NothingToUndoError("there is no move to undo")
        move, (board, hands, pools, player, stage, idle, outcome) = self._undo.pop()
        self.board, self.hands, self.pools = board, hands, pools
        self.player, self.stage, self.idle, self._outcome = player, stage, idle, outcome
        self._plies -= 1
        self._reach = None
        return move

    # -- chance and playouts --------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[Move, float]] | None:
        self._require_chance_step()
        return list(throws(self.throw_count()))

    def random_playout(self, rng: Rng) -> Outcome:
        """Random placements to the end, on a quick path (see :mod:`playout`)."""
        return playout.random_playout(self, rng, self.playout_limit or 600)

    def sample_chance(self, rng: Rng) -> Move:
        self._require_chance_step()
        values = [1 + int(rng.random() * 6) for _ in range(self.throw_count())]
        return Throw(tuple(sorted(values, reverse=True)))


_IDLE_END = f"{IDLE_TURNS} turns in a row without a die placed"
"""Why a game ended by :data:`IDLE_TURNS`, as its result's reason begins."""


def _points(count: int) -> str:
    """``1 point``, ``6 points``: the marker total in words."""
    return f"{count} point{'s' if count != 1 else ''}"
