"""Big Balls in the original text's notation: ``BB b6-b5`` and a stone's turn written as the
die's number and the step (``4 e2-d3``), read in records, move lists and at the prompts, and
written on request so that it reads back to the same game."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.ai.gtp import GtpEngine
from controller.app.session import Session
from controller.cli.terminal_game import Console, TerminalGame
from controller.games import CHANCE, InvalidMoveError, MoveError
from controller.games.big_balls import THROW, BigBallsState, Die, StoneStep
from controller.games.big_balls.notation import original_words, words_as_moves
from controller.games.big_balls.triangle import find_hole
from controller.games.record import parse_record
from controller.games.replay import (
    ReplayError,
    moves_written,
    played_names,
    record_text,
    replay,
    starting_state,
)

DEALS = "123564 245613"
"""Black's 4 on a3, its 1 on a1 and 5 on a2; White's 3 on e3, its 6 on e2."""


def h(name: str) -> int:
    hole = find_hole(name)
    assert hole is not None
    return hole


def dealt() -> BigBallsState:
    state = BigBallsState.new()
    replay(state, DEALS.split())
    return state


@pytest.mark.parametrize(("words", "moves"), [
    ("4 e2-d3", [["throw", "4"], ["e2-d3"]]),
    ("4e2-d3", [["throw", "4", "e2-d3"]]),
    ("4 e2xd3", [["throw", "4"], ["e2xd3"]]),
    ("4E2-D3", [["throw", "4", "e2-d3"]]),
    ("BB b6-b5", [[], ["BB:b6-b5"]]),
    ("BB b6xb5", [[], ["BB:b6xb5"]]),
    ("bb: b6-b5", [[], ["BB:b6-b5"]]),
    ("BB:b6-b5", [["BB:b6-b5"]]),
    ("throw 4 e2-d3", [["throw"], ["4"], ["e2-d3"]]),
    ("throw 4e2-d3", [["throw"], ["4", "e2-d3"]]),
    ("throw e2-d3", [["throw"], ["e2-d3"]]),
    ("465312 245613 BB b5-b4 2 e2-d3", [["465312"], ["245613"], [], ["BB:b5-b4"],
                                        ["throw", "2"], ["e2-d3"]]),
    ("3 a2-a3 BB", [["throw", "3"], ["a2-a3"], ["BB"]]),
])
def test_each_written_form_stands_for_the_actions_it_means(words, moves):
    assert words_as_moves(words.split(), "choose") == moves


def test_a_number_is_the_die_alone_when_the_die_is_in_the_air():
    assert words_as_moves(["4", "a3-a4"], "roll") == [["4"], ["a3-a4"]]
    assert words_as_moves(["4a3-a4"], "roll") == [["4", "a3-a4"]]


def test_a_number_before_the_step_of_a_die_already_thrown_goes_with_the_step():
    assert words_as_moves(["4", "a3-a4", "5", "e3-d4"], "move") == \
        [[], ["4 a3-a4"], ["throw", "5"], ["e3-d4"]]


def test_the_record_the_original_writes_replays():
    """The record that was refused ("move 3 'BB' is invalid") and the die-first stone turns."""
    text = ('[Game "big-balls"]\n[First "black"]\n\n1. 465312 245613 BB b5-b4 2 e1-d2\n'
            '2. 4 a1xa2 BB b4-b3\n')
    record = parse_record(text)
    assert record.moves == ["465312", "245613", "BB:b5-b4", "throw", "2", "e1-d2",
                            "throw", "4", "a1xa2", "BB:b4-b3"]
    assert len(record.lines) == len(record.moves)
    state = starting_state(record)
    replay(state, record.moves)
    assert state.board[h("b3")] == -1
    assert state.player == 0


def test_a_wrong_move_in_the_original_notation_is_named_and_explained():
    record = parse_record(f'[Game "big-balls"]\n[First "black"]\n\n{DEALS} 4 e2-d3\n')
    with pytest.raises(ReplayError, match="move 5 'e2-d3' is illegal: the die shows 4: move "
                                          "Black's stone 4"):
        replay(starting_state(record), record.moves)


def test_a_whole_turn_at_a_program_prompt_is_the_throw_the_number_and_the_step():
    state = dealt()
    state.play_text("4a3-a4")
    assert state.board[h("a4")] > 0
    assert state.player == 1
    assert state.moves[-3:] == (THROW, Die(4), StoneStep(h("a3"), h("a4")))


def test_a_whole_turn_that_is_refused_changes_nothing():
    state = dealt()
    before = state.position()
    with pytest.raises(MoveError, match="the die shows 4"):
        state.play_text("4e2-d3")
    assert state.position() == before
    assert len(state.moves) == 2


def test_a_whole_turn_off_the_board_is_named_whole():
    with pytest.raises(InvalidMoveError, match="g7-a7 names a hole that is not on the board"):
        dealt().play_text("4 g7-a7")


def test_once_the_die_shows_the_number_before_a_step_is_checked():
    state = dealt()
    state.play_text("throw")
    state.play_text("4")
    assert state.parse_move("4 a3-a4") == StoneStep(h("a3"), h("a4"))
    assert state.parse_move("4a3xa4") == StoneStep(h("a3"), h("a4"))
    with pytest.raises(InvalidMoveError, match="the die shows 4, not 3"):
        state.parse_move("3 a3-a4")


def test_where_the_die_is_thrown_for_the_player_a_whole_turn_is_explained():
    with pytest.raises(InvalidMoveError, match=r"whole stone turn .* type throw"):
        dealt().parse_move("4 a3-a4")


def test_the_terminal_reads_the_original_forms():
    session = Session(dealt(), [], {"Id": "original"}, None)
    typed = ["BB b5-b4", "4 e3-d4", "throw"]
    out: list[str] = []

    def read(prompt: str) -> str:
        """The typed lines; once the die is thrown, the step with a wrong number before it,
        then with the die's."""
        state = game.state
        if state.phase == "move" and not typed:
            step = state.move_name(state.legal_moves()[0])
            typed.extend([f"{1 + state.die % 6} {step}", f"{state.die} {step}"])
        if not typed:
            raise EOFError
        return typed.pop(0)

    game = TerminalGame(session, Console(write=out.append, read=read), think_seconds=0.01)
    game.run()
    text = "\n".join(out)
    assert session.moves[0] == "BB:b5-b4"
    assert "4 e3-d4: 4 e3-d4 is a whole stone turn" in text
    assert "the die shows" in text
    assert ", not " in text
    assert session.moves[1] == "throw"
    assert len(session.moves) == 4
    assert session.state.player == 0
    assert session.state.phase == "choose"


def test_gtp_plays_a_whole_turn_told_in_the_original_notation():
    engine = GtpEngine("big-balls", seed=1)
    out = io.StringIO()
    black, white = DEALS.split()
    engine.run([f"play chance {black}", f"play chance {white}", "play black 4a3-a4",
                "play white BB:b5-b4"], out)
    answers = out.getvalue()
    assert "?" not in answers
    assert answers.count("=") == 4
    assert engine.game.board[h("a4")] > 0


# -- writing the original's way, and reading it back ------------------------------------------

def random_game(seed: int, plies: int) -> tuple[BigBallsState, BigBallsState]:
    """A start (a new game, or a position a few random actions in, in any phase) and the
    state after up to ``plies`` more random actions from it."""
    rng = random.Random(seed)
    state = BigBallsState.new({"first": rng.choice(["black", "white"])})

    def act() -> None:
        if state.to_move == CHANCE:
            state.play(state.sample_chance(rng))
        else:
            moves = state.legal_moves()
            state.play(moves[int(rng.random() * len(moves))])

    for _ in range(rng.randrange(12)):
        act()
    start = BigBallsState.from_position(state.position())
    state = start.copy()
    for _ in range(plies):
        if state.is_over():
            break
        act()
    return start, state


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 120))
def test_a_game_written_the_originals_way_reads_back_to_the_same_moves(seed, plies):
    start, final = random_game(seed, plies)
    names = played_names(start, final)
    text = record_text(start, names, notation="original")
    record = parse_record(text)
    again = starting_state(record)
    replay(again, record.moves)
    assert again.moves == final.moves[len(start.moves):]
    assert again.position() == final.position()
    assert record_text(start, names) == record_text(starting_state(record), record.moves)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 100_000), st.integers(0, 80))
def test_a_move_list_in_the_original_notation_plays_the_same_game(seed, plies):
    start, final = random_game(seed, plies)
    names = played_names(start, final)
    movers = [0] * len(names)
    words = " ".join(original_words(start, names, movers)[0]).split()
    again = start.copy()
    replay(again, moves_written(again, words))
    assert again.position() == final.position()


def test_the_original_writes_no_throw_and_no_colon():
    start = dealt()
    state = start.copy()
    replay(state, ["BB:b5-b4", "throw", "1", "f2xe3", "throw"])
    names = played_names(start, state)
    assert original_words(start, names, [0] * len(names))[0] == \
        ["BB b5-b4", "1 f2xe3", "throw"]
    state.play_text("3")
    assert original_words(start, [*names, "3"], [0] * 6)[0][-1] == "3"
    state.undo()
    roll = BigBallsState.from_position(state.position())
    assert original_words(roll, ["3", "c1-c2"], [0, 0])[0] == ["3 c1-c2"]
    state.play_text("3")
    moving = BigBallsState.from_position(state.position())
    assert original_words(moving, ["c1-c2"], [0])[0] == ["3 c1-c2"]
