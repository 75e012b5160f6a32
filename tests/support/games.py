"""Small games written for the tests: they exercise what Kaskade does not have (dice, hidden
cards) through the same game interface."""

from __future__ import annotations

from controller.games import (
    CHANCE,
    Event,
    GameInfo,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    NothingToUndoError,
    Outcome,
)


class DiceRace(GameState[str]):
    info = GameInfo(name="dice-race", title="Dice race", players=("red", "blue"), chance=True)

    def __init__(self) -> None:
        self.scores = [0, 0]
        self.turn_points = 0
        self.player = 0
        self.rolling = False
        self.history: list[tuple[str, tuple]] = []

    @classmethod
    def new(cls, options=None):
        return cls()

    def options(self):
        return {}

    @classmethod
    def from_position(cls, text):
        raise AssertionError("not used")

    def position(self):
        return f"{self.scores} {self.turn_points} {self.player} {self.rolling}"

    @classmethod
    def from_json(cls, data):
        raise AssertionError("not used")

    def to_json(self):
        return {"game": "dice-race", "plies": self.plies, "to_move": self.to_move, "winner": None}

    def copy(self):
        twin = DiceRace()
        twin.scores, twin.turn_points = self.scores[:], self.turn_points
        twin.player, twin.rolling, twin.history = self.player, self.rolling, self.history[:]
        return twin

    def diagram(self):
        return self.position()

    @property
    def to_move(self) -> int | None:
        if self.outcome() is not None:
            return None
        return CHANCE if self.rolling else self.player

    @property
    def plies(self):
        return len(self.history)

    @property
    def moves(self):
        return tuple(move for move, _ in self.history)

    def outcome(self):
        for player, score in enumerate(self.scores):
            if score >= 5:
                return Outcome(player, "reached 5")
        return None

    def legal_moves(self):
        if self.outcome() is not None:
            return []
        return ["1", "2", "3"] if self.rolling else ["roll", "stop"]

    def play(self, move) -> list[Event]:
        if move not in self.legal_moves():
            raise IllegalMoveError(str(move), self.position(), "not allowed now")
        self.history.append((move, (self.scores[:], self.turn_points, self.player, self.rolling)))
        if move == "roll":
            self.rolling = True
        elif move == "stop":
            self.scores[self.player] += self.turn_points
            self.turn_points, self.player = 0, 1 - self.player
        else:
            self.rolling = False
            if move == "1":
                self.turn_points, self.player = 0, 1 - self.player
            else:
                self.turn_points += int(move)
        return []

    def undo(self):
        if not self.history:
            raise NothingToUndoError("nothing")
        move, (scores, points, player, rolling) = self.history.pop()
        self.scores, self.turn_points, self.player, self.rolling = scores, points, player, rolling
        return move

    def parse_move(self, text):
        if text not in ("roll", "stop", "1", "2", "3"):
            raise InvalidMoveError(text, self.position(), "not a move")
        return text

    def move_name(self, move):
        return move

    def chance_outcomes(self):
        self._require_chance_step()
        return [("1", 1 / 3), ("2", 1 / 3), ("3", 1 / 3)]


class DrawToSix(GameState[str]):
    """One player draws cards from a hidden, shuffled deck of 1-5 (``draw``) or ``stop``s: a
    total of 5 or 6 at the stop wins, above 6 loses at once. The shuffle is a chance step."""

    info = GameInfo(name="draw-to-six", title="Draw to six", players=("player",), chance=True,
                    hidden_information=True)
    CARDS = (1, 2, 3, 4, 5)

    def __init__(self) -> None:
        self.deck: list[int] | None = None
        self.total = 0
        self.stopped = False
        self.history: list[tuple[str, tuple]] = []

    @classmethod
    def new(cls, options=None):
        return cls()

    def options(self):
        return {}

    @classmethod
    def from_position(cls, text):
        raise AssertionError("not used")

    def position(self):
        return f"{self.deck} {self.total} {self.stopped}"

    @classmethod
    def from_json(cls, data):
        raise AssertionError("not used")

    def to_json(self):
        return {"game": "draw-to-six", "plies": self.plies, "to_move": self.to_move,
                "winner": None}

    def copy(self):
        twin = DrawToSix()
        twin.deck = None if self.deck is None else self.deck[:]
        twin.total, twin.stopped, twin.history = self.total, self.stopped, self.history[:]
        return twin

    def diagram(self):
        return self.position()

    @property
    def to_move(self):
        if self.outcome() is not None:
            return None
        return CHANCE if self.deck is None else 0

    @property
    def plies(self):
        return len(self.history)

    @property
    def moves(self):
        return tuple(move for move, _ in self.history)

    def outcome(self):
        if self.total > 6:
            return Outcome(None, "over six")
        if self.stopped:
            return Outcome(0, "five or six") if self.total >= 5 else Outcome(None, "too few")
        if self.deck == []:
            return Outcome(None, "no cards left")
        return None

    def legal_moves(self):
        if self.outcome() is not None:
            return []
        if self.deck is None:
            return ["shuffle"]
        return ["draw", "stop"]

    def play(self, move):
        if self.deck is None and isinstance(move, tuple):
            self.history.append(("shuffle", (None, self.total, self.stopped)))
            self.deck = list(move)
            return []
        if move not in ("draw", "stop") or self.to_move != 0:
            raise IllegalMoveError(str(move), self.position(), "not allowed now")
        self.history.append((move, (self.deck[:], self.total, self.stopped)))
        if move == "draw":
            self.total += self.deck.pop()
        else:
            self.stopped = True
        return []

    def undo(self):
        if not self.history:
            raise NothingToUndoError("nothing")
        move, (deck, total, stopped) = self.history.pop()
        self.deck, self.total, self.stopped = deck, total, stopped
        return move

    def parse_move(self, text):
        if text not in ("draw", "stop"):
            raise InvalidMoveError(text, self.position(), "not a move")
        return text

    def move_name(self, move):
        return "shuffle" if isinstance(move, tuple) else move

    def sample_chance(self, rng):
        self._require_chance_step()
        cards = list(self.CARDS)
        for index in range(len(cards) - 1, 0, -1):
            other = int(rng.random() * (index + 1))
            cards[index], cards[other] = cards[other], cards[index]
        return tuple(cards)

    def determinize(self, player, rng):
        twin = self.copy()
        if twin.deck:
            deck = twin.deck
            for index in range(len(deck) - 1, 0, -1):
                other = int(rng.random() * (index + 1))
                deck[index], deck[other] = deck[other], deck[index]
        return twin
