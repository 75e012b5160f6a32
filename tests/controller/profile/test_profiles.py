"""Board profiles: the reference builds, the LED chain geometry, and a clear line for every
kind of mistake a maker can make in a profile."""

from __future__ import annotations

import copy
import itertools
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.profile import ProfileError, load_profile, parse_profile, profile_names
from controller.profile.model import CORNERS, DIRECTIONS, Panel

REFERENCE = ["kaskade-16x16", "kaskade-8x8", "kaskade-8x8-fine", "kaskade-mini"]


def test_the_reference_builds_are_shipped():
    assert profile_names() == REFERENCE


@pytest.mark.parametrize("name", REFERENCE)
def test_every_reference_build_has_one_chain_position_per_led(name):
    profile = load_profile(name)
    positions = [index for channel in profile.channels for index in channel.chain]
    assert sorted(positions) == list(range(profile.leds))
    assert profile.budget_milliamps > 0
    assert sorted(profile.touch.pads) == list(range(profile.pads))


def test_the_builds_the_board_promises():
    standard = load_profile("kaskade-8x8")
    assert (standard.columns, standard.rows, standard.per_pad, len(standard.channels)) == \
        (8, 8, 2, 1)
    assert len(standard.panels) == 1
    large = load_profile("kaskade-16x16")
    assert (large.columns, large.rows, large.per_pad, len(large.channels)) == (16, 16, 2, 1)
    assert [len(c.chain) for c in large.channels] == [1024]
    assert load_profile("kaskade-mini").per_pad == 1
    assert load_profile("kaskade-8x8-fine").per_pad == 3


def panel(**changes) -> Panel:
    values = {"channel": 0, "width": 3, "height": 2, "x": 0, "y": 0, "start": "bottom-left",
              "direction": "horizontal", "serpentine": False}
    values.update(changes)
    return Panel(**values)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]),
        ({"serpentine": True}, [(0, 0), (1, 0), (2, 0), (2, 1), (1, 1), (0, 1)]),
        ({"start": "top-left"}, [(0, 1), (1, 1), (2, 1), (0, 0), (1, 0), (2, 0)]),
        ({"start": "bottom-right", "serpentine": True},
         [(2, 0), (1, 0), (0, 0), (0, 1), (1, 1), (2, 1)]),
        ({"direction": "vertical"}, [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1)]),
        ({"direction": "vertical", "start": "top-right", "serpentine": True},
         [(2, 1), (2, 0), (1, 0), (1, 1), (0, 1), (0, 0)]),
        ({"x": 5, "y": 7}, [(5, 7), (6, 7), (7, 7), (5, 8), (6, 8), (7, 8)]),
    ],
)
def test_a_panel_chain_runs_as_wired(changes, expected):
    assert panel(**changes).positions() == expected


@given(st.integers(1, 12), st.integers(1, 12), st.sampled_from(CORNERS),
       st.sampled_from(DIRECTIONS), st.booleans())
def test_every_panel_chain_visits_each_led_once_and_serpentines_are_continuous(
        width, height, start, direction, serpentine):
    chain = Panel(0, width, height, 0, 0, start, direction, serpentine).positions()
    assert sorted(chain) == sorted((x, y) for x in range(width) for y in range(height))
    corner_x = width - 1 if start.endswith("right") else 0
    corner_y = height - 1 if start.startswith("top") else 0
    assert chain[0] == (corner_x, corner_y)
    if serpentine:
        for (x1, y1), (x2, y2) in itertools.pairwise(chain):
            assert abs(x1 - x2) + abs(y1 - y2) == 1, "each LED is wired to its neighbour"


def test_the_fine_build_chains_its_nine_panels_into_one_line():
    profile = load_profile("kaskade-8x8-fine")
    chain = profile.channels[0].chain
    assert len(chain) == 24 * 24
    assert chain[0] == 0
    assert chain[64] == 8, "the second panel starts at LED column 8"


# -- bad profiles ------------------------------------------------------------------------------

WIRING = Path(__file__).resolve().parents[3] / "wiring"
GOOD = tomllib.loads((WIRING / "kaskade-8x8.toml").read_text(encoding="utf-8"))


def broken(change) -> list[str]:
    data = copy.deepcopy(GOOD)
    change(data)
    with pytest.raises(ProfileError) as caught:
        parse_profile(data, "my-board.toml")
    lines = str(caught.value).splitlines()
    assert all(line.startswith("my-board.toml: ") for line in lines)
    assert len(lines) == len(caught.value.problems)
    return lines


def test_a_good_profile_parses():
    assert parse_profile(copy.deepcopy(GOOD), "my-board.toml").name == "Kaskade Board 8x8"


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (lambda d: d.pop("pads"), "my-board.toml: pads: missing"),
        (lambda d: d["pads"].pop("rows"), "my-board.toml: pads.rows: missing"),
        (lambda d: d["pads"].update(rows="8"), "pads.rows: must be a whole number, not '8'"),
        (lambda d: d["pads"].update(rows=1), "pads.rows: must be 4 to 16, not 1"),
        (lambda d: d["leds"].update(per_pad=4), "leds.per_pad: must be 1 to 3, not 4"),
        (lambda d: d["leds"].update(colour_order="RGBW"),
         "leds.colour_order: must be one of RGB, RBG, GRB, GBR, BRG, BGR, not 'RGBW'"),
        (lambda d: d["leds"]["panels"][0].update(start="middle"),
         "leds.panels[1].start: must be one of bottom-left, bottom-right, top-left, top-right"),
        (lambda d: d["leds"]["panels"][0].update(serpentine="yes"),
         "leds.panels[1].serpentine: must be true or false, not 'yes'"),
        (lambda d: d["leds"]["panels"][0].update(serpentin=True),
         "leds.panels[1].serpentin: unknown key; did you mean 'serpentine'?"),
        (lambda d: d.update(leds=5), "leds: must be a table [leds], not 5"),
        (lambda d: d["leds"].update(panels={"width": 16}),
         "leds.panels: must be one or more [[leds.panels]] tables"),
        (lambda d: d["power"].update(limit_amps=12),
         "power.limit_amps: 12 A is more than the supply's 10 A"),
        (lambda d: d["power"].update(limit_amps=0.2),
         "power.limit_amps: 0.2 A does not even cover 256 dark LEDs"),
        (lambda d: d["gpio"].update(undo_button=10),
         "gpio.undo_button: GPIO 10 is already used by leds.channels[1].gpio"),
        (lambda d: d["gpio"].update(undo_button=11),
         "gpio.undo_button: GPIO 11 is SPI0 SCLK, taken by the SPI driver the LEDs on GPIO 10 "
         "need; choose another pin"),
        (lambda d: d["leds"]["channels"][0].update(gpio=4),
         "leds.channels[1].gpio: GPIO 4 cannot drive LEDs; use one of 10, 12, 13, 18, 19, 21"),
        (lambda d: d["touch"]["buses"].pop(),
         "touch: mpr121 wiring gives 36 channels for 64 pads"),
        (lambda d: d["touch"]["buses"][0].update(chips=[0x5A, 0x5A, 0x5B]),
         "touch.buses[1].chips: each chip on a bus needs its own address"),
        (lambda d: d["touch"]["buses"][0].update(chips=[0x20]),
         "touch.buses[1].chips: every number must be 90 to 93, not 32"),
        (lambda d: d["touch"]["buses"][1].update(sda=4),
         "touch.buses[2].sda: pin 4 is already used by touch.buses[1].sda"),
        (lambda d: d["touch"].update(order="zigzag"),
         'touch.order: must be "rows", "serpentine" or a list of pad names'),
        (lambda d: d["touch"].update(order=["a1", "a1"]),
         "touch.order: must name each of the 64 pads exactly once"),
        (lambda d: d["touch"].update(order=["z9"]),
         "touch.order: 'z9' is not a pad of this 8 x 8 board"),
    ],
)
def test_each_mistake_gives_one_clear_line(change, line):
    lines = broken(change)
    assert len(lines) == 1, lines
    assert line in lines[0]


def test_pads_outside_the_led_area_are_named():
    def shrink(data):
        data["leds"]["panels"][0]["height"] = 14
    (line,) = broken(shrink)
    assert line == ("my-board.toml: leds.panels: the chains leave 32 LEDs unlit, under pads a8, "
                    "b8, c8, d8, e8, f8, …: those pads lie outside the LED area")


def test_a_panel_beyond_the_pads_is_refused():
    (line,) = broken(lambda d: d["leds"]["panels"][0].update(x=2))
    assert "leds.panels[1]: reaches LED (17, 15), outside the 16 x 16 LEDs under the pads" in line


def test_overlapping_panels_are_refused():
    def double(data):
        data["leds"]["panels"].append(dict(data["leds"]["panels"][0], width=2, height=2))
    (line,) = broken(double)
    assert "leds.panels[2]: overlaps leds.panels[1] at LED (0, 0)" in line


def test_a_panel_on_a_missing_channel_and_an_unused_channel_are_refused():
    lines = broken(lambda d: d["leds"]["panels"][0].update(channel=1))
    assert lines[:2] == [
        "my-board.toml: leds.panels[1].channel: there is no channel 1; [[leds.channels]] "
        "defines 1",
        "my-board.toml: leds.channels[1]: no panel is on this channel",
    ]


def test_a_slow_touch_board_is_given_time():
    """A Pico beats every second: three seconds of silence and the Pi connects again, and it
    waits two for an answer; a slower board (an emulated one) says how long it needs."""
    assert (load_profile("kaskade-8x8").touch.silence_seconds,
            load_profile("kaskade-8x8").touch.answer_seconds) == (3.0, 2.0)
    data = copy.deepcopy(GOOD)
    data["touch"]["silence_seconds"] = 30
    touch = parse_profile(data, "slow.toml").touch
    assert (touch.silence_seconds, touch.answer_seconds) == (30.0, 10.0)
    assert broken(lambda d: d["touch"].update(silence_seconds=0.5)) == \
        ["my-board.toml: touch.silence_seconds: must be 1 to 120, not 0.5"]


def test_two_channels_need_one_pin_on_each_pwm():
    def two(data):
        data["leds"]["channels"][0]["gpio"] = 18
        data["leds"]["channels"].append({"gpio": 12})
        data["leds"]["panels"][0]["height"] = 8
        data["leds"]["panels"].append(dict(data["leds"]["panels"][0], channel=1, y=8))
    lines = broken(two)
    assert lines == ["my-board.toml: leds.channels: two channels need one PWM0 pin (12 or 18) "
                     "and one PWM1 pin (13 or 19), not GPIO 18 and 12"]


def test_many_problems_are_reported_together_one_line_each():
    def mess(data):
        data["pads"]["rows"] = "eight"
        data["power"]["supply_volts"] = 230
        data["gpio"]["menu"] = 5
    lines = broken(mess)
    assert len(lines) == 3


def test_file_problems_name_the_file(tmp_path):
    with pytest.raises(ProfileError, match=r"nowhere\.toml: \(file\): No such file"):
        load_profile(str(tmp_path / "nowhere.toml"))
    bad = tmp_path / "bad.toml"
    bad.write_text("[pads\ncolumns = 8\n")
    with pytest.raises(ProfileError, match=r"bad\.toml: \(syntax\): .*line 1"):
        load_profile(str(bad))
    with pytest.raises(ProfileError, match="no such profile; the reference builds are "
                                           "kaskade-16x16, kaskade-8x8, kaskade-8x8-fine"):
        load_profile("kaskade-99")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe")
    with pytest.raises(ProfileError, match="not UTF-8"):
        load_profile(str(binary))


def test_a_makers_own_profile_loads_from_its_path(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_bytes((WIRING / "kaskade-mini.toml").read_bytes())
    assert load_profile(str(path)).source == str(path)


# -- names and values that leave the program --------------------------------------------------

@pytest.mark.parametrize(("file_name", "wanted"), [
    ("kaskade-8x8.toml", "kaskade-8x8"),
    ("mein brett.toml", r"mein-brett-[0-9a-f]{6}"),
    ("plateau-𝔞.toml", r"plateau-[0-9a-f]{6}"),
    ("Über.toml", r"ber-[0-9a-f]{6}"),
    ("***.toml", r"board-[0-9a-f]{6}"),
    ("a" * 40 + ".toml", r"a{24}-[0-9a-f]{6}"),
])
def test_board_ids_are_words_the_wire_protocol_carries(tmp_path, file_name, wanted):
    from controller.profile.firmware import board_id

    path = tmp_path / file_name
    path.write_text(Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8"),
                    encoding="utf-8")
    name = board_id(load_profile(str(path)))
    assert re.fullmatch(wanted, name), name
    assert re.fullmatch(r"[A-Za-z0-9._-]{1,32}", name)


def test_two_odd_names_give_two_board_ids(tmp_path):
    from controller.profile.firmware import board_id

    ids = set()
    for name in ("ä.toml", "ö.toml"):
        path = tmp_path / name
        path.write_text(Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8"),
                        encoding="utf-8")
        ids.add(board_id(load_profile(str(path))))
    assert len(ids) == 2


@pytest.mark.parametrize("serial", ['E66"\nRUN+="/bin/sh"', "with space", "a" * 65, "%k",
                                    "ä"])
def test_a_usb_serial_number_is_a_plain_word(tmp_path, serial):
    text = Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8")
    path = tmp_path / "serial.toml"
    quoted = serial.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    path.write_text(text.replace('order = "rows"', f'order = "rows"\n\n[touch.usb]\nserial = '
                                 f'"{quoted}"', 1), encoding="utf-8")
    with pytest.raises(ProfileError, match=r"touch\.usb\.serial: .* is not a USB serial number"):
        load_profile(str(path))


def test_a_profile_nested_too_deep_is_a_one_line_error(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    with pytest.raises(ProfileError) as caught:
        load_profile(str(path))
    assert len(str(caught.value).splitlines()) == 1
    assert str(path) in str(caught.value)
