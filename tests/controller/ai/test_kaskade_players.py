"""Kaskade's computer players: they find forced wins, never play an illegal move, repeat
exactly under a seed, and keep to their budget."""

from __future__ import annotations

import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.pacing import pace
from controller.ai.kaskade.players import Searcher
from controller.ai.levels import LEVELS, LevelError, baseline, computer
from controller.ai.mcts import Mcts
from controller.games.kaskade import KaskadeState

WIN_IN_ONE = ("w1b2b1/b1../.w2w1 w", "a3")
"""White's only winning move is a3 (checked below by trying every move)."""
WIN_IN_TWO = (".w2w1/b2b2./.w2b1 w", "c2")
"""No move wins at once; c2 wins on White's next move whatever Black replies, and no other
move does (checked below exhaustively)."""


def winning_now(board: SearchBoard) -> list[int]:
    found = []
    for move in board.moves():
        if board.play(move):
            found.append(move)
        board.undo()
    return found


def forced_in_two(board: SearchBoard) -> list[int]:
    found = []
    for move in board.moves():
        if board.play(move):
            board.undo()
            continue
        replies_lose = True
        for reply in board.moves():
            if board.play(reply) or not winning_now(board):
                replies_lose = False
            board.undo()
            if not replies_lose:
                break
        board.undo()
        if replies_lose:
            found.append(move)
    return found


def test_the_prepared_positions_are_what_they_claim():
    state = KaskadeState.from_position(WIN_IN_ONE[0])
    assert [state.grid.name(m) for m in winning_now(SearchBoard(state))] == [WIN_IN_ONE[1]]
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    board = SearchBoard(state)
    assert winning_now(board) == []
    assert [state.grid.name(m) for m in forced_in_two(board)] == [WIN_IN_TWO[1]]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_in_one(level):
    state = KaskadeState.from_position(WIN_IN_ONE[0])
    move = computer("kaskade", level).choose(state, Budget(steps=20_000), random.Random(1))
    assert state.move_name(move) == WIN_IN_ONE[1]


@pytest.mark.parametrize("level", [4, 5])
def test_the_searching_levels_find_the_win_in_two(level):
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    thought = computer("kaskade", level).think(state, Budget(steps=50_000), random.Random(1))
    assert state.move_name(thought.move) == WIN_IN_TWO[1]
    assert thought.score == 1.0, "it knows the win is forced"


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_either_engine_finds_the_win_in_two_and_repeats_under_a_seed(engine):
    """``auto`` is the compiled search where it was built; ``python`` its reference."""
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    thought = Searcher("searcher", engine=engine).think(state, Budget(steps=50_000),
                                                         random.Random(1))
    assert (state.move_name(thought.move), thought.score) == (WIN_IN_TWO[1], 1.0)
    state = random_position(6, 9, 9, 24)
    first, again = (Searcher("searcher", engine=engine).think(state, Budget(steps=4000),
                                                              random.Random(5))
                    for _ in range(2))
    assert (first.move, first.steps, first.depth, first.score) == \
        (again.move, again.steps, again.depth, again.score)
    with pytest.raises(ValueError, match="engine: auto or python"):
        Searcher("searcher", engine="fortran")


def test_the_strongest_level_wins_the_prepared_game_against_any_defence():
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    player = computer("kaskade", 5)
    for reply_choice in range(8):
        game = state.copy()
        game.play(player.choose(game, Budget(steps=50_000), random.Random(0)))
        replies = game.legal_moves()
        game.play(replies[reply_choice % len(replies)])
        game.play(player.choose(game, Budget(steps=50_000), random.Random(0)))
        assert game.outcome().winner == 0


positions = st.tuples(st.integers(2, 9), st.integers(2, 9), st.integers(0, 2**32),
                      st.integers(0, 120))


def random_position(width: int, height: int, seed: int, plies: int) -> KaskadeState:
    state = KaskadeState(width, height)
    rng = random.Random(seed)
    while state.plies < plies and not state.is_over():
        legal = state.legal_moves()
        state.play(legal[int(rng.random() * len(legal))])
    return state


@settings(max_examples=40, deadline=None)
@given(positions, st.sampled_from([*LEVELS, "random", "greedy", "minimax2", "mcts"]))
def test_no_player_ever_returns_an_illegal_move(position, who):
    state = random_position(*position)
    if state.is_over():
        return
    player = Mcts() if who == "mcts" else (
        computer("kaskade", who) if isinstance(who, int) else baseline("kaskade", who))
    before = state.position()
    move = player.choose(state, Budget(steps=300), random.Random(position[2]))
    assert state.position() == before, "the player left the position as it found it"
    assert state.is_legal(move)


@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_search_repeats_exactly(level):
    state = random_position(6, 9, 7, 30)
    player = computer("kaskade", level)
    first = player.think(state, Budget(steps=3000), random.Random(42))
    second = computer("kaskade", level).think(state, Budget(steps=3000), random.Random(42))
    assert (first.move, first.steps, first.depth, first.score) == \
        (second.move, second.steps, second.depth, second.score)


class Ticking:
    """A clock that moves a millisecond each time it is read: a search's time in reads, the
    same however busy the machine (the compiled search reads it once per 1,024 nodes)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.001
        return self.now


@pytest.mark.parametrize("plies", [40, 84, 100])
def test_a_time_budget_is_kept(plies):
    """Level 5 thinks its pace's share of the time (less in the opening, more late) and
    stops within a read of the clock of it; on a clock that is read, not watched, the same
    on any machine."""
    state = random_position(8, 8, 3, plies)
    share = pace(state.grid, state.plies)
    budget = Budget(seconds=0.3, clock=Ticking())
    thought = computer("kaskade", 5).think(state, budget, random.Random(1))
    assert 0.3 * share <= thought.seconds <= 0.3 * share + 0.003
    assert thought.depth >= 2


def test_a_cancelled_search_stops_at_once():
    state = random_position(16, 16, 3, 100)
    budget = Budget(seconds=30)
    threading.Timer(0.2, budget.cancel.set).start()
    began = time.perf_counter()
    move = computer("kaskade", 5).choose(state, budget, random.Random(1))
    assert time.perf_counter() - began < 15, "the cancel stopped it, long before its budget"
    assert state.is_legal(move)


def test_unknown_levels_and_baselines_are_refused():
    with pytest.raises(LevelError, match="level 6 does not exist"):
        computer("kaskade", 6)
    with pytest.raises(LevelError, match="no baseline 'alphazero' for kaskade"):
        baseline("kaskade", "alphazero")
    with pytest.raises(ValueError, match="needs seconds or steps"):
        Budget()
