"""The simulated microcontroller: the real firmware on the simulated ``machine``.

``SimulatedMicrocontroller`` wires the chips a board profile describes to virtual pads, builds
the firmware exactly as the board does (``firmware.main.build``) and steps it on a virtual
clock: ``run_for`` in tests (repeatable, as fast as the host can go), or ``serve`` in real time
for the simulator, where the serial line is a pseudo-terminal (``sim.touch_board.pty``).
"""

from __future__ import annotations

import logging
import threading
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import firmware
from controller.profile.firmware import firmware_config
from controller.profile.model import Profile
from firmware.board import TouchBoard
from firmware.main import build
from firmware.restart import crashed
from sim.touch_board.machine import WDT_RESET, ChargePad, SimMachine, Tca9548a
from sim.touch_board.mpr121 import ELECTRODES, Mpr121Model
from sim.touch_board.pads import CHARGE_PADS, MPR121_PADS, VirtualPads
from sim.touch_board.shift165 import ShiftChainModel

FIRMWARE_ROOT = str(Path(firmware.__file__).parent)
log = logging.getLogger(__name__)


def _irq_line(chips: tuple[Mpr121Model, ...]) -> int:
    """The level of a pin the ``chips``' IRQ outputs are joined on: low while any pulls it."""
    return 0 if any(chip.irq_low() for chip in chips) else 1


class SerialEnd(Protocol):
    """The microcontroller's end of the serial line, as the firmware uses it."""

    def read(self) -> bytes | None: ...

    def write(self, buf: Any, length: int) -> None: ...

    def reset(self) -> None: ...


class SimulatedMicrocontroller:
    """The touch microcontroller of ``profile``, its serial line ``serial`` (whose ``reset``
    is connected to the machine's); ``note`` is the file on its flash where the firmware
    leaves why it is reset (``None``: it has none)."""

    def __init__(self, profile: Profile, serial: SerialEnd, seed: int = 0,
                 note: str | None = None) -> None:
        self.profile = profile
        self.note = note
        self.config = firmware_config(profile)
        self.serial = serial
        self.machine = SimMachine()
        physics = CHARGE_PADS if self.config["sensor"] == "gpio" else MPR121_PADS
        self.pads = VirtualPads(profile.pads, physics, seed)
        self.chips: list[Mpr121Model] = []
        self.chain: ShiftChainModel | None = None
        self._wire()
        self.board: TouchBoard | None = None
        self.boots = 0
        self._lock = threading.Lock()

    def _wire(self) -> None:
        config, machine = self.config, self.machine
        pads_of = config["map"]

        def pad(channel: int) -> int | None:
            return pads_of[channel] if channel < len(pads_of) else None

        if config["sensor"] == "mpr121":
            for number, bus in enumerate(config["buses"]):
                devices = machine.buses.setdefault(number, {})
                mux = None
                if "mux" in bus:
                    mux = machine.muxes[number] = Tca9548a(bus["mux"])
                on_bus = []
                for index, address in enumerate(bus["chips"]):
                    first = ELECTRODES * len(self.chips)
                    chip = Mpr121Model(self.pads, [pad(first + e) for e in range(ELECTRODES)])
                    if mux is None:
                        devices[address] = chip
                    else:
                        mux.attach(bus["channels"][index], address, chip)
                    self.chips.append(chip)
                    on_bus.append(chip)
                if "irq" in bus:  # the chips' IRQ outputs joined, pulled up
                    machine.inputs[bus["irq"]] = partial(_irq_line, tuple(on_bus))
        elif config["sensor"] == "ttp223":
            shift = config["shift"]
            chain = ShiftChainModel(self.pads, [pad(i) for i in range(8 * shift["registers"])],
                                    shift["registers"])
            machine.outputs[shift["latch"]] = chain.set_latch
            machine.outputs[shift["clock"]] = chain.set_clock
            machine.inputs[shift["data"]] = chain.data
            self.chain = chain
        else:
            for channel, pin in enumerate(config["pins"]):
                machine.charge[pin] = ChargePad(self.pads, pad(channel))

    # running

    def boot(self) -> None:
        """Start (or restart) the firmware, as at power-on or after a reset."""
        with self._lock:
            self.machine.reset_requested = False
            self.machine.watchdog_ms = 0
            for chip in self.chips:
                chip.soft_reset()
            self.board = build(self.config, self.machine, self.serial, FIRMWARE_ROOT,
                               self.note)
            self.boots += 1

    def step(self, ms: int) -> None:
        """``ms`` milliseconds pass, then one scan: the firmware's main loop, one turn."""
        with self._lock:
            if self.board is None:
                raise RuntimeError("the firmware has not booted")
            self.machine.now_ms += ms
            self.pads.advance(ms)
            try:
                self.board.step(ms)
            except Exception as error:  # as on the board: told, noted, and the board reset
                log.warning("the simulated board's firmware crashed: %r; resetting", error)
                crashed(self.board, self.note, error)
                self.machine.reset()
        if self.machine.reset_requested:
            self.boot()
        elif self.machine.watchdog_expired():
            self.machine.cause = WDT_RESET
            self.boot()

    @property
    def period_ms(self) -> int:
        return 1000 // self.config["scan_hz"]

    def run_for(self, ms: int) -> None:
        """Scan for ``ms`` milliseconds of device time, at the firmware's scan rate."""
        for _ in range(max(1, ms // self.period_ms)):
            self.step(self.period_ms)

    def serve(self, stop: threading.Event) -> None:
        """Scan in real time until ``stop`` is set (the simulator's thread)."""
        period = self.period_ms / 1000
        while not stop.wait(period):
            self.step(self.period_ms)
