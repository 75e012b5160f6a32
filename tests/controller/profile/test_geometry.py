"""The build's geometry in a profile: read and checked, with the physics of capacitive sensing
reckoned — errors for a build that cannot work, warnings for one that may disappoint."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.profile import load_profile
from controller.profile.geometry import Geometry, check_geometry, signal
from controller.profile.parse import ProfileError, parse_profile

WIRING = Path(__file__).resolve().parents[3] / "wiring"


def with_geometry(**changes: object) -> dict:
    data = tomllib.loads((WIRING / "kaskade-8x8.toml").read_text())
    data["geometry"].update(changes)
    return data


def test_the_reference_builds_say_how_they_are_built():
    profile = load_profile("kaskade-8x8")
    assert profile.geometry == Geometry(20, 17, 10, "acrylic", 3, 15, 3)
    assert profile.warnings == ()
    assert load_profile("kaskade-mini").warnings[0][0] == "geometry.pad_pitch_mm"


@pytest.mark.parametrize(("changes", "key", "reason"), [
    ({"pad_size_mm": 20}, "geometry.pad_size_mm", "do not fit a 20 mm pitch"),
    ({"pad_window_mm": 17}, "geometry.pad_window_mm", "leaves no copper"),
    ({"sheet_mm": 10}, "geometry.sheet_mm", "do not fit between LEDs 10 mm apart"),
    ({"top": "glass", "top_mm": 12, "lead_mm": 1500}, "geometry", "under the touch threshold"),
    ({"top": "granite"}, "geometry.top", "must be one of"),
])
def test_a_build_that_cannot_work_is_refused_with_the_reason(changes, key, reason):
    with pytest.raises(ProfileError) as refused:
        parse_profile(with_geometry(**changes), "mine.toml")
    assert any(found_key == key and reason in text for found_key, text in refused.value.problems)


@pytest.mark.parametrize(("changes", "key", "reason"), [
    ({"top_mm": 8}, "geometry", "less than twice the touch threshold"),
    ({"gap_mm": 4}, "geometry.gap_mm", "bright dot"),
    ({"pad_size_mm": 19}, "geometry.pad_size_mm", "will touch both"),
])
def test_a_build_that_may_disappoint_is_warned_about(changes, key, reason):
    profile = parse_profile(with_geometry(**changes), "mine.toml")
    assert any(found_key == key and reason in text for found_key, text in profile.warnings)


def test_a_profile_without_geometry_gets_the_common_build():
    data = with_geometry()
    del data["geometry"]
    profile = parse_profile(data, "old.toml")
    assert profile.geometry is None
    assert profile.build == Geometry.default(2)


@given(top_mm=st.floats(0.2, 20), thicker=st.floats(0.1, 10), lead=st.floats(10, 2000),
       size=st.floats(5, 40))
def test_a_thicker_top_or_a_longer_lead_never_helps(top_mm, thicker, lead, size):
    base = Geometry(size + 3, size, size / 2, "acrylic", top_mm, 15, 3, lead)
    counts = signal(base, 8, 8, "mpr121").counts
    assert counts is not None
    thick = signal(Geometry(size + 3, size, size / 2, "acrylic", top_mm + thicker, 15, 3, lead),
                   8, 8, "mpr121").counts
    longer = signal(Geometry(size + 3, size, size / 2, "acrylic", top_mm, 15, 3, lead * 2),
                    8, 8, "mpr121").counts
    assert thick is not None
    assert thick <= counts
    assert longer is not None
    assert longer <= counts
    errors, warnings = check_geometry(base, 2, 8, 8, "mpr121", 12)
    assert all(isinstance(reason, str) for _, reason in errors + warnings)


def test_pico_pins_that_are_not_on_its_header_are_refused():
    data = tomllib.loads((WIRING / "kaskade-8x8.toml").read_text())
    data["touch"]["buses"][0]["sda"] = 24
    with pytest.raises(ProfileError, match="GP24: GP23-25 are wired on the Pico itself"):
        parse_profile(data, "mine.toml")
