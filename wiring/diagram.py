"""A build's wiring diagram as SVG on an A4 page (portrait, millimetres), drawn from its
profile: every part with its pins, every wire drawn from pin to pin in its suggested colour and
labelled with its signal and that colour (the model is ``wiring.schematic``), and the LED
panels to scale with each chain's path, its data input and its power injection points.

Wires run in three straight pieces — along, across in a gap between parts, along — choosing
the gap so that no piece crosses a part; wires between pins on the same side of a column (a
strap on a chip, a chain of chips) run in the gap beside it. A wire's label goes on one of its
straight pieces, above or below it, at the first place where its box (estimated from the font
size and the number of characters) is clear of every part and every other text. The output
depends on the profile only, so the diagrams in ``wiring/`` can be checked to be current by
regenerating them.
"""

from __future__ import annotations

import itertools
from xml.sax.saxutils import escape

from controller.profile.model import Profile
from wiring.pinmap import injections, panels_in_chain
from wiring.schematic import Part, Schematic, Wire, schematic

WIDTH, HEIGHT = 210.0, 297.0
"""A4 portrait."""
INK = {"red": "#d62728", "black": "#222222", "orange": "#ff7f0e", "yellow": "#b8a000",
       "blue": "#1f5fbf", "green": "#2ca02c", "white": "#8c8c8c", "purple": "#9467bd",
       "grey": "#7f7f7f", "USB cable": "#555555"}
"""How each suggested wire colour is drawn (yellow darkened, white grey: on white paper)."""
CHANNEL_INK = ("#1f77b4", "#2ca02c")
STEP = 0.9
"""Between wires running side by side in a gap."""
LABEL = 1.7
PIN_LABEL = 2.2
INSET = 50.0
"""The side of the LED map in the bottom right corner."""
CHAR_WIDTH = 0.6
"""A character's width as a share of the font size, as wide as sans-serif runs at most on
average (bold a tenth wider): the estimate every label is placed by."""
ASCENT, DESCENT = 0.75, 0.2
"""How far letters reach above and below the baseline, as shares of the font size."""
CLEAR = 0.3
"""The least space between a label and anything else."""

Box = tuple[float, float, float, float]
"""Left, top, right, bottom."""


def text_box(x: float, y: float, content: str, size: float, anchor: str = "start",
             bold: bool = False) -> Box:
    """Where a text reaches on the page, estimated from its size and its characters."""
    width = len(content) * size * CHAR_WIDTH * (1.1 if bold else 1.0)
    left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    return left, y - size * ASCENT, left + width, y + size * DESCENT


def _overlap(a: Box, b: Box, clear: float = 0.0) -> bool:
    return (a[0] < b[2] + clear and b[0] < a[2] + clear
            and a[1] < b[3] + clear and b[1] < a[3] + clear)


class Page:
    """SVG elements on the page."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.taken: list[Box] = []
        """What a label must keep clear of: every text and every part's box."""

    def is_free(self, box: Box) -> bool:
        """Whether ``box`` is on the page and clear of everything taken."""
        inside = box[0] >= 1 and box[1] >= 1 and box[2] <= WIDTH - 1 and box[3] <= HEIGHT - 1
        return inside and not any(_overlap(box, other, CLEAR) for other in self.taken)

    def text(self, x: float, y: float, content: str, size: float, anchor: str = "start",
             bold: bool = False, colour: str = "#222222") -> None:
        self.taken.append(text_box(x, y, content, size, anchor, bold))
        weight = ' font-weight="bold"' if bold else ""
        self.parts.append(f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size:g}"{weight} '
                          f'fill="{colour}" text-anchor="{anchor}">{escape(content)}</text>')

    def render(self, title: str) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:g}mm" '
                f'height="{HEIGHT:g}mm" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" '
                'font-family="sans-serif">\n'
                f"<title>{escape(title)}</title>\n"
                f'<rect width="{WIDTH:g}" height="{HEIGHT:g}" fill="white"/>\n'
                + "\n".join(self.parts) + "\n</svg>\n")


def diagram(profile: Profile) -> str:
    """The wiring diagram of ``profile`` as an SVG document."""
    drawing = schematic(profile)
    page = Page()
    page.text(10, 10, f"{profile.name}: wiring", 5, bold=True)
    page.text(10, 15, f"{profile.columns} x {profile.rows} pads, {profile.leds} "
              f"{profile.strip.upper()} LEDs ({profile.per_pad}x{profile.per_pad} per pad), "
              f"{profile.touch.sensor} touch sensors; drawn from {profile.source} by kaskade "
              "wiring", 2.4, colour="#666666")
    for part in drawing.parts.values():
        _part(page, part)
    _led_map(page, profile, drawing)
    labelled: set[tuple[str, str, str]] = set()
    routes = route(drawing)
    for wire, points in routes:
        _wire(page, wire, points)
    # once every wire is drawn (a label avoids crossing them); straps last, their pieces
    # being too short for a label: the wires between parts take the places beside their pins
    for wire, points in sorted(routes, key=lambda route: route[0].source[0] ==
                               route[0].target[0]):
        strap = wire.source[0] == wire.target[0]  # one label for a part's straps of a signal
        said = (wire.source[0], "" if strap else wire.source[1], wire.signal)
        if said not in labelled:
            others = [piece for other, path in routes if other is not wire
                      for piece in itertools.pairwise(path)]
            _label(page, wire, points, others)
        labelled.add(said)
    page.text(10, HEIGHT - 6, "Each wire: its signal · a colour to use. Pads to sensor inputs, "
              "the pin map and the parts are in this build's README.md.", 2.2,
              colour="#666666")
    return page.render(f"{profile.name} wiring")


def _part(page: Page, part: Part) -> None:
    page.taken.append((part.x, part.y, part.x + part.width, part.y + part.height))
    page.parts.append(f'<rect x="{part.x:g}" y="{part.y:g}" width="{part.width:g}" '
                      f'height="{part.height:g}" rx="1.2" fill="#f6f6f6" stroke="#222222" '
                      'stroke-width="0.3"/>')
    page.text(part.x + 1.2, part.y + 3.6, part.title, 2.6, bold=True)
    for side in ("left", "right"):
        for name in getattr(part, side):
            x, y = part.pin(name)
            page.parts.append(f'<circle data-pin="{escape(part.key)}:{escape(name)}" '
                              f'cx="{x:.2f}" cy="{y:.2f}" r="0.6" fill="#222222"/>')
            inside = x + 1.4 if side == "left" else x - 1.4
            page.text(inside, y + 0.8, name, PIN_LABEL, "start" if side == "left" else "end")
    if part.note:
        page.text(part.x + 1.2, part.y + part.height + 2.6, part.note, 2.0, colour="#666666")


def route(drawing: Schematic) -> list[tuple[Wire, list[tuple[float, float]]]]:
    """Every wire's path, from its first pin to its second."""
    used: dict[float, int] = {}
    paths = []
    for wire in drawing.wires:
        source, target = drawing.parts[wire.source[0]], drawing.parts[wire.target[0]]
        start, end = source.pin(wire.source[1]), target.pin(wire.target[1])
        start_right = wire.source[1] in source.right
        end_left = wire.target[1] in target.left
        if start_right and end_left and start[0] < end[0]:
            paths.append((wire, _across(drawing, wire, start, end, used)))
        elif start_right != end_left and abs(start[0] - end[0]) < 0.01:
            # both on the same side of one column: in the gap beside it
            key = start[0] + (3000 if start_right else 2000)
            count = used.get(key, 0)
            used[key] = count + 1
            gap = start[0] + 1.6 + STEP * count if start_right else \
                start[0] - 1.6 - STEP * count
            paths.append((wire, [start, (gap, start[1]), (gap, end[1]), end]))
        else:
            raise ValueError(f"no way to draw {wire.signal}: {wire.source} to {wire.target}")
    return paths


def _across(drawing: Schematic, wire: Wire, start: tuple[float, float],
            end: tuple[float, float], used: dict[float, int]) -> list[tuple[float, float]]:
    """A wire from a right-side pin to a left-side pin further right: across a gap next to
    its target, else next to its source, whichever crosses no part."""
    others = [part for key, part in drawing.parts.items()
              if key not in (wire.source[0], wire.target[0])]
    choices = []
    for near, key in ((end[0], end[0]), (start[0], start[0] + 1000)):
        count = used.get(key, 0)
        gap = end[0] - 2.2 - STEP * count if near == end[0] else start[0] + 2.2 + STEP * count
        points = [start, (gap, start[1]), (gap, end[1]), end]
        choices.append((sum(_crosses(points, part) for part in others), key, points))
    _crossings, key, points = min(choices, key=lambda choice: choice[0])
    used[key] = used.get(key, 0) + 1
    return points


def _crosses(points: list[tuple[float, float]], part: Part) -> bool:
    """Whether the path runs through ``part``'s box."""
    left, right = part.x - 0.3, part.x + part.width + 0.3
    top, bottom = part.y - 0.3, part.y + part.height + 0.3
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        if y1 == y2 and top < y1 < bottom and min(x1, x2) < right and max(x1, x2) > left:
            return True
        if x1 == x2 and left < x1 < right and min(y1, y2) < bottom and max(y1, y2) > top:
            return True
    return False


def _wire(page: Page, wire: Wire, points: list[tuple[float, float]]) -> None:
    path = " ".join(f"{x:.2f},{y:.2f}" for x, y in points)
    ends = f"{escape(wire.source[0])}:{escape(wire.source[1])}|" \
        f"{escape(wire.target[0])}:{escape(wire.target[1])}"
    page.parts.append(f'<polyline data-wire="{ends}" points="{path}" fill="none" '
                      f'stroke="{INK[wire.colour]}" stroke-width="0.45"/>')


Piece = tuple[tuple[float, float], tuple[float, float]]

CHOICES = 40
"""How many free places, nearest first, a label chooses among (the one crossing the fewest
other wires)."""


def _label(page: Page, wire: Wire, points: list[tuple[float, float]],
           others: list[Piece]) -> None:
    """The wire's signal and colour at a free place along one of its straight pieces: right
    over or under the piece where there is room, else moved along it or a few lines away —
    among the nearest free places the one that crosses the fewest other wires, so a label is
    not taken for another wire's; at a smaller size only when nothing is free."""
    words = f"{wire.signal} · {wire.colour}"
    pieces = [(a, b) for a, b in itertools.pairwise(points) if a[1] == b[1] and a[0] != b[0]]
    places = []
    for size in (LABEL, LABEL * 0.8):
        width = len(words) * size * CHAR_WIDTH
        for order, ((x1, y), (x2, _)) in enumerate(pieces):
            low, high = min(x1, x2), max(x1, x2)
            starts = [low + 1.0, high - 1.0 - width]
            starts += [low + 1.0 + step * 0.5 for step in range(-int(width * 2), int(
                (high - low) * 2))]
            for lines in range(6):
                for below, baseline in enumerate((y - 0.5 - lines * size,
                                                  y + (ASCENT + lines) * size + 0.5)):
                    for left in starts:
                        overrun = max(0.0, low - left) + max(0.0, left + width - high)
                        cost = (size != LABEL, lines + overrun / 4 + order / 2 + below)
                        places.append((cost, left, baseline, size))
    free = []
    for cost, left, baseline, size in sorted(places, key=lambda place: place[0]):
        box = text_box(left, baseline, words, size)
        if page.is_free(box):
            crossed = sum(_crosses_box(piece, box) for piece in others)
            free.append(((cost[0], crossed / 4 + cost[1]), left, baseline, size))
            if len(free) == CHOICES:
                break
    if not free:
        raise ValueError(f"no free place for the label {words!r} of {wire.source} to "
                         f"{wire.target}")
    _, left, baseline, size = min(free, key=lambda place: place[0])
    page.text(left, baseline, words, size, colour=INK[wire.colour])


def _crosses_box(piece: Piece, box: Box) -> bool:
    """Whether a straight (level or upright) piece of wire runs through ``box``."""
    (x1, y1), (x2, y2) = piece
    return (min(x1, x2) < box[2] and max(x1, x2) > box[0]
            and min(y1, y2) < box[3] and max(y1, y2) > box[1])


def _led_map(page: Page, profile: Profile, drawing: Schematic) -> None:
    """The LEDs seen from above, to scale: each chain's path, its data input, the power
    injection points; at the right, below the LED chains."""
    left = WIDTH - INSET - 8
    top = max(part.y + part.height for key, part in drawing.parts.items()
              if key.startswith("chain")) + 14
    scale = INSET / max(profile.led_width, profile.led_height)
    height = profile.led_height * scale

    def at(x: float, y: float) -> tuple[float, float]:
        return left + (x + 0.5) * scale, top + height - (y + 0.5) * scale

    page.text(left, top - 2, f"LEDs from above, {profile.led_width} x {profile.led_height}; "
              "a1 bottom left", 2.2, colour="#666666")
    page.parts.append(f'<rect x="{left:g}" y="{top:g}" width="{profile.led_width * scale:g}" '
                      f'height="{height:g}" fill="#fafafa" stroke="#888888" '
                      'stroke-width="0.2"/>')
    for channel in range(len(profile.channels)):
        ink = CHANNEL_INK[channel % len(CHANNEL_INK)]
        for panel in panels_in_chain(profile, channel):
            path = " ".join(f"{x:.2f},{y:.2f}" for x, y in
                            (at(px, py) for px, py in panel.positions()))
            page.parts.append(f'<polyline points="{path}" fill="none" stroke="{ink}" '
                              'stroke-width="0.25"/>')
        x, y = at(*panels_in_chain(profile, channel)[0].positions()[0])
        page.parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="1.2" fill="{ink}"/>')
        page.text(x + 1.6, y - 1.2, f"DIN {channel}", 2.2, bold=True, colour=ink)
    chains = {index: c.chain for index, c in enumerate(profile.channels)}
    for number, point in enumerate(injections(profile), 1):
        led = chains[point.channel][point.led]
        x, y = at(led % profile.led_width, led // profile.led_width)
        page.parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="0.9" fill="{INK["red"]}"/>')
        page.text(x + 1.4, y + 2.6, f"in {number}", 2.0, colour=INK["red"])
