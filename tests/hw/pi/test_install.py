"""The files ``kaskade install`` writes: a sandboxed unit that runs the board as its own user
wherever the LEDs allow, a udev rule for group kaskade only, and nothing a shared profile can
slip a line into. ``systemd-analyze`` checks the unit and scores its exposure."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from controller.cli import main
from controller.cli.install import broker_addresses
from controller.cli.usage import UsageError
from controller.profile import load_profile, profile_names
from controller.profile.model import Ddp, Profile
from hw.leds.privileges import device_groups, led_devices, root_needed
from hw.pi.facts import Facts
from hw.pi.fetch import fetch_command
from hw.pi.install import (
    MEMORY_MAX,
    OPEN_FILES,
    TASKS_MAX,
    USER,
    WATCHDOG_SECONDS,
    UnsafeValueError,
    account,
    systemd_word,
    udev_rule,
    udev_value,
    unit,
    upgrade_units,
)
from hw.pi.networks import NetworkError, interface_networks, local_networks, network

PI4 = Facts("Raspberry Pi 4 Model B Rev 1.4", root=True)
PI5 = replace(PI4, model="Raspberry Pi 5 Model B Rev 1.0")
EXPOSURE = {"kaskade": 1.4, "root": 1.9}
"""The highest ``systemd-analyze security`` exposure each kind of unit may score (0 is
perfectly locked down, 10 is unprotected; systemd calls up to 2 "OK" and below 1 "SAFE")."""


def with_leds(tmp_path: Path, pin: int = 10, backend: str | None = None) -> Profile:
    """The mini build with its data line on ``pin`` (``backend``: chosen, not ``auto``)."""
    text = Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8")
    text = re.sub(r"gpio = 10 .*", f"gpio = {pin}", text, count=1)
    if backend:
        text = text.replace("[leds]", f'[leds]\nbackend = "{backend}"', 1)
    path = tmp_path / f"leds-{pin}-{backend}.toml"
    path.write_text(text, encoding="utf-8")
    return load_profile(str(path))


@pytest.mark.parametrize("build", profile_names())
def test_every_reference_build_runs_as_its_own_user_on_every_pi(build):
    profile = load_profile(build)
    for facts in (PI4, replace(PI4, model="Raspberry Pi 3 Model B Rev 1.2"), PI5,
                  replace(PI5, config="dtoverlay=ws2812-pio,gpio=10,num_leds=64\n")):
        assert root_needed(profile, facts) is None, facts.model
        assert account(None, device_groups(profile, facts)).user == USER


def test_pwm_needs_root_and_says_why(tmp_path):
    profile = with_leds(tmp_path, 18)
    assert root_needed(profile, PI4) == "GPIO 18 (PWM/PCM) is driven through /dev/mem, which " \
        "only root opens"
    assert account(root_needed(profile, PI4), ()).user == "root"
    assert "NeoPixel" in str(root_needed(with_leds(tmp_path, 18, "neopixel"), PI4))
    assert root_needed(with_leds(tmp_path, 18, "neopixel"), PI5) is None


def test_spi_runs_as_the_service_user_in_spi_and_gpio():
    profile = load_profile("kaskade-mini")
    assert root_needed(profile, PI4) is None
    who = account(root_needed(profile, PI4), device_groups(profile, PI4))
    assert (who.user, who.groups) == (USER, ("gpio", "spi"))


def test_neopixel_on_a_pi_5_runs_as_the_service_user():
    profile = load_profile("kaskade-mini")
    assert root_needed(profile, PI5) is None
    assert device_groups(profile, PI5) == ("gpio",)


def test_the_unit_runs_the_current_release_in_opt_with_its_state_private():
    text = unit(account(None, ("gpio",)), "kaskade-8x8")
    assert 'ExecStart="/opt/kaskade-board/current/bin/kaskade" "play" "--board" "pi" "--profile" ' \
        '"kaskade-8x8" "--state-dir" "/var/lib/kaskade-board"' in text
    for line in ("User=kaskade", "Group=kaskade", "SupplementaryGroups=gpio audio",
                 "StateDirectoryMode=0700", "UMask=0077", "ProtectSystem=strict",
                 "ProtectHome=yes", "PrivateTmp=yes", "NoNewPrivileges=yes",
                 "CapabilityBoundingSet=", "Restart=on-failure"):
        assert line in text.splitlines(), line


def test_as_root_the_unit_keeps_only_the_capability_for_dev_mem(tmp_path):
    profile = with_leds(tmp_path, 18)
    text = unit(account(root_needed(profile, PI4), (), led_devices(profile, PI4)), "kaskade-8x8")
    assert "User=root" in text.splitlines()
    assert "CapabilityBoundingSet=CAP_SYS_RAWIO" in text.splitlines()


def test_root_whose_leds_need_no_dev_mem_keeps_no_capability():
    text = unit(account("NeoPixel", (), ("/dev/spidev0.0", "/dev/gpiomem")), "kaskade-8x8")
    assert "User=root" in text.splitlines()
    assert "CapabilityBoundingSet=" in text.splitlines()
    assert "CAP_SYS_RAWIO" not in text


KERNEL_LEDS = replace(PI5, config="dtoverlay=ws2812-pio,gpio=10,num_leds=64\n")


@pytest.mark.parametrize(("facts", "pin", "devices"), [
    (PI4, 18, ("/dev/mem", "/dev/vcio")),
    (PI4, 21, ("/dev/mem", "/dev/vcio")),
    (PI4, 10, ("/dev/spidev0.0", "/dev/gpiomem")),
    (PI5, 10, ("/dev/pio0",)),
    (KERNEL_LEDS, 10, ("char-ws2812-pio-rp1",)),
], ids=["pwm", "pcm", "spi", "pi5-blinka-pio", "pi5-kernel-driver"])
def test_the_leds_devices_are_those_their_backend_opens(tmp_path, facts, pin, devices):
    assert led_devices(with_leds(tmp_path, pin), facts) == devices


def test_neopixel_on_a_pi_4_opens_rpi_ws281x_devices_and_blinkas_pins(tmp_path):
    profile = with_leds(tmp_path, 18, "neopixel")
    assert profile.led_backend == "neopixel"
    assert led_devices(profile, PI4) == ("/dev/mem", "/dev/vcio", "/dev/gpiomem")
    assert led_devices(with_leds(tmp_path, 10, "neopixel"), PI4) == \
        ("/dev/spidev0.0", "/dev/gpiomem")


def test_the_kernel_drivers_leds_go_to_group_kaskade_by_the_udev_rule():
    profile = load_profile("kaskade-mini")
    devices = led_devices(profile, KERNEL_LEDS)
    rule = udev_rule(profile, "E6614C311B7A2F23", devices).splitlines()
    assert rule[-1] == 'SUBSYSTEM=="ws2812-pio-rp1", KERNEL=="leds[0-9]*", OWNER="root", ' \
        'GROUP="kaskade", MODE="0660"'
    assert "DeviceAllow=char-ws2812-pio-rp1 rw" in unit(account(None, ("gpio",), devices),
                                                         "kaskade-mini").splitlines()
    assert "leds" not in udev_rule(profile, "E6614C311B7A2F23", led_devices(profile, PI5))


def test_leds_over_the_network_need_no_group_no_device_and_reach_their_controller():
    profile = replace(load_profile("kaskade-mini"), led_backend="ddp", ddp=Ddp("192.168.1.40"))
    elsewhere = Facts(None, root=True)
    assert (root_needed(profile, elsewhere), device_groups(profile, elsewhere),
            led_devices(profile, elsewhere)) == (None, (), ())
    who = account(None, ())
    text = unit(who, "/etc/kaskade-board/mine.toml", web=None, leds=("192.168.1.40/32",))
    assert "SupplementaryGroups=audio" in text.splitlines(), "the voice's group alone"
    assert "PrivateNetwork=yes" not in text
    allowed = next(line for line in text.splitlines() if line.startswith("IPAddressAllow="))
    assert allowed.endswith(" 192.168.1.40/32")
    assert "and the LED controller." in text


def test_the_unit_opens_only_the_devices_the_board_uses():
    text = unit(account(None, ("gpio", "spi"), ("/dev/spidev0.0", "/dev/gpiomem")),
                "kaskade-8x8")
    allowed = [line for line in text.splitlines() if line.startswith("Device")]
    assert allowed == ["DevicePolicy=closed", "DeviceAllow=char-ttyACM rw",
                       "DeviceAllow=char-gpiochip rw", "DeviceAllow=char-alsa rw",
                       "DeviceAllow=/dev/spidev0.0 rw",
                       "DeviceAllow=/dev/gpiomem rw"]
    assert "DeviceAllow=char-ttyUSB rw" in unit(account(None, ("gpio",)), "kaskade-8x8",
                                                 touch="ttyUSB")


def test_the_unit_has_limits_and_a_watchdog():
    lines = unit(account(None, ("gpio",)), "kaskade-8x8").splitlines()
    for line in ("Type=notify", "NotifyAccess=main", f"WatchdogSec={WATCHDOG_SECONDS}",
                 "Restart=on-failure", "Environment=PYTHONFAULTHANDLER=1",
                 f"LimitNOFILE={OPEN_FILES}", f"MemoryMax={MEMORY_MAX}", f"TasksMax={TASKS_MAX}",
                 "MemoryDenyWriteExecute=yes", "WorkingDirectory=/run/kaskade-board",
                 "RuntimeDirectory=kaskade-board"):
        assert line in lines, line
    assert OPEN_FILES > 1024


@pytest.mark.parametrize(("word", "written"), [
    ("/home/ann/my board.toml", '"/home/ann/my board.toml"'),
    ('a"b', '"a\\"b"'), ("a\\b", '"a\\\\b"'), ("100%", '"100%%"'), ("$HOME", '"$$HOME"'),
])
def test_exec_start_words_are_quoted_as_systemd_reads_them(word, written):
    assert systemd_word(word) == written


@pytest.mark.parametrize("word", ["a\nExecStartPre=/bin/sh", "tab\there", "\x00"])
def test_control_characters_never_reach_a_unit(word):
    with pytest.raises(UnsafeValueError, match="control character"):
        systemd_word(word)


@pytest.mark.parametrize("serial", ['E66"\nRUN+="/bin/sh -c id"', "a b", "a*", "%k", "x" * 65,
                                    "$kernel", "\\x22"])
def test_only_plain_serial_numbers_go_into_a_udev_rule(serial):
    with pytest.raises(UnsafeValueError, match="cannot go into a udev rule"):
        udev_value(serial, "[touch.usb] serial")


def test_the_udev_rule_gives_the_port_to_group_kaskade_only():
    rule = udev_rule(load_profile("kaskade-8x8"), "E6614C311B7A2F23")
    assert 'GROUP="kaskade", MODE="0660"' in rule
    assert "dialout" not in rule.split("\n", 2)[2]
    assert len(rule.strip().splitlines()) == 3, "two comment lines and one rule"


def test_the_udev_rule_matches_this_board_alone_unless_told_any_pico():
    profile = load_profile("kaskade-8x8")
    ours = udev_rule(profile, "E6614C311B7A2F23").splitlines()
    assert ours[2].startswith('SUBSYSTEM=="tty", ATTRS{idVendor}=="2e8a", '
                              'ATTRS{idProduct}=="0005", ATTRS{serial}=="E6614C311B7A2F23", ')
    assert "(USB serial number E6614C311B7A2F23)" in ours[0]
    anyone = udev_rule(profile, None).splitlines()
    assert "ATTRS{serial}" not in anyone[2]
    assert "(any device with USB id 2E8A:0005: --any-pico)" in anyone[0]
    with pytest.raises(UnsafeValueError):
        udev_rule(profile, 'E66"\nRUN+="/bin/sh"')


def analyze(*arguments: str) -> subprocess.CompletedProcess[str]:
    tool = shutil.which("systemd-analyze")
    assert tool is not None, "systemd-analyze is part of systemd (.ci/run installs it)"
    return subprocess.run([tool, *arguments], capture_output=True, text=True, check=False,
                          timeout=60)


@pytest.mark.parametrize("web", ["0.0.0.0:8765", None], ids=["web", "no-web"])
@pytest.mark.parametrize("user", ["kaskade", "root"])
def test_the_unit_is_valid_and_its_exposure_is_low(tmp_path, user, web):
    who = account(None, ("gpio", "spi"), ("/dev/spidev0.0", "/dev/gpiomem")) \
        if user == "kaskade" else account("PWM", (), ("/dev/mem", "/dev/vcio"))
    path = tmp_path / "kaskade-board.service"
    path.write_text(unit(who, "kaskade-8x8", kaskade=Path(sys.executable), web=web),
                    encoding="utf-8")
    verified = analyze("verify", "--man=no", str(path))
    complaints = [line for line in (verified.stdout + verified.stderr).splitlines()
                  if "kaskade-board.service" in line]
    assert complaints == []
    scored = analyze("security", "--offline=yes", str(path))
    found = re.search(r"Overall exposure level for kaskade-board.service: ([0-9.]+)",
                      scored.stdout)
    assert found is not None, scored.stdout + scored.stderr
    assert float(found.group(1)) <= EXPOSURE[user]


@pytest.mark.parametrize("facts", [PI4, PI5, KERNEL_LEDS], ids=["pi4", "pi5-blinka", "pi5-kernel"])
@pytest.mark.parametrize("build", profile_names())
def test_each_reference_builds_unit_runs_as_its_own_user_and_scores_low(tmp_path, build, facts):
    profile = load_profile(build)
    who = account(root_needed(profile, facts), device_groups(profile, facts),
                  led_devices(profile, facts))
    text = unit(who, build, kaskade=Path(sys.executable))
    assert "User=kaskade" in text.splitlines()
    path = tmp_path / "kaskade-board.service"
    path.write_text(text, encoding="utf-8")
    scored = analyze("security", "--offline=yes", str(path))
    found = re.search(r"Overall exposure level for kaskade-board.service: ([0-9.]+)",
                      scored.stdout)
    assert found is not None, scored.stdout + scored.stderr
    assert float(found.group(1)) <= EXPOSURE["kaskade"]


def test_the_web_companion_is_served_to_the_networks_of_the_pi_only():
    text = unit(account(None, ("gpio",)), "kaskade-8x8",
                networks=("192.168.1.0/24", "2001:db8:1:2::/64"))
    assert '"--web" "0.0.0.0:8765"' in text
    allowed = next(line for line in text.splitlines() if line.startswith("IPAddressAllow="))
    assert allowed.split("=", 1)[1].split() == ["localhost", "link-local", "192.168.1.0/24",
                                                 "2001:db8:1:2::/64"]
    assert "10.0.0.0/8" not in text, "not every private range: the home network's"
    assert "IPAddressDeny=any" in text
    assert "PrivateNetwork=yes" not in text
    closed = unit(account(None, ("gpio",)), "kaskade-8x8", web=None)
    assert "--web" not in closed
    assert "PrivateNetwork=yes" in closed
    assert "RestrictAddressFamilies=AF_UNIX\n" in closed


IP_ADDRESS = json.dumps([
    {"ifname": "lo", "flags": ["LOOPBACK", "UP"], "addr_info": [
        {"family": "inet", "local": "127.0.0.1", "prefixlen": 8, "scope": "host"},
        {"family": "inet6", "local": "::1", "prefixlen": 128, "scope": "host"}]},
    {"ifname": "wlan0", "flags": ["BROADCAST", "UP"], "addr_info": [
        {"family": "inet", "local": "192.168.1.20", "prefixlen": 24, "scope": "global"},
        {"family": "inet6", "local": "2001:db8:1:2:a:b:c:d", "prefixlen": 64,
         "scope": "global"},
        {"family": "inet6", "local": "fd00::20", "prefixlen": 64, "scope": "global"},
        {"family": "inet6", "local": "fe80::1", "prefixlen": 64, "scope": "link"}]},
    {"ifname": "eth0", "flags": ["NO-CARRIER"], "addr_info": []},
    {"ifname": "odd", "addr_info": [{"local": "not an address", "prefixlen": 1,
                                     "scope": "global"}]},
])


def test_the_networks_are_those_of_the_pis_interfaces():
    assert interface_networks(IP_ADDRESS) == ("192.168.1.0/24", "2001:db8:1:2::/64",
                                              "fd00::/64")
    assert interface_networks("[]") == ()
    with pytest.raises(NetworkError, match="not JSON"):
        interface_networks("<html>")
    assert network(" 10.8.0.1/24 ") == "10.8.0.0/24"
    with pytest.raises(NetworkError, match="give an address range"):
        network("home")


def test_install_allows_the_networks_the_machine_is_on(capsys):
    assert main(["install", "--print", "--any-pico", "--network", "10.8.0.0/24"]) == 0
    said = capsys.readouterr().out
    allowed = next(line for line in said.splitlines() if line.startswith("IPAddressAllow="))
    assert allowed.split("=", 1)[1].split() == ["localhost", "link-local", *local_networks(),
                                                 "10.8.0.0/24"]
    assert "on another network, install again" in said


UPGRADE_UNITS = ["kaskade-board-fetch.service", "kaskade-board-upgrade.path",
                 "kaskade-board-upgrade.service"]


def written_upgrade_units(tmp_path: Path) -> dict[str, str]:
    written = upgrade_units(Path("/var/lib/kaskade-board/upgrade"),
                            Path("/var/lib/kaskade-board-upgrade"),
                            Path("/etc/kaskade-board/release-keys"),
                            kaskade=Path(sys.executable))
    assert sorted(path.name for path in written) == UPGRADE_UNITS
    for path, text in written.items():
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    return {path.name: text for path, text in written.items()}


def test_the_units_of_uploaded_upgrades_are_valid_and_watch_the_upload_folder(tmp_path):
    written = written_upgrade_units(tmp_path)
    assert "PathExistsGlob=/var/lib/kaskade-board/upgrade/*.whl" in \
        written["kaskade-board-upgrade.path"].splitlines()
    service = written["kaskade-board-upgrade.service"].splitlines()
    assert f'ExecStart="{sys.executable}" "upgrade" "--uploaded"' in service
    assert "Type=oneshot" in service
    verified = analyze("verify", "--man=no", *(str(tmp_path / name) for name in UPGRADE_UNITS))
    complaints = [line for line in (verified.stdout + verified.stderr).splitlines()
                  if "kaskade-board-upgrade" in line or "kaskade-board-fetch" in line]
    assert complaints == []
    with pytest.raises(UnsafeValueError, match="no path with spaces"):
        upgrade_units(Path("/var/lib/my board/upgrade"), Path("/x"), Path("/y"))


def test_roots_upgrade_service_has_no_network_and_writes_only_the_releases(tmp_path):
    service = written_upgrade_units(tmp_path)["kaskade-board-upgrade.service"].splitlines()
    for line in ("User=root", "CapabilityBoundingSet=CAP_DAC_OVERRIDE", "PrivateNetwork=yes",
                 "RestrictAddressFamilies=AF_UNIX", "IPAddressDeny=any", "ProtectSystem=strict",
                 "ReadWritePaths=/opt/kaskade-board /var/lib/kaskade-board/upgrade",
                 "StateDirectory=kaskade-board-upgrade", "RuntimeDirectory=kaskade-board-upgrade",
                 "NoNewPrivileges=yes", "PrivateDevices=yes", "ProtectHome=yes"):
        assert line in service, line
    fetch = written_upgrade_units(tmp_path)["kaskade-board-fetch.service"].splitlines()
    for line in ("DynamicUser=yes", "CapabilityBoundingSet=", "PrivateUsers=yes",
                 "CacheDirectory=kaskade-board-fetch", "ProtectSystem=strict"):
        assert line in fetch, line
    command = next(line for line in fetch if line.startswith("ExecStart="))
    assert command == "ExecStart=" + " ".join(
        systemd_word(word) for word in fetch_command(Path(sys.executable).with_name("python")))


@pytest.mark.parametrize("name", ["kaskade-board-upgrade.service", "kaskade-board-fetch.service"])
def test_the_upgrade_services_are_sandboxed_as_tightly_as_the_app(tmp_path, name):
    written_upgrade_units(tmp_path)
    scored = analyze("security", "--offline=yes", str(tmp_path / name))
    found = re.search(rf"Overall exposure level for {name}: ([0-9.]+)", scored.stdout)
    assert found is not None, scored.stdout + scored.stderr
    assert float(found.group(1)) <= EXPOSURE["kaskade"], scored.stdout


@pytest.mark.parametrize("web", ["0.0.0.0:8765", None], ids=["web", "no-web"])
def test_a_broker_for_remote_play_is_allowed_beside_the_home_network(tmp_path, web):
    who = account(None, ("gpio", "spi"), ("/dev/spidev0.0", "/dev/gpiomem"))
    text = unit(who, "kaskade-8x8", kaskade=Path(sys.executable), web=web,
                broker=("203.0.113.7/32", "2001:db8::7/128"))
    allowed = next(line for line in text.splitlines() if line.startswith("IPAddressAllow="))
    assert allowed.split("=", 1)[1].split()[-2:] == ["203.0.113.7/32", "2001:db8::7/128"]
    assert "PrivateNetwork=yes" not in text
    assert "IPAddressDeny=any" in text
    path = tmp_path / "kaskade-board.service"
    path.write_text(text, encoding="utf-8")
    scored = analyze("security", "--offline=yes", str(path))
    found = re.search(r"Overall exposure level for kaskade-board.service: ([0-9.]+)",
                      scored.stdout)
    assert found is not None, scored.stdout + scored.stderr
    assert float(found.group(1)) <= EXPOSURE["kaskade"]  # the score stays where it was


def test_the_brokers_addresses_are_looked_up_once_and_bad_ones_refused():
    assert broker_addresses("127.0.0.1:8883") == ("127.0.0.1/32",)
    assert broker_addresses("[::1]:8883") == ("::1/128",)
    for wrong in ("mqtt.example.org", "host:port", "a:b:c"):
        with pytest.raises(UsageError, match="HOST:PORT"):
            broker_addresses(wrong)
