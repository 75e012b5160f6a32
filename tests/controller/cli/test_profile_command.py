"""``kaskade profile``: a maker's 6x6 board made from answers, then its documents and cut
files, the simulator and a game on it; questions asked on standard input; refusals."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from controller.cli import main
from controller.cli.profile import run
from controller.profile import load_profile
from tests.support.board import BoardHarness

SIX = ["--columns", "6", "--rows", "6", "--per-pad", "1", "--led-pitch-mm", "33.3",
       "--sensor", "mpr121", "--name", "Six by six"]


def test_a_six_by_six_board_from_answers_to_documents_simulator_and_a_game(tmp_path, capsys):
    six = tmp_path / "six.toml"
    assert main(["profile", "new", str(six), *SIX]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"wrote {six}: Six by six, 6 x 6 pads, 36 LEDs, mpr121")
    assert "# " in six.read_text(), "the profile explains itself"
    profile = load_profile(str(six))
    assert (profile.columns, profile.rows, profile.pads, profile.leds) == (6, 6, 36, 36)
    assert profile.touch.capacity == 36
    assert profile.build.pad_pitch_mm == pytest.approx(33.3)
    assert profile.warnings == ()

    docs = tmp_path / "six-docs"
    assert main(["wiring", "--profile", str(six), "--out", str(docs)]) == 0
    names = {path.name for path in docs.iterdir()}
    assert names == {"README.md", "diagram.svg", "light-grid.svg", "pads.svg", "top.svg"}
    assert "## Geometry and sensing" in (docs / "README.md").read_text()
    assert main(["wiring", "--profile", str(six), "--out", str(docs), "--check"]) == 0

    board = BoardHarness(tmp_path / "state", str(six))
    board.start_game("2x2")
    for cell in ("a1", "b2", "a2", "b1", "a1"):  # the fifth ball's cascade takes every cell
        board.tap(cell)
        board.wait(3)
    assert board.app.session.finished
    assert "White" in board.describe()


def test_direct_pads_fit_a_five_by_five_board_but_not_six_by_six(tmp_path, capsys):
    five = tmp_path / "five.toml"
    assert main(["profile", "new", str(five), "--columns", "5", "--rows", "5", "--per-pad",
                 "1", "--led-pitch-mm", "33.3", "--sensor", "gpio", "--top-mm", "2"]) == 0
    profile = load_profile(str(five))
    assert profile.touch.pins == (*range(23), 26, 27)
    assert main(["wiring", "--profile", str(five), "--out", str(tmp_path / "docs")]) == 0
    capsys.readouterr()
    assert main(["profile", "new", str(tmp_path / "six.toml"), "--columns", "6", "--rows", "6",
                 "--sensor", "gpio"]) == 2
    assert "36 pads need 36 pins; a Pico has 26 on its header" in capsys.readouterr().err
    assert not (tmp_path / "six.toml").exists()


def test_questions_are_asked_on_standard_input_and_bad_answers_asked_again(tmp_path, capsys):
    answers = io.StringIO("\n".join([
        "Kitchen board",  # name
        "six",  # columns: not a number, asked again
        "6", "6",  # columns, rows
        "1", "33.3",  # LEDs per pad side, their pitch
        "", "", "",  # one piece, its start, serpentine
        "", "",  # strip, colour order
        "",  # LED GPIO
        "mpr121",  # sensor (no Pico pins asked: the MPR121s have their own wiring)
        "", "", "", "",  # buttons, buzzer, status LED
        "", "", "",  # supply, top, its thickness
    ]) + "\n")
    args = main_args(tmp_path / "kitchen.toml", "--ask")
    assert run(args, answers) == 0
    shown = capsys.readouterr().out
    assert "'six' is not an answer to that; try again" in shown
    profile = load_profile(str(tmp_path / "kitchen.toml"))
    assert (profile.name, profile.columns) == ("Kitchen board", 6)


def main_args(path: Path, *extra: str):
    from controller.cli import build_parser

    return build_parser().parse_args(["profile", "new", str(path), *extra])


def test_an_existing_profile_is_not_overwritten_and_bad_answers_are_refused(tmp_path, capsys):
    mine = tmp_path / "mine.toml"
    mine.write_text("# mine\n")
    assert main(["profile", "new", str(mine)]) == 2
    assert "exists; --force overwrites it" in capsys.readouterr().err
    assert mine.read_text() == "# mine\n"
    assert main(["profile", "new", str(tmp_path / "odd.toml"), "--panel", "5x5"]) == 2
    assert "--panel: 5x5 panels do not tile 16 x 16 LEDs" in capsys.readouterr().err
    assert main(["profile", "new", str(tmp_path / "tiny.toml"), "--columns", "3"]) == 2
    assert "--columns: 3 pads across: a board is 4 to 16 pads across" in \
        capsys.readouterr().err
    assert main(["profile", "check", "kaskade-mini"]) == 0
    assert "mind: geometry.pad_pitch_mm" in capsys.readouterr().out
