"""The sensor drivers on MicroPython, against fakes of the chips."""

import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from fakes import I2C, Chain, ChargePin, Mpr121
from runner import run

from firmware.pads import Pads
from firmware.sensors.charge import ChargeTime
from firmware.sensors.mpr121 import RETRY_SCANS, Mpr121Array
from firmware.sensors.shift import ShiftChain


def reader(sensor, count):
    faults = []
    sensor.report = lambda code, detail: faults.append((code, detail))
    pads = Pads(count, sensor.polarity, sensor.touch, sensor.release)
    return pads, faults


def test_mpr121_starts_in_run_mode_and_reads_10_bit_data():
    chip = Mpr121()
    sensor = Mpr121Array([(0, I2C({0x5A: chip}), [0x5A])], None)
    pads, faults = reader(sensor, 12)
    sensor.start()
    assert chip.registers[0x5E] == 0x8F
    chip.set(3, 0x2F1)
    sensor.read(pads.raw, pads.ok, 12)
    assert pads.raw[3] == 0x2F1
    assert pads.ok[3] == 1
    assert faults == []


def test_a_missing_mpr121_is_reported_and_the_others_keep_working():
    first, second = Mpr121(), Mpr121()
    second.present = False
    bus = I2C({0x5A: first, 0x5B: second})
    sensor = Mpr121Array([(0, bus, [0x5A, 0x5B])], None)
    pads, faults = reader(sensor, 24)
    sensor.start()
    sensor.read(pads.raw, pads.ok, 24)
    assert faults == [("chip-missing", "0:5B")]
    assert pads.ok[0] == 1
    assert pads.ok[12] == 0
    second.present = True
    for _ in range(RETRY_SCANS):
        sensor.read(pads.raw, pads.ok, 24)
    assert faults[-1] == ("chip-back", "0:5B")
    assert pads.ok[12] == 1


def test_an_mpr121_that_stops_answering_mid_game():
    chip = Mpr121()
    sensor = Mpr121Array([(1, I2C({0x5C: chip}), [0x5C])], None)
    pads, faults = reader(sensor, 12)
    sensor.start()
    chip.present = False
    sensor.read(pads.raw, pads.ok, 12)
    assert faults == [("chip-missing", "1:5C")]
    assert pads.ok[0] == 0


def test_something_else_at_the_address_is_not_taken_for_an_mpr121():
    chip = Mpr121()
    chip.reset = lambda: None  # never shows the MPR121's reset values
    chip.registers[0x5D] = 0
    sensor = Mpr121Array([(0, I2C({0x5A: chip}), [0x5A])], None)
    _, faults = reader(sensor, 12)
    sensor.start()
    assert faults == [("chip-missing", "0:5A")]


def test_the_shift_chain_reads_every_module_in_order():
    chain = Chain(2)
    sensor = ShiftChain(chain.latch, chain.clock, chain.data, 2, None)
    pads, faults = reader(sensor, 16)
    chain.inputs[0] = chain.inputs[9] = 1
    sensor.read(pads.raw, pads.ok, 16)
    assert [i for i in range(16) if pads.raw[i]] == [0, 9]
    assert faults == []


def test_a_broken_chain_is_reported_and_touches_nothing():
    chain = Chain(1)
    sensor = ShiftChain(chain.latch, chain.clock, chain.data, 1, None)
    pads, faults = reader(sensor, 8)
    chain.broken = True
    sensor.read(pads.raw, pads.ok, 8)
    assert faults == [("chain-broken", "1")]
    assert sum(pads.ok) == 0
    chain.broken = False
    sensor.read(pads.raw, pads.ok, 8)
    assert faults[-1] == ("chain-back", "1")


def test_charge_time_counts_until_the_pin_rises():
    pins = [ChargePin(40), ChargePin(75)]
    sensor = ChargeTime(pins, None)
    pads, faults = reader(sensor, 2)
    sensor.read(pads.raw, pads.ok, 2)
    assert pads.raw[0] == 40
    assert pads.raw[1] == 75
    pins[1].charge = 100000  # the pull-up is gone
    sensor.read(pads.raw, pads.ok, 2)
    assert pads.ok[1] == 0
    assert faults == [("pad-open", 1)]


run(globals())
