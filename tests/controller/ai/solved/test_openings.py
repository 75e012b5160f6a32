"""The opening tables: built exactly by the solver, read through every symmetry and the
transpose, and the committed tables for 2x6 and 3x4 agree with the solver on every position."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.solved.exact import SolveError, analyse, analyse_many
from controller.ai.solved.openings import (
    Table,
    _cells,
    _key,
    build,
    canonical,
    opening,
    positions,
    symmetries,
    tables,
)
from controller.games.kaskade import KaskadeState
from tests.support.compiled import compiled_exact


def random_opening(width: int, height: int, plies: int, rng: random.Random) -> KaskadeState:
    """A game of at most ``plies`` random moves (one fewer where the last ended it)."""
    state = KaskadeState(width, height)
    for _ in range(plies):
        state.play(rng.choice(state.legal_moves()))
        if state.is_over():
            state.undo()
            break
    return state


@pytest.mark.parametrize(("width", "height", "count"), [(3, 4, 4), (2, 6, 4), (4, 4, 8)])
def test_a_board_has_its_mirrors_and_half_turn_and_a_square_its_transposes(width, height,
                                                                           count):
    images = symmetries(width, height)
    assert len(set(images)) == count
    assert all(sorted(image) == list(range(width * height)) for image in images)


@settings(max_examples=40, deadline=None)
@given(size=st.sampled_from([(3, 4), (2, 6), (3, 3)]), seed=st.integers(0, 2**32))
def test_every_symmetric_image_of_a_position_has_the_same_canonical_form(size, seed):
    width, height = size
    cells = list(random_opening(width, height, 6, random.Random(seed)).cells)
    least = canonical(width, height, cells)
    for image in symmetries(width, height):
        moved = [0] * len(cells)
        for cell, value in enumerate(cells):
            moved[image[cell]] = value
        assert canonical(width, height, moved) == least


def test_a_table_holds_every_position_of_its_plies_once():
    found = positions(2, 3, 4)
    keys = [_key(cells) for cells, _ in found]
    assert len(keys) == len(set(keys))
    rng = random.Random(5)
    for _ in range(50):
        state = random_opening(2, 3, rng.randrange(4), rng)
        assert _key(canonical(2, 3, list(state.cells))) in keys


@pytest.mark.parametrize(("width", "height", "plies"), [(2, 3, 5), (2, 4, 3), (3, 3, 3)])
def test_a_built_table_is_the_solvers_exact_answer_for_each_position(width, height, plies):
    if width * height > 8:
        compiled_exact()
    table = build(width, height, plies)
    assert len(table.entries) == len(positions(width, height, plies))
    for key, entry in table.entries.items():
        cells = _cells(key)
        alone = analyse(width, height, cells, sum(abs(value) for value in cells))
        assert (entry.value, list(entry.moves)) == (alone.value, alone.best())


@cache
def two_by_three() -> Table:
    return build(2, 3, 5)


@settings(max_examples=60, deadline=None)
@given(transposed=st.booleans(), seed=st.integers(0, 2**32))
def test_a_tables_move_is_a_perfect_move_through_any_symmetry_and_the_transpose(transposed,
                                                                                 seed):
    """Read on 2x3 or 3x2 from a 2x3 table: the move is among the position's perfect moves as
    the solver finds them on the board as it lies."""
    width, height = (3, 2) if transposed else (2, 3)
    table = two_by_three()
    rng = random.Random(seed)
    state = random_opening(width, height, rng.randrange(5), rng)
    cell, value = table.move(list(state.cells), transposed, rng)  # type: ignore[misc]
    solved = analyse(width, height, list(state.cells), state.plies, python=True)
    assert value == solved.value
    assert cell in solved.best()


def test_a_table_is_made_in_the_narrow_orientation():
    with pytest.raises(SolveError, match="made for 2x3"):
        build(3, 2, 2)


def test_many_positions_share_one_table_and_the_compiled_solver_agrees_with_python():
    compiled_exact()
    found = positions(2, 4, 3)
    compiled = analyse_many(2, 4, found)
    python = analyse_many(2, 4, found, python=True)
    assert [a.values for a in compiled] == [a.values for a in python]
    assert compiled[0].positions == python[0].positions == 28518  # the empty board's all


@pytest.mark.parametrize("size", ["2x6", "3x4"])
def test_the_committed_table_covers_its_plies_and_agrees_with_the_solver(size):
    """Every position of the table's plies is in it, and a proof (an independent search: the
    solver's proof mode) finds the same winner for the position and for each of its moves."""
    compiled_exact()
    table = tables()[size]
    found = positions(table.width, table.height, table.plies)
    assert {_key(cells) for cells, _ in found} == set(table.entries)
    proofs = analyse_many(table.width, table.height, found, exact=False)
    for (cells, _), proof in zip(found, proofs, strict=True):
        entry = table.entries[_key(cells)]
        assert (entry.value > 0) == (proof.value > 0)
        assert all((proof.values[move] > 0) == (entry.value > 0) for move in entry.moves)


@pytest.mark.parametrize(("width", "height", "quickest"), [
    (3, 4, {0, 2, 3, 4, 5, 6, 7, 8, 9, 11}),  # all but b1 and b4
    (4, 3, {0, 1, 2, 3, 5, 6, 8, 9, 10, 11}),  # all but a2 and d2
    (2, 6, {0, 1, 10, 11}),  # the corners
    (6, 2, {0, 5, 6, 11})])
def test_the_empty_boards_entries_are_the_published_solutions(width, height, quickest):
    """The first player wins 3x4 and 2x6 in 19 plies ("Small boards solved" in docs/ai.md),
    and the table's first moves are the quickest, read through every symmetry."""
    rng = random.Random(1)
    seen = set()
    for _ in range(200):
        cell, value = opening(width, height, [0] * 12, 0, rng)  # type: ignore[misc]
        assert value == 19
        seen.add(cell)
    assert seen == quickest


def test_the_tables_answer_only_within_their_plies_and_boards():
    rng = random.Random(2)
    assert opening(3, 3, [0] * 9, 0, rng) is None
    state = random_opening(3, 4, 30, rng)
    assert state.plies >= tables()["3x4"].plies
    assert opening(3, 4, list(state.cells), state.plies, rng) is None
