"""MicroPython's rp2 image boots on the emulated Pico with the project's boot ROM and answers at
its REPL over the emulated USB serial line; its filesystem lives in flash written through the
ROM's routines."""

from __future__ import annotations

import re
import subprocess

import pytest

from sim.silicon.emulator import RUNNER, Pico, SiliconError, node

pytestmark = pytest.mark.silicon

BOOT = 120  # seconds: generous, the machine may be busy


def repl(pico: Pico) -> None:
    """Wait for the REPL; its output is consumed up to the prompt after a line of our own (the
    banner's prompt may or may not come before it)."""
    pico.wait_event("usb: CDC connected", BOOT)
    pico.send(b"print('rea' + 'dy')\r")
    pico.read_until(b"ready\r\n>>> ", BOOT)


def one_line(code: str) -> str:
    """A block of code as one line the REPL runs whole."""
    return f"exec({code!r})"


def run(pico: Pico, line: str) -> str:
    """Run a line at the REPL and return what it printed (without the echo and the prompt)."""
    pico.send(line.encode() + b"\r")
    echoed = pico.read_until(b">>> ", BOOT).decode().removesuffix(">>> ")
    _, _, output = echoed.partition("\r\n")
    return output.removesuffix("\r\n")


def flash_work(pico: Pico) -> tuple[int, int]:
    """The erases and programs the ROM's routines carried out, as the emulator reported them."""
    summary = re.search(r"flash: (\d+) erases, (\d+) programs", "\n".join(pico.events))
    assert summary, pico.events
    return int(summary[1]), int(summary[2])


def test_the_image_boots_to_the_repl_and_computes(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        assert run(pico, "print(1+1)") == "2"
        assert run(pico, "import sys; print(sys.implementation._machine)") == \
            "Raspberry Pi Pico with RP2040"


def test_the_rom_version_and_the_clock_are_those_of_a_pico(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        assert run(pico, "import machine; print(machine.mem8[0x13])") == "3"
        assert run(pico, "print(machine.freq())") == "125000000"


def test_a_file_written_survives_a_reset_in_the_kept_flash(rp2_image, tmp_path):
    flash = tmp_path / "flash.bin"
    with Pico(rp2_image, flash=flash) as pico:
        repl(pico)
        assert run(pico, "f = open('kept.txt', 'w'); n = f.write('touch'); f.close()") == ""
    # The first boot formats the filesystem, the write programs it: both through the ROM.
    erases, programs = flash_work(pico)
    assert erases > 0
    assert programs > 0
    assert flash.stat().st_size == 2 * 1024 * 1024
    with Pico(rp2_image, flash=flash) as pico:
        repl(pico)
        assert run(pico, "print(open('kept.txt').read())") == "touch"


def test_without_kept_flash_each_run_starts_afresh(rp2_image, tmp_path):
    with Pico(rp2_image) as pico:
        repl(pico)
        run(pico, "f = open('gone.txt', 'w'); n = f.write('x'); f.close()")
    with Pico(rp2_image) as pico:
        repl(pico)
        assert "OSError" in run(pico, "open('gone.txt')")


def test_a_missing_rom_file_is_a_clear_error(tmp_path):
    done = subprocess.run([node(), str(RUNNER), "--bootrom", str(tmp_path / "none.bin"),
                           "--firmware", str(tmp_path / "none.bin")],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "cannot read the boot ROM" in done.stderr


def test_an_idle_pico_sleeps_while_the_host_has_nothing_to_send(rp2_image):
    # rp2040js's own USB host answers every OUT transfer at once, which keeps the core busy
    # (95 % of its cycles at an idle REPL); the harness's host holds it until it has data.
    with Pico(rp2_image) as pico:
        repl(pico)
        assert run(pico, "import time; time.sleep_ms(1000)") == ""
    summary = re.search(r"ran ([\d.]+) ms, (\d+) cycles busy", "\n".join(pico.events))
    assert summary, pico.events
    milliseconds, busy = float(summary[1]), int(summary[2])
    assert milliseconds > 1000
    assert busy < 0.1 * milliseconds * 125_000  # under a tenth of the core at 125 MHz


def test_a_file_that_is_no_kept_flash_is_refused_and_left_alone(rp2_image, tmp_path):
    flash = tmp_path / "notes.txt"
    flash.write_text("not a flash image")
    done = subprocess.run([node(), str(RUNNER), "--bootrom", str(rp2_image.bootrom_bin),
                           "--firmware", str(rp2_image.firmware_bin), "--flash", str(flash)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "is not a kept flash (17 bytes" in done.stderr
    assert flash.read_text() == "not a flash image"


def test_a_pico_that_cannot_start_says_why(rp2_image, tmp_path):
    flash = tmp_path / "notes.txt"
    flash.write_text("not a flash image")
    with Pico(rp2_image, flash=flash) as pico, \
            pytest.raises(SiliconError, match=r"it stopped.*is not a kept flash"):
        pico.read_until(b">>> ", BOOT)


def test_waiting_for_what_never_comes_fails_in_time(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        with pytest.raises(SiliconError, match="did not send"):
            pico.read_until(b"never sent", 2)
