"""kaskade doctor on this machine (not a Pi) and kaskade install into a folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def test_install_writes_the_unit_and_the_rule_under_a_root(tmp_path):
    result = subprocess.run([KASKADE, "install", "--profile", "kaskade-16x16", "--root",
                             str(tmp_path), "--serial", "E6614C311B7A2F23"],
                            capture_output=True, text=True, check=True)
    unit = (tmp_path / "etc/systemd/system/kaskade-board.service").read_text()
    rule = (tmp_path / "etc/udev/rules.d/99-kaskade-board.rules").read_text()
    assert '"play" "--board" "pi" "--profile" "kaskade-16x16" "--state-dir" ' \
        '"/var/lib/kaskade-board"' in unit
    assert 'ExecStart="/opt/kaskade-board/bin/kaskade" ' in unit
    assert "WantedBy=multi-user.target" in unit
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005", ' \
        'ATTRS{serial}=="E6614C311B7A2F23", ' \
        'SYMLINK+="kaskade-board"' in rule
    assert "wrote" in result.stdout
    assert "on the Pi, still to run as root:" in result.stdout
    assert "-m venv --system-site-packages --clear /opt/kaskade-board" in result.stdout
    shown = subprocess.run([KASKADE, "install", "--print", "--any-pico"], capture_output=True,
                           text=True, check=True)
    assert "# /etc/udev/rules.d/99-kaskade-board.rules" in shown.stdout
    assert shown.stdout.startswith("# the service runs as root: GPIO 18 (PWM/PCM)")
    assert "pip install --quiet --no-warn-script-location " in shown.stdout
    assert "[pi]" in shown.stdout


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


def test_the_program_goes_into_a_root_owned_environment_from_this_source_tree():
    from controller.cli.install import commands, source_tree
    from hw.pi.install import account

    steps = commands(account(None, ("gpio",)))
    assert steps[-2][1:] == ("-m", "venv", "--system-site-packages", "--clear",
                             "/opt/kaskade-board")
    assert steps[-1][0] == "/opt/kaskade-board/bin/python"
    assert steps[-1][-1] == source_tree()
    assert source_tree() == f"{Path.cwd().resolve()}[pi]"


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
