"""Kaskade's compiled core (controller/ai/kaskade/_core.c), built where a C compiler and
Python's headers are present; optional, so the package installs and runs without them, on the
pure-Python engine (Raspberry Pi OS: sudo apt install build-essential python3-dev)."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("controller.ai.kaskade._core", ["controller/ai/kaskade/_core.c"],
                             extra_compile_args=["-O2"], optional=True)])
