"""Where rp2040js falls short of the chip, the harness makes up the difference: an I2C address
that nobody answers fails at once, as on silicon, and a pin reads its pull."""

from __future__ import annotations

import pytest

from sim.silicon.emulator import Pico

from .test_boot import one_line, repl, run

pytestmark = pytest.mark.silicon

NAK = one_line("""
import machine
try:
    machine.I2C(0).writeto(0x5a, bytes(1))
except OSError as error:
    print(error)
""")

SOFT_NAK = one_line("""
from machine import Pin, SoftI2C
try:
    SoftI2C(scl=Pin(5), sda=Pin(4)).writeto(0x5a, b'')
except OSError as error:
    print(error)
""")


def test_a_missing_chip_on_the_i2c_block_fails_with_eio_not_a_timeout(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        assert run(pico, NAK) == "[Errno 5] EIO"


def test_a_missing_chip_on_a_pulled_up_bit_banged_bus_is_enodev(rp2_image):
    with Pico(rp2_image, pull_ups=[4, 5]) as pico:
        repl(pico)
        assert run(pico, SOFT_NAK) == "[Errno 19] ENODEV"


def test_a_bus_without_pull_ups_holds_the_clock_low_and_times_out(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        assert run(pico, SOFT_NAK) == "[Errno 110] ETIMEDOUT"


def test_a_pin_reads_its_pads_pull(rp2_image):
    with Pico(rp2_image) as pico:
        repl(pico)
        line = ("from machine import Pin; print(Pin(2, Pin.IN, Pin.PULL_UP).value(), "
                "Pin(3, Pin.IN, Pin.PULL_DOWN).value())")
        assert run(pico, line) == "1 0"
