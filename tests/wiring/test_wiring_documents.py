"""The wiring documents are drawn from the profiles: those in wiring/<build>/ must be what the
profiles give today (a drift fails here and in ``kaskade wiring --check``), and their numbers —
pins, parts, power — must be right for each reference build."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

from controller.cli import main
from controller.cli import wiring as wiring_command
from controller.profile import load_profile, profile_names
from wiring.document import HERE as PACKAGE
from wiring.document import build_folder, documents, readme
from wiring.parts import parts, total
from wiring.pinmap import PI_HEADER, injections, pad_channels, pi_connections, sensor_connections
from wiring.power import budget, fuse, gauge

KASKADE = str(Path(sys.executable).parent / "kaskade")


@pytest.mark.parametrize("name", profile_names())
def test_the_documents_in_the_tree_are_current(name):
    for file_name, text in documents(load_profile(name)).items():
        path = build_folder(name) / file_name
        assert path.exists(), f"{path} is missing: run kaskade wiring --out wiring"
        assert path.read_text(encoding="utf-8") == text, \
            f"{path} is stale: run kaskade wiring --out wiring"


@pytest.mark.parametrize("name", profile_names())
def test_the_diagram_is_well_formed_svg_naming_every_pin(name):
    profile = load_profile(name)
    svg = documents(profile)["diagram.svg"]
    root = ElementTree.fromstring(svg)
    assert root.tag.endswith("svg")
    text = " ".join(element.text or "" for element in root.iter())
    for channel in profile.channels:
        assert f"GPIO{channel.gpio} ({PI_HEADER[channel.gpio]})" in text
    assert f"GPIO{profile.gpio.menu_button} ({PI_HEADER[profile.gpio.menu_button]})" in text
    assert f"{profile.power.supply_amps:g} A supply" in text


def test_check_fails_on_drift_and_passes_once_rewritten(tmp_path):
    out = tmp_path / "mine"
    check = [KASKADE, "wiring", "--profile", "kaskade-8x8", "--out", str(out), "--check"]
    stale = subprocess.run(check, capture_output=True, text=True, check=False)
    assert stale.returncode == 2
    assert "out of date (write them anew with kaskade wiring --out DIR)" in stale.stderr
    subprocess.run(check[:-1], capture_output=True, text=True, check=True)
    assert subprocess.run(check, capture_output=True, text=True, check=False).returncode == 0
    (out / "README.md").write_text("edited by hand\n", encoding="utf-8")
    assert subprocess.run(check, capture_output=True, text=True, check=False).returncode == 2


def test_without_a_folder_nothing_is_written_and_the_copies_are_named(capsys):
    before = {path: path.stat().st_mtime_ns for path in PACKAGE.rglob("*") if path.is_file()}
    assert main(["wiring"]) == 2
    error = capsys.readouterr().err
    assert "nothing written: say where with --out DIR" in error
    assert str(PACKAGE) in error
    assert before == {path: path.stat().st_mtime_ns for path in PACKAGE.rglob("*")
                      if path.is_file()}


def test_out_writes_every_reference_build_into_its_own_folder(tmp_path, capsys):
    assert main(["wiring", "--out", str(tmp_path / "builds")]) == 0
    for name in profile_names():
        for file_name, text in documents(load_profile(name)).items():
            assert (tmp_path / "builds" / name / file_name).read_text(encoding="utf-8") == text
    capsys.readouterr()
    assert main(["wiring", "--out", str(tmp_path / "builds"), "--check"]) == 0
    assert "are current" in capsys.readouterr().out


def test_an_installed_packages_own_folder_is_refused(tmp_path, monkeypatch, capsys):
    installed = tmp_path / "site-packages" / "wiring"  # no pyproject.toml beside it
    shutil.copytree(PACKAGE / "kaskade-8x8", installed / "kaskade-8x8")
    monkeypatch.setattr(wiring_command, "PACKAGE", installed)
    for out in (installed, installed / "kaskade-8x8", installed / "new"):
        assert main(["wiring", "--out", str(out)]) == 2
        assert "is inside the installed package" in capsys.readouterr().err
    assert not (installed / "new").exists()
    assert main(["wiring", "--out", str(tmp_path / "elsewhere")]) == 0


def test_a_profile_file_needs_a_folder(tmp_path):
    source = load_profile("kaskade-mini").source
    result = subprocess.run([KASKADE, "wiring", "--profile", source], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 2
    assert "--out DIR" in result.stderr


def test_the_8x8_build_sheet():
    profile = load_profile("kaskade-8x8")
    wires = {w.source: w.target for w in pi_connections(profile)}
    assert wires["Pi GPIO 10 (pin 19)"].startswith("74AHCT125 1A")
    assert "Pi GPIO 5 (pin 29)" in wires
    sensors = sensor_connections(profile)
    assert sum("ADDR" in w.source for w in sensors) == 6
    assert ("MPR121 bus 0 0x5B ADDR", "3V3") in [(w.source, w.target) for w in sensors]
    channels = pad_channels(profile)
    assert len(channels) == 64
    assert channels[0] == ("bus 0 0x5A ELE0", "a1")
    assert channels[12] == ("bus 0 0x5B ELE0", "e2")
    listed = {part.name: part.quantity for part in parts(profile)}
    assert listed["MPR121 capacitive touch breakout (12 electrodes)"] == 6
    assert listed["WS2812B 16x16 LED panel (GRB)"] == 1
    power = budget(profile)
    assert power.worst_amps == pytest.approx(256 * 0.056)
    assert (power.limit_amps, power.fuse_amps, power.feed_gauge) == (8, 10, 16)


def test_the_16x16_build_sheet():
    profile = load_profile("kaskade-16x16")
    listed = {part.name: part.quantity for part in parts(profile)}
    assert listed["WS2812B 16x16 LED panel (GRB)"] == 4
    assert listed["MPR121 capacitive touch breakout (12 electrodes)"] == 22
    assert listed["TCA9548A I2C multiplexer breakout (8 channels)"] == 2
    assert listed["330 Ω resistor"] == 1
    points = injections(profile)
    assert [(p.channel, p.led) for p in points] == [(0, 0), (0, 256), (0, 512), (0, 768)]
    channels = pad_channels(profile)
    assert channels[13] == ("bus 0 ch 0 0x5B ELE1", "n1")  # the second chip's second pad
    assert channels[12 * 4] == ("bus 0 ch 1 0x5A ELE0", "a4")
    wires = [(w.source, w.target) for w in sensor_connections(profile)]
    assert ("MCU GP4 (pin 6)", "TCA9548A bus 0 SDA") in wires
    assert ("TCA9548A bus 1 SD2", "MPR121 bus 1 channel 2 0x5C SDA") in wires
    assert ("TCA9548A bus 0 A0, A1, A2", "GND") in wires
    assert ("MCU GP9 (pin 12)", "every MPR121 IRQ on bus 1, joined") in wires
    power = budget(profile)
    assert power.injection_amps == pytest.approx(25 / 4)
    assert power.headroom_amps == pytest.approx(5)


@pytest.mark.parametrize("name", profile_names())
def test_each_build_sheet_gives_the_pis_settings_and_says_no_root(name):
    """The lines of config.txt and cmdline.txt the LEDs need on each Pi, as kaskade doctor
    checks them, and that the service needs no root."""
    profile = load_profile(name)
    sheet = readme(profile)
    leds = len(profile.channels[0].chain)
    assert "| Pi 1-4 | `config.txt` | `dtparam=spi=on` |" in sheet
    assert "| Pi 4 | `config.txt` | `core_freq_min=500` |" in sheet
    assert f"| Pi 5 | `config.txt` | `dtoverlay=ws2812-pio,gpio=10,num_leds={leds}` |" in sheet
    assert ("`spidev.bufsiz=32768`" in sheet) == (leds > 256)
    assert "runs as its own user, `kaskade`, on every Pi" in sheet
    assert "DMA" not in sheet


def test_the_mini_shares_its_supply_with_the_pi():
    profile = load_profile("kaskade-mini")
    power = budget(profile)
    assert power.feed_amps <= power.supply_amps
    assert power.injection_amps == pytest.approx(3.5 - 1.2)
    names = [part.name for part in parts(profile)]
    assert not any("USB-C power supply" in name for name in names), "one supply for all"


@pytest.mark.parametrize(("amps", "awg"), [(1, 26), (2.5, 22), (8, 16), (25, 12), (60, 8)])
def test_gauges_keep_the_drop_small(amps, awg):
    assert gauge(amps, 5.0) == awg


@pytest.mark.parametrize(("amps", "rating"), [(1, 2), (8, 10), (16, 20), (25, 40), (90, 50)])
def test_fuses_have_headroom(amps, rating):
    assert fuse(amps) == rating


@pytest.mark.parametrize("name", profile_names())
def test_the_guide_gives_each_build_its_cost(name):
    guide = (Path(__file__).resolve().parents[2] / "docs" / "hardware.md").read_text()
    row = next(line for line in guide.splitlines() if f"../wiring/{name}/README.md" in line)
    assert f"| {round(total(load_profile(name)))} € |" in row
