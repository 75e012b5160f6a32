"""The wiring diagram joins pins with wires and fits A4; the cut files match their profile:
strips as long as the grid with a slot at every line one pitch apart, a pad per cell at its
pitch, the top plate's outline and holes."""

from __future__ import annotations

import itertools
import re
from xml.etree import ElementTree

import pytest

from controller.profile import load_profile, profile_names
from wiring.cuts import BORDER, HOLE, SLOT_CLEARANCE, cut_files
from wiring.diagram import HEIGHT, WIDTH, diagram
from wiring.schematic import check, schematic

SVG = "{http://www.w3.org/2000/svg}"


def _numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


@pytest.mark.parametrize("name", profile_names())
def test_every_wire_joins_two_pins_that_exist(name):
    drawing = schematic(load_profile(name))
    assert drawing.wires
    assert check(drawing) == []
    root = ElementTree.fromstring(diagram(load_profile(name)))
    pins = {circle.get("data-pin"): (float(circle.get("cx")), float(circle.get("cy")))
            for circle in root.iter(f"{SVG}circle") if circle.get("data-pin")}
    drawn = [line for line in root.iter(f"{SVG}polyline") if line.get("data-wire")]
    assert len(drawn) == len(drawing.wires)
    for line in drawn:
        first, last = line.get("data-wire").split("|")
        points = _numbers(line.get("points"))
        assert (points[0], points[1]) == pytest.approx(pins[first], abs=0.01), first
        assert (points[-2], points[-1]) == pytest.approx(pins[last], abs=0.01), last


@pytest.mark.parametrize("name", profile_names())
def test_the_diagram_fits_an_a4_page(name):
    root = ElementTree.fromstring(diagram(load_profile(name)))
    assert (root.get("width"), root.get("height")) == ("210mm", "297mm")
    for rect in root.iter(f"{SVG}rect"):
        x, y = float(rect.get("x", 0)), float(rect.get("y", 0))
        assert x >= 0
        assert x + float(rect.get("width")) <= WIDTH
        assert y >= 0
        assert y + float(rect.get("height")) <= HEIGHT
    sizes = [float(text.get("font-size")) for text in root.iter(f"{SVG}text")]
    assert min(sizes) >= 1.7, "readable printed: 1.7 mm is about 5 points"


@pytest.mark.parametrize("name", profile_names())
def test_the_light_grid_matches_the_profile(name):
    profile = load_profile(name)
    g = profile.build
    files = cut_files(profile)
    outlines = []
    for file_name, text in files.items():
        if file_name.startswith("light-grid"):
            root = ElementTree.fromstring(text)
            width, height = (float(root.get(k).removesuffix("mm")) for k in ("width", "height"))
            assert width <= 600
            assert height <= 400
            outlines += [_numbers(path.get("d")) for path in root.iter(f"{SVG}path")]
    assert len(outlines) == (profile.rows + 1) + (profile.columns + 1)
    for index, numbers in enumerate(outlines):
        xs, ys = numbers[0::2], numbers[1::2]
        along = profile.columns if index <= profile.rows else profile.rows
        assert max(xs) - min(xs) == pytest.approx(along * g.pad_pitch_mm + g.sheet_mm, abs=1e-3)
        assert max(ys) - min(ys) == pytest.approx(g.gap_mm, abs=1e-3)
        # slot edges: pairs one sheet (and the clearance) apart, their centres a pitch apart
        depth = [x for x, y in zip(xs, ys, strict=True)
                 if y == pytest.approx(min(ys) + g.gap_mm / 2, abs=1e-3)]
        centres = sorted((a + b) / 2 for a, b in zip(depth[0::2], depth[1::2], strict=True))
        inner = centres[1:-1]
        assert len(inner) == along - 1
        for left, right in itertools.pairwise(inner):
            assert right - left == pytest.approx(g.pad_pitch_mm, abs=1e-3)
        widths = sorted(abs(b - a) for a, b in zip(depth[0::2], depth[1::2], strict=True))[2:]
        assert all(w == pytest.approx(g.sheet_mm + SLOT_CLEARANCE, abs=1e-3) for w in widths)


@pytest.mark.parametrize("name", profile_names())
def test_the_pad_sheet_and_the_top_match_the_profile(name):
    profile = load_profile(name)
    g = profile.build
    files = cut_files(profile)
    pads = ElementTree.fromstring(files["pads.svg"])
    squares = [rect for rect in pads.iter(f"{SVG}rect")
               if float(rect.get("width")) == pytest.approx(g.pad_size_mm)]
    assert len(squares) == profile.pads
    lefts = sorted({round(float(rect.get("x")), 3) for rect in squares})
    assert len(lefts) == profile.columns
    assert all(b - a == pytest.approx(g.pad_pitch_mm, abs=2e-3)
               for a, b in itertools.pairwise(lefts))
    names = {text.text for text in pads.iter(f"{SVG}text")}
    assert {profile.pad_name(pad) for pad in range(profile.pads)} <= names
    top = ElementTree.fromstring(files["top.svg"])
    outline = next(top.iter(f"{SVG}rect"))
    assert float(outline.get("width")) == pytest.approx(profile.columns * g.pad_pitch_mm +
                                                        2 * BORDER)
    holes = [float(circle.get("r")) * 2 for circle in top.iter(f"{SVG}circle")]
    assert holes == pytest.approx([HOLE] * 4)
    assert top.get("width").endswith("mm")
