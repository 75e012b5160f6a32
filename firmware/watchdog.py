"""The hardware watchdog, a way to stand it down, and a reset for a board left at the prompt.

If the main loop stops (a hung bus, a bug), the watchdog resets the microcontroller and the
firmware starts again. But MicroPython's ``machine.WDT`` cannot be stopped once started, and the
Pi's tools need minutes at the REPL to update the firmware after interrupting it with Ctrl-C.
On the RP2040 and RP2350 the watchdog's enable bit sits in its control register, so ``stop``
clears it; elsewhere the watchdog is not started at all.

A board whose update was cut short (the cable pulled, the tool killed) would then wait at the
prompt for ever. So ``stop`` also arms a one-shot timer that resets the board ``LEFT_ALONE_MS``
after the main loop stopped; the update tool postpones it each time it starts work on the
board (``postpone_reset``), and the reset that ends an update cancels it. A board nobody is
working on boots its firmware again ten minutes after it was left.
"""

import sys

from firmware.port import const

_CONTROL = {"RP2040": 0x40058000, "RP2350": 0x400D8000}
_ENABLE = 1 << 30
LEFT_ALONE_MS = const(600000)


class _LeftAlone:
    """The machine and the armed reset timer, kept between the firmware's run and the prompt
    (where the update tool reaches them through this module)."""

    machine = None
    timer = None


_LEFT = _LeftAlone()


def _control_register(machine):
    machine_name = getattr(machine, "_machine", None) or getattr(sys.implementation, "_machine", "")
    for chip, address in _CONTROL.items():
        if chip in machine_name:
            return address
    return None


def postpone_reset(ms=LEFT_ALONE_MS):
    """Reset the board ``ms`` from now unless the firmware runs again (or this is called again)
    first; whether a timer was armed (a port without ``machine.Timer`` has none)."""
    machine = _LEFT.machine
    timer_class = getattr(machine, "Timer", None) if machine is not None else None
    if timer_class is None:
        return False
    cancel_reset()
    _LEFT.timer = timer_class(-1)
    _LEFT.timer.init(mode=timer_class.ONE_SHOT, period=ms, callback=lambda _: machine.reset())
    return True


def cancel_reset():
    """The firmware runs again: no reset is due."""
    if _LEFT.timer is not None:
        _LEFT.timer.deinit()
        _LEFT.timer = None


class Watchdog:
    def __init__(self, machine, timeout_ms):
        _LEFT.machine = machine
        cancel_reset()
        self.machine = machine
        self.register = _control_register(machine)
        self.wdt = None
        if self.register is not None:
            self.wdt = machine.WDT(timeout=timeout_ms)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop(self):
        """The main loop stopped (Ctrl-C from the Pi's tools, or a fault): stand the watchdog
        down and arm the reset for a board left alone."""
        if self.wdt is not None:
            self.machine.mem32[self.register] &= ~_ENABLE
            self.wdt = None
        postpone_reset()
