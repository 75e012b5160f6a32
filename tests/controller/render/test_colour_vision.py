"""Colour for everyone: the colours that must be told apart stay apart for people with
protanopia, deuteranopia or tritanopia (Machado et al. 2009 at full severity, CIE76 ΔE), and a
verdict never rests on hue alone."""

from __future__ import annotations

from itertools import combinations

import pytest

from controller.faces.cascades_decktet.picture import SUIT_COLOURS
from controller.faces.kaskade.picture import draw_board_size
from controller.profile import load_profile
from controller.render.canvas import Canvas
from controller.render.color import (
    BIG_BALL,
    BLACK_PLAYER,
    CONFIRM,
    ILLEGAL,
    NEUTRAL,
    RED_PLAYER,
    WHITE_PLAYER,
)
from tests.support.colour_vision import VISIONS, difference, seen

MIN_DIFFERENCE = 30.0
"""ΔE76 that two colours keep under every simulated vision: clearly different at a glance
(about 2.3 is the smallest difference people notice side by side)."""

SUITS = dict(zip(("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots"), SUIT_COLOURS))
MUST_DIFFER = [
    ("White", WHITE_PLAYER, "Black", BLACK_PLAYER),
    ("Red", RED_PLAYER, "Black", BLACK_PLAYER),
    ("big ball", BIG_BALL, "White", WHITE_PLAYER),
    ("big ball", BIG_BALL, "Black", BLACK_PLAYER),
    ("White", WHITE_PLAYER, "empty cell", NEUTRAL),
    ("Black", BLACK_PLAYER, "empty cell", NEUTRAL),
    ("Red", RED_PLAYER, "empty cell", NEUTRAL),
    ("passed", CONFIRM, "failed", ILLEGAL),
    *[(a, SUITS[a], b, SUITS[b]) for a, b in combinations(SUITS, 2)],
]


def test_the_simulation_matches_the_published_matrices():
    # white stays white for everyone; pure red seen with protanopia is a dark olive
    assert difference((255, 255, 255), (255, 255, 255), "deuteranopia") == 0
    for vision in VISIONS:
        assert difference((255, 255, 255), (254, 254, 254), vision) < 1
    red = seen((255, 0, 0), "protanopia")  # the matrix's first column, gamma-encoded
    assert all(abs(got - want) < 1.5 for got, want in zip(red, (108.8, 95.1, 0.0)))


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize(("first", "a", "second", "b"), MUST_DIFFER,
                         ids=[f"{x[0]}-{x[2]}" for x in MUST_DIFFER])
def test_colours_that_must_differ_stay_apart(first, a, second, b, vision):
    assert difference(a, b, vision) >= MIN_DIFFERENCE, \
        f"{first} and {second} look alike with {vision}"


def test_a_board_too_small_is_not_only_a_change_of_hue():
    profile = load_profile("kaskade-8x8")
    fine, small = Canvas(16, 16), Canvas(16, 16)
    draw_board_size(fine, profile, (4, 4), (5, 5), 2)
    draw_board_size(small, profile, (0, 0), (5, 5), 2)
    outside = (12, 12)
    assert fine.get(*outside) != (0, 0, 0)
    assert small.get(*outside) == (0, 0, 0), "the rest of the board goes dark"
