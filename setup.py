"""The compiled cores — Kaskade's engine and search (controller/ai/kaskade/_core.c) and the
Decktet solitaire's solver (controller/ai/_solitaire_core.c), the exact solver of small Kaskade
boards (controller/ai/solved/_exact.c), Cascades' (controller/ai/_cascades_core.c) and Colliding
Circles' playout (controller/games/colliding_circles/_playout.c) — built
where a C compiler and Python's headers are present; optional, so the package installs and runs
without them, in pure Python (Raspberry Pi OS: sudo apt install build-essential python3-dev)."""

import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

CONSTRAINTS = "constraints.txt"


class BuildPy(build_py):
    """Ships the repository's constraints.txt (every dependency pinned with its hashes) inside
    the package as hw/pi/constraints.txt, so an installation outside a checkout installs the
    Pi with the versions that were tested (hw.pi.constraints finds it)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # a checkout reads the file where it is
            return
        if not Path(CONSTRAINTS).is_file():
            raise FileNotFoundError(f"{CONSTRAINTS} is missing: make constraints writes it")
        target = Path(self.build_lib) / "hw" / "pi"
        self.mkpath(str(target))
        self.copy_file(CONSTRAINTS, str(target / CONSTRAINTS))


# Flags added to the cores' own (the Pi stage gives every warning as an error); none by default.
CFLAGS = os.environ.get("KASKADE_CORE_CFLAGS", "").split()

# The cores compile side by side, as many at once as the machine has cores (a Pi 4 has four).
setup(cmdclass={"build_py": BuildPy}, options={"build_ext": {"parallel": os.cpu_count() or 1}},
      ext_modules=[
    Extension("controller.ai.kaskade._core", ["controller/ai/kaskade/_core.c"],
              depends=["controller/ai/_budget.h"], extra_compile_args=["-O2", "-pthread", *CFLAGS],
              extra_link_args=["-pthread"], optional=True),
    Extension("controller.ai.solved._exact", ["controller/ai/solved/_exact.c"],
              depends=["controller/ai/_budget.h", "controller/ai/_mix.h"],
              extra_compile_args=["-O2", *CFLAGS], optional=True),
    Extension("controller.ai._solitaire_core", ["controller/ai/_solitaire_core.c"],
              depends=["controller/ai/_budget.h"], extra_compile_args=["-O2", *CFLAGS],
              optional=True),
    Extension("controller.ai._cascades_core", ["controller/ai/_cascades_core.c"],
              depends=["controller/ai/_budget.h", "controller/ai/_mix.h"],
              extra_compile_args=["-O2", *CFLAGS], optional=True),
    Extension("controller.games.colliding_circles._playout",
              ["controller/games/colliding_circles/_playout.c"],
              extra_compile_args=["-O2", *CFLAGS], optional=True),
])
