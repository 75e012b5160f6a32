"""``python -m sim.silicon``: the emulated Pico's USB serial line on a pseudo-terminal that
pyserial and mpremote open as they would a Pico's /dev/ttyACM0."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from controller.cli import main
from sim.silicon.relay import PseudoTerminal

pytestmark = pytest.mark.silicon

ROOT = Path(__file__).parents[3]
MPREMOTE = Path(sys.executable).with_name("mpremote")
LATE_WORDS = 60.0
"""Seconds a late reader keeps reading for the Pico's last words before it gives up: on a busy
machine the emulated Pico may take many seconds to run the line that says them (the port going
away first, the failure this looks for, ends the reading at once)."""


@pytest.fixture
def pico_port(request, rp2_image, tmp_path) -> Iterator[Path]:
    """The pseudo-terminal's link; on teardown, Ctrl-C (or the signal the test names) must end
    the emulator cleanly."""
    stop = getattr(request, "param", signal.SIGINT)
    link = tmp_path / "pico"
    process = subprocess.Popen([sys.executable, "-m", "sim.silicon", "--fast", "--link", str(link)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        assert str(link) in process.stdout.readline()
        yield link
    finally:
        process.send_signal(stop)
        _, errors = process.communicate(timeout=60)
    assert process.returncode == 0, errors
    assert "usb: CDC connected" in errors
    assert not link.exists()


def ask_until_answered(path: Path, line: bytes, answer: bytes) -> bytes:
    """What the board sent while ``line`` was asked again and again (the line may reach the
    board before its REPL runs) until ``answer`` came, or two minutes passed."""
    with serial.Serial(str(path), timeout=1) as port:
        received = b""
        deadline = time.monotonic() + 120
        while answer not in received and time.monotonic() < deadline:
            port.write(line)
            received += port.read(300)
    return received


@pytest.mark.parametrize("pico_port", [signal.SIGINT, signal.SIGTERM], indirect=True,
                         ids=["ctrl-c", "term"])
def test_the_repl_answers_on_the_pseudo_terminal(pico_port):
    assert b"42\r\n" in ask_until_answered(pico_port, b"print(6*7)\r", b"42\r\n")


def test_mpremote_copies_a_file_into_the_flash_and_reads_it_back(pico_port, tmp_path):
    source = tmp_path / "hello.py"
    source.write_text("print('hello from flash')\n")
    mpremote = [str(MPREMOTE), "connect", str(pico_port)]
    copied = subprocess.run([*mpremote, "cp", str(source), ":hello.py"], capture_output=True,
                            text=True, timeout=120, check=False)
    assert copied.returncode == 0, copied.stderr
    ran = subprocess.run([*mpremote, "exec", "import hello"], capture_output=True, text=True,
                         timeout=120, check=False)
    assert ran.stdout.strip() == "hello from flash", ran.stderr


def test_kaskade_firmware_flash_installs_the_touch_firmware_that_then_runs(pico_port, capsys):
    # The tool gives a board ten seconds for each step, and fifteen to say hello after the
    # restart; a busy machine's emulated Pico may need far more: --timeout says so.
    assert b"42\r\n" in ask_until_answered(pico_port, b"print(6*7)\r", b"42\r\n")
    port = ["--profile", "kaskade-mini", "--port", str(pico_port)]
    assert main(["firmware", "flash", *port, "--timeout", "300"]) == 0
    assert "running from set a" in capsys.readouterr().out
    assert main(["firmware", "status", *port]) == 0
    assert "the firmware this program brings" in capsys.readouterr().out


def test_a_reset_takes_the_port_away_and_brings_it_back_renamed_while_held(rp2_image,
                                                                         tmp_path):
    """A Pico that resets leaves the USB bus: a program holding its port reads nothing more;
    the port comes back once the Pico has booted, under a new name while the old one is still
    held (as /dev/ttyACM0 comes back as /dev/ttyACM1), and the link follows it as a udev
    rule's does."""
    link = tmp_path / "pico"
    with PseudoTerminal(rp2_image, link=link) as terminal:
        first = terminal.path
        assert b"42\r\n" in ask_until_answered(link, b"print(6*7)\r", b"42\r\n")
        with serial.Serial(first, timeout=1) as held:
            held.write(b"import machine; machine.reset()\r")
            back = terminal.wait_arrival(2, 120)
            assert back != first
            assert os.path.realpath(link) == back
            with pytest.raises(serial.SerialException):
                read_until_gone(held)
        assert b"42\r\n" in ask_until_answered(link, b"print(6*7)\r", b"42\r\n")


def test_what_the_pico_said_before_a_reset_reaches_a_program_late_to_read(rp2_image):
    """A closed terminal's unread bytes are lost: the port goes only once the program holding
    it has read what the Pico said before it reset (a busy computer's program may be late)."""
    with PseudoTerminal(rp2_image) as terminal:
        ask_until_answered(Path(terminal.path), b"print(6*7)\r", b"42\r\n")
        with serial.Serial(terminal.path, timeout=0.05) as held:
            held.write(b"print('last' + ' words'); import machine; machine.reset()\r")
            time.sleep(1)  # late to read: the line is quiet, and the Pico gone, by now
            heard = b""
            deadline = time.monotonic() + LATE_WORDS
            with contextlib.suppress(serial.SerialException):
                while b"last words" not in heard and time.monotonic() < deadline:
                    heard += held.read(100)
        assert b"last words" in heard


def read_until_gone(port: serial.Serial) -> None:
    """Read until the port fails (a second's worth of reads at most, else it did not)."""
    for _ in range(100):
        port.read(100)


def test_an_unknown_profile_is_a_clear_error_before_anything_starts(tmp_path):
    link = tmp_path / "pico"
    done = subprocess.run([sys.executable, "-m", "sim.silicon", "--profile", "no-such-board",
                           "--link", str(link)], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 1
    assert "no-such-board" in done.stderr
    assert "no such profile" in done.stderr
    assert not link.exists()


def test_the_profile_wires_its_chips_to_the_pico_on_the_pseudo_terminal(rp2_image, tmp_path):
    link = tmp_path / "pico"
    process = subprocess.Popen([sys.executable, "-m", "sim.silicon", "--fast", "--profile",
                                "kaskade-8x8", "--link", str(link)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        assert str(link) in process.stdout.readline()
        line = (b"import machine; print(machine.I2C(1, sda=machine.Pin(6), scl=machine.Pin(7))"
                b".readfrom_mem(0x5c, 0x5d, 1))\r")
        # The MPR121 at 0x5C on the second bus: 0x24 after reset.
        assert b"b'$'" in ask_until_answered(link, line, b"b'$'")
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)
    assert process.returncode == 0
