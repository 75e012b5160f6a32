"""The solver's board against the game's own state, its reference: random games played through
both offer the same moves at every step and end alike, and the key it remembers positions by
forgets only what cannot matter (the order of past plays)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.solitaire_board import SolverBoard, as_move
from controller.games.cascades_decktet.state import CascadesDecktetState
from tests.controller.ai.test_solitaire import full_deal, small_deal

RULES = [("standard", "3"), ("standard", "unlimited"), ("ace", "unlimited"), ("ace", "3")]


def play_alike(state: CascadesDecktetState, rng: random.Random) -> None:
    board = SolverBoard(state)
    while True:
        real = state.legal_moves()
        mine = [as_move(move) for move in board.moves()]
        assert sorted(map(repr, mine)) == sorted(map(repr, real)), state.position()
        assert board.won() == (state.cards_left() == 0)
        if not mine:
            assert state.outcome() is not None
            return
        move = board.moves()[int(rng.random() * len(mine))]
        board.play(move)
        state.play(as_move(move))
        if rng.random() < 0.1:  # take back and go on another way
            board.undo()
            state.undo()


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(RULES), size=st.integers(7, 14), seed=st.integers(0, 2**32))
def test_small_decks_play_alike(rules, size, seed):
    play_alike(small_deal(*rules, size, seed), random.Random(seed))


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULES), extended=st.booleans(), seed=st.integers(0, 2**32))
def test_full_deals_play_alike(rules, extended, seed):
    options = {"pawns": "yes", "courts": "yes"} if extended else {}
    state = full_deal(seed, version=rules[0], passes=rules[1], **options)
    play_alike(state, random.Random(seed))


def test_two_orders_of_the_same_plays_are_one_position():
    """The same cards in a tier in another order, ending on the same card, are one position
    to the solver (the game's state tells them apart); another end card is another position."""
    rng = random.Random(5)
    state = full_deal(5)
    while len(state.tiers[0]) < 4:
        moves = state.legal_moves()
        plays = [m for m in moves if hasattr(m, "tier")]
        state.play(plays[0] if plays else moves[int(rng.random() * len(moves))])
    board = SolverBoard(state)
    reordered = state.copy()
    reordered.tiers[0][:-1] = reversed(reordered.tiers[0][:-1])
    assert reordered.position() != state.position()
    assert SolverBoard(reordered).key() == board.key()
    other_end = state.copy()
    other_end.tiers[0][-1], other_end.tiers[0][0] = other_end.tiers[0][0], other_end.tiers[0][-1]
    assert SolverBoard(other_end).key() != board.key()
    moves = board.moves()
    board.play(moves[0])
    assert board.key() != SolverBoard(state).key()
    board.undo()
    assert board.key() == SolverBoard(state).key(), "undo restores the position"


def test_the_stops_of_a_round_are_one_position():
    """Without a pass limit the player may go round the talon without playing, so every stop
    of a round reaches every other: one position. Once a card is played between stops, the
    waste is turned to another place — another position."""
    board = SolverBoard(full_deal(2, version="ace"))
    keys = []
    for _ in range(2 * len(board.talon)):  # twice round, drawing and turning only
        if board.in_round():
            keys.append(board.key())
        way = board.way_on()
        assert way is not None, "some card is offered in every pass of this deal"
        board.play(way)
    assert len(keys) > 10
    assert len(set(keys)) == 1
    while not board.plays():
        board.play(board.way_on())
    board.play(board.plays()[0])
    assert board.turned % 3 == 2
    assert not board.in_round()
    assert board.key() != keys[0]
