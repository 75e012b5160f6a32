"""Cascades and Big Balls played to their end by touches in the headless simulator, on both
reference boards (and on the one-LED-per-pad build): from the home tile through the set-up, every
move made by tapping the pads a person would tap, the winner shown on the LEDs at the end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from controller.app.app import Store
from controller.app.screens.big_balls import BigBallsScreen
from controller.app.screens.cascades import CascadesScreen
from controller.games import CHANCE
from controller.games.big_balls import THROW, BallMove, StoneStep
from controller.games.cascades import END, PASS
from controller.profile import load_profile
from controller.render import cascades
from sim.headless import Headless
from sim.script import Command
from tests.support.board import NOON

BOARDS = ["kaskade-8x8", "kaskade-16x16"]


def simulator(tmp_path: Path, profile_name: str, think: float = 0.02) -> Headless:
    return Headless(load_profile(profile_name), Store.at(tmp_path / "state", profile_name),
                    tmp_path / "png", lambda: NOON, think_seconds=think)


def tap(sim: Headless, pad: tuple[int, int]) -> None:
    column, row = pad
    sim.do(Command(0, "tap", pad=row * sim.profile.columns + column))


def open_game(sim: Headless, name: str, computer_level: int = 0) -> None:
    """Home tile of ``name``, then two people (or the computer at a level), then start."""
    home = sim.app.screen
    tile = home.layout.tiles[home.games.index(name)]
    tap(sim, (tile.column, tile.row))
    players = sim.app.screen.layout
    tap(sim, (players.people.column, players.people.row) if not computer_level
        else players.levels[computer_level - 1])
    start = sim.app.screen.layout.start
    tap(sim, (start.column, start.row))


def winner_hue(sim: Headless, pad: tuple[int, int]) -> str:
    colour = sim.led_colours()[pad[1] * sim.profile.per_pad * sim.profile.led_width +
                               pad[0] * sim.profile.per_pad]
    return "white" if colour[0] > colour[2] else "black"


@pytest.mark.parametrize("profile_name", BOARDS)
def test_cascades_by_touch_to_the_end(tmp_path, profile_name):
    sim = simulator(tmp_path, profile_name)
    open_game(sim, "cascades")
    screen = sim.app.screen
    assert isinstance(screen, CascadesScreen)
    state = screen.state
    assert state.slope.top == cascades.largest_top(sim.profile), "the largest that fits"
    assert state.slope.top == (4 if sim.profile.columns == 8 else 8)
    rng = random.Random(1)
    while not sim.app.session.finished:
        legal = state.legal_moves()
        placements = [m for m in legal if isinstance(m, int)]
        move = placements[int(rng.random() * len(placements))] if placements and \
            rng.random() < 0.9 else next(m for m in (END, PASS) if m in legal)
        tap(sim, screen.layout.pads[move] if isinstance(move, int) else screen.layout.done)
        assert state.moves[-1] == move
    sim.pass_time(1.0)
    outcome = state.outcome()
    summary = sim.summary()
    assert summary["game"]["finished"]
    assert summary["sounds"][-1] == "win"
    if outcome.winner is not None:
        assert winner_hue(sim, screen.layout.done) == state.info.players[outcome.winner]


def test_an_illegal_cascades_touch_flashes_and_changes_nothing(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    open_game(sim, "cascades")
    screen = sim.app.screen
    tap(sim, screen.layout.pads[screen.state.slope.find("a4")])
    assert screen.state.plies == 0
    assert sim.summary()["sounds"][-1] == "illegal"
    tap(sim, screen.layout.done)
    assert screen.state.plies == 0, "the first turn cannot be passed"


def play_big_balls(sim: Headless, screen: BigBallsScreen, rng: random.Random) -> None:
    """Tap through one decision of the person to move."""
    state = screen.state
    legal = state.legal_moves()
    move = legal[int(rng.random() * len(legal))]
    if move == THROW:
        tap(sim, screen.layout.die[4])
        sim.pass_time(1.0)
        assert state.to_move != CHANCE, "the die has been thrown"
        assert state.die is not None
        return
    assert isinstance(move, (BallMove, StoneStep))
    if screen.chosen != move.origin:
        tap(sim, screen.layout.holes[move.origin])
        assert screen.chosen == move.origin
    tap(sim, screen.layout.holes[move.target])
    assert state.moves[-1] == move


@pytest.mark.parametrize("profile_name", [*BOARDS, "kaskade-mini"])
def test_big_balls_by_touch_to_the_end(tmp_path, profile_name):
    sim = simulator(tmp_path, profile_name)
    open_game(sim, "big-balls")
    screen = sim.app.screen
    assert isinstance(screen, BigBallsScreen)
    assert screen.state.phase == "choose", "the stones were dealt as the game opened"
    rng = random.Random(2)
    while not sim.app.session.finished:
        play_big_balls(sim, screen, rng)
    sim.pass_time(1.0)
    outcome = screen.state.outcome()
    assert sim.summary()["game"]["finished"]
    if outcome.winner is not None:
        assert winner_hue(sim, screen.layout.die[0]) == screen.state.info.players[outcome.winner]


def test_big_balls_against_the_computer_which_throws_through_the_same_chance_step(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    open_game(sim, "big-balls", computer_level=5)
    screen = sim.app.screen
    rng = random.Random(3)
    while not sim.app.session.finished:
        sim.pass_time(2.0)
        if sim.app.session.finished:
            break
        assert screen.state.player == 0, "the person plays Black, the first player"
        play_big_balls(sim, screen, rng)
        if screen.state.phase == "move":
            play_big_balls(sim, screen, rng)
    session = sim.app.session
    moves, movers = session.state.moves, session.movers
    computer_throws = [i for i, (move, mover) in enumerate(zip(moves, movers))
                       if move == THROW and mover == 1]
    assert computer_throws, "the computer threw the die at least once"
    for index in computer_throws:
        assert moves[index + 1] in range(1, 7), "a die number follows every throw"
        assert isinstance(moves[index + 2], StoneStep)


def test_a_finger_resting_on_a_stone_shows_its_number_on_the_die(tmp_path):
    sim = simulator(tmp_path, "kaskade-mini")
    open_game(sim, "big-balls")
    screen = sim.app.screen
    hole = screen.state.stones(0)[6]
    column, row = screen.layout.holes[hole]
    sim.do(Command(0, "down", pad=row * sim.profile.columns + column))
    shown = screen.view(sim.now).shown_number
    sim.do(Command(0, "up", pad=row * sim.profile.columns + column))
    assert shown == (0, 6)
    colours = sim.led_colours()
    middle = screen.layout.die[4]
    assert colours[middle[1] * sim.profile.led_width + middle[0]] != (0, 0, 0)
