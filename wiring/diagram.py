"""A build's wiring diagram as SVG, drawn from its profile: the Pi and what hangs on its pins,
the level shifter, the LED panels to scale with each chain's path, its data input and the
power injection points, the supply with its fuse, and the microcontroller with its sensors.

The output is plain text that depends on the profile only, so the diagrams in ``wiring/`` can
be checked to be current by regenerating them.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from controller.profile.model import Profile
from wiring.pinmap import (
    LED_HARDWARE,
    MPR121_ADDR_PIN,
    injections,
    panels_in_chain,
    pi_pin,
    pico_pin,
)
from wiring.power import budget

WIDTH, HEIGHT = 1000, 860
SENSORS_TOP = 560
LED_AREA = (580, 120, 380)
"""Left, top and side of the square the LEDs are drawn in."""
CHANNEL_COLOURS = ("#1f77b4", "#2ca02c")
RED, BLACK, GREY = "#d62728", "#222222", "#888888"


class Svg:
    """Collects SVG elements."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def box(self, x: int, y: int, width: int, height: int, title: str,
            lines: tuple[str, ...] = (), fill: str = "#f4f4f4") -> None:
        self.parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{height}" rx="6" '
                          f'fill="{fill}" stroke="{BLACK}"/>')
        self.text(x + 8, y + 18, title, bold=True)
        for number, line in enumerate(lines):
            self.text(x + 8, y + 36 + 15 * number, line, size=11)

    def text(self, x: float, y: float, content: str, size: int = 13, bold: bool = False,
             colour: str = BLACK, anchor: str = "start") -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}" font-size="{size}"{weight} '
                          f'fill="{colour}" text-anchor="{anchor}">{escape(content)}</text>')

    def line(self, points: list[tuple[float, float]], colour: str = BLACK, width: float = 1.5,
             dashed: bool = False) -> None:
        path = " ".join(f"{x:g},{y:g}" for x, y in points)
        dash = ' stroke-dasharray="5,3"' if dashed else ""
        self.parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                          f'stroke-width="{width:g}"{dash}/>')

    def dot(self, x: float, y: float, colour: str, radius: float = 4) -> None:
        self.parts.append(f'<circle cx="{x:g}" cy="{y:g}" r="{radius:g}" fill="{colour}"/>')

    def render(self, title: str) -> str:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
                f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif">\n'
                f"<title>{escape(title)}</title>\n"
                f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def diagram(profile: Profile) -> str:
    """The wiring diagram of ``profile`` as an SVG document."""
    svg = Svg()
    svg.text(20, 30, f"{profile.name}: wiring", size=18, bold=True)
    svg.text(20, 50, f"{profile.columns} x {profile.rows} pads, {profile.leds} "
             f"{profile.strip.upper()} LEDs ({profile.per_pad}x{profile.per_pad} per pad, "
             f"{profile.colour_order}), {len(profile.channels)} data line(s)", size=12,
             colour=GREY)
    svg.text(20, 66, f"drawn from {profile.source} by kaskade wiring", size=12, colour=GREY)
    _pi_side(svg, profile)
    _leds(svg, profile)
    _supply(svg, profile)
    _sensors(svg, profile)
    return svg.render(f"{profile.name} wiring")


def _pi_side(svg: Svg, profile: Profile) -> None:
    gpio = profile.gpio
    lines = [f"{pi_pin(c.gpio)}: LED data {i} ({LED_HARDWARE.get(c.gpio, 'PIO')})"
             for i, c in enumerate(profile.channels)]
    lines += [f"{pi_pin(gpio.menu_button)}: menu button", f"{pi_pin(gpio.undo_button)}: undo "
              "button"]
    if gpio.buzzer is not None:
        lines.append(f"{pi_pin(gpio.buzzer)}: {gpio.buzzer_type} buzzer")
    if gpio.status_led is not None:
        lines.append(f"{pi_pin(gpio.status_led)}: status LED")
    lines += ["5V (pin 2), GND (pin 6)", "USB: the touch microcontroller"]
    svg.box(20, 84, 260, 40 + 15 * len(lines), "Raspberry Pi", tuple(lines))
    svg.box(330, 120, 180, 90, "74AHCT125", ("VCC 5 V (pin 14), GND (pin 7)",
                                             "1OE, 2OE to GND", "1A→1Y, 2A→2Y: data"))
    for index in range(len(profile.channels)):  # from the Pi's line for it to the shifter
        svg.line([(280, 120 + 15 * index), (330, 150 + 15 * index)], CHANNEL_COLOURS[index], 2)
    buttons_y = 140 + 15 * len(lines)
    svg.box(20, buttons_y, 260, 56, "Buttons, buzzer, status LED",
            ("each from its GPIO to GND (buttons: pull-up)", "status LED through 330 Ω"),
            fill="#fbfbf0")


def _leds(svg: Svg, profile: Profile) -> None:
    left, top, side = LED_AREA
    scale = side / max(profile.led_width, profile.led_height)
    height = profile.led_height * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return round(left + (x + 0.5) * scale, 1), round(top + height - (y + 0.5) * scale, 1)

    svg.parts.append(f'<rect x="{left}" y="{top}" width="{profile.led_width * scale:g}" '
                     f'height="{height:g}" fill="#fafafa" stroke="{GREY}"/>')
    svg.text(left, top - 8, f"LEDs seen from above, {profile.led_width} x "
             f"{profile.led_height}; a1 bottom left", size=11, colour=GREY)
    for channel in range(len(profile.channels)):
        colour = CHANNEL_COLOURS[channel]
        previous = None
        for panel in panels_in_chain(profile, channel):
            svg.parts.append(
                f'<rect x="{left + panel.x * scale:g}" '
                f'y="{top + height - (panel.y + panel.height) * scale:g}" '
                f'width="{panel.width * scale:g}" height="{panel.height * scale:g}" '
                f'fill="none" stroke="{colour}" stroke-width="2"/>')
            path = [at(x, y) for x, y in panel.positions()]
            if previous is not None:
                svg.line([previous, path[0]], colour, 1.2, dashed=True)
            svg.line(path, colour, 0.8)
            previous = path[-1]
        first = panels_in_chain(profile, channel)[0].positions()[0]
        x, y = at(*first)
        svg.dot(x, y, colour, 6)
        svg.text(x + 8, y + 4 if y < top + height - 20 else y - 8, f"DIN {channel}", size=11,
                 bold=True, colour=colour)
        svg.line([(510, 150 + 15 * channel), (550 + 8 * channel, 150 + 15 * channel),
                  (550 + 8 * channel, y), (x, y)], colour, 2)
    chains = {index: c.chain for index, c in enumerate(profile.channels)}
    right = left + profile.led_width * scale + 18
    for point in injections(profile):
        led = chains[point.channel][point.led]
        x, y = at(led % profile.led_width, led // profile.led_width)
        svg.line([(right, top - 20), (right, y), (x, y)], RED, 1.2)
        svg.dot(x, y, RED, 4)
    legend = top + height + 20
    svg.dot(left + 4, legend - 4, CHANNEL_COLOURS[0], 5)
    svg.text(left + 14, legend, "data input", size=11, colour=GREY)
    svg.dot(left + 94, legend - 4, RED, 4)
    svg.text(left + 104, legend, "power injection: 5 V and GND from the supply", size=11,
             colour=GREY)


def _supply(svg: Svg, profile: Profile) -> None:
    power = budget(profile)
    svg.box(580, 30, 400, 56, f"{power.supply_volts:g} V {power.supply_amps:g} A supply",
            (f"fuse {power.fuse_amps:g} A, {power.feed_gauge} AWG feed; "
             f"{power.injection_points} injection point(s), {power.injection_gauge} AWG each",),
            fill="#fdf0f0")
    right = LED_AREA[0] + LED_AREA[2] * profile.led_width / max(
        profile.led_width, profile.led_height) + 18
    svg.line([(right, 86), (right, LED_AREA[1] - 20)], RED, 2)


def _sensors(svg: Svg, profile: Profile) -> None:
    touch = profile.touch
    top = SENSORS_TOP
    svg.box(20, top, 240, 80, "Raspberry Pi Pico", (
        "USB to the Pi (power and touch link)", f"touch sensing: {touch.sensor}",
        f"USB id {touch.usb.vid:04X}:{touch.usb.pid:04X}"))
    if touch.sensor == "mpr121":
        for number, bus in enumerate(touch.buses):  # a row of chips per bus
            y = top + 100 * number
            svg.line([(260, top + 30 + 15 * number), (275, top + 30 + 15 * number),
                      (275, y + 40), (290, y + 40)], GREY, 1)
            for place, chip in enumerate(bus.chips):
                svg.box(290 + 160 * place, y, 150, 80, f"MPR121 0x{chip:02X}",
                        (f"bus {number}: SDA {pico_pin(bus.sda)}", f"SCL {pico_pin(bus.scl)}",
                         f"ADDR to {MPR121_ADDR_PIN[chip]}"), fill="#f0f6fb")
    elif touch.sensor == "ttp223" and touch.shift is not None:
        shift = touch.shift
        svg.box(290, top, 240, 80, f"{shift.registers} x 74HC165, chained",
                (f"CLK {pico_pin(shift.clock)}, SH/LD {pico_pin(shift.latch)}",
                 f"QH of the first: {pico_pin(shift.data)}", "each QH to the next SER"),
                fill="#f0f6fb")
        svg.box(590, top + 90, 200, 60, f"{profile.pads} x TTP223", ("one under each pad",
                                                                "outputs to A-H inputs"),
                fill="#f0f6fb")
        svg.line([(260, top + 40), (290, top + 40)], GREY, 1)
        svg.line([(530, top + 60), (540, top + 60), (540, top + 120), (590, top + 120)], GREY,
                 1)
    else:
        svg.box(290, top, 240, 60, f"{len(touch.pins)} pads, charge-time",
                ("each through 1 MΩ to its pin",), fill="#f0f6fb")
        svg.line([(260, top + 40), (290, top + 40)], GREY, 1)
    svg.text(20, HEIGHT - 20, "The pad-to-channel table and the full pin map are in this build's "
             "README.md.", size=11, colour=GREY)
