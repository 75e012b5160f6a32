"""Stand-ins for the LED libraries that only run on a Pi: ``_rpi_ws281x`` (the low-level
interface of rpi_ws281x) and Blinka's ``board`` with Adafruit's ``neopixel``. Each turns what
it is given into the bytes that would go down the data line exactly as the real library does
(colour order by shifts or byte positions, brightness, gamma), so tests can read back which LED
got which colour."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, ClassVar


class _Channel:
    def __init__(self) -> None:
        self.count = 0
        self.gpio = 0
        self.invert = 0
        self.brightness = 0
        self.strip_type = 0x00081000
        self.gamma = list(range(256))
        self.leds: list[int] = []


class _Controller:
    def __init__(self) -> None:
        self.channels = (_Channel(), _Channel())
        self.freq = 0
        self.dma = 0
        self.initialised = False
        self.finished = False
        self.wire: list[bytes] = [b"", b""]
        self.renders = 0


class FakeWs281x:
    """The ``_rpi_ws281x`` module: ``init_result`` is what ``ws2811_init`` returns."""

    WS2811_STRIP_RGB = 0x00100800
    WS2811_STRIP_GRB = 0x00081000
    MESSAGES: ClassVar[dict[int, str]] = {
        0: "Success", -5: "mmap() failed", -9: "Selected GPIO not possible",
        -3: "Hardware revision is not supported"}

    def __init__(self, init_result: int = 0) -> None:
        self.init_result = init_result
        self.controllers: list[_Controller] = []

    def new_ws2811_t(self) -> _Controller:
        controller = _Controller()
        self.controllers.append(controller)
        return controller

    def delete_ws2811_t(self, leds: _Controller) -> None:
        leds.finished = True

    @staticmethod
    def ws2811_channel_get(leds: _Controller, index: int) -> _Channel:
        return leds.channels[index]

    @staticmethod
    def ws2811_channel_t_count_set(channel: _Channel, count: int) -> None:
        channel.count = count
        channel.leds = [0] * count

    @staticmethod
    def ws2811_channel_t_gpionum_set(channel: _Channel, pin: int) -> None:
        channel.gpio = pin

    @staticmethod
    def ws2811_channel_t_invert_set(channel: _Channel, invert: int) -> None:
        channel.invert = invert

    @staticmethod
    def ws2811_channel_t_brightness_set(channel: _Channel, brightness: int) -> None:
        channel.brightness = brightness

    @staticmethod
    def ws2811_channel_t_strip_type_set(channel: _Channel, strip_type: int) -> None:
        channel.strip_type = strip_type

    @staticmethod
    def ws2811_channel_t_gamma_set(channel: _Channel, gamma: list[int]) -> None:
        channel.gamma = list(gamma)

    @staticmethod
    def ws2811_t_freq_set(leds: _Controller, hertz: int) -> None:
        leds.freq = hertz

    @staticmethod
    def ws2811_t_dmanum_set(leds: _Controller, dma: int) -> None:
        leds.dma = dma

    def ws2811_init(self, leds: _Controller) -> int:
        leds.initialised = self.init_result == 0
        return self.init_result

    @staticmethod
    def ws2811_led_set(channel: _Channel, index: int, value: int) -> int:
        if not 0 <= index < channel.count:
            return -1
        channel.leds[index] = value
        return 0

    @staticmethod
    def ws2811_render(leds: _Controller) -> int:
        """As ws2811.c: each colour taken out by its shift, scaled by brightness + 1, through
        the gamma table, sent red, green, blue in the strip type's positions."""
        assert leds.initialised, "render before init"
        for number, channel in enumerate(leds.channels):
            scale = (channel.brightness & 0xFF) + 1
            shifts = ((channel.strip_type >> 16) & 0xFF, (channel.strip_type >> 8) & 0xFF,
                      channel.strip_type & 0xFF)
            leds.wire[number] = bytes(
                channel.gamma[(((led >> shift) & 0xFF) * scale) >> 8]
                for led in channel.leds for shift in shifts)
        leds.renders += 1
        return 0

    @staticmethod
    def ws2811_fini(leds: _Controller) -> None:
        leds.initialised = False

    def ws2811_get_return_t_str(self, result: int) -> str:
        return self.MESSAGES.get(result, "Unknown error")


class _NeoPixel:
    """``neopixel.NeoPixel``: a pixel buffer in the byte order ``pixel_order`` names."""

    def __init__(self, owner: FakeNeoPixel, pin: Any, count: int, *, bpp: int = 3,
                 brightness: float = 1.0, auto_write: bool = True,
                 pixel_order: str | None = None) -> None:
        self.pin, self.count, self.bpp = pin, count, bpp
        self.brightness, self.auto_write = brightness, auto_write
        order = pixel_order or "GRB"
        self.positions = tuple(order.index(letter) for letter in "RGB")
        self.buffer = bytearray(3 * count)
        self.wire = b""
        self.shows = 0
        self.closed = False
        owner.strips.append(self)

    def __setitem__(self, index: Any, value: Any) -> None:
        indexes = range(*index.indices(self.count)) if isinstance(index, slice) else [index]
        values = list(value) if isinstance(index, slice) else [value]
        if len(values) != len(indexes):
            raise ValueError("the slice and the values differ in length")
        for where, colour in zip(indexes, values):
            for component, position in zip(colour, self.positions):
                self.buffer[3 * where + position] = int(component * self.brightness)
        if self.auto_write:
            self.show()

    def fill(self, colour: tuple[int, int, int]) -> None:
        self[:] = [colour] * self.count

    def show(self) -> None:
        self.wire = bytes(self.buffer)
        self.shows += 1

    def deinit(self) -> None:
        self.closed = True


class FakeNeoPixel:
    """Blinka's ``board`` (pins ``D0`` … ``D27``) and ``neopixel`` (``NeoPixel``, ``RGB``,
    ``GRB``) as ``self.board`` and ``self.neopixel``."""

    def __init__(self) -> None:
        self.strips: list[_NeoPixel] = []
        self.board = SimpleNamespace(**{f"D{pin}": SimpleNamespace(id=pin) for pin in range(28)})
        self.neopixel = SimpleNamespace(
            RGB="RGB", GRB="GRB",
            NeoPixel=lambda pin, count, **options: _NeoPixel(self, pin, count, **options))
