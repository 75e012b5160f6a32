"""A board profile: everything about one build that the software needs (``wiring/*.toml``).

Coordinates: pads are ``(column, row)`` from the bottom-left pad ``a1``; LEDs are ``(x, y)`` from
the bottom-left LED, and pad ``(c, r)`` covers LEDs ``x = c*k … c*k+k-1``, ``y = r*k … r*k+k-1``
for ``k`` LEDs per pad side. An LED's *index* is ``y * led_width + x``; each data channel lists
the LED index of every position along its chain, which is all the renderer needs to turn a
picture into the bytes a strip expects.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from controller.games.algebraic import cell_name
from controller.profile.geometry import Geometry

CORNERS = ("bottom-left", "bottom-right", "top-left", "top-right")
DIRECTIONS = ("horizontal", "vertical")
COLOUR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")
STRIPS = ("ws2812b", "ws2811", "sk6812")
SENSORS = ("mpr121", "ttp223", "gpio")
LED_BACKENDS = ("auto", "ws281x", "ws2812-pio", "neopixel", "ddp")
"""How the LEDs are driven: ``ws281x``, rpi_ws281x on a Pi 1-4 (SPI on GPIO 10 needs no root;
PWM and PCM need root); ``ws2812-pio``, the kernel's WS2812 driver on a Pi 5's RP1 (the
``ws2812-pio`` overlay, ``/dev/ledsN``); ``neopixel``, Adafruit NeoPixel through Blinka (on a
Pi 5 through the RP1's PIO); ``ddp``, frames over the network by DDP to an LED controller such
as WLED, from any machine, which then needs no LED hardware of its own; or ``auto``: rpi_ws281x
on a Pi 1-4, on a Pi 5 the kernel's driver once config.txt sets it up, else NeoPixel."""
DDP_PORT = 4048
"""The port DDP receivers listen on (WLED's too)."""
BUZZER_TYPES = ("passive", "active")
"""A passive piezo plays tones (PWM); an active buzzer only beeps at its own pitch."""


@dataclass(frozen=True)
class Panel:
    """An LED matrix panel (or a run of strip laid out as one) and how its chain runs."""

    channel: int
    """Index of the data channel the panel hangs on; panels of a channel chain in listed order."""
    width: int
    height: int
    x: int
    """LED column of the panel's left edge in the whole LED area."""
    y: int
    """LED row of the panel's bottom edge."""
    start: str
    """Corner where the data line enters the panel (one of ``CORNERS``)."""
    direction: str
    """``horizontal``: the chain runs along rows first; ``vertical``: along columns."""
    serpentine: bool
    """Every other row (or column) runs back the other way."""

    def positions(self) -> list[tuple[int, int]]:
        """The ``(x, y)`` of each LED of the panel in chain order, in whole-area coordinates."""
        vertical = self.direction == "vertical"
        line_length = self.height if vertical else self.width
        from_top = self.start.startswith("top")
        from_right = self.start.endswith("right")
        result = []
        for index in range(self.width * self.height):
            line, step = divmod(index, line_length)
            if self.serpentine and line % 2:
                step = line_length - 1 - step
            if vertical:
                u = self.width - 1 - line if from_right else line
                v = self.height - 1 - step if from_top else step
            else:
                u = self.width - 1 - step if from_right else step
                v = self.height - 1 - line if from_top else line
            result.append((self.x + u, self.y + v))
        return result


@dataclass(frozen=True)
class Channel:
    """One LED data line from the Pi."""

    gpio: int
    dma: int
    chain: tuple[int, ...]
    """LED index of each LED along the chain, first LED first."""


@dataclass(frozen=True)
class I2cBus:
    """One I2C bus of the microcontroller with its MPR121 chips, perhaps behind a TCA9548A
    mux: each of its eight channels is a bus of its own for up to four chips."""

    sda: int
    scl: int
    chips: tuple[int, ...]
    """I2C addresses, in the order their electrodes are numbered."""
    mux: int | None = None
    """The mux's address, if the chips are behind one."""
    channels: tuple[int, ...] = ()
    """With a mux: the mux channel of each chip."""
    irq: int | None = None
    """The microcontroller pin the chips' IRQ outputs are wired to, all of them together (each
    is open-drain, low while its touch status has changed since the firmware read it): the
    firmware then reads a chip's status only when the line is low."""


@dataclass(frozen=True)
class ShiftChain:
    """TTP223 pad outputs read through a chain of 74HC165 shift registers."""

    clock: int
    latch: int
    data: int
    registers: int


@dataclass(frozen=True)
class Usb:
    """How the Pi recognises the touch microcontroller among its USB serial devices."""

    vid: int = 0x2E8A
    """USB vendor id (Raspberry Pi, whose Pico runs MicroPython as 2E8A:0005)."""
    pid: int = 0x0005
    serial: str | None = None
    """The microcontroller's USB serial number; needed when several boards are plugged in."""


@dataclass(frozen=True)
class Touch:
    """The touch sensors and which pad each sensor channel belongs to."""

    sensor: str
    pads: tuple[int, ...]
    """Pad index (``row * columns + column``) of sensor channel 0, 1, …"""
    buses: tuple[I2cBus, ...] = ()
    shift: ShiftChain | None = None
    pins: tuple[int, ...] = ()
    """Microcontroller pins, one per pad, for direct charge-time sensing."""
    usb: Usb = field(default_factory=Usb)
    silence_seconds: float = 3.0
    """How long the Pi waits for a line from the board (a Pico's firmware beats every second)
    before it takes the board for gone and connects again: longer for a board slower than a
    Pico, such as an emulated one."""

    @property
    def answer_seconds(self) -> float:
        """How long the Pi waits for the board's answer to a question (who it is): two
        seconds, or a third of the silence it allows a slower board."""
        return max(2.0, self.silence_seconds / 3)

    @property
    def capacity(self) -> int:
        """How many channels the sensors provide."""
        if self.sensor == "mpr121":
            return 12 * sum(len(bus.chips) for bus in self.buses)
        if self.sensor == "ttp223":
            return 8 * self.shift.registers if self.shift else 0
        return len(self.pins)


@dataclass(frozen=True)
class Gpio:
    """The Pi's pins for the buttons, the buzzer and the status LED (BCM numbers)."""

    menu_button: int
    undo_button: int
    buzzer: int | None = None
    status_led: int | None = None
    buzzer_type: str = "passive"
    """One of ``BUZZER_TYPES``."""

    def pins(self) -> dict[str, int]:
        """The pins in use, by what they are for (``menu_button`` …)."""
        named = {"menu_button": self.menu_button, "undo_button": self.undo_button,
                 "buzzer": self.buzzer, "status_led": self.status_led}
        return {name: pin for name, pin in named.items() if pin is not None}


@dataclass(frozen=True)
class Power:
    """The supply and what the current limiter may use of it."""

    supply_volts: float
    supply_amps: float
    limit_amps: float
    """The most the LEDs may draw; every frame is scaled to stay within it."""
    led_milliamps: float
    """Current of one LED at full white (WLED's default for WS2812B is 55 mA)."""
    standby_milliamps: float
    """Current of one dark LED (about 1 mA)."""
    other_milliamps: float
    """Everything else on the same supply (the Pi, the microcontroller)."""


@dataclass(frozen=True)
class Ddp:
    """An LED controller on the network that takes frames by DDP (``[leds.ddp]``)."""

    host: str
    """Its name or address (``wled-board.local``, ``192.168.1.40``)."""
    port: int = DDP_PORT


@dataclass(frozen=True)
class Profile:
    """One build of the board."""

    name: str
    source: str
    """Where the profile came from (a file name), for messages."""
    columns: int
    rows: int
    per_pad: int
    strip: str
    colour_order: str
    panels: tuple[Panel, ...]
    channels: tuple[Channel, ...]
    touch: Touch
    gpio: Gpio
    power: Power
    led_backend: str = "auto"
    """One of ``LED_BACKENDS``."""
    ddp: Ddp | None = None
    """Where the frames go with ``led_backend = "ddp"``."""
    geometry: Geometry | None = None
    """How it is built (``[geometry]``; the common panel under 3 mm acrylic when not said)."""
    warnings: tuple[tuple[str, str], ...] = ()
    """``(key, reason)`` about the build that do not stop it working but may spoil it (see
    ``controller.profile.geometry``)."""

    @property
    def build(self) -> Geometry:
        """The geometry, said or the default one."""
        return self.geometry or Geometry.default(self.per_pad)

    @property
    def pads(self) -> int:
        """Number of pads."""
        return self.columns * self.rows

    @property
    def led_width(self) -> int:
        """LEDs across the whole area."""
        return self.columns * self.per_pad

    @property
    def led_height(self) -> int:
        """LEDs up the whole area."""
        return self.rows * self.per_pad

    @property
    def leds(self) -> int:
        """Number of LEDs."""
        return self.led_width * self.led_height

    @property
    def budget_milliamps(self) -> float:
        """What the LEDs' colours may draw: the limit less standby current and other loads."""
        power = self.power
        return power.limit_amps * 1000 - power.other_milliamps - power.standby_milliamps * self.leds

    def pad_name(self, pad: int) -> str:
        """The algebraic name of a pad (``a1`` bottom left)."""
        return cell_name(pad % self.columns, pad // self.columns)
