"""``kaskade bench firmware --silicon``: a build's firmware measured on the emulated Pico, in
simulated time, so the figures do not depend on how busy the machine is: each sensor kind's
reference build keeps its scan budget and reports a touch in time (the goals of
docs/firmware.md)."""

from __future__ import annotations

import json
import shutil

import pytest

from controller.cli import main
from controller.profile import load_profile
from controller.profile.firmware import board_id
from sim.silicon.measure import CLOCK_HZ

from .test_firmware import PROFILES, installed_flash

pytestmark = pytest.mark.silicon

PERIOD = CLOCK_HZ // 100
"""The cycles of a 10 ms scan period (an instruction may end a few cycles past it)."""


@pytest.mark.parametrize(("build", "sensor"), [("kaskade-16x16", "ttp223"),
                                               ("kaskade-8x8", "mpr121")])
def test_a_builds_figures_have_the_documented_shape_and_meet_the_goals(capsys, rp2_image,
                                                                     run_folder, tmp_path,
                                                                     build, sensor):
    # The flash the firmware tests installed this build's firmware on, kept: the bench's update
    # finds it current, and the figures are those of the firmware it then restarts.
    kept = tmp_path / "flashes"
    kept.mkdir()
    profile = load_profile(build)
    shutil.copy(installed_flash(rp2_image, run_folder, PROFILES[sensor]()),
                kept / f"{board_id(profile)}.bin")
    assert main(["bench", "firmware", "--silicon", "--profile", build, "--touches", "3",
                 "--keep-flash", str(kept), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)[build]
    assert figures["board"] == build
    assert figures["sensor"] == sensor
    assert 0 < figures["busy_cycles_median"] <= figures["busy_cycles_worst"] <= PERIOD + 100
    assert figures["busy_share_median"] == round(figures["busy_cycles_median"] / PERIOD, 3)
    # 100 scans a second at rest; while a touch or a release is confirmed, twice as many
    assert 100 <= figures["scans_per_s"] <= 110
    # Three scans confirm a touch, the second and third half a period apart: at least one
    # period after the finger.
    assert 10 <= figures["touch_ms_median"] <= figures["touch_ms_worst"]
    assert 10 <= figures["release_ms_median"] <= figures["release_ms_worst"]
    assert 100_000 < figures["heap_free"] < 264 * 1024
    assert 0 < figures["hello_ms"] < 10_000
    assert figures["busy_share_median"] <= 0.5
    assert figures["busy_share_worst"] <= 1.0
    assert figures["touch_ms_worst"] <= 35
    assert figures["release_ms_worst"] <= 35
    assert figures["within_goals"]
