"""The general search works for any game: dice (chance steps), hidden cards
(determinization), every registered game, and it repeats exactly under a seed."""

from __future__ import annotations

import random

import pytest

from controller.ai.base import Budget
from controller.ai.general import general_search
from controller.ai.levels import LEVELS, computer
from controller.ai.mcts import Mcts
from controller.ai.tournament import play_game
from controller.games import CHANCE, game_names, get_game
from controller.games.colliding_circles import CollidingCirclesState
from tests.support.games import DiceRace, DrawToSix


def drawn(total: int, left: list[int]) -> DrawToSix:
    state = DrawToSix()
    state.play(tuple(left))
    state.total = total
    return state


def test_with_hidden_cards_it_stops_on_a_winning_total_and_draws_on_a_poor_one():
    rng = random.Random(3)
    assert Mcts().choose(drawn(5, [1, 2, 3]), Budget(steps=400), rng) == "stop"
    assert Mcts().choose(drawn(1, [1, 2, 3, 4]), Budget(steps=400), rng) == "draw"


def test_the_deck_it_imagines_is_not_the_real_one():
    state = drawn(0, [1, 2, 3, 4, 5])
    seen = {tuple(state.determinize(0, random.Random(seed)).deck) for seed in range(20)}
    assert len(seen) > 5
    assert state.deck == [1, 2, 3, 4, 5], "determinizing leaves the real state alone"


def test_with_dice_it_banks_points_that_win():
    state = DiceRace()
    state.scores = [3, 4]
    state.turn_points = 2
    assert Mcts().choose(state, Budget(steps=500), random.Random(1)) == "stop"


def test_it_plays_games_with_chance_to_the_end():
    result = play_game(DiceRace(), [Mcts("a"), Mcts("b")],
                       [lambda: Budget(steps=50)] * 2, seed=5)
    assert result.winner in (0, 1)


def test_it_refuses_a_finished_game():
    state = drawn(7, [1])
    with pytest.raises(ValueError, match="the game is over"):
        Mcts().think(state, Budget(steps=10), random.Random(1))


STEPS = {"colliding-circles": 50}
"""Playouts per move where a whole game has many moves and slow playouts."""
SMALL = {"kaskade": {"size": "4x4"}, "cascades": {"size": "4"}}
"""Small boards where a game has a size: legality is the same on any board, and a whole game
on a small one still reaches the end (Cascades' top 8 took half a minute at level 5)."""


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_of_every_game_plays_a_whole_game_legally(name, level):
    state = get_game(name).new(SMALL.get(name))
    rng = random.Random(level)
    player = computer(name, level)
    while not state.is_over():
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
            continue
        move = player.choose(state, Budget(steps=STEPS.get(name, 200)), rng)
        assert state.is_legal(move)
        state.play(move)


def test_a_seeded_search_repeats_exactly():
    state = DiceRace()
    first = Mcts().think(state, Budget(steps=300), random.Random(9))
    second = Mcts().think(state, Budget(steps=300), random.Random(9))
    assert (first.move, first.steps, first.score) == (second.move, second.steps, second.score)


def _after_a_pass():
    """Cascades after White's stone, Black's turn of one stone and White's pass: Black's pass
    would end the game at once, 0 to 0, a draw."""
    from controller.games import get_game

    state = get_game("cascades").new()
    state.play(state.legal_moves()[0])
    state.play(state.legal_moves()[0])
    state.play_text("end")
    state.play_text("pass")
    return state


def test_a_search_plays_on_rather_than_pass_back_into_a_draw():
    from controller.ai.mcts import settled
    from controller.games.cascades.moves import PASS

    state = _after_a_pass()
    stone = next(move for move in state.legal_moves() if move != PASS)
    # the pass's exact draw (0) drew the most visits; a stone promises as much: play on
    assert settled(state, {PASS: (60, 0.0), stone: (40, 0.0)}) == stone
    assert settled(state, {PASS: (60, 0.0), stone: (40, 4.0)}) == stone
    # playing on looks worse than the draw: the draw is taken
    assert settled(state, {PASS: (60, 0.0), stone: (40, -8.0)}) == PASS


def test_level_5_never_passes_back_into_a_draw_it_can_play_on_from():
    import random

    from controller.ai.base import Budget
    from controller.ai.levels import computer
    from controller.games.cascades.moves import PASS

    state = _after_a_pass()
    for seed in range(3):
        move = computer("cascades", 5).choose(state, Budget(steps=300), random.Random(seed))
        assert move != PASS


def test_the_roots_moves_are_worked_out_once_a_search_and_the_choice_is_unchanged():
    """Every iteration starts from the root position, so its legal moves are listed once; the
    search chooses as it did when it listed them every iteration."""

    class Counting(CollidingCirclesState):
        listed = 0

        def legal_moves(self):
            if self.position() == root_position:
                Counting.listed += 1
            return super().legal_moves()

    class EveryTime(Mcts):
        def _descend(self, node, position, rng, first_legal=None):
            return super()._descend(node, position, rng)

    state = CollidingCirclesState.new()
    rng = random.Random(4)
    while state.to_move == CHANCE:
        state.play(state.sample_chance(rng))
    root_position = state.position()
    counting = Counting.new()
    for move in state.moves:
        counting.play(move)
    once = general_search("colliding-circles").think(counting, Budget(steps=200),
                                                      random.Random(9))
    assert Counting.listed == 1
    fresh = general_search("colliding-circles")
    every = EveryTime(playout=fresh.playout, widening=fresh.widening,
                      shared_chance=fresh.shared_chance, prior=fresh.prior)
    again = every.think(state, Budget(steps=200), random.Random(9))
    assert (again.move, again.steps) == (once.move, once.steps)
