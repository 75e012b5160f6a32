"""The perfect player: it never lets a won position go, against every reply on the smallest
boards and against the strongest level on the larger solved ones; elsewhere it is level 5."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.ai.base import Budget, Player, Thought
from controller.ai.levels import computer, level_name
from controller.ai.solved.exact import CHECK_EVERY, analyse
from controller.ai.solved.openings import tables
from controller.ai.solved.perfect import Perfect, solved
from controller.ai.tournament import play_game
from controller.games import get_game
from controller.games.kaskade import KaskadeState
from controller.games.kaskade.moves import Place
from tests.support.compiled import compiled_exact


class Recording(Player):
    """A fallback that says it was asked."""

    name = "recording"

    def __init__(self) -> None:
        self.asked = 0

    def think(self, state: Any, budget: Budget, rng: random.Random) -> Thought:
        self.asked += 1
        return Thought(state.legal_moves()[0])


def perfect() -> Perfect:
    return Perfect(Recording())


def every_game(state: KaskadeState, seat: int, player: Perfect, seed: int = 0) -> int:
    """Play ``player`` in ``seat`` against every reply; the number of games, each checked to
    end with ``seat`` winning."""
    if state.is_over():
        assert state.outcome().winner == seat, f"lost: {[state.move_name(m) for m in state.moves]}"
        return 1
    if state.to_move == seat:
        moves = [player.choose(state, Budget(steps=1), random.Random(seed + state.plies))]
    else:
        moves = state.legal_moves()
    games = 0
    for move in moves:
        state.play(move)
        games += every_game(state, seat, player, seed)
        state.undo()
    return games


@pytest.mark.parametrize(("size", "seat"), [("2x2", 1), ("2x3", 0), ("3x2", 0)])
def test_the_perfect_player_wins_every_game_from_the_winning_seat(size, seat):
    """2x2 is lost for the first player and 2x3 won: the perfect player, in the winning seat,
    wins against every reply, exhaustively."""
    assert every_game(get_game("kaskade").new({"size": size}), seat, perfect()) > 1


def test_the_perfect_player_wins_2x4_as_second_player_against_every_reply():
    compiled_exact()
    assert every_game(KaskadeState(2, 4), 1, perfect()) > 1000


@pytest.mark.parametrize(("size", "seat"), [("3x3", 0), ("2x5", 0), ("3x4", 0), ("4x3", 0),
                                           ("2x6", 0), ("6x2", 0)])
def test_the_perfect_player_beats_the_strongest_level_from_the_winning_seat(size, seat):
    """On 3x4 and 2x6 (and their transposes) the first plies come from the opening tables and
    the rest from proofs: the won position is kept throughout."""
    compiled_exact()
    for seed in range(2):
        players: list[Player] = [computer("kaskade", 5), computer("kaskade", 5)]
        players[seat] = perfect()
        result = play_game(get_game("kaskade").new({"size": size}), players,
                           [lambda: Budget(steps=2000)] * 2, seed)
        assert result.winner == seat


def test_a_lost_position_is_played_out_and_a_won_one_kept():
    """After a losing first move on 2x5 (b2: every first move on the second rank loses), the
    perfect player as second player wins."""
    compiled_exact()
    state = KaskadeState(2, 5)
    state.play(Place(2))
    assert analyse(2, 5, list(state.cells), 1).value > 0
    players: list[Player] = [computer("kaskade", 5), perfect()]
    assert play_game(state, players, [lambda: Budget(steps=2000)] * 2, 3).winner == 1


def test_only_solved_kaskade_boards_are_played_perfectly():
    assert solved(KaskadeState(3, 4))
    assert solved(KaskadeState(4, 3))
    assert solved(KaskadeState(2, 2))
    assert not solved(KaskadeState(4, 4))
    assert not solved(get_game("cascades").new({}))
    player = perfect()
    state = KaskadeState(5, 5)
    player.choose(state, Budget(steps=10), random.Random(1))
    assert player.fallback.asked == 1  # type: ignore[attr-defined]
    player.choose(KaskadeState(2, 3), Budget(steps=10), random.Random(1))
    assert player.fallback.asked == 1  # type: ignore[attr-defined]


def test_level_5_plays_perfectly_on_solved_boards():
    level = computer("kaskade", 5)
    state = KaskadeState(2, 2)
    state.play(Place(0))
    thought = level.think(state, Budget(steps=1), random.Random(1))
    assert thought.score == 1.0  # it knows it wins


def test_the_level_says_perfect_where_it_plays_perfectly():
    assert level_name(KaskadeState(3, 4), 5) == "level 5 (perfect)"
    assert level_name(KaskadeState(3, 4), 4) == "level 4"
    assert level_name(KaskadeState(6, 9), 5) == "level 5"
    assert level_name(get_game("cascades").new({"size": "4"}), 5) == "level 5 (perfect)"
    assert level_name(get_game("cascades").new({"size": "8"}), 5) == "level 5"


def test_a_cancel_stops_the_proof_at_once():
    """Undo cancels the computer's think: the proof stops and its move is not meant to count."""
    compiled_exact()
    budget = Budget(steps=1)
    budget.cancel.set()
    state = KaskadeState(3, 4)
    for name in ("a1", "c1", "b1", "b3", "a2"):  # past the opening table, a long proof:
        state.play(state.parse_move(name))  # lost, so every move is searched in any order
    whole = analyse(3, 4, list(state.cells), state.plies, exact=False, first=True)
    assert whole.value < 0
    assert whole.positions > CHECK_EVERY
    thought = perfect().think(state, budget, random.Random(1))
    assert state.is_legal(thought.move)
    assert thought.score == 0.0
    assert thought.steps <= CHECK_EVERY


@pytest.mark.parametrize("size", ["3x4", "4x3", "2x6", "6x2"])
def test_the_first_plies_of_the_slowest_boards_are_answered_from_the_tables(size):
    """No search at all within the opening table's plies (the empty board's proof alone is a
    quarter of a million positions); a search after them."""
    compiled_exact()
    state = get_game("kaskade").new({"size": size})
    rng = random.Random(4)
    player = perfect()
    plies = tables()[f"{min(state.grid.width, state.grid.height)}x"
                     f"{max(state.grid.width, state.grid.height)}"].plies
    thought = player.think(state, Budget(steps=1), rng)
    assert (thought.steps, thought.score, thought.depth) == (0, 1.0, 19)
    while state.plies < plies:
        assert player.think(state, Budget(steps=1), rng).steps == 0
        state.play(rng.choice(state.legal_moves()))
        assert not state.is_over()
    assert player.think(state, Budget(steps=1), rng).steps > 0
