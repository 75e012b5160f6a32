"""The firmware's entry point: read the board's config, start the sensors, and scan at a fixed
rate until interrupted.

On the microcontroller the boot stage (``bootstage.py``, installed as the top-level ``main.py``)
calls ``main()``; the simulator calls ``build`` with its own ``machine`` module and serial port
and steps the board on its own clock.
"""

import json

from firmware import port as clock
from firmware.board import TouchBoard
from firmware.identity import VERSION, content_hash
from firmware.port import const
from firmware.sensors import open_sensor
from firmware.watchdog import Watchdog

_WATCHDOG_MS = const(2000)


def load_config(path):
    with open(path) as file:
        return json.load(file)


def build(config, machine, serial, firmware_root):
    """The board program for ``config`` (from the board profile) on ``machine`` (MicroPython's
    module, or the simulator's), talking over ``serial``; started, hello sent."""
    board = None

    def report(code, detail):
        board.report(code, detail)

    sensor = open_sensor(config, machine, report)
    board = TouchBoard(config, sensor, serial, (VERSION, content_hash(firmware_root)))
    board.start()
    if machine.reset_cause() == machine.WDT_RESET:
        board.report("watchdog", "reset")
    return board


def run(config, machine, serial, firmware_root, ticks=clock, started=None):
    """Scan at the config's rate until interrupted (Ctrl-C from the Pi's tools): ``ticks`` is
    the clock module (``ticks_ms``, ``ticks_add``, ``ticks_diff``, ``sleep_ms``). After the
    first second of scanning, ``started()`` tells the boot stage that this firmware works."""
    board = build(config, machine, serial, firmware_root)
    period = 1000 // config["scan_hz"]
    watchdog = Watchdog(machine, _WATCHDOG_MS)
    last = deadline = ticks.ticks_ms()
    scans = 0
    try:
        while True:
            now = ticks.ticks_ms()
            board.step(ticks.ticks_diff(now, last))
            last = now
            scans += 1
            if scans == config["scan_hz"] and started is not None:
                started()
            watchdog.feed()
            deadline = ticks.ticks_add(deadline, period)
            wait = ticks.ticks_diff(deadline, ticks.ticks_ms())
            if wait > 0:
                ticks.sleep_ms(wait)
            elif wait < -period:
                deadline = ticks.ticks_ms()  # fell behind: do not try to catch up
    finally:
        watchdog.stop()


def main(started=None):
    """On the microcontroller (called by the boot stage): the config beside the firmware, USB
    serial to the Pi."""
    import machine

    root = __file__.rsplit("/", 1)[0]
    config = load_config(root.rsplit("/", 1)[0] + "/board.json")
    run(config, machine, clock.UsbSerial(machine), root, started=started)
