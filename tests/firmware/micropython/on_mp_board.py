"""The whole firmware program on MicroPython: handshake, touches, commands, and a scan that
allocates nothing."""

import gc
import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from fakes import I2C, Machine, Mpr121, Pin, Port
from runner import run

from firmware import proto
from firmware.main import build

CONFIG = {
    "board": "test-board", "pads": 24, "sensor": "mpr121", "scan_hz": 100, "confirm": 3,
    "max_hold_s": 30, "map": list(range(24)),
    "buses": [{"sda": 4, "scl": 5, "chips": [0x5A, 0x5B]}],
}


def board_with_chips(keep=True):
    chips = {0x5A: Mpr121(), 0x5B: Mpr121()}
    port = Port(keep)
    board = build(CONFIG, Machine({0: I2C(chips)}), port, "/firmware")
    return board, chips, port


def test_hello_names_the_protocol_firmware_board_and_thresholds():
    _, _, port = board_with_chips()
    (hello,) = port.lines()
    kind, seq, version, _firmware, content, board, pads, touch, release = hello.split(" ")
    assert (kind, seq, version, board, pads) == ("H", "0", "1", "test-board", "24")
    assert len(content) == 8
    assert (touch, release) == ("12", "6"), "the MPR121 driver's own thresholds"


def test_a_touch_and_a_release_are_reported_with_their_pad():
    board, chips, port = board_with_chips()
    port.lines()
    board.step(10)
    chips[0x5B].set(2, 650)  # pad 14
    for _ in range(3):
        board.step(10)
    chips[0x5B].set(2, 700)
    for _ in range(3):
        board.step(10)
    assert port.lines() == ["T 1 D 14", "T 2 U 14"]


def test_commands_are_answered():
    board, _, port = board_with_chips()
    port.lines()
    port.incoming = (proto.encode("K", 7, ["20", "10"]) + proto.encode("K", 8, ["1", "9"])
                     + proto.encode("Y", 9) + b"noise\n" + proto.encode("D", 10, ["2"])
                     + proto.encode("K", 11, ["9" * 20, "0"]))
    board.step(10)
    assert port.lines() == ["A 1 7 ok", "L 2 20 10", "A 3 8 error thresholds", "S 4 0",
                            "A 5 10 error diagnose", "A 6 11 error thresholds"]
    assert board.pads.touch == 20
    port.incoming = proto.encode("X", 12)
    board.step(10)
    assert port.resets == 1


def test_a_heartbeat_every_second():
    board, _, port = board_with_chips()
    port.lines()
    for _ in range(250):
        board.step(10)
    assert port.lines() == ["B 1 1 100", "B 2 2 100"]


def test_a_scan_allocates_nothing():
    """1,000 scans with touches, releases, heartbeats and a diagnostic stream: the heap does
    not grow by a single byte."""
    scans_allocate_nothing(diagnose=True)


def test_a_scan_that_leaves_chips_unread_allocates_nothing():
    """The same without the stream: the chips' touch statuses read, the data of some."""
    scans_allocate_nothing(diagnose=False)


def test_a_scan_on_chips_with_an_irq_line_allocates_nothing():
    """The same with the chips' IRQ outputs on a pin: the statuses read only while it is low,
    the chips with nothing to read passed over."""
    scans_allocate_nothing(diagnose=False, irq=True)


def scans_allocate_nothing(diagnose, irq=False):
    line = [1]
    if irq:
        chips = {0x5A: Mpr121(), 0x5B: Mpr121()}
        port = Port(False)
        config = dict(CONFIG, buses=[{"sda": 4, "scl": 5, "chips": [0x5A, 0x5B], "irq": 8}])
        board = build(config, Machine({0: I2C(chips)}, {8: Pin(on_read=lambda: line[0])}), port,
                      "/firmware")
    else:
        board, chips, port = board_with_chips(keep=False)
    board.diagnose = diagnose
    chip = chips[0x5A]
    for _ in range(10):
        board.step(10)
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for scan in range(1000):
            if scan % 50 == 0:
                chip.set(5, 640 if scan % 100 == 0 else 700)
            line[0] = 0 if scan % 50 < 2 else 1  # low from a change until it is read
            board.step(10)
        after = gc.mem_alloc()
    finally:
        gc.enable()
    assert port.bytes > (20000 if diagnose else 300), port.bytes
    assert after == before, (before, after)


def touches(port):
    return [line for line in port.lines() if line[0] == "T"]


def test_a_chip_whose_status_says_touched_without_the_data_makes_no_touch():
    board, chips, port = board_with_chips()
    chips[0x5B].status = 0x004  # electrode 2 (pad 14): the chip says so, its data does not
    for _ in range(20):
        board.step(10)
    assert touches(port) == []
    assert chips[0x5B].reads >= 19, "the status makes the data be read every scan"


def test_a_touch_the_chips_status_misses_is_found_in_the_chips_turn():
    board, chips, port = board_with_chips()
    for _ in range(3):
        board.step(10)
    chips[0x5B].status = 0  # the chip's own baselines went astray: it sees nothing
    chips[0x5B].set(2, 650)
    for _ in range(4):  # its turn comes every other scan, then its data is read every scan
        board.step(10)
    assert touches(port) == ["T 1 D 14"]
    chips[0x5B].set(2, 700)
    for _ in range(3):
        board.step(10)
    assert touches(port) == ["T 2 U 14"]


def test_a_touch_is_read_from_the_chip_whose_status_shows_it():
    board, chips, port = board_with_chips()
    for _ in range(4):
        board.step(10)
    before = [chip.reads for chip in chips.values()]
    chips[0x5A].set(7, 660)
    for _ in range(3):
        board.step(10)
    assert touches(port) == ["T 1 D 7"]
    assert [chip.reads - then for chip, then in zip(chips.values(), before)] == [3, 1]


def test_only_the_electrodes_the_status_or_the_pads_point_at_are_read():
    """A finger on electrode 7: its chip's status flags it, and the chip's data is read from
    electrode 7 to 7 (two bytes, not 24), the other electrodes left as they stand; once 7 is
    held, and its chip still flags it, a second finger on electrode 3 reads 3 alone."""
    board, chips, port = board_with_chips()
    for _ in range(4):
        board.step(10)
    chip = chips[0x5A]
    chip.set(7, 660)
    board.step(10)
    board.step(10)  # not the chip's turn: every other scan is the other chip's
    assert (chip.read_from, chip.read_bytes) == (4 + 2 * 7, 2)
    assert board.pads.ok[3] == 2, "electrode 3 unread this scan"
    chip.set(3, 660)
    board.step(10)  # the chip's turn: all of it; 7's touch confirmed
    assert board.pads.touched[7] == 1
    board.step(10)
    assert (chip.read_from, chip.read_bytes) == (4 + 2 * 3, 2)
    assert board.pads.ok[7] == 2, "held, and still flagged: unread"
    board.step(10)
    assert touches(port) == ["T 1 D 7", "T 2 D 3"]


def test_calibrating_takes_every_chips_present_reading():
    board, chips, port = board_with_chips()
    for _ in range(4):
        board.step(10)
    chips[0x5A].set(3, 708)  # within every threshold: the chip says nothing
    chips[0x5B].set(3, 708)
    port.incoming = proto.encode("C", 4)
    board.step(10)
    assert port.lines()[-1] == "A 1 4 ok"
    assert (board.pads.baseline[3] >> 6, board.pads.baseline[15] >> 6) == (708, 708)


def test_new_thresholds_reach_the_chips_status():
    board, chips, port = board_with_chips()
    port.incoming = proto.encode("K", 7, ["30", "10"])
    board.step(10)
    for chip in chips.values():
        assert list(chip.registers[0x41:0x43]) == [15, 7]




def test_a_stopped_main_loop_arms_a_reset_for_a_board_left_alone():
    from firmware import watchdog

    machine = Machine()
    dog = watchdog.Watchdog(machine, 2000)
    assert machine.Timer.armed == []
    dog.stop()
    (timer,) = machine.Timer.armed
    assert timer.period == watchdog.LEFT_ALONE_MS
    assert watchdog.postpone_reset(1000)
    (timer,) = machine.Timer.armed
    assert timer.period == 1000
    timer.callback(timer)
    assert machine.resets == 1
    watchdog.cancel_reset()
    assert machine.Timer.armed == []


run(globals())
