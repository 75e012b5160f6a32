"""Cascades and Big Balls on the pad grid: neighbours on the board are neighbours on the grid,
the largest board that fits is offered, and numbered stones read at a glance."""

from __future__ import annotations

import pytest

from controller.faces.big_balls import picture as big_balls
from controller.faces.cascades import picture as cascades
from controller.games.big_balls.triangle import DIRECTIONS, neighbour
from controller.games.cascades import Slope
from controller.profile import load_profile
from controller.render.glyphs import PIP_WHITE, number_rows

BOARDS = ["kaskade-8x8", "kaskade-16x16", "kaskade-mini"]


def adjacent(first, second) -> bool:
    return max(abs(first[0] - second[0]), abs(first[1] - second[1])) == 1


@pytest.mark.parametrize("profile_name", BOARDS)
@pytest.mark.parametrize("shape", ["widening", "hexagon"])
def test_cascades_cells_touching_sit_on_touching_pads(profile_name, shape):
    profile = load_profile(profile_name)
    top = cascades.largest_top(profile, shape)
    layout = cascades.CascadesLayout.of(profile, Slope(top, shape))
    pads = layout.pads
    assert len(set(pads)) == len(pads)
    assert layout.done not in pads
    for cell, below in enumerate(layout.slope.below):
        for other in below:
            assert adjacent(pads[cell], pads[other])
            assert pads[other][1] == pads[cell][1] - 1, "the row below is the pad row below"
    assert all(0 <= c < profile.columns and 0 <= r < profile.rows for c, r in pads)


@pytest.mark.parametrize(("profile_name", "widening", "hexagon"),
                         [("kaskade-8x8", 4, 4), ("kaskade-16x16", 8, 8)])
def test_the_largest_top_row_that_fits(profile_name, widening, hexagon):
    profile = load_profile(profile_name)
    assert cascades.largest_top(profile, "widening") == widening
    assert cascades.largest_top(profile, "hexagon") == hexagon
    assert not cascades.fits(profile, widening + 1, "widening")


@pytest.mark.parametrize("profile_name", BOARDS)
def test_big_balls_neighbours_sit_on_touching_pads_and_the_die_is_clear(profile_name):
    layout = big_balls.BigBallsLayout.of(load_profile(profile_name))
    for hole, pad in enumerate(layout.holes):
        for direction in DIRECTIONS:
            other = neighbour(hole, direction)
            if other is not None:
                assert adjacent(pad, layout.holes[other])
    assert not set(layout.die) & set(layout.holes)
    assert len(layout.die) == 9


def lit(rows, colour) -> int:
    return sum(1 for row in rows for i in range(0, len(row), 3) if tuple(row[i:i + 3]) == colour)


@pytest.mark.parametrize("number", range(1, 7))
def test_a_stone_on_3x3_leds_shows_its_number_as_a_die_face(number):
    assert lit(number_rows(3, number, (40, 110, 255)), (40, 110, 255)) == number


@pytest.mark.parametrize("number", range(1, 7))
def test_a_stone_on_2x2_leds_counts_its_lit_leds_a_white_one_counting_two(number):
    rows = number_rows(2, number, (40, 110, 255))
    assert lit(rows, (40, 110, 255)) + 2 * lit(rows, PIP_WHITE) == number


def test_every_number_looks_different_on_every_pad_size():
    for per_pad in (2, 3):
        shapes = {number_rows(per_pad, n, (40, 110, 255)) for n in range(1, 7)}
        assert len(shapes) == 6
