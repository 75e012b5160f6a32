"""Menu layouts: every control is on the grid, none overlap, and touches find them."""

import pytest

from controller.profile import load_profile, profile_names
from controller.render.menu import HomeLayout, PauseLayout


@pytest.mark.parametrize("name", profile_names())
@pytest.mark.parametrize("games", [1, 5])
def test_home_controls_fit_and_do_not_overlap(name, games):
    profile = load_profile(name)
    layout = HomeLayout.of(profile, games)
    used = [pad for tile in layout.tiles for pad in tile.pads()]
    used += [*layout.brightness, layout.sensors, layout.language, layout.sound, layout.pairing]
    assert len(used) == len(set(used))
    assert all(0 <= c < profile.columns and 0 <= r < profile.rows for c, r in used)
    for index, tile in enumerate(layout.tiles):
        assert all(layout.hit(pad) == ("game", index) for pad in tile.pads())
    assert layout.hit(layout.brightness[0]) == ("brightness", 1)
    assert layout.hit(layout.sound) == ("sound", 0)
    assert layout.hit(layout.language) == ("language", 0)
    assert layout.hit(layout.sensors) == ("sensors", 0)
    assert layout.hit(layout.pairing) == ("pairing", 0)
    assert layout.hit((profile.columns - 2, 1)) is None


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
