"""Big Balls' judge of a position: the figures it reads off the board, the side it favours,
and that the positions it favours are the ones the search's playouts win."""

from __future__ import annotations

import random

import pytest

from controller.ai import judges
from controller.ai.playouts import big_balls_to_end
from controller.games import CHANCE, get_game
from controller.games.big_balls.pieces import CHOOSE, stone
from controller.games.big_balls.state import BigBallsState
from controller.games.big_balls.triangle import INDEX


def position(rows: str, to_move: str = "black") -> BigBallsState:
    return BigBallsState.from_position(f"{rows} {to_move} choose plies=10 first=black")


def test_a_lone_stone_is_moved_by_every_throw():
    """One stone on a3: four steps to a7, each throw moves it, so four throws: race 1/5."""
    board = [0] * len(judges.RANK)
    board[INDEX[1, 3]] = stone(0, 4)
    figures = judges.side(board, 0)
    assert figures == {"stones": 1, "climbed": 2, "top": 3, "crushable": 0, "race": 1 / 5}


def test_a_stone_counts_the_faces_of_the_stones_gone_nearest_it():
    """Stones 1 and 6 left: a throw of 2-5 lets either move, so each moves on five faces; stone
    6 on a5 needs two steps, 2 · 6/5 throws."""
    board = [0] * len(judges.RANK)
    board[INDEX[1, 5]] = stone(1, 6)
    board[INDEX[2, 1]] = stone(1, 1)
    figures = judges.side(board, 1)
    assert figures["race"] == pytest.approx(1 / (1 + 2 * 6 / 5))
    assert figures["top"] == 5
    assert judges.side(board, 0) == dict.fromkeys(judges.WEIGHTS, 0.0)


def test_a_stone_below_a_big_ball_can_be_crushed():
    board = [0] * len(judges.RANK)
    board[INDEX[2, 4]] = -1
    board[INDEX[2, 3]] = stone(0, 1)  # south-west of the ball
    board[INDEX[3, 3]] = stone(0, 2)  # south-east
    board[INDEX[1, 3]] = stone(0, 3)  # out of its reach
    assert judges.side(board, 0)["crushable"] == 2


def test_the_side_a_stone_from_a7_favours_whoever_is_to_move():
    """Black's stone 1 on a6 one step from winning, White's stones still at home."""
    rows = "O/B1./OO./..../....W3/.B4..W5W4/B2B3B6.W2W6W1"
    black = judges.big_balls(position(rows, "black"))
    white = judges.big_balls(position(rows, "white"))
    assert black > 0.7
    assert white < 0.3
    assert 0 < white < black < 1


def test_the_start_is_close_to_even():
    rows = "O/OO/OOO/..../B1...W3/B4B5..W5W4/B2B3B6.W2W6W1"
    assert judges.big_balls(position(rows)) == pytest.approx(0.5, abs=0.05)


def test_positions_it_favours_are_the_ones_playouts_win():
    """Over positions reached by random play, the side the judge gives the better chance wins
    the policy's playouts to the end more often than the other side."""
    rng = random.Random(3)
    favoured = unfavoured = 0.0
    games = 0
    while games < 300:
        state = get_game("big-balls").new({})
        for _ in range(rng.randrange(4, 50)):
            if state.is_over():
                break
            state.play(state.sample_chance(rng) if state.to_move == CHANCE else
                       rng.choice(state.legal_moves()))
        assert isinstance(state, BigBallsState)
        if state.is_over() or state.phase != CHOOSE:
            continue
        chance = judges.big_balls(state)
        if abs(chance - 0.5) < 0.1:
            continue
        winner = big_balls_to_end(state, rng).winner
        if winner is None:
            continue
        games += 1
        mover_won = winner == state.to_move
        favoured += mover_won == (chance > 0.5)
        unfavoured += mover_won != (chance > 0.5)
    assert favoured > 1.5 * unfavoured
