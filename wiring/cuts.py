"""A build's cut files, drawn from its profile's geometry at true scale (millimetres), for a
laser cutter to take as they are: red hairlines are cut, blue lines and text are engraved.

* ``light-grid.svg`` (``light-grid-2.svg`` … when the strips need more than one sheet): the
  strips of the light grid that keeps each cell's light in its cell — one strip along every
  line between rows and one along every line between columns, outer walls included, as tall as
  the gap from the LEDs to the diffuser. The row strips are slotted from the top, the column
  strips from the bottom, half their height deep and one sheet thick at every crossing, so
  they slide together into an egg crate.
* ``pads.svg``: the pad layout sheet — where each copper pad goes, its window for the light,
  its name, the sensor input it is wired to and where its wire leaves (printed at 100 %, it is
  the template the copper is laid on).
* ``top.svg``: the top plate — its outline with a border and four M3 mounting holes, and the
  cells' lines to engrave.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from controller.profile.model import Profile
from wiring.pinmap import pad_channels

CUT, ENGRAVE = "#ff0000", "#0000ff"
BED = (600.0, 400.0)
"""The laser bed the sheets are laid out for (millimetres): a common mid-size cutter."""
MARGIN = 5.0
SPACING = 3.0
"""Between strips on a sheet."""
SLOT_CLEARANCE = 0.15
"""Added to the sheet's thickness so the slots slide together (the laser's kerf widens them
too: tighten this for a snug fit)."""
BORDER = 15.0
"""The top plate's border around the cells."""
HOLE = 3.4
"""Mounting holes for M3 screws, centred half the border in from the corner."""
WIRE_EXIT = 2.0
"""The hole for a pad's wire, in the pad's bottom-left corner."""


@dataclass(frozen=True)
class Strip:
    """One strip of the light grid: ``length`` long, ``height`` tall, slots at ``slots``
    (from its left end, centres), cut from the top or the bottom."""

    name: str
    length: float
    height: float
    slots: tuple[float, ...]
    from_top: bool


class Sheet:
    """An SVG document in millimetres."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width, self.height, self.title = width, height, title
        self.parts: list[str] = []

    def path(self, points: list[tuple[float, float]], colour: str = CUT) -> None:
        d = "M " + " L ".join(f"{x:.3f},{y:.3f}" for x, y in points) + " Z"
        self.parts.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="0.1"/>')

    def rect(self, x: float, y: float, width: float, height: float, colour: str = CUT,
             radius: float = 0.0) -> None:
        rounded = f' rx="{radius:g}"' if radius else ""
        self.parts.append(f'<rect x="{x:.3f}" y="{y:.3f}" width="{width:.3f}" '
                          f'height="{height:.3f}"{rounded} fill="none" stroke="{colour}" '
                          'stroke-width="0.1"/>')

    def circle(self, x: float, y: float, diameter: float, colour: str = CUT) -> None:
        self.parts.append(f'<circle cx="{x:.3f}" cy="{y:.3f}" r="{diameter / 2:.3f}" '
                          f'fill="none" stroke="{colour}" stroke-width="0.1"/>')

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str = ENGRAVE) -> None:
        self.parts.append(f'<line x1="{x1:.3f}" y1="{y1:.3f}" x2="{x2:.3f}" y2="{y2:.3f}" '
                          f'stroke="{colour}" stroke-width="0.1"/>')

    def text(self, x: float, y: float, content: str, size: float,
             anchor: str = "middle") -> None:
        self.parts.append(f'<text x="{x:.3f}" y="{y:.3f}" font-size="{size:g}" '
                          f'text-anchor="{anchor}" fill="{ENGRAVE}">{escape(content)}</text>')

    def render(self) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" '
                f'height="{self.height:g}mm" viewBox="0 0 {self.width:g} {self.height:g}" '
                'font-family="sans-serif">\n'
                f"<title>{escape(self.title)}</title>\n" + "\n".join(self.parts) + "\n</svg>\n")


def strips(profile: Profile) -> list[Strip]:
    """The light grid's strips: rows first (slotted from the top), then columns."""
    g = profile.build
    pitch, sheet = g.pad_pitch_mm, g.sheet_mm
    width, height = profile.columns * pitch, profile.rows * pitch
    across = tuple(round(sheet / 2 + i * pitch, 3) for i in range(profile.columns + 1))
    up = tuple(round(sheet / 2 + j * pitch, 3) for j in range(profile.rows + 1))
    return ([Strip(f"row line {j}", width + sheet, g.gap_mm, across, True)
             for j in range(profile.rows + 1)] +
            [Strip(f"column line {i}", height + sheet, g.gap_mm, up, False)
             for i in range(profile.columns + 1)])


def _outline(strip: Strip, x: float, y: float, slot: float) -> list[tuple[float, float]]:
    """The strip's outline with its slots, from its top-left corner at ``(x, y)``."""
    depth = strip.height / 2
    edge_y, inner_y = (y, y + depth) if strip.from_top else (y + strip.height,
                                                              y + strip.height - depth)
    along = []
    for centre in strip.slots:
        left, right = max(0.0, centre - slot / 2), min(strip.length, centre + slot / 2)
        along += [(x + left, edge_y), (x + left, inner_y), (x + right, inner_y),
                  (x + right, edge_y)]
    far_y = y + strip.height if strip.from_top else y
    if strip.from_top:
        return [(x, edge_y), *along, (x + strip.length, edge_y), (x + strip.length, far_y),
                (x, far_y)]
    return [(x, far_y), (x + strip.length, far_y), (x + strip.length, edge_y),
            *reversed(along), (x, edge_y)]


def light_grid(profile: Profile) -> list[str]:
    """The light grid's sheets."""
    g = profile.build
    slot = g.sheet_mm + SLOT_CLEARANCE
    pieces = strips(profile)
    longest = max(piece.length for piece in pieces)
    if longest + 2 * MARGIN > BED[0]:
        raise ValueError(f"{longest:g} mm strips are longer than a {BED[0]:g} mm bed")
    per_column = max(1, int((BED[1] - 2 * MARGIN + SPACING) // (g.gap_mm + SPACING)))
    columns_per_sheet = max(1, int((BED[0] - 2 * MARGIN + SPACING) // (longest + SPACING)))
    per_sheet = per_column * columns_per_sheet
    sheets = []
    for first in range(0, len(pieces), per_sheet):
        group = pieces[first:first + per_sheet]
        used_columns = (len(group) + per_column - 1) // per_column
        rows_used = min(len(group), per_column)
        sheet = Sheet(round(2 * MARGIN + used_columns * longest + (used_columns - 1) * SPACING,
                            3),
                      round(2 * MARGIN + rows_used * g.gap_mm + (rows_used - 1) * SPACING, 3),
                      f"{profile.name}: light grid, {g.sheet_mm:g} mm sheet, sheet "
                      f"{first // per_sheet + 1}")
        for index, piece in enumerate(group):
            x = MARGIN + (index // per_column) * (longest + SPACING)
            y = MARGIN + (index % per_column) * (g.gap_mm + SPACING)
            sheet.path(_outline(piece, x, y, slot))
            label_y = y + (g.gap_mm * 0.8 if piece.from_top else g.gap_mm * 0.35)
            sheet.text(x + piece.length / 2, label_y, piece.name, min(3.0, g.gap_mm / 4))
        sheets.append(sheet.render())
    return sheets


def pad_sheet(profile: Profile) -> str:
    """The pad layout sheet, a1 at the bottom left as seen from above."""
    g = profile.build
    pitch = g.pad_pitch_mm
    width, height = profile.columns * pitch, profile.rows * pitch
    sheet = Sheet(round(width + 2 * BORDER, 3), round(height + 2 * BORDER + 10, 3),
                  f"{profile.name}: pad layout, seen from above, print at 100 %")
    sheet.rect(BORDER, BORDER, width, height, ENGRAVE)
    inputs = {pad: source for source, pad in pad_channels(profile)}
    margin = (pitch - g.pad_size_mm) / 2
    window_margin = (g.pad_size_mm - g.pad_window_mm) / 2
    size = min(3.5, pitch / 6)
    for pad in range(profile.pads):
        column, row = pad % profile.columns, pad // profile.columns
        left = BORDER + column * pitch + margin
        top = BORDER + (profile.rows - 1 - row) * pitch + margin
        sheet.rect(left, top, g.pad_size_mm, g.pad_size_mm)
        if g.pad_window_mm:
            sheet.rect(left + window_margin, top + window_margin, g.pad_window_mm,
                       g.pad_window_mm)
        exit_size = min(WIRE_EXIT, window_margin * 0.8) if g.pad_window_mm else WIRE_EXIT
        sheet.circle(left + window_margin / 2 if g.pad_window_mm else left + exit_size,
                     top + g.pad_size_mm - (window_margin / 2 if g.pad_window_mm
                                            else exit_size), exit_size)
        name = profile.pad_name(pad)
        centre_x = left + g.pad_size_mm / 2
        sheet.text(centre_x, top + g.pad_size_mm / 2 + size / 3, name, size)
        source = inputs.get(name, "")
        sheet.text(centre_x, top + g.pad_size_mm - 0.6, source.replace("bus ", "bus"),
                   min(size * 0.55, 1.6))
    sheet.text(BORDER, height + 2 * BORDER + 4, f"{g.pad_size_mm:g} mm pads at "
               f"{pitch:g} mm, {g.pad_window_mm:g} mm windows; the circle is the wire's exit "
               "(drill it through the base); small text: the sensor input", 3.0, "start")
    return sheet.render()


def top_plate(profile: Profile) -> str:
    """The top plate: outline, mounting holes, the cells' lines to engrave."""
    g = profile.build
    pitch = g.pad_pitch_mm
    width, height = profile.columns * pitch, profile.rows * pitch
    outer_w, outer_h = width + 2 * BORDER, height + 2 * BORDER
    sheet = Sheet(round(outer_w, 3), round(outer_h, 3),
                  f"{profile.name}: top plate, {g.top_mm:g} mm {g.top}")
    sheet.rect(0, 0, outer_w, outer_h, CUT, radius=3)
    for x in (BORDER / 2, outer_w - BORDER / 2):
        for y in (BORDER / 2, outer_h - BORDER / 2):
            sheet.circle(x, y, HOLE)
    for i in range(profile.columns + 1):
        sheet.line(BORDER + i * pitch, BORDER, BORDER + i * pitch, BORDER + height)
    for j in range(profile.rows + 1):
        sheet.line(BORDER, BORDER + j * pitch, BORDER + width, BORDER + j * pitch)
    return sheet.render()


def cut_files(profile: Profile) -> dict[str, str]:
    """File name -> SVG of every cut file of ``profile``."""
    grids = light_grid(profile)
    files = {("light-grid.svg" if index == 0 else f"light-grid-{index + 1}.svg"): text
             for index, text in enumerate(grids)}
    files["pads.svg"] = pad_sheet(profile)
    files["top.svg"] = top_plate(profile)
    return files
