"""What the emulated Pico charges beyond rp2040js's instruction timings, as a Pico pays it: an
interrupt's entry and return, the I2C block's real clock, and the flash's erase and program
times (the core waits in the ROM's routine meanwhile)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from controller.profile import load_profile
from controller.profile.firmware import firmware_config
from sim.silicon.emulator import HERE, Pico, node

from .test_boot import one_line, repl, run

pytestmark = pytest.mark.silicon

COUNTER = Path(__file__).with_name("interrupt_cost.mjs")
EIGHT = firmware_config(load_profile("kaskade-8x8"))


def test_an_interrupt_costs_its_entry_and_its_return():
    """15 cycles in (the Cortex-M0+'s latency), 12 out (its frame unstacked); rp2040js counts
    neither."""
    done = subprocess.run([node(), str(COUNTER), str(HERE / "pico.mjs")], capture_output=True,
                          text=True, timeout=60, check=True)
    counted = json.loads(done.stdout)
    assert counted["plain"]["charged"] == 0
    assert counted["interrupted"]["charged"] == 15 + 12
    assert counted["interrupted"]["pc"] == counted["plain"]["pc"]  # and it came back


TIMED_READS = one_line("""
import machine, time
bus = machine.I2C(1, sda=machine.Pin(6), scl=machine.Pin(7), freq=400000)
def timed(n):
    buf = bytearray(n)
    start = time.ticks_us()
    for _ in range(20):
        bus.readfrom_mem_into(0x5b, 4, buf)
    return time.ticks_diff(time.ticks_us(), start) / 20
""")


def test_the_i2c_block_runs_at_376_khz_when_asked_for_400(rp2_image):
    """The DesignWare block holds SCL low LCNT + 1 cycles and high HCNT + SPKLEN + 7: at
    125 MHz the pico-sdk's 400 kHz setting makes 332 cycles a bit. 22 bytes more in a read are
    198 bits more: 526 us on the wire (at 400 kHz 495), and the pico-sdk's loop adds under a
    microsecond a byte between them."""
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        run(pico, TIMED_READS)
        assert run(pico, "print(machine.mem32[0x40048000 + 0xa0])") == "11"  # IC_FS_SPKLEN
        extra = float(run(pico, "print(timed(24) - timed(2))"))
        assert 526 < extra < 550, extra


ERASE_AND_PROGRAM = one_line("""
import rp2, time
flash = rp2.Flash()
last = flash.ioctl(4, 0) - 1
def timed(action):
    start = time.ticks_us()
    action()
    return time.ticks_diff(time.ticks_us(), start)
erase = timed(lambda: flash.ioctl(6, last))
program = timed(lambda: flash.writeblocks(last, bytes(4096), 0))
""")


def test_the_flash_takes_its_time_to_erase_a_sector_and_program_its_pages(rp2_image):
    """The W25Q16JV's typical times: 45 ms a 4 kB sector, 0.4 ms a 256-byte page (sixteen
    make the sector); the core waits for them in the ROM's routine, as on a Pico."""
    with Pico(rp2_image) as pico:
        repl(pico)
        run(pico, ERASE_AND_PROGRAM)
        erase = int(run(pico, "print(erase)"))
        program = int(run(pico, "print(program)"))
        assert 45_000 <= erase < 46_000, erase
        assert 6_400 <= program < 7_400, program

