"""What the firmware needs from MicroPython besides its sensors: ``const``, the millisecond
clock and the USB serial line. MicroPython's names, with CPython stand-ins so the firmware
imports and runs on a desktop too. (MicroPython's compiler folds ``X = const(1)`` wherever
``const`` comes from, so importing it from here costs the board nothing.)"""

import sys

MICROPYTHON = sys.implementation.name == "micropython"
"""Whether this is MicroPython. Asked of the interpreter itself, never by trying an import: a
desktop package may install a module named ``micropython`` (Adafruit's Blinka does, for
CircuitPython code), and taking CPython for MicroPython would load the viper module."""

if MICROPYTHON:
    from time import sleep_ms, ticks_add, ticks_diff, ticks_ms

    from micropython import const
else:
    import time

    def const(value):
        return value

    _START = time.monotonic()

    def ticks_ms():
        return int((time.monotonic() - _START) * 1000)

    def ticks_add(ticks, delta):
        return ticks + delta

    def ticks_diff(end, start):
        return end - start

    def sleep_ms(ms):
        time.sleep(ms / 1000)


_DRAIN_MS = const(20)
"""Enough USB frames (a millisecond each) for the last lines to leave."""


class UsbSerial:
    """The USB serial line as MicroPython's stdin and stdout: ``read`` returns what has
    arrived without waiting, ``write`` sends part of a buffer without copying it."""

    def __init__(self, machine):
        import select

        self.machine = machine
        self.poll = select.poll()
        self.poll.register(sys.stdin, select.POLLIN)
        self.input = sys.stdin.buffer
        self.output = sys.stdout.buffer

    def read(self):
        """What has arrived (at most 256 bytes), or None. Asked every scan, so the question
        allocates nothing: ``ipoll`` (not ``poll``, whose answer is a new list each time)."""
        data = b""
        while len(data) < 256 and self._waiting():
            byte = self.input.read(1)
            if not byte:  # a line that says "ready" but has nothing: stop, do not spin
                break
            data += byte
        return data or None

    def _waiting(self):
        for _ in self.poll.ipoll(0):
            return True
        return False

    def write(self, buf, length):
        self.output.write(buf, length)

    def reset(self):
        """Reset the board, once what was written has left on the USB (the answer to the Pi's
        restart command would otherwise go down with the chip)."""
        sleep_ms(_DRAIN_MS)
        self.machine.reset()
