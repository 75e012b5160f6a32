"""Reading a nested TOML table field by field, collecting every problem with its key.

Each accessor checks one field and records a problem (``key``, ``reason``) instead of raising,
so one pass over a profile reports everything that is wrong, one line per problem, and unknown
keys get a "did you mean" from the keys that exist.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from difflib import get_close_matches
from typing import Any

MISSING = object()


class Reader:
    """Reads the table ``data`` found at ``path`` (``"leds.panels[1]"``; ``""`` for the root)."""

    def __init__(self, data: Mapping[str, Any], path: str, problems: list[tuple[str, str]]) -> None:
        self.data = data
        self.path = path
        self.problems = problems
        self.used: set[str] = set()

    def key(self, name: str) -> str:
        """The dotted path of ``name`` in this table."""
        return f"{self.path}.{name}" if self.path else name

    def problem(self, name: str, reason: str) -> None:
        """Record that ``name`` is wrong (``name`` may be ``""`` for the table itself)."""
        self.problems.append((self.key(name) if name else self.path or "(top level)", reason))

    def _get(self, name: str, default: Any) -> tuple[bool, Any]:
        """``(present, value)``; an absent key gives ``default`` or, without one, a problem."""
        self.used.add(name)
        if name in self.data:
            return True, self.data[name]
        if default is MISSING:
            self.problem(name, "missing")
            return False, None
        return False, default

    def integer(self, name: str, low: int, high: int, default: Any = MISSING) -> int | None:
        """An integer from ``low`` to ``high``; ``None`` (recorded) when absent or wrong."""
        present, value = self._get(name, default)
        if not present:
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(name, f"must be a whole number, not {_show(value)}")
            return None
        if not low <= value <= high:
            self.problem(name, f"must be {low} to {high}, not {value}")
            return None
        return value

    def number(self, name: str, low: float, high: float, default: Any = MISSING) -> float | None:
        """A number (integer or decimal) from ``low`` to ``high``."""
        present, value = self._get(name, default)
        if not present:
            return value
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            self.problem(name, f"must be a number, not {_show(value)}")
            return None
        if not low <= value <= high:
            self.problem(name, f"must be {low:g} to {high:g}, not {value:g}")
            return None
        return float(value)

    def text(self, name: str, default: Any = MISSING) -> str | None:
        """A non-empty string."""
        present, value = self._get(name, default)
        if not present:
            return value
        if not isinstance(value, str) or not value.strip():
            self.problem(name, f"must be a non-empty text, not {_show(value)}")
            return None
        return value

    def choice(self, name: str, choices: Sequence[str], default: Any = MISSING) -> str | None:
        """One of ``choices`` (compared without regard to case; returned as listed)."""
        value = self.text(name, default)
        if value is None:
            return None
        for option in choices:
            if option.lower() == value.lower():
                return option
        self.problem(name, f"must be one of {', '.join(choices)}, not {value!r}")
        return None

    def boolean(self, name: str, default: Any = MISSING) -> bool | None:
        """``true`` or ``false``."""
        present, value = self._get(name, default)
        if not present:
            return value
        if not isinstance(value, bool):
            self.problem(name, f"must be true or false, not {_show(value)}")
            return None
        return value

    def table(self, name: str, required: bool = True) -> Reader | None:
        """A sub-table; ``None`` when absent (recorded if ``required``) or not a table."""
        present, value = self._get(name, MISSING if required else None)
        if not present:
            return None
        if not isinstance(value, Mapping):
            self.problem(name, f"must be a table [{self.key(name)}], not {_show(value)}")
            return None
        return Reader(value, self.key(name), self.problems)

    def tables(self, name: str) -> list[Reader]:
        """An array of tables (``[[name]]``), at least one."""
        present, value = self._get(name, MISSING)
        if not present:
            return []
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            self.problem(name, f"must be one or more [[{self.key(name)}]] tables")
            return []
        if not value:
            self.problem(name, "must have at least one entry")
        return [Reader(v, f"{self.key(name)}[{i + 1}]", self.problems) for i, v in enumerate(value)]

    def integers(self, name: str, low: int, high: int, default: Any = MISSING) -> list[int]:
        """A list of integers from ``low`` to ``high``, at least one."""
        present, value = self._get(name, default)
        if not present:
            return list(value or [])
        if (
            not isinstance(value, list)
            or not value
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            self.problem(name, f"must be a list of whole numbers, not {_show(value)}")
            return []
        wrong = [v for v in value if not low <= v <= high]
        if wrong:
            self.problem(name, f"every number must be {low} to {high}, not {wrong[0]}")
            return []
        return list(value)

    def raw(self, name: str, default: Any = MISSING) -> Any:
        """The value as it is, for fields with several accepted forms."""
        return self._get(name, default)[1]

    def done(self) -> None:
        """Record every key of this table that nothing asked for."""
        for name in self.data:
            if name not in self.used:
                close = get_close_matches(name, sorted(self.used), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                self.problem(name, f"unknown key{hint}")


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)
