"""``kaskade bench firmware --silicon``: a build's firmware measured on the emulated Pico, in
simulated time, so the figures do not depend on how busy the machine is: every scan against
its period (a hand on every chip included), the lines from the finger with the sensor's own
delay, each build printed as soon as it is measured, and a build that fails leaving the
others' figures standing."""

from __future__ import annotations

import json
import shutil

import pytest

from controller.cli import main
from controller.profile import load_profile, profile_names
from controller.profile.firmware import board_id, firmware_config
from sim.silicon import measure

from .test_firmware import PROFILES, installed_flash

pytestmark = pytest.mark.silicon


@pytest.mark.parametrize(("build", "kind", "chips"),
                         [("kaskade-8x8", "mpr121", 6), ("kaskade-16x16", "mux", 22)])
def test_the_figures_have_the_documented_shape_and_meet_the_goals(capsys, rp2_image,
                                                                  run_folder, tmp_path, build,
                                                                  kind, chips):
    """The 8x8, and the 16x16 with its 22 chips behind two muxes and their IRQ lines."""
    # The flash the firmware tests installed this build's firmware on, kept: the bench's update
    # finds it current, and the figures are those of the firmware it then restarts.
    kept = tmp_path / "flashes"
    kept.mkdir()
    shutil.copy(installed_flash(rp2_image, run_folder, PROFILES[kind]()),
                kept / f"{board_id(load_profile(build))}.bin")
    assert main(["bench", "firmware", "--silicon", "--profile", build, "--touches", "3",
                 "--keep-flash", str(kept), "--json"]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    figures = json.loads(line)
    assert figures["build"] == figures["board"] == build
    assert figures["sensor"] == "mpr121"
    assert figures["sensor_ms"] == 4  # four samples a millisecond apart, as the firmware sets
    period = figures["period_ms"]
    assert period == 10
    assert 0 < figures["scan_ms_median"] <= figures["scan_ms_worst"]
    assert figures["scan_share_worst"] == pytest.approx(figures["scan_ms_worst"] / period,
                                                        abs=0.001)
    assert figures["scan_cycles_median"] <= figures["scan_cycles_worst"]
    assert figures["hand_pads"] == chips  # a finger on each MPR121
    assert 0 < figures["hand_scan_ms_worst"] <= figures["scan_ms_worst"]
    assert 0 < figures["core_load"] < 1
    # the boot stage's write to the flash: a sector may need erasing, 45 ms
    assert figures["boot_write_ms"] > figures["scan_ms_median"]
    # 100 scans a second at rest; while a touch or a release is confirmed, twice as many
    assert 100 <= figures["scans_per_s"] <= 110
    # Three scans confirm a touch, the second and third half a period apart: at least one
    # period after the finger, and after the chip's filter has seen it.
    assert 10 <= figures["touch_ms_median"] <= figures["touch_ms_worst"]
    assert 10 <= figures["release_ms_median"] <= figures["release_ms_worst"]
    assert figures["hand_touch_ms"] >= 10
    assert 100_000 < figures["heap_free"] < 264 * 1024
    assert 0 < figures["hello_ms"] < 10_000
    assert figures["missed"] == []
    assert figures["within_goals"]
    assert figures["scan_share_median"] <= 0.5
    assert figures["scan_share_worst"] <= 1.0
    assert figures["touch_ms_worst"] <= 35
    assert figures["release_ms_worst"] <= 35


@pytest.mark.parametrize("name", profile_names())
def test_a_hand_touches_a_pad_of_every_chip_the_firmware_reads(name):
    config = firmware_config(load_profile(name))
    channels = [config["map"].index(pad) for pad in measure.hand_pads(config)]
    if config["sensor"] == "mpr121":
        chips, per_chip = sum(len(bus["chips"]) for bus in config["buses"]), 12
    elif config["sensor"] == "ttp223":
        chips, per_chip = config["shift"]["registers"], 8
    else:
        chips, per_chip = len(config["pins"]), 1
    assert sorted({channel // per_chip for channel in channels}) == list(range(chips))


def test_a_build_that_fails_is_reported_and_the_others_are_measured(capsys, monkeypatch):
    """The figures of each build come out as soon as it is done: one that cannot be measured
    says why, and the next is measured all the same."""
    def measure_build(name, touches, kept=None):
        if name == "kaskade-8x8":
            raise measure.SiliconError("the emulated Pico did not answer")
        return {"board": name, "within_goals": True}

    monkeypatch.setattr(measure, "measure_build", measure_build)
    assert main(["bench", "firmware", "--silicon", "--profile", "kaskade-8x8", "--profile",
                 "kaskade-mini", "--json"]) == 1
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first == {"build": "kaskade-8x8", "error": "the emulated Pico did not answer"}
    assert second == {"build": "kaskade-mini", "board": "kaskade-mini", "within_goals": True}


def test_an_unknown_build_is_refused_before_any_pico_starts(capsys, monkeypatch):
    monkeypatch.setattr(measure, "measure_build", pytest.fail)
    assert main(["bench", "firmware", "--silicon", "--profile", "kaskade-99x99"]) == 2
    assert "kaskade-99x99" in capsys.readouterr().err
