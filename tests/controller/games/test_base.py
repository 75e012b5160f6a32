"""The protocol's shared behaviour (chance steps, playouts, utilities), exercised through a
tiny dice game written here: first to 5 points, each turn a player rolls a three-sided die or
stops; a roll of 1 loses the points of the turn."""

from __future__ import annotations

import random
from collections import Counter
from typing import Optional

import pytest

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
    def to_move(self) -> Optional[int]:
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


def test_chance_steps_are_explicit_and_sampled_by_their_probabilities():
    state = DiceRace()
    state.play_text("roll")
    assert state.to_move == CHANCE
    rng = random.Random(5)
    counts = Counter(state.sample_chance(rng) for _ in range(3000))
    assert set(counts) == {"1", "2", "3"}
    assert all(900 < n < 1100 for n in counts.values())


def test_asking_for_chance_when_a_player_is_to_move_is_refused():
    state = DiceRace()
    with pytest.raises(IllegalMoveError, match="no chance step is due"):
        state.chance_outcomes()


def test_the_generic_playout_handles_chance_and_leaves_the_state_alone():
    state = DiceRace()
    outcomes = Counter(state.random_playout(random.Random(seed)).winner for seed in range(200))
    assert set(outcomes) == {0, 1}
    assert state.plies == 0


def test_is_legal_and_determinize_have_sensible_defaults():
    state = DiceRace()
    assert state.is_legal("roll")
    assert not state.is_legal("2")
    twin = state.determinize(0, random.Random(1))
    assert twin is not state
    assert twin.position() == state.position()


def test_player_titles_and_utilities():
    state = DiceRace()
    assert state.player_title(1) == "Blue"
    win = Outcome(0, "reached 5")
    assert (win.utility(0, 2), win.utility(1, 2)) == (1.0, -1.0)
    assert Outcome(None, "tie").utility(0, 2) == 0.0
    assert Outcome(None, "cards left").utility(0, 1) == -1.0, "a lost solitaire is a loss"
