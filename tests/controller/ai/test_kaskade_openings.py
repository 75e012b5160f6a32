"""Kaskade level 5's book: on 6 x 9 a corner's first ball is answered with the other corner of
the same short edge, without searching; everywhere else the search plays."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget, Player
from controller.ai.kaskade.openings import CORNER_ANSWERS, book_answer
from controller.ai.kaskade.players import Searcher
from controller.ai.levels import computer
from controller.games.kaskade import KaskadeState


def after(size: str, *moves: str) -> KaskadeState:
    state = KaskadeState.new({"size": size})
    for move in moves:
        state.play(state.parse_move(move))
    return state


def think(player: Player, state: KaskadeState) -> tuple[str, int]:
    """The move ``player`` chooses and the search steps it took."""
    thought = player.think(state, Budget(steps=20_000), random.Random(1))
    return state.move_name(thought.move), thought.steps


@pytest.mark.parametrize(("first", "answer"), [("a1", "f1"), ("f1", "a1"), ("a9", "f9"),
                                               ("f9", "a9")])
def test_level_5_answers_a_corner_on_6x9_with_the_same_short_edges_other_corner(first, answer):
    state = after("6x9", first)
    assert think(computer("kaskade", 5), state) == (answer, 0)
    assert state.parse_move(answer) in state.legal_moves()


def test_the_book_holds_only_corners_of_its_board_and_answers_with_corners():
    for size, answers in CORNER_ANSWERS.items():
        state = KaskadeState.new({"size": size})
        corners = {state.grid.name(cell) for cell in range(state.grid.cells)
                   if state.grid.critical[cell] == 2}
        assert set(answers) == corners
        assert set(answers.values()) == corners
        grid = state.grid
        for first, answer in answers.items():
            assert answers[answer] == first  # the same edge, either way round
            one, other = grid.find(first), grid.find(answer)
            assert one is not None
            assert other is not None
            if grid.width < grid.height:  # the short edges are ranks, else files
                assert one // grid.width == other // grid.width
            else:
                assert one % grid.width == other % grid.width


@pytest.mark.parametrize(("size", "moves"), [
    ("6x9", ("c4",)),          # not a corner
    ("6x9", ()),               # White's first ball: the book answers, never opens
    ("6x9", ("a1", "f1", "b1")),  # past the first ball
    ("8x8", ("a1",)),          # a board the book does not cover
    ("9x6", ("a1",)),
])
def test_everywhere_else_level_5_searches(size, moves):
    state = after(size, *moves)
    assert book_answer(state) is None
    move, steps = think(computer("kaskade", 5), state)
    assert steps > 0
    assert state.parse_move(move) in state.legal_moves()


def test_a_position_with_one_ball_in_a_corner_gets_the_answer_too():
    state = KaskadeState.from_position(after("6x9", "f9").position())
    assert book_answer(state) == state.parse_move("a9")


def test_only_a_searcher_with_the_book_plays_from_it():
    state = after("6x9", "a1")
    assert think(Searcher("plain"), state)[1] > 0
    assert think(Searcher("booked", book=True), state) == ("f1", 0)
