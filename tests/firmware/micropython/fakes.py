"""MicroPython-side fakes of the board's chips and serial line, small enough to run on the
interpreter itself and allocation-free where the firmware's scan touches them."""


class Port:
    """The serial line: remembers what the firmware sent (unless ``keep`` is off, when it only
    counts bytes so that a scan allocates nothing) and feeds it ``incoming`` bytes."""

    def __init__(self, keep=True):
        self.keep = keep
        self.sent = []
        self.bytes = 0
        self.incoming = None
        self.resets = 0

    def read(self):
        data = self.incoming
        self.incoming = None
        return data

    def write(self, buf, length):
        self.bytes += length
        if self.keep:
            self.sent.append(bytes(buf[:length]))

    def reset(self):
        self.resets += 1

    def lines(self):
        sent = self.sent
        self.sent = []
        return [line.decode().rsplit(" *", 1)[0] for line in sent]


class Mpr121:
    """An MPR121 as far as the driver uses it: reset defaults, run mode, electrode data, and
    the touch status: an electrode's bit is set while its data is more than its touch
    threshold (0x41, 0x43, ...) below the chip's baseline, ``rest`` (unless ``status`` is
    given, as a chip whose status and data disagree). ``reads`` counts the data's reads, and
    ``read_from`` and ``read_bytes`` say where the last began and how long it was;
    ``statuses`` counts the status's reads."""

    def __init__(self):
        self.registers = bytearray(256)
        self.present = True
        self.values = [700] * 12
        self.rest = 700
        self.status = None
        self.reads = 0
        self.statuses = 0
        self.read_from = 0
        self.read_bytes = 0
        self.reset()

    def touch_status(self):
        if self.status is not None:
            return self.status
        bits = 0
        for electrode in range(12):
            if self.rest - self.values[electrode] > self.registers[0x41 + 2 * electrode]:
                bits |= 1 << electrode
        return bits

    def reset(self):
        for index in range(256):
            self.registers[index] = 0
        self.registers[0x5C] = 0x10
        self.registers[0x5D] = 0x24

    def set(self, electrode, value):
        self.values[electrode] = value
        self.registers[4 + 2 * electrode] = value & 0xFF
        self.registers[5 + 2 * electrode] = value >> 8


class I2C:
    """A bus of fake MPR121s by address; a missing one raises OSError like a real NACK."""

    def __init__(self, chips):
        self.chips = chips

    def _chip(self, address):
        chip = self.chips.get(address)
        if chip is None or not chip.present:
            raise OSError(5)
        return chip

    def writeto_mem(self, address, register, data):
        chip = self._chip(address)
        if register == 0x80 and data[0] == 0x63:
            chip.reset()
            return
        for index in range(len(data)):
            chip.registers[register + index] = data[index]
        if register == 0x5E and data[0]:
            for electrode in range(12):
                chip.set(electrode, chip.values[electrode])

    def readfrom_mem_into(self, address, register, buf):
        chip = self._chip(address)
        registers = chip.registers
        if register == 0:
            chip.statuses += 1
            status = chip.touch_status()
            registers[0] = status & 0xFF
            registers[1] = status >> 8
        elif 4 <= register <= 0x1B:
            chip.reads += 1
            chip.read_from = register
            chip.read_bytes = len(buf)
        for index in range(len(buf)):
            buf[index] = registers[register + index]


class MuxedI2C(I2C):
    """A bus with a TCA9548A at ``address``: ``chips`` by (channel, address), each answering
    only while its channel is connected; ``switches`` counts the mux's writes, and a mux not
    ``present`` NACKs like a missing chip."""

    def __init__(self, address, chips):
        super().__init__({})
        self.address = address
        self.behind = chips
        self.selected = 0
        self.switches = 0
        self.present = True

    def writeto(self, address, data):
        if address != self.address or not self.present:
            raise OSError(5)
        self.selected = data[0]
        self.switches += 1

    def _chip(self, address):
        for (channel, at), chip in self.behind.items():
            if at == address and self.selected == 1 << channel and self.present \
                    and chip.present:
                return chip
        raise OSError(5)


class Ticks:
    """A clock that moves only when the firmware sleeps; ``sleeps`` lists each sleep."""

    def __init__(self):
        self.now = 0
        self.sleeps = []

    def ticks_ms(self):
        return self.now

    def ticks_add(self, ticks, delta):
        return ticks + delta

    def ticks_diff(self, end, start):
        return end - start

    def sleep_ms(self, ms):
        self.sleeps.append(ms)
        self.now += ms


class Pin:
    """A pin wired to a function: ``on_write(level)`` for outputs, ``on_read()`` for inputs."""

    IN = 0
    OUT = 1

    def __init__(self, on_write=None, on_read=None, on_mode=None):
        self.on_write = on_write
        self.on_read = on_read
        self.on_mode = on_mode
        self.mode = 0

    def init(self, mode):
        if self.on_mode:
            self.on_mode(mode)
        self.mode = mode

    def value(self, level=None):
        if level is None:
            return self.on_read() if self.on_read else 0
        if self.on_write:
            self.on_write(level)
        return None


class Chain:
    """A chain of 74HC165s with TTP223 outputs ``inputs`` (0 or 1 per channel)."""

    def __init__(self, registers):
        self.inputs = bytearray(8 * registers)
        self.bits = bytearray(8 * registers + 8)
        self.position = 0
        self.broken = False
        self.latch = Pin(on_write=self._latch)
        self.clock = Pin(on_write=self._clock)
        self.data = Pin(on_read=self._data)
        self.clock_level = 0

    def _latch(self, level):
        if not level:
            for index in range(len(self.inputs)):
                self.bits[index] = self.inputs[index]
            self.position = 0

    def _clock(self, level):
        if level and not self.clock_level:
            self.position += 1
        self.clock_level = level

    def _data(self):
        if self.broken:
            return 1
        return self.bits[self.position] if self.position < len(self.bits) else 0


class ChargePin(Pin):
    """A pad on a pin with a pull-up: reads 0 for ``charge`` reads after being let go."""

    def __init__(self, charge):
        super().__init__()
        self.charge = charge
        self.left = 0

    def init(self, mode):
        if mode == Pin.IN and self.mode == Pin.OUT:
            self.left = self.charge
        self.mode = mode

    def value(self, level=None):
        if level is not None:
            return None
        if self.left > 0:
            self.left -= 1
            return 0
        return 1


class PinMaker:
    """``machine.Pin``: hands out the wired pin of each number."""

    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, pins):
        self.pins = pins

    def __call__(self, number, mode=-1, pull=-1):
        return self.pins.get(number) or Pin()


class TimerMaker:
    """``machine.Timer``: one-shot timers whose callbacks a test runs by hand."""

    ONE_SHOT = 0

    def __init__(self):
        self.armed = []

    def __call__(self, number=-1):
        return FakeTimer(self)


class FakeTimer:
    def __init__(self, maker):
        self.maker = maker
        self.period = None
        self.callback = None

    def init(self, mode=0, period=0, callback=None):
        self.period, self.callback = period, callback
        self.maker.armed.append(self)

    def deinit(self):
        if self in self.maker.armed:
            self.maker.armed.remove(self)


class Machine:
    """Enough of ``machine`` for ``firmware.main.build``: pins and buses by number."""

    WDT_RESET = 3
    PWRON_RESET = 1

    def __init__(self, buses=None, pins=None):
        self.buses = buses or {}
        self.Pin = PinMaker(pins or {})
        self.resets = 0
        self.Timer = TimerMaker()

    def reset(self):
        self.resets += 1

    def I2C(self, number, sda=None, scl=None, freq=0):  # noqa: N802 - MicroPython's name
        return self.buses[number]

    def reset_cause(self):
        return self.PWRON_RESET
