"""A maker's own profile, written from a few answers: the grid, the LEDs under each pad and how
they are chained, the touch sensors, the Pi's pins, the supply and the build's geometry. The
text carries a comment on every line a maker may want to change, and it is checked by the same
parser as every profile before it is written, so what ``kaskade profile new`` writes loads.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from controller.profile.geometry import DEFAULT_LED_PITCH_MM, MATERIALS
from controller.profile.model import COLOUR_ORDERS, SENSORS, STRIPS, Profile
from controller.profile.parse import LED_PINS, PI_PINS, ProfileError, parse_profile

HEADER_PINS = (*range(23), 26, 27, 28)
"""The Pico's GPIOs on its header (GP23-25 are wired on the board itself)."""
MPR121_CHIPS = (0x5A, 0x5B, 0x5C, 0x5D)
MAX_MPR121_PADS = 8 * 12
"""Two I2C buses of four MPR121 chips, twelve pads each."""
SIDES = (4, 16)
"""Pads along a side: the games lay themselves out on 4 to 16 (and name columns a to p)."""
STARTS = ("bottom-left", "top-left", "bottom-right", "top-right")
PI_OUTPUTS = {"led_gpio": "LED data", "menu_button": "menu button",
              "undo_button": "undo button", "buzzer": "buzzer", "status_led": "status LED"}
"""The answers that name a pin of the Pi (and what each pin is for): no two may share one."""


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


def applies(name: str, answers: Answers) -> bool:
    """Whether the question ``name`` means anything after ``answers`` so far: the Pico's pins
    for the pads only with ``gpio`` sensing (MPR121s and TTP223s have their own wiring)."""
    if name == "touch_pins":
        return answers.sensor == "gpio"
    return True


def answer_problem(name: str, value: object, answers: Answers) -> str | None:
    """Why ``value`` cannot answer the question ``name``, given the ``answers`` before it (and
    what would), or ``None`` when it can: checked as it is given, so nobody answers twenty more
    questions before hearing the first was impossible."""
    check = _CHECKS.get(name)
    return None if check is None else check(value, answers)


def _side(what: str) -> Callable[[object, Answers], str | None]:
    def check(value: object, _: Answers) -> str | None:
        low, high = SIDES
        if isinstance(value, int) and low <= value <= high:
            return None
        return (f"{value} pads {what}: a board is {low} to {high} pads {what} — the games and "
                f"menus are laid out for that, and columns are named a to p; a bigger table "
                f"takes bigger pads (more LEDs per pad or a wider LED pitch)")
    return check


def _per_pad(value: object, _: Answers) -> str | None:
    if isinstance(value, int) and 1 <= value <= 3:
        return None
    return f"{value} LEDs per pad side: 1, 2 or 3 (the board draws its pictures for those)"


def _positive(what: str, low: float, high: float) -> Callable[[object, Answers], str | None]:
    def check(value: object, _: Answers) -> str | None:
        if isinstance(value, int | float) and low <= value <= high:
            return None
        return f"{value}: {what} is {low:g} to {high:g}"
    return check


def _one_of(what: str, choices: tuple[str, ...]) -> Callable[[object, Answers], str | None]:
    def check(value: object, _: Answers) -> str | None:
        if value in choices:
            return None
        return f"{value!r}: the {what} is one of {', '.join(choices)}"
    return check


def _cells(value: object, answers: Answers) -> str | None:
    """The LED pitch times the LEDs per pad side is a cell's size, which the build's parts
    are drawn for from 5 to 100 mm."""
    if not isinstance(value, int | float) or value <= 0:
        return f"{value}: give the LEDs' distance in millimetres, e.g. 16.6"
    cell = value * answers.per_pad
    if 5 <= cell <= 100:
        return None
    return (f"{value:g} mm LEDs, {answers.per_pad} per pad side, make {cell:g} mm cells: a "
            "cell is 5 to 100 mm (a fingertip presses about 12 mm)")


def build_problem(answers: Answers) -> str | None:
    """Why the whole build of ``answers`` cannot sense a touch (with the fixes), or ``None``:
    asked once the top is known, its thickness being the last answer."""
    try:
        make_profile(answers, "the answers")
    except ProfileError as error:
        found = [reason for key, reason in error.problems if key.startswith("geometry")]
        return "; ".join(found) if found else None
    return None


def _panel(value: object, answers: Answers) -> str | None:
    try:
        _panel_size(Answers(**{**answers.__dict__, "panel": str(value)}),
                    answers.columns * answers.per_pad, answers.rows * answers.per_pad)
    except ProfileError as error:
        return error.problems[0][1] + (f" ({answers.columns} x {answers.rows} pads of "
                                       f"{answers.per_pad} x {answers.per_pad} LEDs); "
                                       "empty for one piece")
    return None


def _sensor(value: object, answers: Answers) -> str | None:
    problem = _one_of("touch sensor", SENSORS)(value, answers)
    if problem:
        return problem
    pads = answers.columns * answers.rows
    if value == "gpio" and pads > len(HEADER_PINS):
        return (f"gpio: {pads} pads need {pads} pins; a Pico has {len(HEADER_PINS)} on its "
                "header: choose mpr121 (12 pads a chip) or ttp223 (a module under each pad)")
    if value == "mpr121" and pads > MAX_MPR121_PADS:
        return (f"mpr121: {pads} pads need {math.ceil(pads / 12)} chips, and two buses hold "
                f"8 ({MAX_MPR121_PADS} pads): choose ttp223 (a module under each pad), or "
                "write the profile by hand with a TCA9548A mux on each bus and the chips' IRQ "
                "outputs joined on a pin (docs/profiles.md, as the 16x16 build does)")
    return None


def _touch_pins(value: object, answers: Answers) -> str | None:
    if not value:
        return None
    pads = answers.columns * answers.rows
    try:
        pins = [int(pin) for pin in str(value).replace("GP", "").split(",")]
    except ValueError:
        return f"{value!r}: give the pins as numbers with commas, e.g. 0,1,2"
    wrong = [pin for pin in pins if pin not in HEADER_PINS]
    if wrong:
        return f"GP{wrong[0]} is not on the Pico's header (GP0-GP22, GP26-GP28)"
    if len(set(pins)) != len(pins):
        return "a pin is named twice: each pad needs its own"
    if len(pins) != pads:
        return f"{len(pins)} pins for {pads} pads: give one pin per pad"
    return None


def _pi_pin(name: str) -> Callable[[object, Answers], str | None]:
    def check(value: object, answers: Answers) -> str | None:
        if not isinstance(value, int) or not PI_PINS[0] <= value <= PI_PINS[1]:
            return f"{value}: the Pi's GPIOs are {PI_PINS[0]} to {PI_PINS[1]}"
        if name == "led_gpio" and value not in LED_PINS:
            return (f"GPIO {value} cannot drive LEDs: the Pi drives a strip from GPIO "
                    f"{', '.join(map(str, sorted(LED_PINS)))} (18 is usual)")
        before = list(PI_OUTPUTS)[:list(PI_OUTPUTS).index(name)]
        taken = next((other for other in before if getattr(answers, other) == value), None)
        if taken is not None:
            return f"GPIO {value} is already the {PI_OUTPUTS[taken]}'s: each needs its own"
        return None
    return check


_CHECKS: dict[str, Callable[[object, Answers], str | None]] = {
    "columns": _side("across"),
    "rows": _side("up"),
    "per_pad": _per_pad,
    "led_pitch_mm": _cells,
    "panel": _panel,
    "start": _one_of("data's entry corner", STARTS),
    "strip": _one_of("LED type", STRIPS),
    "colour_order": _one_of("colour order", COLOUR_ORDERS),
    "sensor": _sensor,
    "touch_pins": _touch_pins,
    **{name: _pi_pin(name) for name in PI_OUTPUTS},
    "supply_amps": _positive("the supply's current in amps (0: sized for the LEDs)", 0, 100),
    "top": _one_of("top's material", tuple(MATERIALS)),
    "top_mm": _positive("the top's thickness in millimetres", 0.5, 20),
}


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
