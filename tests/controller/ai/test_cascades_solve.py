"""Chang's Cascades solved on small boards: the solver's results, its rules against the game's,
and level 5 winning from the first seat against every reply where the board is solved."""

from __future__ import annotations

import random

import pytest

from controller.ai import cascades_solve
from controller.ai.base import Budget
from controller.ai.cascades_perfect import SOLVED_TOPS, CascadesPerfect, action_values, solver
from controller.ai.cascades_solve import FIRST_STONES, CascadesSolveError, Solver
from controller.ai.flat import FlatMonteCarlo
from controller.ai.levels import computer
from controller.ai.tournament import play_game
from controller.games import get_game
from controller.games.cascades.moves import Place
from controller.games.cascades.state import CascadesState


def cascades(top: int, **options: str) -> CascadesState:
    state = get_game("cascades").new({"size": str(top), **options})
    assert isinstance(state, CascadesState)
    return state


def test_the_first_player_wins_top_3_and_5_with_any_stone_and_top_4_only_with_d2():
    assert Solver(3).first_moves() == {3: 1, 4: 1, 5: 1, 6: 1}
    four = Solver(4).first_moves()
    slope = cascades(4).slope
    assert {slope.name(cell): value for cell, value in four.items()} == \
        {"b2": -1, "c2": -1, "d2": 1, "e2": -1}
    assert set(Solver(5).first_moves().values()) == {1}


def test_a_majority_of_the_bottom_row_only_one_side_can_reach_decides_at_once():
    """White walls Black off from four of top 4's seven bottom cells: won for White with
    nothing more searched, whoever is to move — unless Black, to move after White's pass, can
    end the game on the cells held now and is ahead there."""
    solve = Solver(4)
    board = solve.board
    white, black = board.start
    slope = cascades(4).slope
    for name in ("d2", "d3", "d4"):
        white |= 1 << slope.find(name)
    assert board.sure(white, black) == (4, 1)
    assert solve.value(white, black, False) == 1
    assert solve.value(black, white, False) == -1
    assert len(solve.table) == 2
    for name in ("a2", "a3", "a4", "b4"):
        black |= 1 << slope.find(name)
    assert solve.value(black, white, True) == 1, "Black holds two bottom cells, White one"


def test_the_stored_first_stones_win():
    """Top 6's, beyond the Python solver: tests/controller/ai/test_cascades_perfect.py."""
    for top in SOLVED_TOPS:
        assert Solver(top).first_moves()[cascades(top).slope.find(FIRST_STONES[top])] == 1


def test_the_greedy_search_agrees_with_the_full_one_where_both_finish():
    for top in (3, 4):
        assert Solver(top, greedy=True).first_moves() == Solver(top).first_moves()


def test_a_board_below_3_is_refused():
    with pytest.raises(CascadesSolveError, match="start at 3"):
        Solver(2)


class Asked(FlatMonteCarlo):
    """A fallback that counts how often it was asked."""

    calls = 0

    def think(self, state, budget, rng):
        Asked.calls += 1
        return super().think(state, budget, rng)


def key(state: CascadesState) -> tuple:
    return tuple(state.cells), state.to_move, state.first, state.passes, state.plies == 0


@pytest.mark.parametrize("top", [3, 4])
def test_level_5_wins_from_the_first_seat_against_every_reply(top):
    """Every reply of the second player, at every point of every turn (stones, ends, passes),
    exhaustively: level 5 moving first wins them all."""
    player = computer("cascades", 5)
    seen: set[tuple] = set()
    finished = 0

    def walk(state: CascadesState) -> None:
        nonlocal finished
        if key(state) in seen:
            return
        seen.add(key(state))
        if state.is_over():
            assert state.outcome().winner == 0, state.moves
            finished += 1
            return
        if state.to_move == 0:
            moves = [player.choose(state, Budget(steps=10**9), random.Random(len(seen)))]
        else:
            moves = state.legal_moves()
        for move in moves:
            state.play(move)
            walk(state)
            state.undo()

    walk(cascades(top))
    assert finished > 10


@pytest.mark.parametrize("opponent", ["random", "level-5", "flat-mc"])
def test_level_5_wins_top_5_from_the_first_seat_against_strong_and_random_replies(opponent):
    """Top 5 has too many replies to walk them all through the game's rules in a test; level 5
    moving first wins against the perfect player itself (which, every move losing, chooses
    among them at random), against flat Monte Carlo and against random replies, game after
    game."""
    for seed in range(4 if opponent != "random" else 8):
        second = computer("cascades", 5) if opponent == "level-5" else \
            FlatMonteCarlo() if opponent == "flat-mc" else computer("cascades", 1)
        result = play_game(cascades(5), [computer("cascades", 5), second],
                           [lambda: Budget(steps=10**9), lambda: Budget(steps=200)], seed)
        assert result.winner == 0, (opponent, seed)


def test_the_values_of_the_actions_agree_with_the_outcome_of_perfect_play():
    """From random positions of top 4, both sides playing from the solution: the game ends as
    the values said."""
    for seed in range(6):
        rng = random.Random(seed)
        state = cascades(4)
        for _ in range(rng.randrange(1, 8)):
            state.play(rng.choice(state.legal_moves()))
            if state.is_over():
                break
        if state.is_over():
            continue
        mover = state.to_move
        promised = max(action_values(state).values())
        player = CascadesPerfect(FlatMonteCarlo())
        while not state.is_over():
            state.play(player.choose(state, Budget(steps=10**9), rng))
        winner = state.outcome().winner
        assert promised == (0 if winner is None else 1 if winner == mover else -1)


def test_other_boards_and_options_go_to_the_general_search():
    Asked.calls = 0
    player = CascadesPerfect(Asked())
    for state in (cascades(7), cascades(4, placement="start"), cascades(4, shape="hexagon")):
        player.choose(state, Budget(steps=4), random.Random(1))
    assert Asked.calls == 3


def test_level_5_beyond_the_solved_boards_beats_flat_monte_carlo_from_the_first_seat():
    """Beyond the solved boards there is no proof: level 5 searches. A short game against flat
    Monte Carlo at equal steps on top 7 (the full check is ``kaskade bench ai``)."""
    result = play_game(cascades(7), [computer("cascades", 5), FlatMonteCarlo()],
                       [lambda: Budget(steps=60)] * 2, seed=1)
    assert result.winner == 0


def test_a_solution_that_does_not_fit_half_the_budget_leaves_the_move_to_the_search(monkeypatch):
    """The first move of a process on a slow machine: the search plays it, and the solver goes
    on where it stopped at the next move."""
    monkeypatch.setattr(cascades_solve, "CHECK_EVERY", 16)
    Asked.calls = 0
    solver.cache_clear()
    player = CascadesPerfect(Asked())
    state = cascades(4)
    state.play(Place(state.slope.find("d2")))
    budget = Budget(steps=64)
    assert state.is_legal(player.choose(state, budget, random.Random(1)))
    assert Asked.calls == 1
    assert 0 < solver(4).positions < 500
    assert player.think(state, Budget(steps=10**9), random.Random(1)).score == -1.0
    assert Asked.calls == 1
    assert player.choose(cascades(4), Budget(steps=1), random.Random(1)) == \
        Place(cascades(4).slope.find("d2")), "the first stone is stored"
