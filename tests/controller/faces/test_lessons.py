"""Every game's lesson is sound: each step's position is read by the game's own rules, each
step's move is legal there, written as the game names it, and the lesson fits every board the
game fits; the tutor judges moves, goes on only after a step is done, and a game without a
lesson says so."""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from controller.faces.face import faces_for, lesson
from controller.games import CHANCE, UnknownGameError, game_names
from controller.games.lesson import NoLessonError, Tutor
from controller.games.registry import GameEntry
from controller.profile import load_profile
from tests.support import take_game

PROFILES = ["kaskade-mini", "kaskade-8x8", "kaskade-16x16"]


@pytest.mark.parametrize("name", game_names())
def test_every_steps_move_is_legal_and_named_as_the_game_names_it(name):
    found = lesson(name)
    assert found.game == name
    assert len(found.steps) >= 4
    for index, step in enumerate(found.steps):
        state = found.position(index)
        assert not state.moves, "a step starts with nothing to take back"
        for words in (step.short, step.short_de):
            assert words
            assert len(words) <= 16, "a few words for the LEDs, in English and German"
        assert step.led_words("de") == step.short_de
        assert step.led_words("en") == step.short
        for text, move in zip(step.expect, found.expected(index, state), strict=True):
            assert state.is_legal(move), f"{name} step {index + 1}: {text}"
            assert state.move_name(move) == text, "written as the game writes it"


@pytest.mark.parametrize("profile_name", PROFILES)
def test_every_lesson_fits_every_board_its_game_fits(profile_name):
    profile = load_profile(profile_name)
    for face in faces_for(profile):
        found = lesson(face.name)
        for index in range(len(found.steps)):
            assert face.holds(profile, found.position(index)), (face.name, index)


def test_the_kaskade_lesson_ends_with_a_win():
    found = lesson("kaskade")
    state = found.position(len(found.steps) - 1)
    state.play(found.expected(len(found.steps) - 1, state)[0])
    assert state.outcome() is not None
    assert state.outcome().winner == 1


def test_the_tutor_goes_on_only_after_the_step_is_done():
    tutor = Tutor(lesson("kaskade"))
    state = tutor.position()
    assert tutor.go_on(), "not done: the same step again"
    assert tutor.index == 0
    assert not tutor.judge(state, state.parse_move("e5")), "legal, but not the step's move"
    assert not tutor.done
    assert tutor.judge(state, state.parse_move("b2"))
    assert not tutor.judge(state, state.parse_move("b2")), "a step is done once"
    assert "Black's ball is on b2" in tutor.words()
    assert tutor.go_on()
    assert tutor.index == 1
    while tutor.index < len(tutor.lesson.steps) - 1:
        tutor.done = True
        tutor.go_on()
    tutor.done = True
    assert tutor.finished
    assert not tutor.go_on(), "after the last step there is none"


def test_a_game_without_a_lesson_says_so(enter_game):
    enter_game(GameEntry("take-away", "tests.support.take_game:TakeState",
                         "tests.controller.faces.test_lessons:UNTAUGHT"))
    with pytest.raises(NoLessonError, match="has no lesson"):
        lesson("take-away")
    with pytest.raises(UnknownGameError):
        lesson("chess")


UNTAUGHT = dataclasses.replace(take_game.FACE, name="take-away", lesson=None)
"""The face of a game without a lesson."""


def reached(name: str, index: int):
    """The position step ``index`` of ``name``'s lesson leaves: its move, then what its chance
    draws."""
    found = lesson(name)
    state = found.position(index)
    state.play(found.expected(index, state)[0])
    for text in found.steps[index].chance:
        state.play(state.parse_move(text))
    return state


@pytest.mark.parametrize("name", game_names())
def test_every_chance_after_a_steps_move_is_the_lessons_own(name):
    """A lesson that says "the die shows 4" throws a 4: no chance step is left to luck
    between a step's move and the next step's words."""
    for index in range(len(lesson(name).steps)):
        assert reached(name, index).to_move != CHANCE, f"{name} step {index + 1}"


@pytest.mark.parametrize("name", game_names())
def test_a_step_that_takes_the_last_move_back_says_so(name):
    """When the next step starts from the same position as the last (its move undone), its
    words say so, so nothing is undone silently."""
    steps = lesson(name).steps
    for before, after in itertools.pairwise(steps):
        if after.position == before.position:
            assert any(words in after.words.lower() for words in ("again", "back to",
                                                                  "instead")), after.words


@pytest.mark.parametrize("name", game_names())
def test_a_step_that_goes_on_from_the_last_starts_where_it_ended(name):
    """A step whose position follows from the last one's (the same turn, no jump in time) is
    that position exactly: the dice, stones and hands the learner just saw."""
    found = lesson(name)
    for index in range(len(found.steps) - 1):
        following = found.position(index + 1)
        state = reached(name, index)
        if following.plies == state.plies:
            assert following.position() == state.position(), (name, index + 2)


def test_the_colliding_circles_wolf_keeps_the_dice_placed_before_it():
    """Black's 6 on C5 and 4 on C7, as step 4 put them, are still there in the Wolf."""
    placed = reached("colliding-circles", 3).board
    wolf = lesson("colliding-circles").position(4).board
    assert all(wolf[field] == die for field, die in enumerate(placed) if die)


def test_no_lesson_names_a_picture_its_learner_never_sees():
    for name in game_names():
        for step in lesson(name).steps:
            assert "picture" not in f"{step.words} {step.done} {step.wrong}".lower(), step
