"""``kaskade solve``: a line per board in words or JSON, proofs for larger boards, and clear
errors for what it cannot take (the solver itself: tests/controller/ai/solved/)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from controller.ai.solved.strategy import build, parse
from controller.cli import main
from tests.support.compiled import compiled_cascades, compiled_exact


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
    (["solve", "2x2", "--progress", "0"], "--progress must be above 0 seconds"),
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
    assert lines[1].startswith("top 4: the first player wins; winning first stones d2; b2 c2 e2 "
                               "lose;")
    assert lines[2].startswith("top 5: the first player wins; winning first stones a2 b2 c2 d2 "
                               "e2 f2;")
    assert main(["solve", "--game", "cascades", "4", "--greedy", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["first_moves"] == {"b2": -1, "c2": -1, "d2": 1, "e2": -1}
    assert row["greedy"]


def test_cascades_reference_search_in_python(capsys):
    assert main(["solve", "--game", "cascades", "4,5", "--python"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("top 4: the first player wins; winning first stones d2; b2 c2 e2 "
                               "lose; 504 positions")
    assert "; 630 positions" in lines[1]


def test_a_cascades_proof_stops_at_the_first_winning_stone(capsys):
    compiled_cascades()
    assert main(["solve", "--game", "cascades", "4", "--proof", "--first", "b2,d2,c2",
                 "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["first_moves"] == {"b2": 0, "d2": 1}
    assert row["winner"] == "first"
    assert row["compiled"]
    assert main(["solve", "--game", "cascades", "4", "--proof", "--first", "b2"]) == 0
    assert capsys.readouterr().out.startswith("top 4: undecided (b2 does not win);")


def test_a_narrowed_cascades_proof_proves_top_6(capsys):
    compiled_cascades()
    assert main(["solve", "--game", "cascades", "6", "--proof", "--narrow", "--first", "f2",
                 "--json", "--memory", "256"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["first_moves"] == {"f2": 1}
    assert row["narrow"]
    assert main(["solve", "--game", "cascades", "4", "--proof", "--narrow", "--first", "b2"]) == 0
    assert capsys.readouterr().out.startswith("top 4: undecided (b2 does not win);"), \
        "the narrow search finds no win, the whole one shows there is none"


def test_a_cascades_limit_reached_says_where_it_stopped(capsys):
    compiled_cascades()
    assert main(["solve", "--game", "cascades", "6", "--limit", "2000", "--memory", "16"]) == 0
    assert capsys.readouterr().out.startswith("top 6: undecided; stopped in b2;")


def test_the_book_is_printed_as_json(capsys):
    compiled_cascades()
    assert main(["solve", "--game", "cascades", "5", "--book", "2", "--memory", "16"]) == 0
    table = json.loads(capsys.readouterr().out)
    assert table["top"] == 5
    assert table["first"] == "e2"
    assert table["positions"] == {}, "top 5 proves every position within a move"
    assert table["by_turn"][0]["met"] > 10


@pytest.mark.parametrize(("arguments", "message"), [
    (["solve", "--game", "cascades", "x"], "top widths (3, 4, …), not 'x'"),
    (["solve", "--game", "cascades", "2"], "Cascades boards start at 3"),
    (["solve", "--game", "cascades", "14"], "takes 3 to 13"),
    (["solve", "--game", "cascades", "4", "--first", "d2,a1"], "a1 is not a first stone of top 4"),
    (["solve", "--game", "cascades", "3", "--openings", "2"],
     "--openings and --strategy are for Kaskade"),
    (["solve", "--game", "cascades", "6", "--book", "1"], "2 turns or more"),
    (["solve", "--game", "cascades", "6", "--book", "3", "--json"], "takes no --proof"),
    (["solve", "--game", "cascades", "5,6", "--book", "3"], "one top width"),
    (["solve", "--game", "cascades", "7", "--book", "3"], "no proved first stone"),
    (["solve", "2x2", "--greedy"], "are for Cascades"),
    (["solve", "2x2", "--python"], "are for Cascades"),
    (["solve", "2x2", "--narrow", "--proof"], "are for Cascades"),
    (["solve", "--game", "cascades", "4", "--narrow"], "add --proof"),
    (["solve", "--game", "cascades", "6", "--book", "3", "--narrow"], "takes no --proof, --narrow"),
])
def test_bad_cascades_input_is_a_one_line_error(arguments, message, capsys):
    assert main(arguments) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_progress_shows_positions_their_rate_and_the_time(capsys):
    compiled_exact()
    assert main(["solve", "3x3", "--progress", "0.000001"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("3x3: the first player wins in 13 plies")
    lines = captured.err.splitlines()
    assert lines
    assert all(line.startswith("3x3: ") and " positions, " in line and " a second, " in line
               and line.endswith(" s") for line in lines)


def test_ctrl_c_stops_a_solve_and_prints_what_it_found():
    """The solve runs in its own process; once it reports progress, Ctrl-C (SIGINT) stops it
    at its next check: it prints the board as undecided and exits with 130."""
    compiled_exact()
    kaskade = str(Path(sys.executable).parent / "kaskade")
    solve = subprocess.Popen([kaskade, "solve", "3x5", "--proof", "--progress", "0.05"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert solve.stderr is not None
    first = solve.stderr.readline()  # waits for the first report
    assert first.startswith("3x5: ")
    solve.send_signal(signal.SIGINT)
    out, err = solve.communicate(timeout=120)
    assert solve.returncode == 130
    assert out.startswith("3x5: undecided after ")
    assert "stopped by Ctrl-C after " in err
