"""Checking a profile's data field by field and as a whole, and building the :class:`Profile`.

Every problem is reported as ``file: key: reason``, one line each, all at once. The whole-board
checks (do the panels cover every LED exactly once, do the pins clash, do the sensors reach
every pad, can the supply keep the LEDs lit) run once the fields themselves are right.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from controller.errors import KaskadeError
from controller.games.algebraic import parse_cell
from controller.profile.firmware import sensor_thresholds
from controller.profile.geometry import MATERIALS, Geometry, check_geometry
from controller.profile.model import (
    BUZZER_TYPES,
    COLOUR_ORDERS,
    CORNERS,
    DDP_PORT,
    DIRECTIONS,
    LED_BACKENDS,
    SENSORS,
    STRIPS,
    Channel,
    Ddp,
    Gpio,
    I2cBus,
    Panel,
    Power,
    Profile,
    ShiftChain,
    Touch,
    Usb,
)
from controller.profile.reader import Reader

PI_PINS = (0, 27)
"""BCM GPIO numbers on the Pi's header."""
MICRO_PINS = (0, 28)
"""GPIO numbers of a Pico-class microcontroller."""
OFF_HEADER = (23, 24, 25)
"""The Pico's GPIOs that do not reach its header (power mode, USB sense, its LED)."""
USB_SERIAL = re.compile(r"[A-Za-z0-9._:+-]{1,64}")
"""What a USB serial number may be here: it is matched in udev rules, which cannot escape a
quote, so nothing that could end a value or start a rule of its own."""
LED_PINS = {10: "SPI", 12: "PWM0", 18: "PWM0", 13: "PWM1", 19: "PWM1", 21: "PCM"}
"""Pins that can drive an LED strip through the Pi's hardware, and the hardware they use."""
SPI_PINS = {7: "SPI0 CE1", 8: "SPI0 CE0", 9: "SPI0 MISO", 11: "SPI0 SCLK"}
"""The SPI block's other pins: taken by its driver (``dtparam=spi=on``) when the LEDs are on
GPIO 10."""
ANY_PIN_BACKENDS = ("neopixel", "ws2812-pio", "ddp")
"""LED backends not bound to the Pi 1-4's PWM, PCM and SPI pins: a Pi 5's RP1 drives any GPIO
from its PIO, and DDP's LEDs hang off another machine (the pins then say how the board would
be wired to a Pi)."""
HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\]")
"""A host name, an IPv4 address or an IPv6 address in brackets."""
MPR121_ADDRESSES = (0x5A, 0x5D)
MUX_ADDRESSES = (0x70, 0x77)
"""A TCA9548A I2C mux's addresses (its A0-A2 pins)."""


class ProfileError(KaskadeError, ValueError):
    """A profile that cannot be used; ``problems`` holds ``(key, reason)`` pairs."""

    def __init__(self, source: str, problems: Sequence[tuple[str, str]]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(f"{source}: {key}: {reason}" for key, reason in problems))


def parse_profile(data: Mapping[str, Any], source: str) -> Profile:
    """The profile described by ``data`` (a parsed TOML document) from ``source``."""
    problems: list[tuple[str, str]] = []
    root = Reader(data, "", problems)
    name, columns, rows = _board(root)
    leds = root.table("leds")
    per_pad = leds.integer("per_pad", 1, 3) if leds else None
    strip = leds.choice("strip", STRIPS, "ws2812b") if leds else None
    order = leds.choice("colour_order", COLOUR_ORDERS, "GRB") if leds else None
    dma = leds.integer("dma", 0, 14, 10) if leds else None
    backend = leds.choice("backend", LED_BACKENDS, "auto") if leds else None
    panels = [_panel(table) for table in leds.tables("panels")] if leds else []
    pins = [table.integer("gpio", *PI_PINS) for table in leds.tables("channels")] if leds else []
    ddp = _ddp(leds.table("ddp", required=False), backend) if leds else None
    if leds and backend == "ddp" and "ddp" not in leds.data:
        leds.problem("ddp", 'backend = "ddp" sends the frames to an LED controller on the '
                     'network: say which, under [leds.ddp] with host = "..." (and port)')
    if leds:
        leds.done()
    touch = _touch(root.table("touch"))
    gpio = _gpio(root.table("gpio"))
    power = _power(root.table("power"))
    geometry = _geometry(root.table("geometry", required=False), per_pad)
    root.done()
    if problems:
        raise ProfileError(source, problems)

    # With no problems recorded every field above was read successfully.
    assert columns and rows and per_pad and strip and order and dma is not None and backend
    assert touch and gpio and power
    chains = _chains(problems, panels, len(pins), columns * per_pad, rows * per_pad, per_pad)
    if backend not in ANY_PIN_BACKENDS:
        _check_led_pins(problems, [p for p in pins if p is not None])
    _check_pi_pins(problems, [p for p in pins if p is not None], gpio,
                   spi=backend in ("auto", "ws281x"))
    touch_pads = _touch_map(problems, touch, columns, rows)
    leds_total = columns * rows * per_pad * per_pad
    _check_power(problems, power, leds_total)
    built = geometry or Geometry.default(per_pad)
    errors, warnings = check_geometry(built, per_pad, columns, rows, touch.touch.sensor,
                                      sensor_thresholds(touch.touch.sensor)[0])
    problems.extend(errors)
    if problems:
        raise ProfileError(source, problems)
    return Profile(
        name=name or source,
        source=source,
        columns=columns,
        rows=rows,
        per_pad=per_pad,
        strip=strip,
        colour_order=order,
        panels=tuple(p for p in panels if p is not None),
        channels=tuple(Channel(pin, dma, chain) for pin, chain in zip(pins, chains) if pin),
        touch=replace(touch.touch, pads=touch_pads),
        gpio=gpio,
        power=power,
        led_backend=backend,
        ddp=ddp,
        geometry=geometry,
        warnings=tuple(warnings),
    )


# -- sections ---------------------------------------------------------------------------------


def _board(root: Reader) -> tuple[str | None, int | None, int | None]:
    board = root.table("board")
    name = board.text("name") if board else None
    if board:
        board.done()
    pads = root.table("pads")
    columns = pads.integer("columns", 4, 16) if pads else None
    rows = pads.integer("rows", 4, 16) if pads else None
    if pads:
        pads.done()
    return name, columns, rows


def _panel(table: Reader) -> Panel | None:
    values = (
        table.integer("channel", 0, 1, 0),
        table.integer("width", 1, 64),
        table.integer("height", 1, 64),
        table.integer("x", 0, 63, 0),
        table.integer("y", 0, 63, 0),
        table.choice("start", CORNERS),
        table.choice("direction", DIRECTIONS, "horizontal"),
        table.boolean("serpentine"),
    )
    table.done()
    found = _all_read(values)
    return None if found is None else Panel(*found)


@dataclass(frozen=True)
class _TouchDraft:
    """The touch section before its channel order is resolved against the pad grid."""

    touch: Touch
    order: str | tuple[str, ...]


def _touch(table: Reader | None) -> _TouchDraft | None:
    if table is None:
        return None
    sensor = table.choice("sensor", SENSORS)
    order = _order(table)
    buses: list[I2cBus] = []
    shift = None
    pins: list[int] = []
    if sensor == "mpr121":
        for bus in table.tables("buses"):
            sda, scl = bus.integer("sda", *MICRO_PINS), bus.integer("scl", *MICRO_PINS)
            mux = bus.integer("mux", *MUX_ADDRESSES, None)
            irq = bus.integer("irq", *MICRO_PINS, None)
            chips, channels = _chips(bus) if mux is None else _muxed_chips(bus)
            bus.done()
            if sda is not None and scl is not None and chips:
                buses.append(I2cBus(sda, scl, tuple(chips), mux, tuple(channels), irq))
        if len(buses) > 2:
            table.problem("buses", f"the microcontroller has 2 I2C buses, not {len(buses)}")
    elif sensor == "ttp223":
        chain = table.table("shift")
        if chain:
            values = (chain.integer("clock", *MICRO_PINS), chain.integer("latch", *MICRO_PINS),
                      chain.integer("data", *MICRO_PINS), chain.integer("registers", 1, 64))
            chain.done()
            found = _all_read(values)
            if found is not None:
                shift = ShiftChain(*found)
    elif sensor == "gpio":
        pins = table.integers("pins", *MICRO_PINS)
    used = [*pins, *(p for bus in buses for p in (bus.sda, bus.scl, bus.irq) if p is not None),
            *((shift.clock, shift.latch, shift.data) if shift else ())]
    internal = sorted({pin for pin in used if pin in OFF_HEADER})
    if internal:
        table.problem(sensor or "sensor", f"GP{', GP'.join(map(str, internal))}: GP23-25 are "
                      "wired on the Pico itself, not on its header")
    usb = _usb(table.table("usb", required=False))
    silence = table.number("silence_seconds", 1, 120, Touch.silence_seconds)
    table.done()
    if sensor is None or order is None or usb is None or silence is None:
        return None
    return _TouchDraft(Touch(sensor, (), tuple(buses), shift, tuple(pins), usb, silence), order)


def _chips(bus: Reader) -> tuple[list[int], list[int]]:
    """A bus's MPR121 addresses, up to four."""
    chips = bus.integers("chips", *MPR121_ADDRESSES)
    if len(chips) > 4:
        bus.problem("chips", f"an I2C bus holds at most 4 MPR121 chips, not {len(chips)} (a "
                    "TCA9548A, mux = 0x70, gives it eight channels of four)")
        return [], []
    if len(set(chips)) != len(chips):
        bus.problem("chips", "each chip on a bus needs its own address")
        return [], []
    return chips, []


def _muxed_chips(bus: Reader) -> tuple[list[int], list[int]]:
    """Behind a TCA9548A: a list of addresses for each of its channels, from channel 0 on;
    the addresses, and each one's channel."""
    value = bus.raw("chips", [])
    low, high = MPR121_ADDRESSES
    if not isinstance(value, list) or not 1 <= len(value) <= 8 or not all(
            isinstance(channel, list) and 1 <= len(channel) <= 4
            and all(isinstance(a, int) and not isinstance(a, bool) and low <= a <= high
                    for a in channel) for channel in value):
        bus.problem("chips", f"behind a mux, a list for each of its channels (up to 8), each "
                    f"of up to 4 addresses 0x{low:X}-0x{high:X}, not {_shown(str(value))}")
        return [], []
    if any(len(set(channel)) != len(channel) for channel in value):
        bus.problem("chips", "each chip on a mux channel needs its own address")
        return [], []
    chips = [address for channel in value for address in channel]
    channels = [number for number, channel in enumerate(value) for _ in channel]
    return chips, channels


def _usb(table: Reader | None) -> Usb | None:
    if table is None:
        return Usb()
    vid = table.integer("vid", 0, 0xFFFF, Usb.vid)
    pid = table.integer("pid", 0, 0xFFFF, Usb.pid)
    serial = table.text("serial", None)
    if serial is not None and not USB_SERIAL.fullmatch(serial):
        table.problem("serial", f"{_shown(serial)} is not a USB serial number: 1-64 letters, "
                      "digits and . _ : + - (kaskade doctor lists the ones it finds)")
        serial = None
        vid = None
    table.done()
    if vid is None or pid is None:
        return None
    return Usb(vid, pid, serial)


def _shown(text: str) -> str:
    """A value from a profile in an error message: its first characters, printable."""
    return repr(text[:40] + ("…" if len(text) > 40 else ""))


def _order(table: Reader) -> str | tuple[str, ...] | None:
    order = table.raw("order", "rows")
    if isinstance(order, str) and order.lower() in ("rows", "serpentine"):
        return order.lower()
    if isinstance(order, list) and order and all(isinstance(name, str) for name in order):
        return tuple(order)
    table.problem("order", 'must be "rows", "serpentine" or a list of pad names, one per channel')
    return None


def _gpio(table: Reader | None) -> Gpio | None:
    if table is None:
        return None
    values = (table.integer("menu_button", *PI_PINS), table.integer("undo_button", *PI_PINS))
    buzzer = table.integer("buzzer", *PI_PINS, None)
    status = table.integer("status_led", *PI_PINS, None)
    buzzer_type = table.choice("buzzer_type", BUZZER_TYPES, "passive")
    table.done()
    found = _all_read((*values, buzzer_type))
    if found is None:
        return None
    return Gpio(found[0], found[1], buzzer, status, found[2])


def _ddp(table: Reader | None, backend: str | None) -> Ddp | None:
    """``[leds.ddp]``: the LED controller's host and port, for ``backend = "ddp"`` only."""
    if table is None:
        return None
    host = table.text("host")
    port = table.integer("port", 1, 65535, DDP_PORT)
    table.done()
    if host is not None and not HOST.fullmatch(host):
        table.problem("host", f"{host!r} is not a host name or an address (an IPv6 address goes "
                      "in brackets)")
        return None
    if backend != "ddp":
        table.problem("", 'only for backend = "ddp" under [leds]')
        return None
    return Ddp(host.strip("[]"), port) if host is not None and port is not None else None


def _power(table: Reader | None) -> Power | None:
    if table is None:
        return None
    values = (
        table.number("supply_volts", 3, 24),
        table.number("supply_amps", 0.1, 200),
        table.number("limit_amps", 0.1, 200),
        table.number("led_milliamps", 1, 120, 55),
        table.number("standby_milliamps", 0, 5, 1),
        table.number("other_milliamps", 0, 10000, 0),
    )
    table.done()
    found = _all_read(values)
    return None if found is None else Power(*found)


def _geometry(table: Reader | None, per_pad: int | None) -> Geometry | None:
    if table is None:
        return None
    values = (
        table.number("pad_pitch_mm", 5, 100),
        table.number("pad_size_mm", 3, 100),
        table.number("pad_window_mm", 0, 100, 0),
        table.choice("top", tuple(MATERIALS)),
        table.number("top_mm", 0.1, 20),
        table.number("gap_mm", 0, 100),
        table.number("sheet_mm", 0.5, 10, 3),
    )
    lead = table.number("lead_mm", 10, 2000, None)
    table.done()
    found = _all_read(values)
    if found is None or per_pad is None:
        return None
    pitch, size, window, top, top_mm, gap, sheet = found
    return Geometry(pitch, size, window, top, top_mm, gap, sheet, lead)


def _all_read(values: tuple[object, ...]) -> tuple[Any, ...] | None:
    """``values`` when every one of them was read, else ``None`` (the reader has recorded
    what was missing or wrong)."""
    return None if any(value is None for value in values) else values


# -- whole-board checks -----------------------------------------------------------------------


def _chains(
    problems: list[tuple[str, str]],
    panels: Sequence[Panel | None],
    channels: int,
    width: int,
    height: int,
    per_pad: int,
) -> list[tuple[int, ...]]:
    """Each channel's chain of LED indexes, checking that the panels tile the LED area."""
    owner: dict[tuple[int, int], int] = {}
    chains: list[list[int]] = [[] for _ in range(channels)]
    for number, panel in enumerate(panels, 1):
        assert panel is not None
        key = f"leds.panels[{number}]"
        if panel.channel >= channels:
            problems.append((f"{key}.channel", f"there is no channel {panel.channel}; "
                             f"[[leds.channels]] defines {channels}"))
            continue
        right, top = panel.x + panel.width, panel.y + panel.height
        if right > width or top > height:
            problems.append((key, f"reaches LED ({right - 1}, {top - 1}), outside the "
                             f"{width} x {height} LEDs under the pads"))
            continue
        for x, y in panel.positions():
            if (x, y) in owner:
                problems.append((key, f"overlaps leds.panels[{owner[x, y]}] at LED ({x}, {y})"))
                break
            owner[x, y] = number
            chains[panel.channel].append(y * width + x)
    named = {panel.channel for panel in panels if panel is not None}
    for index in range(channels):
        if index not in named:
            problems.append((f"leds.channels[{index + 1}]", "no panel is on this channel"))
    missing = [(x, y) for y in range(height) for x in range(width) if (x, y) not in owner]
    if missing and not any(key.startswith("leds.panels") and "outside" in reason
                           for key, reason in problems):
        pads = sorted({(x // per_pad, y // per_pad) for x, y in missing},
                      key=lambda p: (p[1], p[0]))
        names = [f"{chr(ord('a') + c)}{r + 1}" for c, r in pads]
        shown = ", ".join(names[:6]) + (", …" if len(names) > 6 else "")
        problems.append(("leds.panels", f"the chains leave {len(missing)} LEDs unlit, under pads "
                         f"{shown}: those pads lie outside the LED area"))
    return [tuple(chain) for chain in chains]


def _check_led_pins(problems: list[tuple[str, str]], pins: Sequence[int]) -> None:
    for index, pin in enumerate(pins, 1):
        if pin not in LED_PINS:
            usable = ", ".join(str(p) for p in sorted(LED_PINS))
            problems.append((f"leds.channels[{index}].gpio",
                             f"GPIO {pin} cannot drive LEDs; use one of {usable}"))
    if len(pins) == 2 and all(p in LED_PINS for p in pins):
        kinds = [LED_PINS[p] for p in pins]
        if not all(kind.startswith("PWM") for kind in kinds) or kinds[0] == kinds[1]:
            problems.append(("leds.channels", "two channels need one PWM0 pin (12 or 18) and one "
                             f"PWM1 pin (13 or 19), not GPIO {pins[0]} and {pins[1]}"))
    if len(pins) > 2:
        problems.append(("leds.channels", f"the Pi drives at most 2 LED channels, not {len(pins)}"))


def _check_pi_pins(problems: list[tuple[str, str]], led_pins: Sequence[int], gpio: Gpio,
                   spi: bool) -> None:
    """No pin used twice; with the LEDs on SPI (``spi``: a backend that uses the Pi 1-4's SPI
    for GPIO 10), none of the SPI block's other pins used at all."""
    used = {f"leds.channels[{i}].gpio": pin for i, pin in enumerate(led_pins, 1)}
    used.update({f"gpio.{name}": pin for name, pin in gpio.pins().items()})
    seen: dict[int, str] = {}
    for key, pin in used.items():
        if pin in seen:
            problems.append((key, f"GPIO {pin} is already used by {seen[pin]}"))
        else:
            seen[pin] = key
    if spi and 10 in led_pins:
        for key, pin in used.items():
            if pin in SPI_PINS:
                problems.append((key, f"GPIO {pin} is {SPI_PINS[pin]}, taken by the SPI driver "
                                 "the LEDs on GPIO 10 need; choose another pin"))


def _touch_map(
    problems: list[tuple[str, str]], draft: _TouchDraft, columns: int, rows: int
) -> tuple[int, ...]:
    """The pad of each sensor channel, checking the order and the sensors' reach."""
    pads = columns * rows
    touch = draft.touch
    if draft.order == "rows":
        order = tuple(range(pads))
    elif draft.order == "serpentine":
        order = tuple(r * columns + (c if r % 2 == 0 else columns - 1 - c)
                      for r in range(rows) for c in range(columns))
    else:
        found = []
        for name in draft.order:
            cell = parse_cell(name)
            if cell is None or cell[0] >= columns or cell[1] >= rows:
                problems.append(("touch.order", f"{name!r} is not a pad of this {columns} x "
                                 f"{rows} board"))
                return ()
            found.append(cell[1] * columns + cell[0])
        order = tuple(found)
        if len(set(order)) != len(order) or len(order) != pads:
            problems.append(("touch.order", f"must name each of the {pads} pads exactly once "
                             f"(it names {len(set(order))} different pads in {len(order)})"))
    if touch.capacity < pads:
        problems.append(("touch", f"{touch.sensor} wiring gives {touch.capacity} channels for "
                         f"{pads} pads"))
    pins: list[tuple[str, int]] = []
    for number, bus in enumerate(touch.buses, 1):
        pins += [(f"touch.buses[{number}].sda", bus.sda), (f"touch.buses[{number}].scl", bus.scl)]
        if bus.irq is not None:
            pins.append((f"touch.buses[{number}].irq", bus.irq))
    if touch.shift:
        pins += [(f"touch.shift.{name}", getattr(touch.shift, name))
                 for name in ("clock", "latch", "data")]
    pins += [(f"touch.pins[{i}]", pin) for i, pin in enumerate(touch.pins, 1)]
    seen: dict[int, str] = {}
    for key, pin in pins:
        if pin in seen:
            problems.append((key, f"pin {pin} is already used by {seen[pin]}"))
        seen.setdefault(pin, key)
    return order


def _check_power(problems: list[tuple[str, str]], power: Power, leds: int) -> None:
    if power.limit_amps > power.supply_amps:
        problems.append(("power.limit_amps", f"{power.limit_amps:g} A is more than the supply's "
                         f"{power.supply_amps:g} A"))
    idle = power.standby_milliamps * leds + power.other_milliamps
    if power.limit_amps * 1000 <= idle:
        problems.append(("power.limit_amps", f"{power.limit_amps:g} A does not even cover {leds} "
                         f"dark LEDs and the other loads ({idle / 1000:g} A)"))
