"""The compiled search against its reference: at a fixed depth it finds the value a plain
negamax over the Python engine finds (a position is always met at the
same ply — every move adds one ball — so its table never answers from a deeper search), it
takes forced wins, it repeats exactly under a seed and a step budget, it keeps to its budget,
and it refuses bad input."""

from __future__ import annotations

import os
import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.base import Budget
from controller.ai.kaskade.board import SearchBoard
from controller.ai.kaskade.classic import choose, published_scores
from controller.ai.kaskade.core import compiled, compiled_board, compiled_search, new_table
from controller.ai.kaskade.evaluate import WIN, classical_balance
from controller.ai.kaskade.players import Searcher
from controller.games.kaskade import KaskadeState
from tests.controller.ai.test_kaskade_players import (
    WIN_IN_ONE,
    WIN_IN_TWO,
    Ticking,
    random_position,
)
from tests.controller.ai.test_search import fixed_depth_cases, negamax

if not compiled():
    if os.environ.get("CI"):
        pytest.fail("the compiled core was not built: install build-essential and python3-dev",
                    pytrace=False)
    pytest.skip("the compiled core was not built (no C compiler here)", allow_module_level=True)


def never(nodes: int) -> bool:
    return False


@settings(max_examples=60, deadline=None)
@given(fixed_depth_cases(), st.integers(0, 3))
def test_at_a_fixed_depth_it_finds_the_plain_negamax_value(case, quiescence):
    """With and without plies of captures past the horizon (their alpha-beta, cut off by the
    evaluation where the mover stops, finds the plain value too)."""
    state, depth, _ = case
    python = SearchBoard(state)
    core = compiled_board(state)
    moves = core.moves()
    if any(-negamax_after(python, move, 1) >= WIN - 1 for move in moves):
        return  # a win in one is played at once, unsearched
    move, score, _, done = core.search(moves, depth, never, 1024, quiescence=quiescence)
    if abs(score) < WIN - 1000:
        assert done == depth
    else:  # a forced win or loss ends the deepening where it was found
        assert done <= depth
    assert score == max(-negamax_after(python, m, done, quiescence) for m in moves)
    assert -negamax_after(python, move, done, quiescence) == score, \
        "its move has the value it claims"
    assert core.cells == python.cells, "the position is left as it was"


@settings(max_examples=40, deadline=None)
@given(fixed_depth_cases(), st.integers(2, 4), st.integers(0, 2))
def test_on_many_threads_a_fixed_depth_still_finds_the_plain_negamax_value(case, threads,
                                                                           quiescence):
    """The threads share one table, and every entry one of them stores for a position holds
    that position's bounds at the depth left there, which is the same for every thread at
    the same depth (a Kaskade position is always met at the same ply): they save each other
    work, never change a value. A helper a depth ahead may prove a win the main thread's depth
    cannot see; the search then says the depth of that proof, at which it is the value."""
    state, depth, _ = case
    python = SearchBoard(state)
    core = compiled_board(state)
    moves = core.moves()
    if any(-negamax_after(python, move, 1) >= WIN - 1 for move in moves):
        return
    move, score, _nodes, done = core.search(moves, depth, never, 1024, None, threads,
                                            quiescence=quiescence)
    assert done <= depth
    assert score == max(-negamax_after(python, m, done, quiescence) for m in moves)
    assert -negamax_after(python, move, done, quiescence) == score
    assert core.cells == python.cells


@pytest.mark.parametrize("threads", [2, 4])
def test_a_node_budget_counts_every_threads_nodes(threads):
    state = random_position(8, 8, 5, 40)
    budget = Budget(steps=300_000)
    thought = compiled_search(state, budget, random.Random(3), threads=threads)
    assert state.is_legal(thought.move)
    assert budget.spent()
    assert 300_000 <= budget.used <= thought.steps <= 300_000 + threads * 2 * 1024
    assert thought.depth >= 3


@settings(max_examples=15, deadline=None)
@given(width=st.integers(2, 5), height=st.integers(2, 5), seed=st.integers(0, 2**32),
       depth=st.integers(1, 3), quiescence=st.sampled_from([0, 2]))
def test_a_table_kept_through_a_game_changes_no_fixed_depth_value(width, height, seed, depth,
                                                                 quiescence):
    """What a kept table holds comes from earlier searches, whose entries for the positions
    ahead are always shallower than this search needs (every move adds a ball), so they order
    its moves but never answer for it: each search finds the plain negamax value."""
    state = random_position(width, height, seed, 0)
    table = new_table()
    rng = random.Random(seed)
    while not state.is_over():
        python = SearchBoard(state)
        core = compiled_board(state)
        moves = core.moves()
        move, score, _, done = core.search(moves, depth, never, 1024, table,
                                           quiescence=quiescence)
        if done == depth and abs(score) < WIN - 1000:
            assert score == max(-negamax_after(python, m, depth, quiescence) for m in moves)
            assert -negamax_after(python, move, depth, quiescence) == score
        legal = state.legal_moves()
        state.play(legal[int(rng.random() * len(legal))])


def test_a_kept_table_of_the_wrong_size_or_read_only_is_refused():
    board = compiled_board(random_position(4, 4, 3, 6))
    with pytest.raises(ValueError, match="table: 16777216 bytes"):
        board.search(board.moves(), 2, never, 1024, bytearray(100))
    with pytest.raises(BufferError):
        board.search(board.moves(), 2, never, 1024, bytes(len(new_table())))


def negamax_after(board: SearchBoard, move: int, depth: int, quiescence: int = 0) -> int:
    board.play(move)
    value = negamax(board, depth - 1, 1, quiescence)
    board.undo()
    return value


@settings(max_examples=40, deadline=None)
@given(width=st.integers(2, 9), height=st.integers(2, 9), seed=st.integers(0, 2**32),
       plies=st.integers(0, 80))
def test_its_evaluation_is_the_python_one(width, height, seed, plies):
    state = random_position(width, height, seed, plies)
    assert compiled_board(state).evaluate() == classical_balance(SearchBoard(state))


def test_it_takes_a_win_in_one_and_sees_a_forced_win_in_two():
    state = KaskadeState.from_position(WIN_IN_ONE[0])
    thought = compiled_search(state, Budget(steps=10_000), random.Random(1))
    assert state.move_name(thought.move) == WIN_IN_ONE[1]
    assert thought.score == 1.0
    state = KaskadeState.from_position(WIN_IN_TWO[0])
    thought = compiled_search(state, Budget(steps=50_000), random.Random(1))
    assert state.move_name(thought.move) == WIN_IN_TWO[1]
    assert thought.score == 1.0, "it knows the win is forced"


@pytest.mark.parametrize("steps", [100, 5_000, 200_000])
def test_a_seed_and_a_step_budget_repeat_exactly(steps):
    state = random_position(8, 8, 5, 40)
    first = compiled_search(state, Budget(steps=steps), random.Random(3))
    again = compiled_search(state, Budget(steps=steps), random.Random(3))
    assert (first.move, first.score, first.steps, first.depth) == \
        (again.move, again.score, again.steps, again.depth)
    assert first.steps <= steps + max(1, min(1024, steps // 16))


def test_a_time_budget_is_kept_and_a_cancel_stops_it_while_other_threads_run():
    state = random_position(16, 16, 3, 100)
    thought = compiled_search(state, Budget(seconds=0.3, clock=Ticking()), random.Random(1))
    # It thinks for its budget and stops at the next read of the clock after it (a clock
    # that ticks a millisecond a read: the same on any machine, however busy).
    assert 0.3 <= thought.seconds <= 0.303
    budget = Budget(seconds=60)
    ticks = []
    stop = threading.Event()

    def count() -> None:
        """Another thread that can run only while the search lets go of the interpreter:
        after 100 ticks it cancels the search."""
        while not stop.is_set():
            ticks.append(1)
            if len(ticks) == 100:
                budget.cancel.set()
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    began = time.perf_counter()
    thought = compiled_search(state, budget, random.Random(1))
    stop.set()
    counter.join()
    assert state.is_legal(thought.move)
    assert len(ticks) >= 100, "the search let the other thread run"
    assert time.perf_counter() - began < 30, "the cancel stopped it, long before its budget"


def test_an_error_from_the_budget_goes_on_and_bad_input_is_refused():
    board = compiled_board(random_position(6, 9, 2, 10))

    def broken(nodes: int) -> bool:
        raise KeyError("the budget broke")

    before = board.cells
    with pytest.raises(KeyError, match="the budget broke"):
        board.search(board.moves(), 20, broken, 10)
    assert board.cells == before
    taken = next(c for c, v in enumerate(board.cells) if v < 0)  # Black's: not White's to play
    with pytest.raises(ValueError, match=f"cell {taken} is not a legal move"):
        board.search([taken], 3, never, 1024)
    with pytest.raises(ValueError, match="one or more legal moves"):
        board.search([], 3, never, 1024)
    with pytest.raises(ValueError, match="at least 1"):
        board.search(board.moves(), 0, never, 1024)
    with pytest.raises(TypeError, match="a callable"):
        board.search(board.moves(), 3, None, 1024)
    for plies in (-1, 9):
        with pytest.raises(ValueError, match="quiescence: 0 to 8 plies"):
            board.search(board.moves(), 3, never, 1024, quiescence=plies)
        with pytest.raises(ValueError, match=f"quiescence: 0 to 8 plies, not {plies}"):
            Searcher("searcher", quiescence=plies)
    won = compiled_board(KaskadeState.from_position(WIN_IN_ONE[0]))
    won.play(WIN_IN_ONE_CELL)
    with pytest.raises(ValueError, match="the game is over"):
        won.search([0], 1, never, 1024)


WIN_IN_ONE_CELL = KaskadeState.from_position(WIN_IN_ONE[0]).parse_move(WIN_IN_ONE[1]).cell


@settings(max_examples=40, deadline=None)
@given(width=st.integers(2, 5), height=st.integers(2, 5), seed=st.integers(0, 10_000),
       plies=st.integers(0, 30), depth=st.integers(1, 2))
def test_the_classic_bots_minimax_chooses_as_the_published_walk(width, height, seed, plies,
                                                                 depth):
    """Ordering its moves changes what the compiled minimax prunes, never its choice: with the
    root in cell order, the published program's choice (the first of its best scores) and that
    move's score; and the compiled walk gives the Python walk's score list, number for
    number."""
    state = random_position(width, height, seed, plies)
    if state.is_over():
        return
    core = compiled_board(state)
    scores = published_scores(state, depth)
    assert core.published(depth)[0] == scores
    move, value, nodes = core.classic(core.moves(), 2 * depth)
    assert move == choose(scores, 1, random.Random(seed))
    assert value == scores[move]
    assert nodes >= 0


def test_the_classic_bots_minimax_refuses_bad_input():
    board = compiled_board(random_position(4, 4, 1, 6))
    with pytest.raises(ValueError, match="depth: 1 to 127"):
        board.classic(board.moves(), 0)
    taken = next(c for c, v in enumerate(board.cells) if v < 0)  # Black's: not White's to play
    with pytest.raises(ValueError, match=f"cell {taken} is not a legal move"):
        board.classic([taken], 2)
    with pytest.raises(ValueError, match="one or more legal moves"):
        board.classic([], 2)
    won = compiled_board(KaskadeState.from_position(WIN_IN_ONE[0]))
    won.play(WIN_IN_ONE_CELL)
    with pytest.raises(ValueError, match="the game is over"):
        won.classic([0], 2)


def test_a_searcher_keeps_its_table_and_a_second_think_meanwhile_takes_a_fresh_one():
    from controller.ai.kaskade.players import Searcher

    searcher = Searcher("kept", keep_table=True)
    state = random_position(6, 9, 5, 20)
    first = searcher.think(state, Budget(steps=20_000), random.Random(1))
    table = searcher._table
    assert table is not None
    assert any(table), "the search filled the table it keeps"
    with searcher._table_lock:  # a think already holds it: the hint beside the move, say
        meanwhile = searcher.think(state, Budget(steps=20_000), random.Random(1))
    assert searcher._table is table
    assert {first.move, meanwhile.move} <= set(state.legal_moves())
