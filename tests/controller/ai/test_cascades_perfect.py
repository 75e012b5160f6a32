"""Level 5 on top 6, proved with the compiled solver: the book's turns win, the book is what
``kaskade solve --book`` writes, and from the first seat it wins against every first reply of
the second player and against strong and random players after."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget
from controller.ai.cascades_book import THRESHOLD, book, build, every_turn, key, winning_turn
from controller.ai.cascades_perfect import CascadesPerfect, solved
from controller.ai.cascades_solve import FIRST_STONES, CompiledSolver, make_solver
from controller.ai.flat import FlatMonteCarlo
from controller.ai.levels import computer, level_name
from controller.ai.tournament import play_game
from controller.games import get_game
from controller.games.cascades.moves import END, PASS
from controller.games.cascades.state import CascadesState
from tests.support.compiled import compiled_cascades

compiled_cascades()


def cascades(top: int) -> CascadesState:
    state = get_game("cascades").new({"size": str(top)})
    assert isinstance(state, CascadesState)
    return state


def test_the_stored_first_stone_of_top_6_wins():
    solver = CompiledSolver(6, table_bytes=1 << 26)
    white, black = solver.board.start
    stone = cascades(6).slope.find(FIRST_STONES[6])
    assert stone is not None
    assert solver.loses(black, white | 1 << stone, False)


def test_every_turn_of_the_book_wins():
    """The book's turns leave the second player lost (a pass in the book: the second player
    just passed and the first is ahead, or passing leaves the second player lost)."""
    entries = book(6)
    assert entries, "the book is committed"
    solver = CompiledSolver(6, table_bytes=1 << 26)
    for entry, after in entries.items():
        own, other, passed = (int(part, 16) for part in entry.split())
        if after == own:
            assert solver.by_score(own, other) == 1 if passed else \
                solver.loses(other, own, True), entry
        else:
            assert after & own == own, entry
            assert after in every_turn(solver, own, other), entry
            assert solver.loses(other, after, False), entry


def test_the_book_holds_what_build_finds_in_the_first_turns():
    """The second turn (the build of the committed five takes minutes): the same entries, and
    each the turn the player would prove, so with or without the book it meets the same
    positions."""
    small = build(6, 2, 1 << 26)
    assert small["positions"]
    entries = book(6)
    for entry, after in small["positions"].items():
        assert entries[entry] == int(after, 16)
    assert all(figures["most"] <= THRESHOLD for figures in small["by_turn"])
    own, other, passed = (int(part, 16) for part in next(iter(small["positions"])).split())
    assert winning_turn(make_solver(6), own, other, bool(passed)) == entries[key(own, other,
                                                                                 bool(passed))]


def test_top_6_is_played_perfectly_where_the_compiled_solver_is_built():
    assert solved(cascades(6))
    assert level_name(cascades(6), 5) == "level 5 (perfect)"
    assert not solved(cascades(7))


def test_level_5_wins_from_the_first_seat_against_every_first_reply():
    """Every action of the second player's first turn (each stone, stone pair, end and pass),
    then random replies to the end: level 5 wins them all."""
    player = computer("cascades", 5)
    start = cascades(6)
    start.play(player.choose(start, Budget(steps=10**9), random.Random(0)))
    openings: list[CascadesState] = []

    def walk(state: CascadesState) -> None:
        if state.to_move == 0:
            openings.append(state.copy())
            return
        for move in state.legal_moves():
            state.play(move)
            walk(state)
            state.undo()

    walk(start)
    assert len(openings) > 30
    for number, state in enumerate(openings):
        rng = random.Random(number)
        while not state.is_over():
            if state.to_move == 0:
                move = player.choose(state, Budget(steps=10**9), rng)
            else:
                moves = state.legal_moves()
                move = moves[int(rng.random() * len(moves))]
            state.play(move)
        assert state.outcome().winner == 0, state.moves


@pytest.mark.parametrize("opponent", ["level-5", "flat-mc"])
def test_level_5_wins_top_6_from_the_first_seat_against_strong_replies(opponent):
    """Level 5 as the second player has no win to prove and plays the general search."""
    for seed in range(2):
        second = computer("cascades", 5) if opponent == "level-5" else FlatMonteCarlo()
        result = play_game(cascades(6), [computer("cascades", 5), second],
                           [lambda: Budget(steps=10**9), lambda: Budget(steps=300)], seed)
        assert result.winner == 0, (opponent, seed)


def test_a_two_stone_turn_is_played_as_planned_and_a_lost_position_goes_to_the_search():
    calls = []

    class Counted(FlatMonteCarlo):
        def think(self, state, budget, rng):
            calls.append(state.plies)
            return super().think(state, budget, rng)

    player = CascadesPerfect(Counted())
    state = cascades(6)
    state.play(player.choose(state, Budget(steps=10**9), random.Random(1)))
    player.choose(state, Budget(steps=4096), random.Random(1))
    assert calls == [1], "Black after f2 has no win to prove: the general search plays"
    state.play(PASS)
    first = player.choose(state, Budget(steps=10**9), random.Random(1))
    state.play(first)
    assert state.first is not None, "White's answer to a pass is two stones"
    second = player.choose(state, Budget(steps=10**9), random.Random(1))
    assert second == player.plan[(tuple(state.cells), state.first)]
    assert second != END
    state.play(second)
    assert calls == [1]


def test_level_5_opens_top_8_with_the_fence_plans_first_stone_and_searches_after():
    state = cascades(8)
    player = computer("cascades", 5)
    thought = player.think(state, Budget(steps=50), random.Random(1))
    assert state.move_name(thought.move) == "h2"
    assert thought.steps == 0, "the opening costs no search"
    state.play(thought.move)
    state.play_text("g2")
    assert player.think(state, Budget(steps=50), random.Random(1)).steps > 0
    territory = get_game("cascades").new({"size": "8", "scoring": "territory"})
    assert player.think(territory, Budget(steps=50), random.Random(1)).steps > 0, \
        "another rule set is searched from the first stone"
