"""Why the board restarted, on MicroPython: a crash in the main loop is told at once and left
on the flash for the next start, which reports it in its first lines; a watchdog reset and a
restart the Pi asked for are told too, and a power-on says nothing more than its hello."""

import os
import sys

sys.path.insert(0, "/")
sys.path.insert(0, "/tests")

from fakes import I2C, Machine, Mpr121, Port, Ticks
from runner import run as run_tests

from firmware import proto, restart
from firmware.board import TouchBoard
from firmware.main import build, run

CONFIG = {
    "board": "test-board", "pads": 12, "sensor": "mpr121", "scan_hz": 100, "confirm": 3,
    "max_hold_s": 30, "map": list(range(12)), "buses": [{"sda": 4, "scl": 5, "chips": [0x5A]}],
}
NOTE = "/restart-note"


def machine(cause=Machine.PWRON_RESET):
    made = Machine({0: I2C({0x5A: Mpr121()})})
    made.reset_cause = lambda: cause
    return made


def forget_note():
    try:  # noqa: SIM105 - MicroPython has no contextlib
        os.remove(NOTE)
    except OSError:
        pass


def lines_of(port):
    return [" ".join(line.split(" ")[2:]) if line[0] == "F" else line[0]
            for line in port.lines()]


def test_a_power_on_says_only_hello():
    forget_note()
    port = Port()
    build(CONFIG, machine(), port, "/firmware", NOTE)
    assert lines_of(port) == ["H"]


def test_a_crash_is_told_kept_and_reported_by_the_next_start():
    forget_note()
    step = TouchBoard.step

    def failing(self, elapsed):
        if self.uptime >= 1:
            raise ValueError("the sensor bus failed")
        step(self, elapsed)

    port = Port()
    TouchBoard.step = failing
    try:
        run(CONFIG, machine(), port, "/firmware", ticks=Ticks(), note=NOTE)
    except ValueError:
        pass
    else:
        raise AssertionError("the crash is raised for the boot stage to reset the board")
    finally:
        TouchBoard.step = step
    assert lines_of(port)[-1] == "crash ValueError"
    with open(NOTE) as file:
        assert file.read() == "crash:ValueError"
    port = Port()
    build(CONFIG, machine(), port, "/firmware", NOTE)
    assert lines_of(port) == ["H", "restart crash:ValueError"]
    try:
        os.stat(NOTE)
    except OSError:
        pass
    else:
        raise AssertionError("the note is reported once")


def test_a_crash_explains_a_watchdog_reset():
    """The boot stage resets with machine.reset(), which a Pico reports as a watchdog reset."""
    forget_note()
    restart.keep(NOTE, "crash:OSError")
    port = Port()
    build(CONFIG, machine(Machine.WDT_RESET), port, "/firmware", NOTE)
    assert lines_of(port) == ["H", "restart crash:OSError"]


def test_a_hang_is_a_watchdog_reset():
    forget_note()
    port = Port()
    build(CONFIG, machine(Machine.WDT_RESET), port, "/firmware", NOTE)
    assert lines_of(port) == ["H", "restart watchdog", "watchdog reset"]


def test_a_restart_the_pi_asks_for_says_so():
    forget_note()
    port = Port()
    board = build(CONFIG, machine(), port, "/firmware", NOTE)
    port.incoming = proto.encode("X", 4)
    board.step(10)
    assert port.resets == 1
    port = Port()
    build(CONFIG, machine(Machine.WDT_RESET), port, "/firmware", NOTE)
    assert lines_of(port) == ["H", "restart asked"]


def test_the_reason_is_said_again_after_the_first_query_only():
    """A Pi that opens the port after the board restarted (a real USB port comes back after a
    reset) hears why in the answer to its query."""
    forget_note()
    restart.keep(NOTE, "crash:OSError")
    port = Port()
    board = build(CONFIG, machine(), port, "/firmware", NOTE)
    assert lines_of(port) == ["H", "restart crash:OSError"]
    port.incoming = proto.encode("Q", 1)
    board.step(10)
    assert lines_of(port) == ["H", "restart crash:OSError"]
    port.incoming = proto.encode("Q", 2)
    board.step(10)
    assert lines_of(port) == ["H"]


def test_without_a_note_file_nothing_is_kept():
    restart.keep(None, "crash:ValueError")
    assert restart.take(None) is None
    restart.keep("/no/such/folder/note", "crash:ValueError")  # never raises


def test_reasons_are_one_field_of_a_line():
    assert restart.word("crash:Bad Name*\n") == "crash:Bad_Name__"
    assert restart.word("") == "_"
    assert len(restart.word("x" * 100)) == 40
    machine_now = machine(7)
    assert restart.cause(machine_now) == "cause-7"


run_tests(globals())
