"""Menu layouts: every control is on the grid, none overlap, and touches find them."""

import pytest

from controller.profile import load_profile, profile_names
from controller.render.canvas import Canvas
from controller.render.menu import (
    HINT,
    PUZZLE_ART,
    PUZZLE_PALETTE,
    HomeLayout,
    PauseLayout,
    draw_home,
)
from controller.render.pixel_art import check_art


@pytest.mark.parametrize("name", profile_names())
@pytest.mark.parametrize("games", [1, 5])
def test_home_controls_fit_and_do_not_overlap(name, games):
    profile = load_profile(name)
    layout = HomeLayout.of(profile, games)
    used = [pad for tile in (*layout.tiles, layout.puzzle) for pad in tile.pads()]
    used += [*layout.brightness, layout.sensors, layout.language, layout.sound, layout.pairing,
             layout.speech]
    assert len(used) == len(set(used))
    assert all(0 <= c < profile.columns and 0 <= r < profile.rows for c, r in used)
    for index, tile in enumerate(layout.tiles):
        assert all(layout.hit(pad) == ("game", index) for pad in tile.pads())
    assert layout.hit(layout.brightness[0]) == ("brightness", 1)
    assert layout.hit(layout.sound) == ("sound", 0)
    assert layout.hit(layout.language) == ("language", 0)
    assert layout.hit(layout.sensors) == ("sensors", 0)
    assert layout.hit(layout.pairing) == ("pairing", 0)
    assert layout.hit(layout.speech) == ("speech", 0)
    assert all(layout.hit(pad) == ("puzzle", 0) for pad in layout.puzzle.pads())
    assert layout.hit((profile.columns - 3, 1)) is None


@pytest.mark.parametrize("name", profile_names())
def test_pause_tiles_fit_side_by_side(name):
    profile = load_profile(name)
    layout = PauseLayout.of(profile)
    names = ["resume", "undo", "hint", "resign", "new", "home"]
    tiles = [getattr(layout, name) for name in names]
    pads = [pad for tile in tiles for pad in tile.pads()]
    assert len(pads) == len(set(pads))
    assert all(0 <= c < profile.columns and 0 <= r < profile.rows for c, r in pads)
    assert [layout.hit(tile.pads()[-1]) for tile in tiles] == names


def test_the_puzzle_tile_is_drawn_in_every_size_a_build_gives_a_tile():
    """2 x 2 LEDs (kaskade-mini), 4 x 4 (kaskade-8x8), 6 x 6 (the fine and 16 x 16 builds):
    the tile lights its gold square or question mark on each."""
    check_art(PUZZLE_ART, PUZZLE_PALETTE)
    for name in profile_names():
        profile = load_profile(name)
        layout = HomeLayout.of(profile, 3)
        assert layout.puzzle.size * profile.per_pad in PUZZLE_ART, name
        canvas = Canvas(profile.led_width, profile.led_height)
        draw_home(canvas, profile, layout, 3, True, [lambda *_: None] * 3, [False] * 3, 0.0)
        tile = layout.puzzle
        k = profile.per_pad
        lit = [canvas.get(x, y) for x in range(tile.column * k, (tile.column + tile.size) * k)
               for y in range(tile.row * k, (tile.row + tile.size) * k)]
        assert HINT in lit, f"{name}: the gold is on the tile"
