"""The MPR121 capacitive touch controller, modelled at register level.

What the firmware sees over I2C is what the datasheet (Freescale/NXP MPR121, rev. 4) says a
chip does: a soft reset by writing 0x63 to register 0x80 restores the defaults (0x5C = 0x10,
0x5D = 0x24, everything else 0); electrodes are measured only in run mode (register 0x5E, ECR,
with a non-zero electrode count); 10-bit filtered data sits little-endian in 0x04-0x1B; the
chip's own baselines (0x1E-0x2A, the upper 8 of 10 bits) follow the data, and the touch status
bits (0x00-0x01) compare the two against the thresholds in 0x41-0x5A. The data is the mean of
the second filter's samples (SFI of them, one every ESI), so a finger shows in full only SFI x
ESI after it lands (4 ms as the firmware sets the chip up; ``sim/silicon/devices.mjs`` models
the chip's own baseline filter too). Register reads auto-increment. Its IRQ output goes low
when the touch status changes and lets go when the status is read. A chip can be made to
vanish, as if unplugged or dead.
"""

from __future__ import annotations

from sim.touch_board.pads import VirtualPads

ELECTRODES = 12
RESET_DEFAULTS = {0x5C: 0x10, 0x5D: 0x24}
SFI = (4, 6, 10, 18)
"""The second filter's samples, by register 0x5D's SFI bits."""


class Mpr121Model:
    """One chip whose electrode ``e`` sits under pad ``pads_of[e]`` (``None``: no pad)."""

    def __init__(self, pads: VirtualPads, pads_of: list[int | None]) -> None:
        self.pads = pads
        self.pads_of = pads_of
        self.registers = bytearray(256)
        self.present = True
        self.irq = False
        """Its IRQ output low: the touch status changed since it was last read."""
        self.soft_reset()

    def soft_reset(self) -> None:
        self.registers[:] = bytes(256)
        for register, value in RESET_DEFAULTS.items():
            self.registers[register] = value

    @property
    def running(self) -> bool:
        return bool(self.registers[0x5E] & 0x0F)

    def _measure(self) -> None:
        """Refresh data, baselines and touch status, as the chip does every sample period."""
        if not self.running:
            return
        enabled = min(ELECTRODES, self.registers[0x5E] & 0x0F)
        status = 0
        for electrode in range(ELECTRODES):
            pad = self.pads_of[electrode] if electrode < len(self.pads_of) else None
            if electrode >= enabled:
                value = 0
            elif pad is None:
                value = 720
            else:
                value = max(0, min(1023, round(self.pads.reading(pad, self._finger(pad)))))
            self.registers[0x04 + 2 * electrode] = value & 0xFF
            self.registers[0x05 + 2 * electrode] = value >> 8
            baseline = self.registers[0x1E + electrode] << 2
            if baseline == 0 or not (pad is not None and self.pads.is_touched(pad)):
                self.registers[0x1E + electrode] = value >> 2
                baseline = value & ~3
            if electrode < enabled and baseline - value > self.registers[0x41 + 2 * electrode]:
                status |= 1 << electrode
        if status != self.registers[0x00] | self.registers[0x01] << 8:
            self.irq = True
        self.registers[0x00] = status & 0xFF
        self.registers[0x01] = status >> 8

    def irq_low(self) -> bool:
        """Whether the chip pulls its IRQ output low now (a running chip present)."""
        if not (self.present and self.running):
            return False
        self._measure()
        return self.irq

    def _finger(self, pad: int) -> float:
        """The share of the second filter's last samples (SFI of them, one every ESI: register
        0x5D) that saw a finger: its data shows one in full SFI x ESI after it lands."""
        cdt = self.registers[0x5D]
        interval = 1 << (cdt & 7)
        samples = SFI[(cdt >> 3) & 3]
        last = self.pads.elapsed_ms // interval * interval
        return sum(self.pads.touched_at(pad, last - i * interval)
                   for i in range(samples)) / samples

    def write(self, register: int, data: bytes) -> None:
        if register == 0x80:
            if data[:1] == b"\x63":
                self.soft_reset()
            return
        for offset, byte in enumerate(data):
            if register + offset == 0x5E or not self.running:
                self.registers[(register + offset) & 0xFF] = byte
            # the datasheet: in run mode only ECR (and GPIO registers) may be written

    def read(self, register: int, length: int) -> bytes:
        if register <= 0x1D:
            self._measure()
        if register <= 0x01:
            self.irq = False  # the status read: the IRQ output lets go
        return bytes(self.registers[(register + i) & 0xFF] for i in range(length))
