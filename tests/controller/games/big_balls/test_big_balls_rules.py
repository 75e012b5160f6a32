"""Big Balls: one test per point of the rules page (``docs/games/big-balls.md``)."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games import CHANCE, IllegalMoveError, OptionsError, PositionError
from controller.games.big_balls import (
    APEX,
    HOLES,
    THROW,
    BallMove,
    BallRolled,
    BigBallsState,
    Deal,
    Die,
    DieShown,
    StoneMoved,
    StoneStep,
    hole_name,
)
from controller.games.big_balls.triangle import INDEX, RANKS, find_hole, neighbour


def position(pieces: dict[str, str], to_move: str = "black", phase: str = "choose",
             plies: int = 10) -> BigBallsState:
    """A position from ``{"a1": "B1", "c5": "O", …}``."""
    ranks = []
    for rank in range(RANKS, 0, -1):
        ranks.append("".join(pieces.get(f"{'abcdefg'[f - 1]}{rank}", ".")
                             for f in range(1, RANKS + 2 - rank)))
    return BigBallsState.from_position(
        f"{'/'.join(ranks)} {to_move} {phase} plies={plies} first=black")


def h(name: str) -> int:
    return find_hole(name)


# -- board ------------------------------------------------------------------------------------

def test_the_triangle_has_28_holes_in_7_ranks_named_a1_to_a7():
    assert len(HOLES) == 28
    assert [hole_name(i) for i in range(7)] == ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
    assert hole_name(APEX) == "a7"
    assert find_hole("g2") is None
    assert find_hole("b7") is None


def test_neighbours_clockwise_from_north_east():
    around = {d: neighbour(h("b3"), d) for d in ("NE", "E", "SE", "SW", "W", "NW")}
    assert {d: hole_name(x) for d, x in around.items()} == {
        "NE": "b4", "E": "c3", "SE": "c2", "SW": "b2", "W": "a3", "NW": "a4"}
    assert neighbour(h("g1"), "E") is None
    assert neighbour(h("g1"), "NE") is None
    assert neighbour(h("a7"), "NE") is None


# -- setup ------------------------------------------------------------------------------------

def test_setup_deals_both_colours_by_chance_and_puts_the_balls_on_top():
    state = BigBallsState.new()
    assert sorted(hole_name(x) for x in state.balls()) == ["a5", "a6", "a7", "b5", "b6", "c5"]
    assert state.to_move == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 720
    assert all(p == pytest.approx(1 / 720) for _, p in outcomes)
    state.play_text("315264")
    assert {n: hole_name(x) for n, x in state.stones(0).items()} == {
        3: "a1", 1: "b1", 5: "c1", 2: "a2", 6: "b2", 4: "a3"}
    assert state.to_move == CHANCE
    state.play_text("123456")
    assert {n: hole_name(x) for n, x in state.stones(1).items()} == {
        1: "e1", 2: "f1", 3: "g1", 4: "e2", 5: "f2", 6: "e3"}
    assert state.to_move == 0


def test_the_same_seed_deals_the_same_game():
    def deal(seed):
        state, rng = BigBallsState.new(), random.Random(seed)
        state.play(state.sample_chance(rng))
        state.play(state.sample_chance(rng))
        return state.position()
    assert deal(7) == deal(7)
    assert len({deal(seed) for seed in range(20)}) > 15


def test_black_moves_first_unless_white_is_chosen_to_start():
    state = BigBallsState.new({"first": "white"})
    state.play_text("123456")
    state.play_text("123456")
    assert state.to_move == 1
    with pytest.raises(OptionsError, match="black or white"):
        BigBallsState.new({"first": "younger"})


# -- ball moves -------------------------------------------------------------------------------

def test_a_ball_rolls_one_hole_south_west_or_south_east():
    state = position({"c5": "O", "a1": "B1", "g1": "W1"})
    assert BallMove(h("c5"), h("c4")) in state.legal_moves()
    assert BallMove(h("c5"), h("d4")) in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="one hole down"):
        state.play(BallMove(h("c5"), h("b5")))


def test_a_ball_may_not_roll_onto_another_ball():
    state = position({"c5": "O", "c4": "O", "a1": "B1", "g1": "W1"})
    with pytest.raises(IllegalMoveError, match="another big ball lies on c4"):
        state.play_text("BB:c5-c4")


@pytest.mark.parametrize("victim", ["B2", "W2"])
def test_a_ball_crushes_a_stone_of_either_colour(victim):
    state = position({"c5": "O", "c4": victim, "a1": "B1", "g1": "W1"})
    events = state.play_text("BB:c5xc4")
    assert events[0] == BallRolled(h("c5"), h("c4"), ("BW".index(victim[0]), 2))
    assert 2 not in state.stones("BW".index(victim[0]))


def test_a_ball_on_the_bottom_row_no_longer_moves():
    state = position({"d1": "O", "a1": "B1", "g1": "W1"})
    assert state.legal_moves() == [THROW]
    with pytest.raises(IllegalMoveError, match="bottom row and stays"):
        state.play_text("BB:d1-d0".replace("d0", "e1"))


# -- stone moves ------------------------------------------------------------------------------

def test_a_stone_move_starts_with_a_throw_and_the_die_names_the_stone():
    state = position({"a1": "B1", "c1": "B4", "g1": "W1"})
    with pytest.raises(IllegalMoveError, match="throw the die first"):
        state.play(StoneStep(h("a1"), h("a2")))
    state.play_text("throw")
    assert state.to_move == CHANCE
    assert state.chance_outcomes() == [(Die(n), pytest.approx(1 / 6)) for n in range(1, 7)]
    assert state.play_text("4") == [DieShown(4, (4,))]
    assert {hole_name(m.origin) for m in state.legal_moves()} == {"c1"}


def test_a_missing_number_falls_back_to_the_next_lower_or_higher_stone_either_may_move():
    state = position({"a1": "B1", "c1": "B5", "b2": "B6", "g1": "W1"}, phase="move:3")
    assert state.movable(3) == (1, 5)
    assert {hole_name(m.origin) for m in state.legal_moves()} == {"a1", "c1"}
    with pytest.raises(IllegalMoveError, match="move Black's stone 1 or 5"):
        state.play(StoneStep(h("b2"), h("b3")))


@pytest.mark.parametrize(("die", "expected"), [(1, (2,)), (6, (4,)), (3, (2, 4))])
def test_the_fallback_takes_whichever_side_exists(die, expected):
    state = position({"a1": "B2", "c1": "B4", "g1": "W1"})
    assert state.movable(die) == expected


def test_a_stone_steps_north_west_north_east_west_or_east_only():
    state = position({"c2": "B1", "g1": "W1"}, phase="move:1")
    targets = sorted(hole_name(m.target) for m in state.legal_moves())
    assert targets == ["b2", "b3", "c3", "d2"]
    with pytest.raises(IllegalMoveError, match="north-west, north-east, west or east"):
        state.play(StoneStep(h("c2"), h("c1")))


@pytest.mark.parametrize(("piece", "captured"), [("W3", (1, 3)), ("B2", (0, 2)),
                                                 ("O", (-1, 0))])
def test_a_stone_captures_whatever_stands_where_it_steps(piece, captured):
    state = position({"c2": "B1", "c3": piece, "g1": "W1", "a1": "B5"}, phase="move:1")
    events = state.play_text("c2xc3")
    assert events[0] == StoneMoved(0, 1, h("c2"), h("c3"), captured)
    assert state.board[h("c3")] == 1


def test_there_is_no_pass_and_once_thrown_a_stone_must_move():
    state = position({"a1": "B1", "g1": "W1", "d4": "O"})
    assert "pass" not in [state.move_name(m) for m in state.legal_moves()]
    state.play_text("throw")
    state.play_text("2")
    assert all(isinstance(m, StoneStep) for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="a stone must step now"):
        state.play_text("BB:d4-d3")


def test_a_player_with_no_ball_move_must_throw():
    state = position({"d1": "O", "e1": "O", "a1": "B1", "g1": "W1"})
    assert state.legal_moves() == [THROW]


# -- the end ----------------------------------------------------------------------------------

def test_a_stone_reaching_a7_wins_at_once():
    state = position({"a6": "W2", "a7": "O", "a1": "B1"}, to_move="white", phase="move:2")
    events = state.play_text("a6xa7")
    assert state.outcome().winner == 1
    assert state.outcome().reason == "White's stone 2 reached a7"
    assert type(events[-1]).__name__ == "GameOver"


# The seed's three endings, played into one by one:
# "Eine Partie kann auf drei verschiedene Weisen enden: (1) Ein Spieler hat einen seiner Steine in
#  die oberste Mulde (a7) gezogen. Dieser Spieler ist sofortiger Sieger. (2) Es gibt keinen
#  legalen Zug mehr für den Spieler, der am Zug ist. Dann hat dieser Spieler verloren (und sein
#  Gegner gewonnen). (3) Es sind nur noch dicke Kugeln auf dem Brett, und mindestens eine von
#  ihnen kann noch ziehen. Dann gibt es keinen Sieger: das Ergebnis ist ein Unentschieden."

def test_ending_2_the_player_to_move_without_a_legal_move_loses():
    # White's 1 takes Black's last stone; the balls lie on the bottom row and cannot roll.
    state = position({"c2": "B1", "d2": "W1", "a1": "O", "b1": "O"}, to_move="white",
                     phase="move:1")
    state.play_text("d2xc2")
    assert state.outcome().winner == 1
    assert state.outcome().reason == "Black cannot move: no stone left and no big ball can roll"


def test_a_player_without_stones_is_not_lost_while_a_ball_can_roll():
    # "Gleichzeitig muss man aufpassen, dass man nicht dadurch verliert, dass alle eigenen Steine
    #  vom Brett sind": losing all stones leads to a loss by ending (2), it is no ending itself.
    state = position({"c2": "B1", "d2": "W1", "c5": "O", "a1": "O"}, to_move="white",
                     phase="move:1")
    state.play_text("d2xc2")
    assert not state.is_over()
    assert state.to_move == 0
    assert THROW not in state.legal_moves(), "no stone to throw the die for"
    assert set(state.legal_moves()) == {BallMove(h("c5"), h("c4")),
                                        BallMove(h("c5"), h("d4"))}
    state.play_text("BB:c5-c4")
    assert not state.is_over()


def test_ending_2_also_when_the_ball_that_took_the_last_stone_cannot_roll_on():
    # Black rolls a ball onto the bottom row, crushing White's last stone: only balls are left,
    # none can roll, and White, to move, has no legal move — ending (2) comes before (3).
    state = position({"b2": "O", "b1": "W1", "a1": "O"}, to_move="black")
    state.play_text("BB:b2xb1")
    assert state.outcome().winner == 0
    assert state.outcome().reason == "White cannot move: only big balls remain and none can roll"


def test_ending_3_only_big_balls_left_and_one_can_roll_is_a_draw():
    # The audit's position: White's ball takes Black's last stone, Black rolls balls on and
    # takes White's last stone; the ball on a5 can still roll.
    state = BigBallsState.from_position(
        "O/../..O/..B1./...../....../....W1.. white choose plies=10 first=black")
    play = state.play_text
    play("BB:c5xc4")
    assert not state.is_over(), "Black is to move: a ball can still roll"
    assert state.to_move == 0
    for move in ("BB:c4-d3", "BB:a7-a6", "BB:d3-e2", "BB:a6-a5"):
        play(move)
        assert not state.is_over()
    play("BB:e2xe1")
    assert state.outcome().winner is None
    assert state.outcome().reason == "only big balls remain and one can still roll: a draw"


def test_finished_positions_name_whose_turn_it_would_be():
    state = position({"c2": "B1", "d2": "W1", "a1": "O", "b1": "O"}, to_move="white",
                     phase="move:1")
    state.play_text("d2xc2")
    text = state.position()
    assert text.split()[1:3] == ["black", "over"]
    again = BigBallsState.from_position(text)
    assert again.outcome() == state.outcome()
    assert BigBallsState.from_json(state.to_json()).outcome() == state.outcome()
    with pytest.raises(PositionError, match="not over on this board with white to move"):
        BigBallsState.from_position(text.replace("black over", "white over"))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_a_player_with_a_stone_always_has_a_throw_and_a_step(seed):
    state, rng = BigBallsState.new(), random.Random(seed)
    while not state.is_over():
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
            continue
        if state.phase == "choose" and state.stones(state.player):
            assert THROW in state.legal_moves()
        else:
            assert state.legal_moves()
        moves = state.legal_moves()
        state.play(moves[int(rng.random() * len(moves))])
        if state.plies > 400:
            break


# -- notation ---------------------------------------------------------------------------------

def test_the_seeds_notation_reads():
    state = position({"b6": "O", "c2": "B4", "c3": "W1", "g1": "W2"})
    assert state.parse_move("BB b6-b5") == BallMove(h("b6"), h("b5"))
    assert state.move_name(BallMove(h("b6"), h("b5"))) == "BB:b6-b5"
    state.play_text("throw")
    state.play_text("4")
    assert state.move_name(state.parse_move("c2xc3")) == "c2xc3"
    assert state.parse_move("c2-c3") == StoneStep(h("c2"), h("c3"))


def test_deals_and_die_numbers_are_written_as_digits():
    state = BigBallsState.new()
    assert state.move_name(Deal((3, 1, 5, 2, 6, 4))) == "315264"
    with pytest.raises(IllegalMoveError):
        state.play_text("4")


@pytest.mark.parametrize(("text", "reason"), [
    ("O/OO/OOO/..../...../....../....... black choose plies=0", "first=black"),
    ("O/OO/OOO/..../...../......  black choose plies=0 first=black", "7 ranks"),
    ("O/OO/OOO/..../...../B1B1..../....... black choose plies=0 first=black", "twice"),
    ("O/OO/OOO/..../...../X...../....... black choose plies=0 first=black", "rank 2"),
    ("O/OO/OOO/..../...../B1...../......W1 black dance plies=0 first=black", "the phase is"),
    ("W1/OO/OOO/..../...../B1...../....... black choose plies=0 first=black", "is over"),
])
def test_bad_positions_say_what_is_wrong(text, reason):
    with pytest.raises(PositionError, match=reason):
        BigBallsState.from_position(text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="OBW123456./ -:abcdefghiklmnoprstuvwxyz=", max_size=80))
def test_any_text_is_a_position_or_a_position_error(text):
    with contextlib.suppress(PositionError):
        BigBallsState.from_position(text)


def test_the_json_names_every_piece():
    state = position({"a1": "B1", "g1": "W2", "a7": "O"})
    data = state.to_json()
    assert data["stones"] == {"black": {"1": "a1"}, "white": {"2": "g1"}}
    assert data["balls"] == ["a7"]
    assert data["phase"] == "choose"
    assert data["to_move"] == "black"
    assert INDEX[(1, 7)] == APEX
