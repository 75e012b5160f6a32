"""``machine`` for the MicroPython board emulator: the parts of an RP2040 board the firmware
uses, with MPR121 touch chips on every I2C bus at every address the firmware asks for.

The pads are quiet (no finger ever touches them): the emulator is for flashing and booting the
real firmware on the real interpreter, not for playing; the simulated microcontroller
(``sim/touch_board``) models touches. ``reset()`` is a hard reset: the emulator boots again."""

import _hardware

PWRON_RESET = 1
WDT_RESET = 3
_ELECTRODES = 12


class Pin:
    """A pin that reads high and ignores writes (pads on other sensors stay untouched)."""

    IN = 0
    OUT = 1

    def __init__(self, number, mode=-1, pull=-1):
        self.number = number

    def init(self, mode=-1, pull=-1):
        pass

    def value(self, level=None):
        return 1 if level is None else None


class _Mpr121:
    """An MPR121's registers: electrode data near 700 counts once running."""

    def __init__(self, address):
        self.registers = bytearray(256)
        self.reset()
        for electrode in range(_ELECTRODES):
            value = 690 + (address * 7 + electrode * 3) % 20
            self.registers[4 + 2 * electrode] = value & 0xFF
            self.registers[5 + 2 * electrode] = value >> 8

    def reset(self):
        self.registers[0x5C] = 0x10
        self.registers[0x5D] = 0x24
        self.registers[0x5E] = 0


class I2C:
    """A bus on which every address answers as an MPR121."""

    def __init__(self, number, sda=None, scl=None, freq=400000):
        self.chips = {}

    def _chip(self, address):
        chip = self.chips.get(address)
        if chip is None:
            chip = self.chips[address] = _Mpr121(address)
        return chip

    def writeto_mem(self, address, register, data):
        chip = self._chip(address)
        if register == 0x80 and data[0] == 0x63:
            chip.reset()
        else:
            chip.registers[register] = data[0]

    def readfrom_mem_into(self, address, register, buf):
        registers = self._chip(address).registers
        for index in range(len(buf)):
            buf[index] = registers[register + index]


class WDT:
    """The watchdog: fed by the firmware; the emulator never bites."""

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout

    def feed(self):
        pass


class _Memory:
    """``mem32``: the registers the firmware touches (the watchdog's control) as plain words."""

    def __init__(self):
        self.words = {}

    def __getitem__(self, address):
        return self.words.get(address, 0)

    def __setitem__(self, address, value):
        self.words[address] = value


mem32 = _Memory()


def reset_cause():
    return PWRON_RESET


def reset():
    _hardware.reset()
    raise SystemExit

