"""The compiled Cascades solver against the Python one, its reference: the same value on random
positions of top widths 3 to 5 (and late positions of 6), reached through the game's own rules,
whatever the window, the table's size or the greedy option; its proof-number search proving
exactly the wins the values say, narrowed or not; and clear errors for what it does not take.

The solver is built at install where a compiler is present; in CI it must be there."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from controller.ai import cascades_solve
from controller.ai.cascades_solve import (
    CascadesSolveError,
    CompiledSolver,
    Solver,
    Stopped,
    make_solver,
)
from controller.games import get_game
from controller.games.cascades.moves import END
from controller.games.cascades.state import CascadesState
from tests.support.compiled import compiled_cascades

core = compiled_cascades()


@cache
def reference(top: int, greedy: bool) -> Solver:
    """The Python solver, its table kept between examples (its values are exact either way)."""
    return Solver(top, greedy)


def position(top: int, seed: int, plies: int) -> tuple[int, int, bool] | None:
    """The masks (mover's, other's) and whether the other side just passed, after ``plies``
    random actions through the game's rules and the end of the turn then under way; ``None``
    once the game is over. Whether the other side just passed is drawn too: the other side may
    pass any turn but the first, and random play passes seldom."""
    rng = random.Random(seed)
    state = get_game("cascades").new({"size": str(top)})
    assert isinstance(state, CascadesState)
    for _ in range(plies):
        if state.is_over():
            return None
        state.play(rng.choice(state.legal_moves()))
    if state.first is not None and not state.is_over():
        state.play(END)
    if state.is_over():
        return None
    mover = state.to_move
    own = sum(1 << cell for cell, owner in enumerate(state.cells) if owner == mover)
    other = sum(1 << cell for cell, owner in enumerate(state.cells) if owner == 1 - mover)
    return own, other, state.passes == 1 or rng.random() < 0.5


def open_position(top: int, seed: int, plies: int) -> tuple[int, int, bool]:
    """:func:`position`, the examples whose game is over set aside."""
    found = position(top, seed, plies)
    assume(found is not None)
    assert found is not None
    return found


@settings(max_examples=150, deadline=None)
@given(top=st.integers(3, 5), seed=st.integers(0, 2**32), plies=st.integers(1, 24),
       table=st.sampled_from([1 << 12, 1 << 20]), greedy=st.booleans())
def test_the_compiled_solver_gives_the_python_solvers_value(top, seed, plies, table, greedy):
    """A 4 KB table holds 256 positions: the table replacing entries must not change a value."""
    own, other, passed = open_position(top, seed, plies)
    expected = reference(top, greedy).value(own, other, passed)
    compiled = CompiledSolver(top, greedy, table_bytes=table)
    assert compiled.value(own, other, passed) == expected
    assert compiled.value(own, other, passed) == expected, "and again from its table"


@settings(max_examples=100, deadline=None)
@given(top=st.integers(3, 5), seed=st.integers(0, 2**32), plies=st.integers(1, 24),
       window=st.sampled_from([(-1, 0), (0, 1), (-1, 1)]))
def test_a_narrow_window_gives_a_true_bound(top, seed, plies, window):
    """At most alpha: the value is no more; at least beta: no less; between: the value."""
    own, other, passed = open_position(top, seed, plies)
    value = reference(top, False).value(own, other, passed)
    alpha, beta = window
    bound = CompiledSolver(top, table_bytes=1 << 16).bounded(own, other, passed, alpha, beta)
    if bound <= alpha:
        assert value <= bound
    elif bound >= beta:
        assert value >= bound
    else:
        assert value == bound
    compiled = CompiledSolver(top, table_bytes=1 << 16)
    assert compiled.loses(own, other, passed) == (value == -1)


@settings(max_examples=150, deadline=None)
@given(top=st.integers(3, 5), seed=st.integers(0, 2**32), plies=st.integers(1, 24),
       table=st.sampled_from([1 << 12, 1 << 20]), greedy=st.booleans())
def test_proof_numbers_prove_exactly_the_wins_the_values_say(top, seed, plies, table, greedy):
    """Either side as the one to prove a win for; a narrowed search proves no win that is not
    one (it may miss some). A 4 KB table forgets most of what it learns on the way."""
    own, other, passed = open_position(top, seed, plies)
    value = reference(top, greedy).value(own, other, passed)
    compiled = CompiledSolver(top, greedy, table_bytes=table)
    assert compiled.proves_win(own, other, passed, mover=True) == (value == 1)
    assert compiled.proves_win(own, other, passed, mover=False) == (value == -1)
    if compiled.proves_win(own, other, passed, mover=True, narrow=True):
        assert value == 1
    if compiled.proves_win(own, other, passed, mover=False, narrow=True):
        assert value == -1
    assert compiled.proves_win(own, other, passed, mover=True) == (value == 1), "from its table"


def test_proof_numbers_prove_the_winning_first_stones_of_tops_4_and_6():
    """Top 4's d2 even narrowed; top 6's f2, a proof of hundreds of thousands of positions."""
    for top, stone, others in ((4, 3, (1, 2, 4)), (6, 5, (4, 6))):
        solver = CompiledSolver(top, table_bytes=1 << 26)
        white, black = solver.board.start
        first = white | 1 << (top + stone)
        assert solver.proves_win(black, first, False, mover=False)
        if top == 4:
            assert solver.proves_win(black, first, False, mover=False, narrow=True)
        for cell in others:
            assert not solver.proves_win(black, white | 1 << (top + cell), False, mover=False)


def test_a_stopped_proof_raises_and_its_table_still_proves(monkeypatch):
    monkeypatch.setattr(cascades_solve, "CHECK_EVERY", 1)
    solver = CompiledSolver(5, table_bytes=1 << 16)
    white, black = solver.board.start
    first = white | 1 << 5
    solver.stop = lambda: True
    with pytest.raises(Stopped):
        solver.proves_win(black, first, False, mover=False)
    solver.stop = None
    solver.limit = 3
    with pytest.raises(Stopped):
        solver.proves_win(black, first, False, mover=False)
    solver.limit = 0
    assert solver.proves_win(black, first, False, mover=False) == \
        (Solver(5).value(black, first, False) == -1)


def test_late_positions_of_top_6_agree():
    """Top 6 from the start is beyond the Python solver; some twenty actions in, both finish."""
    games = (position(6, seed, 18 + seed % 4) for seed in range(200))
    late = [found for found in games if found is not None][:6]
    assert len(late) == 6
    for own, other, passed in late:
        assert CompiledSolver(6, table_bytes=1 << 20).value(own, other, passed) == \
            Solver(6).value(own, other, passed)


def late_positions(top: int, wanted: int) -> list[tuple[int, int, bool]]:
    """Positions some thirty actions into games of ``top`` that take a search of more than one
    position to solve (the Python solver finishes them too)."""
    found = []
    for seed in range(400):
        late = position(top, seed, 26 + seed % 6)
        if late is not None and searched(top, *late) > 1:
            found.append(late)
        if len(found) == wanted:
            return found
    raise AssertionError(f"fewer than {wanted} late positions of top {top} to search")


def searched(top: int, own: int, other: int, passed: bool) -> int:
    """The positions a search of a fresh solver visits to solve one."""
    solver = CompiledSolver(top, table_bytes=1 << 16)
    solver.value(own, other, passed)
    return solver.nodes


def mirrored(top: int, mask: int) -> int:
    """A mask of cells with left and right swapped."""
    result, start = 0, 0
    for row in range(top):
        width = top + row
        for cell in range(width):
            if mask >> (start + cell) & 1:
                result |= 1 << (start + width - 1 - cell)
        start += width
    return result


def test_late_positions_of_top_7_agree_where_the_keys_are_fingerprints():
    """From top 7 on, a position's key is a fingerprint kept up to date turn by turn."""
    for own, other, passed in late_positions(7, 4):
        value = Solver(7).value(own, other, passed)
        solver = CompiledSolver(7, table_bytes=1 << 20)
        assert solver.value(own, other, passed) == value
        assert solver.proves_win(own, other, passed, mover=True) == (value == 1)
        assert solver.proves_win(own, other, passed, mover=False) == (value == -1)


@pytest.mark.parametrize("top", [5, 7])
def test_a_position_whose_turns_are_solved_is_solved_in_one_step(top):
    """The keys a search reaches turn by turn are those of the same positions given whole:
    with every turn's position solved first, a position takes one more step (both searches);
    its mirror image is the same entry and takes none."""
    for own, other, passed in late_positions(top, 3):
        turns = reference(top, False).turns(own, other)
        assert turns is not None
        children = [(other, after, False) for after in turns]
        if not passed:
            children.append((other, own, True))
        solver = CompiledSolver(top, table_bytes=1 << 24)
        for child in children:
            solver.value(*child)
            solver.proves_win(*child, mover=False)
        before = solver.nodes
        value = solver.value(own, other, passed)
        assert solver.nodes - before == 1
        before = solver.nodes
        assert solver.proves_win(own, other, passed, mover=True) == (value == 1)
        assert solver.nodes - before == 1
        before = solver.nodes
        assert solver.value(mirrored(top, own), mirrored(top, other), passed) == value
        assert solver.nodes == before


def test_the_first_stones_of_tops_3_to_5_have_the_python_values():
    for top in (3, 4, 5):
        assert CompiledSolver(top, table_bytes=1 << 16).first_moves() == Solver(top).first_moves()


def test_a_stopped_search_leaves_a_table_that_still_gives_the_right_value(monkeypatch):
    monkeypatch.setattr(cascades_solve, "CHECK_EVERY", 1)
    solver = CompiledSolver(5, table_bytes=1 << 16)
    white, black = solver.board.start
    stone = 1 << 7
    solver.stop = lambda: True
    with pytest.raises(Stopped):
        solver.value(black, white | stone, False)
    solver.stop = None
    solver.limit = 3
    with pytest.raises(Stopped):
        solver.value(black, white | stone, False)
    solver.limit = 0
    assert solver.value(black, white | stone, False) == Solver(5).value(black, white | stone,
                                                                        False)


def test_make_solver_picks_the_compiled_one_unless_told():
    assert isinstance(make_solver(4), CompiledSolver)
    assert type(make_solver(4, python=True)) is Solver


@pytest.mark.parametrize(("call", "message"), [
    (lambda: CompiledSolver(2), "start at 3"),
    (lambda: CompiledSolver(14), "takes 3 to 13"),
])
def test_boards_it_does_not_take_are_refused(call, message):
    with pytest.raises(CascadesSolveError, match=message):
        call()


@pytest.mark.parametrize(("arguments", "message"), [
    (([1, 2, 4], [0, 0, 0], False), "has 4 rows"),
    (([1, 2, 4, 1 << 7], [0, 0, 0, 0], False), "row 3 has 7 cells"),
    (([1, 0, 0, 0], [1, 0, 0, 0], False), "both sides"),
])
def test_bad_positions_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        core.Solver(4).value(*arguments)
    with pytest.raises(ValueError, match=message):
        core.Solver(4).wins(*arguments, True)


def test_a_bad_window_is_refused():
    with pytest.raises(ValueError, match="window"):
        core.Solver(4).value([1, 0, 0, 0], [2, 0, 0, 0], False, 1, 1)
