"""A build's full pin map, from its profile: the Pi's header, the level shifter, the LED data
lines and power injection points, the microcontroller, the sensor chips with their addresses,
and which sensor channel each pad is wired to."""

from __future__ import annotations

from dataclasses import dataclass

from controller.profile.model import Panel, Profile

PI_HEADER = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29,
             6: 31, 13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22,
             8: 24, 7: 26, 1: 28, 12: 32, 16: 36, 20: 38, 21: 40}
"""BCM GPIO number -> physical pin of the Pi's 40-pin header."""
PICO_PINS = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
             12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
             22: 29, 26: 31, 27: 32, 28: 34}
"""GPnn -> physical pin of a Raspberry Pi Pico (and pin-compatible boards)."""
MPR121_ADDR_PIN = {0x5A: "GND", 0x5B: "3V3", 0x5C: "SDA", 0x5D: "SCL"}
"""Where an MPR121's ADDR pin goes for each I2C address."""
LED_HARDWARE = {10: "SPI0 MOSI", 12: "PWM0", 18: "PWM0", 13: "PWM1", 19: "PWM1", 21: "PCM DOUT"}
SHIFTER_GATES = ("1A → 1Y", "2A → 2Y")
"""The 74AHCT125 gates the LED data lines go through (its 1OE and 2OE to ground)."""
INJECT_EVERY = 256
"""LEDs after which a long run of LEDs gets 5 V again (as a panel's input does)."""


@dataclass(frozen=True)
class Connection:
    """One wire: from a pin to where it goes, and what it carries."""

    source: str
    target: str
    signal: str


@dataclass(frozen=True)
class Injection:
    """Where 5 V and ground go into the LEDs: before LED ``led`` of channel ``channel``."""

    channel: int
    led: int
    where: str


def pi_pin(gpio: int) -> str:
    """``GPIO 18 (pin 12)``."""
    return f"GPIO {gpio} (pin {PI_HEADER[gpio]})"


def pico_pin(gp: int) -> str:
    """``GP4 (pin 6)``."""
    return f"GP{gp} (pin {PICO_PINS[gp]})"


def pi_connections(profile: Profile) -> list[Connection]:
    """Every wire from the Pi's header, LED data lines first."""
    wires = []
    for index, channel in enumerate(profile.channels):
        hardware = LED_HARDWARE.get(channel.gpio, "PIO")
        wires.append(Connection(f"Pi {pi_pin(channel.gpio)}",
                                f"74AHCT125 {SHIFTER_GATES[index]} → 330 Ω → LED channel "
                                f"{index} DIN", f"LED data, {hardware}"))
    gpio = profile.gpio
    wires.append(Connection(f"Pi {pi_pin(gpio.menu_button)}", "menu button → GND",
                            "input, internal pull-up"))
    wires.append(Connection(f"Pi {pi_pin(gpio.undo_button)}", "undo button → GND",
                            "input, internal pull-up"))
    if gpio.buzzer is not None:
        kind = "passive piezo (tones)" if gpio.buzzer_type == "passive" else "active buzzer"
        wires.append(Connection(f"Pi {pi_pin(gpio.buzzer)}", f"{kind} + ; − to GND",
                                "output"))
    if gpio.status_led is not None:
        wires.append(Connection(f"Pi {pi_pin(gpio.status_led)}",
                                "330 Ω → status LED anode; cathode to GND", "output"))
    wires.append(Connection("Pi 5V (pin 2)", "74AHCT125 VCC (pin 14)", "5 V"))
    wires.append(Connection("Pi GND (pin 6)", "74AHCT125 GND (pin 7), 1OE, 2OE; LED supply GND",
                            "ground, shared"))
    wires.append(Connection("Pi USB", "microcontroller USB", "touch link (USB serial) and "
                            "its power"))
    return wires


def sensor_connections(profile: Profile) -> list[Connection]:
    """Every wire from the microcontroller to the touch sensors."""
    touch = profile.touch
    wires = []
    if touch.sensor == "mpr121":
        for number, bus in enumerate(touch.buses):
            sda, scl = f"MCU {pico_pin(bus.sda)}", f"MCU {pico_pin(bus.scl)}"
            if bus.mux is not None:
                mux = f"TCA9548A bus {number}"
                wires.append(Connection(sda, f"{mux} SDA", "I2C data"))
                wires.append(Connection(scl, f"{mux} SCL", "I2C clock"))
                wires.append(Connection(f"{mux} A0, A1, A2", mux_straps(bus.mux),
                                        f"address 0x{bus.mux:02X}"))
            if bus.irq is not None:
                wires.append(Connection(f"MCU {pico_pin(bus.irq)}",
                                        f"every MPR121 IRQ on bus {number}, joined",
                                        "touch news: open-drain, low until read"))
            for index, chip in enumerate(bus.chips):
                name = chip_name(number, bus.channels[index] if bus.mux is not None else None,
                                 chip)
                if bus.mux is not None:
                    sda = f"TCA9548A bus {number} SD{bus.channels[index]}"
                    scl = f"TCA9548A bus {number} SC{bus.channels[index]}"
                wires.append(Connection(sda, f"{name} SDA", "I2C data"))
                wires.append(Connection(scl, f"{name} SCL", "I2C clock"))
                wires.append(Connection(f"{name} ADDR", MPR121_ADDR_PIN[chip],
                                        f"address 0x{chip:02X}"))
    elif touch.sensor == "ttp223" and touch.shift is not None:
        shift = touch.shift
        wires.append(Connection(f"MCU {pico_pin(shift.clock)}", "every 74HC165 CLK (pin 2)",
                                "clock"))
        wires.append(Connection(f"MCU {pico_pin(shift.latch)}", "every 74HC165 SH/LD (pin 1)",
                                "load"))
        wires.append(Connection(f"MCU {pico_pin(shift.data)}", "first 74HC165 QH (pin 9)",
                                "data; each QH to the next one's SER (pin 10)"))
    else:
        for channel, pin in enumerate(touch.pins):
            wires.append(Connection(f"MCU {pico_pin(pin)}",
                                    f"pad {profile.pad_name(touch.pads[channel])} "
                                    "through 1 MΩ", "charge-time sensing"))
    return wires


def chip_name(bus: int, channel: int | None, address: int) -> str:
    """An MPR121 by its bus, its mux channel if it sits behind one, and its address."""
    where = f"bus {bus}" if channel is None else f"bus {bus} channel {channel}"
    return f"MPR121 {where} 0x{address:02X}"


def mux_straps(address: int) -> str:
    """Where a TCA9548A's A0, A1, A2 go for ``address`` (0x70 + A2 A1 A0)."""
    levels = ["3V3" if (address - 0x70) >> bit & 1 else "GND" for bit in range(3)]
    return "GND" if set(levels) == {"GND"} else ", ".join(levels)


def pad_channels(profile: Profile) -> list[tuple[str, str]]:
    """``(sensor input, pad)`` for every pad, in sensor channel order."""
    touch = profile.touch
    inputs: list[str] = []
    if touch.sensor == "mpr121":
        for number, bus in enumerate(touch.buses):
            for index, chip in enumerate(bus.chips):
                where = f"bus {number}" if bus.mux is None else \
                    f"bus {number} ch {bus.channels[index]}"
                inputs.extend(f"{where} 0x{chip:02X} ELE{e}" for e in range(12))
    elif touch.sensor == "ttp223" and touch.shift is not None:
        inputs.extend(f"74HC165 #{r + 1} {'ABCDEFGH'[b]}" for r in range(touch.shift.registers)
                      for b in range(8))
    else:
        inputs.extend(pico_pin(pin) for pin in touch.pins)
    return [(inputs[channel], profile.pad_name(pad)) for channel, pad in enumerate(touch.pads)]


def panels_in_chain(profile: Profile, channel: int) -> list[Panel]:
    """The panels of ``channel`` in the order the data runs through them."""
    return [panel for panel in profile.panels if panel.channel == channel]


def injections(profile: Profile) -> list[Injection]:
    """Where the LEDs get 5 V and ground: at every panel's input, and every ``INJECT_EVERY``
    LEDs inside a larger panel."""
    points = []
    for channel in range(len(profile.channels)):
        led = 0
        for panel in panels_in_chain(profile, channel):
            size = panel.width * panel.height
            for offset in range(0, size, INJECT_EVERY):
                where = "input" if offset == 0 else f"LED {offset + 1}"
                points.append(Injection(channel, led + offset,
                                        f"panel {panel.width}x{panel.height} at LED "
                                        f"({panel.x}, {panel.y}), {where}"))
            led += size
    return points
