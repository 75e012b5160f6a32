"""A build's wiring as parts with pins and the wires that join them, drawn from its profile —
the model behind the wiring diagram: every wire runs from a pin of one part to a pin of another
(or of the same part, for a chip's address strap), with its signal and a colour to use.

The parts are the Pi's header (only the pins in use), the level shifter, a resistor in each LED
data line, the LED chains with their data input and power injection points, the supply and its
fuse, the microcontroller, the touch sensors, the buttons, the buzzer and the status LED. A
long chain of identical parts (32 shift registers) is drawn as its first two and its last.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from controller.profile.model import I2cBus, Profile
from wiring.pinmap import (
    MPR121_ADDR_PIN,
    PI_HEADER,
    PICO_PINS,
    SHIFTER_GATES,
    injections,
)

ROW = 3.5
"""Millimetres between a part's pins."""
SUPPLY_TOP = 60.0
"""Where the LED supply stands, below the level shifter and beside the Pi's ground pins."""
COLUMN_DROP = 30.0
"""How much lower each sensor bus's column starts than the next one's."""
HEAD = 6.0
"""A part's title above its first pin."""
COLOURS = {"5V": "red", "GND": "black", "3V3": "orange", "data": "yellow", "SDA": "blue",
           "SCL": "green", "button": "white", "sound": "purple", "status": "grey",
           "clock": "green", "load": "white", "IRQ": "white", "USB": "USB cable"}
"""Suggested wire colour per kind of signal."""


@dataclass
class Part:
    """A box at ``(x, y)`` (top left, millimetres) ``width`` wide, with pins down its
    ``side`` (``left`` or ``right``) or both."""

    key: str
    title: str
    x: float
    y: float
    width: float
    left: list[str] = field(default_factory=list)
    right: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def height(self) -> float:
        return HEAD + ROW * max(len(self.left), len(self.right), 1) + 1.5

    def pin(self, name: str) -> tuple[float, float]:
        """Where pin ``name`` is (a ``KeyError`` for a pin the part does not have)."""
        if name in self.left:
            return self.x, self.y + HEAD + ROW * (self.left.index(name) + 0.5)
        if name in self.right:
            return self.x + self.width, self.y + HEAD + ROW * (self.right.index(name) + 0.5)
        raise KeyError(f"{self.key} has no pin {name!r}")


@dataclass(frozen=True)
class Wire:
    """A wire from ``source`` to ``target``, each ``(part key, pin name)``."""

    source: tuple[str, str]
    target: tuple[str, str]
    signal: str
    kind: str
    """A key of ``COLOURS``."""

    @property
    def colour(self) -> str:
        return COLOURS[self.kind]


@dataclass
class Schematic:
    """The parts by key, and the wires."""

    parts: dict[str, Part]
    wires: list[Wire]

    def add(self, part: Part) -> Part:
        self.parts[part.key] = part
        return part

    def wire(self, source: tuple[str, str], target: tuple[str, str], signal: str,
             kind: str) -> None:
        self.wires.append(Wire(source, target, signal, kind))


def schematic(profile: Profile) -> Schematic:
    """The parts and wires of ``profile``."""
    drawing = Schematic({}, [])
    _pi_side(drawing, profile)
    _leds(drawing, profile)
    _touch(drawing, profile)
    return drawing


def _pin(gpio: int) -> str:
    return f"GPIO{gpio} ({PI_HEADER[gpio]})"


def _gp(gp: int) -> str:
    return f"GP{gp} ({PICO_PINS[gp]})"


def _gates(index: int) -> tuple[str, str]:
    """The level shifter's input and output pin of LED data line ``index``."""
    source, target = SHIFTER_GATES[index].split(" → ")
    return f"{source} ({(2, 5)[index]})", f"{target} ({(3, 6)[index]})"


def _pi_side(drawing: Schematic, profile: Profile) -> None:
    gpio = profile.gpio
    controls = [("menu", "menu button", gpio.menu_button, "button"),
                ("undo", "undo button", gpio.undo_button, "button")]
    if gpio.buzzer is not None:
        controls.append(("buzzer", f"{gpio.buzzer_type} buzzer", gpio.buzzer, "sound"))
    if gpio.status_led is not None:
        controls.append(("status", "status LED, 330 Ω", gpio.status_led, "status"))
    pins = [_pin(c.gpio) for c in profile.channels] + [_pin(c[2]) for c in controls]
    drawing.add(Part("pi", "Raspberry Pi header", 10, 22, 34,
                     right=[*pins, "5V (2)", "GND (6)", "GND (9)", "GND (14)", "USB"]))
    gates = [_gates(index) for index in range(len(profile.channels))]
    shifter = drawing.add(Part("shifter", "74AHCT125 level shifter", 66, 22, 30,
                               left=[g[0] for g in gates] + ["VCC (14)", "GND (7)", "1OE (1)",
                                                             "2OE (4)"],
                               right=[g[1] for g in gates]))
    for index, channel in enumerate(profile.channels):
        drawing.wire(("pi", _pin(channel.gpio)), ("shifter", gates[index][0]),
                     f"LED data {index}", "data")
    drawing.wire(("pi", "5V (2)"), ("shifter", "VCC (14)"), "5 V", "5V")
    drawing.wire(("pi", "GND (6)"), ("shifter", "GND (7)"), "ground", "GND")
    drawing.wire(("shifter", "GND (7)"), ("shifter", "1OE (1)"), "enable", "GND")
    drawing.wire(("shifter", "1OE (1)"), ("shifter", "2OE (4)"), "enable", "GND")
    power = profile.power
    supply = drawing.add(Part("supply", f"{power.supply_volts:g} V {power.supply_amps:g} A "
                              "supply", 66, max(shifter.y + shifter.height + 6, SUPPLY_TOP),
                              30, left=["V− (Pi)"], right=["V+", "V−"]))
    drawing.wire(("pi", "GND (14)"), ("supply", "V− (Pi)"), "shared ground", "GND")
    y = supply.y + supply.height + 5
    for key, title, pin, kind in controls:
        part = drawing.add(Part(key, title, 66, y, 30, left=["in", "GND"]))
        drawing.wire(("pi", _pin(pin)), (key, "in"), title, kind)
        drawing.wire(("pi", "GND (9)"), (key, "GND"), "ground", "GND")
        y += part.height + 2


def _leds(drawing: Schematic, profile: Profile) -> None:
    points = injections(profile)
    y = 22.0
    for index in range(len(profile.channels)):
        drawing.add(Part(f"r{index}", "330 Ω", 112, y + 6, 14, left=["a"], right=["b"]))
        feeds = [n for n, point in enumerate(points) if point.channel == index]
        chain = drawing.add(Part(
            f"chain{index}", f"LED chain {index}: {len(profile.channels[index].chain)} LEDs",
            150, y, 46, left=["DIN"] + [f"{name} in {n + 1}" for n in feeds
                                        for name in ("5V", "GND")],
            note="1000 µF across each 5V/GND pair"))
        _, gate_out = _gates(index)
        drawing.wire(("shifter", gate_out), (f"r{index}", "a"), f"data {index}, 5 V",
                     "data")
        drawing.wire((f"r{index}", "b"), (f"chain{index}", "DIN"), f"DIN {index}", "data")
        y += chain.height + 6
    drawing.add(Part("fuse", "fuse", 112, y, 18, left=["in"], right=["out"]))
    drawing.wire(("supply", "V+"), ("fuse", "in"), "5 V", "5V")
    for n, point in enumerate(points):
        drawing.wire(("fuse", "out"), (f"chain{point.channel}", f"5V in {n + 1}"), "5 V",
                     "5V")
        drawing.wire(("supply", "V−"), (f"chain{point.channel}", f"GND in {n + 1}"),
                     "ground", "GND")


def _touch(drawing: Schematic, profile: Profile) -> None:
    touch = profile.touch
    top = max(part.y + part.height for part in drawing.parts.values()) + 8
    used: list[str] = []
    if touch.sensor == "mpr121":
        for bus in reversed(touch.buses):  # the last bus's chips stand highest
            used += [_gp(bus.sda), _gp(bus.scl)] + ([_gp(bus.irq)] if bus.irq is not None else [])
    elif touch.sensor == "ttp223" and touch.shift is not None:
        used += [_gp(p) for p in (touch.shift.clock, touch.shift.latch, touch.shift.data)]
    else:
        used += [_gp(p) for p in touch.pins]
    drawing.add(Part("pico", "Pico (touch board)", 10, top, 34,
                     right=[*used, "3V3 (36)", "GND (38)", "USB"]))
    drawing.wire(("pi", "USB"), ("pico", "USB"), "touch link and power", "USB")
    if touch.sensor == "mpr121":
        buses = len(touch.buses)
        for number, bus in enumerate(touch.buses):
            y = top + 2 + COLUMN_DROP * (buses - 1 - number)
            if bus.mux is not None:
                _muxed(drawing, number, bus, y)
                continue
            previous = "pico"
            for chip in bus.chips:
                key = f"mpr{number}-{chip:02x}"
                part = drawing.add(Part(key, f"MPR121 0x{chip:02X}, bus {number}",
                                        66 + 52 * number, y, 30,
                                        left=["SDA", "SCL", "3V3", "GND", "ADDR",
                                              *(["IRQ"] if bus.irq is not None else [])],
                                        note="ELE0-11: its pads"))
                y += part.height + 3
                pins = {"SDA": _gp(bus.sda), "SCL": _gp(bus.scl), "3V3": "3V3 (36)",
                        "GND": "GND (38)"}
                for pin, kind in (("SDA", "SDA"), ("SCL", "SCL"), ("3V3", "3V3"),
                                  ("GND", "GND")):
                    source = ("pico", pins[pin]) if previous == "pico" else (previous, pin)
                    drawing.wire(source, (key, pin), f"bus {number} {pin}" if kind in
                                 ("SDA", "SCL") else {"3V3": "3.3 V", "GND": "ground"}[pin],
                                 kind)
                strap = MPR121_ADDR_PIN[chip]
                drawing.wire((key, strap), (key, "ADDR"), f"address 0x{chip:02X}", strap)
                if bus.irq is not None:
                    source = ("pico", _gp(bus.irq)) if previous == "pico" else (previous, "IRQ")
                    drawing.wire(source, (key, "IRQ"), f"bus {number} IRQ, joined", "IRQ")
                previous = key
    elif touch.sensor == "ttp223" and touch.shift is not None:
        shift = touch.shift
        shown = sorted({1, min(2, shift.registers), shift.registers})
        y = top + 2
        for number in shown:
            key = f"sr{number}"
            part = drawing.add(Part(key, f"74HC165 #{number}", 66, y, 32,
                                    left=["QH (9)", "SER (10)", "CLK (2)", "SH/LD (1)",
                                          "VCC (16)", "GND (8)"],
                                    note="A-H: 8 TTP223 outputs"))
            y += part.height + 3
            drawing.wire(("pico", _gp(shift.clock)), (key, "CLK (2)"), "clock", "clock")
            drawing.wire(("pico", _gp(shift.latch)), (key, "SH/LD (1)"), "load", "load")
            drawing.wire(("pico", "3V3 (36)"), (key, "VCC (16)"), "3.3 V", "3V3")
            drawing.wire(("pico", "GND (38)"), (key, "GND (8)"), "ground", "GND")
        drawing.wire(("pico", _gp(shift.data)), (f"sr{shown[0]}", "QH (9)"), "data", "data")
        for earlier, later in itertools.pairwise(shown):
            drawing.wire((f"sr{earlier}", "SER (10)"), (f"sr{later}", "QH (9)"),
                         "chain" if later == earlier + 1 else "chain: every one between",
                         "data")
    else:
        names = [profile.pad_name(pad) for pad in touch.pads]
        drawing.add(Part("pads", "pads, each through 1 MΩ", 66, top + 2, 26, left=names))
        for gp, name in zip(touch.pins, names, strict=True):
            drawing.wire(("pico", _gp(gp)), ("pads", name), f"pad {name}", "data")


def check(drawing: Schematic) -> list[str]:
    """Wires whose ends are not pins of the parts (empty when every wire joins two pins)."""
    wrong = []
    for wire in drawing.wires:
        for key, pin in (wire.source, wire.target):
            part = drawing.parts.get(key)
            if part is None or pin not in part.left + part.right:
                wrong.append(f"{wire.signal}: {key}.{pin}")
    return wrong


def _muxed(drawing: Schematic, number: int, bus: I2cBus, y: float) -> None:
    """A bus through a TCA9548A: the mux on the Pico's pins, and on each of its channels the
    first chip, wired as the others of that channel are (the note says how many); the chips'
    IRQ outputs, where the bus has a pin for them, all joined on it."""
    sda, scl, mux, chips, channels = bus.sda, bus.scl, bus.mux, bus.chips, bus.channels
    used = sorted(set(channels))
    key = f"mux{number}"
    part = drawing.add(Part(key, f"TCA9548A 0x{mux:02X}, bus {number}", 66 + 52 * number, y, 30,
                            left=["SDA", "SCL", "3V3", "GND", "A0-A2"],
                            right=[f"SD{c}" for c in used] + [f"SC{c}" for c in used]))
    for pin, source, kind, label in (("SDA", _gp(sda), "SDA", f"bus {number} SDA"),
                                     ("SCL", _gp(scl), "SCL", f"bus {number} SCL"),
                                     ("3V3", "3V3 (36)", "3V3", "3.3 V"),
                                     ("GND", "GND (38)", "GND", "ground")):
        drawing.wire(("pico", source), (key, pin), label, kind)
    drawing.wire((key, "GND"), (key, "A0-A2"), f"address 0x{mux:02X}", "GND")
    for channel in used:
        on = [chip for chip, at in zip(chips, channels) if at == channel]
        chip = on[0]
        chip_key = f"mpr{number}-{channel}"
        alike = f" ×{len(on)}, 0x{on[0]:02X}-{on[-1]:02X}" if len(on) > 1 else f" 0x{chip:02X}"
        box = drawing.add(Part(chip_key, f"MPR121{alike}, bus {number}.{channel}",
                               part.x + part.width + 24, y, 30,
                               left=["SDA", "SCL", "3V3", "GND", "ADDR",
                                     *(["IRQ"] if bus.irq is not None else [])],
                               note=f"ELE0-11 each: their pads; drawn: 0x{chip:02X}"))
        y += box.height + 4
        drawing.wire((key, f"SD{channel}"), (chip_key, "SDA"), f"bus {number}.{channel} SDA",
                     "SDA")
        drawing.wire((key, f"SC{channel}"), (chip_key, "SCL"), f"bus {number}.{channel} SCL",
                     "SCL")
        drawing.wire(("pico", "3V3 (36)"), (chip_key, "3V3"), "3.3 V", "3V3")
        drawing.wire(("pico", "GND (38)"), (chip_key, "GND"), "ground", "GND")
        strap = MPR121_ADDR_PIN[chip]
        drawing.wire((chip_key, strap), (chip_key, "ADDR"), f"address 0x{chip:02X}", strap)
        if bus.irq is not None:
            drawing.wire(("pico", _gp(bus.irq)), (chip_key, "IRQ"),
                         f"bus {number} IRQ, every chip's joined", "IRQ")
