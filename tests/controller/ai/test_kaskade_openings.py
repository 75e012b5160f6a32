"""Kaskade level 5's book on 6 x 9: White opens in a1, a corner is answered with the other corner
of the same short edge and White's next step along it mirrored — in every mirror image of those
positions, without searching; everywhere else the search plays."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget, Player
from controller.ai.kaskade.openings import BOOK, book_answer
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


@pytest.mark.parametrize(("moves", "answer"), [
    ((), "a1"),                          # White opens in a corner: a1
    (("a1",), "f1"),                     # a corner answered on the same short edge …
    (("f1",), "a1"),                     # … in each of its mirror images
    (("a9",), "f9"),
    (("f9",), "a9"),
    (("a1", "f1", "b1"), "e1"),          # then White's step along the edge mirrored
    (("f1", "a1", "e1"), "b1"),
    (("a9", "f9", "b9"), "e9"),
    (("f9", "a9", "e9"), "b9"),
])
def test_level_5_plays_the_book_on_6x9_without_searching(moves, answer):
    state = after("6x9", *moves)
    assert think(computer("kaskade", 5), state) == (answer, 0)
    assert state.parse_move(answer) in state.legal_moves()


def test_every_line_of_the_book_is_legal_and_its_answer_empty():
    for size, lines in BOOK.items():
        for line, answer in lines.items():
            state = after(size, *line)
            move = state.parse_move(answer)
            assert move in state.legal_moves()
            assert state.cells[move.cell] == 0, f"{answer} after {line} is no new cell"


def test_its_corner_answers_stay_on_the_short_edge():
    state = after("6x9", "a1")
    answer = book_answer(state)
    assert answer is not None
    assert state.grid.name(answer.cell) == "f1"  # 6 files wide: a1 to f1 is the short edge
    assert state.grid.width < state.grid.height


@pytest.mark.parametrize(("size", "moves"), [
    ("6x9", ("c4",)),                 # not a corner
    ("6x9", ("a1", "f1", "a2")),      # a line the book does not hold
    ("6x9", ("a1", "a9")),            # White's second move: not in the book
    ("6x9", ("a1", "f1", "b1", "e1")),  # past the book's last line
    ("8x8", ()),                      # a board the book does not cover
    ("8x8", ("a1",)),
    ("9x6", ("a1",)),
])
def test_everywhere_else_level_5_searches(size, moves):
    state = after(size, *moves)
    assert book_answer(state) is None
    move, steps = think(computer("kaskade", 5), state)
    assert steps > 0
    assert state.parse_move(move) in state.legal_moves()


def test_a_position_given_as_text_gets_the_answer_too():
    state = KaskadeState.from_position(after("6x9", "f9").position())
    assert book_answer(state) == state.parse_move("a9")
    state = KaskadeState.from_position(after("6x9", "f9", "a9", "e9").position())
    assert book_answer(state) == state.parse_move("b9")


def test_only_a_searcher_with_the_book_plays_from_it():
    state = after("6x9", "a1")
    assert think(Searcher("plain"), state)[1] > 0
    assert think(Searcher("booked", book=True), state) == ("f1", 0)
