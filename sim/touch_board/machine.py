"""A ``machine`` module for CPython: the parts of MicroPython's ``machine`` the firmware uses
(``Pin``, ``I2C``, ``WDT``, ``mem32``, ``reset``, ``reset_cause``), wired to simulated chips.

Pins are wired by number to the chips' pins (a 74HC165 chain's latch, clock and data) or to
pads for charge-time sensing; I2C buses hold MPR121 models by address. Time is the device's:
the simulator advances it, so tests are repeatable and a slow machine never misses a scan.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from typing import Any

from sim.touch_board.mpr121 import Mpr121Model
from sim.touch_board.pads import VirtualPads

PWRON_RESET = 1
WDT_RESET = 3
WATCHDOG_CONTROL = 0x40058000  # the RP2040's watchdog CTRL register
WATCHDOG_ENABLE = 1 << 30


class ChargePad:
    """A pad on a pin with a pull-up: after the pin lets go of a discharged pad, it reads 0
    for as many reads as the pad's charge time."""

    def __init__(self, pads: VirtualPads, pad: int | None) -> None:
        self.pads = pads
        self.pad = pad
        self.remaining = 0
        self.open = False
        """A broken pull-up: the pin never rises."""

    def release(self) -> None:
        self.remaining = 1 if self.pad is None else max(1, round(self.pads.reading(self.pad)))

    def level(self) -> int:
        if self.open:
            return 0
        if self.remaining > 0:
            self.remaining -= 1
            return 0
        return 1


class Tca9548a:
    """A TCA9548A I2C mux: its control byte connects its eight channels, each a bus of its own
    (up to four MPR121s: they have four addresses); a chip answers only while its channel is
    connected. It can vanish, as a chip can, and the chips behind it with it."""

    def __init__(self, address: int) -> None:
        self.address = address
        self.control = 0
        self.present = True
        self.behind: dict[tuple[int, int], Mpr121Model] = {}

    def attach(self, channel: int, address: int, chip: Mpr121Model) -> None:
        self.behind[channel, address] = chip

    def reach(self, address: int) -> Mpr121Model | None:
        """The chip answering ``address`` on the connected channels."""
        if not self.present:
            return None
        for (channel, at), chip in self.behind.items():
            if at == address and self.control & (1 << channel):
                return chip
        return None


class Mem32:
    """32-bit memory access; only the watchdog's control register means anything here."""

    def __init__(self, machine: SimMachine) -> None:
        self.machine = machine
        self.words: dict[int, int] = {}

    def __getitem__(self, address: int) -> int:
        if address == WATCHDOG_CONTROL:
            return WATCHDOG_ENABLE if self.machine.watchdog_ms else 0
        return self.words.get(address, 0)

    def __setitem__(self, address: int, value: int) -> None:
        if address == WATCHDOG_CONTROL and not value & WATCHDOG_ENABLE:
            self.machine.watchdog_ms = 0
        self.words[address] = value & 0xFFFFFFFF


class SimMachine:
    """One microcontroller: pins, buses and a watchdog on a clock the simulator drives."""

    _machine = "Simulated board with RP2040"
    """What ``sys.implementation._machine`` says on a Pico; the firmware's watchdog reads it."""

    def __init__(self) -> None:
        self.now_ms = 0
        self.buses: dict[int, dict[int, Mpr121Model]] = {}
        self.muxes: dict[int, Tca9548a] = {}
        self.outputs: dict[int, Callable[[int], None]] = {}
        self.inputs: dict[int, Callable[[], int]] = {}
        self.charge: dict[int, ChargePad] = {}
        self.watchdog_ms = 0
        self.fed_ms = 0
        self.cause = PWRON_RESET
        self.reset_requested = False
        self.mem32 = Mem32(self)
        self.PWRON_RESET = PWRON_RESET
        self.WDT_RESET = WDT_RESET
        machine = self

        class Pin:
            IN = 0
            OUT = 1
            PULL_UP = 1

            def __init__(self, number: int, mode: int = -1, pull: int = -1,
                         value: int | None = None) -> None:
                self.number = number
                self.mode = Pin.IN
                self.init(mode, pull, value)

            def init(self, mode: int = -1, pull: int = -1, value: int | None = None) -> None:
                charge = machine.charge.get(self.number)
                if mode == Pin.IN and self.mode == Pin.OUT and charge is not None:
                    charge.release()
                if mode != -1:
                    self.mode = mode
                if value is not None:
                    self.value(value)

            def value(self, level: int | None = None) -> int | None:
                if level is None:
                    charge = machine.charge.get(self.number)
                    if charge is not None:
                        return 0 if self.mode == Pin.OUT else charge.level()
                    reader = machine.inputs.get(self.number)
                    return reader() if reader else 0
                output = machine.outputs.get(self.number)
                if output is not None:
                    output(1 if level else 0)
                return None

        class I2C:
            def __init__(self, number: int, sda: Any = None, scl: Any = None,
                         freq: int = 400000) -> None:
                self.devices = machine.buses.setdefault(number, {})
                self.mux = machine.muxes.get(number)

            def _device(self, address: int) -> Mpr121Model:
                device = self.devices.get(address)
                if device is None and self.mux is not None:
                    device = self.mux.reach(address)
                if device is None or not device.present:
                    raise OSError(errno.EIO, "no acknowledge")
                return device

            def writeto(self, address: int, data: bytes) -> None:
                mux = self.mux
                if mux is None or address != mux.address or not mux.present:
                    raise OSError(errno.EIO, "no acknowledge")
                mux.control = data[0]

            def writeto_mem(self, address: int, register: int, data: bytes) -> None:
                self._device(address).write(register, bytes(data))

            def readfrom_mem_into(self, address: int, register: int, buf: bytearray) -> None:
                buf[:] = self._device(address).read(register, len(buf))

        class WDT:
            def __init__(self, id: int = 0, timeout: int = 5000) -> None:
                machine.watchdog_ms = timeout
                machine.fed_ms = machine.now_ms

            def feed(self) -> None:
                machine.fed_ms = machine.now_ms

        class Timer:
            """MicroPython's soft timer, one-shot only (what the firmware uses)."""

            ONE_SHOT = 0

            def __init__(self, id: int = -1) -> None:
                self.due: int | None = None
                self.callback: Callable[[Any], None] | None = None

            def init(self, mode: int, period: int, callback: Callable[[Any], None]) -> None:
                self.due, self.callback = machine.now_ms + period, callback
                machine.timers.append(self)

            def deinit(self) -> None:
                if self in machine.timers:
                    machine.timers.remove(self)

        self.Pin = Pin
        self.I2C = I2C
        self.WDT = WDT
        self.Timer = Timer
        self.timers: list[Any] = []
        """Timers armed and not yet due."""

    def reset_cause(self) -> int:
        return self.cause

    def reset(self) -> None:
        """Ask for a reset; the device restarts the firmware after the present step."""
        self.reset_requested = True

    def run_timers(self) -> None:
        """Call the timers that are due (as MicroPython's scheduler does, also at the prompt)."""
        for timer in [t for t in self.timers if t.due <= self.now_ms]:
            self.timers.remove(timer)
            timer.callback(timer)

    def watchdog_expired(self) -> bool:
        return bool(self.watchdog_ms) and self.now_ms - self.fed_ms > self.watchdog_ms
