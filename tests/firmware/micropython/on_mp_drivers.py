"""The sensor drivers on MicroPython, against fakes of the chips."""

import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from fakes import I2C, Chain, ChargePin, Mpr121, MuxedI2C, Pin
from runner import run

from firmware.pads import UNREAD, Pads
from firmware.sensors.charge import ChargeTime
from firmware.sensors.mpr121 import BUDGET, RETRY_SCANS, Mpr121Array, hint
from firmware.sensors.shift import ShiftChain


def reader(sensor, count):
    faults = []
    sensor.report = lambda code, detail: faults.append((code, detail))
    pads = Pads(count, sensor.polarity, sensor.touch, sensor.release)
    return pads, faults


def test_mpr121_starts_in_run_mode_and_reads_10_bit_data():
    chip = Mpr121()
    sensor = Mpr121Array([(0, I2C({0x5A: chip}), [0x5A], None, None, None)], None)
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
    sensor = Mpr121Array([(0, bus, [0x5A, 0x5B], None, None, None)], None)
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
    sensor = Mpr121Array([(1, I2C({0x5C: chip}), [0x5C], None, None, None)], None)
    pads, faults = reader(sensor, 12)
    sensor.start()
    chip.present = False
    sensor.read(pads.raw, pads.ok, 12)
    assert faults == [("chip-missing", "1:5C")]
    assert pads.ok[0] == 0


def test_mpr121s_behind_a_mux_are_read_one_channel_after_another():
    """Two chips of the same address on two channels of a TCA9548A: each is read on its own
    channel, the mux switched once a channel; a mux that stops answering takes its chips."""
    near, far = Mpr121(), Mpr121()
    bus = MuxedI2C(0x70, {(0, 0x5A): near, (1, 0x5A): far})
    sensor = Mpr121Array([(0, bus, [0x5A, 0x5A], 0x70, [0, 1], None)], None)
    pads, faults = reader(sensor, 24)
    sensor.start()
    near.set(2, 0x123)
    far.set(2, 0x234)
    sensor.everything = True
    switches = bus.switches
    sensor.read(pads.raw, pads.ok, 24)
    assert (pads.raw[2], pads.raw[14]) == (0x123, 0x234)
    assert bus.switches - switches == 2
    assert faults == []
    bus.present = False
    sensor.read(pads.raw, pads.ok, 24)
    assert faults == [("chip-missing", "0:0:5A"), ("chip-missing", "0:1:5A")]


def two_chips():
    chips = [Mpr121(), Mpr121()]
    sensor = Mpr121Array([(0, I2C({0x5A: chips[0], 0x5B: chips[1]}), [0x5A, 0x5B], None, None,
                           None)], None)
    pads, faults = reader(sensor, 24)
    sensor.start()
    sensor.read(pads.raw, pads.ok, 24)  # a chip just started is read in full
    return sensor, chips, pads, faults


def test_an_mpr121_whose_status_is_clear_is_read_only_in_its_turn():
    sensor, chips, pads, faults = two_chips()
    assert [chip.reads for chip in chips] == [1, 1]
    chips[0].set(0, 702)  # within the chip's thresholds: its status stays clear
    chips[1].set(0, 698)
    sensor.read(pads.raw, pads.ok, 24)  # the second chip's turn
    assert (pads.raw[0], pads.ok[0], pads.raw[12], pads.ok[12]) == (700, UNREAD, 698, 1)
    sensor.read(pads.raw, pads.ok, 24)  # the first's
    assert (pads.raw[0], pads.ok[0], pads.ok[12]) == (702, 1, UNREAD)
    assert [chip.reads for chip in chips] == [2, 2]
    assert faults == []


def test_an_mpr121_whose_status_is_set_is_read_at_once():
    sensor, chips, pads, _ = two_chips()
    chips[0].set(5, 690)  # 10 counts: past the chip's threshold, half of ours
    sensor.read(pads.raw, pads.ok, 24)  # not its turn
    assert (pads.raw[5], pads.ok[5]) == (690, 1)


def test_the_chips_the_pads_watch_and_every_chip_when_asked_are_read():
    sensor, chips, pads, _ = two_chips()
    sensor.read(pads.raw, pads.ok, 24)  # the second chip's turn
    chips[0].set(1, 699)
    sensor.watch(pads.todo, 0, pads.touched, pads.counter)
    pads.todo[0] = 1
    sensor.watch(pads.todo, 1, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, 24)  # the first chip's turn anyway; then the second's
    chips[0].set(1, 698)
    sensor.watch(pads.todo, 1, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, 24)
    assert (pads.raw[1], pads.ok[1], pads.ok[12]) == (698, 1, 1)
    chips[0].set(1, 697)
    chips[1].set(1, 697)
    sensor.read(pads.raw, pads.ok, 24)  # watched no more: the first chip's turn only
    assert (pads.raw[1], pads.ok[13]) == (697, UNREAD)
    sensor.watch(None, 0, None, None)
    sensor.read(pads.raw, pads.ok, 24)
    assert (pads.raw[13], pads.ok[13], pads.ok[1]) == (697, 1, 1)


def test_a_held_pad_the_chip_still_flags_is_not_read_until_its_status_clears():
    """A pad held at rest whose chip's status still flags it needs no data: it stands as it
    is, its held time counting; once the status clears, its data is read, and the release
    confirmed on it."""
    sensor, chips, pads, _ = two_chips()
    pads.update()  # the baselines, at rest
    chips[0].set(4, 650)  # a finger: 50 counts, past our threshold and the chip's
    for _ in range(4):
        sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
        sensor.read(pads.raw, pads.ok, 24)
        pads.update()
    assert pads.touched[4] == 1
    reads = chips[0].reads
    unread = 0
    for _ in range(6):
        sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
        sensor.read(pads.raw, pads.ok, 24)
        pads.update()
        unread += pads.ok[4] == UNREAD
    assert (chips[0].reads - reads, unread) == (3, 3), "read in its chip's turn only"
    held = pads.held[4]
    sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, 24)  # the second chip's turn
    pads.update()
    assert pads.held[4] == held + 1
    chips[0].set(4, 700)  # lifted: the status clears
    events = []
    for _ in range(4):
        sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
        sensor.read(pads.raw, pads.ok, 24)
        assert pads.ok[4] == 1
        pads.update()
        events += [pads.events[i] for i in range(pads.event_count)]
    assert events == [-1 - 4]


def irq_chips():
    """Three chips whose IRQ outputs share a line (``level``: what it reads, 1 high)."""
    chips = [Mpr121(), Mpr121(), Mpr121()]
    line = [1]
    bus = I2C({0x5A: chips[0], 0x5B: chips[1], 0x5C: chips[2]})
    sensor = Mpr121Array([(0, bus, [0x5A, 0x5B, 0x5C], None, None,
                           Pin(on_read=lambda: line[0]))], None)
    pads, _ = reader(sensor, 36)
    sensor.start()
    sensor.read(pads.raw, pads.ok, 36)
    pads.update()
    return sensor, chips, pads, line


def scan(sensor, pads):
    sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, 36)
    pads.update()
    return [pads.events[i] for i in range(pads.event_count)]


def test_with_an_irq_line_the_statuses_are_read_only_when_it_is_low():
    sensor, chips, pads, line = irq_chips()
    statuses = [chip.statuses for chip in chips]
    for _ in range(6):
        scan(sensor, pads)
    # at rest: no status read at all
    assert [chip.statuses - before for chip, before in zip(chips, statuses)] == [0, 0, 0]
    chips[2].set(7, 650)  # a finger on the third chip: its IRQ goes low
    line[0] = 0
    scan(sensor, pads)
    assert [chip.statuses - before for chip, before in zip(chips, statuses)] == [1, 1, 1]
    line[0] = 1  # the status was read: the line lets go
    events = []
    for _ in range(3):
        events += scan(sensor, pads)
    assert events == [24 + 7]
    assert [chip.statuses - before for chip, before in zip(chips, statuses)] == [1, 1, 1]
    reads = chips[2].reads
    for _ in range(6):  # held at rest: its chip is read in its turn only
        assert scan(sensor, pads) == []
    assert chips[2].reads - reads == 2


def test_a_touch_the_irq_line_never_told_is_found_in_the_chips_turn():
    """A cut IRQ wire leaves the line high: each chip's turn still reads all of its data, so a
    touch is found, later."""
    sensor, chips, pads, _ = irq_chips()
    chips[1].set(0, 650)
    events = []
    for _ in range(9):
        events += scan(sensor, pads)
    assert events == [12]


def test_news_from_every_chip_at_once_is_read_over_two_scans():
    """A hand on the board: every chip's IRQ news in one scan. That scan reads as many statuses
    and data as its ``BUDGET`` allows (a status and the data of each chip with news); the next
    (sooner: ``pending``) the rest, starting where the last left off."""
    chips = [Mpr121() for _ in range(BUDGET // 2 + 2)]
    line = [1]
    bus = MuxedI2C(0x70, {(index % 8, 0x5A + index // 8): chip
                          for index, chip in enumerate(chips)})
    sensor = Mpr121Array([(0, bus, [0x5A + index // 8 for index in range(len(chips))], 0x70,
                           [index % 8 for index in range(len(chips))],
                           Pin(on_read=lambda: line[0]))], None)
    count = 12 * len(chips)
    pads, _ = reader(sensor, count)
    sensor.start()
    sensor.read(pads.raw, pads.ok, count)
    pads.update()
    for chip in chips:
        chip.set(0, 650)
    line[0] = 0
    statuses = [chip.statuses for chip in chips]
    sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, count)
    read = [pads.ok[12 * index] for index in range(len(chips))]
    assert read.count(1) == BUDGET // 2 + 1, read  # and the chip in its turn, whole
    assert [chip.statuses - before for chip, before in zip(chips, statuses)].count(0) == 1
    assert sensor.pending
    pads.update()
    left = chips[read.index(UNREAD)]
    told = left.statuses
    line[0] = 0  # low while the chip left is not asked
    sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, count)
    assert (pads.ok[12 * read.index(UNREAD)], left.statuses - told) == (1, 1), \
        "the one left, read first"
    pads.update()
    line[0] = 1
    sensor.watch(pads.todo, pads.todo_count, pads.touched, pads.counter)
    sensor.read(pads.raw, pads.ok, count)  # the touches being confirmed: within the budget
    assert [pads.ok[12 * index] for index in range(len(chips))] == [1] * len(chips)
    assert not sensor.pending


def test_the_chips_thresholds_are_half_ours_and_follow_them():
    sensor, chips, _, _ = two_chips()
    assert hint(12) == (6, 3)
    assert (hint(1), hint(1000)) == ((1, 0), (255, 127))
    assert list(chips[1].registers[0x41:0x59]) == [6, 3] * 12
    sensor.sensitivity(30)
    for chip in chips:
        assert list(chip.registers[0x41:0x59]) == [15, 7] * 12
        assert chip.registers[0x5E] == 0x0F, "running again, the chip's baselines kept"
    chips[1].present = False
    faults = []
    sensor.report = lambda code, detail: faults.append((code, detail))
    sensor.sensitivity(20)
    assert faults == [("chip-missing", "0:5B")]


def test_something_else_at_the_address_is_not_taken_for_an_mpr121():
    chip = Mpr121()
    chip.reset = lambda: None  # never shows the MPR121's reset values
    chip.registers[0x5D] = 0
    sensor = Mpr121Array([(0, I2C({0x5A: chip}), [0x5A], None, None, None)], None)
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
