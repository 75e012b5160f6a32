"""The ``broker`` fixture: a real Mosquitto on loopback with TLS, passwords and the ACL of
docs/remote.md (``controller/bench/mosquitto.py``), one per test module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from controller.bench.mosquitto import Mosquitto


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mosquitto]:
    mosquitto = Mosquitto(tmp_path_factory.mktemp("broker"))
    mosquitto.start()
    yield mosquitto
    mosquitto.stop()
