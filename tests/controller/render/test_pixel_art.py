"""The pictures on the home and pause tiles: drawn for every tile size of the reference builds,
each different from the others, and never outside its tile."""

from __future__ import annotations

from itertools import combinations

import pytest

from controller.faces.big_balls import picture as big_balls
from controller.faces.cascades import picture as cascades
from controller.faces.cascades_decktet import picture as cascades_decktet
from controller.faces.colliding_circles import picture as colliding_circles
from controller.faces.face import faces
from controller.faces.kaskade import picture as kaskade
from controller.profile import load_profile, profile_names
from controller.render.canvas import Canvas
from controller.render.menu import PAUSE_ART, PauseLayout, draw_pause, tile_size
from controller.render.pixel_art import check_art, draw_art
from controller.render.tile import Tile

GAME_ART = {module.__name__.rsplit(".", 1)[1]: (module.ICON, module.ICON_PALETTE)
            for module in (kaskade, cascades, big_balls, colliding_circles, cascades_decktet)}
SIDES = sorted({tile_size(load_profile(name)) * load_profile(name).per_pad
                for name in profile_names()})


def test_the_reference_builds_need_tiles_of_two_four_and_six_leds():
    assert SIDES == [2, 4, 6]


@pytest.mark.parametrize("name", GAME_ART)
def test_every_game_has_a_picture_for_every_tile_size(name):
    art, palette = GAME_ART[name]
    check_art(art, palette)
    assert set(SIDES) <= set(art)


def test_every_pause_tile_has_a_picture_for_every_tile_size():
    palette = dict.fromkeys("GUYgpHRN", (1, 1, 1))
    for art in PAUSE_ART.values():
        check_art(art, palette)
        assert set(SIDES) <= set(art)


@pytest.mark.parametrize("side", [4, 6])
def test_the_pictures_differ(side):
    pictures = {name: art[side] for name, (art, _) in GAME_ART.items()}
    pictures |= {f"pause {name}": art[side] for name, art in PAUSE_ART.items()}
    for (first, a), (second, b) in combinations(pictures.items(), 2):
        assert a != b, f"{first} and {second} look alike"


def test_a_slip_in_the_art_is_refused():
    with pytest.raises(ValueError, match="rows"):
        check_art({4: ("WW", "WW")}, {"W": (1, 1, 1)})
    with pytest.raises(ValueError, match="palette"):
        check_art({2: ("WX", "WW")}, {"W": (1, 1, 1)})


@pytest.mark.parametrize("name", profile_names())
def test_icons_stay_inside_their_tiles(name):
    profile = load_profile(name)
    k, size = profile.per_pad, tile_size(profile)
    tile = Tile(1, 1, size)
    for face in faces():
        canvas = Canvas(profile.led_width, profile.led_height)
        canvas.fill((9, 9, 9))
        face.icon(canvas, tile, k, 1.0)
        outside = [(x, y) for x in range(canvas.width) for y in range(canvas.height)
                   if not tile.contains((x // k, y // k)) and canvas.get(x, y) != (9, 9, 9)]
        assert not outside, face.name


def test_a_bigger_tile_centres_the_largest_picture_that_fits():
    canvas = Canvas(8, 8)
    draw_art(canvas, Tile(0, 0, 8), 1, {2: ("W.", "..")}, {"W": (255, 255, 255)})
    assert canvas.get(3, 4) == (255, 255, 255)


def test_the_pause_tiles_dim_what_cannot_be_done():
    profile = load_profile("kaskade-8x8")
    layout = PauseLayout.of(profile)

    def brightest(undo: bool, hint: bool, name: str) -> int:
        canvas = Canvas(profile.led_width, profile.led_height)
        draw_pause(canvas, profile, layout, 0.0, hint=hint, undo=undo)
        tile = getattr(layout, name)
        k = profile.per_pad
        return max(max(canvas.get(tile.column * k + x, tile.row * k + y))
                   for x in range(tile.size * k) for y in range(tile.size * k))

    assert brightest(True, True, "undo") > 3 * brightest(False, True, "undo")
    assert brightest(True, True, "hint") > 3 * brightest(True, False, "hint")
