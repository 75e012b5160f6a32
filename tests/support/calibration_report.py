"""Reading what ``kaskade calibrate`` prints, for the tests that run it against a board."""

from __future__ import annotations


def read_report(out: str, heading: str) -> tuple[str, int, int]:
    """Check that ``out`` has the board's ``heading`` (``"kaskade-8x8: firmware 0.5.0"``) and
    give the row of pads holding b2 (pad 9), and the suggested touch and release
    thresholds."""
    assert heading in out, out
    row_2 = next(text for text in out.splitlines() if text.startswith(" 2 "))
    suggestion = next(text for text in out.splitlines() if text.startswith("suggested"))
    touch, release = (int(word.strip(",")) for word in suggestion.split()[3:6:2])
    return row_2, touch, release
