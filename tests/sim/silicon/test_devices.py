"""The touch chips beside the emulated Pico, as the firmware meets them through rp2 MicroPython's
own ``machine.I2C`` and ``machine.Pin``: MPR121 registers over I2C, the 74HC165 chain
bit-banged, charge-time pads; fingers placed in simulated time."""

from __future__ import annotations

import pytest

from controller.profile import load_profile
from controller.profile.firmware import firmware_config
from firmware.sensors import mpr121
from sim.silicon.emulator import Pico, SiliconError
from tests.support.profiles import chain_16x16

from .test_boot import BOOT, one_line, repl, run

pytestmark = pytest.mark.silicon

EIGHT = firmware_config(load_profile("kaskade-8x8"))
SIXTEEN = firmware_config(chain_16x16())
MUXED = firmware_config(load_profile("kaskade-16x16"))
PAD = EIGHT["map"][4 * 12 + 5]
"""The pad on electrode 5 of the second bus's second chip (0x5B): the fifth chip of six."""
CHARGE = {"board": "charge", "pads": 4, "sensor": "gpio", "map": [0, 1, 2, 3],
          "pins": [10, 11, 12, 13], "scan_hz": 100}

I2C = one_line("""
import machine, time
bus = machine.I2C(1, sda=machine.Pin(6), scl=machine.Pin(7), freq=400000)
def reg(r, n=1):
    return list(bus.readfrom_mem(0x5b, r, n))
def electrode(e):
    d = reg(4 + 2 * e, 2)
    return d[0] | d[1] << 8
""")


def finger(pico: Pico, pad: int, touched: bool = True) -> None:
    """A finger on (off) ``pad``, waited for until it has landed in simulated time."""
    start = pico.event_count()
    pico.touch(pad, touched)
    pico.wait_event(f"pad {pad} {'down' if touched else 'up'} ", BOOT, start)


def test_an_mpr121_resets_runs_and_sees_a_finger_in_its_data_and_status(rp2_image):
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        run(pico, I2C)
        assert run(pico, "bus.writeto_mem(0x5b, 0x80, b'\\x63'); print(reg(0x5c, 2))") == \
            "[16, 36]"
        assert run(pico, "bus.writeto_mem(0x5b, 0x5c, b'\\x10\\x20\\x8f'); print(reg(0x5c, 3))") \
            == "[16, 32, 143]"
        untouched = int(run(pico, "time.sleep_ms(10); print(electrode(5))"))
        assert 600 < untouched < 800
        assert run(pico, "print(reg(0, 2))") == "[0, 0]"
        # In run mode only ECR takes a write (the datasheet).
        assert run(pico, "bus.writeto_mem(0x5b, 0x5c, b'\\x3f'); print(reg(0x5c))") == "[16]"
        finger(pico, PAD)
        touched = int(run(pico, "time.sleep_ms(10); print(electrode(5))"))
        assert untouched - touched > 35  # a finger lowers the data by about 45 counts
        assert run(pico, "print(reg(0, 2))") == "[32, 0]"  # electrode 5's status bit
        finger(pico, PAD, touched=False)
        assert abs(int(run(pico, "time.sleep_ms(10); print(electrode(5))")) - untouched) < 10


def test_the_mpr121_filter_takes_its_samples_before_a_finger_shows_in_full(rp2_image):
    # Four samples a millisecond apart (register 0x5D = 0x20): for three milliseconds after the
    # finger the data is partway down.
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        run(pico, I2C)
        run(pico, "bus.writeto_mem(0x5b, 0x5d, b'\\x20\\x8f')")
        untouched = int(run(pico, "time.sleep_ms(10); print(electrode(5))"))
        start = pico.event_count()
        pico.touch(PAD, after_ms=40)
        line = "t = time.ticks_ms(); d = []\nwhile time.ticks_diff(time.ticks_ms(), t) < 100:\n" \
               "    d.append(electrode(5))\nprint(*d)"
        readings = [int(n) for n in run(pico, one_line(line)).split()]
        pico.wait_event(f"pad {PAD} down", BOOT, start)
        assert readings[0] > untouched - 8
        assert readings[-1] < untouched - 35
        assert any(untouched - 35 < value < untouched - 8 for value in readings)


AS_THE_FIRMWARE = one_line("""
bus.writeto_mem(0x5b, 0x80, b'\\x63')
bus.writeto_mem(0x5b, 0x5e, b'\\x00')
for r, v in FILTERS:
    bus.writeto_mem(0x5b, r, bytes([v]))
bus.writeto_mem(0x5b, 0x41, bytes([6, 3] * 12))
bus.writeto_mem(0x5b, 0x5b, b'\\x00')
bus.writeto_mem(0x5b, 0x5c, b'\\x10')
bus.writeto_mem(0x5b, 0x5d, b'\\x20')
bus.writeto_mem(0x5b, 0x5e, b'\\x8f')
""")


def test_the_mpr121s_own_baseline_and_status_follow_the_filters_the_firmware_sets(rp2_image):
    """Started as the firmware starts it (its filters, status thresholds half its own, CL 10),
    the chip's first baseline is the data's top five bits; the rising filter (MHD 1, NHD 1,
    NCL 14) then climbs a count every 15 samples, so its status cannot see a finger for a
    while (the firmware reads each chip's data in turn meanwhile). Once caught up, a finger
    sets the status within the second filter's 4 ms, the touched filter (NHD 0) holds the
    baseline under it, and the status clears once the finger is gone."""
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        run(pico, I2C)
        run(pico, f"FILTERS = {list(mpr121._FILTERS)}")
        run(pico, AS_THE_FIRMWARE)
        data = int(run(pico, "time.sleep_ms(1); print(electrode(5))"))
        first = int(run(pico, "print(reg(0x1e + 5)[0] * 4)"))
        assert first == data & 0x3E0
        later = int(run(pico, "time.sleep_ms(150); print(reg(0x1e + 5)[0] * 4)"))
        assert first < later <= first + 16  # ten counts in 150 samples, seen as 8 bits
        run(pico, "time.sleep_ms(600)")
        settled = int(run(pico, "print(reg(0x1e + 5)[0] * 4)"))
        assert abs(settled - electrode_now(pico)) <= 6
        start = pico.event_count()
        pico.touch(PAD)
        pico.wait_event(f"pad {PAD} down", BOOT, start)
        status = run(pico, one_line("t = time.ticks_us()\nwhile not reg(0)[0] & 32:\n    pass\n"
                                    "print(time.ticks_diff(time.ticks_us(), t))"))
        assert int(status) < 4_000
        under = int(run(pico, "print(reg(0x1e + 5)[0] * 4)"))
        assert abs(under - settled) <= 8
        assert int(run(pico, "time.sleep_ms(200); print(reg(0x1e + 5)[0] * 4)")) == under
        finger(pico, PAD, touched=False)
        assert run(pico, "time.sleep_ms(10); print(reg(0, 2))") == "[0, 0]"


def electrode_now(pico: Pico) -> int:
    return int(run(pico, "print(electrode(5))"))


def test_a_missing_mpr121_naks_at_once_and_answers_again_when_back(rp2_image):
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        run(pico, I2C)
        start = pico.event_count()
        pico.command(chip="1:5B", present=False)
        pico.wait_event("chip 1:5B absent", BOOT, start)
        assert run(pico, one_line("try:\n    reg(0x5d)\nexcept OSError as e:\n    print(e)")) \
            == "[Errno 5] EIO"
        assert run(pico, "print(list(bus.readfrom_mem(0x5a, 0x5d, 1)))") == "[36]"
        pico.command(chip="1:5B", present=True)
        pico.wait_event("chip 1:5B present", BOOT, start)
        assert run(pico, "print(reg(0x5d))") == "[36]"


def test_a_tca9548a_connects_one_channels_chips_at_a_time(rp2_image):
    """Behind the mux, the chips of a channel answer only while it is connected (its control
    byte, read back as written); the same address on two channels is two chips."""
    with Pico(rp2_image, board=MUXED) as pico:
        repl(pico)
        run(pico, one_line("""
import machine
bus = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
def cdt(channel):
    try:
        bus.writeto(0x70, bytes([1 << channel]))
        return bus.readfrom_mem(0x5d, 0x5d, 1)[0]
    except OSError as error:
        return str(error)
"""))
        assert run(pico, "print(cdt(0), cdt(1), cdt(2))") == "36 36 [Errno 5] EIO"  # 0x5D
        assert run(pico, "n = bus.writeto(0x70, b'\\x04'); print(bus.readfrom(0x70, 1)[0])") == \
            "4"
        start = pico.event_count()
        pico.command(chip="0:mux", present=False)
        pico.wait_event("chip 0:mux absent", BOOT, start)
        assert run(pico, "print(cdt(0))") == "[Errno 5] EIO"


IRQ = one_line("""
import machine, time
bus = machine.I2C(0, sda=machine.Pin(4), scl=machine.Pin(5), freq=400000)
line = machine.Pin(8, machine.Pin.IN, machine.Pin.PULL_UP)
bus.writeto(0x70, b'\\x01')
bus.writeto_mem(0x5a, 0x80, b'\\x63')
bus.writeto_mem(0x5a, 0x41, bytes([6, 3] * 12))
bus.writeto_mem(0x5a, 0x5d, b'\\x20')
bus.writeto_mem(0x5a, 0x5e, b'\\xcf')
def status():
    return list(bus.readfrom_mem(0x5a, 0, 2))
""")


def test_the_mpr121s_irq_goes_low_on_a_change_of_status_until_the_status_is_read(rp2_image):
    """The 16x16's chips on a bus share an IRQ line (GPIO 8 for the first bus): high at rest;
    low once a finger sets a chip's status, and high again once the status is read; low again
    when the finger leaves."""
    pad = MUXED["map"][0]  # electrode 0 of the first chip, 0x5A on the mux's channel 0
    assert MUXED["buses"][0]["irq"] == 8
    with Pico(rp2_image, board=MUXED) as pico:
        repl(pico)
        run(pico, IRQ)
        assert run(pico, "time.sleep_ms(20); print(line(), status(), line())") == "1 [0, 0] 1"
        finger(pico, pad)
        assert run(pico, "time.sleep_ms(10); print(line(), line())") == "0 0"
        assert run(pico, "print(status(), line())") == "[1, 0] 1"
        finger(pico, pad, touched=False)
        assert run(pico, "time.sleep_ms(10); print(line(), status(), line())") == "0 [0, 0] 1"


SHIFT = one_line("""
from machine import Pin
import time
clock, latch, data = Pin(2, Pin.OUT, value=0), Pin(3, Pin.OUT, value=1), Pin(4, Pin.IN)
def bits(n=264):
    latch(0); latch(1)
    out = []
    for _ in range(n):
        out.append(data())
        clock(1); clock(0)
    return out
def ones():
    b = bits()
    return [i for i in range(len(b)) if b[i]]
""")


def test_the_74hc165_chain_shifts_out_each_ttp223_then_zeros(rp2_image):
    """Each TTP223 makes the finger out after its response time (60 ms, its datasheet's
    most in fast mode), both ways."""
    with Pico(rp2_image, board=SIXTEEN) as pico:
        repl(pico)
        run(pico, SHIFT)
        assert run(pico, "print(ones())") == "[]"
        finger(pico, 0)
        finger(pico, 77)
        channel = SIXTEEN["map"].index(77)
        assert run(pico, "print(ones())") == "[]"  # not yet
        assert run(pico, "time.sleep_ms(60); print(ones())") == f"[0, {channel}]"
        finger(pico, 0, touched=False)
        assert run(pico, "print(ones())") == f"[0, {channel}]"
        assert run(pico, "time.sleep_ms(60); print(ones())") == f"[{channel}]"


def test_a_broken_chain_reads_the_pull_up(rp2_image):
    with Pico(rp2_image, board=SIXTEEN) as pico:
        repl(pico)
        run(pico, SHIFT)
        start = pico.event_count()
        pico.command(chain="broken")
        pico.wait_event("chain broken", BOOT, start)
        assert run(pico, "print(sum(bits()))") == "264"
        pico.command(chain="whole")
        pico.wait_event("chain whole", BOOT, start)
        assert run(pico, "print(sum(bits()))") == "0"


CHARGE_TIME = one_line("""
from machine import Pin
import time
def count(n):
    pin = Pin(n, Pin.OUT, value=0)
    pin.init(Pin.IN)
    t = time.ticks_us()
    while not pin.value():
        pass
    return time.ticks_diff(time.ticks_us(), t)
""")


def test_a_charge_time_pad_rises_later_under_a_finger_and_never_without_its_pull_up(rp2_image):
    with Pico(rp2_image, board=CHARGE) as pico:
        repl(pico)
        run(pico, CHARGE_TIME)
        assert run(pico, "print(Pin(11, Pin.IN).value())") == "1"  # left charged
        untouched = int(run(pico, "print(count(11))"))
        finger(pico, 1)
        touched = int(run(pico, "print(count(11))"))
        assert touched - untouched > 15  # microseconds: 30 pF more through 1 MOhm
        start = pico.event_count()
        pico.command(pin=12, open=True)
        pico.wait_event("pin 12 open", BOOT, start)
        assert run(pico, "p = Pin(12, Pin.OUT, value=0); p.init(Pin.IN); time.sleep_ms(5); "
                         "print(p.value())") == "0"


def test_a_command_the_board_cannot_carry_out_is_reported_and_the_run_goes_on(rp2_image):
    with Pico(rp2_image, board=EIGHT) as pico:
        repl(pico)
        pico.command(chip="2:5A", present=False)
        pico.touch(64)
        pico.command(chain="broken")
        pico.wait_event("has no shift register chain", BOOT)
        errors = [event for event in pico.events if "control: error" in event]
        assert "no chip 2:5A" in errors[0]
        assert "no pad 64: the board has pads 0-63" in errors[1]
        assert run(pico, "print(6*7)") == "42"


def test_a_pico_without_a_board_refuses_board_commands(rp2_image):
    with Pico(rp2_image) as pico, pytest.raises(SiliconError, match="no board wired"):
        pico.touch(0)
