"""LEDs over the network by DDP, received by the stand-in of a WLED controller on loopback: every
LED at its place in red, green, blue order whatever the strip's own, a frame in packets of at
most 480 LEDs shown on the last one's push, dark on close."""

from __future__ import annotations

import struct
import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

from controller.devices.errors import BackendError
from controller.profile import load_profile
from controller.profile.model import Ddp, Profile
from controller.profile.parse import ProfileError, parse_profile
from hw.leds.choose import led_backend, open_pixels
from hw.leds.ddp import MOST_DATA, DdpPixels, as_rgb, check_ddp, packets
from hw.pi.facts import Facts
from sim.wled import DdpReceiver
from tests.hw.leds.test_led_backends import BUILDS, picture

WAIT = 30.0
ROOT = Path(__file__).resolve().parents[3]


def on(profile: Profile, receiver: DdpReceiver) -> Profile:
    return replace(profile, led_backend="ddp", ddp=Ddp("127.0.0.1", receiver.port))


@pytest.mark.parametrize("order", ["GRB", "BRG", "RGB"])
@pytest.mark.parametrize("build", sorted(BUILDS))
def test_every_led_reaches_the_controller_in_its_place(build, order):
    profile = replace(load_profile(build), colour_order=order)
    with DdpReceiver(profile.leds) as receiver:
        pixels = open_pixels(on(profile, receiver), Facts(None))
        frame, wanted = picture(profile)
        pixels.show(frame)
        shown = receiver.wait(lambda _: True, WAIT)
        chain = [index for channel in profile.channels for index in channel.chain]
        width = profile.led_width
        for position, colour in zip(chain, shown.leds):
            assert colour == wanted[position % width, position // width]
        assert shown.packets == -(-3 * profile.leds // MOST_DATA)
        assert receiver.dropped == []
        pixels.close()
        dark = receiver.wait(lambda frame: not any(frame.rgb), WAIT, start=1)
        assert len(dark.rgb) == 3 * profile.leds


def test_a_frame_is_packets_with_offsets_and_one_push_at_the_end():
    rgb = bytes(range(256)) * 12  # 1024 LEDs
    sent = list(packets(rgb, 14))
    headers = [struct.unpack(">BBBBIH", packet[:10]) for packet in sent]
    assert headers == [(0x40, 14, 0x0B, 1, 0, 1440), (0x40, 15, 0x0B, 1, 1440, 1440),
                       (0x41, 1, 0x0B, 1, 2880, 192)]
    assert b"".join(packet[10:] for packet in sent) == rgb


def test_colours_go_out_red_green_blue():
    assert as_rgb(bytes((1, 2, 3)), "GRB") == bytes((2, 1, 3))
    assert as_rgb(bytes((1, 2, 3)), "BGR") == bytes((3, 2, 1))


def test_a_controller_that_is_away_loses_frames_not_the_game():
    profile = load_profile("kaskade-mini")
    with DdpReceiver(profile.leds) as receiver:
        gone = on(profile, receiver)
    pixels = DdpPixels(gone)
    frame, _ = picture(profile)
    for _ in range(3):
        pixels.show(frame)  # nobody listens: nothing raised
    pixels.close()


def test_an_unknown_controller_is_named_with_its_fix():
    profile = replace(load_profile("kaskade-mini"), led_backend="ddp",
                      ddp=Ddp("no-such-controller.invalid"))
    assert "no-such-controller.invalid cannot be found" in check_ddp(profile, Facts(None))[0]
    with pytest.raises(BackendError, match=r"\[leds.ddp\] host"):
        open_pixels(profile, Facts(None))


def test_ddp_runs_anywhere_and_is_chosen_only_by_name():
    profile = replace(load_profile("kaskade-mini"), led_backend="ddp", ddp=Ddp("127.0.0.1"))
    assert led_backend(profile, Facts(None)) == "ddp"
    assert check_ddp(profile, Facts("Raspberry Pi 4 Model B Rev 1.4")) == []


def profile_with(leds: str) -> dict:
    """The mini build's profile with ``leds`` (TOML) added under ``[leds]``."""
    data = tomllib.loads((ROOT / "wiring" / "kaskade-mini.toml").read_text())
    data["leds"].update(tomllib.loads(leds))
    return data


def test_a_profile_names_its_controller():
    profile = parse_profile(profile_with('backend = "ddp"\n[ddp]\nhost = "wled.local"\n'),
                            "mine.toml")
    assert profile.ddp == Ddp("wled.local", 4048)
    assert parse_profile(profile_with('backend = "ddp"\n[ddp]\nhost = "[fd00::7]"\nport = 5000\n'),
                         "mine.toml").ddp == Ddp("fd00::7", 5000)


@pytest.mark.parametrize(("leds", "says"), [
    ('backend = "ddp"\n', "leds.ddp: backend = \"ddp\" sends the frames"),
    ('backend = "ddp"\n[ddp]\nhost = "a b"\n', "leds.ddp.host: 'a b' is not a host name"),
    ('backend = "ddp"\n[ddp]\nhost = "x"\nport = 0\n', "leds.ddp.port: must be 1 to 65535"),
    ('[ddp]\nhost = "x"\n', 'leds.ddp: only for backend = "ddp"'),
    ('backend = "ddp"\n[ddp]\nhost = "x"\nhots = 1\n',
     "leds.ddp.hots: unknown key; did you mean 'host'?"),
])
def test_a_wrong_controller_is_refused_with_its_key(leds, says):
    with pytest.raises(ProfileError) as caught:
        parse_profile(profile_with(leds), "mine.toml")
    assert says in str(caught.value)
