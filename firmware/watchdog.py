"""The hardware watchdog, and a way to stand it down.

If the main loop stops (a hung bus, a bug), the watchdog resets the microcontroller and the
firmware starts again. But MicroPython's ``machine.WDT`` cannot be stopped once started, and the
Pi's tools need minutes at the REPL to update the firmware after interrupting it with Ctrl-C.
On the RP2040 and RP2350 the watchdog's enable bit sits in its control register, so ``stop``
clears it; elsewhere the watchdog is not started at all.
"""

import sys

_CONTROL = {"RP2040": 0x40058000, "RP2350": 0x400D8000}
_ENABLE = 1 << 30


def _control_register(machine):
    machine_name = getattr(machine, "_machine", None) or getattr(sys.implementation, "_machine", "")
    for chip, address in _CONTROL.items():
        if chip in machine_name:
            return address
    return None


class Watchdog:
    def __init__(self, machine, timeout_ms):
        self.machine = machine
        self.register = _control_register(machine)
        self.wdt = None
        if self.register is not None:
            self.wdt = machine.WDT(timeout=timeout_ms)

    def feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def stop(self):
        if self.wdt is not None:
            self.machine.mem32[self.register] &= ~_ENABLE
            self.wdt = None
