"""The MPR121 model behaves as its datasheet says, so a driver tested on it is tested against
the chip's rules."""

from __future__ import annotations

from sim.touch_board.mpr121 import Mpr121Model
from sim.touch_board.pads import MPR121_PADS, VirtualPads


def chip() -> tuple[Mpr121Model, VirtualPads]:
    pads = VirtualPads(12, MPR121_PADS)
    return Mpr121Model(pads, list(range(12))), pads


def test_a_soft_reset_restores_the_defaults():
    model, _ = chip()
    model.write(0x5D, b"\x11")
    model.write(0x80, b"\x63")
    assert model.read(0x5C, 2) == b"\x10\x24"
    assert model.read(0x5E, 1) == b"\x00"


def test_electrodes_are_measured_only_in_run_mode():
    model, _ = chip()
    assert model.read(0x04, 24) == bytes(24)
    model.write(0x5E, b"\x8f")
    data = model.read(0x04, 24)
    values = [data[2 * i] | data[2 * i + 1] << 8 for i in range(12)]
    assert all(600 < value < 800 for value in values)


def test_configuration_is_locked_in_run_mode():
    model, _ = chip()
    model.write(0x5E, b"\x8f")
    model.write(0x41, b"\x30")
    assert model.read(0x41, 1) == b"\x00"
    model.write(0x5E, b"\x00")
    model.write(0x41, b"\x30")
    assert model.read(0x41, 1) == b"\x30"


def test_a_finger_lowers_the_data_and_sets_the_touch_status():
    model, pads = chip()
    model.write(0x41 + 2 * 4, b"\x0c")
    model.write(0x5D, b"\x20")  # as the firmware sets it: 4 samples, 1 ms apart
    model.write(0x5E, b"\x8f")
    model.read(0x00, 2)
    pads.down(4)
    assert model.read(0x00, 2) == b"\x00\x00"  # the second filter has not seen it yet
    pads.advance(4)
    status = model.read(0x00, 2)
    assert status == b"\x10\x00"


def test_the_irq_output_goes_low_on_a_change_of_status_until_the_status_is_read():
    model, pads = chip()
    model.write(0x41 + 2 * 4, b"\x0c")
    model.write(0x5D, b"\x20")
    model.write(0x5E, b"\x8f")
    model.read(0x00, 2)
    assert not model.irq_low()
    pads.down(4)
    pads.advance(4)
    assert model.irq_low()
    assert model.irq_low(), "until the status is read"
    model.read(0x04, 2)
    assert model.irq_low(), "the data does not let it go"
    assert model.read(0x00, 2) == b"\x10\x00"
    assert not model.irq_low()
    pads.up(4)
    pads.advance(4)
    assert model.irq_low()
    model.read(0x00, 2)
    assert not model.irq_low()
