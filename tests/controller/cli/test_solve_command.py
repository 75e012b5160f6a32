"""``kaskade solve``: a line per board in words or JSON, proofs for larger boards, and clear
errors for what it cannot take (the solver itself: tests/controller/ai/solved/)."""

from __future__ import annotations

import json

import pytest

from controller.ai.solved.strategy import build, parse
from controller.cli import main
from tests.support.compiled import compiled_exact


def test_each_board_gets_a_line_saying_who_wins_in_how_many_plies(capsys):
    assert main(["solve", "2x2,2x3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2x2: the first player loses in 4 plies; every first move loses")
    assert lines[1].startswith("2x3: the first player wins in 7 plies; winning first moves "
                               "a1 b1 a2 b2 a3 b3; 982 positions")


def test_json_gives_the_figures(capsys):
    compiled_exact()
    assert main(["solve", "3x3", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["winner"] == "first"
    assert row["plies"] == 13
    assert row["exact_length"]
    assert row["positions"] == 224801
    assert row["winning_first_moves"] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]


def test_a_proof_stops_at_the_first_winning_first_move_and_says_the_length_is_a_bound(capsys):
    assert main(["solve", "2x3", "--proof", "--first", "b2,a1"]) == 0
    out = capsys.readouterr().out
    assert "2x3: the first player wins in at most" in out
    assert "winning first moves b2;" in out


def test_a_limit_reached_says_undecided(capsys):
    assert main(["solve", "2x4", "--limit", "10"]) == 0
    assert capsys.readouterr().out.startswith("2x4: undecided after")


def test_a_time_limit_reached_says_undecided(capsys):
    compiled_exact()
    assert main(["solve", "3x5", "--proof", "--seconds", "0.001", "--memory", "16"]) == 0
    assert capsys.readouterr().out.startswith("3x5: undecided after")


def test_openings_prints_the_perfect_moves_of_every_position_of_the_first_plies(capsys):
    assert main(["solve", "3x2", "--openings", "2"]) == 0
    [(size, table)] = json.loads(capsys.readouterr().out).items()
    assert size == "2x3"  # the narrow orientation: the same game
    assert table["plies"] == 2
    assert table["positions"]["333333"] == [7, [0, 1, 2, 3, 4, 5]]
    assert len(table["positions"]) == 3  # the empty board, a corner, an edge's middle


def test_strategy_writes_the_second_players_table(capsysbinary):
    compiled_exact()
    assert main(["solve", "4x2", "--strategy", "6", "--memory", "16"]) == 0
    captured = capsysbinary.readouterr()
    assert parse(captured.out) == build(2, 4, 6, table_bytes=16 << 20)
    assert b"ply 5: " in captured.err


def test_strategy_of_a_board_the_second_player_loses_says_so(capsys):
    compiled_exact()
    assert main(["solve", "2x3", "--strategy", "4"]) == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        "the second player does not win 2x3: a position at ply 1 is lost")


@pytest.mark.parametrize(("arguments", "message"), [
    (["solve", "2x2", "--first", "c9"], "c9 is not a cell of a 2x2 board"),
    (["solve", "2x2", "--seconds", "-1"], "--seconds must be 0"),
    (["solve", "2x2", "--memory", "0"], "--memory must be at least 1 MB"),
    (["solve", "2x2", "--openings", "0"], "--openings takes the plies"),
    (["solve", "2x2", "--openings", "2", "--proof"], "takes no --proof"),
    (["solve", "2x4", "--strategy", "1"], "--strategy takes the plies"),
    (["solve", "2x4,4x4", "--strategy", "4"], "one board at a time"),
    (["solve", "2x4", "--strategy", "4", "--json"], "takes no --proof"),
    (["solve", "1x5"], "a 1x5 Kaskade board is not possible"),
    (["solve", "6x6"], "at most 25 cells"),
    (["solve", "2x2", "--limit", "-1"], "--limit must be 0"),
])
def test_bad_input_is_a_one_line_error(arguments, message, capsys):
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_cascades_boards_by_top_width(capsys):
    assert main(["solve", "--game", "cascades"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("top 3: the first player wins; winning first stones a2 b2 c2 d2;")
    assert lines[1].startswith("top 4: the first player wins; winning first stones d2; 504 "
                               "positions")
    assert lines[2].startswith("top 5: the first player wins; winning first stones a2 b2 c2 d2 "
                               "e2 f2; 630 positions")
    assert main(["solve", "--game", "cascades", "4", "--greedy", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["first_moves"] == {"b2": -1, "c2": -1, "d2": 1, "e2": -1}
    assert row["greedy"]


@pytest.mark.parametrize(("arguments", "message"), [
    (["solve", "--game", "cascades", "x"], "top widths (3, 4, …), not 'x'"),
    (["solve", "--game", "cascades", "2"], "Cascades boards start at 3"),
    (["solve", "--game", "cascades", "3", "--proof"], "are for Kaskade"),
    (["solve", "2x2", "--greedy"], "--greedy is for Cascades"),
])
def test_bad_cascades_input_is_a_one_line_error(arguments, message, capsys):
    assert main(arguments) == 2
    assert message in capsys.readouterr().err
