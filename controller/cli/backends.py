"""The composition root: the one place that decides which backend drives the board, on the
runners' side of the layers (it names ``hw`` and ``sim``, which the app and the interfaces in
``controller.devices`` never do).

``--board sim|pi|auto`` (and ``mock`` for tests) names a backend; ``auto`` picks ``pi`` on a
Raspberry Pi whose backend is installed and ``sim`` everywhere else. Backends are imported only
when opened, so choosing the simulator never loads hardware libraries.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from controller.devices.errors import BackendError
from controller.devices.interfaces import Board
from controller.profile.model import Profile

BACKENDS: dict[str, str] = {
    "sim": "sim.board:sim_board",
    "mock": "controller.devices.mock:mock_board",
    "pi": "hw.board:pi_board",
}
CHOICES = ("sim", "pi", "auto")
"""What ``--board`` offers people (``mock`` is for tests)."""
PI_MODEL = Path("/proc/device-tree/model")


def open_board(kind: str, profile: Profile, **options: Any) -> Board:
    """The board of backend ``kind`` for ``profile``; ``options`` go to its opener (``port``
    and ``thresholds`` for the touch board of ``pi`` and ``sim``)."""
    chosen = detect() if kind == "auto" else kind
    target = BACKENDS.get(chosen)
    if target is None:
        raise BackendError(f"no board backend {kind!r}; choose one of {', '.join(CHOICES)}")
    module_name, _, function = target.partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as error:
        raise BackendError(
            f"the {chosen!r} board backend is not available in this installation "
            f"({error.name} is missing); use --board sim to run the simulator"
        ) from None
    opener: Callable[..., Board] = getattr(module, function)
    return opener(profile, **options)


def detect(model: Path = PI_MODEL) -> str:
    """``"pi"`` on a Raspberry Pi with the hardware libraries installed (gpiozero and an LED
    library: ``pip install 'kaskade-board[pi]'``), else ``"sim"``."""
    try:
        on_pi = "raspberry pi" in model.read_text(encoding="utf-8", errors="replace").lower()
    except OSError:
        on_pi = False
    if on_pi and _installed("gpiozero") and (_installed("_rpi_ws281x") or
                                             _installed("neopixel")):
        return "pi"
    return "sim"


def _installed(name: str) -> bool:
    try:
        return find_spec(name) is not None
    except (ImportError, ValueError):
        return False
