"""kaskade doctor's checks against facts written down: a Pi of each family, a desktop, missing
libraries and permissions, boot settings, the touch board absent, silent, behind or current,
RPi.GPIO through fake-rpi — each verdict with its fix."""

from __future__ import annotations

import sys
from dataclasses import replace

import pytest

from controller.devices.firmware import bundled
from controller.profile import load_profile
from firmware.identity import VERSION
from hw.doctor import FAIL, OK, SKIP, WARN, examine
from hw.pi.facts import SERVICE, UDEV_RULE, Facts, pi_generation
from hw.touch.connection import Hello
from hw.touch.errors import HandshakeError, NoBoardError

PROFILE = load_profile("kaskade-8x8")
PWM = replace(PROFILE, channels=(replace(PROFILE.channels[0], gpio=18),))
"""The standard build with its LEDs on PWM, as a maker may choose: root, audio off."""
PORT = "/dev/ttyACM0"
DEVICES = frozenset({"/dev/mem", "/dev/gpiomem", "/dev/spidev0.0"})
PI4 = Facts("Raspberry Pi 4 Model B Rev 1.4", DEVICES, DEVICES,
            frozenset({"dialout", "gpio", "spi"}), root=True,
            modules=frozenset({"_rpi_ws281x", "gpiozero", "lgpio", "serial"}),
            config="[all]\ndtparam=spi=on\ncore_freq_min=500\n",
            installed=frozenset({str(SERVICE), str(UDEV_RULE)}))
PI5 = replace(PI4, model="Raspberry Pi 5 Model B Rev 1.0",
              modules=frozenset({"neopixel", "board", "adafruit_raspberry_pi5_neopixel_write",
                                 "gpiozero", "lgpio"}))


def answering(version: str = VERSION, content_hash: str | None = None):
    """A board that says firmware ``version`` (with the bundled content unless told)."""
    said = content_hash or (bundled().content_hash if version == VERSION else "5A39D6B8")
    return lambda path: Hello(1, version, said, "kaskade-8x8", 64)


def found() -> str:
    return PORT


def verdicts(facts: Facts, hello=None, find=found, profile=PROFILE) -> dict[str, tuple]:
    return {v.name: (v.status, v.found, v.fix)
            for v in examine(profile, facts, find, hello or answering())}


def test_a_well_set_up_pi_4_is_all_ok():
    result = verdicts(PI4)
    assert {name: status for name, (status, _, _) in result.items()} == {
        "Raspberry Pi": OK, "profile": OK, "LEDs": OK, "buttons and buzzer": OK,
        "touch board": OK, "firmware": OK, "start at power-on": OK, "voice": SKIP}
    assert "Pi 4 family" in result["Raspberry Pi"][1]
    assert "ws281x (auto) can drive GPIO 10" in result["LEDs"][1]
    assert "kaskade-8x8 on /dev/ttyACM0, 64 pads" in result["touch board"][1]


def test_a_pi_5_uses_neopixel():
    result = verdicts(PI5)
    assert result["LEDs"][0] == OK
    assert result["LEDs"][1].startswith("neopixel (auto)")


def test_a_desktop_says_clearly_it_is_not_a_pi():
    result = verdicts(Facts(None), find=lambda: (_ for _ in ()).throw(
        NoBoardError("no touch board on USB (looking for 2E8A:0005)")))
    status, found_text, fix = result["Raspberry Pi"]
    assert (status, found_text) == (FAIL, "not a Raspberry Pi (no device-tree model)")
    assert "kaskade sim" in fix
    assert result["LEDs"][0] == result["buttons and buzzer"][0] == SKIP
    assert result["touch board"][0] == FAIL
    assert "looking for 2E8A:0005" in result["touch board"][2]
    assert result["firmware"][0] == SKIP
    assert "start at power-on" not in result


def test_leds_on_pwm_need_the_audio_off_and_root_and_say_what_root_costs():
    result = verdicts(replace(PI4, config="dtparam=audio=on\n"), profile=PWM)
    assert result["LEDs"][0] == FAIL
    assert "dtparam=audio=off" in result["LEDs"][2]
    assert result["LEDs without root"][0] == WARN
    assert "GPIO 18 (PWM/PCM) is driven through /dev/mem" in result["LEDs without root"][1]
    assert "move the data line there" in result["LEDs without root"][2]
    user = verdicts(replace(PI4, root=False, usable=frozenset(),
                            config="dtparam=audio=off\n"), profile=PWM)
    assert "run the board as root" in user["LEDs"][2]
    assert "LEDs without root" not in verdicts(PI4)


@pytest.mark.parametrize(("facts", "name", "fix"), [
    (replace(PI4, config="dtparam=spi=on\n"), "LEDs", "set core_freq_min=500 in config.txt"),
    (replace(PI4, config="core_freq_min=500\n", devices=PI4.devices - {"/dev/spidev0.0"}),
     "LEDs", "add dtparam=spi=on"),
    (replace(PI4, root=False, usable=frozenset({"/dev/gpiomem"})), "LEDs",
     "sudo adduser $USER spi"),
    (replace(PI4, modules=PI4.modules - {"_rpi_ws281x"}), "LEDs", "pip install rpi-ws281x"),
    (replace(PI5, modules=PI5.modules - {"board"}), "LEDs", "adafruit-blinka"),
    (replace(PI5, modules=PI5.modules - {"adafruit_raspberry_pi5_neopixel_write"}), "LEDs",
     "Adafruit-Blinka-Raspberry-Pi5-Neopixel"),
    (replace(PI4, modules=PI4.modules - {"gpiozero"}), "buttons and buzzer", "kaskade-board[pi]"),
    (replace(PI4, modules=PI4.modules - {"lgpio"}), "buttons and buzzer",
     "it brings lgpio from PyPI"),
    (replace(PI4, root=False, usable=frozenset()), "buttons and buzzer", "adduser $USER gpio"),
])
def test_each_problem_comes_with_its_fix(facts, name, fix):
    status, _, given = verdicts(facts)[name]
    assert status == FAIL
    assert fix in given


def test_firmware_of_the_bundled_version_with_other_content_is_a_warning():
    result = verdicts(PI4, hello=answering(VERSION, "0BADC0DE"))
    assert result["firmware"][0] == WARN
    assert f"same version {VERSION} but other content (0BADC0DE" in result["firmware"][1]
    assert "kaskade firmware flash" in result["firmware"][2]


def test_warnings_for_old_firmware_a_port_group_and_no_service():
    facts = replace(PI4, root=False, groups=frozenset({"gpio"}), installed=frozenset())
    result = verdicts(facts, hello=answering("0.0.9"))
    assert result["firmware"][0] == WARN
    assert "kaskade firmware flash --port /dev/ttyACM0" in result["firmware"][2]
    assert result["serial port access"][0] == WARN
    assert "adduser $USER dialout" in result["serial port access"][2], "before kaskade install"
    installed = verdicts(replace(facts, installed=frozenset({str(UDEV_RULE)})))
    assert "adduser $USER kaskade" in installed["serial port access"][2], "after it"
    assert "in group kaskade" not in str(verdicts(replace(
        facts, installed=frozenset({str(UDEV_RULE)}), groups=frozenset({"kaskade"}))))
    assert result["start at power-on"][0] == WARN
    assert "kaskade) install" in result["start at power-on"][2]


def test_a_board_that_does_not_answer():
    def silent(path):
        raise HandshakeError(f"{path}: no hello within 3 s (is another program using it?)")

    result = verdicts(PI4, hello=silent)
    assert result["touch board"][0] == FAIL
    assert "does not answer" in result["touch board"][1]
    assert "another program" in result["touch board"][2]
    assert result["firmware"][0] == SKIP


def test_rpi_gpio_through_fake_rpi(monkeypatch, capsys):
    from fake_rpi import RPi  # imported here: it prints a notice when imported

    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "RPi", RPi)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", RPi.GPIO)
    facts = replace(PI4, modules=(PI4.modules - {"lgpio"}) | {"RPi.GPIO"})
    status, found_text, _ = verdicts(facts)["buttons and buzzer"]
    assert status == OK
    assert found_text.startswith("gpiozero with RPi.GPIO")
    assert f"board revision {RPi.GPIO.RPI_REVISION}" in found_text
    on_pi5 = replace(facts, model=PI5.model)
    assert verdicts(on_pi5)["buttons and buzzer"][0] == FAIL, "RPi.GPIO has no Pi 5 support"


@pytest.mark.parametrize(("model", "generation"), [
    ("Raspberry Pi 4 Model B Rev 1.4", 4), ("Raspberry Pi 5 Model B Rev 1.0", 5),
    ("Raspberry Pi 400 Rev 1.0", 4), ("Raspberry Pi 500", 5), ("Raspberry Pi Zero W Rev 1.1", 1),
    ("Raspberry Pi Zero 2 W Rev 1.0", 3), ("Raspberry Pi Model B Rev 2", 1),
    ("Raspberry Pi Compute Module 4 Rev 1.0", 4), ("Raspberry Pi 3 Model B Plus Rev 1.3", 3),
    (None, None), ("Pine64 RockPro64", None),
])
def test_pi_families(model, generation):
    assert pi_generation(model) == generation


def test_boot_settings_are_read_as_written():
    facts = Facts("Raspberry Pi 4", config="dtparam=audio=on # comment\n[pi4]\n"
                  "dtparam=audio=off\ndtoverlay=pwm-2chan\n")
    assert facts.config_value("dtparam=audio") == "off", "the last one counts"
    assert facts.config_has("dtoverlay=pwm-2chan")
    assert Facts("x").config_value("dtparam=audio") is None


def test_a_service_installed_the_old_way_is_named():
    old = replace(PI4, service='ExecStart=/home/pi/kaskade-board/.venv/bin/kaskade play\n')
    status, found, fix = verdicts(old)["start at power-on"]
    assert status == WARN
    assert "folder others may be able to write" in found
    assert "/opt/kaskade-board" in fix
    before_releases = replace(PI4, service='ExecStart="/opt/kaskade-board/bin/kaskade" "play"\n'
                              'WatchdogSec=30\n')
    status, found, fix = verdicts(before_releases)["start at power-on"]
    assert status == WARN
    assert "installed before releases" in found
    assert "/opt/kaskade-board/current/bin/kaskade" in fix
    new = replace(PI4, service='ExecStart="/opt/kaskade-board/current/bin/kaskade" "play"\n'
                  'WatchdogSec=30\n')
    assert verdicts(new)["start at power-on"][0] == OK


def test_a_service_without_watchdog_or_a_rule_for_any_pico_is_named():
    unit = 'ExecStart="/opt/kaskade-board/current/bin/kaskade" "play"\n'
    status, found, fix = verdicts(replace(PI4, service=unit))["start at power-on"]
    assert status == WARN
    assert "no watchdog" in found
    assert "with the touch board on the cable" in fix
    rule = 'SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005", SYMLINK+="x"\n'
    status, found, fix = verdicts(replace(PI4, service=unit + "WatchdogSec=30\n",
                                          rule=rule))["start at power-on"]
    assert status == WARN
    assert "takes any MicroPython Pico" in found
    assert "--serial SERIAL" in fix
    ours = rule.replace('SYMLINK', 'ATTRS{serial}=="E661", SYMLINK')
    assert verdicts(replace(PI4, service=unit + "WatchdogSec=30\n",
                            rule=ours))["start at power-on"][0] == OK


def test_the_voice_is_checked_where_a_speaker_is_attached():
    """The voice is optional: without a speaker it is skipped (with how to get one); with a
    speaker but no espeak-ng, the fix is to install it; with both, it is ready."""
    status, found, fix = verdicts(PI4)["voice"]
    assert (status, found) == (SKIP, "no speaker: the board writes its words but cannot say "
                                     "them")
    assert "HDMI, USB or the jack and sudo apt install espeak-ng" in fix
    status, found, fix = verdicts(replace(PI4, speakers=("vc4-hdmi-0",)))["voice"]
    assert (status, found, fix.split(",")[0]) == (WARN, "a speaker (vc4-hdmi-0) but no voice",
                                                  "sudo apt install espeak-ng")
    status, found, _ = verdicts(replace(PI4, speakers=("vc4-hdmi-0",), espeak=True))["voice"]
    assert status == OK
    assert "through vc4-hdmi-0" in found
    assert "voice" not in verdicts(Facts(None)), "only a Pi is asked"
