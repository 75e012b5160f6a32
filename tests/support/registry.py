"""The ``enter_game`` fixture: games registered for one test, taken out again after it, so a
test adds a game exactly as a maker would and leaves the registry as it found it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from controller.games.registry import GameEntry, register, unregister


@pytest.fixture
def enter_game() -> Iterator[Callable[[GameEntry], None]]:
    names: list[str] = []

    def enter(entry: GameEntry) -> None:
        register(entry)
        names.append(entry.name)

    yield enter
    for name in reversed(names):
        unregister(name)
