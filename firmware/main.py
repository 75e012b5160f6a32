"""The firmware's entry point: read the board's config, start the sensors, and scan at a fixed
rate until interrupted.

On the microcontroller the boot stage (``bootstage.py``, installed as the top-level ``main.py``)
calls ``main()``; the simulator calls ``build`` with its own ``machine`` module and serial port
and steps the board on its own clock.
"""

import json

from firmware import port as clock
from firmware import restart
from firmware.board import TouchBoard
from firmware.identity import VERSION, content_hash
from firmware.port import const
from firmware.sensors import open_sensor
from firmware.watchdog import Watchdog

_WATCHDOG_MS = const(2000)
NOTE = "restart"
"""The file, beside the firmware sets (``/fw/restart``), that says why the board is reset."""


def load_config(path):
    with open(path) as file:
        return json.load(file)


def build(config, machine, serial, firmware_root, note=None):
    """The board program for ``config`` (from the board profile) on ``machine`` (MicroPython's
    module, or the simulator's), talking over ``serial``; started, hello sent, and unless it
    was powered on, why it restarted: ``F restart REASON``, the reason a former run left at
    ``note`` (a crash, a restart the Pi asked for) or else the machine's reset cause."""
    board = None

    def report(code, detail):
        board.report(code, detail)

    sensor = open_sensor(config, machine, report)
    board = TouchBoard(config, sensor, serial, (VERSION, content_hash(firmware_root)), note)
    noted = restart.take(note)
    reason = noted or restart.cause(machine)
    board.start(None if reason == restart.POWER else reason)  # the usual start needs no words
    if noted is None and machine.reset_cause() == machine.WDT_RESET:
        board.report("watchdog", "reset")  # the previous run hung
    return board


def run(config, machine, serial, firmware_root, ticks=clock, started=None, note=None):
    """Scan at the config's rate (twice as fast while a touch or a release is being confirmed,
    or the sensor has news to read)
    until interrupted (Ctrl-C from the Pi's tools): ``ticks`` is
    the clock module (``ticks_ms``, ``ticks_add``, ``ticks_diff``, ``sleep_ms``). After the
    first second of scanning, ``started()`` tells the boot stage that this firmware works. A
    crash is told to the Pi (``F crash NAME``) and left at ``note`` for the next start to
    report, before the boot stage resets the board."""
    board = build(config, machine, serial, firmware_root, note)
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
            # While a touch or a release waits to be confirmed, scans come twice as often: the
            # integrator's scans then take half the time, and a touch reaches the Pi sooner.
            deadline = ticks.ticks_add(deadline, period // 2 if board.hurried() else period)
            wait = ticks.ticks_diff(deadline, ticks.ticks_ms())
            if wait > 0:
                ticks.sleep_ms(wait)
            elif wait < -period:
                deadline = ticks.ticks_ms()  # fell behind: do not try to catch up
    except Exception as error:  # Ctrl-C (KeyboardInterrupt) is not a crash
        restart.crashed(board, note, error)
        raise
    finally:
        watchdog.stop()


def main(started=None):
    """On the microcontroller (called by the boot stage): the config beside the firmware, USB
    serial to the Pi."""
    import machine

    root = __file__.rsplit("/", 1)[0]
    config = load_config(root.rsplit("/", 1)[0] + "/board.json")
    run(config, machine, clock.UsbSerial(machine), root, started=started,
        note=root.rsplit("/", 2)[0] + "/" + NOTE)
