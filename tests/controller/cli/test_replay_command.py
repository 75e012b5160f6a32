"""``kaskade replay``: the documented output, and bad input that exits 2 with nothing on stdout."""

from __future__ import annotations

import io
import json
import sys

import pytest

from controller.cli import main

RECORD = """\
[Game "kaskade"]
[Size "2x2"]
[White "Ann"]
[Black "Ben"]
[Result "white"]

1. a1 b2 2. a2 b1 3. a1
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_the_json_of_the_documented_example(capsys):
    status, out, err = run(capsys, "replay", "kaskade", "--size", "6x9", "--moves", "c3 d4 c3",
                           "--json")
    assert status == 0
    assert err == ""
    assert out.count("\n") == 1, "exactly one JSON object on one line"
    assert json.loads(out) == {
        "game": "kaskade", "size": [6, 9], "plies": 3, "to_move": "black", "winner": None,
        "cells": {"c3": {"owner": "white", "balls": 2}, "d4": {"owner": "black", "balls": 1}},
    }


def test_the_default_output_is_a_status_line_and_a_diagram(capsys):
    status, out, _ = run(capsys, "replay", "kaskade", "--size", "3x3", "--moves", "1. b2 a1")
    assert status == 0
    assert out == (
        "Kaskade 3x3 · ply 2 · White to move · last move a1\n"
        "    a  b  c\n"
        " 3  .  .  .   3\n"
        " 2  .  W1 .   2\n"
        " 1  B1 .  .   1\n"
        "    a  b  c\n"
    )


def test_a_finished_game_names_the_winner(capsys, tmp_path):
    path = tmp_path / "game.record"
    path.write_text(RECORD)
    status, out, _ = run(capsys, "replay", str(path), "--json")
    assert status == 0
    data = json.loads(out)
    assert (data["to_move"], data["winner"], data["plies"]) == (None, "white", 5)
    status, out, _ = run(capsys, "replay", str(path))
    assert out.splitlines()[0] == \
        "Kaskade 2x2 · ply 5 · White wins: Black has no cells left · last move a1"


def test_a_record_can_come_from_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(RECORD.encode())))
    status, out, _ = run(capsys, "replay", "-", "--json")
    assert status == 0
    assert json.loads(out)["winner"] == "white"


def test_ply_shows_an_earlier_position(capsys, tmp_path):
    path = tmp_path / "game.record"
    path.write_text(RECORD)
    status, out, _ = run(capsys, "replay", str(path), "--ply", "4", "--json")
    assert status == 0
    assert json.loads(out)["plies"] == 4
    assert json.loads(out)["to_move"] == "white"


def test_record_output_is_a_record_that_replays_to_the_same_position(capsys, tmp_path):
    status, out, _ = run(capsys, "replay", "kaskade", "--size", "2x2", "--moves",
                         "a1 b2 a2 b1 a1", "--record")
    assert status == 0
    assert out == '[Game "kaskade"]\n[Size "2x2"]\n[Result "white"]\n\n1. a1 b2 2. a2 b1 3. a1\n'
    path = tmp_path / "again.record"
    path.write_text(out)
    _, again, _ = run(capsys, "replay", str(path), "--record")
    assert again == out


def test_record_output_keeps_the_players_of_a_record_file(capsys, tmp_path):
    path = tmp_path / "game.record"
    path.write_text(RECORD)
    _, out, _ = run(capsys, "replay", str(path), "--record")
    assert '[White "Ann"]' in out
    assert '[Black "Ben"]' in out


def test_a_position_can_be_the_start(capsys):
    status, out, _ = run(capsys, "replay", "kaskade", "--position", ".../b1../w1w1. b",
                         "--moves", "c3", "--json")
    assert status == 0
    assert json.loads(out)["plies"] == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--moves", "c3 d4 d4"], "move 3 'd4' is illegal: d4 holds Black's balls"),
        (["--moves", "c3 zz9 d4"], "move 2 'zz9' is invalid: not a cell of this 6x9 board"),
        (["--moves", "c3 g1"], "move 2 'g1' is invalid"),
        (["--moves", "c3 {open"], "line 1: a '{' comment that is never closed"),
    ],
)
def test_a_bad_move_exits_2_with_nothing_on_stdout_and_says_which_and_why(capsys, argv, message):
    status, out, err = run(capsys, "replay", "kaskade", "--size", "6x9", *argv, "--json")
    assert status == 2
    assert out == ""
    assert message in err
    assert err.startswith("kaskade replay: error: ")
    assert err.count("\n") == 1


def test_a_bad_move_in_a_record_file_exits_2_too(capsys, tmp_path):
    path = tmp_path / "bad.record"
    path.write_text('[Game "kaskade"]\n[Size "3x3"]\n\n1. a1 b2 2. b2\n')
    status, out, err = run(capsys, "replay", str(path))
    assert (status, out) == (2, "")
    assert "move 3 'b2' is illegal: b2 holds Black's balls" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["replay", "kaskade", "--size", "1x9"], "the width must be 2 to 16 cells"),
        (["replay", "kaskade", "--size", "big"], "'big' is not of the form WIDTHxHEIGHT"),
        (["replay", "kaskade", "-o", "colour=red"], "Kaskade has no option colour"),
        (["replay", "kaskade", "-o", "size"], "write NAME=VALUE"),
        (["replay", "nowhere.record"], "nowhere.record: No such file or directory"),
        (["replay", "kaskade", "--position", ".. w"], "'.. w' is 2x1; boards are 2x2 to"),
        (["replay", "kaskade", "--position", "../.."], "not of the form RANKS SIDE"),
        (["replay", "kaskade", "--position", "../.. w", "--size", "2x2"], "--position already"),
        (["replay", "kaskade", "--moves", "a1", "--ply", "2"], "--ply 2: the game has 1 move"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert message in err


def test_options_for_a_game_are_refused_with_a_record_file(capsys, tmp_path):
    path = tmp_path / "game.record"
    path.write_text(RECORD)
    status, out, err = run(capsys, "replay", str(path), "--size", "3x3")
    assert (status, out) == (2, "")
    assert "--size goes with a game name" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[Game "kaskade"]\n[Size "3x3"]\n[Result "black"]\n\na1 b2 a1 c3 a1', None),
        ('[Game "kaskade"]\n', "must give [Size]"),
        ('[Game "kaskade"]\n[Size "2x2"]\n[Result "black"]\n\na1 b2 a2 b1 a1', "contradicts"),
        ("a1 b2", "line 1: a record needs a [Game"),
        ('[Game "kaskade"]\n[Size 3]\n', "line 2: malformed tag"),
        (b"\xff\xfe", "not a text file"),
    ],
)
def test_malformed_records_exit_2_and_say_where(capsys, tmp_path, content, message):
    path = tmp_path / "game.record"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    status, out, err = run(capsys, "replay", str(path))
    if message is None:
        assert status == 0, "an unfinished game may carry a resignation result"
        return
    assert (status, out) == (2, "")
    assert message in err


def test_a_seed_draws_the_chance_steps_the_moves_leave_out(capsys):
    argv = ("replay", "big-balls", "--seed", "7", "--moves", "BB:b5-b4 throw")
    status, out, _ = run(capsys, *argv, "--record")
    assert status == 0
    moves = out.split("\n\n")[1].split()
    assert moves[0] == "1."
    assert [len(deal) for deal in moves[1:3]] == [6, 6], "both deals are written down"
    assert moves[3:5] == ["BB:b5-b4", "throw"]
    assert moves[5] in "123456", "the die thrown at the end is drawn too"
    assert run(capsys, *argv, "--record")[1] == out, "the same seed draws the same"
    status, replayed, _ = run(capsys, "replay", "big-balls", "--moves", " ".join(moves),
                              "--json")
    assert status == 0
    assert json.loads(replayed)["die"] == int(moves[5])


def test_a_chance_step_without_a_seed_says_how_to_give_it(capsys):
    status, out, err = run(capsys, "replay", "big-balls", "--moves", "BB:b5-b4")
    assert status == 2
    assert out == ""
    assert "write the chance step's outcome here, or draw it with a seed" in err


@pytest.mark.parametrize(("game", "moves", "schema"), [
    ("cascades", "b2 a2 c2", {"size", "shape", "placement", "scoring", "rows", "first",
                              "passes", "score"}),
    ("big-balls", "123456 654321 BB:b5-b4", {"first", "player", "phase", "die", "balls",
                                             "stones"}),
])
def test_every_game_replays_to_its_documented_json(capsys, game, moves, schema):
    status, out, _ = run(capsys, "replay", game, "--moves", moves, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"game", "plies", "to_move", "winner"} | schema
    assert data["plies"] == 3


# -- records write moves as played; --seed fills in only what the moves leave out -----------

def record_moves(out: str) -> list[str]:
    """The moves of a printed record, without their numbers."""
    return [word for word in out.split("\n\n")[1].split() if not word.endswith(".")]


def test_a_record_writes_each_move_as_the_game_names_it(capsys):
    # Big Balls' seed: '"x" ist ein Schlagzug, "-" ist ein Ziehzug ohne Schlagen' — a record
    # says what happened, whatever was typed.
    status, out, _ = run(capsys, "replay", "big-balls", "--moves",
                         "123456 654321 throw 4 a2-a3 BB:c5xc4", "--record")
    assert status == 0
    moves = out.split("\n\n")[1].split()
    assert moves[-2:] == ["a2xa3", "BB:c5-c4"], "x exactly when something was captured"


@pytest.mark.parametrize(("game", "moves", "options"), [
    ("big-balls", "123456 654321 throw 4", []),
    ("colliding-circles", "55421 64431 5*C6 1", []),
    ("cascades-decktet", "deal:AM.AS.AW.AL.AY.AK.2SY.2WL.2MK.3MW.3SK.3LY.4YK.4MS.4WL.5SW.5ML."
     "5YK.6MW.6LK.6SY.7SK.7ML.8YK.8MS.8WL.9WY.9LK.9MS.CM.CS.CW.CL.CY.CK.7WY draw",
     ["-o", "version=ace"]),
])
def test_a_seed_keeps_the_chance_steps_the_moves_give(capsys, game, moves, options):
    status, out, err = run(capsys, "replay", game, *options, "--seed", "1", "--moves", moves,
                           "--record")
    assert (status, err) == (0, "")
    assert record_moves(out) == moves.split()


def test_a_seed_draws_only_the_chance_steps_left_out_in_the_middle(capsys):
    status, out, _ = run(capsys, "replay", "big-balls", "--seed", "1", "--moves",
                         "123456 throw", "--record")
    assert status == 0
    moves = record_moves(out)
    assert moves[0] == "123456", "Black's deal as given"
    assert sorted(moves[1]) == list("123456"), "White's deal drawn"
    assert moves[2] == "throw"
    assert moves[3] in "123456", "the die drawn at the end"


def test_ply_zero_with_a_seed_is_the_start(capsys):
    status, out, _ = run(capsys, "replay", "big-balls", "--ply", "0", "--seed", "3", "--json")
    assert status == 0
    assert json.loads(out)["plies"] == 0


def test_ply_counts_the_chance_steps_a_seed_draws(capsys):
    status, out, _ = run(capsys, "replay", "big-balls", "--seed", "3", "--moves", "throw",
                         "--ply", "3", "--record")
    assert status == 0
    moves = record_moves(out)
    assert len(moves) == 3
    assert moves[2] == "throw"
    status, _, err = run(capsys, "replay", "big-balls", "--seed", "3", "--moves", "throw",
                         "--ply", "5")
    assert status == 2
    assert "--ply 5: the game has 4 moves" in err


def test_a_move_list_of_two_dashes_is_an_illegal_move_not_a_traceback(capsys):
    status, out, err = run(capsys, "replay", "kaskade", "--moves=--")
    assert (status, out) == (2, "")
    assert "move 1 '--' is invalid" in err
