"""No label of a build's drawings is written over another: every text's box — estimated from
its font size and its number of characters, as wide as sans-serif letters run at most on
average — stays clear of every other text's box, in the wiring diagram and the cut files of
every reference build, and of builds made with ``kaskade profile new``."""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree

import pytest

from controller.profile import load_profile, profile_names
from controller.profile.new import Answers, profile_text
from controller.profile.parse import parse_profile
from wiring.cuts import cut_files
from wiring.diagram import diagram

SVG = "{http://www.w3.org/2000/svg}"
CHAR_WIDTH = 0.6
"""A character's width as a share of the font size (sans-serif averages about 0.5; bold and
capitals run wider)."""
ASCENT, DESCENT = 0.75, 0.2
"""How far letters reach above and below the baseline, as shares of the font size."""


class Box(NamedTuple):
    text: str
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        return (self.left < other.right and other.left < self.right
                and self.top < other.bottom and other.top < self.bottom)


def boxes(svg: str) -> list[Box]:
    """The estimated box of every text in ``svg`` (in its own units)."""
    found = []
    for element in ElementTree.fromstring(svg).iter(f"{SVG}text"):
        content = "".join(element.itertext())
        size = float(element.get("font-size", "0"))
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        width = len(content) * size * CHAR_WIDTH
        anchor = element.get("text-anchor", "start")
        left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
        found.append(Box(content, left, y - size * ASCENT, left + width, y + size * DESCENT))
    return found


def overlapping(svg: str) -> list[tuple[str, str]]:
    return [(a.text, b.text) for a, b in itertools.combinations(boxes(svg), 2)
            if a.overlaps(b)]


def own_build(**answers: object) -> object:
    text = profile_text(Answers(**answers))  # type: ignore[arg-type]
    return parse_profile(tomllib.loads(text), "mine.toml")


BUILDS = {name: (lambda name=name: load_profile(name)) for name in profile_names()}
BUILDS |= {
    "six by six": lambda: own_build(columns=6, rows=6, per_pad=1, led_pitch_mm=33.3),
    "five by five on gpio": lambda: own_build(columns=5, rows=5, per_pad=1, led_pitch_mm=33.3,
                                              sensor="gpio"),
    "twelve on ttp223": lambda: own_build(columns=12, rows=12, per_pad=1, led_pitch_mm=16.6,
                                          sensor="ttp223"),
}


def test_the_estimate_finds_two_labels_written_over_each_other():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg">'
           '<text x="10" y="10" font-size="2">passive buzzer · purple</text>'
           '<text x="30" y="10.5" font-size="2" text-anchor="end">enable · black</text>'
           '<text x="10" y="20" font-size="2">alone</text></svg>')
    assert overlapping(svg) == [("passive buzzer · purple", "enable · black")]


@pytest.mark.parametrize("build", BUILDS)
def test_no_two_labels_of_the_wiring_diagram_overlap(build):
    assert overlapping(diagram(BUILDS[build]())) == []


@pytest.mark.parametrize("build", BUILDS)
def test_no_two_labels_of_the_cut_files_overlap(build):
    for name, svg in cut_files(BUILDS[build]()).items():
        assert overlapping(svg) == [], name


@pytest.mark.parametrize("name", profile_names())
def test_the_shipped_diagrams_have_no_labels_over_each_other(name):
    shipped = Path(__file__).resolve().parents[2] / "wiring" / name / "diagram.svg"
    assert overlapping(shipped.read_text()) == []
