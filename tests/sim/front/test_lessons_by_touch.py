"""Every game's lesson played through by touch in the headless simulator: the game's tile held
on the home menu, a wrong touch refused with the step's words, then each step's move touched
as a learner would, checked by the rules, to the end of the lesson and home again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from controller.app.screens.game import GameScreen
from controller.app.screens.home import LEARN_HOLD, HomeScreen
from controller.app.screens.lesson import LessonScreen
from controller.app.store import Store
from controller.faces.big_balls.screen import BigBallsScreen
from controller.faces.cascades.screen import CascadesScreen
from controller.faces.cascades_decktet.screen import CascadesDecktetScreen
from controller.faces.colliding_circles.screen import CollidingCirclesScreen
from controller.faces.face import lesson
from controller.faces.kaskade.screen import KaskadeScreen
from controller.games.big_balls import THROW, BallMove, StoneStep
from controller.games.cascades_decktet.moves import DRAW, Play
from controller.games.colliding_circles.pieces import Manoeuvre, Place
from controller.profile import load_profile
from controller.render.tile import Pad
from sim.front.headless import Headless
from sim.front.script import Command
from tests.support.board import NOON

GAMES = ["kaskade", "cascades", "big-balls", "colliding-circles", "cascades-decktet"]


def simulator(tmp_path: Path, profile_name: str) -> Headless:
    return Headless(load_profile(profile_name), Store.at(tmp_path / "state", profile_name),
                    tmp_path / "png", lambda: NOON, think_seconds=0.02)


def tap(sim: Headless, pad: Pad) -> None:
    column, row = pad
    sim.do(Command(0, "tap", pad=row * sim.profile.columns + column))


def hold_tile(sim: Headless, name: str) -> LessonScreen:
    """Hold the home tile of ``name``: its lesson."""
    home = sim.app.screen
    assert isinstance(home, HomeScreen)
    tile = home.layout.tiles[home.games.index(name)]
    sim.do(Command(0, "hold", pad=tile.row * sim.profile.columns + tile.column,
                   seconds=LEARN_HOLD + 0.2))
    screen = sim.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


def touches(screen: GameScreen[Any], move: Any) -> list[Pad]:
    """The pads a person touches, in order, to make ``move`` on ``screen``."""
    state = screen.state
    if isinstance(screen, KaskadeScreen):
        return [(move.cell % state.grid.width, move.cell // state.grid.width)]
    if isinstance(screen, CascadesScreen):
        return [screen.layout.pads[move.cell]]
    if isinstance(screen, BigBallsScreen):
        if move == THROW:
            return [screen.layout.die[4]]
        assert isinstance(move, BallMove | StoneStep)
        return [screen.layout.holes[move.origin], screen.layout.holes[move.target]]
    if isinstance(screen, CollidingCirclesScreen):
        layout = screen.layout
        if isinstance(move, Place):
            hand = state.hands[state.player]
            return [layout.hands[state.player][hand.index(move.value)], layout.fields[move.field]]
        assert isinstance(move, Manoeuvre)
        return [layout.fields[move.origin], layout.fields[move.target]]
    assert isinstance(screen, CascadesDecktetScreen)
    if move == DRAW:
        return [screen.layout.stock[0]]
    assert isinstance(move, Play)
    assert state.sources()[move.card] == "waste"
    return [screen.layout.waste[0]]


def skip_words(sim: Headless) -> None:
    """A touch that only skips the step's words scrolling over the board."""
    message = sim.app.announcer.message
    if message is not None and not message.caption:
        tap(sim, (0, 0))


@pytest.mark.parametrize("game", GAMES)
def test_a_lesson_played_through_by_touch(tmp_path, game):
    sim = simulator(tmp_path, "kaskade-16x16")
    screen = hold_tile(sim, game)
    steps = lesson(game).steps
    for number, step in enumerate(steps, 1):
        assert screen.tutor.index == number - 1
        assert sim.app.announcer.text == step.short, "the step's words scroll over it"
        skip_words(sim)
        line = sim.describe()
        assert line.startswith(f"Learning {lesson(game).title} · step {number} of "
                               f"{len(steps)}: {step.words}")
        inner = screen.game
        assert inner.hint[0] is not None, "the move to try blinks"
        shown = screen.tutor.shown(inner.state)
        for pad in touches(inner, shown):
            tap(sim, pad)
        assert screen.tutor.done, f"step {number}: {step.expect} was played"
        assert inner.session.moves[0] in step.expect, "the learner's move, by the rules"
        assert step.done in sim.describe()
        sim.pass_time(3.0)  # the move's animation and any chance after it
        drawn = inner.session.moves[1:1 + len(step.chance)]
        assert drawn == list(step.chance), "chance draws what the lesson's words say"
        skip_words(sim)  # the result, after the last step's winning move
        tap(sim, (0, 0))  # on to the next step
    assert isinstance(sim.app.screen, HomeScreen), "after the last step, home"
    assert sim.app.session is None, "a lesson leaves no game behind"


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_touch_is_refused_with_the_lessons_words(tmp_path, game):
    sim = simulator(tmp_path, "kaskade-16x16")
    screen = hold_tile(sim, game)
    skip_words(sim)
    inner = screen.game
    before = inner.state.position()
    others = [m for m in inner.state.legal_moves()
              if inner.state.move_name(m) not in screen.tutor.step.expect]
    if others:  # a legal move, but not the one the step asks for
        for pad in touches(inner, others[0]):
            tap(sim, pad)
    else:  # the solitaire's first step has one move: touch the empty waste instead
        assert isinstance(inner, CascadesDecktetScreen)
        tap(sim, inner.layout.waste[0])
    assert inner.state.position() == before, "the wrong move was not played"
    assert not screen.tutor.done
    assert sim.summary()["sounds"][-1] == "illegal"
    assert screen.tutor.step.wrong in sim.describe()
    assert sim.app.announcer.text == "try again"


def test_a_kaskade_touch_that_is_no_move_at_all_is_refused_too(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    screen = hold_tile(sim, "kaskade")
    skip_words(sim)
    tap(sim, (2, 2))  # c3: White's ball, not Black's to play on
    assert screen.tutor.step.wrong in sim.describe()
    tap(sim, (7, 7))  # outside the 5 x 5 lesson
    assert not screen.tutor.done
    assert screen.game.state.plies == 3


def test_undo_starts_the_step_again_and_menu_goes_home(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    screen = hold_tile(sim, "kaskade")
    skip_words(sim)
    tap(sim, (1, 1))  # b2, the step's move
    assert screen.tutor.done
    sim.do(Command(0, "press", button="undo"))
    assert not screen.tutor.done
    assert screen.game.state.cells[6] == 0, "b2 is empty again"
    sim.do(Command(0, "press", button="menu"))
    assert isinstance(sim.app.screen, HomeScreen)


def test_a_short_touch_on_a_tile_still_only_names_the_game(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    home = sim.app.screen
    tile = home.layout.tiles[0]
    tap(sim, (tile.column, tile.row))
    assert sim.app.screen is home
    assert home.selected == 0
    assert "hold it to learn the game" not in sim.describe()


def test_a_held_tile_says_that_holding_on_teaches_the_game(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    home = sim.app.screen
    tile = home.layout.tiles[home.games.index("cascades")]
    sim.do(Command(0, "down", pad=tile.row * sim.profile.columns + tile.column))
    sim.pass_time(1.0)
    assert sim.app.announcer.text == "keep holding: learn Cascades"
    assert sim.app.screen is home
    sim.pass_time(LEARN_HOLD)
    assert isinstance(sim.app.screen, LessonScreen)


def test_the_steps_words_on_the_leds_are_in_the_boards_language(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    sim.app.settings.language = "de"
    screen = hold_tile(sim, "kaskade")
    assert sim.app.announcer.text == "leeres Feld"
    skip_words(sim)
    tap(sim, (2, 2))  # c3, White's
    assert sim.app.announcer.text == "nochmal"
    assert screen.tutor.step.wrong in sim.describe(), "the description line stays English"
