"""Two board apps with remote play, Anna's and Ben's, on the module's broker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from controller.bench.mosquitto import Mosquitto
from tests.support.remote_boards import Board


@pytest.fixture
def boards(broker: Mosquitto, tmp_path: Path) -> Iterator[tuple[Board, Board]]:
    anna = Board(tmp_path / "anna", broker.settings("anna"))
    ben = Board(tmp_path / "ben", broker.settings("ben"))
    yield anna, ben
    anna.close()
    ben.close()
