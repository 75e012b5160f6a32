"""Property tests: the invariants of the rules page hold for every game hypothesis can find,
and the engine agrees generation by generation with the literal reference implementation."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import GameOver
from controller.games.kaskade import Generation, KaskadeState, Placed
from controller.games.kaskade.playout import random_playout
from tests.support.kaskade_reference import ReferenceKaskade

sides = st.integers(2, 8)
# A game is a seed for its random moves and, half of the time, a number of moves after which
# it is cut off: most games are played to the end, where the long cascades are.
choices = st.tuples(st.integers(0, 2**32), st.one_of(st.just(10**6), st.integers(0, 60)))


def play_out(width: int, height: int, steering):
    """Yield ``(state before, move, events, state after)`` for a game steered by ``steering``."""
    seed, limit = steering
    rng = random.Random(seed)
    state = KaskadeState(width, height)
    while not state.is_over() and state.plies < limit:
        legal = state.legal_moves()
        before = state.copy()
        move = legal[int(rng.random() * len(legal))]
        events = state.play(move)
        yield before, move, events, state


def replayed(width: int, height: int, steering) -> KaskadeState:
    """The state at the end of the game ``play_out`` yields, played on one state object."""
    state = KaskadeState(width, height)
    for _, move, _, _ in play_out(width, height, steering):
        state.play(move)
    return state


def owners(state: KaskadeState) -> list:
    return [state.cell(c).owner for c in range(state.grid.cells)]


@given(sides, sides, choices)
def test_balls_on_the_board_equal_the_moves_made(width, height, picks):
    for _, _, _, after in play_out(width, height, picks):
        assert sum(after.cell(c).balls for c in range(after.grid.cells)) == after.plies


@given(sides, sides, choices)
def test_after_a_move_that_did_not_end_the_game_no_cell_is_at_critical_mass(width, height, picks):
    for _, _, _, after in play_out(width, height, picks):
        if not after.is_over():
            assert all(after.cell(c).balls < after.grid.critical[c]
                       for c in range(after.grid.cells))


@given(sides, sides, choices)
def test_only_the_mover_gains_cells_and_loses_them_only_by_overflowing(width, height, picks):
    for before, _, events, after in play_out(width, height, picks):
        mover = before.to_move
        fired = {c for e in events if isinstance(e, Generation) for c in e.overflowing}
        for cell, (was, now) in enumerate(zip(owners(before), owners(after))):
            if now != was:
                assert now in (mover, None), "a cell changed to the opponent"
            if was == mover and now is None:
                assert cell in fired, "the mover lost a cell that did not overflow"
            if was == 1 - mover and now is None:
                assert cell in fired, "an opponent cell emptied without being captured first"


@given(sides, sides, choices)
def test_the_same_move_list_gives_the_same_game_generation_by_generation(width, height, picks):
    first = list(play_out(width, height, picks))
    second = list(play_out(width, height, picks))
    assert [(m, e, a.position()) for _, m, e, a in first] == \
           [(m, e, a.position()) for _, m, e, a in second]


@settings(max_examples=300)
@given(st.integers(2, 16), st.integers(2, 16), choices)
def test_the_engine_agrees_with_the_literal_reference(width, height, picks):
    reference = ReferenceKaskade(width, height)
    for _, move, events, after in play_out(width, height, picks):
        cell = (move.cell % width, move.cell // width)
        expected = reference.play(cell)
        generations = [e for e in events if isinstance(e, Generation)]
        assert len(generations) == len(expected)
        for generation, (full, _board) in zip(generations, expected):
            assert sorted(generation.overflowing) == sorted(f + r * width for f, r in full)
        for (f, r), (owner, balls) in reference.board.items():
            assert after.cell(f + r * width) == (f + r * width, owner, balls)
        winner = after.outcome().winner if after.is_over() else None
        assert winner == reference.winner


@given(sides, sides, choices)
def test_events_alone_rebuild_the_board(width, height, picks):
    """Renderers animate from events; applying them to the old board must give the new one."""
    for before, _, events, after in play_out(width, height, picks):
        cells = list(before.cells)
        placed = events[0]
        assert isinstance(placed, Placed)
        cells[placed.cell] = placed.balls if placed.player == 0 else -placed.balls
        numbers = []
        for event in events[1:]:
            if isinstance(event, Generation):
                numbers.append(event.number)
                for change in event.changes:
                    cells[change.cell] = change.balls if change.owner == 0 else -change.balls
        assert numbers == list(range(1, len(numbers) + 1))
        assert cells == list(after.cells)
        game_over = [e for e in events if isinstance(e, GameOver)]
        assert bool(game_over) == after.is_over()
        if game_over:
            assert events[-1] is game_over[0]
            assert game_over[0].outcome.winner == before.to_move
            assert after.owned(1 - before.to_move) == 0


@given(sides, sides, choices)
def test_undo_restores_every_earlier_position_exactly(width, height, picks):
    history = [(b.to_json(), b.position()) for b, _, _, _ in play_out(width, height, picks)]
    state = replayed(width, height, picks)
    while history:
        state.undo()
        assert (state.to_json(), state.position()) == history.pop()
    assert state.plies == 0
    assert state.moves == ()


@given(sides, sides, choices)
def test_games_never_outlast_the_board_capacity(width, height, picks):
    assert replayed(width, height, picks).plies <= KaskadeState(width, height).grid.max_plies


@given(sides, sides, st.integers(0, 2**32))
def test_a_random_game_always_ends_in_a_win_within_the_bound(width, height, seed):
    state = KaskadeState(width, height)
    outcome = state.random_playout(random.Random(seed))
    assert outcome.winner in (0, 1)
    assert state.plies == 0, "random_playout leaves the state alone"


@given(sides, sides, choices, st.integers(0, 2**32))
def test_the_fast_playout_plays_the_same_game_as_the_full_engine(width, height, picks, seed):
    start = replayed(width, height, (picks[0], min(picks[1], 20)))
    if start.is_over():
        return
    trace: list[int] = []
    cells, counts = list(start.cells), [start.owned(0), start.owned(1)]
    winner, plies = random_playout(start.grid, cells, counts, start.plies, random.Random(seed),
                                   trace)
    state = start.copy()
    for cell in trace:
        state.play(state.grid.places[cell])
    assert state.outcome().winner == winner
    assert state.plies == plies
    assert list(state.cells) == cells
    assert [state.owned(0), state.owned(1)] == counts


def test_the_fast_playout_draws_every_legal_move_uniformly():
    state = KaskadeState.from_position(".../b1../w1w1. b")  # 7 cells legal for Black
    legal = {move.cell for move in state.legal_moves()}
    seen: dict[int, int] = {}
    rng = random.Random(7)
    for _ in range(7000):
        trace: list[int] = []
        random_playout(state.grid, list(state.cells), [2, 1], state.plies, rng, trace)
        seen[trace[0]] = seen.get(trace[0], 0) + 1
    assert set(seen) == legal
    assert all(800 < n < 1200 for n in seen.values()), seen
