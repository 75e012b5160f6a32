"""Cascades where the page leaves the reading open (``docs/games/cascades.md``, "Readings the
page leaves open"): the first turn cannot pass, two passes in a row end the game, and with
placement ``start`` a second stone may not go below a widest row that only the turn's first
stone filled."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import IllegalMoveError
from controller.games.cascades import PASS, CascadesState, Place, TurnEnded

LAST_WIDEST_CELL = "wbw/w.bw/wwbw./..../... white plies=8 first=- passes=0 placement={} " \
    "scoring=bottom"
"""A hexagon of top width 3 (rows 3 4 5 4 3) whose widest row lacks only e3, which White can
fill; White can also still place on b2, above it."""


def names(state: CascadesState) -> set[str]:
    return {state.move_name(move) for move in state.legal_moves()}


def test_under_placement_start_a_second_stone_may_not_go_below_a_row_the_first_filled():
    state = CascadesState.from_position(LAST_WIDEST_CELL.format("start"))
    assert "d4" not in names(state)
    state.play_text("e3")
    assert state.narrowing_open(), "the widest row is full now"
    assert names(state) == {"b2", "end"}, "d4 was not open when the turn began"
    with pytest.raises(IllegalMoveError, match="d4 lies below the widest row, which only this "
                                               "turn's first stone filled; with placement "
                                               "'start' both stones must be legal at the "
                                               "start of the turn"):
        state.play_text("d4")
    state.play_text("b2")
    assert state.to_move == 1
    assert "b4" in names(state), "the next turn begins with the narrowing rows open"


def test_under_placement_each_the_second_stone_may_go_below_the_row_the_first_filled():
    state = CascadesState.from_position(LAST_WIDEST_CELL.format("each"))
    state.play_text("e3")
    assert {"b2", "d4", "end"} <= names(state)
    state.play_text("d4")
    assert state.to_move == 1


def test_a_first_stone_filling_the_widest_row_with_no_second_left_ends_the_turn():
    state = CascadesState.from_position(LAST_WIDEST_CELL.format("start").replace("w.bw", "wbbw")
                                        .replace("wwbw.", "wbbw."))
    events = state.play_text("e3")
    assert events[-1] == TurnEnded(0)
    assert state.to_move == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 6))
def test_under_placement_start_every_stone_of_a_turn_was_legal_when_it_began(seed, top):
    state = CascadesState.new({"size": str(top), "shape": "hexagon", "placement": "start"})
    rng = random.Random(seed)
    at_start: set[int] = set()
    mover = None
    while not state.is_over():
        if state.first is None:
            at_start = {m for m in state.legal_moves() if isinstance(m, Place)}
            mover = state.to_move
        moves = state.legal_moves()
        move = moves[int(rng.random() * len(moves))]
        if isinstance(move, int):
            assert state.to_move == mover
            assert move in at_start, (state.position(), state.move_name(move))
        state.play(move)


def test_the_first_turn_cannot_pass_and_later_turns_can():
    state = CascadesState.new()
    assert PASS not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="the first turn places a stone"):
        state.play_text("pass")
    state.play_text("e2")
    assert PASS in state.legal_moves()


def test_two_passes_in_a_row_end_the_game_and_the_bottom_row_is_counted():
    state = CascadesState.new({"size": "3"})
    for move in ("a2", "pass", "pass"):
        state.play_text(move)
    assert state.is_over()
    assert state.outcome().reason.startswith("both players passed")
