"""The diagnostic stream's readings, parsed strictly."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hw.touch.readings import parse_readings


def test_well_formed_fields_are_kept_and_the_rest_skipped():
    assert parse_readings(["3:700:-2", "x", "4:1:2:3", "5:690:12"]) == [(3, 700, -2), (5, 690, 12)]


@given(st.lists(st.text(max_size=12), max_size=20))
def test_parsing_never_raises(fields):
    for pad, reading, delta in parse_readings(fields):
        assert pad >= 0
        assert isinstance(reading + delta, int)
