"""Direct charge-time sensing: one microcontroller pin per pad, for small boards.

Each pad is a copper area on a pin with a 1 MOhm pull-up to 3.3 V. A scan drives the pin low
to empty the pad, lets go, and counts how long the pull-up takes to lift it to a logic 1. A
finger adds capacitance, so the count rises. Where the port has ``machine.time_pulse_us`` (a
Pico's does) the count is microseconds, timed in C: a pad of some 40 pF rises in about 37 us
and a finger adds some 25, while a loop of Python on a Pico takes about 10 us a turn, too
coarse for the thresholds. Elsewhere a loop counts. A pin that never rises within ``_LIMIT``
counts has lost its pull-up or is shorted: it is reported and ignored until it recovers.
"""

from firmware.port import const

_LIMIT = const(2000)


class ChargeTime:
    polarity = 1
    touch = 12
    release = 6

    def __init__(self, pins, report, pulse=None):
        self.pins = pins
        self.pulse = pulse  # machine.time_pulse_us, where the port has it
        self.channels = len(pins)
        self.report = report
        self.open = bytearray(len(pins))

    def start(self):
        pass

    def read(self, raw, ok, count):
        for channel in range(min(count, self.channels)):
            pin = self.pins[channel]
            pin.init(pin.OUT)
            pin.value(0)
            pin.init(pin.IN)
            if self.pulse is not None:
                counted = self.pulse(pin, 0, _LIMIT)  # -1: it never rose
                if counted < 0:
                    counted = _LIMIT
            else:
                counted = 0
                while counted < _LIMIT and not pin.value():
                    counted += 1
            raw[channel] = counted
            failed = 1 if counted >= _LIMIT else 0
            ok[channel] = 1 - failed
            if failed != self.open[channel]:
                self.open[channel] = failed
                self.report("pad-open" if failed else "pad-back", channel)
