"""The compiled cores — Kaskade's engine and search (controller/ai/kaskade/_core.c) and the
Decktet solitaire's solver (controller/ai/_solitaire_core.c) — built where a C compiler and
Python's headers are present; optional, so the package installs and runs without them, in pure
Python (Raspberry Pi OS: sudo apt install build-essential python3-dev)."""

from setuptools import Extension, setup

setup(ext_modules=[
    Extension("controller.ai.kaskade._core", ["controller/ai/kaskade/_core.c"],
              depends=["controller/ai/_budget.h"], extra_compile_args=["-O2"], optional=True),
    Extension("controller.ai._solitaire_core", ["controller/ai/_solitaire_core.c"],
              depends=["controller/ai/_budget.h"], extra_compile_args=["-O2"], optional=True),
])
