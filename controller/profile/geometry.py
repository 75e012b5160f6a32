"""The board's physical build: the pads' pitch and size, the top the fingers touch, the light
grid between the LEDs and the diffuser — and the physics that decide whether it will work.

A capacitive pad senses the finger through the top: the finger and the pad's copper make a
capacitor of ``ε0 εr A / d`` (``A`` the copper's area, ``d`` the top's thickness, ``εr`` its
material's), in series with the body's own capacitance to ground (about 100 pF). The sensor
sees this added to what the pad has anyway: its lead (about 50 pF per metre of hook-up wire
run in a bundle), the sensor's own input (about 10 pF) and the pad's capacitance to the LED
panel's ground under the light grid. The MPR121 charges every electrode to about 0.7 of its
range; a finger adding ``ΔC`` to ``C`` lowers that reading by ``ΔC / (C + ΔC)`` of it, in
10-bit counts — and the firmware calls a touch at 12 counts. So the check below reckons the
counts a touch gives: under the threshold the board cannot work (an error), under twice the
threshold it works only on a good day (a warning). Charge-time sensing (``gpio``) is judged by
the share ``ΔC / C`` alone, which should be a tenth or more; TTP223 modules set their own
sensitivity and are not reckoned.

Values are in millimetres and picofarads.
"""

from __future__ import annotations

from dataclasses import dataclass

EPSILON_0 = 8.854e-3
"""The vacuum's permittivity in pF per mm."""
MATERIALS = {"acrylic": 2.8, "polycarbonate": 2.9, "glass": 6.7, "plywood": 2.0, "pet": 3.2}
"""Relative permittivity of the tops a maker uses (at the sensors' frequencies)."""
MATERIAL_NAMES = {"acrylic": "acrylic (PMMA)", "polycarbonate": "polycarbonate", "glass": "glass",
                  "plywood": "plywood", "pet": "PET sheet"}
BODY_PF = 100.0
LEAD_PF_PER_MM = 0.05
SENSOR_PF = 10.0
MPR121_LEVEL = 726
"""The counts an MPR121 electrode reads at rest after its auto-configuration (0.9 of the
upper limit, ``(VDD - 0.7) / VDD`` of 1024 at 3.3 V)."""
GPIO_SHARE = 0.1
FINGERTIP_MM = 12.0
"""Where a fingertip presses it is about this wide: smaller cells get touched two at a time."""
DEFAULT_LED_PITCH_MM = 10.0
"""The LED pitch of the common 16 x 16 WS2812B panel (160 mm square)."""


@dataclass(frozen=True)
class Geometry:
    """How the board is built (``[geometry]`` in a profile)."""

    pad_pitch_mm: float
    """From one cell's centre to the next: the LEDs' pitch times the LEDs per pad."""
    pad_size_mm: float
    """The side of a pad's copper square."""
    pad_window_mm: float
    """The side of the square hole in the copper's middle that lets the light through (0 for
    a solid pad beside its LEDs)."""
    top: str
    """The top's material (one of ``MATERIALS``)."""
    top_mm: float
    """The top's thickness: what the finger senses through."""
    gap_mm: float
    """From the LEDs to the diffuser under the top: the light grid's height."""
    sheet_mm: float
    """The light grid's sheet thickness (its slots are cut this wide)."""
    lead_mm: float | None = None
    """The longest wire from a pad to its sensor; ``None``: reckoned from the board's size
    (the sensors sit under its middle)."""

    @classmethod
    def default(cls, per_pad: int) -> Geometry:
        """The geometry of a build on the common panel (10 mm LED pitch) under 3 mm acrylic."""
        pitch = per_pad * DEFAULT_LED_PITCH_MM
        return cls(pad_pitch_mm=pitch, pad_size_mm=pitch - 3, pad_window_mm=round(pitch / 2, 1),
                   top="acrylic", top_mm=3.0, gap_mm=15.0, sheet_mm=3.0)

    def led_pitch_mm(self, per_pad: int) -> float:
        """The LED panel's pitch this geometry needs."""
        return self.pad_pitch_mm / per_pad

    def longest_lead_mm(self, columns: int, rows: int) -> float:
        """The longest pad lead: given, or from the board's middle to a corner along the
        grid, with 50 mm to spare."""
        if self.lead_mm is not None:
            return self.lead_mm
        return round((columns + rows) * self.pad_pitch_mm / 2 + 50, 1)

    @property
    def copper_mm2(self) -> float:
        """The copper area of one pad."""
        return self.pad_size_mm**2 - self.pad_window_mm**2


@dataclass(frozen=True)
class Signal:
    """What a finger does to a pad: ``touch_pf`` added to ``rest_pf``; ``counts`` the change
    an MPR121 reads (``None`` for other sensors)."""

    touch_pf: float
    rest_pf: float
    counts: float | None

    @property
    def share(self) -> float:
        """The touch's share of the pad's capacitance when touched."""
        return self.touch_pf / (self.rest_pf + self.touch_pf)


def signal(geometry: Geometry, columns: int, rows: int, sensor: str) -> Signal:
    """The touch signal of the farthest pad of a board of ``columns`` x ``rows`` pads."""
    plate = EPSILON_0 * MATERIALS[geometry.top] * geometry.copper_mm2 / geometry.top_mm
    touch = plate * BODY_PF / (plate + BODY_PF)
    to_panel = EPSILON_0 * geometry.copper_mm2 / max(geometry.gap_mm, 0.1)
    rest = SENSOR_PF + LEAD_PF_PER_MM * geometry.longest_lead_mm(columns, rows) + to_panel
    counts = MPR121_LEVEL * touch / (rest + touch) if sensor == "mpr121" else None
    return Signal(round(touch, 2), round(rest, 2), None if counts is None else round(counts, 1))


def check_geometry(geometry: Geometry, per_pad: int, columns: int, rows: int, sensor: str,
                   touch_threshold: int) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """``(errors, warnings)`` about ``geometry``, each ``(key, reason)``."""
    errors: list[tuple[str, str]] = []
    warnings: list[tuple[str, str]] = []
    g = geometry
    if g.pad_size_mm >= g.pad_pitch_mm:
        errors.append(("geometry.pad_size_mm", f"{g.pad_size_mm:g} mm pads do not fit a "
                       f"{g.pad_pitch_mm:g} mm pitch: neighbours would touch (leave 2 mm or "
                       "more between pads)"))
    elif g.pad_pitch_mm - g.pad_size_mm < 1.5:
        warnings.append(("geometry.pad_size_mm", f"{g.pad_pitch_mm - g.pad_size_mm:g} mm "
                         "between pads: a finger between two cells will touch both (2 mm or "
                         "more is safer)"))
    if g.pad_window_mm >= g.pad_size_mm:
        errors.append(("geometry.pad_window_mm", f"a {g.pad_window_mm:g} mm window in a "
                       f"{g.pad_size_mm:g} mm pad leaves no copper"))
    if g.sheet_mm >= g.pad_pitch_mm / per_pad:
        errors.append(("geometry.sheet_mm", f"{g.sheet_mm:g} mm dividers do not fit between "
                       f"LEDs {g.pad_pitch_mm / per_pad:g} mm apart"))
    if g.pad_pitch_mm < FINGERTIP_MM:
        warnings.append(("geometry.pad_pitch_mm", f"{g.pad_pitch_mm:g} mm cells are smaller "
                         f"than a fingertip (about {FINGERTIP_MM:g} mm where it presses): "
                         "touches will often land on two cells"))
    if g.gap_mm < 0.8 * g.pad_pitch_mm / per_pad:
        warnings.append(("geometry.gap_mm", f"{g.gap_mm:g} mm from the LEDs to the diffuser "
                         "shows each LED as a bright dot; the light blends into an even cell "
                         f"from about {0.8 * g.pad_pitch_mm / per_pad:g} mm"))
    if errors:
        return errors, warnings
    found = signal(g, columns, rows, sensor)
    lead = g.longest_lead_mm(columns, rows)
    reckoned = (f"a touch adds {found.touch_pf:g} pF through {g.top_mm:g} mm of "
                f"{MATERIAL_NAMES[g.top]} to the "
                f"{found.rest_pf:g} pF of a pad with a {lead:g} mm lead")
    if found.counts is not None:
        if found.counts < touch_threshold:
            errors.append(("geometry", f"{reckoned}: {found.counts:g} counts, under the "
                           f"touch threshold of {touch_threshold}; use a thinner top, larger "
                           "pads or shorter leads"))
        elif found.counts < 2 * touch_threshold:
            warnings.append(("geometry", f"{reckoned}: {found.counts:g} counts, less than "
                             f"twice the touch threshold of {touch_threshold}: touches may be "
                             "missed; a thinner top, larger pads or shorter leads help"))
    elif sensor == "gpio" and found.share < GPIO_SHARE:
        warnings.append(("geometry", f"{reckoned}: {found.share:.0%} of the pad's "
                         f"capacitance, under the {GPIO_SHARE:.0%} charge-time sensing needs "
                         "to tell a touch reliably"))
    return errors, warnings
