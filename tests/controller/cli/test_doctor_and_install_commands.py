"""kaskade doctor on this machine (not a Pi) and kaskade install into a folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from controller import __version__

KASKADE = str(Path(sys.executable).parent / "kaskade")


def test_doctor_here_says_not_a_raspberry_pi_and_fails():
    result = subprocess.run([KASKADE, "doctor", "--port", "/nonexistent/port"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("✗ Raspberry Pi")
    assert "not a Raspberry Pi" in lines[0]
    assert "kaskade sim" in lines[1]
    assert any(line.startswith("✓ profile") for line in lines)
    assert any("no board at /nonexistent/port" in line for line in lines)
    assert lines[-1].endswith("problem(s), 0 warning(s)")


def test_doctor_refuses_a_bad_profile(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[pads]\ncolumns = 99\n", encoding="utf-8")
    result = subprocess.run([KASKADE, "doctor", "--profile", str(bad)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 2
    assert str(bad) in result.stderr


def test_web_upgrades_are_installed_only_when_asked_for_and_turned_off_again(tmp_path):
    """Whoever may upload a release may replace the program the board runs as root: the
    upload units come only with --web-upgrades, and installing again without it removes
    them."""
    units = tmp_path / "etc/systemd/system"
    install = [KASKADE, "install", "--any-pico", "--root", str(tmp_path)]
    plain = subprocess.run(install, capture_output=True, text=True, check=True)
    assert not (units / "kaskade-board-upgrade.path").exists()
    assert "kaskade-board-upgrade" not in plain.stdout
    asked = subprocess.run([*install, "--web-upgrades"], capture_output=True, text=True,
                           check=True)
    assert (units / "kaskade-board-upgrade.path").is_file()
    assert (units / "kaskade-board-upgrade.service").is_file()
    assert "systemctl enable --now kaskade-board-upgrade.path" in asked.stdout
    again = subprocess.run(install, capture_output=True, text=True, check=True)
    assert "systemctl disable --now kaskade-board-upgrade.path" in again.stdout
    assert "rm -rf /var/lib/kaskade-board/upgrade" in again.stdout


def test_install_writes_the_unit_and_the_rule_under_a_root(tmp_path):
    result = subprocess.run([KASKADE, "install", "--profile", "kaskade-16x16", "--root",
                             str(tmp_path), "--serial", "E6614C311B7A2F23"],
                            capture_output=True, text=True, check=True)
    unit = (tmp_path / "etc/systemd/system/kaskade-board.service").read_text()
    rule = (tmp_path / "etc/udev/rules.d/99-kaskade-board.rules").read_text()
    assert '"play" "--board" "pi" "--profile" "kaskade-16x16" "--state-dir" ' \
        '"/var/lib/kaskade-board"' in unit
    assert 'ExecStart="/opt/kaskade-board/current/bin/kaskade" ' in unit
    assert "WantedBy=multi-user.target" in unit
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005", ' \
        'ATTRS{serial}=="E6614C311B7A2F23", ' \
        'SYMLINK+="kaskade-board"' in rule
    assert "wrote" in result.stdout
    assert "on the Pi, still to run as root:" in result.stdout
    releases = f"/opt/kaskade-board/releases/{__version__}-"
    assert f"-m venv --system-site-packages {releases}" in result.stdout
    assert f"ln -sfn releases/{__version__}-" in result.stdout
    shown = subprocess.run([KASKADE, "install", "--print", "--any-pico"], capture_output=True,
                           text=True, check=True)
    assert "# /etc/udev/rules.d/99-kaskade-board.rules" in shown.stdout
    assert shown.stdout.startswith("# the service runs as kaskade: "), "the build uses SPI"
    assert "pip install --quiet --no-warn-script-location " in shown.stdout
    # The checkout's constraints pin every dependency, the program's wheel by its own hash.
    assert "constraints.txt --requirement " in shown.stdout
    assert "/program.txt" in shown.stdout


def test_install_says_what_leds_on_pwm_cost(tmp_path):
    profile = tmp_path / "pwm.toml"
    text = Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8")
    profile.write_text(text.replace("gpio = 10 ", "gpio = 18 ", 1), encoding="utf-8")
    shown = subprocess.run([KASKADE, "install", "--print", "--any-pico", "--profile",
                            str(profile)], capture_output=True, text=True, check=True)
    assert shown.stdout.startswith("# the service runs as root: GPIO 18 (PWM/PCM)")
    assert "note: GPIO 18 (PWM/PCM) is driven through /dev/mem, which only root opens, so " \
        "the service runs as root: a fault in the app that ran code would run it with the " \
        "Pi's every right" in shown.stderr
    assert "SPI (GPIO 10) needs no root" in shown.stderr


def test_install_copies_a_profile_of_ones_own_and_names_the_board_by_serial(tmp_path):
    profile = tmp_path / "mine.toml"
    text = Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8")
    profile.write_text(text.replace('order = "rows"', 'order = "rows"\n\n[touch.usb]\n'
                                    'serial = "E6614C311B7A2F23"', 1), encoding="utf-8")
    subprocess.run([KASKADE, "install", "--profile", str(profile), "--root", str(tmp_path)],
                   capture_output=True, text=True, check=True)
    rule = (tmp_path / "etc/udev/rules.d/99-kaskade-board.rules").read_text()
    unit = (tmp_path / "etc/systemd/system/kaskade-board.service").read_text()
    assert 'ATTRS{serial}=="E6614C311B7A2F23"' in rule
    assert '"--profile" "/etc/kaskade-board/mine.toml"' in unit, "ProtectHome hides homes"
    copied = tmp_path / "etc/kaskade-board/mine.toml"
    assert copied.read_text(encoding="utf-8") == profile.read_text(encoding="utf-8")


def test_a_profile_whose_serial_would_add_a_udev_rule_is_refused(tmp_path):
    """The probe's attack: a shared profile whose serial closes the quote and adds
    RUN+= — a command run as root at the next plug-in."""
    profile = tmp_path / "shared.toml"
    text = Path("wiring/kaskade-mini.toml").read_text(encoding="utf-8")
    evil = '[touch.usb]\nserial = "E66\\"\\nRUN+=\\"/bin/sh -c id\\""\n'
    profile.write_text(text.replace('order = "rows"', 'order = "rows"\n\n' + evil, 1),
                       encoding="utf-8")
    result = subprocess.run([KASKADE, "install", "--profile", str(profile), "--root",
                             str(tmp_path)], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "touch.usb.serial" in result.stderr
    assert "is not a USB serial number" in result.stderr
    assert not (tmp_path / "etc").exists(), "nothing written"


def test_install_where_it_cannot_write_says_to_use_sudo(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("", encoding="utf-8")
    result = subprocess.run([KASKADE, "install", "--root", str(blocked), "--any-pico"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "run sudo $(command -v kaskade) install" in result.stderr


def test_install_on_this_system_needs_root(monkeypatch, capsys):
    from controller.cli import install, main

    monkeypatch.setattr(install.os, "geteuid", lambda: 1000)
    monkeypatch.setattr(install.subprocess, "run", lambda *a, **k: pytest.fail("ran a step"))
    assert main(["install", "--any-pico"]) == 2
    assert "run sudo $(command -v kaskade) install" in capsys.readouterr().err


def test_the_program_goes_into_a_release_built_from_this_checkout_never_from_an_index():
    from controller.cli.install import commands
    from hw.pi.install import PREFIX, account
    from hw.pi.installer import Installer, program_source, shown_steps
    from hw.pi.releases import Layout

    assert all("pip" not in " ".join(step) for step in commands(account(None, ("gpio",))))
    source = program_source()
    assert source == Path.cwd().resolve()
    steps = shown_steps(Installer(), source, Layout(PREFIX), __version__)
    assert steps[0][1:5] == ("-m", "pip", "wheel", "--no-deps")
    assert steps[0][-1] == f"{source} (a copy)"
    release = f"/opt/kaskade-board/releases/{__version__}-<first digits of the wheel's SHA-256>"
    assert steps[1][1:] == ("-m", "venv", "--system-site-packages", release)
    assert steps[2][:4] == (f"{release}/bin/python", "-m", "pip", "install")
    assert steps[2][-1] == f"{release}/kaskade_board-{__version__}-....whl[pi]"
    assert not any("kaskade-board[pi]" in word for step in steps for word in step)


def test_the_real_board_and_its_selftest_say_clearly_this_is_no_pi(tmp_path):
    for command in (["play", "--board", "pi"], ["selftest", "--board", "pi"]):
        result = subprocess.run([KASKADE, *command, "--state-dir", str(tmp_path)],
                                capture_output=True, text=True, check=False, timeout=60)
        assert result.returncode == 2, command
        assert "this is not a Raspberry Pi" in result.stderr
        assert "kaskade sim" in result.stderr


def test_selftest_refuses_silly_timings(tmp_path):
    result = subprocess.run([KASKADE, "selftest", "--led-seconds", "0", "--state-dir",
                             str(tmp_path)], capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "--led-seconds takes 0.005 to 5" in result.stderr
