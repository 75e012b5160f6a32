"""Board profiles the tests need beside the reference builds."""

from __future__ import annotations

import tomllib
from pathlib import Path

from controller.profile import parse_profile
from controller.profile.model import Profile

WIRING = Path(__file__).parents[2] / "wiring"


def chain_16x16() -> Profile:
    """The 16 x 16 board as it was built before its MPR121s: a TTP223 module under each pad,
    read through 32 chained 74HC165s (docs/firmware.md, the 16 x 16's sensing). Its board id is
    ``kaskade-16x16-ttp223``, apart from the reference build's."""
    document = tomllib.loads((WIRING / "kaskade-16x16.toml").read_text(encoding="utf-8"))
    document["touch"] = {"sensor": "ttp223", "order": "rows",
                         "shift": {"clock": 2, "latch": 3, "data": 4, "registers": 32}}
    document["geometry"].pop("lead_mm", None)
    return parse_profile(document, "kaskade-16x16-ttp223.toml")
