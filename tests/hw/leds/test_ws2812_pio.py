"""The kernel's WS2812 driver on a Pi 5 (``ws2812-pio``): files stand in for ``/dev/ledsN``, and
the driver's own handling of what is written — four bytes an LED, its gamma curve, a WS2812B's
green-red-blue on the wire — is played here to see what the LEDs would show."""

from __future__ import annotations

from dataclasses import replace

import pytest

from controller.devices.errors import BackendError
from controller.profile import load_profile
from hw.leds.choose import open_pixels
from hw.leds.ws2812_pio import (
    INVERSE,
    Ws2812PioPixels,
    check_ws2812_pio,
    driver_gamma,
    wire_bytes,
)
from hw.pi.facts import Facts
from tests.hw.leds.test_led_backends import BUILDS, check, picture

PI5 = Facts("Raspberry Pi 5 Model B Rev 1.0", frozenset({"/dev/leds0"}),
            frozenset({"/dev/leds0"}), config="dtoverlay=ws2812-pio,gpio=10,num_leds=256\n")


def driver_sends(written: bytes, order: str) -> bytes:
    """What the driver puts on the data line for ``written`` (at full brightness): per LED the
    gamma-corrected green, red, blue — read back as the bytes a strip of ``order`` takes."""
    wire = bytearray()
    for at in range(0, len(written), 4):
        red, green, blue = (driver_gamma(value) for value in written[at:at + 3])
        wire += bytes((green, red, blue))
    return bytes(wire)


def test_the_driver_curve_is_its_table():
    """Facts of the driver's table (ws2812_gamma): nothing below 22 lights, full stays full,
    and it never falls."""
    assert [driver_gamma(value) for value in (0, 21, 22, 28, 29, 128, 254, 255)] == \
        [0, 0, 1, 1, 2, 55, 252, 255]
    assert all(driver_gamma(v) <= driver_gamma(v + 1) for v in range(255))


def test_the_inverse_brings_every_value_as_near_as_the_driver_can():
    sent = [driver_gamma(value) for value in range(256)]
    for wanted in range(256):
        best = min(abs(s - wanted) for s in sent)
        assert abs(sent[INVERSE[wanted]] - wanted) == best
    assert (INVERSE[0], INVERSE[255]) == (0, 255)


@pytest.mark.parametrize("build", sorted(BUILDS))
def test_every_led_gets_its_colour_through_the_driver(build, tmp_path):
    """The bytes sent reach each LED at its place; each colour within what the driver's
    curve can give (exact where it can give the value at all)."""
    profile = load_profile(build)
    device = tmp_path / "leds0"
    device.touch()
    pixels = Ws2812PioPixels(profile, [str(device)])
    frame, wanted = picture(profile)
    pixels.show(frame)
    written = device.read_bytes()
    assert len(written) == 4 * profile.leds, "the whole frame in one write from the start"
    on_wire = driver_sends(written, profile.colour_order)
    near = {where: tuple(driver_gamma(INVERSE[value]) for value in colour)
            for where, colour in wanted.items()}
    check(profile, [on_wire], near, BUILDS[build])
    exact = {value for value in range(256) if driver_gamma(INVERSE[value]) == value}
    assert len(exact) > 150


def test_brightness_is_set_full_at_open_and_the_leds_go_dark_at_close(tmp_path):
    profile = load_profile("kaskade-mini")
    device = tmp_path / "leds0"
    device.touch()
    with Ws2812PioPixels(profile, [str(device)]) as pixels:
        assert device.read_bytes() == b"\xff", "a one-byte write: the driver's brightness"
        frame, _ = picture(profile)
        pixels.show(frame)
        assert any(device.read_bytes())
        assert repr(pixels).endswith(f"through {device}, 64 LEDs>")
    assert device.read_bytes() == bytes(4 * 64)


def test_a_device_that_cannot_be_opened_says_so(tmp_path):
    with pytest.raises(BackendError, match="leds0: No such file"):
        Ws2812PioPixels(load_profile("kaskade-8x8"), [str(tmp_path / "leds0")])


def test_wire_bytes_put_each_colour_where_the_driver_sends_it():
    """A GRB strip's bytes (green, red, blue) go in as red, green, blue: the driver sends
    the second slot first."""
    assert wire_bytes(bytes((255, 0, 128))) == bytes((INVERSE[0], 255, INVERSE[128], 0))


@pytest.mark.parametrize(("facts", "says"), [
    (Facts(None), "not a Raspberry Pi"),
    (replace(PI5, model="Raspberry Pi 4 Model B Rev 1.4"), "needs a Pi 5"),
    (replace(PI5, config=""), "add dtoverlay=ws2812-pio,gpio=10,num_leds=256 to config.txt"),
    (replace(PI5, config="dtoverlay=ws2812-pio,gpio=4,num_leds=256\n"),
     "make it dtoverlay=ws2812-pio,gpio=10,num_leds=256"),
    (replace(PI5, config="dtoverlay=ws2812-pio,gpio=10,num_leds=60\n"), "does not match"),
    (replace(PI5, config="dtoverlay=ws2812-pio,gpio=10,num_leds=256,rgbw\n"),
     "four colours an LED"),
    (replace(PI5, devices=frozenset()), "the kernel predates the driver"),
    (replace(PI5, usable=frozenset()), "adduser $USER kaskade"),
])
def test_each_obstacle_is_named_with_its_fix(facts, says):
    profile = replace(load_profile("kaskade-8x8"), led_backend="ws2812-pio")
    assert any(says in problem for problem in check_ws2812_pio(profile, facts)), \
        check_ws2812_pio(profile, facts)
    with pytest.raises(BackendError, match="ws2812-pio"):
        open_pixels(profile, facts)


def test_a_ready_pi_5_has_no_obstacle():
    assert check_ws2812_pio(replace(load_profile("kaskade-8x8"), led_backend="ws2812-pio"),
                            PI5) == []


def test_config_txt_overlays_are_read_in_order():
    facts = Facts("Raspberry Pi 5", config="dtparam=spi=on\n"
                  "dtoverlay=ws2812-pio,gpio=10,num_leds=256 # the board\n"
                  "#dtoverlay=ws2812-pio,gpio=4\n"
                  "dtoverlay=ws2812-pio,gpio=18,num_leds=64,rgbw\n")
    overlays = facts.overlays("ws2812-pio")
    assert [(o.value("gpio"), o.value("num_leds"), o.has("rgbw")) for o in overlays] == \
        [("10", "256", False), ("18", "64", True)]
    assert overlays[0].line == "dtoverlay=ws2812-pio,gpio=10,num_leds=256"
