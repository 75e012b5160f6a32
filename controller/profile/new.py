"""A maker's own profile, written from a few answers: the grid, the LEDs under each pad and how
they are chained, the touch sensors, the Pi's pins, the supply and the build's geometry. The
text carries a comment on every line a maker may want to change, and it is checked by the same
parser as every profile before it is written, so what ``kaskade profile new`` writes loads.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from controller.profile.geometry import DEFAULT_LED_PITCH_MM, MATERIALS
from controller.profile.model import Profile
from controller.profile.parse import ProfileError, parse_profile

HEADER_PINS = (*range(23), 26, 27, 28)
"""The Pico's GPIOs on its header (GP23-25 are wired on the board itself)."""
MPR121_CHIPS = (0x5A, 0x5B, 0x5C, 0x5D)


@dataclass
class Answers:
    """Everything ``kaskade profile new`` asks, with the defaults a standard build uses."""

    name: str = "My Kaskade Board"
    columns: int = 8
    rows: int = 8
    per_pad: int = 2
    panel: str = ""
    """``WxH`` of one LED panel; empty: one piece (a panel or a zig-zag strip) under all."""
    start: str = "bottom-left"
    serpentine: bool = True
    strip: str = "ws2812b"
    colour_order: str = "GRB"
    led_gpio: int = 18
    sensor: str = "mpr121"
    touch_pins: str = ""
    """Comma-separated GPs for ``gpio`` sensing; empty: the first header pins."""
    menu_button: int = 5
    undo_button: int = 6
    buzzer: int = 13
    status_led: int = 25
    supply_amps: float = 0.0
    """0: sized for the LEDs (about a third of full white, at least 2 A)."""
    led_pitch_mm: float = DEFAULT_LED_PITCH_MM
    top: str = "acrylic"
    top_mm: float = 3.0


def profile_text(answers: Answers) -> str:
    """The profile's TOML with comments."""
    a = answers
    width, height = a.columns * a.per_pad, a.rows * a.per_pad
    leds = width * height
    panel_w, panel_h = _panel_size(a, width, height)
    lines = [f"# {a.name} — made with kaskade profile new; edit freely, then run",
             "# kaskade wiring --profile THIS.toml --out DIR for its documents and cut files.", "",
             "[board]", f'name = "{_quoted(a.name)}"', "",
             "[pads]", f"columns = {a.columns}", f"rows = {a.rows}", ""]
    pitch = a.led_pitch_mm * a.per_pad
    pad = max(3.0, round(pitch - max(2.0, pitch * 0.15), 1))
    window = round(pad * 0.6, 1) if a.per_pad == 1 else round(pad / 2, 1)
    lines += ["[geometry]",
              f"pad_pitch_mm = {pitch:g}{' ' * max(1, 10 - len(f'{pitch:g}'))}# {a.per_pad} "
              f"LED{'s' if a.per_pad > 1 else ''} of {a.led_pitch_mm:g} mm per pad side",
              f"pad_size_mm = {pad:g}{' ' * max(1, 11 - len(f'{pad:g}'))}# the copper squares",
              f"pad_window_mm = {window:g}{' ' * max(1, 9 - len(f'{window:g}'))}# the hole "
              "that lets the light through",
              f'top = "{a.top}"{" " * max(1, 16 - len(a.top))}# {", ".join(MATERIALS)}',
              f"top_mm = {a.top_mm:g}",
              f"gap_mm = {max(8, round(a.led_pitch_mm * 0.9)):g}"
              "                # LEDs to diffuser: the light grid's height",
              "sheet_mm = 3", "",
              "[leds]", f"per_pad = {a.per_pad}{' ' * 15}# LEDs per pad side",
              f'strip = "{a.strip}"', f'colour_order = "{a.colour_order}"'
              "      # the byte order the strip expects", "",
              "[[leds.channels]]", f"gpio = {a.led_gpio}{' ' * 17}# through a 74AHCT125 level "
              "shifter", ""]
    for y in range(0, height, panel_h):
        for x in range(0, width, panel_w):
            lines += ["[[leds.panels]]", "channel = 0", f"width = {panel_w}",
                      f"height = {panel_h}", f"x = {x}", f"y = {y}",
                      f'start = "{a.start}"{" " * max(1, 12 - len(a.start))}# where the '
                      "data enters this panel", 'direction = "horizontal"',
                      f"serpentine = {str(a.serpentine).lower()}"
                      + ("         # every other row runs back" if a.serpentine else
                         "        # every row runs the same way"), ""]
    lines += _touch(a)
    lines += ["[gpio]", f"menu_button = {a.menu_button}", f"undo_button = {a.undo_button}",
              f"buzzer = {a.buzzer}", f"status_led = {a.status_led}", ""]
    amps = a.supply_amps or max(2.0, math.ceil(leds * 0.055 / 3))
    lines += ["[power]", "supply_volts = 5",
              f"supply_amps = {amps:g}{' ' * max(1, 11 - len(f'{amps:g}'))}# for the LEDs; "
              "the Pi has its own",
              f"limit_amps = {max(1.0, round(amps * 0.8, 1)):g}"
              f"{' ' * 10}# the LEDs never draw more (full white would be "
              f"{leds * 0.055:.1f} A)",
              "led_milliamps = 55", ""]
    return "\n".join(lines)


def _panel_size(a: Answers, width: int, height: int) -> tuple[int, int]:
    if not a.panel:
        return width, height
    try:
        panel_w, panel_h = (int(n) for n in a.panel.lower().split("x"))
    except ValueError:
        raise ProfileError("--panel", [("panel", f"{a.panel!r}: give WxH, e.g. 16x16")]) from None
    if panel_w < 1 or panel_h < 1 or width % panel_w or height % panel_h:
        raise ProfileError("--panel", [("panel", f"{panel_w}x{panel_h} panels do not tile "
                                        f"{width} x {height} LEDs")])
    return panel_w, panel_h


def _touch(a: Answers) -> list[str]:
    pads = a.columns * a.rows
    lines = ["[touch]", f'sensor = "{a.sensor}"', 'order = "rows"'
             "            # sensor channel 0 is pad a1, then along the rows", ""]
    if a.sensor == "gpio":
        pins = [int(p) for p in a.touch_pins.split(",")] if a.touch_pins else \
            list(HEADER_PINS[:pads])
        if len(pins) < pads:
            raise ProfileError("--sensor gpio", [(
                "touch", f"{pads} pads need {pads} pins; a Pico has {len(HEADER_PINS)} on its "
                "header: use mpr121 (12 pads a chip, up to 8 chips)")])
        lines[1] += "           # each pad through 1 MΩ to its own pin"
        lines.insert(3, f"pins = {pins}")
    elif a.sensor == "mpr121":
        chips = math.ceil(pads / 12)
        if chips > 8:
            raise ProfileError("--sensor mpr121", [("touch", f"{pads} pads need {chips} "
                                                    "MPR121 chips; two buses hold 8")])
        buses = [(4, 5, chips if chips <= 4 else math.ceil(chips / 2))]
        if chips > 4:
            buses.append((6, 7, chips - buses[0][2]))
        lines[1] += "         # MPR121 capacitive sensors, 12 pads each"
        for sda, scl, count in buses:
            shown = ", ".join(f"0x{chip:02X}" for chip in MPR121_CHIPS[:count])
            lines += ["[[touch.buses]]", f"sda = {sda}", f"scl = {scl}", f"chips = [{shown}]", ""]
    else:
        lines[1] += "         # a TTP223 module under each pad"
        lines += ["[touch.shift]", "clock = 2", "latch = 3", "data = 4",
                  f"registers = {math.ceil(pads / 8)}       # 74HC165s, 8 pads each", ""]
    return lines


def _quoted(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def make_profile(answers: Answers, source: str) -> tuple[str, Profile]:
    """The profile's text and the profile it gives (``ProfileError`` when the answers do not
    make a board that works)."""
    import tomllib  # noqa: PLC0415

    text = profile_text(answers)
    return text, parse_profile(tomllib.loads(text), source)
