"""``kaskade gtp``: GTP 2 framing and every command, as a tournament tool would send them."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from controller.cli.gtp import GtpEngine


def talk(*commands: str, engine: GtpEngine | None = None) -> list[str]:
    out = io.StringIO()
    (engine or GtpEngine(seconds=0.05)).run([c + "\n" for c in commands], out)
    text = out.getvalue()
    assert text.endswith("\n\n")
    return text[:-2].split("\n\n")


def test_the_framing_echoes_ids_and_ignores_comments_and_blank_lines():
    assert talk("7 protocol_version", "# only a comment", "", "name  # trailing comment",
                "version") == ["=7 2", "= Kaskade Board", "= 0.1.0"]


def test_errors_are_question_marks_with_a_message():
    assert talk("12 no_such_command", "play purple c3", "play white", "boardsize 1x9") == [
        "?12 unknown command",
        "? invalid color 'purple'; use white, black, w or b",
        "? syntax error: play COLOUR MOVE",
        "? unacceptable size (a 1x9 Kaskade board is not possible: the width must be 2 to 16 "
        "cells)",
    ]


def test_known_command_and_list_commands():
    answers = talk("known_command genmove", "known_command fly", "list_commands")
    assert answers[:2] == ["= true", "= false"]
    listed = answers[2][2:].split("\n")
    assert {"protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "boardsize", "clear_board", "play", "genmove", "undo", "showboard",
            "time_settings", "kaskade-level"} == set(listed)


def test_play_genmove_undo_showboard():
    engine = GtpEngine(seconds=0.05)
    answers = talk("boardsize 3x3", "play w b2", "genmove b", "showboard", "undo", "undo",
                   "undo", engine=engine)
    assert answers[:2] == ["=", "="]
    assert answers[2].startswith("= ")
    assert len(answers[2]) in (4, 5)
    assert "W1" in answers[3]
    assert "B1" in answers[3]
    assert answers[4:] == ["=", "=", "? cannot undo"]


def test_moves_must_be_legal_and_in_turn():
    assert talk("boardsize 3x3", "play black a1", "play white a1", "play black a1",
                "play white d4") == [
        "=",
        "? it is White's turn",
        "=",
        "? illegal move: a1 holds White's balls",
        "? it is Black's turn",
    ]


def test_boardsize_takes_width_x_height_or_one_number():
    engine = GtpEngine()
    talk("boardsize 6x9", engine=engine)
    assert engine.game.grid.size_text == "6x9"
    talk("boardsize 5", engine=engine)
    assert engine.game.grid.size_text == "5x5"
    talk("play w a1", "clear_board", engine=engine)
    assert engine.game.plies == 0


def test_time_settings_and_level():
    engine = GtpEngine()
    assert talk("time_settings 0 3 1", "kaskade-level 2", "kaskade-level six",
                engine=engine) == ["=", "=", "? no level six; the levels are 1 to 5"]
    assert engine.seconds == pytest.approx(2.7)
    assert engine.level == 2
    talk("time_settings 400 0 0", engine=engine)
    assert engine.seconds == pytest.approx(9.0)


def test_two_engines_play_a_whole_game_and_then_refuse_to_move():
    engine = GtpEngine(seconds=0.02)
    colour = "w"
    answers = talk("boardsize 3x3", engine=engine)
    while not engine.game.is_over():
        answers = talk(f"genmove {colour}", engine=engine)
        assert answers[0].startswith("= ")
        colour = "b" if colour == "w" else "w"
    assert talk(f"genmove {colour}", engine=engine)[0].startswith("? the game is over")


def test_quit_ends_the_session():
    assert talk("quit", "name") == ["="]


def test_the_command_speaks_gtp_on_standard_input_and_output():
    kaskade = str(Path(sys.executable).parent / "kaskade")
    result = subprocess.run([kaskade, "gtp", "--level", "3", "--seconds", "0.05"],
                            input="1 boardsize 4x4\n2 play white a1\n3 genmove black\n4 quit\n",
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0
    responses = result.stdout.split("\n\n")
    assert responses[:2] == ["=1", "=2"]
    assert responses[2].startswith("=3 ")
    assert responses[3] == "=4"


@pytest.mark.parametrize("settings", ["time_settings inf 0 0", "time_settings 0 nan 5",
                                      "time_settings 1e400 0 0"])
def test_endless_clocks_are_refused_and_genmove_still_answers(settings):
    replies = talk("boardsize 3x3", settings, "genmove white",
                   engine=GtpEngine(level=2, seconds=0.05))
    assert replies[1].startswith("? time_settings takes finite numbers from 0")
    assert replies[2].startswith("= ")


def test_a_long_main_time_is_capped_to_a_minute_a_move():
    engine = GtpEngine(level=2, seconds=0.05)
    talk("time_settings 1e9 0 0", engine=engine)
    assert engine.seconds == 60.0


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1", "61"])
def test_seconds_out_of_range_is_a_one_line_error(seconds, capsys):
    from controller.cli import main

    assert main(["gtp", "--seconds", seconds]) == 2
    assert "--seconds must be above 0 and at most 60" in capsys.readouterr().err
