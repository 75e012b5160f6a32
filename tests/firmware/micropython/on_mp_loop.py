"""The main loop's timing on MicroPython: a scan every period, and every half period while a
touch or a release waits for its confirmation."""

import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from fakes import I2C, Machine, Mpr121, Port, Ticks
from runner import run as run_tests

from firmware.board import TouchBoard
from firmware.main import run

CONFIG = {
    "board": "test-board", "pads": 12, "sensor": "mpr121", "scan_hz": 100, "confirm": 3,
    "max_hold_s": 30, "map": list(range(12)), "buses": [{"sda": 4, "scl": 5, "chips": [0x5A]}],
}


def test_scans_come_twice_as_often_while_a_touch_or_release_is_confirmed():
    chip = Mpr121()
    ticks = Ticks()
    times = []
    step = TouchBoard.step

    def timed(self, elapsed):
        times.append(ticks.now)
        if len(times) == 5:
            chip.set(4, 650)
        elif len(times) == 12:
            chip.set(4, 700)
        elif len(times) == 18:
            raise KeyboardInterrupt  # Ctrl-C: the loop stops
        step(self, elapsed)

    port = Port()
    TouchBoard.step = timed
    try:
        run(CONFIG, Machine({0: I2C({0x5A: chip})}), port, "/firmware", ticks=ticks)
    except KeyboardInterrupt:
        pass
    finally:
        TouchBoard.step = step
    gaps = [times[index + 1] - times[index] for index in range(len(times) - 1)]
    # the finger at the fifth scan: two more confirm it; the lift at the twelfth, the same
    assert gaps == [10] * 4 + [5, 5] + [10] * 5 + [5, 5] + [10] * 4, gaps
    assert [line.split(" ")[2:] for line in port.lines() if line[0] == "T"] == \
        [["D", "4"], ["U", "4"]]


run_tests(globals())
