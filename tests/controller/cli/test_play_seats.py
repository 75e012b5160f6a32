"""``kaskade play --terminal``: seats are named by the game's own colours (``--black``,
``--red``, ``--seat COLOUR=WHO``), whatever order the game's players are in and whoever moves
first."""

from __future__ import annotations

import random

import pytest

from controller.cli import build_parser, main
from controller.cli import play as play_command


def seated(*argv: str):
    args = build_parser().parse_args(["play", "--terminal", *argv])
    return play_command._setup(args, None, lambda name: name)


def test_the_readme_example_makes_the_computer_black_in_big_balls():
    session = seated("--game", "big-balls", "--black", "computer:3")
    black = session.state.info.players.index("black")
    assert session.computer_level(black) == 3
    assert session.computer_level(1 - black) is None
    assert session.tags == {**session.tags, "Black": "computer 3"}
    assert "White" not in session.tags


def test_white_moving_first_keeps_the_computer_white():
    session = seated("--game", "big-balls", "-o", "first=white", "--white", "computer:3")
    white = session.state.info.players.index("white")
    assert session.computer_level(white) == 3
    assert session.computer_level(1 - white) is None
    state = session.state.copy()
    while state.to_move is not None and state.to_move < 0:  # the deal and the first throw
        state.play(state.sample_chance(random.Random(1)))
    assert state.to_move == white, "White moves first, and White is the computer"


@pytest.mark.parametrize("argv", [["--red", "computer:2"], ["--seat", "red=computer:2"],
                                  ["--seat", " Red = computer:2"]])
def test_red_is_red_in_colliding_circles(argv):
    session = seated("--game", "colliding-circles", *argv)
    red = session.state.info.players.index("red")
    assert session.computer_level(red) == 2
    assert session.computer_level(1 - red) is None


def test_white_means_white_in_kaskade_and_black_black():
    session = seated("--size", "3x3", "--white", "Ann", "--seat", "black=computer:1")
    assert session.tags["White"] == "Ann"
    assert session.computer_level(1) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "big-balls", "--red", "Ann"],
     "Big Balls has no seat red: its seats are black (--black) and white (--white)"),
    (["--game", "colliding-circles", "--white", "computer:3"],
     "Colliding Circles has no seat white: its seats are red (--red) and black (--black)"),
    (["--game", "kaskade", "--seat", "green=Ann"],
     "Kaskade has no seat green: its seats are white (--white) and black (--black)"),
    (["--seat", "black"], "--seat 'black': write COLOUR=WHO"),
    (["--black", "Ann", "--seat", "black=Bob"], "black is given twice: 'Ann' and 'Bob'"),
])
def test_a_seat_the_game_does_not_have_is_refused_naming_its_colours(argv, message, capsys):
    assert main(["play", "--terminal", *argv]) == 2
    assert message in capsys.readouterr().err
