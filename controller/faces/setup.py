"""How a new game of a face is set up: its options as a board offers them — the same on the
board (a row of pads each, or a set-up screen of the game's own) and on the web page (a control
each) — and the choices adjusted to go together."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Menu:
    """An option chosen among words (or numbers read as words): a row of pads on the board, a
    menu on the page."""

    name: str
    values: tuple[str, ...]
    default: str = ""

    def __post_init__(self) -> None:
        if not self.default:
            object.__setattr__(self, "default", self.values[0])

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "values": list(self.values), "default": self.default}


@dataclass(frozen=True)
class Number:
    """A number from ``low`` to ``high`` (a bar on the board: a longer bar, a bigger board),
    whose largest value may depend on another option's (``limit_by``: that option's name and
    the largest number for each of its values)."""

    name: str
    low: int
    high: int
    default: int
    limit_by: tuple[str, dict[str, int]] | None = None

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(str(n) for n in range(self.low, self.high + 1))

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"name": self.name, "default": str(self.default),
                                 "min": self.low, "max": self.high}
        if self.limit_by is not None:
            found["max_by"] = {self.limit_by[0]: dict(self.limit_by[1])}
        return found

    def limit(self, chosen: dict[str, str]) -> int:
        """The largest value allowed with the other options ``chosen``."""
        if self.limit_by is None:
            return self.high
        other, largest = self.limit_by
        return largest.get(chosen.get(other, ""), self.high)


@dataclass(frozen=True)
class Size:
    """A board's width and height, each from ``low`` to ``high`` (Kaskade's grid: chosen on
    the board by touching its far corner)."""

    name: str
    low: tuple[int, int]
    high: tuple[int, int]
    default: tuple[int, int]

    def json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": "size",
                "default": f"{self.default[0]}x{self.default[1]}",
                "min": list(self.low), "max": list(self.high)}


Option = Menu | Number | Size
"""A set-up option of a game as a board offers it."""


def allowed(options: Sequence[Option], chosen: dict[str, str]) -> dict[str, str]:
    """``chosen`` with each number brought within what the other choices allow (a top row
    too wide for the slope's shape becomes the widest that fits)."""
    adjusted = dict(chosen)
    for option in options:
        if isinstance(option, Number) and option.name in adjusted:
            adjusted[option.name] = str(min(int(adjusted[option.name]), option.limit(adjusted)))
    return adjusted


def kept(options: Sequence[Option], saved: Mapping[str, str]) -> dict[str, str]:
    """The set-up a board starts from, as its own set-up would: each option's last choice
    ``saved`` where this board still offers it, else the option's default (which fits the
    board); a size is cut to what the board offers (a 6x9 board chosen on a larger board
    becomes 6x8 on an 8x8 one)."""
    chosen = {}
    for option in options:
        value = saved.get(option.name)
        if isinstance(option, Size):
            chosen[option.name] = _kept_size(option, value)
        else:
            chosen[option.name] = value if value in option.values else str(option.default)
    return allowed(options, chosen)


def _kept_size(option: Size, value: str | None) -> str:
    match = re.fullmatch(r"(\d+)x(\d+)", value or "")
    if match is None:
        return option.json()["default"]
    width, height = (min(max(int(match[i + 1]), option.low[i]), option.high[i])
                     for i in range(2))
    return f"{width}x{height}"


def defaults(options: Sequence[Option]) -> dict[str, str]:
    """Each option's default, as a set-up's words (``{"size": "6x6"}``)."""
    return {option.name: option.json()["default"] for option in options}
